//! The fallback fonts cards need beyond egui's own (arrows, check marks, other scripts), read
//! from the system. Snapshots are rendered with the same fonts everywhere because CI installs
//! them (`fonts-dejavu-core`); a machine without them renders missing glyphs as boxes.

use std::sync::OnceLock;

/// Where Debian, Ubuntu and Fedora put `DejaVu Sans`; the first that exists is used.
const CANDIDATES: &[&str] = &[
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
];

/// The system's fallback fonts, read once per process: `(name, bytes)` pairs for
/// [`mcpapp_egui::add_fallback_fonts`].
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

/// Installs the image loaders and the fallback fonts a card needs into a context.
pub fn setup_context(ctx: &egui::Context) {
    mcpapp_egui::install_image_loaders(ctx);
    mcpapp_egui::add_fallback_fonts(ctx, fallback_fonts());
}
