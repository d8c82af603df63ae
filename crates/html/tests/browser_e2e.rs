//! An HTML app end to end in headless Chromium: the bridge, the host page, the sandbox proxy,
//! the app's frame, and a real `AppHost` answering it through the host's `Runtime`.

mod support;

use std::time::Duration;

use mcpapp_host::{InstanceId, Runtime};
use mcpapp_html::{BridgeOptions, HtmlResource, LocalBridge};
use serde_json::{Value, json};
use support::{TEST_APP, app_sent, browser, methods_to_host, run_until, runtime_with_app, to_host};

const WAIT: Duration = Duration::from_secs(20);

/// A runtime with the test app open on the question "six times seven", answered 42.
async fn six_times_seven() -> (Runtime, InstanceId) {
    runtime_with_app(
        &json!({"question": "six times seven"}),
        &json!({"content": [{"type": "text", "text": "42"}], "structuredContent": {"answer": 42}}),
    )
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_html_app_initializes_and_gets_its_input_and_result_through_the_host() {
    let Some(browser) = browser().await else {
        return;
    };
    let (mut runtime, instance) = six_times_seven().await;
    let bridge = LocalBridge::start(HtmlResource::new(TEST_APP), BridgeOptions::default())
        .await
        .unwrap();
    let monitor = bridge.monitor();
    let tab = browser.open(&bridge.url()).await.unwrap();
    runtime.attach(instance, Box::new(bridge));

    run_until(&mut runtime, WAIT, |runtime, _| {
        app_sent(runtime, "ui/notifications/initialized")
    })
    .await;
    assert_eq!(
        methods_to_host(&runtime),
        ["ui/initialize", "ui/notifications/initialized"],
        "the port carries the app's messages only, never the sandbox handshake"
    );
    assert_eq!(
        to_host(&runtime)[0]["params"]["appInfo"]["name"],
        "test-app"
    );

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

    assert_eq!(monitor.stats().proxy_ready, 1);

    // Closing the page is the view going away, never a panic: the port reads the end and
    // refuses to send. (Taken back from the runtime before it could see the end itself.)
    tab.close().await.unwrap();
    let mut port = runtime.detach(instance).unwrap();
    let gone = tokio::time::timeout(WAIT, port.recv()).await.unwrap();
    assert_eq!(gone, None);
    assert!(
        port.send(json!({"jsonrpc": "2.0", "method": "ping", "id": 9}))
            .is_err()
    );
    browser.close().await;
}

/// A warm bridge: its page comes up (host page, proxy, WebSocket) before the app is known;
/// the proxy's ready waits, and the app's HTML goes in the moment it is loaded.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_warm_page_waits_for_its_app_and_takes_it_at_once() {
    let Some(browser) = browser().await else {
        return;
    };
    let (mut runtime, instance) = six_times_seven().await;
    let bridge = LocalBridge::warm(BridgeOptions::default()).await.unwrap();
    assert!(!bridge.is_loaded());
    let monitor = bridge.monitor();
    let tab = browser.open(&bridge.url()).await.unwrap();
    let started = std::time::Instant::now();
    while monitor.stats().proxy_ready == 0 {
        assert!(
            started.elapsed() < WAIT,
            "the warm page's proxy never came up"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    // Up and waiting: nothing of an app has been sent.
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(monitor.stats().resource_ready_at, None);

    bridge.load(&HtmlResource::new(TEST_APP)).unwrap();
    assert!(bridge.is_loaded());
    assert!(
        matches!(
            bridge.load(&HtmlResource::new(TEST_APP)),
            Err(mcpapp_html::HtmlError::AlreadyLoaded)
        ),
        "a bridge serves one app"
    );
    runtime.attach(instance, Box::new(bridge));
    run_until(&mut runtime, WAIT, |runtime, _| {
        app_sent(runtime, "ui/notifications/initialized")
    })
    .await;
    let found = tab
        .wait_for("window.__app && window.__app.result", WAIT)
        .await
        .unwrap();
    assert_eq!(
        found.value.as_ref().unwrap()["structuredContent"],
        json!({"answer": 42})
    );
    let stats = monitor.stats();
    assert_eq!(stats.proxy_ready, 1);
    assert!(stats.resource_ready_at.is_some());
    tab.close().await.unwrap();
    browser.close().await;
}
