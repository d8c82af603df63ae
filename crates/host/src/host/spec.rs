//! What an app instance is: its id, the kind of view, and what it shows.

use mcpapp_protocol::{DisplayMode, Tool};
use serde::{Deserialize, Serialize};

/// Identifies an app instance within a host.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct InstanceId(pub u64);

/// How a view is drawn; the host treats both the same.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ViewKind {
    /// A declarative card, drawn natively.
    Card,
    /// An HTML MCP App in a sandboxed frame.
    Html,
    /// A2UI surfaces (`application/a2ui+json`), drawn natively like a card.
    A2ui,
}

/// What an app instance shows: which server's tool, for which tool call, from which resource.
/// It serializes, so that an embedder can keep its conversation and bring the app back
/// ([`AppHost::restore_app`](super::AppHost::restore_app)) after a restart.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AppSpec {
    /// The host's id of the MCP server.
    pub server: String,
    /// The tool as the server lists it.
    pub tool: Tool,
    /// The id of the agent's tool call that opened the app.
    pub tool_call_id: String,
    /// The `ui://` resource of the view.
    pub resource_uri: String,
    /// Card, HTML or A2UI.
    pub kind: ViewKind,
    /// The display mode the app starts in.
    pub display_mode: DisplayMode,
}
