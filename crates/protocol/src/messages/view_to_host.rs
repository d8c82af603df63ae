//! Messages a view sends to its host (the standard ones; see [`super::extended`] for the
//! io.Intelligence additions).

use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value, json};
use serde_with::skip_serializing_none;

use crate::mcp::{ContentBlock, EmptyObject};
use crate::schema::object_schema;
use crate::{
    CallToolParams, CallToolResult, DisplayMode, InitializeParams, InitializeResult,
    LoggingMessageParams,
};

messages! {
    /// `ui/initialize`: the view's handshake; the host answers with its capabilities and the
    /// host context. Nothing may be sent to the view before it follows up with [`Initialized`].
    Request Initialize = "ui/initialize", InitializeParams => InitializeResult;

    /// `ui/notifications/initialized`: the view is ready; from now on the host may send to it.
    Notification Initialized = "ui/notifications/initialized", EmptyObject;

    /// `ui/notifications/size-changed`: the view's content size; hosts must honour it for
    /// flexible container dimensions.
    Notification SizeChanged = "ui/notifications/size-changed", SizeChangedParams;

    /// `ui/notifications/request-teardown` (draft, SDK): the view asks to be closed. The host
    /// may ignore it; if it agrees it still sends `ui/resource-teardown` first.
    Notification RequestTeardown = "ui/notifications/request-teardown", EmptyObject;

    /// `ui/log`: a view's log line, the SDK's announced name for `notifications/message`
    /// (same params); hosts accept both.
    Notification UiLog = "ui/log", LoggingMessageParams;

    /// `ui/call-tool`: the name some host documentation gives a view's call of a server tool;
    /// the same request as [`super::CallTool`] (`tools/call`), same params, result and rules.
    /// Hosts accept it as an alias so that apps written against those documents work.
    Request UiCallTool = "ui/call-tool", CallToolParams => CallToolResult;

    /// `ui/message`: content for the conversation, usually starting a model turn.
    Request UiMessage = "ui/message", UiMessageParams => UiActionResult;

    /// `ui/open-link`: open a URL in the user's browser, subject to host policy.
    Request OpenLink = "ui/open-link", OpenLinkParams => UiActionResult;

    /// `ui/download-file` (draft, SDK): save files for the user; sandboxed frames cannot.
    Request DownloadFile = "ui/download-file", DownloadFileParams => UiActionResult;

    /// `ui/request-display-mode`: the view asks for a mode; the host answers with the mode in
    /// effect, which may be the unchanged current one.
    Request RequestDisplayMode = "ui/request-display-mode", RequestDisplayModeParams => RequestDisplayModeResult;

    /// `ui/update-model-context`: replaces this view's context for the model's next turn
    /// without starting one.
    Request UpdateModelContext = "ui/update-model-context", UpdateModelContextParams => EmptyObject;
}

/// Params of `ui/notifications/size-changed`, in CSS pixels.
#[skip_serializing_none]
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SizeChangedParams {
    /// Content width.
    #[serde(default)]
    pub width: Option<f64>,
    /// Content height.
    #[serde(default)]
    pub height: Option<f64>,
}

open_enum! {
    /// Role of a `ui/message`.
    pub enum MessageRole {
        /// The only role the spec allows: the message is added as the user's.
        User => "user",
    }
}

/// Params of `ui/message`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct UiMessageParams {
    /// As whom the message enters the conversation.
    pub role: MessageRole,
    /// The content. The SDK sends an array, the spec's example a single block: both are read,
    /// an array is always written.
    #[serde(deserialize_with = "one_or_many_blocks")]
    #[schemars(schema_with = "one_or_many_blocks_schema")]
    pub content: Vec<ContentBlock>,
}

impl UiMessageParams {
    /// A user message with one text block.
    #[must_use]
    pub fn user_text(text: impl Into<String>) -> Self {
        Self {
            role: MessageRole::User,
            content: vec![ContentBlock::text(text)],
        }
    }
}

fn one_or_many_blocks<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Vec<ContentBlock>, D::Error> {
    match Value::deserialize(deserializer)? {
        Value::Array(blocks) => blocks
            .into_iter()
            .map(|block| ContentBlock::deserialize(block).map_err(serde::de::Error::custom))
            .collect(),
        block @ Value::Object(_) => ContentBlock::deserialize(block)
            .map(|block| vec![block])
            .map_err(serde::de::Error::custom),
        _ => Err(serde::de::Error::custom(
            "expected a content block or an array of content blocks",
        )),
    }
}

fn one_or_many_blocks_schema(generator: &mut SchemaGenerator) -> Schema {
    let block = generator.subschema_for::<ContentBlock>();
    object_schema(json!({
        "anyOf": [
            { "type": "array", "items": block },
            block,
        ],
    }))
}

wire_struct! {
    /// Result of the view requests that ask the host to act for the user (`ui/message`,
    /// `ui/open-link`, `ui/download-file`).
    ///
    /// `isError: true` reports a refusal or failure without a JSON-RPC error; the spec also allows
    /// answering with an error response (code `-32000`).
    #[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
    pub struct UiActionResult {
        /// The host refused or failed.
        #[serde(default)]
        pub is_error: Option<bool>,
    }
    extra: "Other members, kept as sent.";
}

impl UiActionResult {
    /// The action was carried out.
    #[must_use]
    pub fn ok() -> Self {
        Self::default()
    }

    /// The action was refused or failed.
    #[must_use]
    pub fn failed() -> Self {
        Self {
            is_error: Some(true),
            extra: Map::new(),
        }
    }

    /// Whether the result reports a refusal or failure.
    #[must_use]
    pub fn is_error(&self) -> bool {
        self.is_error.unwrap_or(false)
    }
}

/// Params of `ui/open-link`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpenLinkParams {
    /// The URL to open; unchecked, the host applies its policy.
    pub url: String,
}

/// Params of `ui/download-file`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DownloadFileParams {
    /// What to save: embedded resources (`resource` blocks, saved as is) and resource links
    /// (`resource_link` blocks, fetched by the host). Names come from the view: sanitise them.
    pub contents: Vec<ContentBlock>,
}

/// Params of `ui/request-display-mode`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RequestDisplayModeParams {
    /// The mode wanted.
    pub mode: DisplayMode,
}

wire_struct! {
    /// Result of `ui/request-display-mode`.
    #[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
    pub struct RequestDisplayModeResult {
        /// The mode now in effect (the current one if the request was declined).
        pub mode: DisplayMode,
    }
    extra: "Other members, kept as sent.";
}

wire_struct! {
    /// Params of `ui/update-model-context`.
    #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
    pub struct UpdateModelContextParams {
        /// Context as content blocks.
        #[serde(default)]
        pub content: Option<Vec<ContentBlock>>,
        /// Context as structured data.
        #[serde(default)]
        pub structured_content: Option<Map<String, Value>>,
    }
}
