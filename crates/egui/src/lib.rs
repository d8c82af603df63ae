//! egui widgets for MCP App cards.
//!
//! [`CardView`] draws a [`mcpapp_card::Card`] in any [`egui::Ui`] with the look of a
//! [`mcpapp_card::HostConfig`] (built-in light, dark and high-contrast themes, or a real
//! Adaptive Cards host config), and returns what the user did as a typed [`CardEvent`]: a
//! submit with its data and MCP tool call (after the inputs passed their rules), an invalid
//! submit (errors are shown under the inputs), or a link to open. The inputs' values live in
//! a [`CardState`] the embedder keeps (and may save and restore).
//!
//! Images in `data:` URIs are decoded in-process once [`install_image_loaders`] has run;
//! `http(s)` images are the embedder's (it installs a loader with its own policy). An image
//! that is not loaded shows its alt text. This crate does no I/O and speaks no JSON-RPC.

mod fonts;
mod images;
mod markdown;
mod output;
mod render;
mod text_functions;
mod theme;
mod view;

pub use fonts::add_fallback_fonts;
pub use images::{DataUriLoader, decode_data_uri, install_image_loaders};
pub use mcpapp_card::CardState;
pub use output::{CardEvent, CardOutput};
pub use theme::backdrop;
pub use view::CardView;
