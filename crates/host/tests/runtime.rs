//! The runtime: the host wired to a real MCP server (the test server, a child process) and a
//! view behind a channel port. The agent's call opens the app; the view initializes, gets the
//! tool's input and result in that order, and its own `tools/call` goes through the host to
//! the server and back. The trace shows the exact message sequence.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

mod support;

use std::sync::Arc;
use std::time::Duration;

use mcpapp_host::store::MemoryStore;
use mcpapp_host::{
    AgentCall, AppHost, ChannelPort, Error, HostEvent, HostOptions, InstanceId, Runtime,
    TraceDirection, ViewEnd, ViewKind,
};
use mcpapp_protocol::DisplayMode;
use serde_json::{Map, Value, json};
use support::{initialize, initialized};

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

/// A scripted view: initializes, waits for the tool result, sends the request `method` with
/// `params` (id 2), and returns the answer.
async fn asking_view(mut end: ViewEnd, method: &'static str, params: Value) -> Value {
    let send = |m: Value| end.to_host.send(m).unwrap();
    send(initialize(1));
    loop {
        let message = end.from_host.recv().await.unwrap();
        if message["id"] == 1 {
            send(initialized());
        } else if message["method"] == "ui/notifications/tool-result" {
            send(json!({"jsonrpc": "2.0", "id": 2, "method": method, "params": params.clone()}));
        } else if message["id"] == 2 {
            return message;
        }
    }
}

/// The agent calls `show_card` of the test server with `arguments`; the app it opens.
async fn open_show_card(
    runtime: &mut Runtime,
    arguments: Map<String, Value>,
    call: &str,
) -> InstanceId {
    let AgentCall::App(instance) = runtime
        .agent_call("test", "show_card", arguments, call, DisplayMode::Inline)
        .await
        .unwrap()
    else {
        panic!("show_card has a view")
    };
    instance
}

