//! The MCP Apps host lifecycle: one pipeline for declarative cards and HTML apps.
//!
//! - [`AppHost`]: per conversation thread, the open app instances and every message between
//!   views, the embedder's agent loop and MCP servers. A state machine without I/O: feed it,
//!   drain its [`Output`]s.
//! - [`ViewPort`]: how the host exchanges JSON-RPC with one view; [`ChannelPort`] is the
//!   channel pair every kind of view uses.
//! - [`CardSession`]: a card as a view, in-process: it speaks the messages an HTML app would.
//! - [`store`]: where apps' saved state lives; [`mcp`]: connections to MCP servers.
//! - [`Runtime`]: the host wired to live connections and view ports, for embedders.
//!
//! This crate knows nothing of GUIs or browsers.

mod card_session;
mod host;
pub mod mcp;
mod port;
mod runtime;
pub mod store;

pub use card_session::{CardSession, SAVE_DEBOUNCE, SessionError, card_in_result};
pub use host::{
    AppHost, AppSpec, CloseReason, DuplicatePolicy, HostEvent, HostOptions, InstanceId, Output,
    ServerCall, ViewKind,
};
pub use port::{ChannelPort, ViewEnd, ViewGone, ViewPort};
pub use runtime::{AgentCall, Direction, Runtime, RuntimeError, Traced};
