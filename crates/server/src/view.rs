//! Declaring views: `ui://` resources (an HTML app or a card template) with their `_meta.ui`
//! (CSP, permissions, border), and tools that open them (`_meta.ui.resourceUri`, visibility).
//!
//! A view's listing entry and its `resources/read` content item carry the same `_meta.ui`: the
//! spec lets hosts read either, and some read only one.

use crate::Error;
use mcpapp_protocol::{
    CARD_MIME_TYPE, HTML_MIME_TYPE, ReadResourceResult, Resource, ResourceContents, ResourceCsp,
    ResourcePermissions, ResourceUiMeta, Tool, ToolUiMeta, UI_META_KEY, Visibility,
    is_ui_resource_uri,
};
use serde_json::{Map, Value};

/// A `ui://` view a server offers: what `resources/list` shows and `resources/read` returns.
#[derive(Debug, Clone, PartialEq)]
#[must_use]
pub struct UiResource {
    uri: String,
    name: String,
    title: Option<String>,
    description: Option<String>,
    mime_type: &'static str,
    text: String,
    ui: ResourceUiMeta,
}

impl UiResource {
    /// An HTML MCP App (`text/html;profile=mcp-app`). `html` must be a whole document; it gets
    /// the restrictive default sandbox until [`Self::csp`] declares the origins it needs.
    pub fn html(
        uri: impl Into<String>,
        name: impl Into<String>,
        html: impl Into<String>,
    ) -> Result<Self, Error> {
        let uri = ui_uri(uri.into())?;
        let html = html.into();
        let head = html.trim_start().get(..64).unwrap_or(html.trim_start());
        if !head.to_ascii_lowercase().starts_with("<!doctype html") {
            return Err(Error::NotHtml {
                uri,
                reason: "it must start with `<!doctype html>`",
            });
        }
        Ok(Self::new(uri, name.into(), HTML_MIME_TYPE, html))
    }

    /// A card template (the card mime type): a card whose `${…}` expressions the host fills
    /// with the tool result's `structuredContent`.
    pub fn card_template(
        uri: impl Into<String>,
        name: impl Into<String>,
        template: &Value,
    ) -> Result<Self, Error> {
        let uri = ui_uri(uri.into())?;
        let kind = template.get("type").and_then(Value::as_str);
        if !matches!(kind, Some("McpApp" | "AdaptiveCard")) {
            return Err(Error::NotCard {
                uri,
                reason: format!(
                    "its `type` is {}, not \"McpApp\" or \"AdaptiveCard\"",
                    kind.map_or_else(|| "missing".to_owned(), |k| format!("{k:?}"))
                ),
            });
        }
        let text = serde_json::to_string(template).map_err(|e| Error::NotCard {
            uri: uri.clone(),
            reason: e.to_string(),
        })?;
        Ok(Self::new(uri, name.into(), CARD_MIME_TYPE, text))
    }

    pub(crate) fn new(uri: String, name: String, mime_type: &'static str, text: String) -> Self {
        Self {
            uri,
            name,
            title: None,
            description: None,
            mime_type,
            text,
            ui: ResourceUiMeta::default(),
        }
    }

    /// The display name.
    pub fn title(mut self, title: impl Into<String>) -> Self {
        self.title = Some(title.into());
        self
    }

    /// What the view shows.
    pub fn description(mut self, description: impl Into<String>) -> Self {
        self.description = Some(description.into());
        self
    }

    /// The origins the view needs. Every entry must be an origin (`https://host[:port]`,
    /// `wss://…`, `https://*.example.com`), so that it cannot smuggle CSP directives.
    pub fn csp(mut self, csp: ResourceCsp) -> Result<Self, Error> {
        let lists = [
            &csp.connect_domains,
            &csp.resource_domains,
            &csp.frame_domains,
            &csp.base_uri_domains,
        ];
        for entry in lists.into_iter().flatten().flatten() {
            if !is_origin(entry) {
                return Err(Error::BadCspEntry {
                    uri: self.uri,
                    entry: entry.clone(),
                });
            }
        }
        self.ui.csp = Some(csp);
        Ok(self)
    }

    /// The browser capabilities the view asks for (camera, microphone, geolocation,
    /// clipboard writes); hosts may grant them.
    pub fn permissions(mut self, permissions: ResourcePermissions) -> Self {
        self.ui.permissions = Some(permissions);
        self
    }

    /// Whether the host should draw a border and background around the view.
    pub fn prefers_border(mut self, border: bool) -> Self {
        self.ui.prefers_border = Some(border);
        self
    }

    /// The view's URI.
    #[must_use]
    pub fn uri(&self) -> &str {
        &self.uri
    }

