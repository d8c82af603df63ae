//! Latency of the HTML path: `sandbox-resource-ready` sent by the bridge → the app's
//! `ui/initialize` received on the Rust side, one new bridge per session, in two engines:
//! headless Chromium (a new tab per session in one warm browser) and WebKitGTK (a new
//! MiniBrowser per session, on an Xvfb of the benchmark's own; MiniBrowser cannot be told to
//! open another page). `cargo bench -p mcpapp-html --bench latency`.
//!
//! A second group measures a whole session as a user waits for it: the view created → the
//! tool result in the app's DOM, for basic-vanillajs behind a real host (`Runtime` with an
//! `AppHost` answering `ui/initialize` and sending the tool's input and result). The app's HTML
//! gets a `MutationObserver` that posts `x/dom-ready` when its `#server-time` shows the
//! result; the clock stops when the runtime reads that message from the view (its trace). Two ways to start: *cold*
//! (the bridge and page start with the view) and *warm* (`LocalBridge::warm`: the page, proxy
//! and WebSocket are up before the view exists, and the app's HTML goes straight in).
//!
//! The whole-session group also measures the card app (the card served as an HTML app,
//! `mcpapp_server::card_app_html`, showing the reference flight-cancellation card; "in the
//! DOM" is the card painted), and, in the same run, both apps under the official SDK's
//! `AppBridge` (`latency/app_bridge.rs`: a headless Chromium page with the bundle loaded before
//! the clock starts, the iframe and bridge created when it starts; needs
//! `@modelcontextprotocol/ext-apps` and `esbuild` under `$MCPAPP_NPM_DIR`).
//!
//! Two apps: a tiny hand-written one, and the real
//! `@modelcontextprotocol/server-basic-vanillajs@2.0.3` app read from
//! `$MCPAPP_NPM_DIR/node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/mcp-app.html`
//! (default `MCPAPP_NPM_DIR`: `~/.cache/mcpapp-npm`); without it only the tiny app is measured.
//!
//! Each criterion sample is about one session (flat sampling, a short measurement time);
//! every measured session's latency is also kept, and the median and p95 printed at the end
//! (criterion gives no percentiles), with the time from showing the page to resource-ready
//! (for WebKit that includes starting MiniBrowser). An engine that is missing is skipped
//! with a loud message.
//! Criterion warns that 20 samples do not fit in the measurement time: that is the point.

#![expect(
    clippy::expect_used,
    clippy::panic,
    clippy::print_stderr,
    reason = "a benchmark fails loudly and reports on stderr"
)]

use std::path::PathBuf;
use std::time::{Duration, Instant};

use criterion::{Criterion, SamplingMode, criterion_group, criterion_main};
use mcpapp_host::ViewPort;
use mcpapp_html::presenter::find_minibrowser;
use mcpapp_html::{
    BridgeOptions, HeadlessChromium, HtmlError, HtmlResource, LocalBridge, Presenter,
    WebKitMiniBrowser,
};
use serde_json::Value;

#[path = "../tests/support/mod.rs"]
mod support;

#[path = "latency/app_bridge.rs"]
mod app_bridge;

use support::xvfb;

/// The smallest app that initializes: one `ui/initialize` request as soon as it runs.
const TINY_APP: &str = r#"<!doctype html><html><head><meta charset="utf-8"></head><body><script>
window.parent.postMessage({ jsonrpc: "2.0", id: 1, method: "ui/initialize", params: {
  appInfo: { name: "tiny", version: "1" }, appCapabilities: {}, protocolVersion: "2026-01-26" } }, "*");
</script></body></html>"#;

/// Samples per app; each is about one session.
const SAMPLES: usize = 20;

/// How long a session may take before the benchmark fails.
const SESSION_TIMEOUT: Duration = Duration::from_secs(30);

/// One session's timings.
#[derive(Debug, Clone, Copy)]
struct Session {
    /// `sandbox-resource-ready` sent → `ui/initialize` received.
    ready_to_initialize: Duration,
    /// The page shown (a tab opened, a MiniBrowser started) → `sandbox-resource-ready` sent.
    open_to_ready: Duration,
}

