//! Fallback fonts. egui's built-in fonts cover Latin, Greek and Cyrillic text; real cards also
//! hold arrows, check marks, emoji and other scripts. The embedder passes font files it trusts
//! (the binary uses the system's `DejaVu Sans`); they are used only for glyphs the built-in
//! fonts lack. This crate reads no files itself.

use egui::epaint::text::{FontInsert, InsertFontFamily};
use egui::{Context, FontData, FontFamily, FontPriority};

/// Adds font files (`.ttf`/`.otf` bytes, by name) as fallbacks for proportional and
/// monospace text, after the built-in fonts.
pub fn add_fallback_fonts(ctx: &Context, fonts: Vec<(String, Vec<u8>)>) {
    for (name, bytes) in fonts {
        ctx.add_font(FontInsert::new(
            &name,
            FontData::from_owned(bytes),
            vec![
                InsertFontFamily {
                    family: FontFamily::Proportional,
                    priority: FontPriority::Lowest,
                },
                InsertFontFamily {
                    family: FontFamily::Monospace,
                    priority: FontPriority::Lowest,
                },
            ],
        ));
    }
}
