//! The card app's latency in headless Chromium: `sandbox-resource-ready` sent by the bridge →
//! the card painted, over 20 sessions (a new bridge and tab each, one warm browser), behind a
//! real host (`Runtime` with an `AppHost` sending the tool's result, the flights cancellation
//! card). "Painted": the page's `#card` holds the rendered card and a frame has been drawn
//! since (a `MutationObserver` added to the page posts `x/card-painted` from the next
//! animation frame); the clock stops when the runtime reads that message from the view (its
//! trace). Also prints
//! the size of the card app's document. `cargo bench --bench card_app`.
//!
//! Criterion warns that 20 samples do not fit in the measurement time: that is the point.

#![expect(
    clippy::expect_used,
    clippy::panic,
    clippy::print_stderr,
    reason = "a benchmark fails loudly and reports on stderr"
)]

use std::time::{Duration, Instant};

use criterion::{Criterion, SamplingMode, criterion_group, criterion_main};
use mcpapp_host::{HostOptions, TraceDirection};
use mcpapp_html::{BridgeOptions, HeadlessChromium, HtmlResource, LocalBridge};
use mcpapp_protocol::CallToolResult;
use mcpapp_server::{CARD_APP_URI, card_app_html, card_result};
use serde_json::json;

#[path = "../crates/html/tests/support/session.rs"]
mod session;

use session::{browser, open_app, tokio_runtime};

const SAMPLES: usize = 20;
const SESSION_TIMEOUT: Duration = Duration::from_secs(30);

/// Posts `x/card-painted` once the card is in the page and a frame has been drawn.
const PAINT_PROBE: &str = r#"<script>
(() => {
  const card = document.getElementById("card");
  new MutationObserver((_, observer) => {
    if (!card.querySelector(".ac-adaptiveCard")) return;
    observer.disconnect();
    requestAnimationFrame(() =>
      window.parent.postMessage({ jsonrpc: "2.0", method: "x/card-painted", params: {} }, "*"));
  }).observe(card, { childList: true, subtree: true });
})();
</script>"#;

/// One session: resource-ready → the card painted.
async fn session(browser: &HeadlessChromium, html: &str, result: &CallToolResult) -> Duration {
    let (mut runtime, instance) =
        open_app(HostOptions::default(), CARD_APP_URI, &json!({}), result).await;
    let bridge = LocalBridge::start(HtmlResource::new(html), BridgeOptions::default())
        .await
        .expect("a bridge");
    let monitor = bridge.monitor();
    let tab = browser.open(&bridge.url()).await.expect("a tab");
    runtime.attach(instance, Box::new(bridge));
    let started = Instant::now();
    let at = loop {
        let painted = runtime
            .trace()
            .iter()
            .find(|t| t.direction == TraceDirection::ToHost && t.method() == Some("x/card-painted"))
            .map(|t| t.at);
        if let Some(at) = painted {
            break at;
        }
        assert!(
            started.elapsed() < SESSION_TIMEOUT,
            "the card was never painted"
        );
        let _ = runtime.next_event_within(Duration::from_millis(1)).await;
    };
    let ready = monitor
        .stats()
        .resource_ready_at
        .expect("resource-ready was sent");
    let _ = tab.close().await;
    at - ready
}

fn card_app(c: &mut Criterion) {
    let runtime = tokio_runtime(2);
    let document = card_app_html();
    eprintln!(
        "card app document: {} bytes ({} KiB)",
        document.len(),
        document.len().div_ceil(1024)
    );
    let Some(browser) = runtime.block_on(browser()) else {
        return;
    };
    let card = mcpapp_card::parse_str(include_str!("../examples/cards/flight-cancellation.json"))
        .card
        .expect("the reference card");
    let result = card_result(&card);
    let html = document.replacen("</body>", &format!("{PAINT_PROBE}</body>"), 1);
    let mut calls: Vec<Vec<Duration>> = Vec::new();
    let mut group = c.benchmark_group("card_app");
    group
        .sampling_mode(SamplingMode::Flat)
        .sample_size(SAMPLES)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_millis(100));
    group.bench_function("resource_ready_to_card_painted", |b| {
        b.iter_custom(|iters| {
            let sessions: Vec<Duration> = (0..iters)
                .map(|_| runtime.block_on(session(&browser, &html, &result)))
                .collect();
            let total = sessions.iter().sum();
            calls.push(sessions);
            total
        });
    });
    group.finish();
    runtime.block_on(browser.close());
    let mut measured: Vec<Duration> = calls
        .iter()
        .skip(calls.len().saturating_sub(SAMPLES))
        .flatten()
        .copied()
        .collect();
    measured.sort();
    let ms = |d: Option<&Duration>| d.map_or(0.0, |d| d.as_secs_f64() * 1e3);
    let at = |q: f64| {
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            clippy::cast_precision_loss,
            reason = "an index into a short list"
        )]
        let rank = ((measured.len() as f64 * q).ceil() as usize).max(1);
        measured.get(rank - 1)
    };
    eprintln!(
        "\ncard app: resource-ready → card painted: n={}, median {:.1} ms, p95 {:.1} ms (min {:.1}, max {:.1})",
        measured.len(),
        ms(at(0.5)),
        ms(at(0.95)),
        ms(measured.first()),
        ms(measured.last()),
    );
}

criterion_group!(benches, card_app);
criterion_main!(benches);
