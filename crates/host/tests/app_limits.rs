//! What one app may ask of the host, driven by hand (sans-IO, the clock given): rates of
//! requests and notifications, calls in flight, and the queue of state saves.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

mod support;

use std::sync::Arc;
use std::time::{Duration, Instant};

use mcpapp_host::store::{MemoryStore, StateKey, StateStore};
use mcpapp_host::{
    AppHost, HostEvent, HostOptions, InstanceId, Output, SHED_REPORT_INTERVAL, ServerCall,
};
use mcpapp_protocol::LoggingLevel;
use serde_json::{Value, json};
use support::{board_app, board_tool};

/// A host with one ready app of server `s`, the clock at `now`.
fn host_with_app(store: Arc<dyn StateStore>, now: Instant) -> (AppHost, InstanceId) {
    let mut host = AppHost::new(HostOptions::default(), store);
    host.tick(now);
    host.set_server_tools("s", vec![board_tool()]);
    let id = host.tool_call_started(board_app("call-1"));
    host.view_message(
        id,
        json!({"jsonrpc": "2.0", "method": "ui/notifications/initialized", "params": {}}),
    );
    host.drain();
    (host, id)
}

fn ping(id: u64) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "method": "ping", "params": {}})
}

fn call(id: u64) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
        "params": {"name": "board", "arguments": {}}})
}

fn log_line(n: u64) -> Value {
    json!({"jsonrpc": "2.0", "method": "notifications/message",
        "params": {"level": "info", "data": format!("line {n}")}})
}

fn save(state: &Value) -> Value {
    json!({"jsonrpc": "2.0", "method": "ui/notifications/save-state", "params": {"state": state}})
}

/// The messages to views among `outputs`.
fn to_view(outputs: &[Output]) -> Vec<&Value> {
    outputs
        .iter()
        .filter_map(|o| match o {
            Output::ToView { message, .. } => Some(message),
            _ => None,
        })
        .collect()
}

/// The host's log lines among `outputs`, at `level`.
fn logs(outputs: &[Output], level: LoggingLevel) -> Vec<String> {
    outputs
        .iter()
        .filter_map(|o| match o {
            Output::Event(HostEvent::Log {
                level: l, message, ..
            }) if *l == level => Some(message.clone()),
            _ => None,
        })
        .collect()
}

/// The one warning among `outputs`.
fn one_warning(outputs: &[Output]) -> String {
    let warnings = logs(outputs, LoggingLevel::Warning);
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    warnings[0].clone()
}

#[test]
fn requests_over_the_rate_are_refused_with_the_limit_named_until_the_bucket_refills() {
    let start = Instant::now();
    let (mut host, app) = host_with_app(Arc::new(MemoryStore::new()), start);
    for id in 1..=45 {
        host.view_message(app, ping(id));
    }
    let out = host.drain();
    let answers = to_view(&out);
    assert_eq!(answers.len(), 45, "every request is answered");
    // The burst (40) goes through; the rest get an error that says which limit.
    assert!(answers[..40].iter().all(|a| a.get("result").is_some()));
    for refused in &answers[40..] {
        assert_eq!(refused["error"]["code"], -32000, "{refused}");
        let message = refused["error"]["message"].as_str().unwrap();
        assert!(
            message.contains("rate limit: at most 20 requests a second per app (bursts of 40)")
                && message.contains("`ping` was not run"),
            "{message}"
        );
    }
    // One warning for the burst, not one per refusal.
    let warning = one_warning(&out);
    assert!(
        warning.contains("1 request refused (at most 20 a second, bursts of 40)"),
        "{warning}"
    );

    // Half a second later ten more tokens are there; nothing more is said yet.
    host.tick(start + Duration::from_millis(500));
    for id in 100..110 {
        host.view_message(app, ping(id));
    }
    let out = host.drain();
    assert!(to_view(&out).iter().all(|a| a.get("result").is_some()));
    assert!(logs(&out, LoggingLevel::Warning).is_empty());
    // Ten seconds after the first warning, the rest of the refusals are summed up once.
    host.tick(start + SHED_REPORT_INTERVAL);
    let warning = one_warning(&host.drain());
    assert!(
        warning.contains("still over its limits: 4 requests refused"),
        "{warning}"
    );
    host.tick(start + 3 * SHED_REPORT_INTERVAL);
    assert!(logs(&host.drain(), LoggingLevel::Warning).is_empty());
}

#[test]
fn notifications_over_the_rate_are_dropped_and_counted_and_the_newest_size_is_told_later() {
    let start = Instant::now();
    let (mut host, app) = host_with_app(Arc::new(MemoryStore::new()), start);
    for n in 0..1000 {
        host.view_message(app, log_line(n));
    }
    // Junk counts against the same budget: no flood of "malformed" lines either.
    for _ in 0..1000 {
        host.view_message(app, json!({"not": "json-rpc"}));
    }
    let size = |h: u64| {
        json!({"jsonrpc": "2.0", "method": "ui/notifications/size-changed",
            "params": {"width": 300, "height": h}})
    };
    host.view_message(app, size(100));
    host.view_message(app, size(200));
    let out = host.drain();
    let app_lines = logs(&out, LoggingLevel::Info);
    assert_eq!(app_lines.len(), 100, "the burst, then nothing");
    assert_eq!(app_lines[99], "line 99");
    let warning = one_warning(&out);
    assert!(
        warning.contains("1 notification dropped (at most 50 a second, bursts of 100)"),
        "{warning}"
    );
    assert!(
        !out.iter()
            .any(|o| matches!(o, Output::Event(HostEvent::SizeChanged { .. }))),
        "sizes over the limit are held"
    );

    // The bucket refills: the newest size (only) is told on the clock.
    host.tick(start + Duration::from_millis(100));
    let sizes: Vec<_> = host
        .drain()
        .into_iter()
        .filter_map(|o| match o {
            Output::Event(HostEvent::SizeChanged { height, .. }) => Some(height),
            _ => None,
        })
        .collect();
    assert_eq!(sizes, vec![Some(200.0)]);
    // Ten seconds after the first warning, the rest of the drops are summed up (the held
    // size among them), once.
    host.tick(start + SHED_REPORT_INTERVAL);
    let warning = one_warning(&host.drain());
    assert!(warning.contains("1901 notifications dropped"), "{warning}");
}

