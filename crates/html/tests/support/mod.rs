//! What the browser tests share: the browser (or a loud skip outside CI), a tiny hand-written
//! MCP App, and a loop that drives an `AppHost` instance through a bridge.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::print_stderr,
    dead_code,
    reason = "test support"
)]

use std::sync::Arc;
use std::time::{Duration, Instant};

use mcpapp_host::store::MemoryStore;
use mcpapp_host::{AppHost, AppSpec, HostOptions, InstanceId, Output, ViewKind, ViewPort};
use mcpapp_html::{HeadlessChromium, HtmlError, LocalBridge};
use mcpapp_protocol::{DisplayMode, Tool};
use serde_json::{Value, json};

/// Headless Chromium, or `None` (after a loud message) when it is missing outside CI. In CI
/// (`CI` set) a missing browser fails the test.
pub async fn browser() -> Option<HeadlessChromium> {
    match HeadlessChromium::launch().await {
        Ok(browser) => Some(browser),
        Err(HtmlError::ChromiumNotFound) if std::env::var_os("CI").is_none() => {
            eprintln!(
                "\n!!!!! SKIPPED: no Chromium on this machine; install Debian's `chromium` \
                 (.ci/run does) to run the browser tests !!!!!\n"
            );
            None
        }
        Err(e) => panic!("headless Chromium: {e}"),
    }
}

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

/// A host with one HTML app instance for tool call `call-1`.
pub fn host_with_instance() -> (AppHost, InstanceId) {
    let mut host = AppHost::new(HostOptions::default(), Arc::new(MemoryStore::default()));
    let tool: Tool = serde_json::from_value(json!({
        "name": "show",
        "inputSchema": {"type": "object"},
        "_meta": {"ui": {"resourceUri": "ui://test/app"}}
    }))
    .unwrap();
    host.set_server_tools("test", vec![tool.clone()]);
    let instance = host.tool_call_started(AppSpec {
        server: "test".into(),
        tool,
        tool_call_id: "call-1".into(),
        resource_uri: "ui://test/app".into(),
        kind: ViewKind::Html,
        display_mode: DisplayMode::Inline,
    });
    host.drain();
    (host, instance)
}

/// A view→host message as Rust saw it, with when.
#[derive(Debug, Clone)]
pub struct Seen {
    pub at: Instant,
    pub message: Value,
}

impl Seen {
    pub fn method(&self) -> Option<&str> {
        self.message.get("method").and_then(Value::as_str)
    }
}

/// Moves messages between `bridge` and `host` until `done` says so (or panics after
/// `timeout`); returns every view→host message seen, in order, and the host's other outputs.
pub async fn drive(
    host: &mut AppHost,
    instance: InstanceId,
    bridge: &mut LocalBridge,
    timeout: Duration,
    mut done: impl FnMut(&[Seen]) -> bool,
) -> (Vec<Seen>, Vec<Output>) {
    let deadline = Instant::now() + timeout;
    let mut seen = Vec::new();
    let mut others = Vec::new();
    while !done(&seen) {
        let left = deadline.saturating_duration_since(Instant::now());
        let message = tokio::time::timeout(left, bridge.recv())
            .await
            .unwrap_or_else(|_| panic!("timed out; seen so far: {seen:#?}"))
            .unwrap_or_else(|| panic!("the view went away; seen so far: {seen:#?}"));
        seen.push(Seen {
            at: Instant::now(),
            message: message.clone(),
        });
        host.view_message(instance, message);
        for output in host.drain() {
            match output {
                Output::ToView { message, .. } => bridge.send(message).unwrap(),
                other => others.push(other),
            }
        }
    }
    (seen, others)
}
