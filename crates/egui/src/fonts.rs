//! Fallback fonts. egui's built-in fonts cover Latin, Greek and Cyrillic text; real cards also
//! hold arrows, check marks, emoji and other scripts. The fallbacks are used only for glyphs
//! the built-in fonts lack: the system's `DejaVu Sans` ([`fallback_fonts`], what
//! [`crate::install`] adds), or any font files the embedder trusts.
//!
//! Snapshots are rendered with the same fonts everywhere because CI installs them
//! (`fonts-dejavu-core`); a machine without them renders missing glyphs as boxes.

use std::sync::OnceLock;

use egui::epaint::text::{FontInsert, InsertFontFamily};
use egui::{Context, FontData, FontFamily, FontPriority};

/// Where Debian, Ubuntu and Fedora put `DejaVu Sans`; the first that exists is used.
const CANDIDATES: &[&str] = &[
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
];

/// The system's fallback fonts, read once per process: `(name, bytes)` pairs for
/// [`add_fallback_fonts`]. Empty on a machine without them.
pub fn fallback_fonts() -> Vec<(String, Vec<u8>)> {
    static FONTS: OnceLock<Vec<(String, Vec<u8>)>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            CANDIDATES
                .iter()
                .find_map(|path| std::fs::read(path).ok())
                .map(|bytes| vec![("DejaVuSans".to_owned(), bytes)])
                .unwrap_or_default()
        })
        .clone()
}

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
