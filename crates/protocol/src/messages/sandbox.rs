//! The two messages between a web host and its sandbox proxy; they never reach the view.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::mcp::EmptyObject;
use crate::{ResourceCsp, ResourcePermissions};

notification_marker! {
    /// `ui/notifications/sandbox-proxy-ready`: the proxy frame loaded and waits for the view.
    SandboxProxyReady = "ui/notifications/sandbox-proxy-ready", EmptyObject
}

notification_marker! {
    /// `ui/notifications/sandbox-resource-ready`: the view's HTML and sandbox settings, for the
    /// proxy to load into its inner frame.
    SandboxResourceReady = "ui/notifications/sandbox-resource-ready", SandboxResourceReadyParams
}

/// Params of `ui/notifications/sandbox-resource-ready`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SandboxResourceReadyParams {
    /// The view's HTML document.
    pub html: String,
    /// Replaces the inner frame's `sandbox` attribute.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sandbox: Option<String>,
    /// The resource's CSP origins.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub csp: Option<ResourceCsp>,
    /// The permissions granted, for the inner frame's `allow` attribute.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub permissions: Option<ResourcePermissions>,
}
