//! How apps end, how a duplicate is asked about, and picture-in-picture: the exact message
//! sequences between the host, its views and its embedder.
//!
//! - A card says it is done (`isFinal` on the card, or on an action whose call succeeded):
//!   its session sends `close-ws-app`; inline the app stays in the history, in a window it
//!   goes.
//! - With the "ask" policy, each of the three answers to the duplicate question.
//! - `pip`: offered, asked for by an app and by the embedder, with its room.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;
use std::sync::Arc;

use mcpapp_host::store::MemoryStore;
use mcpapp_host::{
    AppHost, AppSpec, CardSession, DuplicatePolicy, HostEvent, HostOptions, InstanceId, Output,
    ServerCall, ViewKind,
};
use mcpapp_protocol::{CallToolResult, DisplayMode, Tool};
use serde_json::{Value, json};

fn tool(name: &str) -> Tool {
    serde_json::from_value(json!({
        "name": name,
        "inputSchema": {"type": "object"},
        "_meta": {"ui": {"resourceUri": "ui://s/board", "visibility": ["model", "app"]}}
    }))
    .unwrap()
}

fn spec(call: &str, kind: ViewKind, mode: DisplayMode) -> AppSpec {
    AppSpec {
        server: "s".into(),
        tool: tool("board"),
        tool_call_id: call.into(),
        resource_uri: "ui://s/board".into(),
        kind,
        display_mode: mode,
    }
}

/// A view under test: what it answers to each message of the host.
type View = Box<dyn FnMut(&Value) -> Vec<Value>>;

/// A scripted view as the ext-apps SDK makes one: answers its `ui/initialize` with
/// `initialized`, and `ui/resource-teardown` with `{}`.
fn sdk_view() -> View {
    Box::new(
        |message: &Value| match message.get("method").and_then(Value::as_str) {
            None if message["id"] == json!("init") => {
                vec![
                    json!({"jsonrpc": "2.0", "method": "ui/notifications/initialized", "params": {}}),
                ]
            }
            Some("ui/resource-teardown") => {
                vec![json!({"jsonrpc": "2.0", "id": message["id"], "result": {}})]
            }
            _ => vec![],
        },
    )
}

fn sdk_initialize() -> Value {
    json!({"jsonrpc": "2.0", "id": "init", "method": "ui/initialize", "params": {
        "protocolVersion": "2026-01-26", "appInfo": {"name": "sdk", "version": "1"},
        "appCapabilities": {}}})
}

/// The host, its views, what the servers answer, and a transcript of everything that crossed.
struct Rig {
    host: AppHost,
    views: BTreeMap<InstanceId, View>,
    /// The answer every `tools/call` gets from the server.
    server_answer: Value,
    transcript: Vec<String>,
}

impl Rig {
    fn new(options: HostOptions) -> Self {
        let mut host = AppHost::new(options, Arc::new(MemoryStore::default()));
        host.set_server_tools("s", vec![tool("board"), tool("book")]);
        Self {
            host,
            views: BTreeMap::new(),
            server_answer: json!({"content": [{"type": "text", "text": "Booked."}]}),
            transcript: Vec::new(),
        }
    }

    fn start(&mut self, spec: AppSpec) -> InstanceId {
        let id = self.host.tool_call_started(spec);
        self.pump(id, vec![]);
        id
    }

    /// Gives `id` a view that only records what it gets; what it got.
    fn record_view(&mut self, id: InstanceId) -> Rc<RefCell<Vec<Value>>> {
        let seen = Rc::new(RefCell::new(Vec::new()));
        let sink = Rc::clone(&seen);
        self.views.insert(
            id,
            Box::new(move |message: &Value| {
                sink.borrow_mut().push(message.clone());
                vec![]
            }),
        );
        seen
    }

    fn attach(&mut self, id: InstanceId, view: View, first: Vec<Value>) {
        self.views.insert(id, view);
        self.pump(id, first);
    }

    /// Delivers `from_view` (of `instance`) and everything that follows, until quiet.
    fn pump(&mut self, instance: InstanceId, from_view: Vec<Value>) {
        let mut queue: Vec<(InstanceId, Value)> =
            from_view.into_iter().map(|m| (instance, m)).collect();
        loop {
            for (id, message) in std::mem::take(&mut queue) {
                self.transcript
                    .push(label(&format!("#{} view→host", id.0), &message));
                self.host.view_message(id, message);
            }
            let outputs = self.host.drain();
            if outputs.is_empty() && queue.is_empty() {
                break;
            }
            for output in outputs {
                self.output(output, &mut queue);
            }
        }
    }