/// One session: a new bridge serving `html`, shown by `presenter`, until the app's
/// `ui/initialize` reaches the bridge's port.
async fn session(presenter: &dyn Presenter, html: &str) -> Result<Session, HtmlError> {
    let mut bridge = LocalBridge::start(HtmlResource::new(html), BridgeOptions::default()).await?;
    let opened = Instant::now();
    let shown = presenter.present(&bridge.url()).await?;
    let initialize = loop {
        let message = tokio::time::timeout(SESSION_TIMEOUT, bridge.recv())
            .await
            .map_err(|_| HtmlError::Timeout("ui/initialize".to_owned()))?
            .ok_or_else(|| HtmlError::Timeout("ui/initialize (the view went away)".to_owned()))?;
        if message.get("method").and_then(Value::as_str) == Some("ui/initialize") {
            break Instant::now();
        }
    };
    let ready = bridge
        .stats()
        .resource_ready_at
        .ok_or_else(|| HtmlError::Timeout("resource-ready".to_owned()))?;
    shown.close().await;
    Ok(Session {
        ready_to_initialize: initialize - ready,
        open_to_ready: ready - opened,
    })
}

/// The real basic-vanillajs app's HTML, or why it is not there.
fn basic_vanillajs() -> Result<String, String> {
    let dir = std::env::var_os("MCPAPP_NPM_DIR").map_or_else(
        || {
            std::env::var_os("HOME")
                .map(|home| PathBuf::from(home).join(".cache/mcpapp-npm"))
                .unwrap_or_default()
        },
        PathBuf::from,
    );
    let path =
        dir.join("node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/mcp-app.html");
    std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))
}

/// The value at quantile `q` of sorted `samples` (nearest rank).
fn quantile(sorted: &[Duration], q: f64) -> Duration {
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        clippy::cast_precision_loss,
        reason = "an index into a short list"
    )]
    let rank = ((sorted.len() as f64 * q).ceil() as usize).max(1);
    sorted.get(rank - 1).copied().unwrap_or_default()
}

fn summary(what: &str, mut samples: Vec<Duration>) -> String {
    samples.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    format!(
        "{what}: n={}, median {:.1} ms, p95 {:.1} ms (min {:.1}, max {:.1})",
        samples.len(),
        ms(quantile(&samples, 0.5)),
        ms(quantile(&samples, 0.95)),
        ms(samples.first().copied().unwrap_or_default()),
        ms(samples.last().copied().unwrap_or_default()),
    )
}

/// MiniBrowser on an Xvfb of our own, or `None` (said loudly) when either is missing.
fn webkit() -> Option<(WebKitMiniBrowser, xvfb::Xvfb)> {
    let Some(binary) = find_minibrowser() else {
        eprintln!(
            "\n!!!!! SKIPPED: no WebKitGTK MiniBrowser (Debian's libwebkit2gtk-4.1-0); \
             WebKit not measured !!!!!\n"
        );
        return None;
    };
    if xvfb::find_xvfb().is_none() {
        eprintln!("\n!!!!! SKIPPED: no Xvfb; WebKit not measured !!!!!\n");
        return None;
    }
    let display = xvfb::Xvfb::start().unwrap_or_else(|e| panic!("Xvfb: {e}"));
    let presenter = WebKitMiniBrowser::with_binary(binary).display(display.display());
    Some((presenter, display))
}

/// Runs benchmark `id` with `session` as its routine, timed by `time`, and returns the sessions
/// of the calls criterion measures.
fn sampled<S: Copy>(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    id: &str,
    session: impl Fn() -> S,
    time: impl Fn(&S) -> Duration,
) -> Vec<S> {
    // Every call of the routine, warm-up calls first; the last SAMPLES calls are the samples
    // criterion measures.
    let mut calls: Vec<Vec<S>> = Vec::new();
    group.bench_function(id, |b| {
        b.iter_custom(|iters| {
            let sessions: Vec<S> = (0..iters).map(|_| session()).collect();
            let total = sessions.iter().map(&time).sum();
            calls.push(sessions);
            total
        });
    });
    calls
        .iter()
        .skip(calls.len().saturating_sub(SAMPLES))
        .flatten()
        .copied()
        .collect()
}

/// Measures sessions of `html` shown by `presenter` as benchmark `id`, and returns the summary
/// lines of the measured ones.
fn measure(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    runtime: &tokio::runtime::Runtime,
    presenter: &dyn Presenter,
    id: &str,
    html: &str,
) -> [String; 2] {
    let measured = sampled(
        group,
        id,
        || {
            runtime
                .block_on(session(presenter, html))
                .expect("a session")
        },
        |s| s.ready_to_initialize,
    );
    [
        summary(
            &format!("{id}: resource-ready → ui/initialize"),
            measured.iter().map(|s| s.ready_to_initialize).collect(),
        ),
        summary(
            &format!("{id}: page shown → resource-ready"),
            measured.iter().map(|s| s.open_to_ready).collect(),
        ),
    ]
}

