//! The A2UI session on its own, message by message: A2UI that streams in with the tool input,
//! results that carry it in `structuredContent`, what it cannot apply (kept for the user and
//! reported to a server's `error` tool), and the answers to its calls.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

use mcpapp_a2ui::Pointer;
use mcpapp_host::A2uiSession;
use serde_json::{Value, json};

const BASIC: &str = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json";

fn create() -> Value {
    json!({"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": BASIC}})
}

fn components() -> Value {
    json!({"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [
        {"id": "root", "component": "Text", "text": {"path": "/greeting"}}]}})
}

fn data(text: &str) -> Value {
    json!({"version": "v0.9", "updateDataModel": {"surfaceId": "s", "path": "/greeting", "value": text}})
}

/// A session past `ui/initialize`, with the server's tools `tools`.
fn ready(tools: &[&str]) -> A2uiSession {
    let mut session = A2uiSession::new(None, tools.iter().map(|t| (*t).to_owned()));
    let start = session.start();
    assert_eq!(start[0]["method"], "ui/initialize");
    let sent = session.on_host_message(&json!({"jsonrpc": "2.0", "id": 1, "result": {
        "protocolVersion": "2026-01-26", "hostCapabilities": {}, "hostInfo": {"name": "h", "version": "1"},
        "hostContext": {"theme": "dark"}}}));
    assert_eq!(sent[0]["method"], "ui/notifications/initialized");
    assert!(session.is_dark());
    session
}

fn notify(session: &mut A2uiSession, method: &str, params: &Value) -> Vec<Value> {
    session.on_host_message(&json!({"jsonrpc": "2.0", "method": method, "params": params}))
}

fn greeting(session: &A2uiSession) -> Option<Value> {
    let surface = session.processor().surface("s")?;
    surface.property("root", "text", &Pointer::root()).ok()
}

#[test]
fn a2ui_streamed_in_the_tool_input_is_applied_message_by_message_as_it_completes() {
    let mut session = ready(&[]);
    let partial = |messages: Vec<Value>| json!({"arguments": {"messages": messages}});
    // The last message of a partial input may still be cut: it waits.
    notify(
        &mut session,
        "ui/notifications/tool-input-partial",
        &partial(vec![create()]),
    );
    assert!(session.processor().surfaces().is_empty());
    notify(
        &mut session,
        "ui/notifications/tool-input-partial",
        &partial(vec![create(), components(), json!({"version": "v0.9"})]),
    );
    assert!(session.processor().surface("s").is_some());
    let revision = session.revision();
    // The whole input: what is left is applied, nothing twice.
    notify(
        &mut session,
        "ui/notifications/tool-input",
        &partial(vec![create(), components(), data("Hello")]),
    );
    assert_eq!(greeting(&session).unwrap(), "Hello");
    assert!(session.problems().is_empty(), "{:?}", session.problems());
    assert!(session.revision() > revision);
}

#[test]
fn a_result_in_structured_content_updates_and_a_broken_one_is_kept_and_reported() {
    let mut session = ready(&["error"]);
    let result = json!({"content": [], "structuredContent": [create(), components(), data("Hi")]});
    let sent = notify(&mut session, "ui/notifications/tool-result", &result);
    assert!(sent.is_empty());
    assert_eq!(greeting(&session).unwrap(), "Hi");
    // Data for a surface never created: not applied, said, and told to the `error` tool.
    let stray = json!({"version": "v0.9", "updateDataModel": {"surfaceId": "other", "value": {}}});
    let sent = notify(
        &mut session,
        "ui/notifications/tool-result",
        &json!({"structuredContent": stray}),
    );
    assert_eq!(session.problems().len(), 1, "{:?}", session.problems());
    assert!(session.problems()[0].message.contains("other"));
    assert_eq!(sent[0]["method"], "tools/call");
    assert_eq!(sent[0]["params"]["name"], "error");
    assert_eq!(sent[0]["params"]["arguments"]["code"], "VALIDATION_FAILED");
}

#[test]
fn answers_update_the_surface_or_become_the_notice() {
    let mut session = ready(&["greet"]);
    notify(
        &mut session,
        "ui/notifications/tool-result",
        &json!({"structuredContent": [create(), components(), data("Hi")]}),
    );
    let action = serde_json::from_value(json!({"name": "greet", "surfaceId": "s",
        "sourceComponentId": "root", "timestamp": "t", "context": {}}))
    .unwrap();
    let call = session.action(&action).unwrap();
    let id = call[0]["id"].clone();
    let answer = json!({"jsonrpc": "2.0", "id": id, "result": {"content": [
        {"type": "resource", "resource": {"uri": "ui://g", "mimeType": "application/a2ui+json",
         "text": data("Hello again").to_string()}}]}});
    session.on_host_message(&answer);
    assert_eq!(greeting(&session).unwrap(), "Hello again");
    assert!(session.notice().is_none());
    assert!(
        session.save_due().is_some(),
        "an answer's change is saved at once"
    );

    let call = session.action(&action).unwrap();
    let refused = json!({"jsonrpc": "2.0", "id": call[0]["id"], "error": {"code": -32602,
        "message": "refused", "data": {"reason": "bad-signature"}}});
    session.on_host_message(&refused);
    assert_eq!(session.notice(), Some("refused (bad-signature)"));

    // Locked while the model replies: nothing goes.
    notify(
        &mut session,
        "ui/notifications/response-generation-status",
        &json!({"isPending": true}),
    );
    assert!(matches!(
        session.action(&action),
        Err(mcpapp_host::Error::Locked)
    ));
}
