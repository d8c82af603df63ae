//! A2UI in tool results and views, as the A2UI-over-MCP guide has it: the messages as an
//! embedded resource of mime type `application/a2ui+json` (where
//! [`mcpapp_a2ui::mcp::payloads_in_result`] finds them), always with a text fallback first
//! for the model and for clients that show no A2UI; and a `ui://` view whose text is a
//! surface's initial stream.

use mcpapp_a2ui::ServerMessage;
use mcpapp_protocol::{
    A2UI_MIME_TYPE, CallToolResult, ContentBlock, EmbeddedResource, ResourceContents,
};

use crate::Error;
use crate::view::{UiResource, ui_uri};

/// The messages as the text of an A2UI resource: a JSON array, one of the input forms every
/// A2UI reader takes.
#[must_use]
pub fn stream_text(messages: &[ServerMessage]) -> String {
    // Messages built from typed values always serialize; an empty array would only hide a bug.
    serde_json::to_string(messages).unwrap_or_else(|_| "[]".to_owned())
}

/// A result carrying `messages` (embedded at `uri`) after the text `fallback`. Not in
/// `structuredContent`: a host reads both places, and would apply the messages twice.
#[must_use]
pub fn a2ui_result(messages: &[ServerMessage], uri: &str, fallback: &str) -> CallToolResult {
    let embedded = EmbeddedResource {
        resource: ResourceContents {
            uri: uri.to_owned(),
            mime_type: Some(A2UI_MIME_TYPE.to_owned()),
            text: Some(stream_text(messages)),
            ..ResourceContents::default()
        },
        ..EmbeddedResource::default()
    };
    CallToolResult {
        content: vec![
            ContentBlock::text(fallback),
            ContentBlock::Resource(embedded),
        ],
        ..CallToolResult::default()
    }
}

/// A refusal (`isError`): `reason` in text and, when not empty, `messages` that show it on
/// the surface.
#[must_use]
pub fn a2ui_error_result(messages: &[ServerMessage], uri: &str, reason: &str) -> CallToolResult {
    let mut result = if messages.is_empty() {
        CallToolResult::text(reason)
    } else {
        a2ui_result(messages, uri, reason)
    };
    result.is_error = Some(true);
    result
}

impl UiResource {
    /// An A2UI view (`application/a2ui+json`) at the `ui://` URI `uri`: its text is `messages`,
    /// the stream a host applies when it opens the view (usually a [`crate::a2ui::SurfaceBuilder`]'s
    /// output); the tool results that follow update the surface.
    pub fn a2ui(
        uri: impl Into<String>,
        name: impl Into<String>,
        messages: &[ServerMessage],
    ) -> Result<Self, Error> {
        let uri = ui_uri(uri.into())?;
        Ok(Self::new(
            uri,
            name.into(),
            A2UI_MIME_TYPE,
            stream_text(messages),
        ))
    }
}