/// Posts `x/dom-ready` once basic-vanillajs shows the tool's result (the server's time).
const DOM_PROBE: &str = r#"<script>
(() => {
  const time = document.getElementById("server-time");
  if (!time) return;
  new MutationObserver((_, observer) => {
    if (time.textContent === "Loading...") return;
    observer.disconnect();
    window.parent.postMessage({ jsonrpc: "2.0", method: "x/dom-ready", params: {} }, "*");
  }).observe(time, { childList: true, characterData: true, subtree: true });
})();
</script>"#;

/// Posts `x/dom-ready` once the card app has its card in the page and a frame has been drawn
/// since (the card painted).
const CARD_PROBE: &str = r#"<script>
(() => {
  const card = document.getElementById("card");
  if (!card) return;
  new MutationObserver((_, observer) => {
    if (!card.querySelector(".ac-adaptiveCard")) return;
    observer.disconnect();
    requestAnimationFrame(() =>
      window.parent.postMessage({ jsonrpc: "2.0", method: "x/dom-ready", params: {} }, "*"));
  }).observe(card, { childList: true, subtree: true });
})();
</script>"#;

/// The tool result basic-vanillajs shows.
fn time_result() -> Value {
    serde_json::json!({
        "content": [{"type": "text", "text": "12:00:00"}],
        "structuredContent": {"time": "2026-12-01T12:00:00Z"}
    })
}

/// The card app (the card served as an HTML app, `mcpapp_server::card_app_html`) with its
/// paint probe, and the result it shows: the reference card (flight cancellation).
fn card_app() -> (String, Value) {
    let card = mcpapp_card::parse_str(include_str!(
        "../../../examples/cards/flight-cancellation.json"
    ))
    .card
    .expect("the reference card");
    let result = serde_json::to_value(mcpapp_server::card_result(&card)).expect("a result");
    let html =
        mcpapp_server::card_app_html().replacen("</body>", &format!("{CARD_PROBE}</body>"), 1);
    (html, result)
}

