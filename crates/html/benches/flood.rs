//! Throughput of the HTML path under a flood: how many messages a second one app in headless
//! Chromium can push through the whole pipeline (sandbox proxy, host page, WebSocket, bridge,
//! `Runtime` with its `AppHost`), admitted or shed. `cargo bench -p mcpapp-html --bench flood`.
//!
//! The app initializes, posts `x/flood-start`, then `FLOOD` messages as fast as it can (ten log
//! notifications to one `tools/call`, the mix of a runaway app), then a `ui/message`, sent
//! again 50 ms after each refusal until the host takes it. The clock runs from the runtime
//! reading `x/flood-start` to it reading that `ui/message`: every message of the flood has
//! been carried by then, since each hop keeps the order. Messages a second = `FLOOD` / that
//! time. The shedding happens at the door (the proxy first, the bridge behind it), so the
//! figure is what one app can throw at the host before the host stops hearing it.
//!
//! A second group sends the same flood from a WebSocket client speaking as the host page does,
//! straight into the bridge and the runtime: the host's own pipeline without the browser. A
//! third measures the browser alone: a sandboxed frame posting as fast as it can to a page
//! that only counts (Chromium runs sandboxed frames in a process of their own, and every
//! message crosses from one to the other); that is the ceiling of the first figure.
//!
//! Also printed: the medians, and how much of each flood the doors shed. Criterion warns that
//! 10 samples do not fit in the measurement time: each sample is one whole flood.

#![expect(
    clippy::expect_used,
    clippy::print_stderr,
    reason = "a benchmark fails loudly and reports on stderr"
)]

use std::time::{Duration, Instant};

use criterion::{Criterion, SamplingMode, criterion_group, criterion_main};
use futures_util::{SinkExt as _, StreamExt as _};
use mcpapp_host::Runtime;
use mcpapp_html::{BridgeOptions, HeadlessChromium, HtmlError, HtmlResource, LocalBridge};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message as WsMessage;
use tokio_tungstenite::tungstenite::client::IntoClientRequest as _;

#[path = "../tests/support/mod.rs"]
mod support;

/// Messages in one flood.
const FLOOD: u32 = 100_000;

/// Floods measured.
const SAMPLES: usize = 10;

/// How long one flood may take before the benchmark fails.
const FLOOD_TIMEOUT: Duration = Duration::from_mins(2);

/// The flooding app: raw `postMessage` JSON-RPC, no SDK.
fn flood_app() -> String {
    format!(
        r#"<!doctype html><html><head><meta charset="utf-8"></head><body><script>
const post = (m) => window.parent.postMessage(m, "*");
let nextId = 1;
const waiting = new Map();
const request = (method, params) => new Promise((resolve) => {{
  const id = nextId++;
  waiting.set(id, resolve);
  post({{ jsonrpc: "2.0", id, method, params }});
}});
const notify = (method, params) => post({{ jsonrpc: "2.0", method, params }});
window.addEventListener("message", (event) => {{
  const m = event.data;
  if (m && m.method === undefined && waiting.has(m.id)) {{ waiting.get(m.id)(m); waiting.delete(m.id); }}
}});
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
request("ui/initialize", {{ protocolVersion: "2026-01-26", appInfo: {{ name: "flood", version: "1" }},
  appCapabilities: {{}} }}).then(async () => {{
  notify("ui/notifications/initialized", {{}});
  notify("x/flood-start", {{}});
  let sent = 0;
  while (sent < {FLOOD}) {{
    for (let i = 0; i < 5000 && sent < {FLOOD}; i++, sent++) {{
      if (sent % 11 === 10) request("tools/call", {{ name: "show", arguments: {{ i: sent }} }});
      else notify("notifications/message", {{ level: "info", data: "flood " + sent }});
    }}
    await pause(0);
  }}
  for (;;) {{
    const reply = await request("ui/message", {{ role: "user", content: [{{ type: "text", text: "done" }}] }});
    if (!reply.error) break;
    await pause(50);
  }}
}});
</script></body></html>"#
    )
}