    fn output(&mut self, output: Output, queue: &mut Vec<(InstanceId, Value)>) {
        match output {
            Output::ToView { instance, message } => {
                self.transcript
                    .push(label(&format!("#{} host→view", instance.0), &message));
                if let Some(view) = self.views.get_mut(&instance) {
                    queue.extend(view(&message).into_iter().map(|m| (instance, m)));
                }
            }
            Output::ToServer {
                instance,
                request,
                call,
                ..
            } => {
                let ServerCall::CallTool { name, .. } = call else {
                    panic!("{call:?}")
                };
                self.transcript
                    .push(format!("host→server tools/call {name}"));
                self.host
                    .server_reply(instance, &request, Ok(self.server_answer.clone()));
            }
            Output::Answer { .. } | Output::Sampled { .. } => panic!("no question was asked"),
            Output::Event(event) => {
                if let Some(line) = event_line(&event) {
                    self.transcript.push(line);
                }
            }
        }
    }

    fn take(&mut self) -> Vec<String> {
        std::mem::take(&mut self.transcript)
    }
}

fn label(who: &str, message: &Value) -> String {
    match message.get("method").and_then(Value::as_str) {
        Some(m) => format!("{who} {m}"),
        None if message.get("error").is_some() => format!("{who} error"),
        None => format!("{who} response"),
    }
}

fn event_line(event: &HostEvent) -> Option<String> {
    Some(match event {
        HostEvent::OpenApp { instance, .. } => format!("event open #{}", instance.0),
        HostEvent::CloseApp {
            instance,
            reason,
            keep_in_history,
        } => format!(
            "event close #{} ({reason:?}, in history: {keep_in_history})",
            instance.0
        ),
        HostEvent::DuplicateInstance { instance, existing } => {
            let existing: Vec<String> = existing.iter().map(|i| format!("#{}", i.0)).collect();
            format!("event duplicate #{} of {}", instance.0, existing.join(" "))
        }
        HostEvent::DisplayModeChanged { instance, mode } => {
            format!("event mode #{} {}", instance.0, mode.as_str())
        }
        HostEvent::Log { .. } | HostEvent::SizeChanged { .. } => return None,
        other => format!("event {other:?}"),
    })
}

/// A card session as a view; the session itself stays reachable for the test.
fn card_view(session: &Rc<RefCell<CardSession>>) -> View {
    let session = Rc::clone(session);
    Box::new(move |message: &Value| session.borrow_mut().on_host_message(message))
}

fn shared(card: &Value) -> Rc<RefCell<CardSession>> {
    let card = mcpapp_card::parse_value(card.clone()).card.unwrap();
    Rc::new(RefCell::new(CardSession::new(card)))
}

/// A card whose "Book" action ends it once the booking succeeds.
fn booking_card() -> Value {
    json!({"type": "McpApp", "body": [{"type": "TextBlock", "text": "Book slot 2?"}],
        "actions": [{"type": "Action.Submit", "title": "Book", "isFinal": true,
            "data": {"mcp_tool_name": "book", "slot": 2}}]})
}

/// A card opened in `mode`, the user books, the call succeeds: the card is done.
fn final_action_sequence(mode: DisplayMode) -> Vec<String> {
    let mut rig = Rig::new(HostOptions::default());
    let id = rig.start(spec("call-1", ViewKind::Card, mode));
    let session = shared(&booking_card());
    let first = session.borrow_mut().start();
    rig.attach(id, card_view(&session), first);
    let card = session.borrow().card().clone();
    let data = mcpapp_card::prepare_submit(
        &[&card],
        &card.actions[0],
        &mcpapp_card::InputValues::initial(&card),
    )
    .unwrap();
    let sent = session.borrow_mut().submit(&card.actions[0], data).unwrap();
    rig.pump(id, sent);
    assert!(session.borrow().is_finished());
    rig.take()
}

/// The transcript of a card whose final action succeeds: it ends, kept in the history or not.
fn final_action_expected(in_history: bool) -> Vec<String> {
    let mut expected: Vec<String> = [
        "event open #1",
        "#1 view→host ui/initialize",
        "#1 host→view response",
        "#1 view→host ui/notifications/initialized",
        "#1 view→host tools/call",
        "host→server tools/call book",
        "#1 host→view response",
        "#1 view→host ui/notifications/close-ws-app",
        "#1 host→view ui/resource-teardown",
        "#1 view→host response",
    ]
    .map(str::to_owned)
    .into();
    expected.push(format!(
        "event close #1 (AppDone, in history: {in_history})"
    ));
    expected
}

