//! What the browser tests share: the browser (or a loud skip outside CI), a tiny hand-written
//! MCP App, and a `Runtime` with one HTML app instance, run until a condition holds; the two
//! engines (`engine`), an X display of the test's own for WebKit (`xvfb`) and the official
//! SDK's `AppBridge` (`sdk`). And, for the tests that speak to the bridge without a browser, the
//! host page's WebSocket request.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::print_stderr,
    dead_code,
    reason = "test support"
)]

pub mod engine;
pub mod sdk;
mod session;
pub mod xvfb;

#[allow(
    unused_imports,
    reason = "the benchmarks use the runtime, the tests the rest"
)]
pub use session::{browser, open_app, tokio_runtime};

use std::time::{Duration, Instant};

use mcpapp_host::{HostEvent, HostOptions, InstanceId, Runtime, TraceDirection, Traced};
use serde_json::Value;

/// A tiny MCP App written by hand: plain `window.parent.postMessage` JSON-RPC. It initializes,
/// says `initialized`, and records what it receives in `window.__app`.
pub const TEST_APP: &str = r#"<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>test app</title></head>
<body><p id="out">waiting</p>
<script>
  const app = { received: [], input: null, result: null, init: null };
  window.__app = app;
  let nextId = 1;
  const pending = new Map();
  const send = (m) => window.parent.postMessage(m, "*");
  window.__request = (method, params) => {
    const id = nextId++;
    send({ jsonrpc: "2.0", id, method, params });
    return new Promise((resolve) => pending.set(id, resolve));
  };
  window.addEventListener("message", (ev) => {
    if (ev.source !== window.parent) return;
    const m = ev.data;
    app.received.push(m.method || ("reply:" + m.id));
    if (m.method === undefined && pending.has(m.id)) { pending.get(m.id)(m); pending.delete(m.id); return; }
    if (m.method === "ui/notifications/tool-input") app.input = m.params;
    if (m.method === "ui/notifications/tool-result") {
      app.result = m.params;
      document.getElementById("out").textContent = JSON.stringify(m.params.structuredContent);
    }
  });
  window.__request("ui/initialize", {
    appInfo: { name: "test-app", version: "1.0.0" },
    appCapabilities: {},
    protocolVersion: "2026-01-26",
  }).then((reply) => {
    app.init = reply;
    send({ jsonrpc: "2.0", method: "ui/notifications/initialized", params: {} });
  });
</script></body></html>"#;

/// An app that only runs `script` (after a CSP-friendly inline start).
pub fn app_running(script: &str) -> String {
    format!(
        "<!doctype html><html><head><meta charset=\"utf-8\"></head><body><script>\n{script}\n</script></body></html>"
    )
}

/// [`open_app`] for a `ui://test/app` view, with `result` given as JSON.
pub async fn runtime_with_app(input: &Value, result: &Value) -> (Runtime, InstanceId) {
    let result: mcpapp_protocol::CallToolResult =
        serde_json::from_value(result.clone()).expect("a CallToolResult");
    open_app(HostOptions::default(), "ui://test/app", input, &result).await
}

/// How long one wait for the runtime's next event lasts before the condition is checked again.
pub const STEP: Duration = Duration::from_millis(50);

/// Runs `runtime` until `done` holds for it and the events seen so far (or panics after
/// `timeout`, showing the trace); returns those events, in order.
pub async fn run_until(
    runtime: &mut Runtime,
    timeout: Duration,
    mut done: impl FnMut(&Runtime, &[HostEvent]) -> bool,
) -> Vec<HostEvent> {
    let deadline = Instant::now() + timeout;
    let mut events = Vec::new();
    while !done(runtime, &events) {
        assert!(
            Instant::now() < deadline,
            "timed out; events: {events:#?}; trace: {:#?}",
            runtime.trace()
        );
        if let Some(event) = runtime.next_event_within(STEP).await {
            events.push(event);
        }
    }
    events
}

/// The view→host messages the runtime carried, in order.
pub fn to_host(runtime: &Runtime) -> Vec<&Value> {
    runtime
        .trace()
        .iter()
        .filter(|t| t.direction == TraceDirection::ToHost)
        .map(|t| &t.message)
        .collect()
}

/// The methods of the view→host messages the runtime carried, in order (responses left out).
pub fn methods_to_host(runtime: &Runtime) -> Vec<&str> {
    runtime
        .trace()
        .iter()
        .filter(|t| t.direction == TraceDirection::ToHost)
        .filter_map(Traced::method)
        .collect()
}

/// When the runtime read `method` from a view (its trace must be on), if it did.
pub fn arrived(runtime: &Runtime, method: &str) -> Option<Instant> {
    runtime
        .trace()
        .iter()
        .find(|t| t.direction == TraceDirection::ToHost && t.method() == Some(method))
        .map(|t| t.at)
}

/// Whether the app has sent `method` to the host.
pub fn app_sent(runtime: &Runtime, method: &str) -> bool {
    methods_to_host(runtime).contains(&method)
}

/// The request the bridge's host page makes for its WebSocket: its `/ws` URL, from the host
/// origin.
pub fn page_socket_request(
    bridge: &mcpapp_html::LocalBridge,
) -> tokio_tungstenite::tungstenite::handshake::client::Request {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest as _;
    let url = bridge
        .url()
        .replace("http://", "ws://")
        .replace("/host?", "/ws?");
    let mut request = url.into_client_request().unwrap();
    request
        .headers_mut()
        .insert("Origin", bridge.host_origin().parse().unwrap());
    request
}