/// Runs `runtime` until its app's `ui/message` after the flood arrived: when the runtime read
/// `x/flood-start` and that message.
async fn until_spoken(runtime: &mut Runtime) -> Result<(Instant, Instant), HtmlError> {
    let deadline = Instant::now() + FLOOD_TIMEOUT;
    loop {
        if let (Some(start), Some(end)) = (
            support::arrived(runtime, "x/flood-start"),
            support::arrived(runtime, "ui/message"),
        ) {
            return Ok((start, end));
        }
        if Instant::now() > deadline {
            return Err(HtmlError::Timeout("the flood's ui/message".to_owned()));
        }
        // Calls that got through are answered by the runtime: no server `test` is connected,
        // so each gets an error at once.
        let _ = runtime.next_event_within(Duration::from_millis(5)).await;
    }
}

/// One flood's figures.
#[derive(Debug, Clone, Copy)]
struct Flood {
    elapsed: Duration,
    /// Shed by the proxy and the bridge: requests refused, notifications dropped.
    refused: u64,
    dropped: u64,
}

/// One flood: a new bridge and tab, the app's flood carried until its `ui/message` arrives.
async fn flood(browser: &HeadlessChromium, html: &str) -> Result<Flood, HtmlError> {
    let (mut runtime, instance) =
        support::runtime_with_app(&serde_json::json!({}), &serde_json::json!({"content": []}))
            .await;
    let bridge = LocalBridge::start(HtmlResource::new(html), BridgeOptions::default()).await?;
    let monitor = bridge.monitor();
    let tab = browser.open(&bridge.url()).await?;
    runtime.attach(instance, Box::new(bridge));
    let (start, end) = until_spoken(&mut runtime).await?;
    let shed = monitor.stats().shed;
    let _ = tab.close().await;
    Ok(Flood {
        elapsed: end - start,
        refused: shed.requests_refused,
        dropped: shed.notifications_dropped,
    })
}

/// The `n`th message of a flood: ten log notifications to one `tools/call`.
fn flood_message(n: u32) -> Value {
    if n % 11 == 10 {
        json!({"jsonrpc": "2.0", "id": n, "method": "tools/call",
            "params": {"name": "show", "arguments": {"i": n}}})
    } else {
        json!({"jsonrpc": "2.0", "method": "notifications/message",
            "params": {"level": "info", "data": format!("flood {n}")}})
    }
}

