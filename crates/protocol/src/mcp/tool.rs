//! Tools: definitions, calls and results.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::ContentBlock;
use super::common::list_result;
use crate::ToolUiMeta;

wire_struct! {
    /// A tool definition, as listed by `tools/list` and carried in `hostContext.toolInfo`.
    #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
    pub struct Tool {
        /// Programmatic name, unique per server.
        pub name: String,
        /// Display name.
        #[serde(default)]
        pub title: Option<String>,
        /// What the tool does, for the model.
        #[serde(default)]
        pub description: Option<String>,
        /// JSON Schema of the arguments.
        pub input_schema: Map<String, Value>,
        /// JSON Schema of `structuredContent`.
        #[serde(default)]
        pub output_schema: Option<Map<String, Value>>,
        /// MCP tool annotations (hints), forwarded untouched.
        #[serde(default)]
        pub annotations: Option<Value>,
    }
    meta: "Metadata; MCP Apps puts `ui` (and the legacy `ui/resourceUri`) here. Read it with\n\
        [`Tool::ui_meta`].";
    extra: "Other members (`icons`, `execution`, ...), kept as sent.";
}

impl Tool {
    /// The tool's MCP Apps metadata, reading both the nested and the legacy key.
    #[must_use]
    pub fn ui_meta(&self) -> Option<ToolUiMeta> {
        self.meta.as_ref().and_then(ToolUiMeta::from_tool_meta)
    }

    /// The UI resource to render for this tool's calls, if any.
    #[must_use]
    pub fn ui_resource_uri(&self) -> Option<String> {
        self.ui_meta().and_then(|meta| meta.resource_uri)
    }

    /// Whether the agent may see and call the tool (true when it declares no visibility).
    #[must_use]
    pub fn is_model_visible(&self) -> bool {
        self.ui_meta().is_none_or(|meta| meta.is_model_visible())
    }

    /// Whether a view of the same server may call the tool (true when it declares no
    /// visibility).
    #[must_use]
    pub fn is_app_visible(&self) -> bool {
        self.ui_meta().is_none_or(|meta| meta.is_app_visible())
    }
}

wire_struct! {
    /// Params of `tools/call`.
    #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
    pub struct CallToolParams {
        /// The tool to call.
        pub name: String,
        /// Its arguments.
        #[serde(default)]
        pub arguments: Option<Map<String, Value>>,
    }
    meta: "Metadata (`progressToken`, ...).";
    extra: "Other members (`task`, ...), kept as sent so forwarding loses nothing.";
}

impl CallToolParams {
    /// A call of `name` with `arguments`.
    #[must_use]
    pub fn new(name: impl Into<String>, arguments: Map<String, Value>) -> Self {
        Self {
            name: name.into(),
            arguments: Some(arguments),
            ..Self::default()
        }
    }
}

wire_struct! {
    /// Result of `tools/call`, and the params of `ui/notifications/tool-result`.
    #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
    pub struct CallToolResult {
        /// Unstructured result for the model and text-only hosts; servers must fill it even when a
        /// UI exists.
        #[serde(default)]
        pub content: Vec<ContentBlock>,
        /// Structured result for the UI (an object per the spec; a card root in card mode).
        #[serde(default)]
        pub structured_content: Option<Value>,
        /// Whether the tool failed.
        #[serde(default)]
        pub is_error: Option<bool>,
    }
    meta: "Metadata not meant for the model.";
    extra: "Other members, kept as sent.";
}

impl CallToolResult {
    /// A successful result with one text block.
    #[must_use]
    pub fn text(text: impl Into<String>) -> Self {
        Self {
            content: vec![ContentBlock::text(text)],
            ..Self::default()
        }
    }

    /// A failed result with one text block explaining why.
    #[must_use]
    pub fn error(text: impl Into<String>) -> Self {
        Self {
            is_error: Some(true),
            ..Self::text(text)
        }
    }

    /// Whether the result reports a failure (`isError` absent means success).
    #[must_use]
    pub fn is_error(&self) -> bool {
        self.is_error.unwrap_or(false)
    }
}

list_result! {
    /// Result of `tools/list`.
    ListToolsResult {
        /// The tools, unfiltered: visibility filtering is the host's decision, per consumer.
        tools: Tool
    }
}
