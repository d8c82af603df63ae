#![cfg(test)] // clippy.toml's allowances for tests hold in every function here
//! Hostile HTML apps against the whole host: a hand-written MCP server
//! (`tests/fixtures/hostile_apps.mjs`, a child process) serves raw-`postMessage` apps that
//! flood, nest, lie about their size, ask for bad links, try to leave their sandbox, navigate
//! away and go silent, shown in headless Chromium through the real bridge and runtime.
//!
//! Every scenario must end (the app is closed and its view gone), the host must answer every
//! request it takes, and a polite app beside the floods must still be served. What the polite
//! app measured, and the process's peak memory, are printed for the record (run with
//! `--nocapture`); speed and memory are judged by people and benchmarks, not asserted here.

mod html_harness;
mod support;

use std::time::{Duration, Instant};

use html_harness::{Harness, hostile_server};
use mcpapp_host::{CloseReason, HostEvent, InstanceId};
use serde_json::{Value, json};

/// A line of `/proc/self/status` in KiB (`VmHWM`: the peak resident set).
fn status_kib(field: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    status
        .lines()
        .find_map(|line| line.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|rest| rest.trim().trim_end_matches(" kB").parse().ok())
        .unwrap()
}

/// Open file descriptors of this process.
fn open_fds() -> usize {
    std::fs::read_dir("/proc/self/fd").unwrap().count()
}

/// The events the host gave the embedder about `instance`.
fn events_of(h: &Harness, instance: InstanceId) -> Vec<&HostEvent> {
    h.events
        .iter()
        .filter(|e| event_instance(e) == Some(instance))
        .collect()
}

fn event_instance(event: &HostEvent) -> Option<InstanceId> {
    match event {
        HostEvent::OpenApp { instance, .. }
        | HostEvent::CloseApp { instance, .. }
        | HostEvent::ChatMessage { instance, .. }
        | HostEvent::OpenLink { instance, .. }
        | HostEvent::DisplayModeChanged { instance, .. }
        | HostEvent::ModelContext { instance, .. }
        | HostEvent::SizeChanged { instance, .. }
        | HostEvent::OpenQuestion { instance, .. }
        | HostEvent::QuestionLocked { instance, .. }
        | HostEvent::DownloadFile { instance, .. } => Some(*instance),
        HostEvent::Log { instance, .. } => *instance,
        HostEvent::DuplicateInstance { .. } => None,
    }
}

fn closed(h: &Harness, instance: InstanceId) -> bool {
    h.events
        .iter()
        .any(|e| matches!(e, HostEvent::CloseApp { instance: i, .. } if *i == instance))
}

/// Closes `instance` as a user would and runs until the host has taken it down.
async fn close(h: &mut Harness, instance: InstanceId) {
    if !closed(h, instance) {
        h.runtime.host_mut().close(instance);
    }
    h.until("the app is closed", |h| closed(h, instance)).await;
}

/// Carries messages for `time`, as a host does all along (evaluating in a busy browser is
/// slow, and the runtime must not wait for it).
async fn pump(h: &mut Harness, time: Duration) {
    let until = Instant::now() + time;
    h.until("time passes", |_| Instant::now() >= until).await;
}