#[test]
fn an_inline_card_whose_final_action_succeeds_ends_and_stays_in_the_history() {
    assert_eq!(
        final_action_sequence(DisplayMode::Inline),
        final_action_expected(true)
    );
}

#[test]
fn a_window_card_whose_final_action_succeeds_leaves_the_workspace() {
    assert_eq!(
        final_action_sequence(DisplayMode::Window),
        final_action_expected(false)
    );
}

#[test]
fn a_final_action_whose_call_fails_leaves_the_card_open() {
    let mut rig = Rig::new(HostOptions::default());
    rig.server_answer = json!({"isError": true, "content": [{"type": "text", "text": "Taken."}]});
    let id = rig.start(spec("call-1", ViewKind::Card, DisplayMode::Inline));
    let session = shared(&booking_card());
    let first = session.borrow_mut().start();
    rig.attach(id, card_view(&session), first);
    rig.take();
    let card = session.borrow().card().clone();
    let values = mcpapp_card::InputValues::initial(&card);
    let data = mcpapp_card::prepare_submit(&[&card], &card.actions[0], &values).unwrap();
    let sent = session.borrow_mut().submit(&card.actions[0], data).unwrap();
    rig.pump(id, sent);
    assert_eq!(
        rig.take(),
        [
            "#1 view→host tools/call",
            "host→server tools/call book",
            "#1 host→view response",
        ]
    );
    assert!(!session.borrow().is_finished());
    assert_eq!(session.borrow().notice(), Some("Taken."));
    assert_eq!(rig.host.open_instances(), vec![id]);
}

/// The tool result brings a card marked final (a receipt): the card shows it and ends.
fn final_result_sequence(mode: DisplayMode) -> Vec<String> {
    let mut rig = Rig::new(HostOptions::default());
    let id = rig.start(spec("call-1", ViewKind::Card, mode));
    let session = Rc::new(RefCell::new(CardSession::waiting()));
    let first = session.borrow_mut().start();
    rig.attach(id, card_view(&session), first);
    let receipt = json!({"type": "McpApp", "isFinal": true,
        "body": [{"type": "TextBlock", "text": "Booked: slot 2"}]});
    rig.host.tool_result(
        "call-1",
        &CallToolResult {
            structured_content: Some(receipt),
            ..CallToolResult::default()
        },
    );
    rig.pump(id, vec![]);
    // The history shows the receipt.
    assert_eq!(session.borrow().card().body.len(), 1);
    assert!(session.borrow().card().is_final());
    rig.take()
}

#[test]
fn a_final_card_in_the_result_ends_the_app_in_either_mode() {
    let expected = |in_history: bool| {
        vec![
            "event open #1".to_owned(),
            "#1 view→host ui/initialize".to_owned(),
            "#1 host→view response".to_owned(),
            "#1 view→host ui/notifications/initialized".to_owned(),
            "#1 host→view ui/notifications/tool-result".to_owned(),
            "#1 view→host ui/notifications/close-ws-app".to_owned(),
            "#1 host→view ui/resource-teardown".to_owned(),
            "#1 view→host response".to_owned(),
            format!("event close #1 (AppDone, in history: {in_history})"),
        ]
    };
    assert_eq!(final_result_sequence(DisplayMode::Inline), expected(true));
    assert_eq!(final_result_sequence(DisplayMode::Window), expected(false));
}

#[test]
fn an_html_app_that_says_it_is_done_ends_in_either_mode() {
    for (mode, in_history) in [(DisplayMode::Inline, true), (DisplayMode::Window, false)] {
        let mut rig = Rig::new(HostOptions::default());
        let id = rig.start(spec("call-1", ViewKind::Html, mode.clone()));
        rig.attach(id, sdk_view(), vec![sdk_initialize()]);
        rig.pump(
            id,
            vec![
                json!({"jsonrpc": "2.0", "method": "ui/notifications/close-ws-app", "params": {}}),
            ],
        );
        assert_eq!(
            rig.take(),
            [
                "event open #1".to_owned(),
                "#1 view→host ui/initialize".to_owned(),
                "#1 host→view response".to_owned(),
                "#1 view→host ui/notifications/initialized".to_owned(),
                "#1 view→host ui/notifications/close-ws-app".to_owned(),
                "#1 host→view ui/resource-teardown".to_owned(),
                "#1 view→host response".to_owned(),
                format!("event close #1 (AppDone, in history: {in_history})"),
            ],
            "{mode:?}"
        );
    }
}

