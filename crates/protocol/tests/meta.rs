//! Tool and resource `_meta.ui`, and the client capability.

mod common;

use common::round_trip;
use mcpapp_protocol::{
    CARD_MIME_TYPE, EXTENSION_ID, HTML_MIME_TYPE, ProtocolError, RESOURCE_URI_META_KEY,
    ResourceContents, ResourceUiMeta, Tool, ToolUiMeta, UiClientCapability, Visibility,
    is_ui_resource_uri, mime_type_matches,
};
use serde_json::{Map, Value, json};

#[expect(
    clippy::expect_used,
    reason = "a test helper: every caller passes an object literal"
)]
fn meta(value: Value) -> Map<String, Value> {
    serde_json::from_value(value).expect("an object")
}

#[test]
fn nested_resource_uri_wins_over_the_legacy_key() {
    let both = meta(
        json!({"ui": {"resourceUri": "ui://new/view.html"}, "ui/resourceUri": "ui://old/view.html"}),
    );
    assert_eq!(
        ToolUiMeta::from_tool_meta(&both)
            .unwrap()
            .resource_uri
            .as_deref(),
        Some("ui://new/view.html")
    );
}

#[test]
fn legacy_key_alone_is_honoured() {
    let legacy = meta(json!({"ui/resourceUri": "ui://old/view.html"}));
    let read = ToolUiMeta::from_tool_meta(&legacy).unwrap();
    assert_eq!(read.resource_uri.as_deref(), Some("ui://old/view.html"));
    assert_eq!(read.visibility, None);
    // Legacy URI plus a nested object holding only the visibility: both are used.
    let split =
        meta(json!({"ui": {"visibility": ["model"]}, "ui/resourceUri": "ui://old/view.html"}));
    let read = ToolUiMeta::from_tool_meta(&split).unwrap();
    assert_eq!(read.resource_uri.as_deref(), Some("ui://old/view.html"));
    assert_eq!(read.visibility, Some(vec![Visibility::Model]));
}

#[test]
fn malformed_members_are_skipped_not_fatal() {
    // A non-string nested URI falls back to the legacy one.
    let odd = meta(
        json!({"ui": {"resourceUri": 42, "visibility": ["app", 7, "widget"]}, "ui/resourceUri": "ui://x/v.html"}),
    );
    let read = ToolUiMeta::from_tool_meta(&odd).unwrap();
    assert_eq!(read.resource_uri.as_deref(), Some("ui://x/v.html"));
    // A visibility with a non-string entry is malformed: it fails closed.
    assert_eq!(read.visibility, Some(vec![]));
    assert!(read.problem.is_some());
    assert!(!read.is_app_visible() && !read.is_model_visible());
    // Unknown strings are kept, and grant nothing.
    let unknown = meta(json!({"ui": {"visibility": ["app", "widget"]}}));
    let read = ToolUiMeta::from_tool_meta(&unknown).unwrap();
    assert_eq!(
        read.visibility,
        Some(vec![Visibility::App, Visibility::Other("widget".into())])
    );
    assert!(read.is_app_visible() && !read.is_model_visible());
    // A `ui` that is not an object is ignored, and with no legacy key there is nothing to read.
    assert_eq!(
        ToolUiMeta::from_tool_meta(&meta(json!({"ui": "yes"}))),
        None
    );
    assert_eq!(ToolUiMeta::from_tool_meta(&meta(json!({"other": 1}))), None);
}

#[test]
fn visibility_defaults_to_model_and_app() {
    let no_visibility = ToolUiMeta {
        resource_uri: Some("ui://a/b".into()),
        visibility: None,
        problem: None,
    };
    assert_eq!(
        no_visibility.effective_visibility(),
        [Visibility::Model, Visibility::App]
    );
    assert!(no_visibility.is_model_visible() && no_visibility.is_app_visible());

    let model_only = ToolUiMeta {
        visibility: Some(vec![Visibility::Model]),
        ..ToolUiMeta::default()
    };
    assert!(model_only.is_model_visible() && !model_only.is_app_visible());

    // Only an absent list defaults; an empty one means nobody.
    let nobody = ToolUiMeta {
        visibility: Some(vec![]),
        ..ToolUiMeta::default()
    };
    assert!(!nobody.is_model_visible() && !nobody.is_app_visible());

    // A tool without any `_meta` is an ordinary tool: visible to both.
    let plain: Tool =
        serde_json::from_value(json!({"name": "geocode", "inputSchema": {"type": "object"}}))
            .unwrap();
    assert_eq!(plain.ui_meta(), None);
    assert!(plain.is_model_visible() && plain.is_app_visible());
}

