//! A card session reacting to results: a `ui://` card template filled with each tool result,
//! and the answer to the card's own `tools/call` replacing the card or explaining a refusal.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

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
        finishes: false,
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

/// A session that completed `ui/initialize`.
fn ready(card: &serde_json::Value) -> CardSession {
    let mut session = CardSession::new(mcpapp_card::parse_value(card.clone()).card.unwrap());
    let init = session.start();
    session.on_host_message(
        &json!({"jsonrpc": "2.0", "id": init[0]["id"], "result": {"hostContext": {}}}),
    );
    session
}

#[test]
fn the_whole_view_state_is_saved_and_the_card_an_answer_showed_comes_back() {
    let ask = json!({"type": "McpApp", "body": [
        {"type": "Input.Text", "id": "reason"},
        {"type": "Container", "id": "more", "isVisible": false, "items": [{"type": "TextBlock", "text": "More"}]}
    ], "actions": [{"type": "Action.Submit", "title": "Send", "data": {"mcp_tool_name": "confirm"}}]});
    let mut session = ready(&ask);
    let now = std::time::Instant::now();
    let mut state = session.state().clone();
    state
        .values
        .set("reason", mcpapp_card::InputValue::Text("late".into()));
    state.visibility.insert("more".into(), true);
    session.state_changed(&state, now);
    assert!(session.flush(now).is_empty(), "a save waits for a pause");
    let saved = session.flush(now + mcpapp_host::SAVE_DEBOUNCE);
    assert_eq!(saved[0]["method"], "ui/notifications/save-state");
    assert_eq!(saved[0]["params"]["state"]["values"]["reason"], "late");
    assert_eq!(saved[0]["params"]["state"]["visibility"]["more"], true);
    assert!(saved[0]["params"]["state"].get("card").is_none());

    // The answer to the card's own call shows a new card: it is saved at once, with the card.
    let call = mcpapp_card::ToolCall {
        name: "confirm".into(),
        arguments: Map::new(),
        finishes: false,
    };
    let sent = session.call_tool(&call).unwrap();
    let done = json!({"type": "McpApp", "body": [{"type": "TextBlock", "text": "Done"}]});
    session.on_host_message(&json!({"jsonrpc": "2.0", "id": sent[0]["id"], "result": {
        "content": [], "structuredContent": done}}));
    let saved = session.flush(now);
    assert_eq!(
        saved[0]["params"]["state"]["card"]["body"][0]["text"],
        "Done"
    );

    // A new view of the same app gets the original result, then the state: the answer's
    // card comes back on top of it.
    let mut fresh = ready(&ask);
    fresh.on_host_message(
        &json!({"jsonrpc": "2.0", "method": "ui/notifications/load-state",
        "params": {"state": saved[0]["params"]["state"]}}),
    );
    assert_eq!(
        serde_json::to_value(&fresh.card().body[0]).unwrap()["text"],
        "Done"
    );
    // A saved card that does not read as a valid card is ignored; the values still come back.
    let mut other = ready(&ask);
    other.on_host_message(
        &json!({"jsonrpc": "2.0", "method": "ui/notifications/load-state",
        "params": {"state": {"values": {"reason": "x"}, "card": {"type": "McpApp", "body": [
            {"type": "Image", "url": "javascript:alert(1)"}]}}}}),
    );
    assert_eq!(other.card().body[0].type_name(), "Input.Text");
    assert_eq!(
        other.take_restored().unwrap().values.get("reason"),
        Some(&mcpapp_card::InputValue::Text("x".into()))
    );
    // Bare input values, as earlier versions saved them, still restore.
    let mut old = ready(&ask);
    old.on_host_message(
        &json!({"jsonrpc": "2.0", "method": "ui/notifications/load-state",
        "params": {"state": {"reason": "older"}}}),
    );
    assert_eq!(
        old.take_restored().unwrap().values.get("reason"),
        Some(&mcpapp_card::InputValue::Text("older".into()))
    );
}

#[test]
fn a_final_card_says_it_is_done_once_it_is_connected_and_only_once() {
    let mut session = CardSession::new(
        mcpapp_card::parse_value(json!({"type": "McpApp", "isFinal": true, "body": []}))
            .card
            .unwrap(),
    );
    // Not connected yet: nothing can be said.
    assert!(session.done().is_empty());
    let init = session.start();
    let sent = session.on_host_message(
        &json!({"jsonrpc": "2.0", "id": init[0]["id"], "result": {"hostContext": {}}}),
    );
    let methods: Vec<&str> = sent.iter().map(|m| m["method"].as_str().unwrap()).collect();
    assert_eq!(
        methods,
        [
            "ui/notifications/initialized",
            "ui/notifications/close-ws-app"
        ]
    );
    assert!(session.is_finished());
    assert!(session.done().is_empty());
}
