//! Everything a context needs before it draws its first card, in one call. It lives here,
//! beside the widgets, so that a program that embeds them sets up its context without linking
//! the headless renderer (wgpu, kittest).

use egui::Context;

/// Installs the image loaders ([`crate::install_image_loaders`]) and the system's fallback
/// fonts ([`crate::fallback_fonts`]) into a context: call it once, before the first frame (in
/// eframe, from the creation context).
pub fn install(ctx: &Context) {
    crate::install_image_loaders(ctx);
    crate::add_fallback_fonts(ctx, crate::fallback_fonts());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DataUriLoader;

    #[test]
    fn a_context_gets_the_loaders_and_the_system_fonts() {
        let ctx = Context::default();
        install(&ctx);
        // Fonts are readable once a pass has run; the frame's textures are not drawn anywhere.
        let mut frame = ctx.run_ui(egui::RawInput::default(), |_| {});
        frame.textures_delta.clear();
        assert!(ctx.is_loader_installed(DataUriLoader::ID));
        let names: Vec<String> = crate::fallback_fonts()
            .into_iter()
            .map(|(n, _)| n)
            .collect();
        let installed = ctx.fonts(|f| {
            names
                .iter()
                .all(|name| f.definitions().font_data.contains_key(name))
        });
        assert!(installed, "the fallback fonts {names:?} are in the context");
    }
}
