//! Headless rendering of MCP App cards, and snapshot checks.
//!
//! - [`render_card`] draws a [`Card`](mcpapp_card::Card) with [`mcpapp_egui::CardView`] into
//!   an image, without a window or a display: an [`egui_kittest`] harness rendered by wgpu.
//!   On a machine without a GPU it needs Mesa's software Vulkan driver (lavapipe:
//!   `apt-get install mesa-vulkan-drivers`); set `WGPU_BACKEND=vulkan` so that every machine
//!   renders baselines with the same rasteriser. The same card gives the same pixels on
//!   every run.
//! - [`render_surface`] does the same for an A2UI surface, drawn by
//!   [`mcpapp_egui::SurfaceView`].
//! - [`compare`] compares an image with a baseline with `egui_kittest`'s semantics (a
//!   per-pixel YIQ threshold, anti-aliasing forgiven, a number of failing pixels allowed) and
//!   draws the differences.
//! - [`write_surfaces`] draws every surface of an A2UI stream into a PNG file of its own, and
//!   [`write_findings`] prints card and A2UI findings like a compiler.
//! - [`check_dir`] checks a directory of cards and A2UI streams against baseline images, in
//!   several themes and widths: what `mcpapp snapshot` runs, and what our own tests run.
//!
//! ```
//! use mcpapp_card::HostConfig;
//! use mcpapp_render::{CompareOptions, RenderError, RenderOptions, compare, render_card};
//!
//! let card = mcpapp_card::parse_str(r#"{"type": "McpApp", "body": [
//!     {"type": "TextBlock", "text": "Hello, headless world", "size": "large", "wrap": true}
//! ]}"#)
//! .into_valid()
//! .unwrap();
//! let options = RenderOptions { host_config: HostConfig::dark(), ..RenderOptions::default() };
//! let image = match render_card(&card, &options) {
//!     Ok(image) => image,
//!     // No GPU adapter on this machine, not even lavapipe: nothing to draw with.
//!     Err(RenderError::NoGpu(_)) => return Ok(()),
//!     Err(e) => return Err(e.into()),
//! };
//! assert_eq!(image.width(), 400); // 400 logical pixels at scale 1, as tall as the card
//!
//! // A snapshot check is a comparison with a baseline: the same card gives the same pixels.
//! let again = render_card(&card, &options)?;
//! assert!(compare(&image, &again, &CompareOptions::default()).passed);
//! // `mcpapp_render::write_png(&image, Path::new("card.png"))?` would save it.
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod compare;
mod findings;
mod png;
mod render;
mod snapshot;
mod snapshot_a2ui;
mod snapshot_report;
mod snapshot_variant;
mod surfaces;

pub use compare::{CompareOptions, Comparison, compare};
pub use findings::{Finding, write_findings};
pub use image;
pub use mcpapp_card::host_config::Preset;
pub use png::{png_bytes, write_png};
pub use render::{
    MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, RenderError, RenderOptions, render_card, render_surface,
};
pub use snapshot::{BASELINES_DIR, CONFIG_FILE, CardFile, SnapshotOptions, check_dir, find_cards};
pub use snapshot_a2ui::{StreamFile, find_streams, is_a2ui_file};
pub use snapshot_report::{Outcome, SnapshotCase, SnapshotReport, Summary, Variant};
pub use surfaces::{SurfaceImage, file_safe, surface_path, write_surfaces};