/// One flood from a WebSocket client speaking as the host page would (past the proxy's
/// handshake): `FLOOD` messages as fast as the socket takes them, then a `ui/message` sent
/// again 50 ms after each refusal. Time from the runtime reading the first message to it
/// reading the `ui/message`.
async fn socket_flood() -> Result<Flood, HtmlError> {
    let (mut runtime, instance) =
        support::runtime_with_app(&json!({}), &json!({"content": []})).await;
    let bridge =
        LocalBridge::start(HtmlResource::new("<p>app</p>"), BridgeOptions::default()).await?;
    let monitor = bridge.monitor();
    let url = bridge
        .url()
        .replace("http://", "ws://")
        .replace("/host?", "/ws?");
    let origin = bridge.host_origin().to_owned();
    runtime.attach(instance, Box::new(bridge));
    let client = tokio::spawn(async move {
        let mut request = url.into_client_request().expect("a request");
        request
            .headers_mut()
            .insert("Origin", origin.parse().expect("an origin"));
        let (socket, _) = tokio_tungstenite::connect_async_with_config(request, None, false)
            .await
            .expect("the bridge's socket");
        let (mut sink, mut stream) = socket.split();
        let text = |v: &Value| WsMessage::Text(v.to_string().into());
        let ready = json!({"jsonrpc": "2.0", "method": "ui/notifications/sandbox-proxy-ready", "params": {}});
        sink.send(text(&ready)).await.expect("proxy ready");
        // The host page's side: answers are read all along (refusals among them).
        let (heard_tx, mut heard) = tokio::sync::mpsc::unbounded_channel::<Value>();
        tokio::spawn(async move {
            while let Some(Ok(message)) = stream.next().await {
                if let Ok(value) = serde_json::from_str::<Value>(message.to_text().unwrap_or("")) {
                    let _ = heard_tx.send(value);
                }
            }
        });
        let init = json!({"jsonrpc": "2.0", "id": "init", "method": "ui/initialize", "params": {
            "protocolVersion": "2026-01-26", "appInfo": {"name": "flood", "version": "1"},
            "appCapabilities": {}}});
        sink.send(text(&init)).await.expect("initialize");
        let start = json!({"jsonrpc": "2.0", "method": "x/flood-start", "params": {}});
        sink.send(text(&start)).await.expect("start");
        for n in 0..FLOOD {
            sink.feed(text(&flood_message(n)))
                .await
                .expect("a flood message");
        }
        sink.flush().await.expect("the flood sent");
        loop {
            let said = json!({"jsonrpc": "2.0", "id": "said", "method": "ui/message",
                "params": {"role": "user", "content": [{"type": "text", "text": "done"}]}});
            sink.send(text(&said)).await.expect("ui/message");
            let answer = loop {
                let message = heard.recv().await.expect("the bridge answers");
                if message.get("id") == Some(&json!("said")) {
                    break message;
                }
            };
            if answer.get("error").is_none() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    });
    let (start, end) = until_spoken(&mut runtime).await?;
    // The client waits for the answer to its ui/message.
    while !client.is_finished() {
        let _ = runtime.next_event_within(Duration::from_millis(5)).await;
    }
    let shed = monitor.stats().shed;
    Ok(Flood {
        elapsed: end - start,
        refused: shed.requests_refused,
        dropped: shed.notifications_dropped,
    })
}

/// The browser alone: a sandboxed frame posts `FLOOD` messages as fast as it can to a page that
/// only counts them; messages a second as the page counted them.
const CEILING_PAGE: &str = r#"<!doctype html><html><body><script>
const N = __N__;
let got = 0, t0 = 0;
window.__rate = null;
window.addEventListener("message", (ev) => {
  if (ev.data && ev.data.start) { t0 = performance.now(); return; }
  got++;
  if (got === N) window.__rate = N / ((performance.now() - t0) / 1000);
});
const f = document.createElement("iframe");
f.setAttribute("sandbox", "allow-scripts");
f.srcdoc = "<scr" + "ipt>parent.postMessage({start: true}, '*');(async () => { let sent = 0;" +
  "while (sent < " + N + ") { for (let i = 0; i < 5000 && sent < " + N + "; i++, sent++) " +
  "parent.postMessage({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'flood ' + sent } }, '*');" +
  "await new Promise((r) => setTimeout(r, 0)); } })();</scr" + "ipt>";
document.body.appendChild(f);
</script></body></html>"#;

/// One run of the browser's ceiling: the page's count, in messages a second. The counting
/// page is a top-level page of its own loopback origin (served here), as the proxy is, so that
/// its sandboxed frame runs in a process of its own as the app's does.
async fn ceiling(browser: &HeadlessChromium) -> Result<f64, HtmlError> {
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
    let page = CEILING_PAGE.replace("__N__", &FLOOD.to_string());
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0))
        .await
        .expect("a loopback listener for the ceiling page");
    let address = listener.local_addr().expect("the listener's address");
    let server = tokio::spawn(async move {
        while let Ok((mut stream, _)) = listener.accept().await {
            let mut request = [0_u8; 4096];
            let _ = stream.read(&mut request).await;
            let response = format!(
                "HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{page}",
                page.len()
            );
            let _ = stream.write_all(response.as_bytes()).await;
        }
    });
    let url = format!("http://{address}/");
    let tab = browser.open(&url).await?;
    let deadline = Instant::now() + FLOOD_TIMEOUT;
    let rate = loop {
        tokio::time::sleep(Duration::from_millis(200)).await;
        let values = tab.evaluate_in(&url, "window.__rate").await?;
        if let Some(rate) = values
            .iter()
            .find_map(|v| v.value.as_ref().ok().and_then(Value::as_f64))
        {
            break rate;
        }
        if Instant::now() > deadline {
            return Err(HtmlError::Timeout("the ceiling page's count".to_owned()));
        }
    };
    let _ = tab.close().await;
    server.abort();
    Ok(rate)
}

