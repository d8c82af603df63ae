//! Content blocks, as carried by tool results, `ui/message` and `ui/update-model-context`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{Resource, ResourceContents};
use crate::mime_type_matches;

/// One MCP content block, tagged by `type`.
///
/// A block of a type this crate does not know, or a known type in a shape that does not fit,
/// is kept verbatim as [`ContentBlock::Unknown`]: content is forwarded far more often than it
/// is interpreted, and one odd block must not make a whole tool result unreadable.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ContentBlock {
    /// `{"type": "text", "text": ...}`.
    Text(TextContent),
    /// `{"type": "image", "data": <base64>, "mimeType": ...}`.
    Image(ImageContent),
    /// `{"type": "audio", "data": <base64>, "mimeType": ...}`.
    Audio(AudioContent),
    /// `{"type": "resource_link", "uri": ..., "name": ...}`: a resource the receiver may fetch.
    ResourceLink(Resource),
    /// `{"type": "resource", "resource": {...}}`: a resource embedded with its contents.
    Resource(EmbeddedResource),
    /// Any other block, as received.
    #[serde(untagged)]
    Unknown(Value),
}

impl ContentBlock {
    /// A text block.
    #[must_use]
    pub fn text(text: impl Into<String>) -> Self {
        Self::Text(TextContent::new(text))
    }

    /// The text of a text block.
    #[must_use]
    pub fn as_text(&self) -> Option<&str> {
        match self {
            Self::Text(content) => Some(&content.text),
            _ => None,
        }
    }
}

wire_struct! {
    /// Text content.
    #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
    pub struct TextContent {
        /// The text.
        pub text: String,
        /// MCP annotations (audience, priority...), forwarded untouched.
        #[serde(default)]
        pub annotations: Option<Value>,
    }
    meta: "Metadata.";
}

impl TextContent {
    /// Text content without annotations.
    #[must_use]
    pub fn new(text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            ..Self::default()
        }
    }
}

/// Declares the content of a binary block (`what`: an image, audio): base64 data and its mime
/// type.
macro_rules! binary_content {
    ($(#[doc = $doc:literal])* $name:ident, $what:literal) => {
        wire_struct! {
            $(#[doc = $doc])*
            #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
            pub struct $name {
                #[doc = concat!("Base64-encoded ", $what, " data.")]
                pub data: String,
                #[doc = concat!("Mime type of the ", $what, ".")]
                pub mime_type: String,
                /// MCP annotations, forwarded untouched.
                #[serde(default)]
                pub annotations: Option<Value>,
            }
            meta: "Metadata.";
        }
    };
}

binary_content! {
    /// Image content.
    ImageContent, "image"
}

binary_content! {
    /// Audio content.
    AudioContent, "audio"
}

wire_struct! {
    /// A resource embedded in a content list (e.g. a card as `application/vnd.mcpapp.card+json`).
    #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
    pub struct EmbeddedResource {
        /// The resource and its contents.
        pub resource: ResourceContents,
        /// MCP annotations, forwarded untouched.
        #[serde(default)]
        pub annotations: Option<Value>,
    }
    meta: "Metadata.";
}

/// The embedded resources (the `resource` member of each `resource` block) in the `content` of a
/// tool result given as JSON whose `mimeType` matches `mime_type` ([`mime_type_matches`]), in
/// order.
///
/// Raw JSON on purpose: hosts look for their UI in a result before (or without) reading it
/// typed, and one odd block elsewhere in it must not hide the resource.
pub fn embedded_resources<'a>(
    result: &'a Value,
    mime_type: &'a str,
) -> impl Iterator<Item = &'a Value> + 'a {
    result
        .get("content")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|block| block.get("resource"))
        .filter(move |resource| {
            resource
                .get("mimeType")
                .and_then(Value::as_str)
                .is_some_and(|mime| mime_type_matches(mime, mime_type))
        })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::embedded_resources;

    #[test]
    fn embedded_resources_are_found_by_mime_type_in_order() {
        let result = json!({"content": [
            {"type": "text", "text": "hi"},
            {"type": "resource", "resource": {"uri": "ui://a", "mimeType": "text/html;profile=mcp-app"}},
            {"type": "resource", "resource": {"uri": "ui://b", "mimeType": "application/json"}},
            {"type": "resource", "resource": {"uri": "ui://c", "mimeType": "text/html; profile=mcp-app"}},
        ]});
        let uris: Vec<_> = embedded_resources(&result, crate::HTML_MIME_TYPE)
            .filter_map(|resource| resource["uri"].as_str())
            .collect();
        assert_eq!(uris, ["ui://a", "ui://c"]);
        assert_eq!(embedded_resources(&json!({"content": 3}), "a/b").count(), 0);
    }
}
