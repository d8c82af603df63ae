#![cfg(test)] // clippy.toml's allowances for tests hold in every function here
//! A flood is shed where it enters: an HTML app (headless Chromium, the real bridge and
//! runtime) posts 40,000 log notifications and 4,000 `tools/call`s at 5,000 messages a second
//! (about half of what Chromium carries out of a sandboxed frame, which runs in a process of
//! its own, on two cores: a faster flood queues inside the browser, where no host can shed
//! it), stops, and 4 s later sends one `ui/message`. What is over the app's rates is refused or dropped
//! in the sandbox proxy and the bridge as it arrives, so nothing of the flood queues in front
//! of that message: it reaches the host within a second of being sent. The user is told what
//! was shed in at most one warning per app per ten seconds.
//!
//! Alone in its test binary, so that no other test's browser shares the two cores while the
//! second is timed.

mod html_harness;
mod support;

use std::cell::Cell;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use html_harness::{Harness, hostile_server};
use mcpapp_host::{HostEvent, InstanceId, SHED_REPORT_INTERVAL};
use mcpapp_protocol::LoggingLevel;

/// The host's warnings about `app` so far.
fn warnings_about(h: &Harness, app: InstanceId) -> Vec<String> {
    h.events
        .iter()
        .filter_map(|e| match e {
            HostEvent::Log {
                instance: Some(i),
                level: LoggingLevel::Warning,
                message,
            } if *i == app => Some(message.clone()),
            _ => None,
        })
        .collect()
}

fn wall_ms() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs_f64()
        * 1000.0
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_flood_the_apps_next_message_arrives_within_a_second() {
    let Some(mut h) = Harness::start_unrecorded(hostile_server()).await else {
        return;
    };
    let started = std::time::Instant::now();
    let app = h.call("flood_then_speak", serde_json::json!({})).await;
    let heard_at = Cell::new(None);
    // The app is not looked at while it floods (an evaluation would wait for its busy frame,
    // and the host would not be run meanwhile); the host runs until the app speaks.
    let waiting_since = std::time::Instant::now();
    let warned_in_20_s = Cell::new(None);
    // In slices: the harness gives up on one wait after 30 s.
    while heard_at.get().is_none() && waiting_since.elapsed() < Duration::from_secs(90) {
        let slice = std::time::Instant::now();
        h.until("the app's ui/message reaches the host", |h| {
            if warned_in_20_s.get().is_none() && started.elapsed() >= Duration::from_secs(20) {
                warned_in_20_s.set(Some(warnings_about(h, app).len()));
            }
            let heard = h
                .events
                .iter()
                .any(|e| matches!(e, HostEvent::ChatMessage { instance, .. } if *instance == app));
            if heard && heard_at.get().is_none() {
                heard_at.set(Some(wall_ms()));
            }
            heard || slice.elapsed() > Duration::from_secs(5)
        })
        .await;
    }
    if heard_at.get().is_none() {
        let spoke = h.eval_app(app, "JSON.stringify(window.__spoke)").await;
        let at = h.eval_app(app, "window.__spokeAt").await;
        panic!(
            "the app's ui/message never reached the host (sent at {at:?}, answer {spoke:?}); \
             events: {:#?}",
            h.events.iter().rev().take(20).collect::<Vec<_>>()
        );
    }
    let heard_at = heard_at.get().unwrap();
    let spoke_at = h
        .eval_app(app, "window.__spokeAt")
        .await
        .unwrap()
        .as_f64()
        .expect("the app recorded when it spoke");
    let delay = heard_at - spoke_at;
    let report = h.eval_app(app, "window.__report").await.unwrap();
    assert_eq!(report["logs"], 40_000, "{report}");
    assert_eq!(report["calls"], 4_000, "{report}");
    eprintln!(
        "ui/message heard {delay:.0} ms after it was sent; the flood: {report}; \
         {:.1} s from the call",
        started.elapsed().as_secs_f64()
    );
    assert!(
        delay <= 1000.0,
        "the app's ui/message took {delay:.0} ms to reach the host after its flood"
    );

    let warnings = warnings_about(&h, app);
    // All of them when the app spoke within the first 20 s.
    let in_20_s = warned_in_20_s.get().unwrap_or(warnings.len());
    eprintln!("warnings about the flood: {warnings:#?}");
    assert!(
        (1..=3).contains(&in_20_s),
        "in the flood's first 20 s, one warning per {SHED_REPORT_INTERVAL:?} at most, and at \
         least one: {in_20_s} of {warnings:#?}"
    );
    let told = warnings
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .join("\n");
    assert!(
        told.contains("requests refused") && told.contains("notifications dropped"),
        "the warnings say what was shed: {told}"
    );
    h.close().await;
}
