//! Names and strings fixed by the extension (and by mcpapp's card mode), plus the small string
//! predicates every host needs to route messages.

/// Key of the extension in the MCP `capabilities.extensions` map (SEP-1724).
pub const EXTENSION_ID: &str = "io.modelcontextprotocol/ui";

/// Mime type of an HTML MCP App resource.
pub const HTML_MIME_TYPE: &str = "text/html;profile=mcp-app";

/// Mime type of an mcpapp declarative card.
///
/// mcpapp's own addition: a host advertises it next to [`HTML_MIME_TYPE`], so a server that does
/// not know it simply sees a standard MCP Apps host.
pub const CARD_MIME_TYPE: &str = "application/vnd.mcpapp.card+json";

/// Mime type of A2UI (v0.9) messages: a `ui://` view resource holding a surface's stream, or an
/// embedded resource of a tool result carrying messages for the open surfaces.
///
/// The A2UI-over-MCP guide and the drafted MCP Apps extension for A2UI both name it; a host
/// advertises it next to [`HTML_MIME_TYPE`] when it draws A2UI surfaces.
pub const A2UI_MIME_TYPE: &str = "application/a2ui+json";

/// The MCP Apps protocol version this crate speaks in `ui/initialize`.
///
/// Independent of the core MCP protocol version negotiated with the server.
pub const APPS_PROTOCOL_VERSION: &str = "2026-01-26";

/// Every Apps protocol version a host built on this crate can answer with.
pub const SUPPORTED_PROTOCOL_VERSIONS: &[&str] = &[APPS_PROTOCOL_VERSION];

/// The deprecated flat tool `_meta` key for the UI resource URI.
///
/// Deprecated by the spec but still written by every official server next to the nested
/// `_meta.ui.resourceUri`, so hosts must keep reading it.
pub const RESOURCE_URI_META_KEY: &str = "ui/resourceUri";

/// Key of the extension's object inside a tool's or resource's `_meta`.
pub const UI_META_KEY: &str = "ui";

/// URI scheme reserved for MCP Apps resources.
pub const UI_URI_SCHEME: &str = "ui://";

/// Prefix of the methods that must stay between host and view (never forwarded to the server).
pub const UI_METHOD_PREFIX: &str = "ui/";

/// Prefix of the methods a sandbox proxy consumes instead of relaying.
pub const SANDBOX_METHOD_PREFIX: &str = "ui/notifications/sandbox-";

/// Whether `method` belongs to the host↔view channel only.
///
/// The spec lets a host forward a view's messages to the MCP server only when this is false.
#[must_use]
pub fn is_ui_method(method: &str) -> bool {
    method.starts_with(UI_METHOD_PREFIX)
}

/// Whether `method` is addressed to the sandbox proxy itself.
///
/// A sandbox proxy relays every message in both directions except these.
#[must_use]
pub fn is_sandbox_method(method: &str) -> bool {
    method.starts_with(SANDBOX_METHOD_PREFIX)
}

/// Whether `uri` uses the `ui://` scheme required of UI resources.
#[must_use]
pub fn is_ui_resource_uri(uri: &str) -> bool {
    uri.get(..UI_URI_SCHEME.len())
        .is_some_and(|scheme| scheme.eq_ignore_ascii_case(UI_URI_SCHEME))
}

/// Compares two mime types the way a host should: ASCII case-insensitive and ignoring
/// whitespace, so `text/html; profile=mcp-app` matches [`HTML_MIME_TYPE`].
#[must_use]
pub fn mime_type_matches(left: &str, right: &str) -> bool {
    let normalized = |mime: &str| {
        mime.chars()
            .filter(|c| !c.is_ascii_whitespace())
            .map(|c| c.to_ascii_lowercase())
            .collect::<String>()
    };
    normalized(left) == normalized(right)
}