#[test]
fn a_malformed_visibility_fails_closed_and_says_why() {
    for visibility in [
        json!("model"),
        json!({"model": true}),
        json!(["model", 7]),
        json!(null),
    ] {
        let tool: Tool = serde_json::from_value(json!({
            "name": "t", "inputSchema": {"type": "object"},
            "_meta": {"ui": {"resourceUri": "ui://a/b", "visibility": visibility}}
        }))
        .unwrap();
        assert!(!tool.is_app_visible(), "{visibility}");
        assert!(!tool.is_model_visible(), "{visibility}");
        let problem = tool.ui_meta().unwrap().problem.unwrap();
        assert!(problem.contains("nor apps may call"), "{problem}");
        assert_eq!(tool.ui_resource_uri().as_deref(), Some("ui://a/b"));
    }
    let fine: Tool = serde_json::from_value(json!({
        "name": "t", "inputSchema": {"type": "object"},
        "_meta": {"ui": {"visibility": ["app"]}}
    }))
    .unwrap();
    assert_eq!(fine.ui_meta().unwrap().problem, None);
    assert!(fine.is_app_visible());
}

#[test]
fn tool_ui_meta_serde_and_writing_both_keys() {
    let typed: ToolUiMeta =
        round_trip(&json!({"resourceUri": "ui://w/d.html", "visibility": ["model", "app"]}));
    assert_eq!(
        typed.visibility,
        Some(vec![Visibility::Model, Visibility::App])
    );

    let mut tool_meta = meta(json!({"ui": {"keep": true}, "vendor/x": 1}));
    ToolUiMeta {
        resource_uri: Some("ui://w/d.html".into()),
        visibility: Some(vec![Visibility::App]),
        problem: None,
    }
    .write_tool_meta(&mut tool_meta);
    assert_eq!(
        Value::Object(tool_meta.clone()),
        json!({
            "ui": {"keep": true, "resourceUri": "ui://w/d.html", "visibility": ["app"]},
            "ui/resourceUri": "ui://w/d.html",
            "vendor/x": 1
        })
    );
    assert_eq!(tool_meta[RESOURCE_URI_META_KEY], "ui://w/d.html");
    // What was written reads back.
    assert_eq!(
        ToolUiMeta::from_tool_meta(&tool_meta).unwrap(),
        ToolUiMeta {
            resource_uri: Some("ui://w/d.html".into()),
            visibility: Some(vec![Visibility::App]),
            problem: None,
        }
    );
}

#[test]
fn ui_uri_scheme_check() {
    assert!(is_ui_resource_uri("ui://get-time/mcp-app.html"));
    assert!(is_ui_resource_uri("UI://x"));
    assert!(!is_ui_resource_uri("https://example.com"));
    assert!(!is_ui_resource_uri("ui:/x"));
    assert!(!is_ui_resource_uri("ü"));
}

#[test]
fn resource_ui_meta_round_trips_with_every_member() {
    let json = json!({
        "csp": {
            "connectDomains": ["https://api.example.com"],
            "resourceDomains": ["https://*.example.com"],
            "frameDomains": ["https://player.vimeo.com"],
            "baseUriDomains": ["https://cdn.example.com"],
            "wasmUnsafeEval": true
        },
        "permissions": {"camera": {}, "microphone": {}, "geolocation": {}, "clipboardWrite": {}, "tools": {}},
        "domain": "a904794854a047f6.claudemcpcontent.com",
        "prefersBorder": false
    });
    let typed: ResourceUiMeta = round_trip(&json);
    assert_eq!(
        typed.domain.as_deref(),
        Some("a904794854a047f6.claudemcpcontent.com")
    );
    assert_eq!(typed.prefers_border, Some(false));
    let csp = typed.csp.as_ref().unwrap();
    assert_eq!(csp.extra["wasmUnsafeEval"], true);
    let permissions = typed.permissions.as_ref().unwrap();
    assert_eq!(
        permissions.policy_features(),
        ["camera", "microphone", "geolocation", "clipboard-write"]
    );
    assert!(permissions.extra.contains_key("tools"));
}

