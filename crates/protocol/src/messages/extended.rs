//! The io.Intelligence extended notifications mcpapp implements: generation lock, state
//! save/restore, and closing a workspace app.
//!
//! They are not part of the MCP Apps spec. They travel like any `ui/` message (never forwarded
//! to the server, relayed by a spec proxy) and SDK views that do not know them drop them
//! silently, so sending them to any view is harmless.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::RequestId;
use crate::mcp::EmptyObject;

messages! {
    /// `ui/notifications/response-generation-status` (host → view): the model is, or stopped,
    /// generating; views lock their inputs and actions meanwhile.
    Notification ResponseGenerationStatus = "ui/notifications/response-generation-status", ResponseGenerationStatusParams;

    /// `ui/notifications/load-state` (host → view): the state the view saved last, sent when it
    /// is recreated (after a thread switch).
    Notification LoadState = "ui/notifications/load-state", LoadStateParams;

    /// `ui/notifications/save-state-response` (host → view): acknowledges a [`SaveState`].
    Notification SaveStateResponse = "ui/notifications/save-state-response", SaveStateResponseParams;

    /// `ui/notifications/save-state` (view → host): a checkpoint of the view's state.
    Notification SaveState = "ui/notifications/save-state", SaveStateParams;

    /// `ui/notifications/close-ws-app` (view → host): the view is done. In window mode its
    /// window closes; inline it stays in the history.
    Notification CloseWsApp = "ui/notifications/close-ws-app", EmptyObject;
}

/// Params of `ui/notifications/response-generation-status`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResponseGenerationStatusParams {
    /// The model is generating.
    pub is_pending: bool,
}

/// Params of `ui/notifications/load-state`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoadStateParams {
    /// The state, exactly as the view saved it.
    pub state: Value,
}

wire_struct! {
    /// Params of `ui/notifications/save-state-response`.
    #[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
    pub struct SaveStateResponseParams {
        /// The state was stored.
        pub success: bool,
        /// Why not, or any note.
        #[serde(default)]
        pub message: Option<String>,
    }
}

wire_struct! {
    /// Params of `ui/notifications/save-state`.
    #[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
    pub struct SaveStateParams {
        /// The state, any JSON; the host stores it opaquely.
        pub state: Value,
        /// The tool call the view belongs to (matches `hostContext.toolInfo.id`). Read as optional:
        /// the host knows the view from the channel anyway, and a view that lost the id should not
        /// lose its state.
        #[serde(default)]
        pub tool_call_id: Option<RequestId>,
    }
}
