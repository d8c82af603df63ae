//! Where a test of an HTML app starts: a Tokio runtime to drive it, headless Chromium (or a
//! loud skip outside CI), and a host runtime whose tool has just answered, its app waiting for
//! a view. The root package's
//! tests and its card app benchmark include this file too (`#[path]`), so that one setup
//! serves them all.

use std::sync::Arc;
use std::time::Duration;

use mcpapp_host::store::MemoryStore;
use mcpapp_host::{AppHost, AppSpec, HostEvent, HostOptions, InstanceId, Runtime, ViewKind};
use mcpapp_html::{HeadlessChromium, HtmlError};
use mcpapp_protocol::{CallToolResult, DisplayMode, Tool};
use serde_json::{Value, json};

/// A multi-threaded Tokio runtime with `workers` threads and every driver on, for a benchmark
/// (or a test) that drives its own.
pub fn tokio_runtime(workers: usize) -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(workers)
        .enable_all()
        .build()
        .unwrap_or_else(|e| panic!("a Tokio runtime: {e}"))
}

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

/// A runtime (recording its trace) with one HTML app instance open for tool call `call-1`
/// of a `show` tool on server `test` whose view is `resource_uri`, given `input` and
/// `result`; the host holds them until the app initializes. The `OpenApp` event is taken;
/// attach the view next.
pub async fn open_app(
    options: HostOptions,
    resource_uri: &str,
    input: &Value,
    result: &CallToolResult,
) -> (Runtime, InstanceId) {
    let mut runtime = Runtime::new(AppHost::new(options, Arc::new(MemoryStore::default())));
    runtime.record();
    let tool: Tool = serde_json::from_value(json!({
        "name": "show",
        "inputSchema": {"type": "object"},
        "_meta": {"ui": {"resourceUri": resource_uri}}
    }))
    .unwrap_or_else(|e| panic!("a tool: {e}"));
    let host = runtime.host_mut();
    host.set_server_tools("test", vec![tool.clone()]);
    let opened = host.tool_call_started(AppSpec {
        server: "test".into(),
        tool,
        tool_call_id: "call-1".into(),
        resource_uri: resource_uri.into(),
        kind: ViewKind::Html,
        display_mode: DisplayMode::Inline,
    });
    host.tool_input("call-1", input);
    host.tool_result("call-1", result);
    let event = runtime.next_event_within(Duration::from_secs(1)).await;
    let Some(HostEvent::OpenApp { instance, .. }) = event else {
        panic!("expected the host to open the app at once, got {event:?}");
    };
    assert_eq!(instance, opened);
    (runtime, instance)
}