#[test]
fn content_item_ui_meta_wins_over_the_listing() {
    let listing = meta(json!({"ui": {"prefersBorder": true, "domain": "listing.example"}}));
    let item = meta(json!({"ui": {"csp": {"connectDomains": ["https://a.example"]}}}));
    let effective = ResourceUiMeta::effective(Some(&item), Some(&listing))
        .unwrap()
        .unwrap();
    assert_eq!(
        effective.csp.unwrap().connect_domains.unwrap(),
        ["https://a.example"]
    );
    assert_eq!(
        effective.prefers_border, None,
        "the content item's object wins as a whole"
    );

    let item_without_ui = meta(json!({"other": 1}));
    let effective = ResourceUiMeta::effective(Some(&item_without_ui), Some(&listing))
        .unwrap()
        .unwrap();
    assert_eq!(effective.domain.as_deref(), Some("listing.example"));
    assert_eq!(ResourceUiMeta::effective(None, None).unwrap(), None);
}

#[test]
fn malformed_resource_ui_meta_is_an_error_to_log() {
    let bad = meta(json!({"ui": {"csp": {"connectDomains": "https://a.example"}}}));
    let error = ResourceUiMeta::from_meta(&bad).unwrap_err();
    assert!(matches!(error, ProtocolError::InvalidUiMeta { .. }));
    assert!(ResourceUiMeta::effective(Some(&bad), None).is_err());
}

#[test]
fn python_style_meta_member_is_accepted_on_read_content() {
    let item: ResourceContents = round_trip(&json!({
        "uri": "ui://py/view.html", "mimeType": "text/html;profile=mcp-app", "text": "<html></html>",
        "meta": {"ui": {"prefersBorder": true}}
    }));
    assert_eq!(item.meta, None);
    assert_eq!(item.ui_meta().unwrap().unwrap().prefers_border, Some(true));
}

#[test]
fn client_capability_checks_mime_types_leniently() {
    let capability = UiClientCapability::new(["text/html; profile=mcp-app"]);
    assert!(capability.supports_html());
    assert!(capability.supports(HTML_MIME_TYPE));
    assert!(!capability.supports_cards());
    assert!(UiClientCapability::html_and_cards().supports(CARD_MIME_TYPE));
    assert!(mime_type_matches(
        "Application/VND.mcpapp.card+json",
        CARD_MIME_TYPE
    ));
    assert!(!mime_type_matches("text/html", HTML_MIME_TYPE));

    // Future settings are kept; a missing mimeTypes reads as an empty list (no support).
    let future: UiClientCapability =
        serde_json::from_value(json!({"features": {"x": {}}})).unwrap();
    assert!(future.mime_types.is_empty() && !future.supports_html());
    assert_eq!(
        future.to_value(),
        json!({"features": {"x": {}}, "mimeTypes": []})
    );
}

#[test]
fn client_capability_is_found_only_under_the_extension_key() {
    assert_eq!(EXTENSION_ID, "io.modelcontextprotocol/ui");
    let absent = json!({"extensions": {"io.other/ext": {}}});
    assert_eq!(UiClientCapability::from_client_capabilities(&absent), None);
    let malformed = json!({"extensions": {"io.modelcontextprotocol/ui": {"mimeTypes": "text/html;profile=mcp-app"}}});
    assert_eq!(
        UiClientCapability::from_client_capabilities(&malformed),
        None
    );
    assert_eq!(
        UiClientCapability::from_client_capabilities(&json!({})),
        None
    );
}
