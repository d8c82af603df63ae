//! The one pipeline: a card app, an A2UI app and a scripted app (what an HTML app sends) go
//! through the same lifecycle, and the host sends and receives exactly the same sequence of
//! messages for all three.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

use std::sync::Arc;
use std::time::{Duration, Instant};

use mcpapp_a2ui::{Fired, Pointer};
use mcpapp_card::{InputValue, InputValues, prepare_submit};
use mcpapp_host::store::MemoryStore;
use mcpapp_host::{
    A2uiSession, AppHost, AppSpec, CardSession, CloseReason, Error, HostEvent, HostOptions,
    InstanceId, Output, ServerCall, ViewKind,
};
use mcpapp_protocol::{CallToolResult, DisplayMode, Tool};
use serde_json::{Value, json};

const CARD: &str = include_str!("../../../examples/cards/flight-cancellation.json");

fn tool(name: &str, visibility: &[&str]) -> Tool {
    serde_json::from_value(json!({
        "name": name,
        "inputSchema": {"type": "object"},
        "_meta": {"ui": {"resourceUri": "ui://flights/cancel", "visibility": visibility}}
    }))
    .unwrap()
}

/// The app every lifecycle test opens: the flight cancellation form of tool call `call-1`,
/// shown inline as a view of `kind`.
fn cancellation_app(kind: ViewKind) -> AppSpec {
    AppSpec {
        server: "flights".into(),
        tool: tool("request_cancellation_reason", &["model", "app"]),
        tool_call_id: "call-1".into(),
        resource_uri: "ui://flights/cancel".into(),
        kind,
        display_mode: DisplayMode::Inline,
    }
}

/// What a view does in the lifecycle, as a card or as a script of raw JSON-RPC.
trait TestView {
    fn start(&mut self) -> Vec<Value>;
    fn on_host(&mut self, message: &Value) -> Vec<Value>;
    fn submit(&mut self) -> Vec<Value>;
    fn save(&mut self) -> Vec<Value>;
    fn done(&mut self) -> Vec<Value>;
    fn locked_submit_refused(&mut self) -> bool;
    /// The view is created anew (after a thread switch the old one is gone).
    fn recreate(&mut self);
}

/// What a session's `flush` sends after a change made at `now`: nothing at once, the save
/// after a pause.
fn saved_after_a_pause(now: Instant, mut flush: impl FnMut(Instant) -> Vec<Value>) -> Vec<Value> {
    assert!(flush(now).is_empty(), "saves wait for a pause");
    flush(now + Duration::from_secs(1))
}

/// The `TestView` methods of a view that wraps a library session in `self.session`: the card
/// and the A2UI session answer them the same way, and the two have no trait in common.
macro_rules! passes_to_session {
    () => {
        fn start(&mut self) -> Vec<Value> {
            self.session.start()
        }
        fn on_host(&mut self, message: &Value) -> Vec<Value> {
            self.session.on_host_message(message)
        }
        fn done(&mut self) -> Vec<Value> {
            self.session.done()
        }
        fn recreate(&mut self) {
            *self = Self::new();
        }
    };
}

struct CardView {
    session: CardSession,
    now: Instant,
}

impl CardView {
    fn new() -> Self {
        Self {
            session: CardSession::new(mcpapp_card::parse_str(CARD).card.unwrap()),
            now: Instant::now(),
        }
    }
    fn values(&self) -> InputValues {
        let mut values = InputValues::initial(self.session.card());
        values.set(
            "cancellationReason",
            InputValue::Text("Change of plans".into()),
        );
        values
    }
}

impl TestView for CardView {
    passes_to_session!();
    fn submit(&mut self) -> Vec<Value> {
        let card = self.session.card().clone();
        let action = &card.actions[0];
        let data = prepare_submit(&[&card], action, &self.values()).unwrap();
        self.session.submit(action, data).unwrap()
    }
    fn save(&mut self) -> Vec<Value> {
        let state = mcpapp_card::CardState {
            values: self.values(),
            ..mcpapp_card::CardState::default()
        };
        self.session.state_changed(&state, self.now);
        saved_after_a_pause(self.now, |at| self.session.flush(at))
    }
    fn locked_submit_refused(&mut self) -> bool {
        let card = self.session.card().clone();
        let data = prepare_submit(&[&card], &card.actions[0], &self.values()).unwrap();
        matches!(
            self.session.submit(&card.actions[0], data),
            Err(Error::Locked)
        )
    }
}

