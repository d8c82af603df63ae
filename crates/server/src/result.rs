//! Cards in tool results: the card as `structuredContent` and as an embedded resource with the
//! card mime type for hosts that show cards, and always a plain-text rendering in `content` for
//! the model and for hosts without UI (the spec wants `content` filled even when a view exists).

use mcpapp_card::{Card, text_fallback};
use mcpapp_protocol::{
    CARD_MIME_TYPE, CallToolResult, ContentBlock, EmbeddedResource, ResourceContents,
};
use serde_json::Value;

/// The URI an embedded card carries when the caller gives none. Hosts find cards by mime type;
/// the URI only names the content.
pub const DEFAULT_CARD_URI: &str = "ui://mcpapp/card";

/// A result for a client that shows cards: the text rendering, then the card embedded as a
/// resource, and the card again as `structuredContent` (where hosts look first).
#[must_use]
pub fn card_result(card: &Card) -> CallToolResult {
    card_result_at(card, DEFAULT_CARD_URI)
}

/// [`card_result`] with the embedded resource named `uri`.
#[must_use]
pub fn card_result_at(card: &Card, uri: &str) -> CallToolResult {
    // A card model always serializes; `Null` would only hide a bug the builder already refuses.
    let json = serde_json::to_value(card).unwrap_or(Value::Null);
    let embedded = EmbeddedResource {
        resource: ResourceContents {
            uri: uri.to_owned(),
            mime_type: Some(CARD_MIME_TYPE.to_owned()),
            text: Some(json.to_string()),
            ..ResourceContents::default()
        },
        ..EmbeddedResource::default()
    };
    CallToolResult {
        content: vec![
            ContentBlock::text(text_fallback(card)),
            ContentBlock::Resource(embedded),
        ],
        structured_content: Some(json),
        ..CallToolResult::default()
    }
}

/// A result for a client without card support: the text rendering alone.
#[must_use]
pub fn text_result(card: &Card) -> CallToolResult {
    CallToolResult::text(text_fallback(card))
}
