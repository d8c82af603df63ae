//! Messages a host sends to a view (the standard ones; see [`super::extended`] for the
//! io.Intelligence additions). None may be sent before the view's `initialized`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use serde_with::skip_serializing_none;

use crate::HostContext;
use crate::mcp::{CallToolResult, EmptyObject};

messages! {
    /// `ui/notifications/tool-input`: the complete arguments of the tool call; at most once, and
    /// before the result.
    Notification ToolInput = "ui/notifications/tool-input", ToolInputParams;

    /// `ui/notifications/tool-input-partial`: arguments still streaming, repaired into valid
    /// JSON on a best-effort basis; never after [`ToolInput`].
    Notification ToolInputPartial = "ui/notifications/tool-input-partial", ToolInputParams;

    /// `ui/notifications/tool-result`: the tool call's result, unchanged from the server.
    Notification ToolResult = "ui/notifications/tool-result", CallToolResult;

    /// `ui/notifications/tool-cancelled`: the tool call will not produce a result.
    Notification ToolCancelled = "ui/notifications/tool-cancelled", ToolCancelledParams;

    /// `ui/notifications/host-context-changed`: the changed members of the host context only;
    /// views merge it into what they have.
    Notification HostContextChanged = "ui/notifications/host-context-changed", HostContext;

    /// `ui/resource-teardown`: the view is about to be removed; the host should wait for the
    /// answer (with a timeout: SDK views without a teardown handler answer `-32601`).
    Request ResourceTeardown = "ui/resource-teardown", ResourceTeardownParams => EmptyObject;
}

wire_struct! {
    /// Params of `ui/notifications/tool-input` and `tool-input-partial`.
    #[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
    pub struct ToolInputParams {
        /// The tool call's arguments.
        #[serde(default)]
        pub arguments: Option<Map<String, Value>>,
    }
}

wire_struct! {
    /// Params of `ui/notifications/tool-cancelled`.
    #[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
    pub struct ToolCancelledParams {
        /// Why, e.g. "user action" or "timeout". Optional in the SDK although the stable spec's
        /// example always shows it.
        #[serde(default)]
        pub reason: Option<String>,
    }
}

/// Params of `ui/resource-teardown`: `{}` from the SDK, `{reason}` in the spec's prose.
#[skip_serializing_none]
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResourceTeardownParams {
    /// Why the view goes away.
    #[serde(default)]
    pub reason: Option<String>,
}
