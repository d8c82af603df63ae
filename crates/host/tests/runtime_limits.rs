//! Bounded resources per app through a real runtime: views are read in turn, a view that
//! floods is held back (and refused with clear errors) while another is answered, a view that
//! stops reading is closed, and state saves are written off the runtime's thread, in order,
//! each answered after its write.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

mod support;

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use mcpapp_host::store::{MemoryStore, StateKey, StateStore};
use mcpapp_host::{
    AgentCall, AppHost, ChannelPort, Error, HostEvent, HostOptions, InstanceId, OUTBOX_LIMIT,
    PORT_CAPACITY, Runtime, TraceDirection, ViewEnd, ViewPort,
};
use mcpapp_protocol::{DisplayMode, LoggingLevel};
use serde_json::{Map, Value, json};
use support::{initialize, initialized};

/// An app of server `s` (not connected) opened in `runtime` for tool call `call`.
fn open(runtime: &mut Runtime, call: &str) -> InstanceId {
    runtime
        .host_mut()
        .set_server_tools("s", vec![support::board_tool()]);
    runtime
        .host_mut()
        .tool_call_started(support::board_app(call))
}

/// Attaches a channel port to `app`; the view's end of it.
fn attach_channel(runtime: &mut Runtime, app: InstanceId) -> ViewEnd {
    let (port, end) = ChannelPort::pair();
    runtime.attach(app, Box::new(port));
    end
}

fn bare_runtime(store: Arc<dyn StateStore>) -> Runtime {
    Runtime::new(AppHost::new(HostOptions::default(), store))
}

fn ping(id: usize) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "method": "ping", "params": {}})
}

/// Drives `runtime` (collecting its events) until `done` says so; fails after 20 s.
async fn drive_until(
    runtime: &mut Runtime,
    events: &mut Vec<HostEvent>,
    mut done: impl FnMut(&Runtime, &[HostEvent]) -> bool,
) {
    tokio::time::timeout(Duration::from_secs(20), async {
        while !done(runtime, events) {
            if let Some(event) = runtime.next_event_within(Duration::from_millis(20)).await {
                events.push(event);
            }
        }
    })
    .await
    .expect("the runtime got there in time");
}

/// The next message from the host that is an answer to request `id`.
async fn answer_to(from_host: &mut tokio::sync::mpsc::Receiver<Value>, id: u64) -> Value {
    loop {
        let message = from_host.recv().await.expect("the host is there");
        if message.get("method").is_none() && message["id"] == id {
            return message;
        }
    }
}

fn reads(runtime: &Runtime) -> Vec<InstanceId> {
    runtime
        .trace()
        .iter()
        .filter(|t| t.direction == TraceDirection::ToHost)
        .map(|t| t.instance)
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn views_with_messages_waiting_are_read_in_turn() {
    let mut runtime = bare_runtime(Arc::new(MemoryStore::new()));
    let a = open(&mut runtime, "a");
    let b = open(&mut runtime, "b");
    let (port_a, end_a) = ChannelPort::pair();
    let (port_b, end_b) = ChannelPort::pair();
    // Both views have said ten things before the runtime reads any.
    for n in 0..10 {
        end_a.to_host.send(ping(n)).unwrap();
        end_b.to_host.send(ping(100 + n)).unwrap();
    }
    runtime.attach(a, Box::new(port_a));
    runtime.attach(b, Box::new(port_b));
    runtime.record();
    let mut events = Vec::new();
    drive_until(&mut runtime, &mut events, |r, _| reads(r).len() == 20).await;
    let read = reads(&runtime);
    // The view read first changes every time: a, b, a, b… A view with a backlog does not
    // keep the others waiting until it is drained.
    for pair in read.chunks(2) {
        assert_ne!(pair[0], pair[1], "{read:?}");
    }
    drop((end_a, end_b));
}

/// What the flooding app sends: 30 slow calls (more than may run or wait), then 2,000 pings
/// and 2,000 log lines.
fn flood() -> Vec<Value> {
    let slow = |id: usize| {
        json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
            "params": {"name": "slow", "arguments": {}}})
    };
    let log = |n: usize| {
        json!({"jsonrpc": "2.0", "method": "notifications/message",
            "params": {"level": "info", "data": format!("flood {n}")}})
    };
    (1..=30)
        .map(slow)
        .chain((31..2031).flat_map(|id| [ping(id), log(id)]))
        .collect()
}

