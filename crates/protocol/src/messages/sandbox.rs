//! The messages between a web host and its sandbox proxy; they never reach the view.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::mcp::EmptyObject;
use crate::{ResourceCsp, ResourcePermissions};

messages! {
    /// `ui/notifications/sandbox-proxy-ready`: the proxy frame loaded and waits for the view.
    Notification SandboxProxyReady = "ui/notifications/sandbox-proxy-ready", EmptyObject;

    /// `ui/notifications/sandbox-resource-ready`: the view's HTML and sandbox settings, for the
    /// proxy to load into its inner frame.
    Notification SandboxResourceReady = "ui/notifications/sandbox-resource-ready", SandboxResourceReadyParams;

    /// `ui/notifications/sandbox-limits` (mcpapp's own, between its host page and its proxy):
    /// the app's rates, which the proxy applies to the app's messages before relaying them, so
    /// that a flood is shed where it enters. Sent after `sandbox-resource-ready`, and again
    /// when the limits change.
    Notification SandboxLimits = "ui/notifications/sandbox-limits", SandboxLimitsParams;

    /// `ui/notifications/sandbox-shed` (mcpapp's own, from its proxy): how many of the app's
    /// messages the proxy shed since its last report, at most about once a second while it
    /// sheds.
    Notification SandboxShed = "ui/notifications/sandbox-shed", SandboxShedParams;
}

wire_struct! {
    /// Params of `ui/notifications/sandbox-resource-ready`.
    #[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
    pub struct SandboxResourceReadyParams {
        /// The view's HTML document.
        pub html: String,
        /// Replaces the inner frame's `sandbox` attribute.
        #[serde(default)]
        pub sandbox: Option<String>,
        /// The resource's CSP origins.
        #[serde(default)]
        pub csp: Option<ResourceCsp>,
        /// The permissions granted, for the inner frame's `allow` attribute.
        #[serde(default)]
        pub permissions: Option<ResourcePermissions>,
    }
}

/// A token bucket's terms on the wire.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SandboxRate {
    /// How many messages may come at once after a quiet time.
    pub burst: u32,
    /// How many a second on average.
    pub per_second: u32,
}

/// Params of `ui/notifications/sandbox-limits`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SandboxLimitsParams {
    /// The rate of the app's requests; over it a request is answered with `refusal`.
    pub requests: SandboxRate,
    /// The rate of the app's notifications (and of what is no JSON-RPC message); over it they
    /// are dropped and counted.
    pub notifications: SandboxRate,
    /// Notifications never metered (the lifecycle ones and `save-state`).
    pub unmetered: Vec<String>,
    /// The JSON-RPC error a refused request is answered with; `{method}` in its message stands
    /// for the request's method.
    pub refusal: crate::JsonRpcError,
}

/// Params of `ui/notifications/sandbox-shed`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SandboxShedParams {
    /// Requests answered with the refusal since the last report.
    pub requests_refused: u64,
    /// Notifications dropped since the last report.
    pub notifications_dropped: u64,
}
