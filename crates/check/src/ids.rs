//! The stable ids of the checks, what each one checks, and the groups they are reported in.
//!
//! An id never changes meaning: CI configurations and embedders may match on it. The group is
//! the part before the first dot.

/// The server answered `initialize` (its name, version and protocol version).
pub const SERVER_INITIALIZE: &str = "server.initialize";
/// A declared `capabilities.extensions["io.modelcontextprotocol/ui"]` is an object. Servers need
/// not declare it (the client advertises the extension).
pub const SERVER_EXTENSION: &str = "server.extension";
/// `tools/list` answered.
pub const TOOLS_LIST: &str = "tools.list";
/// `_meta.ui.resourceUri` is a `ui://` URI.
pub const TOOLS_RESOURCE_URI: &str = "tools.ui-meta.resource-uri";
/// `_meta.ui.visibility` is an array of `"model"` and `"app"`.
pub const TOOLS_VISIBILITY: &str = "tools.ui-meta.visibility";
/// The legacy flat `_meta["ui/resourceUri"]` is a string equal to the nested one.
pub const TOOLS_LEGACY_KEY: &str = "tools.ui-meta.legacy-key";
/// `_meta.ui` is an object, with nothing that belongs on the resource (`csp`, `permissions`).
pub const TOOLS_UI_META: &str = "tools.ui-meta.shape";
/// An app-only tool can be called by some view of the server (a tool has a `ui://` view, or a
/// card names it).
pub const TOOLS_APP_ONLY_VIEW: &str = "tools.app-only.view";
/// A tool the model sees has a description.
pub const TOOLS_DESCRIPTION: &str = "tools.description";
/// A client without UI is not offered app-only tools for its model.
pub const TOOLS_MODEL_LIST: &str = "tools.model-list";
/// A tool called with sample arguments answered (an error means its app could not be checked).
pub const TOOLS_CALL: &str = "tools.call";
/// `resources/list` answered.
pub const RESOURCES_LIST: &str = "resources.list";
/// A `ui://` resource a tool names is listed by `resources/list` (and readable).
pub const RESOURCES_LISTED: &str = "resources.listed";
/// A `ui://` resource can be read and has a content item.
pub const RESOURCES_READ: &str = "resources.read";
/// The content's mime type is the HTML app's or the card's.
pub const RESOURCES_MIME_TYPE: &str = "resources.mime-type";
/// `_meta.ui` of the resource reads as the spec's `McpUiResourceMeta`.
pub const RESOURCES_UI_META: &str = "resources.ui-meta";
/// Every `_meta.ui.csp` entry is an origin a host puts into the policy.
pub const RESOURCES_CSP: &str = "resources.csp";
/// Every `_meta.ui.permissions` entry is a known permission, as `{}`.
pub const RESOURCES_PERMISSIONS: &str = "resources.permissions";
/// An HTML app's content is an HTML document.
pub const RESOURCES_HTML_DOCUMENT: &str = "resources.html-document";
/// A card template resource is a JSON card template.
pub const RESOURCES_CARD_TEMPLATE: &str = "resources.card-template";
/// An A2UI view resource is a valid A2UI stream.
pub const RESOURCES_A2UI: &str = "resources.a2ui";
/// Headless Chromium could be started to open the HTML apps.
pub const APP_BROWSER: &str = "app.browser";
/// The app sent `ui/initialize` within the timeout.
pub const APP_INITIALIZE: &str = "app.initialize";
/// The app sent `ui/notifications/initialized` after the host's answer.
pub const APP_INITIALIZED: &str = "app.initialized";
/// The app reported its size (`ui/notifications/size-changed`).
pub const APP_SIZE: &str = "app.size";
/// The app answered `ui/resource-teardown` within the timeout.
pub const APP_TEARDOWN: &str = "app.teardown";
/// Every message the app sent is JSON-RPC and fits the official MCP Apps schema.
pub const APP_MESSAGES: &str = "app.messages";
/// The app logged no errors and threw nothing.
pub const APP_CONSOLE: &str = "app.console";
/// The app did nothing its Content Security Policy refused.
pub const APP_CSP: &str = "app.csp";
/// A card the server answered with (or a template filled with a result) is valid.
pub const CARD_VALID: &str = "card.valid";
/// The A2UI a tool shows (its view's stream and its result's messages) is valid.
pub const A2UI_VALID: &str = "a2ui.valid";
/// Every event of an A2UI surface names a tool of the server that apps may call.
pub const A2UI_EVENTS: &str = "a2ui.events";
/// Every action of a card names a tool of the server that apps may call.
pub const CARD_ACTIONS: &str = "card.actions";
/// A client without UI gets a text block from a card tool.
pub const CARD_TEXT_FALLBACK: &str = "card.text-fallback";
/// A server that signs card actions (`mcpapp-server`) signs every one, well-formed.
pub const CARD_SIGNED: &str = "card.signed";