/// The cancellation form as an A2UI view resource: the booking id fixed in the event's context,
/// the reason bound to the data model.
const SURFACE: &str = r#"[
{"version": "v0.9", "createSurface": {"surfaceId": "cancel", "catalogId": "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}},
{"version": "v0.9", "updateComponents": {"surfaceId": "cancel", "components": [
  {"id": "root", "component": "Column", "children": ["reason", "confirm"]},
  {"id": "reason", "component": "TextField", "label": "Reason", "value": {"path": "/reason"},
   "checks": [{"condition": {"call": "required", "args": {"value": {"path": "/reason"}}}, "message": "Say why"}]},
  {"id": "confirm_label", "component": "Text", "text": "Confirm Cancellation"},
  {"id": "confirm", "component": "Button", "child": "confirm_label",
   "action": {"event": {"name": "flight_booking_tool.confirm_cancellation",
     "context": {"booking_id": "FL-12345-ABC", "cancellationReason": {"path": "/reason"}}}}}
]}}
]"#;

struct SurfaceView {
    session: A2uiSession,
    now: Instant,
}

impl SurfaceView {
    fn new() -> Self {
        let tools = [
            "request_cancellation_reason",
            "flight_booking_tool.confirm_cancellation",
        ];
        Self {
            session: A2uiSession::new(Some(SURFACE), tools.map(str::to_owned)),
            now: Instant::now(),
        }
    }

    /// The user types the reason into the form.
    fn type_reason(&mut self) {
        let surface = self.session.processor_mut().surface_mut("cancel").unwrap();
        surface
            .set_bound(
                "reason",
                "value",
                &Pointer::root(),
                json!("Change of plans"),
            )
            .unwrap();
    }

    fn fire(&mut self) -> Result<Vec<Value>, Error> {
        let surface = self.session.processor().surface("cancel").unwrap();
        let Fired::Event(action) = surface
            .fire("confirm", &Pointer::root(), "2026-12-03T12:00:00Z")
            .unwrap()
        else {
            panic!("the form's checks pass")
        };
        self.session.action(&action)
    }
}

impl TestView for SurfaceView {
    passes_to_session!();
    fn submit(&mut self) -> Vec<Value> {
        self.type_reason();
        self.fire().unwrap()
    }
    fn save(&mut self) -> Vec<Value> {
        self.type_reason();
        self.session.data_changed(self.now);
        saved_after_a_pause(self.now, |at| self.session.flush(at))
    }
    fn locked_submit_refused(&mut self) -> bool {
        matches!(self.fire(), Err(Error::Locked))
    }
}

/// What an HTML app built with the ext-apps SDK sends, by hand.
struct ScriptedView {
    next: i64,
    locked: bool,
}

impl ScriptedView {
    fn new() -> Self {
        Self {
            next: 1,
            locked: false,
        }
    }
}

impl TestView for ScriptedView {
    fn start(&mut self) -> Vec<Value> {
        self.next = 2;
        vec![
            json!({"jsonrpc": "2.0", "id": 1, "method": "ui/initialize", "params": {
            "protocolVersion": "2026-01-26", "appInfo": {"name": "scripted", "version": "1"}, "appCapabilities": {}}}),
        ]
    }
    fn on_host(&mut self, message: &Value) -> Vec<Value> {
        match (
            message.get("method").and_then(Value::as_str),
            message.get("id"),
        ) {
            (None, Some(id)) if *id == json!(1) => {
                vec![
                    json!({"jsonrpc": "2.0", "method": "ui/notifications/initialized", "params": {}}),
                ]
            }
            (Some("ui/notifications/response-generation-status"), _) => {
                self.locked = message["params"]["isPending"] == json!(true);
                vec![]
            }
            (Some("ui/resource-teardown"), Some(id)) => {
                vec![json!({"jsonrpc": "2.0", "id": id, "result": {}})]
            }
            _ => vec![],
        }
    }
    fn submit(&mut self) -> Vec<Value> {
        self.next += 1;
        vec![
            json!({"jsonrpc": "2.0", "id": self.next, "method": "tools/call", "params": {
            "name": "flight_booking_tool.confirm_cancellation",
            "arguments": {"booking_id": "FL-12345-ABC", "cancellationReason": "Change of plans"}}}),
        ]
    }
    fn save(&mut self) -> Vec<Value> {
        vec![
            json!({"jsonrpc": "2.0", "method": "ui/notifications/save-state", "params": {
            "state": {"cancellationReason": "Change of plans"}, "toolCallId": "call-1"}}),
        ]
    }
    fn done(&mut self) -> Vec<Value> {
        vec![json!({"jsonrpc": "2.0", "method": "ui/notifications/close-ws-app", "params": {}})]
    }
    fn locked_submit_refused(&mut self) -> bool {
        // An HTML app locks its own controls on the notification; the host told it.
        self.locked
    }
    fn recreate(&mut self) {
        *self = Self::new();
    }
}

/// The host, one view, and a transcript of what crossed between them.
struct Rig {
    host: AppHost,
    instance: InstanceId,
    transcript: Vec<String>,
    events: Vec<HostEvent>,
}

fn label(direction: &str, message: &Value) -> String {
    match message.get("method").and_then(Value::as_str) {
        Some(m) => format!("{direction} {m}"),
        None if message.get("error").is_some() => format!("{direction} error"),
        None => format!("{direction} response"),
    }
}

impl Rig {
    fn new(kind: ViewKind) -> Self {
        let mut host = AppHost::new(HostOptions::default(), Arc::new(MemoryStore::default()));
        host.set_server_tools(
            "flights",
            vec![
                tool("request_cancellation_reason", &["model", "app"]),
                tool(
                    "flight_booking_tool.confirm_cancellation",
                    &["model", "app"],
                ),
                tool("delete_everything", &["model"]),
            ],
        );
        let instance = host.tool_call_started(cancellation_app(kind));
        Self {
            host,
            instance,
            transcript: Vec::new(),
            events: Vec::new(),
        }
    }

    /// Delivers messages from the view, and everything that follows, until quiet.
    fn pump(&mut self, view: &mut dyn TestView, from_view: Vec<Value>) {
        let mut queue = from_view;
        loop {
            for message in std::mem::take(&mut queue) {
                self.transcript.push(label("view→host", &message));
                self.host.view_message(self.instance, message);
            }
            let outputs = self.host.drain();
            if outputs.is_empty() && queue.is_empty() {
                break;
            }
            for output in outputs {
                match output {
                    Output::ToView { instance, message } if instance == self.instance => {
                        self.transcript.push(label("host→view", &message));
                        queue.extend(view.on_host(&message));
                    }
                    Output::ToView { .. } => {}
                    Output::ToServer {
                        instance,
                        request,
                        call,
                        ..
                    } => {
                        let ServerCall::CallTool { name, arguments } = call else {
                            panic!()
                        };
                        self.transcript
                            .push(format!("host→server tools/call {name}"));
                        assert_eq!(arguments["booking_id"], json!("FL-12345-ABC"));
                        self.host.server_reply(
                            instance,
                            &request,
                            Ok(json!({"content": [{"type": "text", "text": "Cancelled."}]})),
                        );
                    }
                    Output::Answer { .. } | Output::Sampled { .. } => {
                        panic!("no question was asked")
                    }
                    Output::Event(e) => {
                        self.transcript.push(match &e {
                            HostEvent::OpenApp { recreated, .. } => {
                                format!("event open (recreated: {recreated})")
                            }
                            HostEvent::CloseApp {
                                reason,
                                keep_in_history,
                                ..
                            } => {
                                format!("event close ({reason:?}, in history: {keep_in_history})")
                            }
                            other => format!("event {other:?}"),
                        });
                        self.events.push(e);
                    }
                }
            }
        }
    }
}

fn lifecycle(view: &mut dyn TestView, kind: ViewKind) -> Vec<String> {
    let mut rig = Rig::new(kind);
    rig.pump(view, vec![]);
    rig.host
        .tool_input("call-1", &json!({"booking_id": "FL-12345-ABC"}));
    rig.host
        .tool_result("call-1", &CallToolResult::text("Why?"));
    rig.pump(view, vec![]); // held: nothing reaches the view before it is initialized
    let start = view.start();
    rig.pump(view, start);
    let submit = view.submit();
    rig.pump(view, submit);
    let save = view.save();
    rig.pump(view, save);
    // The model is generating: the view is told and refuses to submit.
    rig.host.set_generating("default", true);
    rig.pump(view, vec![]);
    assert!(view.locked_submit_refused());
    rig.host.set_generating("default", false);
    rig.pump(view, vec![]);
    // Away to another thread: the app closes.
    rig.host.switch_thread("other");
    rig.pump(view, vec![]);
    assert!(rig.host.open_instances().is_empty());
    // Back: the app is recreated and gets its data and saved state.
    rig.host.switch_thread("default");
    view.recreate();
    rig.pump(view, vec![]);
    let start = view.start();
    rig.pump(view, start);
    let done = view.done();
    rig.pump(view, done);
    assert!(matches!(
        rig.events.last(),
        Some(HostEvent::CloseApp {
            reason: CloseReason::AppDone,
            keep_in_history: true,
            ..
        })
    ));
    rig.transcript
}

const EXPECTED: &[&str] = &[
    "event open (recreated: false)",
    "view→host ui/initialize",
    "host→view response",
    "view→host ui/notifications/initialized",
    "host→view ui/notifications/tool-input",
    "host→view ui/notifications/tool-result",
    "view→host tools/call",
    "host→server tools/call flight_booking_tool.confirm_cancellation",
    "host→view response",
    "view→host ui/notifications/save-state",
    "host→view ui/notifications/save-state-response",
    "host→view ui/notifications/response-generation-status",
    "host→view ui/notifications/response-generation-status",
    "host→view ui/resource-teardown",
    "event close (ThreadSwitched, in history: false)",
    // The old view still answers the teardown; the host has let it go already.
    "view→host response",
    "event open (recreated: true)",
    "view→host ui/initialize",
    "host→view response",
    "view→host ui/notifications/initialized",
    "host→view ui/notifications/tool-input",
    "host→view ui/notifications/tool-result",
    "host→view ui/notifications/load-state",
    "view→host ui/notifications/close-ws-app",
    "host→view ui/resource-teardown",
    "view→host response",
    "event close (AppDone, in history: true)",
];

/// A view of `kind` started, given `act` to do, saved; the thread switched away and back; and
/// the view the host recreates, started again.
fn recreated<V: TestView>(kind: ViewKind, new: fn() -> V, act: impl FnOnce(&mut V)) -> V {
    let mut view = new();
    let mut rig = Rig::new(kind);
    rig.host.tool_input("call-1", &json!({}));
    let start = view.start();
    rig.pump(&mut view, start);
    act(&mut view);
    let save = view.save();
    rig.pump(&mut view, save);
    rig.host.switch_thread("other");
    rig.host.switch_thread("default");
    let mut fresh = new();
    rig.pump(&mut fresh, vec![]);
    let start = fresh.start();
    rig.pump(&mut fresh, start);
    fresh
}

#[test]
fn a_card_app_goes_through_the_one_lifecycle() {
    assert_eq!(lifecycle(&mut CardView::new(), ViewKind::Card), EXPECTED);
}

#[test]
fn an_a2ui_app_goes_through_the_same_lifecycle() {
    assert_eq!(lifecycle(&mut SurfaceView::new(), ViewKind::A2ui), EXPECTED);
}

#[test]
fn the_recreated_a2ui_app_gets_its_typed_data_back_and_its_call_carries_the_whole_action() {
    let fresh = recreated(ViewKind::A2ui, SurfaceView::new, |view| {
        let submit = view.submit();
        let call = &submit[0]["params"];
        assert_eq!(call["name"], "flight_booking_tool.confirm_cancellation");
        assert_eq!(
            call["arguments"],
            json!({"booking_id": "FL-12345-ABC", "cancellationReason": "Change of plans"})
        );
        assert_eq!(
            call["_meta"]["a2ui"]["action"]["sourceComponentId"],
            "confirm"
        );
        assert_eq!(call["_meta"]["a2ui"]["action"]["surfaceId"], "cancel");
    });
    let surface = fresh.session.processor().surface("cancel").unwrap();
    assert_eq!(surface.data().root(), &json!({"reason": "Change of plans"}));
    assert!(
        fresh.session.problems().is_empty(),
        "{:?}",
        fresh.session.problems()
    );
}

#[test]
fn a_scripted_app_goes_through_the_same_lifecycle() {
    assert_eq!(
        lifecycle(&mut ScriptedView::new(), ViewKind::Html),
        EXPECTED
    );
}

#[test]
fn the_recreated_card_gets_its_saved_inputs_back() {
    let mut fresh = recreated(ViewKind::Card, CardView::new, |_| {});
    let restored = fresh
        .session
        .take_restored()
        .expect("load-state restored the inputs");
    assert_eq!(
        restored.values.get("cancellationReason"),
        Some(&InputValue::Text("Change of plans".into()))
    );
}

/// Sends one raw message from an initialized scripted view and returns what came back.
fn answer(rig: &mut Rig, message: Value) -> Vec<Output> {
    rig.host.view_message(rig.instance, message);
    rig.host.drain()
}

fn ready_rig() -> Rig {
    let mut rig = Rig::new(ViewKind::Html);
    let mut view = ScriptedView::new();
    let start = view.start();
    rig.pump(&mut view, start);
    rig
}

fn error_code(outputs: &[Output]) -> Option<i64> {
    outputs.iter().find_map(|o| match o {
        Output::ToView { message, .. } => message.pointer("/error/code").and_then(Value::as_i64),
        _ => None,
    })
}

#[test]
fn refusals_are_answered_and_the_host_stays_healthy() {
    let mut rig = ready_rig();
    // A model-only tool.
    let out = answer(
        &mut rig,
        json!({"jsonrpc": "2.0", "id": 10, "method": "tools/call",
        "params": {"name": "delete_everything", "arguments": {}}}),
    );
    assert_eq!(error_code(&out), Some(-32602));
    assert!(!out.iter().any(|o| matches!(o, Output::ToServer { .. })));
    // A tool of another server (not in this server's catalogue).
    let out = answer(
        &mut rig,
        json!({"jsonrpc": "2.0", "id": 11, "method": "tools/call",
        "params": {"name": "get-time", "arguments": {}}}),
    );
    assert_eq!(error_code(&out), Some(-32602));
    // An unknown method.
    let out = answer(
        &mut rig,
        json!({"jsonrpc": "2.0", "id": 12, "method": "ui/make-coffee", "params": {}}),
    );
    assert_eq!(error_code(&out), Some(-32601));
    // Malformed messages are dropped (and logged), never answered.
    for bad in [
        json!("not an object"),
        json!({"id": 1}),
        json!({"jsonrpc": "1.0", "method": 5}),
        json!(null),
    ] {
        let out = answer(&mut rig, bad);
        assert!(
            out.iter()
                .all(|o| matches!(o, Output::Event(HostEvent::Log { .. }))),
            "{out:?}"
        );
    }
    // A link that is not http(s).
    let out = answer(
        &mut rig,
        json!({"jsonrpc": "2.0", "id": 13, "method": "ui/open-link",
        "params": {"url": "javascript:alert(1)"}}),
    );
    assert_eq!(error_code(&out), Some(-32602));
    // Still healthy: an allowed call goes through.
    let out = answer(
        &mut rig,
        json!({"jsonrpc": "2.0", "id": 14, "method": "tools/call",
        "params": {"name": "flight_booking_tool.confirm_cancellation", "arguments": {"booking_id": "FL-12345-ABC"}}}),
    );
    assert!(out.iter().any(|o| matches!(o, Output::ToServer { .. })));
}

#[test]
fn a_flood_of_ten_thousand_messages_is_handled() {
    let mut rig = ready_rig();
    let mut answered = 0;
    for i in 0..10_000 {
        let message = match i % 4 {
            0 => json!({"jsonrpc": "2.0", "id": i, "method": "ping"}),
            1 => {
                json!({"jsonrpc": "2.0", "method": "ui/notifications/size-changed", "params": {"height": i}})
            }
            2 => json!({"garbage": i}),
            _ => json!({"jsonrpc": "2.0", "id": i, "method": "no/such"}),
        };
        rig.host.view_message(rig.instance, message);
        answered += rig
            .host
            .drain()
            .iter()
            .filter(|o| matches!(o, Output::ToView { .. }))
            .count();
    }
    assert_eq!(answered, 5_000);
    let out = answer(
        &mut rig,
        json!({"jsonrpc": "2.0", "id": "last", "method": "ping"}),
    );
    assert_eq!(out.len(), 1);
}

#[test]
fn display_modes_are_asked_for_and_decided_by_the_host() {
    let mut rig = ready_rig();
    for (id, asked, granted) in [
        (20, "fullscreen", "fullscreen"),
        // Picture-in-picture is offered too.
        (21, "pip", "pip"),
        // A mode the host does not offer: the current mode stays.
        (22, "minimized", "pip"),
    ] {
        let out = answer(
            &mut rig,
            json!({"jsonrpc": "2.0", "id": id, "method": "ui/request-display-mode",
            "params": {"mode": asked}}),
        );
        assert!(
            out.iter().any(
                |o| matches!(o, Output::ToView { message, .. } if message["result"]["mode"] == granted)
            ),
            "{asked}: {out:?}"
        );
        if asked == "fullscreen" {
            assert!(out.iter().any(|o| matches!(o, Output::ToView { message, .. } if message["method"] == "ui/notifications/host-context-changed")));
        }
    }
}

#[test]
fn a_view_that_does_not_answer_teardown_is_closed_after_the_timeout() {
    let mut rig = ready_rig();
    rig.host.close(rig.instance);
    let out = rig.host.drain();
    assert!(out.iter().any(|o| matches!(o, Output::ToView { message, .. } if message["method"] == "ui/resource-teardown")));
    assert!(
        !out.iter()
            .any(|o| matches!(o, Output::Event(HostEvent::CloseApp { .. })))
    );
    rig.host.tick(Instant::now() + Duration::from_secs(5));
    let out = rig.host.drain();
    assert!(out.iter().any(|o| matches!(
        o,
        Output::Event(HostEvent::CloseApp {
            reason: CloseReason::Closed,
            ..
        })
    )));
}

fn board(id: &str) -> AppSpec {
    AppSpec {
        server: "s".into(),
        tool: tool("board", &["model", "app"]),
        tool_call_id: id.into(),
        resource_uri: "ui://s/board".into(),
        kind: ViewKind::Card,
        display_mode: DisplayMode::Window,
    }
}

fn initialized(host: &mut AppHost, id: InstanceId) {
    host.view_message(
        id,
        json!({"jsonrpc": "2.0", "method": "ui/notifications/initialized", "params": {}}),
    );
}

fn teardowns(out: &[Output]) -> Vec<InstanceId> {
    out.iter()
        .filter_map(|o| match o {
            Output::ToView { instance, message } if message["method"] == "ui/resource-teardown" => {
                Some(*instance)
            }
            _ => None,
        })
        .collect()
}

#[test]
fn window_mode_duplicates_follow_the_policy() {
    use mcpapp_host::DuplicatePolicy;
    // Set policies: a second window of the same tool replaces the first, or joins it.
    for (policy, replaced) in [
        (DuplicatePolicy::ReplaceOldest, 1),
        (DuplicatePolicy::ReplaceAll, 1),
        (DuplicatePolicy::NewInstance, 0),
    ] {
        let options = HostOptions {
            duplicate_policy: policy,
            ..HostOptions::default()
        };
        let mut host = AppHost::new(options, Arc::new(MemoryStore::default()));
        let a = host.tool_call_started(board("1"));
        initialized(&mut host, a);
        host.drain();
        host.tool_call_started(board("2"));
        assert_eq!(teardowns(&host.drain()).len(), replaced, "{policy:?}");
    }
    // Asking: the embedder decides each time.
    let options = HostOptions {
        duplicate_policy: DuplicatePolicy::Ask,
        ..HostOptions::default()
    };
    for (answer, expected) in [
        (DuplicatePolicy::ReplaceAll, 2),
        (DuplicatePolicy::ReplaceOldest, 1),
    ] {
        let mut host = AppHost::new(options.clone(), Arc::new(MemoryStore::default()));
        let a = host.tool_call_started(board("1"));
        initialized(&mut host, a);
        host.drain();
        let b = host.tool_call_started(board("2"));
        let out = host.drain();
        assert!(
            matches!(&out[..], [Output::Event(HostEvent::DuplicateInstance { instance, existing })] if *instance == b && existing == &vec![a])
        );
        host.resolve_duplicate(b, DuplicatePolicy::NewInstance);
        assert!(host.drain().iter().any(
            |o| matches!(o, Output::Event(HostEvent::OpenApp { instance, .. }) if *instance == b)
        ));
        initialized(&mut host, b);
        host.drain();
        let c = host.tool_call_started(board("3"));
        host.drain();
        host.resolve_duplicate(c, answer);
        let closed = teardowns(&host.drain());
        assert_eq!(closed.len(), expected, "{answer:?}");
        if answer == DuplicatePolicy::ReplaceOldest {
            assert_eq!(closed, vec![a]);
        }
    }
}

#[test]
fn a_tool_result_holding_a_card_replaces_the_card() {
    let mut session = CardSession::new(mcpapp_card::parse_str(CARD).unwrap_or_card());
    let start = session.start();
    assert_eq!(start[0]["method"], "ui/initialize");
    session.on_host_message(&json!({"jsonrpc": "2.0", "id": 1, "result": {"hostContext": {"theme": "dark", "toolInfo": {"id": "c1", "tool": {"name": "t", "inputSchema": {"type": "object"}}}}}}));
    assert!(session.is_dark());
    let confirmation =
        json!({"type": "McpApp", "body": [{"type": "TextBlock", "text": "Cancelled"}]});
    // As an embedded resource with the card mime type…
    session.on_host_message(&json!({"jsonrpc": "2.0", "method": "ui/notifications/tool-result", "params": {
        "content": [{"type": "resource", "resource": {"uri": "card://x", "mimeType": "application/vnd.mcpapp.card+json", "text": confirmation.to_string()}}]}}));
    assert_eq!(session.card().body.len(), 1);
    // …or as structured content.
    let next = json!({"type": "AdaptiveCard", "body": [{"type": "TextBlock", "text": "a"}, {"type": "TextBlock", "text": "b"}]});
    session.on_host_message(&json!({"jsonrpc": "2.0", "method": "ui/notifications/tool-result", "params": {"structuredContent": next}}));
    assert_eq!(session.card().body.len(), 2);
    // A result without a card leaves it.
    session.on_host_message(&json!({"jsonrpc": "2.0", "method": "ui/notifications/tool-result", "params": {"content": []}}));
    assert_eq!(session.card().body.len(), 2);
}

trait UnwrapCard {
    fn unwrap_or_card(self) -> mcpapp_card::Card;
}

impl UnwrapCard for mcpapp_card::Parsed {
    fn unwrap_or_card(self) -> mcpapp_card::Card {
        self.card.unwrap()
    }
}

#[tokio::test]
async fn a_channel_port_carries_messages_both_ways_and_notices_a_gone_view() {
    use mcpapp_host::{ChannelPort, ViewPort};
    let (mut port, mut view) = ChannelPort::pair();
    port.send(json!({"m": 1})).unwrap();
    assert_eq!(view.from_host.recv().await, Some(json!({"m": 1})));
    view.to_host.send(json!({"m": 2})).unwrap();
    assert_eq!(port.recv().await, Some(json!({"m": 2})));
    assert!(matches!(port.try_recv(), Ok(None)));
    drop(view);
    assert!(port.send(json!({})).is_err());
    assert!(port.try_recv().is_err());
}

/// Views on the reference SDK reject an `ui/initialize` answer naming a display mode outside
/// the spec's three; a view hears of our `window` mode only if it declared it.
#[test]
fn only_views_that_declare_the_window_mode_hear_of_it() {
    let answer = |declared: Value, mode: DisplayMode| {
        let mut host = AppHost::new(HostOptions::default(), Arc::new(MemoryStore::default()));
        let instance = host.tool_call_started(AppSpec {
            server: "s".into(),
            tool: tool("t", &["model", "app"]),
            tool_call_id: "c".into(),
            resource_uri: "ui://flights/cancel".into(),
            kind: ViewKind::Html,
            display_mode: mode,
        });
        host.drain();
        host.view_message(
            instance,
            json!({"jsonrpc": "2.0", "id": 1, "method": "ui/initialize", "params": {
                "appInfo": {"name": "a", "version": "1"}, "protocolVersion": "2026-01-26",
                "appCapabilities": declared}}),
        );
        let outputs = host.drain();
        let Some(Output::ToView { message, .. }) = outputs.first() else {
            panic!("{outputs:?}")
        };
        message["result"]["hostContext"].clone()
    };
    let sdk = answer(json!({}), DisplayMode::Window);
    assert_eq!(
        sdk["availableDisplayModes"],
        json!(["inline", "fullscreen", "pip"])
    );
    assert_eq!(sdk["displayMode"], "fullscreen");
    let aware = answer(
        json!({"availableDisplayModes": ["inline", "window"]}),
        DisplayMode::Window,
    );
    assert_eq!(
        aware["availableDisplayModes"],
        json!(["inline", "window", "fullscreen", "pip"])
    );
    assert_eq!(aware["displayMode"], "window");
    assert_eq!(
        answer(json!({}), DisplayMode::Inline)["displayMode"],
        "inline"
    );
}

#[test]
fn links_that_would_be_read_otherwise_than_shown_are_refused_printably() {
    let mut rig = ready_rig();
    // Links a terminal, a browser or a display would read otherwise than the embedder shows
    // them, and huge ones, are refused too; the refusal quotes them shortened and
    // printable.
    let huge = format!("https://example.com/{}", "a".repeat(10_000));
    for (i, url) in [
        "https://example.com/\u{1b}]52;c;ZXZpbA==\u{7}",
        "http://exa mple.com/",
        "https://example.com/\u{202e}txt.exe",
        "file:///etc/passwd",
        huge.as_str(),
    ]
    .into_iter()
    .enumerate()
    {
        let out = answer(
            &mut rig,
            json!({"jsonrpc": "2.0", "id": 100 + i, "method": "ui/open-link", "params": {"url": url}}),
        );
        assert_eq!(error_code(&out), Some(-32602), "{url:?}: {out:?}");
        assert!(
            !out.iter()
                .any(|o| matches!(o, Output::Event(HostEvent::OpenLink { .. })))
        );
        let text = format!("{out:?}");
        assert!(!text.contains('\u{1b}') && text.len() < 2_000, "{text}");
    }
    for url in [
        "https://example.com/fine?q=1#top",
        "HTTPS://EXAMPLE.COM/upper",
    ] {
        let out = answer(
            &mut rig,
            json!({"jsonrpc": "2.0", "id": 200, "method": "ui/open-link", "params": {"url": url}}),
        );
        assert!(
            out.iter().any(
                |o| matches!(o, Output::Event(HostEvent::OpenLink { url: u, .. }) if u == url)
            ),
            "{url}: {out:?}"
        );
    }
}

/// Delivers messages between a host and an A2UI session until quiet.
fn exchange(host: &mut AppHost, instance: InstanceId, view: &mut SurfaceView, first: Vec<Value>) {
    let mut queue = first;
    loop {
        for message in std::mem::take(&mut queue) {
            host.view_message(instance, message);
        }
        let outputs = host.drain();
        if outputs.is_empty() && queue.is_empty() {
            break;
        }
        for output in outputs {
            if let Output::ToView { message, .. } = output {
                queue.extend(view.on_host(&message));
            }
        }
    }
}

#[test]
fn an_a2ui_app_comes_back_with_its_typed_data_after_a_restart() {
    let path = std::env::temp_dir().join(format!("mcpapp-a2ui-restart-{}.db", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let spec = cancellation_app(ViewKind::A2ui);
    {
        let store = Arc::new(mcpapp_host::store::SqliteStore::open(&path).unwrap());
        let mut host = AppHost::new(HostOptions::default(), store);
        let instance = host.tool_call_started(spec.clone());
        let mut view = SurfaceView::new();
        let start = view.start();
        exchange(&mut host, instance, &mut view, start);
        let save = view.save();
        exchange(&mut host, instance, &mut view, save);
    }
    // The program restarts: a new host on the same store brings the app back.
    let store = Arc::new(mcpapp_host::store::SqliteStore::open(&path).unwrap());
    let mut host = AppHost::new(HostOptions::default(), store);
    let instance = host.restore_app("default", spec, Some(json!({})), None);
    let mut view = SurfaceView::new();
    let start = view.start();
    exchange(&mut host, instance, &mut view, start);
    let surface = view.session.processor().surface("cancel").unwrap();
    assert_eq!(surface.data().root(), &json!({"reason": "Change of plans"}));
    let _ = std::fs::remove_file(&path);
}