fn throughput(c: &mut Criterion) {
    let runtime = support::tokio_runtime(2);
    let Some(browser) = runtime.block_on(support::browser()) else {
        return;
    };
    let html = flood_app();
    let mut group = c.benchmark_group("flood");
    group
        .sampling_mode(SamplingMode::Flat)
        .sample_size(SAMPLES)
        .measurement_time(Duration::from_secs(1))
        .warm_up_time(Duration::from_millis(1));
    let mut socket: Vec<Flood> = Vec::new();
    group.bench_function(format!("{FLOOD} messages from a WebSocket client"), |b| {
        b.iter_custom(|iters| {
            (0..iters)
                .map(|_| {
                    let one = runtime.block_on(socket_flood()).expect("a flood");
                    socket.push(one);
                    one.elapsed
                })
                .sum()
        });
    });
    let mut chromium: Vec<Flood> = Vec::new();
    group.bench_function(
        format!("{FLOOD} messages from one app in headless Chromium"),
        |b| {
            b.iter_custom(|iters| {
                (0..iters)
                    .map(|_| {
                        let one = runtime.block_on(flood(&browser, &html)).expect("a flood");
                        chromium.push(one);
                        one.elapsed
                    })
                    .sum()
            });
        },
    );
    group.finish();
    let ceilings: Vec<f64> = (0..3)
        .map(|_| runtime.block_on(ceiling(&browser)).expect("the ceiling"))
        .collect();
    report("bridge and host, from a WebSocket client", &socket);
    report(
        "the whole pipeline, from one app in headless Chromium",
        &chromium,
    );
    let mut ceilings = ceilings;
    ceilings.sort_by(f64::total_cmp);
    eprintln!(
        "Chromium alone, a sandboxed frame posting to a page that only counts: median {:.0} \
         messages a second (n={})\n",
        ceilings
            .get(ceilings.len() / 2)
            .copied()
            .unwrap_or_default(),
        ceilings.len()
    );
    runtime.block_on(browser.close());
}

/// Prints the median of the measured floods (the last `SAMPLES`).
fn report(what: &str, floods: &[Flood]) {
    let mut measured: Vec<Flood> = floods
        .iter()
        .skip(floods.len().saturating_sub(SAMPLES))
        .copied()
        .collect();
    measured.sort_by_key(|f| f.elapsed);
    if let Some(median) = measured.get(measured.len() / 2) {
        eprintln!(
            "\n{what}: a flood of {FLOOD} messages in a median {:.0} ms = {:.0} messages a \
             second (n={}, fastest {:.0} ms, slowest {:.0} ms); shed at the door: {} requests \
             refused, {} notifications dropped",
            median.elapsed.as_secs_f64() * 1e3,
            f64::from(FLOOD) / median.elapsed.as_secs_f64(),
            measured.len(),
            measured
                .first()
                .map_or(0.0, |f| f.elapsed.as_secs_f64() * 1e3),
            measured
                .last()
                .map_or(0.0, |f| f.elapsed.as_secs_f64() * 1e3),
            median.refused,
            median.dropped,
        );
    }
}

criterion_group!(benches, throughput);
criterion_main!(benches);