/// One whole session: view created → the result in the app's DOM (its probe's
/// `x/dom-ready`). `warm`: the page is shown and its proxy ready before the clock starts.
async fn whole_session(
    presenter: &dyn Presenter,
    html: &str,
    result: &Value,
    warm: bool,
) -> Result<Duration, HtmlError> {
    let (mut runtime, instance) = support::runtime_with_app(&serde_json::json!({}), result).await;
    let resource = HtmlResource::new(html);
    let (bridge, shown, created) = if warm {
        let bridge = LocalBridge::warm(BridgeOptions::default()).await?;
        let shown = presenter.present(&bridge.url()).await?;
        let waiting = Instant::now();
        while bridge.stats().proxy_ready == 0 {
            if waiting.elapsed() > SESSION_TIMEOUT {
                return Err(HtmlError::Timeout("the warm page's proxy".to_owned()));
            }
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        let created = Instant::now();
        bridge.load(&resource)?;
        (bridge, shown, created)
    } else {
        let created = Instant::now();
        let bridge = LocalBridge::start(resource, BridgeOptions::default()).await?;
        let shown = presenter.present(&bridge.url()).await?;
        (bridge, shown, created)
    };
    runtime.attach(instance, Box::new(bridge));
    let painted = loop {
        if let Some(at) = support::arrived(&runtime, "x/dom-ready") {
            break at;
        }
        if created.elapsed() > SESSION_TIMEOUT {
            return Err(HtmlError::Timeout("the result in the DOM".to_owned()));
        }
        let _ = runtime.next_event_within(Duration::from_millis(1)).await;
    };
    shown.close().await;
    Ok(painted - created)
}

/// Measures whole sessions of `html` (with the DOM probe) as benchmark `id`, and returns the
/// summary line of the measured ones.
fn measure_whole(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    runtime: &tokio::runtime::Runtime,
    presenter: &dyn Presenter,
    id: &str,
    (html, result): (&str, &Value),
    warm: bool,
) -> String {
    let measured = sampled(
        group,
        id,
        || {
            runtime
                .block_on(whole_session(presenter, html, result, warm))
                .expect("a session")
        },
        |d| *d,
    );
    summary(&format!("{id}: view created → result in the DOM"), measured)
}

/// Measures whole sessions of `html` under `AppBridge` as benchmark `id`, and returns the
/// summary line of the measured ones.
fn measure_app_bridge(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    runtime: &tokio::runtime::Runtime,
    browser: &HeadlessChromium,
    bundle: &str,
    id: &str,
    (html, result): (&str, &Value),
) -> String {
    let input = serde_json::json!({});
    let measured = sampled(
        group,
        id,
        || {
            runtime
                .block_on(app_bridge::session(
                    browser,
                    bundle,
                    html,
                    &input,
                    result,
                    SESSION_TIMEOUT,
                ))
                .expect("an AppBridge session")
        },
        |d| *d,
    );
    summary(&format!("{id}: view created → result in the DOM"), measured)
}

/// The group of whole sessions (view created → the result in the app's DOM): basic-vanillajs
/// (when installed) and the card app, cold and warm in each engine, then under `AppBridge` in
/// Chromium; the summary lines.
fn whole_sessions(
    c: &mut Criterion,
    runtime: &tokio::runtime::Runtime,
    apps: &[(&str, String)],
    engines: &[(&str, &dyn Presenter)],
    chromium: Option<&HeadlessChromium>,
) -> Vec<String> {
    let mut summaries = Vec::new();
    let mut group = c.benchmark_group("view_created_to_result_in_dom");
    group
        .sampling_mode(SamplingMode::Flat)
        .sample_size(SAMPLES)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_millis(100));
    // The apps of this group: basic-vanillajs (when installed) and the card app.
    let mut whole: Vec<(&str, String, Value)> = Vec::new();
    if let Some((_, html)) = apps.iter().find(|(name, _)| *name == "basic-vanillajs") {
        let probed = html.replacen("</body>", &format!("{DOM_PROBE}</body>"), 1);
        whole.push(("basic-vanillajs", probed, time_result()));
    }
    let (card_html, card_result) = card_app();
    whole.push(("card-app", card_html, card_result));
    for (engine, presenter) in engines {
        for (name, html, result) in &whole {
            for (start, warm) in [("cold", false), ("warm", true)] {
                let id = format!("{engine}/{name}/{start}");
                summaries.push(measure_whole(
                    &mut group,
                    runtime,
                    *presenter,
                    &id,
                    (html, result),
                    warm,
                ));
            }
        }
    }
    // The same apps under the official SDK's AppBridge, in the same run (Chromium only).
    match (chromium, support::sdk::app_bridge_bundle()) {
        (Some(browser), Ok(bundle)) => {
            for (name, html, result) in &whole {
                let id = format!("chromium/{name}/app-bridge");
                summaries.push(measure_app_bridge(
                    &mut group,
                    runtime,
                    browser,
                    &bundle,
                    &id,
                    (html, result),
                ));
            }
        }
        (None, _) => {}
        (Some(_), Err(why)) => eprintln!("\n!!!!! AppBridge not measured: {why} !!!!!\n"),
    }
    group.finish();
    summaries
}

fn latency(c: &mut Criterion) {
    let runtime = support::tokio_runtime(2);
    let mut apps = vec![("tiny", TINY_APP.to_owned())];
    match basic_vanillajs() {
        Ok(html) => apps.push(("basic-vanillajs", html)),
        Err(why) => eprintln!(
            "\n!!!!! basic-vanillajs not measured: {why} (install \
             @modelcontextprotocol/server-basic-vanillajs@2.0.3 under $MCPAPP_NPM_DIR) !!!!!\n"
        ),
    }
    let chromium = runtime.block_on(support::browser());
    let webkit = webkit();
    let mut engines: Vec<(&str, &dyn Presenter)> = Vec::new();
    if let Some(browser) = &chromium {
        engines.push(("chromium", browser));
    }
    if let Some((presenter, _display)) = &webkit {
        engines.push(("webkit", presenter));
    }

    let mut group = c.benchmark_group("resource_ready_to_initialize");
    // Flat sampling with a measurement time far below 20 sessions: every sample runs the
    // fewest sessions criterion allows, one.
    group
        .sampling_mode(SamplingMode::Flat)
        .sample_size(SAMPLES)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_millis(100));
    let mut summaries = Vec::new();
    for (engine, presenter) in &engines {
        for (name, html) in &apps {
            let id = format!("{engine}/{name}");
            summaries.extend(measure(&mut group, &runtime, *presenter, &id, html));
        }
    }
    group.finish();

    summaries.extend(whole_sessions(
        c,
        &runtime,
        &apps,
        &engines,
        chromium.as_ref(),
    ));
    if let Some(browser) = chromium {
        runtime.block_on(browser.close());
    }
    drop(webkit);
    eprintln!();
    // A benchmark left out by a filter measured nothing: no line for it.
    for line in summaries.iter().filter(|l| !l.contains(": n=0,")) {
        eprintln!("{line}");
    }
}

criterion_group!(benches, latency);
criterion_main!(benches);
