//! A card session reacting to results: a `ui://` card template filled with each tool result,
//! and the answer to the card's own `tools/call` replacing the card or explaining a refusal.

#![allow(clippy::unwrap_used, clippy::indexing_slicing, reason = "tests")]

use mcpapp_host::CardSession;
use serde_json::{Map, json};

#[test]
fn a_card_template_session_shows_the_template_filled_with_each_result() {
    let template =
        r#"{"type": "McpApp", "body": [{"type": "TextBlock", "text": "Hello ${name}"}]}"#;
    let mut session = CardSession::from_template(template);
    let text = |s: &CardSession| serde_json::to_value(&s.card().body[0]).unwrap()["text"].clone();
    assert_eq!(text(&session), json!("Waiting for the tool result…"));
    session.on_host_message(
        &json!({"jsonrpc": "2.0", "method": "ui/notifications/tool-result",
        "params": {"content": [], "structuredContent": {"name": "Ada"}}}),
    );
    assert_eq!(text(&session), json!("Hello Ada"));
    // A template that does not make a valid card says so instead of going blank.
    let mut broken = CardSession::from_template(
        r#"{"type": "McpApp", "body": [{"type": "Image", "url": "javascript:${name}"}]}"#,
    );
    broken.on_host_message(
        &json!({"jsonrpc": "2.0", "method": "ui/notifications/tool-result",
        "params": {"structuredContent": {"name": "Ada"}}}),
    );
    assert_eq!(text(&broken), json!("This card could not be shown."));
}

#[test]
fn the_answer_to_a_cards_call_replaces_the_card_or_says_why_it_was_refused() {
    let card =
        |text: &str| json!({"type": "McpApp", "body": [{"type": "TextBlock", "text": text}]});
    let mut session = CardSession::new(mcpapp_card::parse_value(card("Ask")).card.unwrap());
    let init = session.start();
    let init_id = init[0]["id"].clone();
    session
        .on_host_message(&json!({"jsonrpc": "2.0", "id": init_id, "result": {"hostContext": {}}}));
    let call = mcpapp_card::ToolCall {
        name: "confirm".into(),
        arguments: Map::new(),
    };
    let sent = session.call_tool(&call).unwrap();
    assert_eq!(sent[0]["method"], "tools/call");
    session.on_host_message(&json!({"jsonrpc": "2.0", "id": sent[0]["id"], "error": {
        "code": -32602, "message": "the action was refused", "data": {"reason": "expired"}}}));
    assert_eq!(session.notice(), Some("the action was refused (expired)"));

    let sent = session.call_tool(&call).unwrap();
    assert_eq!(session.notice(), None);
    session.on_host_message(&json!({"jsonrpc": "2.0", "id": sent[0]["id"], "result": {
        "content": [{"type": "text", "text": "Done"}], "structuredContent": card("Cancelled")}}));
    assert_eq!(
        serde_json::to_value(&session.card().body[0]).unwrap()["text"],
        "Cancelled"
    );
}
