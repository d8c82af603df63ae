//! Resources: listings, templates, reads.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::common::list_result;

use crate::{ProtocolError, ResourceUiMeta};

wire_struct! {
    /// A resource as listed by `resources/list` (also the body of a `resource_link` block).
    #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
    pub struct Resource {
        /// The resource URI (`ui://...` for MCP Apps views).
        pub uri: String,
        /// Programmatic name.
        pub name: String,
        /// Display name.
        #[serde(default)]
        pub title: Option<String>,
        /// What the resource is.
        #[serde(default)]
        pub description: Option<String>,
        /// Mime type, when known before reading.
        #[serde(default)]
        pub mime_type: Option<String>,
        /// Size in bytes, when known.
        #[serde(default)]
        pub size: Option<u64>,
        /// MCP annotations, forwarded untouched.
        #[serde(default)]
        pub annotations: Option<Value>,
    }
    meta: "Metadata; may hold the resource's `ui` metadata (the read content item's wins).";
    extra: "Other members (`icons`, ...), kept as sent.";
}

impl Resource {
    /// The `_meta.ui` of this listing entry; see [`ResourceUiMeta::effective`] for combining it
    /// with the read content item's.
    pub fn ui_meta(&self) -> Result<Option<ResourceUiMeta>, ProtocolError> {
        self.meta
            .as_ref()
            .map_or(Ok(None), ResourceUiMeta::from_meta)
    }
}

wire_struct! {
    /// A resource template as listed by `resources/templates/list`.
    #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
    pub struct ResourceTemplate {
        /// RFC 6570 URI template.
        pub uri_template: String,
        /// Programmatic name.
        pub name: String,
        /// Display name.
        #[serde(default)]
        pub title: Option<String>,
        /// What the resources are.
        #[serde(default)]
        pub description: Option<String>,
        /// Mime type of every matching resource, if uniform.
        #[serde(default)]
        pub mime_type: Option<String>,
        /// MCP annotations, forwarded untouched.
        #[serde(default)]
        pub annotations: Option<Value>,
    }
    meta: "Metadata.";
    extra: "Other members, kept as sent.";
}

wire_struct! {
    /// The contents of a resource: one item of a `resources/read` result, or the body of an
    /// embedded resource.
    ///
    /// Text and blob are two optional fields rather than an enum because servers are not strict
    /// about sending exactly one of them.
    #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
    pub struct ResourceContents {
        /// The resource URI.
        pub uri: String,
        /// Mime type (`text/html;profile=mcp-app` for an HTML view).
        #[serde(default)]
        pub mime_type: Option<String>,
        /// Text contents.
        #[serde(default)]
        pub text: Option<String>,
        /// Base64-encoded binary contents.
        #[serde(default)]
        pub blob: Option<String>,
    }
    meta: "Metadata; holds the view's `ui` metadata (CSP, permissions, domain, border).";
    extra: "Other members, kept as sent.";
}

impl ResourceContents {
    /// The item's metadata, falling back to a `meta` member when `_meta` is absent.
    ///
    /// Some Python servers write `meta`; the reference host accepts it, so a host that wants to
    /// show the same apps has to as well.
    #[must_use]
    pub fn meta_or_legacy(&self) -> Option<&Map<String, Value>> {
        self.meta
            .as_ref()
            .or_else(|| self.extra.get("meta").and_then(Value::as_object))
    }

    /// The `_meta.ui` of this content item (see [`Self::meta_or_legacy`]).
    pub fn ui_meta(&self) -> Result<Option<ResourceUiMeta>, ProtocolError> {
        self.meta_or_legacy()
            .map_or(Ok(None), ResourceUiMeta::from_meta)
    }
}

wire_struct! {
    /// Params of `resources/read`.
    #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
    pub struct ReadResourceParams {
        /// The resource to read.
        pub uri: String,
    }
    meta: "Metadata.";
}

wire_struct! {
    /// Result of `resources/read`.
    #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
    pub struct ReadResourceResult {
        /// The contents; exactly one item for an MCP Apps view.
        pub contents: Vec<ResourceContents>,
    }
    meta: "Metadata.";
}

list_result! {
    /// Result of `resources/list`.
    ListResourcesResult {
        /// The resources (servers may omit UI-only ones).
        resources: Resource
    }
}

list_result! {
    /// Result of `resources/templates/list`.
    ListResourceTemplatesResult {
        /// The templates.
        resource_templates: ResourceTemplate
    }
}
