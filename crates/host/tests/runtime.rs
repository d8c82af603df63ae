//! The runtime: the host wired to a real MCP server (the test server, a child process) and a
//! view behind a channel port. The agent's call opens the app; the view initializes, gets the
//! tool's input and result in that order, and its own `tools/call` goes through the host to
//! the server and back. The trace shows the exact message sequence.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic,
    reason = "tests"
)]

mod support;

use std::sync::Arc;
use std::time::Duration;

use mcpapp_host::store::MemoryStore;
use mcpapp_host::{
    AgentCall, AppHost, ChannelPort, Direction, HostEvent, HostOptions, Runtime, RuntimeError,
    ViewEnd, ViewKind,
};
use mcpapp_protocol::DisplayMode;
use serde_json::{Map, Value, json};

async fn runtime() -> Runtime {
    runtime_and_events().await.0
}

/// A runtime on the test server, and what the host said when the server was added (the test
/// server lists one tool with malformed metadata, which is reported).
async fn runtime_and_events() -> (Runtime, Vec<HostEvent>) {
    let conn = support::connect_test_server().await;
    let mut runtime = Runtime::new(AppHost::new(
        HostOptions::default(),
        Arc::new(MemoryStore::default()),
    ));
    runtime.add_server(Arc::new(conn));
    let events = runtime.poll_events();
    (runtime, events)
}

/// A scripted view: initializes, waits for the tool result, calls `refresh`, and reports the
/// answer.
async fn scripted_view(mut end: ViewEnd) -> Value {
    let send = |m: Value| end.to_host.send(m).unwrap();
    send(
        json!({"jsonrpc": "2.0", "id": 1, "method": "ui/initialize", "params": {
        "appInfo": {"name": "scripted", "version": "1"}, "appCapabilities": {},
        "protocolVersion": "2026-01-26"}}),
    );
    loop {
        let message = end.from_host.recv().await.unwrap();
        if message["id"] == 1 {
            send(json!({"jsonrpc": "2.0", "method": "ui/notifications/initialized", "params": {}}));
        } else if message["method"] == "ui/notifications/tool-result" {
            send(json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                "params": {"name": "refresh", "arguments": {}}}));
        } else if message["id"] == 2 {
            return message;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_agent_call_opens_the_app_and_its_messages_go_through_in_order() {
    let mut runtime = runtime().await;
    runtime.record();
    let mut arguments = Map::new();
    arguments.insert("title".into(), json!("Quarterly review"));
    let AgentCall::App(instance) = runtime
        .agent_call(
            "test",
            "show_card",
            arguments,
            "call-1",
            DisplayMode::Inline,
        )
        .await
        .unwrap()
    else {
        panic!("show_card has a view")
    };

    let event = runtime.next_event().await;
    let HostEvent::OpenApp {
        instance: opened,
        spec,
        ..
    } = event
    else {
        panic!("{event:?}")
    };
    assert_eq!(opened, instance);
    assert_eq!(spec.kind, ViewKind::Card);
    let (port, end) = ChannelPort::pair();
    runtime.attach(instance, Box::new(port));
    let view = tokio::spawn(scripted_view(end));

    let answer = tokio::time::timeout(Duration::from_secs(20), async {
        loop {
            tokio::select! {
                _ = runtime.next_event() => {}
                () = tokio::time::sleep(Duration::from_millis(20)) => {
                    if view.is_finished() { break; }
                }
            }
        }
        view.await.unwrap()
    })
    .await
    .expect("the view finished");
    assert_eq!(
        answer["result"]["structuredContent"],
        json!({"refreshed": true})
    );

    let sequence: Vec<(Direction, String)> = runtime
        .trace()
        .iter()
        .map(|t| {
            let label = t
                .method()
                .map_or_else(|| format!("response {}", t.message["id"]), str::to_owned);
            (t.direction, label)
        })
        .collect();
    let expected = [
        (Direction::ToHost, "ui/initialize"),
        (Direction::ToView, "response 1"),
        (Direction::ToHost, "ui/notifications/initialized"),
        (Direction::ToView, "ui/notifications/tool-input"),
        (Direction::ToView, "ui/notifications/tool-result"),
        (Direction::ToHost, "tools/call"),
        (Direction::ToView, "response 2"),
    ];
    let expected: Vec<(Direction, String)> = expected
        .iter()
        .map(|(d, l)| (*d, (*l).to_owned()))
        .collect();
    assert_eq!(sequence, expected);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_view_that_goes_away_closes_its_app_and_other_calls_are_answered() {
    let mut runtime = runtime().await;
    assert!(matches!(
        runtime
            .agent_call("nope", "show_card", Map::new(), "c", DisplayMode::Inline)
            .await,
        Err(RuntimeError::UnknownServer(_))
    ));
    let mut text = Map::new();
    text.insert("text".into(), json!("hi"));
    let done = runtime
        .agent_call("test", "echo", text, "c", DisplayMode::Inline)
        .await
        .unwrap();
    assert!(
        matches!(&done, AgentCall::Done(result) if result.content[0].as_text() == Some("hi")),
        "{done:?}"
    );
    let AgentCall::App(instance) = runtime
        .agent_call(
            "test",
            "show_card",
            Map::new(),
            "call-2",
            DisplayMode::Inline,
        )
        .await
        .unwrap()
    else {
        panic!("show_card has a view")
    };
    assert!(matches!(
        runtime.next_event().await,
        HostEvent::OpenApp { .. }
    ));
    let (port, end) = ChannelPort::pair();
    runtime.attach(instance, Box::new(port));
    drop(end);
    let closed = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            if let HostEvent::CloseApp { instance: i, .. } = runtime.next_event().await {
                return i;
            }
        }
    })
    .await
    .unwrap();
    assert_eq!(closed, instance);
}