/// Two windows of `board` open (#1, #2) and an inline one (#3), then a third call in a
/// window (#4) asks; `answer` is given.
fn duplicate_question(answer: DuplicatePolicy) -> Vec<String> {
    let options = HostOptions {
        duplicate_policy: DuplicatePolicy::NewInstance,
        ..HostOptions::default()
    };
    let mut rig = Rig::new(options);
    for (call, mode) in [
        ("1", DisplayMode::Window),
        ("2", DisplayMode::Window),
        ("3", DisplayMode::Inline),
    ] {
        let id = rig.start(spec(call, ViewKind::Html, mode));
        rig.attach(id, sdk_view(), vec![sdk_initialize()]);
    }
    rig.take();
    rig.host.set_duplicate_policy(DuplicatePolicy::Ask);
    let asking = rig.start(spec("4", ViewKind::Html, DisplayMode::Window));
    rig.host.resolve_duplicate(asking, answer);
    rig.pump(asking, vec![]);
    rig.take()
}

#[test]
fn the_duplicate_question_replace_oldest_closes_the_oldest_window_only() {
    assert_eq!(
        duplicate_question(DuplicatePolicy::ReplaceOldest),
        [
            "event duplicate #4 of #1 #2",
            "#1 host→view ui/resource-teardown",
            "event open #4",
            "#1 view→host response",
            "event close #1 (Replaced, in history: false)",
        ]
    );
}

#[test]
fn the_duplicate_question_replace_all_closes_every_window_but_not_the_inline_app() {
    assert_eq!(
        duplicate_question(DuplicatePolicy::ReplaceAll),
        [
            "event duplicate #4 of #1 #2",
            "#1 host→view ui/resource-teardown",
            "#2 host→view ui/resource-teardown",
            "event open #4",
            "#1 view→host response",
            "#2 view→host response",
            "event close #1 (Replaced, in history: false)",
            "event close #2 (Replaced, in history: false)",
        ]
    );
}

#[test]
fn the_duplicate_question_new_instance_closes_nothing() {
    assert_eq!(
        duplicate_question(DuplicatePolicy::NewInstance),
        ["event duplicate #4 of #1 #2", "event open #4"]
    );
}

/// The defect: with only an inline app of the tool open before it, the answer "replace"
/// tore the inline app down, though the question was about windows.
#[test]
fn answering_replace_leaves_inline_apps_of_the_same_tool_alone() {
    let options = HostOptions {
        duplicate_policy: DuplicatePolicy::Ask,
        ..HostOptions::default()
    };
    let mut rig = Rig::new(options);
    let inline = rig.start(spec("1", ViewKind::Html, DisplayMode::Inline));
    rig.attach(inline, sdk_view(), vec![sdk_initialize()]);
    let window = rig.start(spec("2", ViewKind::Html, DisplayMode::Window));
    rig.attach(window, sdk_view(), vec![sdk_initialize()]);
    rig.take();
    let asking = rig.start(spec("3", ViewKind::Html, DisplayMode::Window));
    rig.host
        .resolve_duplicate(asking, DuplicatePolicy::ReplaceOldest);
    rig.pump(asking, vec![]);
    assert_eq!(
        rig.take(),
        [
            "event duplicate #3 of #2",
            "#2 host→view ui/resource-teardown",
            "event open #3",
            "#2 view→host response",
            "event close #2 (Replaced, in history: false)",
        ]
    );
    assert!(rig.host.open_instances().contains(&inline));
}

/// The `ui/initialize` result's host context of a view that declared `declared`.
fn host_context(rig: &mut Rig, id: InstanceId, declared: &Value) -> Value {
    let captured = Rc::new(RefCell::new(Value::Null));
    let sink = Rc::clone(&captured);
    let mut inner = sdk_view();
    let view: View = Box::new(move |message: &Value| {
        if message["id"] == json!("init") {
            *sink.borrow_mut() = message["result"]["hostContext"].clone();
        }
        inner(message)
    });
    let mut init = sdk_initialize();
    init["params"]["appCapabilities"] = declared.clone();
    rig.attach(id, view, vec![init]);
    captured.take()
}

