//! What the host tells the GUI thread.

use mcpapp_host::mcp::ServerInfo;
use mcpapp_host::{AppSpec, CloseReason, HostEvent, InstanceId};
use mcpapp_protocol::{CallToolResult, Tool};
use serde_json::Value;

use crate::EguiHostError;

/// What happened in the host since the last [`HostHandle::poll`](crate::HostHandle::poll).
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum HostUpdate {
    /// A server is connected; its tools (all of them: filter with
    /// [`Tool::is_model_visible`] for the agent's list).
    ServerConnected {
        /// The server's id.
        server: String,
        /// What it said about itself.
        info: Box<ServerInfo>,
        /// Its tools.
        tools: Vec<Tool>,
    },
    /// A server could not be connected.
    ServerFailed {
        /// The server's id.
        server: String,
        /// Why.
        error: EguiHostError,
    },
    /// An agent's tool call opened no app: its result (an error result when the call failed
    /// on the server).
    CallDone {
        /// The agent's tool call id.
        tool_call_id: String,
        /// The result.
        result: CallToolResult,
    },
    /// An agent's tool call could not be made (no such server or tool, a view that cannot be
    /// read).
    CallFailed {
        /// The agent's tool call id.
        tool_call_id: String,
        /// Why.
        error: EguiHostError,
    },
    /// The result of an agent's tool call that opened an app (the app gets it too): what the
    /// agent would give the model, and what a conversation keeps to bring the app back.
    ToolResult {
        /// The agent's tool call id.
        tool_call_id: String,
        /// The result.
        result: CallToolResult,
    },
    /// An app is open: [`HostHandle::app_mut`](crate::HostHandle::app_mut) has it, draw it with
    /// [`crate::AppView`].
    AppOpened {
        /// The instance.
        instance: InstanceId,
        /// What it shows.
        spec: Box<AppSpec>,
        /// Whether it came back (thread switch, restore) and gets its saved state.
        recreated: bool,
    },
    /// An app's view could not be built; the host closes it.
    AppFailed {
        /// The instance.
        instance: InstanceId,
        /// Why.
        error: EguiHostError,
    },
    /// An app closed. With `keep_in_history` it stays in
    /// [`HostHandle::app`](crate::HostHandle::app), locked, as the conversation's record; otherwise
    /// it is gone.
    AppClosed {
        /// The instance.
        instance: InstanceId,
        /// Why.
        reason: CloseReason,
        /// Whether the conversation keeps showing it.
        keep_in_history: bool,
    },
    /// An HTML app's window opened, or could not be opened.
    Presented {
        /// The instance.
        instance: InstanceId,
        /// `Err` with the reason when no window could be opened.
        result: Result<(), EguiHostError>,
    },
    /// The user closed an HTML app's own window.
    PresentationClosed {
        /// The instance.
        instance: InstanceId,
    },
    /// A PNG of an HTML app shown headless
    /// ([`HostHandle::screenshot`](crate::HostHandle::screenshot)).
    Screenshot {
        /// The instance.
        instance: InstanceId,
        /// The PNG, or why there is none.
        png: Result<Vec<u8>, EguiHostError>,
    },
    /// What an expression gave in an HTML app shown headless
    /// ([`HostHandle::evaluate`](crate::HostHandle::evaluate)).
    Evaluated {
        /// The instance.
        instance: InstanceId,
        /// The value as JSON, or what the expression threw (or why it could not run).
        value: Result<Value, EguiHostError>,
    },
    /// Anything else the host says: a chat message, a link to open, a display mode change,
    /// model context, a size change, a log line, a duplicate to resolve.
    Event(HostEvent),
}