/// Every check: its id and what it checks, in report order.
pub const CATALOGUE: &[(&str, &str)] = &[
    (SERVER_INITIALIZE, "the server answers initialize"),
    (
        SERVER_EXTENSION,
        "a declared io.modelcontextprotocol/ui extension is an object",
    ),
    (TOOLS_LIST, "tools/list answers"),
    (TOOLS_RESOURCE_URI, "_meta.ui.resourceUri is a ui:// URI"),
    (
        TOOLS_VISIBILITY,
        "_meta.ui.visibility is an array of \"model\" and \"app\"",
    ),
    (
        TOOLS_LEGACY_KEY,
        "the legacy _meta[\"ui/resourceUri\"] agrees with _meta.ui.resourceUri",
    ),
    (
        TOOLS_UI_META,
        "_meta.ui is an object without resource settings",
    ),
    (
        TOOLS_APP_ONLY_VIEW,
        "an app-only tool can be called by a view of the server",
    ),
    (TOOLS_DESCRIPTION, "a tool the model sees has a description"),
    (
        TOOLS_MODEL_LIST,
        "a client without UI is not offered app-only tools for its model",
    ),
    (TOOLS_CALL, "a tool answers its sample arguments"),
    (RESOURCES_LIST, "resources/list answers"),
    (
        RESOURCES_LISTED,
        "every ui:// resource a tool names is listed",
    ),
    (RESOURCES_READ, "every ui:// resource can be read"),
    (
        RESOURCES_MIME_TYPE,
        "a view is text/html;profile=mcp-app, a card or A2UI",
    ),
    (RESOURCES_UI_META, "the resource's _meta.ui is well-formed"),
    (RESOURCES_CSP, "every CSP entry is an origin hosts keep"),
    (RESOURCES_PERMISSIONS, "every permission is a known one"),
    (RESOURCES_HTML_DOCUMENT, "an HTML app is an HTML document"),
    (RESOURCES_CARD_TEMPLATE, "a card template is a JSON card"),
    (RESOURCES_A2UI, "an A2UI view is a valid A2UI stream"),
    (APP_BROWSER, "headless Chromium starts"),
    (APP_INITIALIZE, "the app sends ui/initialize in time"),
    (
        APP_INITIALIZED,
        "the app sends initialized after the answer",
    ),
    (APP_SIZE, "the app reports its size"),
    (APP_TEARDOWN, "the app answers ui/resource-teardown in time"),
    (
        APP_MESSAGES,
        "every message the app sends fits the official schema",
    ),
    (APP_CONSOLE, "the app logs no errors"),
    (APP_CSP, "the app breaks no rule of its CSP"),
    (CARD_VALID, "a card tool answers with a valid card"),
    (A2UI_VALID, "an A2UI tool shows valid A2UI"),
    (A2UI_EVENTS, "every A2UI event names a tool apps may call"),
    (CARD_ACTIONS, "every card action names a tool apps may call"),
    (
        CARD_TEXT_FALLBACK,
        "a client without UI gets text from a card tool",
    ),
    (
        CARD_SIGNED,
        "a server that signs card actions signs them all",
    ),
];

/// The groups, in report order.
pub const GROUPS: &[&str] = &["server", "tools", "resources", "app", "card", "a2ui"];

/// The group of a check id: the part before its first dot.
#[must_use]
pub fn group_of(check: &'static str) -> &'static str {
    check.split_once('.').map_or(check, |(group, _)| group)
}

/// Where a group comes in the reports (unknown groups last).
#[must_use]
pub fn group_rank(group: &str) -> usize {
    GROUPS
        .iter()
        .position(|g| *g == group)
        .unwrap_or(GROUPS.len())
}

/// What a check checks, from the [`CATALOGUE`].
#[must_use]
pub fn describe(check: &str) -> Option<&'static str> {
    CATALOGUE
        .iter()
        .find(|(id, _)| *id == check)
        .map(|(_, what)| *what)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_id_is_in_a_known_group_once() {
        let mut seen = std::collections::BTreeSet::new();
        for (id, what) in CATALOGUE {
            assert!(seen.insert(*id), "{id} twice");
            assert!(group_rank(group_of(id)) < GROUPS.len(), "{id}");
            assert!(!what.is_empty());
        }
    }
}