/// The view's request `id` for the display mode `mode`.
fn mode_request(id: i64, mode: &str) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "method": "ui/request-display-mode",
    "params": {"mode": mode}})
}

#[test]
fn an_app_asks_for_pip_and_gets_it_with_the_pip_room() {
    let mut rig = Rig::new(HostOptions::default());
    let id = rig.start(spec("1", ViewKind::Html, DisplayMode::Inline));
    let context = host_context(&mut rig, id, &json!({}));
    assert_eq!(
        context["availableDisplayModes"],
        json!(["inline", "fullscreen", "pip"])
    );
    rig.take();
    let seen = rig.record_view(id);
    rig.pump(id, vec![mode_request(7, "pip")]);
    assert_eq!(
        rig.take(),
        [
            "#1 view→host ui/request-display-mode",
            "#1 host→view ui/notifications/host-context-changed",
            "event mode #1 pip",
            "#1 host→view response",
        ]
    );
    let seen = seen.borrow();
    assert_eq!(
        seen[0]["params"],
        json!({"displayMode": "pip", "availableDisplayModes": ["inline", "fullscreen", "pip"],
            "containerDimensions": {"maxWidth": 480.0, "maxHeight": 360.0}})
    );
    assert_eq!(seen[1]["result"], json!({"mode": "pip"}));
    assert_eq!(rig.host.display_mode(id), Some(DisplayMode::Pip));
    assert_eq!(
        rig.host.container_of(id),
        HostOptions::default().container.pip
    );
}

#[test]
fn the_embedder_puts_a_card_in_pip_and_back_inline() {
    let mut rig = Rig::new(HostOptions::default());
    let id = rig.start(spec("1", ViewKind::Card, DisplayMode::Inline));
    let session = shared(&booking_card());
    let first = session.borrow_mut().start();
    rig.attach(id, card_view(&session), first);
    rig.take();
    assert!(rig.host.set_display_mode(id, DisplayMode::Pip));
    rig.pump(id, vec![]);
    assert!(rig.host.set_display_mode(id, DisplayMode::Inline));
    rig.pump(id, vec![]);
    assert_eq!(
        rig.take(),
        [
            "#1 host→view ui/notifications/host-context-changed",
            "event mode #1 pip",
            "#1 host→view ui/notifications/host-context-changed",
            "event mode #1 inline",
        ]
    );
}

/// The defect: an SDK view shown alone in a window is told it is `fullscreen` with the modes
/// `["inline", "fullscreen"]`, and then, asking for a mode the host does not offer, that it
/// is in `window`, a mode it was never told of and its SDK rejects.
#[test]
fn a_view_is_always_told_a_mode_among_those_it_is_told_are_available() {
    let options = HostOptions {
        display_modes: vec![
            DisplayMode::Inline,
            DisplayMode::Window,
            DisplayMode::Fullscreen,
        ],
        ..HostOptions::default()
    };
    let mut rig = Rig::new(options);
    let id = rig.start(spec("1", ViewKind::Html, DisplayMode::Window));
    let context = host_context(&mut rig, id, &json!({}));
    assert_eq!(context["displayMode"], "fullscreen");
    let available = context["availableDisplayModes"].as_array().unwrap().clone();
    assert!(available.contains(&context["displayMode"]), "{context}");
    let seen = rig.record_view(id);
    rig.pump(id, vec![mode_request(8, "pip")]);
    assert_eq!(seen.borrow()[0]["result"]["mode"], "fullscreen");
    // The embedder moves it inline and back to a window: told `fullscreen` again, with it
    // among the available modes.
    rig.host.set_display_mode(id, DisplayMode::Inline);
    rig.host.set_display_mode(id, DisplayMode::Window);
    rig.pump(id, vec![]);
    let last = seen.borrow().last().unwrap()["params"].clone();
    assert_eq!(last["displayMode"], "fullscreen");
    assert!(
        last["availableDisplayModes"]
            .as_array()
            .unwrap()
            .contains(&json!("fullscreen"))
    );
    // A view that declared `window` hears of it.
    let mut rig = Rig::new(HostOptions::default());
    let id = rig.start(spec("1", ViewKind::Html, DisplayMode::Window));
    let context = host_context(&mut rig, id, &json!({"availableDisplayModes": ["window"]}));
    assert_eq!(context["displayMode"], "window");
    assert_eq!(
        context["availableDisplayModes"],
        json!(["inline", "window", "fullscreen", "pip"])
    );
}