    /// The view's mime type.
    #[must_use]
    pub fn mime_type(&self) -> &'static str {
        self.mime_type
    }

    /// The view's `_meta.ui`.
    #[must_use]
    pub fn ui_meta(&self) -> &ResourceUiMeta {
        &self.ui
    }

    fn meta(&self) -> Option<Map<String, Value>> {
        let ui = serde_json::to_value(&self.ui).ok()?;
        if ui.as_object().is_some_and(Map::is_empty) {
            return None;
        }
        Some(Map::from_iter([(UI_META_KEY.to_owned(), ui)]))
    }

    /// The `resources/list` entry.
    #[must_use]
    pub fn listing(&self) -> Resource {
        Resource {
            uri: self.uri.clone(),
            name: self.name.clone(),
            title: self.title.clone(),
            description: self.description.clone(),
            mime_type: Some(self.mime_type.to_owned()),
            size: u64::try_from(self.text.len()).ok(),
            meta: self.meta(),
            ..Resource::default()
        }
    }

    /// The `resources/read` content item.
    #[must_use]
    pub fn contents(&self) -> ResourceContents {
        ResourceContents {
            uri: self.uri.clone(),
            mime_type: Some(self.mime_type.to_owned()),
            text: Some(self.text.clone()),
            meta: self.meta(),
            ..ResourceContents::default()
        }
    }

    /// The whole `resources/read` result: exactly one content item, as hosts require.
    #[must_use]
    pub fn read_result(&self) -> ReadResourceResult {
        ReadResourceResult {
            contents: vec![self.contents()],
            meta: None,
        }
    }

    /// `tool`, made to open this view: `_meta.ui.resourceUri` (and the legacy flat key older
    /// hosts read) and `visibility` (`[Model]` for the agent only, `[App]` for a tool only
    /// views call, both for the usual case). Other `_meta` members are kept.
    pub fn opened_by(&self, tool: Tool, visibility: &[Visibility]) -> Result<Tool, Error> {
        if visibility.is_empty() {
            return Err(Error::NoVisibility(tool.name));
        }
        Ok(with_ui(tool, Some(self.uri.clone()), visibility))
    }
}

/// `tool` as a helper only views may call (`visibility: ["app"]`), without a view of its own:
/// hidden from the agent, and from clients that show no UI.
pub fn app_only_tool(tool: Tool) -> Tool {
    with_ui(tool, None, &[Visibility::App])
}

fn with_ui(mut tool: Tool, resource_uri: Option<String>, visibility: &[Visibility]) -> Tool {
    let ui = ToolUiMeta {
        resource_uri,
        visibility: Some(visibility.to_vec()),
        problem: None,
    };
    ui.write_tool_meta(tool.meta.get_or_insert_with(Map::new));
    tool
}

pub(crate) fn ui_uri(uri: String) -> Result<String, Error> {
    if is_ui_resource_uri(&uri) && uri.len() > "ui://".len() {
        Ok(uri)
    } else {
        Err(Error::NotUiUri(uri))
    }
}

/// Whether `entry` is a bare origin: scheme, host (a leading `*.` label allowed), optional
/// port, nothing else; no path, quotes, spaces or `;`.
fn is_origin(entry: &str) -> bool {
    let Some((scheme, rest)) = entry.split_once("://") else {
        return false;
    };
    if !matches!(scheme, "https" | "http" | "wss" | "ws") {
        return false;
    }
    let rest = rest.strip_suffix('/').unwrap_or(rest);
    let (host, port) = rest.rsplit_once(':').unwrap_or((rest, ""));
    let host = host.strip_prefix("*.").unwrap_or(host);
    let host_ok = !host.is_empty()
        && host.split('.').all(|label| {
            !label.is_empty()
                && label
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-')
        });
    let port_ok = port.is_empty() || (port.len() <= 5 && port.bytes().all(|b| b.is_ascii_digit()));
    host_ok && port_ok
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn origins_are_checked_strictly() {
        for good in [
            "https://api.example.com",
            "https://*.example.com",
            "http://127.0.0.1:8080",
            "wss://live.example.com/",
        ] {
            assert!(is_origin(good), "{good}");
        }
        for bad in [
            "https://a.com; script-src *",
            "*",
            "'unsafe-inline'",
            "https://a.com/path",
            "javascript://x",
            "https://",
            "https://a..com",
            "https://a.com:99999999",
            "https://a.com 'unsafe-eval'",
        ] {
            assert!(!is_origin(bad), "{bad}");
        }
    }

    #[test]
    fn only_ui_uris_and_documents() {
        assert_eq!(
            UiResource::html("https://x", "x", "<!doctype html>"),
            Err(Error::NotUiUri("https://x".into()))
        );
        assert!(matches!(
            UiResource::html("ui://x/y", "x", "<div>hi</div>"),
            Err(Error::NotHtml { .. })
        ));
        assert!(matches!(
            UiResource::card_template("ui://x/c", "c", &json!({"type": "Card"})),
            Err(Error::NotCard { .. })
        ));
    }

    #[test]
    fn a_tool_without_visibility_is_refused() {
        let view = UiResource::html("ui://a/b", "b", "<!DOCTYPE html><p>").unwrap();
        let tool = Tool {
            name: "t".into(),
            ..Tool::default()
        };
        assert_eq!(
            view.opened_by(tool, &[]),
            Err(Error::NoVisibility("t".into()))
        );
    }
}
