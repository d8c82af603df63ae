//! An HTML app end to end in headless Chromium: the bridge, the host page, the sandbox proxy,
//! the app's frame, and a real `AppHost` answering it.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic,
    clippy::print_stderr,
    reason = "tests"
)]

mod support;

use std::time::Duration;

use mcpapp_host::ViewPort;
use mcpapp_html::{BridgeOptions, HtmlResource, LocalBridge};
use serde_json::{Value, json};
use support::{TEST_APP, browser, drive, host_with_instance};

const WAIT: Duration = Duration::from_secs(20);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_html_app_initializes_and_gets_its_input_and_result_through_the_host() {
    let Some(browser) = browser().await else {
        return;
    };
    let (mut host, instance) = host_with_instance();
    host.tool_input("call-1", &json!({"question": "six times seven"}));
    host.tool_result(
        "call-1",
        &json!({"content": [{"type": "text", "text": "42"}], "structuredContent": {"answer": 42}}),
    );
    let mut bridge = LocalBridge::start(HtmlResource::new(TEST_APP), BridgeOptions::default())
        .await
        .unwrap();
    let tab = browser.open(&bridge.url()).await.unwrap();

    let (seen, _) = drive(&mut host, instance, &mut bridge, WAIT, |seen| {
        seen.iter()
            .any(|s| s.method() == Some("ui/notifications/initialized"))
    })
    .await;
    let methods: Vec<&str> = seen.iter().filter_map(support::Seen::method).collect();
    assert_eq!(
        methods,
        ["ui/initialize", "ui/notifications/initialized"],
        "the port carries the app's messages only, never the sandbox handshake"
    );
    assert_eq!(seen[0].message["params"]["appInfo"]["name"], "test-app");

    // The host now flushes tool-input and tool-result; the app shows the result.
    let found = tab
        .wait_for("window.__app && window.__app.result", WAIT)
        .await
        .unwrap();
    assert_eq!(found.url, "about:srcdoc");
    assert_eq!(
        found.value.as_ref().unwrap()["structuredContent"],
        json!({"answer": 42})
    );
    let app = tab
        .evaluate_in("about:srcdoc", "window.__app")
        .await
        .unwrap();
    assert_eq!(app.len(), 1, "{app:?}");
    let app = app[0].value.as_ref().unwrap();
    assert_eq!(
        app["input"],
        json!({"arguments": {"question": "six times seven"}})
    );
    assert_eq!(app["init"]["result"]["protocolVersion"], "2026-01-26");
    let received: Vec<&str> = app["received"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert_eq!(
        received,
        [
            "reply:1",
            "ui/notifications/tool-input",
            "ui/notifications/tool-result"
        ]
    );
    let text = tab
        .evaluate_in("about:srcdoc", "document.getElementById('out').textContent")
        .await
        .unwrap();
    assert_eq!(text[0].value, Ok(json!("{\"answer\":42}")));

    let stats = bridge.stats();
    assert_eq!(stats.proxy_ready, 1);
    let latency = seen[0].at - stats.resource_ready_at.unwrap();
    eprintln!("resource-ready → ui/initialize: {latency:?}");

    // Closing the page is the view going away, never a panic.
    tab.close().await.unwrap();
    let gone = tokio::time::timeout(WAIT, bridge.recv()).await.unwrap();
    assert_eq!(gone, None);
    assert!(
        bridge
            .send(json!({"jsonrpc": "2.0", "method": "ping", "id": 9}))
            .is_err()
    );
    browser.close().await;
}