/// The calm app: initializes and calls `refresh`; returns the answer and how many messages
/// the flooding app had sent by then.
async fn calm_view(end: ViewEnd, flooded: Arc<AtomicUsize>) -> (Value, usize) {
    let ViewEnd {
        mut from_host,
        to_host,
    } = end;
    to_host.send_async(initialize(0)).await.unwrap();
    answer_to(&mut from_host, 0).await;
    to_host.send_async(initialized()).await.unwrap();
    let call = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
        "params": {"name": "refresh", "arguments": {}}});
    to_host.send_async(call).await.unwrap();
    let answer = answer_to(&mut from_host, 1).await;
    (answer, flooded.load(Ordering::SeqCst))
}

/// Checks the flooding app's answers: each request answered once, the calls over the cap and
/// the requests over the rate refused with errors that name the limit.
fn check_flood_answers(answers: &[Value]) {
    let ids: BTreeSet<i64> = answers.iter().map(|a| a["id"].as_i64().unwrap()).collect();
    assert_eq!(ids.len(), 2010, "each answered once");
    let error = |a: &Value| {
        a["error"]["message"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    };
    let too_many = answers
        .iter()
        .filter(|a| error(a).starts_with("too many calls in flight: at most 4 per app"))
        .count();
    assert_eq!(too_many, 10);
    let limited = answers
        .iter()
        .filter(|a| error(a).starts_with("rate limit: at most 20 requests a second per app"))
        .count();
    assert!(limited > 1000, "{limited} refused by the rate");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_app_that_floods_is_held_back_and_refused_while_another_is_answered() {
    let conn = support::connect_test_server().await;
    let mut runtime = bare_runtime(Arc::new(MemoryStore::new()));
    runtime.add_server(Arc::new(conn));
    let mut events = runtime.poll_events();
    let mut ends = Vec::new();
    let mut apps = Vec::new();
    for call in ["flood", "calm"] {
        let opened = runtime
            .agent_call("test", "show_card", Map::new(), call, DisplayMode::Inline)
            .await
            .unwrap();
        let AgentCall::App(id) = opened else {
            panic!("{opened:?}")
        };
        let (port, end) = ChannelPort::pair();
        runtime.attach(id, Box::new(port));
        apps.push(id);
        ends.push(end);
    }
    let calm_end = ends.pop().unwrap();
    let ViewEnd {
        from_host: mut a_inbox,
        to_host: a_out,
    } = ends.pop().unwrap();
    // A sends as fast as the host takes its messages, reading none of its answers for now.
    let a_sent = Arc::new(AtomicUsize::new(0));
    let counter = Arc::clone(&a_sent);
    let sender = tokio::spawn(async move {
        for message in flood() {
            a_out.send_async(message).await.unwrap();
            counter.fetch_add(1, Ordering::SeqCst);
        }
    });
    let calm = tokio::spawn(calm_view(calm_end, a_sent));
    drive_until(&mut runtime, &mut events, |_, _| calm.is_finished()).await;
    let (answer, a_sent_then) = calm.await.unwrap();
    assert_eq!(
        answer["result"]["structuredContent"],
        json!({"refreshed": true}),
        "{answer}"
    );
    // A is held back by its own unread answers: once they fill its inbox (64; half its
    // messages are notifications that need none, so about twice that was read) it is read
    // no more, and its port (64) fills. Not all its flood.
    assert!(
        a_sent_then < 4 * PORT_CAPACITY,
        "{a_sent_then} of {} sent",
        flood().len()
    );

    // Now A reads: everything it sent is handled, every request answered once.
    let reader = tokio::spawn(async move {
        let mut answers = Vec::new();
        // 10 refused calls and 2,000 pings; 20 slow calls are still running or waiting.
        while answers.len() < 2010 {
            let message = a_inbox.recv().await.unwrap();
            if message.get("method").is_none() {
                answers.push(message);
            }
        }
        answers
    });
    drive_until(&mut runtime, &mut events, |_, _| {
        reader.is_finished() && sender.is_finished()
    })
    .await;
    check_flood_answers(&reader.await.unwrap());
    // Its log lines were dropped beyond the rate, with a warning (the first of a flood; the
    // rest are summed up ten seconds later).
    let lines = events
        .iter()
        .filter(|e| {
            matches!(e, HostEvent::Log { instance: Some(i), level: LoggingLevel::Info, message }
                if *i == apps[0] && message.starts_with("flood"))
        })
        .count();
    assert!(lines < 1000, "{lines} log lines of 2000 told");
    assert!(events.iter().any(
        |e| matches!(e, HostEvent::Log { instance: Some(i), level: LoggingLevel::Warning, message }
        if *i == apps[0] && message.contains("the app sends faster than its limits"))
    ));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_view_that_stops_reading_is_closed_with_a_reason() {
    let mut runtime = bare_runtime(Arc::new(MemoryStore::new()));
    let app = open(&mut runtime, "a");
    let ViewEnd {
        mut from_host,
        to_host,
    } = attach_channel(&mut runtime, app);
    to_host.send(initialize(0)).unwrap();
    to_host.send(initialized()).unwrap();
    let mut events = Vec::new();
    let answered = tokio::spawn(async move {
        answer_to(&mut from_host, 0).await;
        from_host
    });
    drive_until(&mut runtime, &mut events, |_, _| answered.is_finished()).await;
    let _unread = answered.await.unwrap();
    // The view reads nothing more; the agent streams its input.
    for n in 0..PORT_CAPACITY + OUTBOX_LIMIT + 10 {
        runtime.host_mut().tool_input_partial("a", &json!({"n": n}));
    }
    drive_until(&mut runtime, &mut events, |_, events| {
        events
            .iter()
            .any(|e| matches!(e, HostEvent::CloseApp { instance, .. } if *instance == app))
    })
    .await;
    assert!(
        events.iter().any(|e| matches!(e, HostEvent::Log { instance: Some(i), message, .. }
            if *i == app && message.contains(&format!("more than {OUTBOX_LIMIT} messages from the host unread")))),
        "{events:?}"
    );
}

/// A port that is gone at once, and knows why.
struct BrokenPort;

impl ViewPort for BrokenPort {
    fn send(&self, _message: Value) -> Result<(), Error> {
        Err(Error::ViewGone)
    }
    fn try_recv(&mut self) -> Result<Option<Value>, Error> {
        Err(Error::ViewGone)
    }
    fn recv(&mut self) -> std::pin::Pin<Box<dyn Future<Output = Option<Value>> + Send + '_>> {
        Box::pin(async { None })
    }
    fn gone_reason(&self) -> Option<String> {
        Some("the app sent a message over the limit".to_owned())
    }
}

#[tokio::test]
async fn the_reason_a_port_gives_for_its_end_is_logged_with_the_closing() {
    let mut runtime = bare_runtime(Arc::new(MemoryStore::new()));
    let app = open(&mut runtime, "a");
    runtime.attach(app, Box::new(BrokenPort));
    let mut events = Vec::new();
    drive_until(&mut runtime, &mut events, |_, events| {
        events
            .iter()
            .any(|e| matches!(e, HostEvent::CloseApp { .. }))
    })
    .await;
    let log = events.iter().position(|e| {
        matches!(e, HostEvent::Log { instance: Some(i), level: LoggingLevel::Warning, message }
            if *i == app && message == "the app's view was closed: the app sent a message over the limit")
    });
    let close = events
        .iter()
        .position(|e| matches!(e, HostEvent::CloseApp { .. }));
    assert!(log.is_some() && log < close, "{events:?}");
}

#[test]
fn a_view_that_cannot_wait_has_its_excess_dropped_and_counted() {
    let (_port, end) = ChannelPort::with_capacity(2);
    end.to_host.send(ping(1)).unwrap();
    end.to_host.send(ping(2)).unwrap();
    assert!(matches!(end.to_host.send(ping(3)), Err(Error::PortFull(m)) if m == ping(3)));
    assert_eq!(end.to_host.dropped(), 1);
    // The host's side: `try_send` hands a message back (the runtime keeps it), `send` drops.
    let (port, mut end) = ChannelPort::with_capacity(1);
    port.try_send(ping(1)).unwrap();
    assert_eq!(port.room(), 0);
    assert!(matches!(port.try_send(ping(2)), Err(Error::PortFull(m)) if m == ping(2)));
    assert!(port.send(ping(3)).is_ok());
    assert_eq!(end.from_host.try_recv().unwrap(), ping(1));
    assert!(end.from_host.try_recv().is_err());
}

/// A store whose saves wait at a gate, recording what they write and on which thread.
#[derive(Default)]
struct GatedStore {
    inner: MemoryStore,
    open: Mutex<bool>,
    opened: Condvar,
    writes: Mutex<Vec<(Value, Option<String>)>>,
}

impl GatedStore {
    fn open_gate(&self) {
        *self.open.lock().unwrap() = true;
        self.opened.notify_all();
    }

    fn writes(&self) -> Vec<(Value, Option<String>)> {
        self.writes.lock().unwrap().clone()
    }
}

impl StateStore for GatedStore {
    fn limits(&self) -> mcpapp_host::store::StoreLimits {
        self.inner.limits()
    }
    fn save(&self, key: &StateKey, state: &Value) -> Result<(), Error> {
        let thread = std::thread::current().name().map(str::to_owned);
        self.writes.lock().unwrap().push((state.clone(), thread));
        let mut open = self.open.lock().unwrap();
        while !*open {
            open = self.opened.wait(open).unwrap();
        }
        drop(open);
        self.inner.save(key, state)
    }
    fn load(&self, key: &StateKey) -> Result<Option<Value>, Error> {
        self.inner.load(key)
    }
    fn delete(&self, key: &StateKey) -> Result<(), Error> {
        self.inner.delete(key)
    }
    fn keys_of_thread(&self, thread: &str) -> Result<Vec<StateKey>, Error> {
        self.inner.keys_of_thread(thread)
    }
    fn delete_thread(&self, thread: &str) -> Result<(), Error> {
        self.inner.delete_thread(thread)
    }
}

/// Opens the gate after a while whatever happens, so that a runtime that blocks on the store
/// makes the test fail instead of hang.
fn failsafe(store: &Arc<GatedStore>) {
    let store = Arc::clone(store);
    std::thread::spawn(move || {
        std::thread::sleep(Duration::from_secs(5));
        store.open_gate();
    });
}

/// A runtime on a gated store (opened by the failsafe at the latest) with the app `a` open.
fn gated_app() -> (Arc<GatedStore>, Runtime, InstanceId) {
    let store = Arc::new(GatedStore::default());
    failsafe(&store);
    let mut runtime = bare_runtime(store.clone());
    let app = open(&mut runtime, "a");
    (store, runtime, app)
}

fn save(state: &Value) -> Value {
    json!({"jsonrpc": "2.0", "method": "ui/notifications/save-state", "params": {"state": state}})
}

fn key() -> StateKey {
    StateKey::new("s", "board", "default", "a")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn saves_are_written_off_the_runtime_thread_in_order_and_answered_after_the_write() {
    let (store, mut runtime, app) = gated_app();
    let ViewEnd {
        mut from_host,
        to_host,
    } = attach_channel(&mut runtime, app);
    for message in [
        initialize(0),
        initialized(),
        save(&json!({"v": 1})),
        save(&json!({"v": 2})),
        save(&json!({"v": 3})),
        ping(7),
    ] {
        to_host.send(message).unwrap();
    }
    // The ping is answered while the first write still waits at the store's gate.
    let view = tokio::spawn(async move {
        let mut seen = Vec::new();
        loop {
            let message = from_host.recv().await.unwrap();
            let done = message["id"] == 7;
            seen.push(message);
            if done {
                return (seen, from_host);
            }
        }
    });
    let mut events = Vec::new();
    drive_until(&mut runtime, &mut events, |_, _| view.is_finished()).await;
    let (seen, mut from_host) = view.await.unwrap();
    let gate_was_closed = !*store.open.lock().unwrap();
    assert!(
        gate_was_closed,
        "the runtime waited for the store before answering"
    );
    assert!(
        !seen
            .iter()
            .any(|m| m["method"] == "ui/notifications/save-state-response"),
        "no save is answered before it is written: {seen:?}"
    );
    let writes = store.writes();
    assert_eq!(writes.len(), 1, "one write at a time");
    assert_eq!(writes[0].1.as_deref(), Some("mcpapp-state-saves"));

    store.open_gate();
    let answers = tokio::spawn(async move {
        let mut answers = Vec::new();
        while answers.len() < 3 {
            let message = from_host.recv().await.unwrap();
            if message["method"] == "ui/notifications/save-state-response" {
                answers.push(message);
            }
        }
        answers
    });
    drive_until(&mut runtime, &mut events, |_, _| answers.is_finished()).await;
    let answers = answers.await.unwrap();
    assert!(
        answers.iter().all(|a| a["params"]["success"] == true),
        "{answers:?}"
    );
    // The first, then the newest; the second was replaced before it was written.
    let written: Vec<Value> = store.writes().into_iter().map(|(v, _)| v).collect();
    assert_eq!(written, vec![json!({"v": 1}), json!({"v": 3})]);
    assert_eq!(store.load(&key()).unwrap(), Some(json!({"v": 3})));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn saves_still_queued_are_written_in_order_when_the_runtime_is_dropped() {
    let (store, mut runtime, app) = gated_app();
    let end = attach_channel(&mut runtime, app);
    end.to_host.send(save(&json!({"v": 1}))).unwrap();
    end.to_host.send(save(&json!({"v": 2}))).unwrap();
    let mut events = Vec::new();
    drive_until(&mut runtime, &mut events, |_, _| !store.writes().is_empty()).await;
    // The first write is under way, the second waits in the host; the runtime goes.
    store.open_gate();
    drop(runtime);
    let written: Vec<Value> = store.writes().into_iter().map(|(v, _)| v).collect();
    assert_eq!(written, vec![json!({"v": 1}), json!({"v": 2})]);
    assert_eq!(store.load(&key()).unwrap(), Some(json!({"v": 2})));
}
