//! Headless rendering of MCP App cards, and snapshot checks.
//!
//! - [`render_card`] draws a [`Card`](mcpapp_card::Card) with [`mcpapp_egui::CardView`] into
//!   an image, without a window or a display: an [`egui_kittest`] harness rendered by wgpu.
//!   On a machine without a GPU it needs Mesa's software Vulkan driver (lavapipe:
//!   `apt-get install mesa-vulkan-drivers`); set `WGPU_BACKEND=vulkan` so that every machine
//!   renders baselines with the same rasteriser. The same card gives the same pixels on
//!   every run.
//! - [`compare`] compares an image with a baseline with `egui_kittest`'s semantics (a
//!   per-pixel YIQ threshold, anti-aliasing forgiven, a number of failing pixels allowed) and
//!   draws the differences.
//! - [`check_dir`] checks a directory of cards against baseline images, in several themes
//!   and widths: what `mcpapp snapshot` runs, and what our own tests run.
//!
//! ```no_run
//! # fn demo() -> Result<(), Box<dyn std::error::Error>> {
//! let card = mcpapp_card::parse(&std::fs::read("card.json")?).into_valid().map_err(|_| "invalid")?;
//! let options = mcpapp_render::RenderOptions {
//!     host_config: mcpapp_card::HostConfig::dark(),
//!     ..Default::default()
//! };
//! let image = mcpapp_render::render_card(&card, &options)?;
//! mcpapp_render::write_png(&image, std::path::Path::new("card.png"))?;
//! # Ok(()) }
//! ```

mod compare;
mod fonts;
mod png;
mod render;
mod snapshot;
mod theme;

pub use compare::{CompareOptions, Comparison, compare};
pub use fonts::{fallback_fonts, setup_context};
pub use image;
pub use png::write_png;
pub use render::{MAX_IMAGE_SIDE, RenderError, RenderOptions, render_card};
pub use snapshot::{
    BASELINES_DIR, CONFIG_FILE, CardFile, Outcome, SnapshotCase, SnapshotOptions, SnapshotReport,
    Summary, Variant, check_dir, find_cards,
};
pub use theme::{Theme, UnknownTheme};