#[test]
fn ui_call_tool_is_the_same_call_as_tools_call() {
    let mut rig = Rig::new(HostOptions::default());
    let id = rig.start(spec("1", ViewKind::Html, DisplayMode::Inline));
    rig.attach(id, sdk_view(), vec![sdk_initialize()]);
    rig.take();
    rig.pump(
        id,
        vec![json!({"jsonrpc": "2.0", "id": 9, "method": "ui/call-tool",
            "params": {"name": "book", "arguments": {"slot": 2}}})],
    );
    assert_eq!(
        rig.take(),
        [
            "#1 view→host ui/call-tool",
            "host→server tools/call book",
            "#1 host→view response",
        ]
    );
    // Same rules: a tool not on the app's server is refused, as `tools/call` would be.
    rig.host.view_message(
        id,
        json!({"jsonrpc": "2.0", "id": 10, "method": "ui/call-tool",
            "params": {"name": "delete_everything", "arguments": {}}}),
    );
    let out = rig.host.drain();
    assert!(
        matches!(&out[..], [Output::ToView { message, .. }] if message["error"]["code"] == -32602)
    );
    // Same params: a call without a name does not fit.
    rig.host.view_message(
        id,
        json!({"jsonrpc": "2.0", "id": 11, "method": "ui/call-tool", "params": {}}),
    );
    let out = rig.host.drain();
    assert!(
        matches!(&out[..], [Output::ToView { message, .. }] if message["error"]["code"] == -32602)
    );
}

/// The defect: `resources/list` got -32601 although the host advertises `serverResources`.
#[test]
fn a_views_resources_list_goes_to_its_server() {
    let mut host = AppHost::new(HostOptions::default(), Arc::new(MemoryStore::default()));
    let id = host.tool_call_started(spec("1", ViewKind::Html, DisplayMode::Inline));
    host.view_message(id, sdk_initialize());
    let init = host.drain();
    let Some(Output::ToView { message, .. }) = init.last() else {
        panic!("{init:?}")
    };
    assert!(message["result"]["hostCapabilities"]["serverResources"].is_object());
    host.view_message(
        id,
        json!({"jsonrpc": "2.0", "method": "ui/notifications/initialized", "params": {}}),
    );
    host.drain();
    host.view_message(
        id,
        json!({"jsonrpc": "2.0", "id": 3, "method": "resources/list", "params": {"cursor": "p2"}}),
    );
    let out = host.drain();
    assert!(
        matches!(&out[..], [Output::ToServer { server, call: ServerCall::ListResources { cursor }, .. }]
            if server == "s" && cursor.as_deref() == Some("p2")),
        "{out:?}"
    );
    // Without params: the first page.
    host.view_message(
        id,
        json!({"jsonrpc": "2.0", "id": 4, "method": "resources/list"}),
    );
    let out = host.drain();
    assert!(
        matches!(
            &out[..],
            [Output::ToServer {
                call: ServerCall::ListResources { cursor: None },
                ..
            }]
        ),
        "{out:?}"
    );
    // A huge cursor is refused, not passed on.
    host.view_message(
        id,
        json!({"jsonrpc": "2.0", "id": 5, "method": "resources/list",
            "params": {"cursor": "c".repeat(10_000)}}),
    );
    let out = host.drain();
    assert!(
        matches!(&out[..], [Output::ToView { message, .. }] if message["error"]["code"] == -32602),
        "{out:?}"
    );
}

#[test]
fn an_app_sees_its_servers_resources_without_the_views_and_bounded() {
    use mcpapp_host::mcp::{MAX_LISTED_RESOURCES, app_resources};
    use mcpapp_protocol::ListResourcesResult;
    let entry = |uri: String| json!({"uri": uri, "name": "r"});
    let mut listed: Vec<Value> = vec![entry("ui://s/board".into())];
    listed.extend((0..MAX_LISTED_RESOURCES + 10).map(|i| entry(format!("file:///data/{i}.csv"))));
    let page: ListResourcesResult =
        serde_json::from_value(json!({"resources": listed, "nextCursor": "more"})).unwrap();
    let seen = app_resources(page);
    assert_eq!(seen.resources.len(), MAX_LISTED_RESOURCES);
    assert!(seen.resources.iter().all(|r| !r.uri.starts_with("ui://")));
    assert_eq!(seen.next_cursor.as_deref(), Some("more"));
    assert_eq!(seen.meta.unwrap()["io.mcpapp/truncated"], json!(true));
}
