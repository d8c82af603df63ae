//! MCP values as a person reading a host's report sees them (`mcpapp connect` prints them):
//! the type name of a content block, a tool as a line of a listing and the arguments a call of
//! it still lacks, and a tool's result as lines of text.

use serde_json::{Map, Value};

use super::{CallToolResult, ContentBlock, Tool};

impl ContentBlock {
    /// The wire name of the block's type (`text`, `image`, `resource_link`, …); for a block of
    /// an unknown type, the `type` it was sent with, or `?` when it has none.
    #[must_use]
    pub fn kind(&self) -> &str {
        match self {
            Self::Text(_) => "text",
            Self::Image(_) => "image",
            Self::Audio(_) => "audio",
            Self::ResourceLink(_) => "resource_link",
            Self::Resource(_) => "resource",
            Self::Unknown(value) => value.get("type").and_then(Value::as_str).unwrap_or("?"),
        }
    }
}

impl Tool {
    /// Who may call the tool: `model+app`, `model`, `app only` or `nobody` (its
    /// `_meta.ui.visibility`).
    #[must_use]
    pub fn audience(&self) -> &'static str {
        match (self.is_model_visible(), self.is_app_visible()) {
            (true, true) => "model+app",
            (true, false) => "model",
            (false, true) => "app only",
            (false, false) => "nobody",
        }
    }

    /// The tool as one line of a listing: `NAME [AUDIENCE]  view URI — DESCRIPTION`, the view
    /// when it has one and the first line of its description when it has one. The server's
    /// words are as sent: a terminal needs them made printable.
    #[must_use]
    pub fn listing_line(&self) -> String {
        let view = self
            .ui_resource_uri()
            .map(|uri| format!("  view {uri}"))
            .unwrap_or_default();
        let about = self
            .description
            .as_deref()
            .and_then(|d| d.lines().next())
            .map(|d| format!(" \u{2014} {d}"))
            .unwrap_or_default();
        format!("{} [{}]{view}{about}", self.name, self.audience())
    }

    /// The arguments the tool's input schema requires (`required`) that `arguments` lacks, in
    /// the schema's order: what to point out before a call the server will likely refuse.
    #[must_use]
    pub fn missing_arguments(&self, arguments: &Map<String, Value>) -> Vec<String> {
        self.input_schema
            .get("required")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .filter(|name| !arguments.contains_key(*name))
            .map(str::to_owned)
            .collect()
    }
}

impl CallToolResult {
    /// The result as a host without a view shows it: each content block's text (another
    /// block as `[TYPE content]`), then the structured content as JSON.
    #[must_use]
    pub fn text_lines(&self) -> Vec<String> {
        let blocks = self.content.iter().map(|block| {
            block
                .as_text()
                .map_or_else(|| format!("[{} content]", block.kind()), str::to_owned)
        });
        let structured = self
            .structured_content
            .iter()
            .map(|structured| format!("structuredContent: {structured}"));
        blocks.chain(structured).collect()
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn blocks_are_named_by_their_wire_type() {
        assert_eq!(ContentBlock::text("hi").kind(), "text");
        let link: ContentBlock =
            serde_json::from_value(json!({"type": "resource_link", "uri": "ui://a", "name": "a"}))
                .expect("a resource link");
        assert_eq!(link.kind(), "resource_link");
        assert_eq!(
            ContentBlock::Unknown(json!({"type": "video"})).kind(),
            "video"
        );
        assert_eq!(ContentBlock::Unknown(json!(3)).kind(), "?");
    }

    #[test]
    fn missing_arguments_follow_the_schemas_required_list() {
        let tool: Tool = serde_json::from_value(json!({
            "name": "t",
            "inputSchema": {"type": "object", "required": ["city", "days", 7]}
        }))
        .expect("a tool");
        let given = json!({"days": 3});
        let given = given.as_object().expect("an object");
        assert_eq!(tool.missing_arguments(given), ["city"]);
        assert!(Tool::default().missing_arguments(given).is_empty());
    }

    #[test]
    fn a_tool_reads_as_one_line_of_a_listing() {
        let tool: Tool = serde_json::from_value(json!({
            "name": "get_forecast",
            "description": "The weather.\nMore.",
            "inputSchema": {"type": "object"},
            "_meta": {"ui": {"resourceUri": "ui://weather/card", "visibility": ["app"]}}
        }))
        .expect("a tool");
        assert_eq!(tool.audience(), "app only");
        assert_eq!(
            tool.listing_line(),
            "get_forecast [app only]  view ui://weather/card \u{2014} The weather."
        );
        let plain = Tool {
            name: "t".to_owned(),
            ..Tool::default()
        };
        assert_eq!(plain.listing_line(), "t [model+app]");
    }

    #[test]
    fn a_result_reads_as_its_texts_then_its_structured_content() {
        let result = CallToolResult {
            content: vec![
                ContentBlock::text("Sunny"),
                ContentBlock::Unknown(json!({"type": "image"})),
            ],
            structured_content: Some(json!({"t": 21})),
            ..CallToolResult::default()
        };
        assert_eq!(
            result.text_lines(),
            ["Sunny", "[image content]", "structuredContent: {\"t\":21}"]
        );
    }
}
