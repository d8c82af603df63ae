//! Latency of the HTML path: `sandbox-resource-ready` sent → the app's `ui/initialize`
//! received, over many sessions in one warm headless Chromium (a new bridge and tab each).
//!
//! `cargo run -p mcpapp-html --example latency -- [SESSIONS] [APP.html]`
//! (default: 30 sessions of a tiny hand-written app).

#![allow(
    clippy::print_stdout,
    clippy::print_stderr,
    reason = "a command-line tool"
)]

use std::time::{Duration, Instant};

use mcpapp_host::ViewPort;
use mcpapp_html::{BridgeOptions, HeadlessChromium, HtmlError, HtmlResource, LocalBridge};
use serde_json::Value;

const TINY_APP: &str = r#"<!doctype html><html><head><meta charset="utf-8"></head><body><script>
window.parent.postMessage({ jsonrpc: "2.0", id: 1, method: "ui/initialize", params: {
  appInfo: { name: "tiny", version: "1" }, appCapabilities: {}, protocolVersion: "2026-01-26" } }, "*");
</script></body></html>"#;

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let sessions: usize = args.next().map_or(Ok(30), |n| n.parse())?;
    let html = match args.next() {
        Some(path) => std::fs::read_to_string(path)?,
        None => TINY_APP.to_owned(),
    };
    let launched = Instant::now();
    let browser = HeadlessChromium::launch().await?;
    eprintln!("browser up in {:?}", launched.elapsed());
    let mut ready_to_init = Vec::new();
    let mut open_to_proxy_ready = Vec::new();
    for _ in 0..sessions {
        let (a, b) = session(&browser, &html).await?;
        ready_to_init.push(a);
        open_to_proxy_ready.push(b);
    }
    browser.close().await;
    report("resource-ready → ui/initialize", &mut ready_to_init);
    report("new tab → resource-ready sent", &mut open_to_proxy_ready);
    Ok(())
}

/// One session: (resource-ready → ui/initialize, tab opened → resource-ready).
async fn session(
    browser: &HeadlessChromium,
    html: &str,
) -> Result<(Duration, Duration), HtmlError> {
    let mut bridge = LocalBridge::start(HtmlResource::new(html), BridgeOptions::default()).await?;
    let opened = Instant::now();
    let tab = browser.open(&bridge.url()).await?;
    let initialize = loop {
        let message = tokio::time::timeout(Duration::from_secs(30), bridge.recv())
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
    tab.close().await?;
    Ok((initialize - ready, ready - opened))
}

fn report(what: &str, samples: &mut [Duration]) {
    samples.sort();
    let pick = |q: f64| {
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            clippy::cast_precision_loss,
            reason = "an index into a short list"
        )]
        let index = ((samples.len() as f64 - 1.0) * q).round() as usize;
        samples.get(index).copied().unwrap_or_default()
    };
    println!(
        "{what} (n={}): min {:.1} ms, median {:.1} ms, p95 {:.1} ms, max {:.1} ms",
        samples.len(),
        pick(0.0).as_secs_f64() * 1e3,
        pick(0.5).as_secs_f64() * 1e3,
        pick(0.95).as_secs_f64() * 1e3,
        pick(1.0).as_secs_f64() * 1e3,
    );
}
