//! egui widgets for MCP App cards and A2UI surfaces.
//!
//! [`CardView`] draws a [`mcpapp_card::Card`] in any [`egui::Ui`] with the look of a
//! [`mcpapp_card::HostConfig`] (built-in light, dark and high-contrast themes, or a real
//! Adaptive Cards host config), and returns what the user did as a typed [`CardEvent`]: a
//! submit with its data and MCP tool call (after the inputs passed their rules), an invalid
//! submit (errors are shown under the inputs), or a link to open. The inputs' values live in
//! a [`CardState`] the embedder keeps (and may save and restore).
//!
//! ```
//! use mcpapp_card::HostConfig;
//! use mcpapp_egui::{CardEvent, CardState, CardView};
//!
//! let card = mcpapp_card::parse_str(r#"{"type": "McpApp", "body": [
//!     {"type": "TextBlock", "text": "Why cancel?"},
//!     {"type": "Input.Text", "id": "reason"}
//! ], "actions": [{"type": "Action.Submit", "title": "Cancel booking",
//!                 "data": {"mcp_tool_name": "cancel_booking"}}]}"#)
//! .into_valid()
//! .unwrap();
//! // Kept by the embedder from frame to frame, next to the card.
//! let mut state = CardState::new(&card);
//! let dark = HostConfig::dark();
//!
//! let ctx = egui::Context::default();
//! mcpapp_egui::install(&ctx); // image loaders and fallback fonts, once
//! let mut events = Vec::new();
//! // One frame; in an eframe app this is the body of `App::ui`.
//! let mut frame = ctx.run_ui(egui::RawInput::default(), |ui| {
//!     let output = CardView::new(&card, &mut state).host_config(&dark).show(ui);
//!     match output.event {
//!         Some(CardEvent::Submit { tool_call: Ok(call), .. }) => events.push(call.name),
//!         Some(CardEvent::Invalid { .. }) => {} // the errors are shown under the inputs
//!         Some(CardEvent::OpenUrl { url }) => events.push(url),
//!         Some(CardEvent::Submit { tool_call: Err(_), .. }) | None => {}
//!     }
//! });
//! frame.textures_delta.clear(); // eframe would hand the font atlas and shapes to the GPU
//! assert!(events.is_empty()); // nobody clicked
//! assert_eq!(state.text("reason"), "");
//! ```
//!
//! [`SurfaceView`] does the same for an A2UI v0.9 surface ([`mcpapp_a2ui::Surface`], kept in
//! the embedder's [`mcpapp_a2ui::Processor`]): its inputs write into the surface's data model
//! (two-way binding), and [`SurfaceOutput::event`] is an `action` message to send, a link to
//! open, or an action a failing check blocked ([`SurfaceEvent`]). Control and bidi characters
//! are removed from every text it shows.
//!
//! [`install`] sets a context up once, before its first frame: the image loaders and the
//! system's fallback fonts (the one file this crate reads). Images in `data:` URIs are decoded
//! in-process once [`install_image_loaders`] has run; `http(s)` images are the embedder's (it
//! installs a loader with its own policy). An image that is not loaded shows its alt text.
//! Apart from the fonts this crate does no I/O, and it speaks no JSON-RPC.

mod a2ui;
mod draw;
mod fonts;
mod images;
mod install;
mod markdown;
mod output;
mod text_functions;
mod theme;
mod view;

pub use a2ui::{SurfaceEvent, SurfaceOutput, SurfaceView, now_iso8601};
pub use fonts::{add_fallback_fonts, fallback_fonts};
pub use images::{DataUriLoader, decode_data_uri, install_image_loaders};
pub use install::install;
pub use mcpapp_card::CardState;
pub use output::{CardEvent, CardOutput};
pub use theme::backdrop;
pub use view::CardView;
