//! The host pipeline end to end with a real MCP server (the repository's test server, a child
//! process): the agent calls a UI tool, the card template is read and filled with the result,
//! the card session initializes, and the card's action calls an app-only tool through the host
//! and the MCP connection.

mod support;
use support::JsonAnswers as _;

use std::sync::Arc;

use mcpapp_host::store::MemoryStore;
use mcpapp_host::{
    AppHost, AppSpec, CardSession, HostEvent, HostOptions, Output, ServerCall, ViewKind,
};
use mcpapp_protocol::DisplayMode;
use serde_json::{Value, json};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[expect(
    clippy::too_many_lines,
    reason = "one end-to-end scenario, step after step"
)]
async fn a_card_app_calls_an_app_only_tool_through_the_host() {
    let conn = support::connect_test_server().await;
    let mut host = AppHost::new(HostOptions::default(), Arc::new(MemoryStore::default()));
    host.set_server_tools("test", conn.tools());
    // The test server's one tool with malformed metadata is reported, and nothing else.
    let reported = host.drain();
    assert!(
        matches!(&reported[..], [Output::Event(HostEvent::Log { message, .. })] if message.contains("bad_visibility")),
        "{reported:?}"
    );

    // The agent calls the UI tool.
    let tool = conn.tool("show_card").unwrap();
    let ui = tool.ui_meta().unwrap();
    let resource_uri = ui.resource_uri.clone().unwrap();
    let instance = host.tool_call_started(AppSpec {
        server: "test".into(),
        tool: tool.clone(),
        tool_call_id: "call-7".into(),
        resource_uri: resource_uri.clone(),
        kind: ViewKind::Card,
        display_mode: DisplayMode::Inline,
    });
    assert!(matches!(
        &host.drain()[..],
        [Output::Event(HostEvent::OpenApp { .. })]
    ));
    let arguments = json!({"title": "Quarterly review"});
    host.tool_input("call-7", &arguments);
    let result = conn
        .call_tool("show_card", arguments.as_object().unwrap().clone())
        .await
        .unwrap();
    host.tool_result("call-7", &result);

    // The embedder builds the card from its template and the result's data.
    let resource = conn.read_json(&resource_uri).await.unwrap();
    let template = resource["contents"][0]["text"].as_str().unwrap();
    let parsed = mcpapp_card::parse_template(
        template.as_bytes(),
        result.structured_content.as_ref().unwrap(),
    );
    assert!(parsed.is_valid(), "{:#?}", parsed.diagnostics);
    let card = parsed.card.unwrap();
    assert_eq!(
        serde_json::to_value(&card.body[0]).unwrap()["text"],
        json!("Quarterly review")
    );
    let mut session = CardSession::new(card);

    // Run the pipeline: card session ⇄ host ⇄ MCP connection.
    let mut from_view = session.start();
    let refresh = mcpapp_card::parse_value(json!({"type": "McpApp", "actions": [
        {"type": "Action.Submit", "title": "Refresh", "data": {"mcp_tool_name": "refresh"}}]}))
    .card
    .unwrap();
    let mut submitted = false;
    let mut answer: Option<Value> = None;
    for _ in 0..20 {
        for message in std::mem::take(&mut from_view) {
            host.view_message(instance, message);
        }
        for output in host.drain() {
            match output {
                Output::ToView { message, .. } => {
                    if message.get("id") == Some(&json!(2)) {
                        answer = Some(message.clone());
                    }
                    from_view.extend(session.on_host_message(&message));
                }
                Output::ToServer {
                    instance,
                    request,
                    call,
                    server,
                } => {
                    assert_eq!(server, "test");
                    let ServerCall::CallTool { name, arguments } = call else {
                        panic!()
                    };
                    let reply = conn
                        .call_json(&name, arguments)
                        .await
                        .map_err(|e| e.to_jsonrpc_error());
                    host.server_reply(instance, &request, reply);
                }
                Output::Event(_) | Output::Answer { .. } | Output::Sampled { .. } => {}
            }
        }
        if !submitted && session.tool_input().is_some() {
            submitted = true;
            from_view.extend(
                session
                    .submit(&refresh.actions[0], json!({"mcp_tool_name": "refresh"}))
                    .unwrap(),
            );
        }
        if answer.is_some() {
            break;
        }
    }
    let answer = answer.expect("the app's tools/call was answered");
    assert_eq!(
        answer["result"]["structuredContent"],
        json!({"refreshed": true})
    );
    conn.close().await;
}
