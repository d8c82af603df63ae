//! Declaring views and the tools that open them, and choosing a view per client.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

use mcpapp_protocol::{
    CARD_MIME_TYPE, HTML_MIME_TYPE, ResourceCsp, ResourcePermissions, Tool, UiClientCapability,
    Visibility,
};
use mcpapp_server::{ClientUi, Error, UiResource, app_only_tool};
use serde_json::json;

fn tool(name: &str) -> Tool {
    serde_json::from_value(json!({"name": name, "inputSchema": {"type": "object"}})).unwrap()
}

#[test]
fn an_html_view_carries_its_sandbox_request_in_listing_and_contents() {
    let view = UiResource::html("ui://w/app", "app", "<!doctype html><p>hi</p>")
        .unwrap()
        .title("App")
        .csp(ResourceCsp {
            connect_domains: Some(vec!["https://api.example.com".into()]),
            resource_domains: Some(vec!["https://*.cdn.example.com".into()]),
            ..ResourceCsp::default()
        })
        .unwrap()
        .permissions(ResourcePermissions {
            geolocation: Some(mcpapp_protocol::EmptyObject {}),
            ..ResourcePermissions::default()
        })
        .prefers_border(true);
    let expected = json!({"ui": {
        "csp": {"connectDomains": ["https://api.example.com"],
                "resourceDomains": ["https://*.cdn.example.com"]},
        "permissions": {"geolocation": {}},
        "prefersBorder": true
    }});
    let listing = serde_json::to_value(view.listing()).unwrap();
    assert_eq!(listing["_meta"], expected);
    assert_eq!(listing["mimeType"], HTML_MIME_TYPE);
    assert_eq!(listing["title"], "App");
    let read = serde_json::to_value(view.read_result()).unwrap();
    assert_eq!(read["contents"].as_array().unwrap().len(), 1);
    assert_eq!(read["contents"][0]["_meta"], expected);
    assert_eq!(read["contents"][0]["text"], "<!doctype html><p>hi</p>");
    // What a host reads back is what was declared.
    let contents = view.contents();
    assert_eq!(contents.ui_meta().unwrap().as_ref(), Some(view.ui_meta()));
}

#[test]
fn a_csp_entry_that_could_inject_a_directive_is_refused() {
    let view = UiResource::html("ui://w/app", "app", "<!DOCTYPE html>").unwrap();
    let error = view
        .csp(ResourceCsp {
            connect_domains: Some(vec!["https://a.com; script-src *".into()]),
            ..ResourceCsp::default()
        })
        .unwrap_err();
    assert!(matches!(error, Error::BadCspEntry { ref entry, .. } if entry.contains("script-src")));
    assert!(error.to_string().contains("ui://w/app"));
}

#[test]
fn a_tool_opens_its_view_with_both_keys_and_its_visibility() {
    let view = UiResource::html("ui://w/app", "app", "<!doctype html>").unwrap();
    let opened = view
        .opened_by(tool("show"), &[Visibility::Model, Visibility::App])
        .unwrap();
    let meta = opened.meta.as_ref().unwrap();
    assert_eq!(meta["ui"]["resourceUri"], "ui://w/app");
    assert_eq!(meta["ui/resourceUri"], "ui://w/app");
    assert_eq!(meta["ui"]["visibility"], json!(["model", "app"]));
    assert_eq!(opened.ui_resource_uri().as_deref(), Some("ui://w/app"));

    let helper = app_only_tool(tool("poll"));
    assert!(!helper.is_model_visible());
    assert!(helper.is_app_visible());
    assert_eq!(helper.ui_resource_uri(), None);
}

#[test]
fn a_card_template_view_has_the_card_mime_type() {
    let view = UiResource::card_template(
        "ui://w/card",
        "card",
        &json!({"type": "AdaptiveCard", "version": "1.6", "body": [{"type": "TextBlock", "text": "${city}"}]}),
    )
    .unwrap();
    assert_eq!(view.mime_type(), CARD_MIME_TYPE);
    let text = view.contents().text.unwrap();
    assert!(text.contains("${city}"));
}

#[test]
fn the_view_follows_the_clients_order_of_preference() {
    let offers = [HTML_MIME_TYPE, CARD_MIME_TYPE];
    let client = |mimes: &[&str]| ClientUi::new(UiClientCapability::new(mimes.iter().copied()));
    assert_eq!(
        client(&[HTML_MIME_TYPE, CARD_MIME_TYPE]).preferred_view(&offers),
        Some(HTML_MIME_TYPE)
    );
    assert_eq!(
        client(&[CARD_MIME_TYPE, HTML_MIME_TYPE]).preferred_view(&offers),
        Some(CARD_MIME_TYPE)
    );
    assert_eq!(
        client(&[CARD_MIME_TYPE]).preferred_view(&offers),
        Some(CARD_MIME_TYPE)
    );
    // Mime types compare loosely, as hosts write them.
    assert_eq!(
        client(&["text/html; profile=mcp-app"]).preferred_view(&offers),
        Some(HTML_MIME_TYPE)
    );
    assert_eq!(client(&["image/png"]).preferred_view(&offers), None);
    assert_eq!(ClientUi::plain().preferred_view(&offers), None);
}
