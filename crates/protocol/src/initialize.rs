//! The `ui/initialize` handshake: what the view offers, what the host grants.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::constants::{APPS_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS};
use crate::mcp::{EmptyObject, Implementation};
use crate::{DisplayMode, HostContext, ResourceCsp, ResourcePermissions};

wire_struct! {
    /// A capability that may announce list changes.
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
    pub struct ListChangedCapability {
        /// `*/list_changed` notifications will be sent.
        #[serde(default)]
        pub list_changed: Option<bool>,
    }
}

wire_struct! {
    /// What a view offers (`McpUiAppCapabilities`).
    #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
    pub struct AppCapabilities {
        /// Experimental features by identifier.
        #[serde(default)]
        pub experimental: Option<Map<String, Value>>,
        /// The view exposes tools the host may call (draft "app-provided tools").
        #[serde(default)]
        pub tools: Option<ListChangedCapability>,
        /// The display modes the view supports; the host must not switch it to any other.
        #[serde(default)]
        pub available_display_modes: Option<Vec<DisplayMode>>,
    }
    extra: "Members this crate does not know, kept as sent.";
}

impl AppCapabilities {
    /// Whether the host may put the view in `mode`: true when the view declared no list.
    #[must_use]
    pub fn allows_display_mode(&self, mode: &DisplayMode) -> bool {
        self.available_display_modes
            .as_ref()
            .is_none_or(|modes| modes.contains(mode))
    }
}

flags_struct! {
    /// Content kinds a host accepts in `ui/message` or `ui/update-model-context`.
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
    pub struct ContentModalities {
        /// Text blocks.
        text,
        /// Image blocks.
        image,
        /// Audio blocks.
        audio,
        /// Embedded resource blocks.
        resource,
        /// Resource link blocks.
        resource_link,
        /// `structuredContent`.
        structured_content,
    }
}

wire_struct! {
    /// The sandbox a host actually applied to the view.
    #[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
    pub struct SandboxCapability {
        /// The permissions granted.
        #[serde(default)]
        pub permissions: Option<ResourcePermissions>,
        /// The CSP origins approved.
        #[serde(default)]
        pub csp: Option<ResourceCsp>,
    }
}

flags_struct! {
    /// Sampling support offered to views (mirrors MCP's client `sampling` capability).
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
    pub struct SamplingCapability {
        /// Tool use in sampling requests is supported.
        tools,
    }
}

wire_struct! {
    /// What a host offers a view (`McpUiHostCapabilities`).
    ///
    /// SDK views send most requests regardless of these flags, so a host must still answer
    /// unsupported methods (with an error or `isError: true`).
    #[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
    pub struct HostCapabilities {
        /// Experimental features by identifier; the standard slot for vendor extensions such as the
        /// extended state notifications.
        #[serde(default)]
        pub experimental: Option<Map<String, Value>>,
        /// `ui/open-link` is handled.
        #[serde(default)]
        pub open_links: Option<EmptyObject>,
        /// `ui/download-file` is handled.
        #[serde(default)]
        pub download_file: Option<EmptyObject>,
        /// `tools/call` is proxied to the server.
        #[serde(default)]
        pub server_tools: Option<ListChangedCapability>,
        /// `resources/*` requests are proxied to the server.
        #[serde(default)]
        pub server_resources: Option<ListChangedCapability>,
        /// `notifications/message` is accepted.
        #[serde(default)]
        pub logging: Option<EmptyObject>,
        /// The sandbox actually applied.
        #[serde(default)]
        pub sandbox: Option<SandboxCapability>,
        /// `ui/update-model-context` is accepted, with these content kinds.
        #[serde(default)]
        pub update_model_context: Option<ContentModalities>,
        /// `ui/message` is accepted, with these content kinds.
        #[serde(default)]
        pub message: Option<ContentModalities>,
        /// `sampling/createMessage` is accepted.
        #[serde(default)]
        pub sampling: Option<SamplingCapability>,
    }
    extra: "Members this crate does not know, kept as sent.";
}

wire_struct! {
    /// Params of `ui/initialize`, sent by the view.
    ///
    /// Note `appInfo`, not core MCP's `clientInfo`: hand-written views that get this wrong are a
    /// common cause of blank views, and the missing-field error says exactly that.
    #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
    pub struct InitializeParams {
        /// The Apps protocol version the view speaks.
        pub protocol_version: String,
        /// The view's name and version.
        pub app_info: Implementation,
        /// What the view offers. Required by the spec; read as empty when missing, since `{}` is
        /// what a view without capabilities sends anyway.
        #[serde(default)]
        pub app_capabilities: AppCapabilities,
    }
    extra: "Members this crate does not know, kept as sent.";
}

impl InitializeParams {
    /// The protocol version a host should answer with: the view's own when supported, else the
    /// latest one (as the reference host does).
    #[must_use]
    pub fn negotiated_protocol_version(&self) -> &'static str {
        SUPPORTED_PROTOCOL_VERSIONS
            .iter()
            .find(|version| **version == self.protocol_version)
            .copied()
            .unwrap_or(APPS_PROTOCOL_VERSION)
    }
}

wire_struct! {
    /// Result of `ui/initialize`, sent by the host.
    #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
    pub struct InitializeResult {
        /// The negotiated Apps protocol version.
        pub protocol_version: String,
        /// The host's name and version.
        pub host_info: Implementation,
        /// What the host offers.
        #[serde(default)]
        pub host_capabilities: HostCapabilities,
        /// The view's surroundings, including `toolInfo`.
        #[serde(default)]
        pub host_context: HostContext,
    }
    extra: "Members this crate does not know, kept as sent.";
}