#[test]
fn calls_beyond_those_in_flight_wait_and_beyond_the_waiting_line_are_refused() {
    let (mut host, app) = host_with_app(Arc::new(MemoryStore::new()), Instant::now());
    for id in 1..=21 {
        host.view_message(app, call(id));
    }
    let out = host.drain();
    let calls: Vec<&Value> = out
        .iter()
        .filter_map(|o| match o {
            Output::ToServer { request, call, .. } => {
                assert!(matches!(call, ServerCall::CallTool { name, .. } if name == "board"));
                Some(request)
            }
            _ => None,
        })
        .collect();
    assert_eq!(calls, [&json!(1), &json!(2), &json!(3), &json!(4)]);
    // 16 wait without an answer; the 21st is refused at once, saying why.
    let answers = to_view(&out);
    assert_eq!(answers.len(), 1, "{answers:?}");
    assert_eq!(answers[0]["id"], 21);
    let message = answers[0]["error"]["message"].as_str().unwrap();
    assert!(
        message.starts_with("too many calls in flight: at most 4 per app, and 16 more waiting")
            && message.contains("tools/call `board`"),
        "{message}"
    );

    // An answer lets the first waiting call out, in order.
    host.server_reply(app, &json!(2), Ok(json!({"content": []})));
    let out = host.drain();
    assert!(
        matches!(&out[0], Output::ToServer { request, .. } if *request == json!(5)),
        "{out:?}"
    );
    assert_eq!(to_view(&out)[0]["id"], 2);
    // resources/read counts against the same calls: the first takes the place in line the
    // answer made, the second is refused.
    for id in [99, 100] {
        host.view_message(
            app,
            json!({"jsonrpc": "2.0", "id": id, "method": "resources/read",
                "params": {"uri": "ui://s/other"}}),
        );
    }
    let out = host.drain();
    let refused = to_view(&out);
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert_eq!(refused[0]["id"], 100);
    assert!(
        refused[0]["error"]["message"]
            .as_str()
            .unwrap()
            .contains("resources/read `ui://s/other`"),
        "{refused:?}"
    );
}

#[test]
fn deferred_saves_are_written_in_order_coalesced_and_answered_after_the_write() {
    let store = Arc::new(MemoryStore::new());
    let (mut host, app) = host_with_app(store.clone(), Instant::now());
    host.defer_saves();
    host.view_message(app, save(&json!({"v": 1})));
    host.view_message(app, save(&json!({"v": 2})));
    host.view_message(app, save(&json!({"v": 3})));
    assert!(
        to_view(&host.drain()).is_empty(),
        "no answer before the write"
    );
    assert_eq!(host.saves_unanswered(app), 3);
    // One write at a time: the first; the third replaced the second behind it.
    let jobs = host.take_saves();
    assert_eq!(jobs.len(), 1);
    let key = StateKey::new("s", "board", "default", "call-1");
    assert_eq!(jobs[0].key(), &key);
    assert!(host.take_saves().is_empty(), "the next waits for this one");
    let done = jobs.into_iter().next().unwrap().run();
    assert_eq!(store.load(&key).unwrap(), Some(json!({"v": 1})));
    host.save_done(done);
    let answered = to_view(&host.drain()).len();
    assert_eq!(answered, 1, "the first save is answered");
    let jobs = host.take_saves();
    assert_eq!(jobs.len(), 1);
    host.save_done(jobs.into_iter().next().unwrap().run());
    let out = host.drain();
    let answers = to_view(&out);
    assert_eq!(
        answers.len(),
        2,
        "the second and third, by the write of the third"
    );
    assert!(
        answers
            .iter()
            .all(|a| a["method"] == "ui/notifications/save-state-response"
                && a["params"]["success"] == true)
    );
    assert_eq!(store.load(&key).unwrap(), Some(json!({"v": 3})));
    assert_eq!(host.saves_unanswered(app), 0);
}

#[test]
fn a_recreated_app_gets_the_state_still_on_its_way_to_the_store() {
    let store = Arc::new(MemoryStore::new());
    let (mut host, app) = host_with_app(store.clone(), Instant::now());
    host.defer_saves();
    host.view_message(app, save(&json!({"v": "newest"})));
    let _running = host.take_saves();
    host.switch_thread("other");
    host.switch_thread("default");
    host.view_message(
        app,
        json!({"jsonrpc": "2.0", "method": "ui/notifications/initialized", "params": {}}),
    );
    let out = host.drain();
    let load = to_view(&out)
        .into_iter()
        .find(|m| m["method"] == "ui/notifications/load-state")
        .expect("load-state");
    assert_eq!(load["params"]["state"], json!({"v": "newest"}));
}