/// Attaches a view to `instance` and runs `view` on its end until it returns (20 s at most),
/// the runtime's events meanwhile going to `events`; what the view returned.
async fn run_view<T, F>(
    runtime: &mut Runtime,
    instance: InstanceId,
    view: impl FnOnce(ViewEnd) -> F,
    events: &mut Vec<HostEvent>,
) -> T
where
    F: Future<Output = T> + Send + 'static,
    T: Send + 'static,
{
    let (port, end) = ChannelPort::pair();
    runtime.attach(instance, Box::new(port));
    let view = tokio::spawn(view(end));
    tokio::time::timeout(Duration::from_secs(20), async {
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
    .expect("the view finished")
}

/// A view that calls the test server's `refresh` once it has its result; the answer.
async fn refreshing_view(end: ViewEnd) -> Value {
    asking_view(
        end,
        "tools/call",
        json!({"name": "refresh", "arguments": {}}),
    )
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_agent_call_opens_the_app_and_its_messages_go_through_in_order() {
    let mut runtime = runtime().await;
    runtime.record();
    let mut arguments = Map::new();
    arguments.insert("title".into(), json!("Quarterly review"));
    let instance = open_show_card(&mut runtime, arguments, "call-1").await;

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
    let answer = run_view(&mut runtime, instance, refreshing_view, &mut Vec::new()).await;
    assert_eq!(
        answer["result"]["structuredContent"],
        json!({"refreshed": true})
    );

    let sequence: Vec<(TraceDirection, String)> = runtime
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
        (TraceDirection::ToHost, "ui/initialize"),
        (TraceDirection::ToView, "response 1"),
        (TraceDirection::ToHost, "ui/notifications/initialized"),
        (TraceDirection::ToView, "ui/notifications/tool-input"),
        (TraceDirection::ToView, "ui/notifications/tool-result"),
        (TraceDirection::ToHost, "tools/call"),
        (TraceDirection::ToView, "response 2"),
    ];
    let expected: Vec<(TraceDirection, String)> = expected
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
        Err(Error::UnknownServer(_))
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
    let instance = open_show_card(&mut runtime, Map::new(), "call-2").await;
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
    send(&end, initialize(0));
    let mut answers = Vec::new();
    let mut next = 0;
    loop {
        let message = end.from_host.recv().await.unwrap();
        let ask = if message["id"] == 0 {
            send(&end, initialized());
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
    let instance = open_show_card(&mut runtime, Map::new(), "call-1").await;
    let names = &["bad_visibility", "late", "unlock", "late"];
    let answers = run_view(
        &mut runtime,
        instance,
        |end| calling_view(end, names),
        &mut events,
    )
    .await;
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

/// A model that always says the same.
struct Model;

impl mcpapp_host::mcp::SamplingHandler for Model {
    fn sample(
        &self,
        request: mcpapp_host::mcp::SamplingRequest,
    ) -> mcpapp_host::mcp::HandlerFuture<'_, Result<Value, String>> {
        let asked = request.params["messages"][0]["content"]["text"].clone();
        Box::pin(async move {
            Ok(json!({"role": "assistant", "model": "test-model",
                      "content": {"type": "text", "text": format!("you said {asked}")}}))
        })
    }
}

/// A view that asks for a sample once it has its result, and reports the answer.
async fn sampling_view(end: ViewEnd) -> Value {
    let params = json!({"messages": [{"role": "user", "content": {"type": "text", "text": "hi"}}],
                        "maxTokens": 20});
    asking_view(end, "sampling/createMessage", params).await
}

/// The test server with `sampling` as the connection's hook, a runtime on it, and a view of
/// `show_card` asking for a sample; what the view got.
async fn sample_from_a_view(sampling: Option<Arc<dyn mcpapp_host::mcp::SamplingHandler>>) -> Value {
    use mcpapp_host::mcp::{ClientOptions, Handlers, McpConnection, ServerSpec};
    let spec = ServerSpec::stdio(
        support::test_server_path().to_str().unwrap(),
        Vec::<String>::new(),
    );
    let options = ClientOptions {
        handlers: Handlers {
            elicitation: None,
            sampling,
        },
        ..ClientOptions::default()
    };
    let conn = McpConnection::connect("test", &spec, &options)
        .await
        .unwrap();
    let mut runtime = Runtime::new(AppHost::new(
        HostOptions::default(),
        Arc::new(MemoryStore::default()),
    ));
    runtime.add_server(Arc::new(conn));
    let mut arguments = Map::new();
    arguments.insert("title".into(), json!("Sampling"));
    let instance = open_show_card(&mut runtime, arguments, "call-1").await;
    run_view(&mut runtime, instance, sampling_view, &mut Vec::new()).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_views_sampling_request_goes_to_the_hook_and_is_refused_without_one() {
    let answered = sample_from_a_view(Some(Arc::new(Model))).await;
    assert_eq!(
        answered["result"]["content"]["text"], "you said \"hi\"",
        "{answered}"
    );
    assert_eq!(answered["result"]["model"], "test-model");

    let refused = sample_from_a_view(None).await;
    assert!(
        refused["error"]["message"]
            .as_str()
            .unwrap()
            .contains("does not sample"),
        "{refused}"
    );
}

/// An agent call that is refused: the tool, the call id, the kind of error and its message.
type Refusal = (&'static str, &'static str, fn(&Error) -> bool, &'static str);

/// The defects: an embedder's agent call ran an app-only tool, and opened a view named by
/// any scheme. Both are refused, before anything reaches the server or the host.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn agent_calls_of_app_only_tools_and_of_views_outside_ui_are_refused() {
    let mut runtime = runtime().await;
    let refusals: [Refusal; 2] = [
        (
            "refresh",
            "c1",
            |e| matches!(e, Error::AppOnlyTool { .. }),
            "the tool `refresh` of server `test` is for its apps only, not for the model",
        ),
        (
            "file_view",
            "c2",
            |e| matches!(e, Error::View { .. }),
            "view `file:///test/page.html`: only `ui://` resources open views",
        ),
    ];
    for (tool, call, is_expected, said) in refusals {
        let refused = runtime
            .agent_call("test", tool, Map::new(), call, DisplayMode::Inline)
            .await;
        match refused {
            Err(error) if is_expected(&error) => assert_eq!(error.to_string(), said),
            other => panic!("{other:?}"),
        }
    }
    // Nothing was opened.
    assert!(runtime.host().open_instances().is_empty());
    assert!(
        runtime
            .poll_events()
            .iter()
            .all(|e| !matches!(e, HostEvent::OpenApp { .. }))
    );
}

/// A view that lists its server's resources once it has its result; the answer.
async fn listing_view(end: ViewEnd) -> Value {
    asking_view(end, "resources/list", json!({})).await
}

/// The defect: a view's `resources/list` got -32601 though the host advertises the server's
/// resources. It is forwarded, and the app sees its server's data, not the views.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_views_resources_list_lists_its_servers_data_without_the_views() {
    let mut runtime = runtime().await;
    let instance = open_show_card(&mut runtime, Map::new(), "call-1").await;
    let answer = run_view(&mut runtime, instance, listing_view, &mut Vec::new()).await;
    assert_eq!(
        answer["result"]["resources"],
        json!([{"uri": "file:///test/notes.csv", "name": "notes", "mimeType": "text/csv"}]),
        "{answer}"
    );
}
