//! A UI resource's `_meta.ui`: the sandbox it asks for and how it wants to be framed.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::ProtocolError;
use crate::constants::UI_META_KEY;

wire_struct! {
    /// The origins a view needs (`McpUiResourceCsp`); hosts build the frame's CSP from it.
    ///
    /// Absent lists mean "none": the spec's restrictive defaults apply (`connect-src 'none'`,
    /// `frame-src 'none'`, `base-uri 'self'`). Entries come from the server unchecked: a host must
    /// sanitise them before putting them in a CSP header.
    #[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
    pub struct ResourceCsp {
        /// Origins for fetch/XHR/WebSocket (`connect-src`).
        #[serde(default)]
        pub connect_domains: Option<Vec<String>>,
        /// Origins for scripts, styles, images, fonts and media; wildcard subdomains allowed.
        #[serde(default)]
        pub resource_domains: Option<Vec<String>>,
        /// Origins for nested frames (`frame-src`).
        #[serde(default)]
        pub frame_domains: Option<Vec<String>>,
        /// Allowed base URIs (`base-uri`).
        #[serde(default)]
        pub base_uri_domains: Option<Vec<String>>,
    }
    extra: "Non-standard members (the reference host's `wasmUnsafeEval`...), kept as sent.";
}

flags_struct! {
    /// Browser capabilities a view asks for (`McpUiResourcePermissions`); each present member
    /// (`{}`) is one request. Hosts may grant them through the frame's `allow` attribute.
    #[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
    pub struct ResourcePermissions {
        /// Camera access (`camera`).
        camera,
        /// Microphone access (`microphone`).
        microphone,
        /// Geolocation (`geolocation`).
        geolocation,
        /// Clipboard writes (`clipboard-write`).
        clipboard_write,
    }
    extra: "Permissions newer than this crate (e.g. the SDK's `tools` for `WebMCP`), kept as \
        sent.";
}

impl ResourcePermissions {
    /// The Permissions Policy feature names of the requested permissions this crate knows, in
    /// spec order (`camera`, `microphone`, `geolocation`, `clipboard-write`).
    #[must_use]
    pub fn policy_features(&self) -> Vec<&'static str> {
        [
            (self.camera.is_some(), "camera"),
            (self.microphone.is_some(), "microphone"),
            (self.geolocation.is_some(), "geolocation"),
            (self.clipboard_write.is_some(), "clipboard-write"),
        ]
        .into_iter()
        .filter_map(|(requested, feature)| requested.then_some(feature))
        .collect()
    }
}

wire_struct! {
    /// The MCP Apps metadata of a UI resource (`McpUiResourceMeta`), the value of `_meta.ui` on a
    /// `resources/list` entry or a `resources/read` content item.
    #[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
    pub struct ResourceUiMeta {
        /// Origins the view needs.
        #[serde(default)]
        pub csp: Option<ResourceCsp>,
        /// Browser capabilities the view asks for.
        #[serde(default)]
        pub permissions: Option<ResourcePermissions>,
        /// A dedicated, stable sandbox origin; the format is host-specific.
        #[serde(default)]
        pub domain: Option<String>,
        /// `true`: the host draws a border and background; `false`: none; absent: host decides.
        #[serde(default)]
        pub prefers_border: Option<bool>,
    }
    extra: "Other members, kept as sent.";
}

impl ResourceUiMeta {
    /// Reads the `ui` member of a resource's `_meta`; `Ok(None)` when there is none.
    ///
    /// Unlike tool metadata this is all-or-nothing: a malformed `ui` is an error for the host to
    /// log, and falling back to no metadata yields the restrictive default sandbox, the safe side.
    pub fn from_meta(meta: &Map<String, Value>) -> Result<Option<Self>, ProtocolError> {
        meta.get(UI_META_KEY)
            .map(|ui| {
                Self::deserialize(ui).map_err(|source| ProtocolError::InvalidUiMeta { source })
            })
            .transpose()
    }

    /// The metadata that applies to a view: the read content item's when it has any, else the
    /// listing entry's. Hosts must look at both; the map server, for one, puts its CSP only on
    /// the content item.
    pub fn effective(
        content_item_meta: Option<&Map<String, Value>>,
        listing_meta: Option<&Map<String, Value>>,
    ) -> Result<Option<Self>, ProtocolError> {
        if let Some(meta) = content_item_meta
            .map(Self::from_meta)
            .transpose()?
            .flatten()
        {
            return Ok(Some(meta));
        }
        listing_meta
            .map(Self::from_meta)
            .transpose()
            .map(Option::flatten)
    }
}