/// The app's `window.__report`, once it has one (looked at once a second, the host running
/// in between).
async fn report(h: &mut Harness, instance: InstanceId) -> Value {
    let deadline = Instant::now() + Duration::from_secs(90);
    loop {
        pump(h, Duration::from_secs(1)).await;
        assert!(
            h.tabs.contains_key(&instance),
            "{instance:?} was closed before it reported: {:?}",
            events_of(h, instance)
        );
        let found = h.eval_app(instance, "window.__report").await;
        if let Ok(value) = found
            && !value.is_null()
        {
            return value;
        }
        let progress = h.eval_app(instance, "window.__progress").await;
        assert!(
            Instant::now() < deadline,
            "{instance:?} made no report; its progress: {progress:?}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_apps_end_and_a_polite_app_beside_floods_is_still_served() {
    let Some(mut h) = Harness::start_unrecorded(hostile_server()).await else {
        return;
    };
    let fds_before = open_fds();

    floods(&mut h).await;
    state(&mut h).await;
    sizes(&mut h).await;
    links(&mut h).await;
    escape(&mut h).await;
    wander_and_silence(&mut h).await;

    // Nothing is left open: every tab closed, every bridge gone, descriptors back.
    assert!(h.tabs.is_empty(), "every app's tab was closed");
    tokio::time::sleep(Duration::from_millis(500)).await;
    let fds_after = open_fds();
    eprintln!(
        "open descriptors: {fds_before} before the scenarios, {fds_after} after; \
         peak resident set of the host process: {} MiB",
        status_kib("VmHWM") / 1024
    );
    assert!(
        fds_after <= fds_before + 8,
        "descriptors leaked: {fds_before} → {fds_after}"
    );
    h.close().await;
}

/// Floods of calls and of notifications, with a polite app beside them that must be served.
async fn floods(h: &mut Harness) {
    // Floods of calls and of notifications, and a polite app beside them.
    let calls = h.call("flood_calls", json!({})).await;
    let notes = h.call("flood_notes", json!({})).await;
    let polite = h.call("polite", json!({})).await;
    let polite_report = report(h, polite).await;
    let flood = report(h, calls).await;
    let notes_report = report(h, notes).await;

    let latencies: Vec<f64> = polite_report["latencies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    assert_eq!(
        latencies.len(),
        20,
        "the polite app was served: {polite_report}"
    );
    assert_eq!(polite_report["errors"], json!([]), "{polite_report}");
    assert_eq!(
        flood["answered"], flood["sent"],
        "every call of the flood got an answer (a result or an error): {flood}"
    );
    assert_eq!(notes_report["sent"], 20000);
    let mut sorted = latencies.clone();
    sorted.sort_by(f64::total_cmp);
    eprintln!(
        "polite app beside the floods: tools/call latency median {:.1} ms, max {:.1} ms; \
         flood of calls: {flood}",
        sorted[sorted.len() / 2],
        sorted[sorted.len() - 1]
    );
    let delivered =
        |kind: fn(&HostEvent) -> bool| events_of(h, notes).into_iter().filter(|e| kind(e)).count();
    eprintln!(
        "flood of 20000 notifications: the embedder got {} size changes, {} logs, {} model contexts",
        delivered(|e| matches!(e, HostEvent::SizeChanged { .. })),
        delivered(|e| matches!(e, HostEvent::Log { .. })),
        delivered(|e| matches!(e, HostEvent::ModelContext { .. })),
    );
    for instance in [calls, notes, polite] {
        close(h, instance).await;
    }
}

/// A state too deep, a fine one, and one too large to carry.
async fn state(h: &mut Harness) {
    // State: too deep is refused with an answer; a fine one is saved; a huge one is refused
    // (or ends the app, whose message is too large to carry), never stored.
    let state = h.call("state", json!({})).await;
    let saved = report(h, state).await;
    assert_eq!(saved["deep"]["success"], false, "{saved}");
    assert!(
        saved["deep"]["message"].as_str().unwrap().contains("deep"),
        "{saved}"
    );
    assert_eq!(saved["fine"]["success"], true, "{saved}");
    h.in_app(state, "window.__go = true").await;
    // Refused with an answer, or the app is ended because its message is too large to carry.
    let deadline = Instant::now() + Duration::from_mins(1);
    let big = loop {
        pump(h, Duration::from_secs(1)).await;
        if closed(h, state) {
            break Value::Null;
        }
        let big = h.in_app(state, "window.__report.big || null").await;
        if !big.is_null() {
            break big;
        }
        assert!(Instant::now() < deadline, "the 6 MiB state got no answer");
    };
    if big.is_null() {
        let why = events_of(h, state).into_iter().find_map(|e| match e {
            HostEvent::Log { message, .. } => Some(message.clone()),
            _ => None,
        });
        eprintln!("a 6 MiB save-state ended its app: {why:?}");
        assert!(why.is_some(), "the host said why the app ended");
    } else {
        assert_eq!(big["success"], false, "{big}");
        eprintln!("a 6 MiB save-state was refused: {big}");
    }
    close(h, state).await;
}

/// Absurd sizes.
async fn sizes(h: &mut Harness) {
    // Absurd sizes reach nobody unclamped.
    let sizes = h.call("sizes", json!({})).await;
    report(h, sizes).await;
    h.until("the sizes arrive", |h| {
        events_of(h, sizes)
            .iter()
            .filter(|e| matches!(e, HostEvent::SizeChanged { .. }))
            .count()
            >= 2
    })
    .await;
    for event in events_of(h, sizes) {
        if let HostEvent::SizeChanged { width, height, .. } = event {
            for size in [width, height].into_iter().flatten() {
                assert!((0.0..=100_000.0).contains(size), "{event:?}");
            }
        }
    }
    close(h, sizes).await;
}

/// Links no host should open.
async fn links(h: &mut Harness) {
    // Links: only http(s) without control characters reach the embedder.
    let links = h.call("links", json!({})).await;
    let replies = report(h, links).await;
    let accepted: Vec<&str> = replies
        .as_object()
        .unwrap()
        .iter()
        .filter(|(_, v)| *v == "accepted")
        .map(|(k, _)| k.as_str())
        .collect();
    assert_eq!(
        accepted,
        ["HTTPS://EXAMPLE.COM/upper", "https://example.com/fine"],
        "{replies}"
    );
    let opened: Vec<&str> = events_of(h, links)
        .into_iter()
        .filter_map(|e| match e {
            HostEvent::OpenLink { url, .. } => Some(url.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(opened.len(), 2, "{opened:?}");
    assert!(opened.iter().all(|u| !u.chars().any(char::is_control)));
    close(h, links).await;
}

/// Every way out of the sandbox.
async fn escape(h: &mut Harness) {
    // Escapes: every way out of the sandbox is blocked.
    let escape = h.call("escape", json!({})).await;
    let tried = report(h, escape).await;
    for (attempt, outcome) in tried.as_object().unwrap() {
        assert_eq!(outcome, "blocked", "{attempt}: {tried}");
    }
    close(h, escape).await;
}

/// An app that navigates away, and one that is silent when closed.
async fn wander_and_silence(h: &mut Harness) {
    // Navigation: the app that leaves its page is stopped; nothing of the next page is heard.
    let wanderer = h.call("wanderer", json!({})).await;
    h.until("the wanderer is stopped", |h| closed(h, wanderer))
        .await;
    assert!(
        !events_of(h, wanderer)
            .iter()
            .any(|e| matches!(e, HostEvent::ChatMessage { .. })),
        "the page the app navigated to never spoke as the app"
    );

    // Silence after close: the teardown times out and the close still ends.
    let silent = h.call("silent", json!({})).await;
    report(h, silent).await;
    close(h, silent).await;
    assert!(events_of(h, silent).iter().any(|e| matches!(
        e,
        HostEvent::CloseApp {
            reason: CloseReason::Closed,
            ..
        }
    )));
}
