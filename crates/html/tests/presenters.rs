//! Presenters and the pump helper: headless Chromium as a `Presenter`, the host driven with
//! `pump_next`, the app's size reaching both the frame and the host, and the desktop window's
//! refusal to run as root.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic,
    reason = "tests"
)]

mod support;

use std::time::{Duration, Instant};

use mcpapp_host::{HostEvent, Output};
use mcpapp_html::presenter::{find_chromium, running_as_root};
use mcpapp_html::{
    BridgeOptions, ChromiumApp, HtmlError, HtmlResource, LocalBridge, Presenter, pump_next,
};
use serde_json::json;
use support::{TEST_APP, browser, host_with_instance};

const WAIT: Duration = Duration::from_secs(20);

/// The test app, which also reports a content height once initialized.
fn sizing_app() -> String {
    TEST_APP.replace(
        r#"send({ jsonrpc: "2.0", method: "ui/notifications/initialized", params: {} });"#,
        r#"send({ jsonrpc: "2.0", method: "ui/notifications/initialized", params: {} });
        send({ jsonrpc: "2.0", method: "ui/notifications/size-changed", params: { width: 300, height: 1234 } });"#,
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn headless_chromium_presents_and_pump_next_drives_the_host() {
    let Some(browser) = browser().await else {
        return;
    };
    assert!(sizing_app().contains("size-changed"));
    let (mut host, instance) = host_with_instance();
    host.tool_input("call-1", &json!({"n": 1}));
    host.tool_result(
        "call-1",
        &json!({"content": [], "structuredContent": {"n": 2}}),
    );
    let mut bridge = LocalBridge::start(HtmlResource::new(sizing_app()), BridgeOptions::default())
        .await
        .unwrap();
    let shown = browser.present(&bridge.url()).await.unwrap();
    assert!(!shown.is_detached());
    let tab = shown.tab().unwrap();

    let deadline = Instant::now() + WAIT;
    let mut size = None;
    let mut delivered = 0;
    while size.is_none() {
        assert!(Instant::now() < deadline, "no size-changed event");
        let step = tokio::time::timeout(WAIT, pump_next(&mut host, instance, &mut bridge))
            .await
            .unwrap();
        assert!(!step.gone);
        delivered += step.delivered;
        for output in step.others {
            if let Output::Event(HostEvent::SizeChanged { height, .. }) = output {
                size = height;
            }
        }
    }
    assert_eq!(size, Some(1234.0));
    // initialize's answer, then tool-input and tool-result.
    assert!(delivered >= 3, "{delivered}");
    let result = tab
        .wait_for("window.__app && window.__app.result", WAIT)
        .await
        .unwrap();
    assert_eq!(result.value.unwrap()["structuredContent"], json!({"n": 2}));
    let height = tab
        .wait_for(
            "document.querySelector('iframe') && document.querySelector('iframe').style.height.includes('1234') && document.querySelector('iframe').getBoundingClientRect().height",
            WAIT,
        )
        .await
        .unwrap();
    assert_eq!(height.value.unwrap(), json!(1234));

    // Closing the presentation closes the tab: the view is gone, and the host is told.
    shown.close().await;
    let step = tokio::time::timeout(WAIT, pump_next(&mut host, instance, &mut bridge))
        .await
        .unwrap();
    assert!(step.gone);
    assert!(step.others.iter().any(|o| matches!(
        o,
        Output::Event(HostEvent::CloseApp { instance: i, .. }) if *i == instance
    )));
    browser.close().await;
}

#[tokio::test]
async fn the_desktop_window_never_runs_chromium_without_its_sandbox() {
    if !running_as_root() {
        return;
    }
    let app = ChromiumApp::with_binary(find_chromium().unwrap_or_else(|| "chromium".into()));
    let refused = app.present("http://127.0.0.1:9/host?token=x").await;
    assert!(matches!(refused, Err(HtmlError::RootDesktopChromium)));
}
