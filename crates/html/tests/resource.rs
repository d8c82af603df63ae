//! Reading an HTML MCP App from a `resources/read` result, and the errors that name what is
//! wrong.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

use base64::Engine as _;
use mcpapp_html::{HtmlError, HtmlResource};
use serde_json::json;

const MIME: &str = "text/html;profile=mcp-app";

#[test]
fn a_text_item_with_its_ui_meta() {
    let read = json!({"contents": [{
        "uri": "ui://weather/app",
        "mimeType": MIME,
        "text": "<!doctype html><p>hi</p>",
        "_meta": {"ui": {
            "csp": {"connectDomains": ["https://api.example.com"]},
            "permissions": {"clipboardWrite": {}},
            "domain": "weather.example",
            "prefersBorder": false
        }}
    }]});
    let app = HtmlResource::from_json(&read).unwrap();
    assert_eq!(app.uri, "ui://weather/app");
    assert_eq!(app.html, "<!doctype html><p>hi</p>");
    let csp = app.csp.unwrap();
    assert_eq!(csp.connect_domains.unwrap(), ["https://api.example.com"]);
    assert!(app.permissions.unwrap().clipboard_write.is_some());
    assert_eq!(app.domain.as_deref(), Some("weather.example"));
    assert_eq!(app.prefers_border, Some(false));
}

#[test]
fn a_base64_blob_and_a_spaced_mime_type() {
    let html = "<!doctype html><p>blob ✓</p>";
    let blob = base64::engine::general_purpose::STANDARD.encode(html);
    let read = json!({"contents": [{"uri": "ui://a/b", "mimeType": "text/html; profile=mcp-app", "blob": blob}]});
    let app = HtmlResource::from_json(&read).unwrap();
    assert_eq!(app.html, html);
    assert_eq!(app.csp, None);
    assert_eq!(app.permissions, None);
}

#[test]
fn the_listing_meta_is_the_fallback_and_the_item_wins() {
    let listing = json!({"ui": {"csp": {"connectDomains": ["https://listing.example"]}}});
    let listing = listing.as_object().unwrap();
    let bare = json!({"contents": [{"uri": "ui://a/b", "mimeType": MIME, "text": "x"}]});
    let own = json!({"contents": [{"uri": "ui://a/b", "mimeType": MIME, "text": "x",
        "_meta": {"ui": {"csp": {"connectDomains": ["https://item.example"]}}}}]});
    for (read, domain) in [
        (bare, "https://listing.example"),
        (own, "https://item.example"),
    ] {
        let app = HtmlResource::from_read_result_with_listing(
            &serde_json::from_value(read).unwrap(),
            Some(listing),
        )
        .unwrap();
        assert_eq!(app.csp.unwrap().connect_domains.unwrap(), [domain]);
    }
}

#[test]
fn the_legacy_meta_member_is_read() {
    let read = json!({"contents": [{"uri": "ui://a/b", "mimeType": MIME, "text": "x",
        "meta": {"ui": {"prefersBorder": true}}}]});
    assert_eq!(
        HtmlResource::from_json(&read).unwrap().prefers_border,
        Some(true)
    );
}

fn error_of(read: &serde_json::Value) -> HtmlError {
    match HtmlResource::from_json(read) {
        Ok(app) => panic!("expected an error, read {app:?}"),
        Err(e) => e,
    }
}

#[test]
fn errors_name_what_is_wrong() {
    assert!(matches!(error_of(&json!({})), HtmlError::NoContents));
    assert!(matches!(
        error_of(&json!({"contents": []})),
        HtmlError::NoContents
    ));
    assert!(matches!(
        error_of(&json!({"contents": "nope"})),
        HtmlError::MalformedReadResult(_)
    ));
    assert!(matches!(
        error_of(&json!({"contents": [{"mimeType": MIME, "text": "x"}]})),
        HtmlError::MalformedReadResult(_)
    ));

    let wrong = error_of(&json!({"contents": [
        {"uri": "ui://a/b", "mimeType": "text/html", "text": "x"},
        {"uri": "ui://a/c", "text": "y"}
    ]}));
    assert!(matches!(wrong, HtmlError::WrongMimeType { .. }));
    let message = wrong.to_string();
    assert!(message.contains("text/html, none"), "{message}");
    assert!(message.contains(MIME), "{message}");

    let no_body = error_of(&json!({"contents": [{"uri": "ui://a/b", "mimeType": MIME}]}));
    assert!(matches!(&no_body, HtmlError::NoBody { uri } if uri == "ui://a/b"));

    let bad = error_of(
        &json!({"contents": [{"uri": "ui://a/b", "mimeType": MIME, "blob": "!!not base64!!"}]}),
    );
    assert!(matches!(&bad, HtmlError::BadBase64 { uri, .. } if uri == "ui://a/b"));
    assert!(bad.to_string().contains("base64"));

    let latin1 = base64::engine::general_purpose::STANDARD.encode([0xff_u8, 0xfe, 0x41]);
    assert!(matches!(
        error_of(&json!({"contents": [{"uri": "ui://a/b", "mimeType": MIME, "blob": latin1}]})),
        HtmlError::NotUtf8 { .. }
    ));

    let meta = error_of(
        &json!({"contents": [{"uri": "ui://a/b", "mimeType": MIME, "text": "x",
        "_meta": {"ui": {"csp": {"connectDomains": "https://not-a-list.example"}}}}]}),
    );
    assert!(matches!(meta, HtmlError::BadUiMeta { .. }), "{meta}");
}
