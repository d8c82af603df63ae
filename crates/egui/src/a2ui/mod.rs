//! Native A2UI v0.9 rendering: [`SurfaceView`] draws a [`mcpapp_a2ui::Surface`] (the basic
//! catalog's 18 components) with the same host-config themes as cards, edits the surface's
//! data model through its two-way binding, and reports what the user did as a
//! [`SurfaceEvent`]. The surface itself is the state the embedder keeps (inside its
//! [`mcpapp_a2ui::Processor`]); what is only the view's (the open tab, an open modal, a
//! list's scroll position) lives in egui's memory.

mod clock;
mod content;
mod draw;
mod inputs;
mod layout;
mod list;
mod output;
mod row;
mod text;
mod view;

pub use clock::now_iso8601;
pub use output::{SurfaceEvent, SurfaceOutput};
pub use view::SurfaceView;
