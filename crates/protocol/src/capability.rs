//! The extension's capability value, exchanged in the core MCP `initialize`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::constants::{
    A2UI_MIME_TYPE, CARD_MIME_TYPE, EXTENSION_ID, HTML_MIME_TYPE, mime_type_matches,
};

wire_struct! {
    /// The value of `capabilities.extensions["io.modelcontextprotocol/ui"]` a client (host)
    /// advertises to MCP servers (`McpUiClientCapabilities`).
    #[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
    pub struct UiClientCapability {
        /// The UI mime types the client can show; the spec requires `text/html;profile=mcp-app`,
        /// mcpapp hosts add `application/vnd.mcpapp.card+json` and `application/a2ui+json`.
        #[serde(default)]
        pub mime_types: Vec<String>,
    }
    extra: "Settings the spec reserves for later (`features`, `sandboxPolicies`), kept as sent.";
}

impl UiClientCapability {
    /// A capability listing `mime_types`.
    #[must_use]
    pub fn new<I, S>(mime_types: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        Self {
            mime_types: mime_types.into_iter().map(Into::into).collect(),
            extra: Map::new(),
        }
    }

    /// What a standard MCP Apps host advertises: HTML views only.
    #[must_use]
    pub fn html() -> Self {
        Self::new([HTML_MIME_TYPE])
    }

    /// What an mcpapp host advertises: HTML views and declarative cards.
    #[must_use]
    pub fn html_and_cards() -> Self {
        Self::new([HTML_MIME_TYPE, CARD_MIME_TYPE])
    }

    /// What an mcpapp host advertises by default: HTML views, declarative cards and A2UI
    /// surfaces.
    #[must_use]
    pub fn all() -> Self {
        Self::new([HTML_MIME_TYPE, CARD_MIME_TYPE, A2UI_MIME_TYPE])
    }

    /// Whether `mime_type` is listed (compared with [`mime_type_matches`]).
    #[must_use]
    pub fn supports(&self, mime_type: &str) -> bool {
        self.mime_types
            .iter()
            .any(|listed| mime_type_matches(listed, mime_type))
    }

    /// Whether HTML views are supported.
    #[must_use]
    pub fn supports_html(&self) -> bool {
        self.supports(HTML_MIME_TYPE)
    }

    /// Whether mcpapp cards are supported.
    #[must_use]
    pub fn supports_cards(&self) -> bool {
        self.supports(CARD_MIME_TYPE)
    }

    /// Whether A2UI surfaces are supported.
    #[must_use]
    pub fn supports_a2ui(&self) -> bool {
        self.supports(A2UI_MIME_TYPE)
    }

    /// Reads the capability from a client's `capabilities.extensions` map.
    ///
    /// `None` when the entry is absent or malformed: either way the server should treat the
    /// client as one without UI support and fall back to text.
    #[must_use]
    pub fn from_extensions(extensions: &Map<String, Value>) -> Option<Self> {
        extensions
            .get(EXTENSION_ID)
            .and_then(|entry| Self::deserialize(entry).ok())
    }

    /// Reads the capability from a client's whole `capabilities` object (its `extensions`
    /// member).
    #[must_use]
    pub fn from_client_capabilities(capabilities: &Value) -> Option<Self> {
        capabilities
            .get("extensions")
            .and_then(Value::as_object)
            .and_then(Self::from_extensions)
    }

    /// The capability as the JSON value stored under [`EXTENSION_ID`].
    #[must_use]
    pub fn to_value(&self) -> Value {
        let mut object = self.extra.clone();
        let mime_types = self
            .mime_types
            .iter()
            .map(|mime| Value::from(mime.as_str()))
            .collect();
        object.insert("mimeTypes".to_owned(), Value::Array(mime_types));
        Value::Object(object)
    }

    /// Inserts the capability into a `capabilities.extensions` map, replacing any previous one.
    pub fn insert_into(&self, extensions: &mut Map<String, Value>) {
        extensions.insert(EXTENSION_ID.to_owned(), self.to_value());
    }
}