/// A view that initializes, then calls the tools `names` one after the other (each after the
/// answer to the one before, with a pause after `unlock` for the list to be read again), and
/// returns the answers.
async fn calling_view(mut end: ViewEnd, names: &'static [&'static str]) -> Vec<Value> {
    let send = |end: &ViewEnd, m: Value| end.to_host.send(m).unwrap();
    send(
        &end,
        json!({"jsonrpc": "2.0", "id": 0, "method": "ui/initialize", "params": {
        "appInfo": {"name": "scripted", "version": "1"}, "appCapabilities": {},
        "protocolVersion": "2026-01-26"}}),
    );
    let mut answers = Vec::new();
    let mut next = 0;
    loop {
        let message = end.from_host.recv().await.unwrap();
        let ask = if message["id"] == 0 {
            send(
                &end,
                json!({"jsonrpc": "2.0", "method": "ui/notifications/initialized", "params": {}}),
            );
            false
        } else if message["method"] == "ui/notifications/tool-result" {
            true
        } else if message.get("method").is_none() && message["id"].as_i64().is_some() {
            if names.get(next - 1) == Some(&"unlock") {
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
            answers.push(message);
            true
        } else {
            false
        };
        if ask {
            let Some(name) = names.get(next) else {
                return answers;
            };
            next += 1;
            send(
                &end,
                json!({"jsonrpc": "2.0", "id": next, "method": "tools/call",
                    "params": {"name": name, "arguments": {}}}),
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_visibility_fails_closed_and_a_changed_tool_list_reaches_the_host() {
    let (mut runtime, mut events) = runtime_and_events().await;
    let AgentCall::App(instance) = runtime
        .agent_call(
            "test",
            "show_card",
            Map::new(),
            "call-1",
            DisplayMode::Inline,
        )
        .await
        .unwrap()
    else {
        panic!("show_card has a view")
    };
    let (port, end) = ChannelPort::pair();
    runtime.attach(instance, Box::new(port));
    let view = tokio::spawn(calling_view(
        end,
        &["bad_visibility", "late", "unlock", "late"],
    ));
    let answers = tokio::time::timeout(Duration::from_secs(20), async {
        loop {
            tokio::select! {
                event = runtime.next_event() => events.push(event),
                () = tokio::time::sleep(Duration::from_millis(20)) => {
                    if view.is_finished() { break; }
                }
            }
        }
        view.await.unwrap()
    })
    .await
    .expect("the view finished");
    // The malformed visibility is nobody's: refused, not called.
    assert_eq!(answers[0]["error"]["code"], -32602, "{}", answers[0]);
    // `late` is not listed yet; after `unlock` the server says its list changed, and the
    // host's copy follows.
    assert_eq!(answers[1]["error"]["code"], -32602, "{}", answers[1]);
    assert_eq!(answers[2]["result"]["structuredContent"]["unlocked"], true);
    assert_eq!(
        answers[3]["result"]["structuredContent"]["called"], true,
        "{}",
        answers[3]
    );
    // And the malformed tool was reported when the host learnt of it.
    assert!(
        events
            .iter()
            .any(|e| matches!(e, HostEvent::Log { message, .. }
            if message.contains("`bad_visibility`") && message.contains("must be an array"))),
        "{events:?}"
    );
}
