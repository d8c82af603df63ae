//! Presenters: headless Chromium and WebKitGTK's MiniBrowser as `Presenter`s with the host
//! driven by its `Runtime`, the app's size reaching both the frame and the host, no token on a
//! command line, and the desktop window's refusal to run as root.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

mod support;

use std::time::{Duration, Instant};

use mcpapp_host::{CloseReason, HostEvent, InstanceId, Runtime, TraceDirection};
use mcpapp_html::presenter::{find_chromium, running_as_root};
use mcpapp_html::{BridgeOptions, ChromiumApp, HtmlError, HtmlResource, LocalBridge, Presenter};
use serde_json::json;
use support::engine::{Browser, Engine};
use support::{TEST_APP, browser, run_until, runtime_with_app};

const WAIT: Duration = Duration::from_secs(20);

/// The test app, which also reports a content height once initialized.
fn sizing_app() -> String {
    TEST_APP.replace(
        r#"send({ jsonrpc: "2.0", method: "ui/notifications/initialized", params: {} });"#,
        r#"send({ jsonrpc: "2.0", method: "ui/notifications/initialized", params: {} });
        send({ jsonrpc: "2.0", method: "ui/notifications/size-changed", params: { width: 300, height: 1234 } });"#,
    )
}

/// A host with the sizing app open (input `{"n": 1}`, result `{"n": 2}`) and its bridge,
/// to be presented and attached.
async fn sizing_session() -> (Runtime, InstanceId, LocalBridge) {
    let (runtime, instance) = runtime_with_app(
        &json!({"n": 1}),
        &json!({"content": [], "structuredContent": {"n": 2}}),
    )
    .await;
    let bridge = LocalBridge::start(HtmlResource::new(sizing_app()), BridgeOptions::default())
        .await
        .unwrap();
    (runtime, instance, bridge)
}

/// Runs the host until the app's size reached it; the events seen.
async fn until_sized(runtime: &mut Runtime) -> Vec<HostEvent> {
    run_until(runtime, WAIT, |_, events| {
        events
            .iter()
            .any(|e| matches!(e, HostEvent::SizeChanged { .. }))
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn headless_chromium_presents_and_the_runtime_drives_the_host() {
    let Some(browser) = browser().await else {
        return;
    };
    assert!(sizing_app().contains("size-changed"));
    let (mut runtime, instance, bridge) = sizing_session().await;
    let shown = browser.present(&bridge.url()).await.unwrap();
    assert!(!shown.is_detached());
    let tab = shown.tab().unwrap();
    runtime.attach(instance, Box::new(bridge));

    let events = until_sized(&mut runtime).await;
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, HostEvent::CloseApp { .. })),
        "{events:?}"
    );
    let size = events.iter().find_map(|e| match e {
        HostEvent::SizeChanged {
            instance: i,
            height,
            ..
        } if *i == instance => Some(*height),
        _ => None,
    });
    assert_eq!(size, Some(Some(1234.0)));
    assert_three_delivered(&runtime);
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
    assert_view_gone(&mut runtime, instance).await;
    assert!(
        runtime.detach(instance).is_none(),
        "the runtime let go of the gone view"
    );
    browser.close().await;
}

/// Checks that at least three messages reached the view: initialize's answer, then the tool's
/// input and result.
fn assert_three_delivered(runtime: &Runtime) {
    let delivered = runtime
        .trace()
        .iter()
        .filter(|t| t.direction == TraceDirection::ToView)
        .count();
    assert!(delivered >= 3, "{delivered}");
}

/// Runs the host until it closes an app, and checks that it closed `instance` because its view
/// is gone.
async fn assert_view_gone(runtime: &mut Runtime, instance: InstanceId) {
    let events = run_until(runtime, WAIT, |_, events| {
        events
            .iter()
            .any(|e| matches!(e, HostEvent::CloseApp { .. }))
    })
    .await;
    assert!(events.iter().any(|e| matches!(
        e,
        HostEvent::CloseApp { instance: i, reason: CloseReason::ViewGone, .. } if *i == instance
    )));
}

/// An app whose whole frame is one bright colour nothing else on the page has.
const MAGENTA_APP: &str = r#"<!doctype html><html><head><meta charset="utf-8">
<style>html, body { margin: 0; height: 100%; background: #ff00ff; }</style></head>
<body><script>window.__painted = true;</script></body></html>"#;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_screenshot_shows_the_sandboxed_app_frame() {
    let Some(browser) = browser().await else {
        return;
    };
    let bridge = LocalBridge::start(HtmlResource::new(MAGENTA_APP), BridgeOptions::default())
        .await
        .unwrap();
    let tab = browser.open(&bridge.url()).await.unwrap();
    tab.set_viewport(640, 400).await.unwrap();
    let painted = tab.wait_for("window.__painted", WAIT).await.unwrap();
    assert_eq!(painted.url, "about:srcdoc");

    // The out-of-process frame is composited a moment after its script ran.
    let deadline = Instant::now() + WAIT;
    let (image, magenta) = loop {
        let png = tab.screenshot().await.unwrap();
        assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
        let image = image::load_from_memory_with_format(&png, image::ImageFormat::Png)
            .unwrap()
            .to_rgb8();
        let magenta = image
            .pixels()
            .filter(|p| p.0[0] > 240 && p.0[1] < 16 && p.0[2] > 240)
            .count();
        if magenta * 2 > image.pixels().len() || Instant::now() > deadline {
            if let Some(path) = std::env::var_os("MCPAPP_SCREENSHOT") {
                std::fs::write(path, &png).unwrap();
            }
            break (image, magenta);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(image.dimensions(), (640, 400));
    let total = image.pixels().len();
    assert!(
        magenta * 2 > total,
        "the app's colour covers {magenta} of {total} pixels"
    );
    tab.close().await.unwrap();
    drop(bridge);
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

/// The command lines of every process of this machine that we may read.
fn command_lines() -> Vec<(u32, String)> {
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|entry| {
            let entry = entry.ok()?;
            let pid: u32 = entry.file_name().to_str()?.parse().ok()?;
            let raw = std::fs::read(entry.path().join("cmdline")).ok()?;
            Some((pid, String::from_utf8_lossy(&raw).replace('\0', " ")))
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn headless_chromium_opens_no_devtools_port_and_no_token_reaches_a_command_line() {
    let Some(browser) = browser().await else {
        return;
    };
    let pid = browser.pid().unwrap();
    let lines = command_lines();
    let own = &lines.iter().find(|(p, _)| *p == pid).unwrap().1;
    assert!(own.contains("--remote-debugging-pipe"), "{own}");
    assert!(
        lines
            .iter()
            .all(|(_, line)| !line.contains("--remote-debugging-port")),
        "no browser listens for devtools clients"
    );
    let bridge = LocalBridge::start(HtmlResource::new(TEST_APP), BridgeOptions::default())
        .await
        .unwrap();
    let url = bridge.url();
    let token = url.split("token=").nth(1).unwrap().to_owned();
    let tab = browser.open(&url).await.unwrap();
    tab.wait_for("document.getElementById('proxy')", WAIT)
        .await
        .unwrap();
    assert!(
        command_lines()
            .iter()
            .all(|(_, line)| !line.contains(&token)),
        "the session token is on no command line"
    );
    browser.close().await;
}

#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_system_browser_gets_a_private_page_not_the_token() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("argv");
    let program = dir.path().join("browser");
    std::fs::write(
        &program,
        format!(
            "#!/bin/sh\nprintf '%s\\n' \"$@\" > '{}'\n",
            record.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();

    let url = "http://127.0.0.1:9/host?token=feedfacefeedface";
    let presentation = mcpapp_html::SystemBrowser::with_program(&program)
        .present(url)
        .await
        .unwrap();
    assert!(presentation.is_detached());
    let argv = std::fs::read_to_string(&record).unwrap();
    let arguments: Vec<&str> = argv.lines().collect();
    assert_eq!(arguments.len(), 1, "{argv}");
    assert!(arguments[0].starts_with("file:///"), "{argv}");
    assert!(
        !argv.contains("feedface"),
        "the token is not on the command line"
    );
    let page = url::Url::parse(arguments[0])
        .unwrap()
        .to_file_path()
        .unwrap();
    let mode = std::fs::metadata(&page).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600, "only this user can read the page");
    assert!(
        std::fs::read_to_string(&page)
            .unwrap()
            .contains("url=http://127.0.0.1:9/host?token=feedfacefeedface")
    );
    drop(presentation);
    assert!(!page.exists(), "the page goes with the presentation");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn webkit_minibrowser_presents_without_the_token_on_a_command_line_and_closes() {
    let Some(Browser::WebKit { presenter, xvfb }) = Browser::launch(Engine::WebKit).await else {
        return;
    };
    let (mut runtime, instance, bridge) = sizing_session().await;
    let url = bridge.url();
    let token = url.split("token=").nth(1).unwrap().to_owned();
    let mut shown = presenter.present(&url).await.unwrap();
    assert!(!shown.is_detached());
    assert!(shown.tab().is_none(), "nothing drives MiniBrowser");
    runtime.attach(instance, Box::new(bridge));

    // The app got the host's answer and the tool's input and result, and its size reached the
    // host: the whole path runs in WebKit.
    let events = until_sized(&mut runtime).await;
    let size = events.iter().find_map(|e| match e {
        HostEvent::SizeChanged { height, .. } => Some(*height),
        _ => None,
    });
    assert_eq!(size, Some(Some(1234.0)));
    assert_three_delivered(&runtime);

    let lines = command_lines();
    assert!(
        lines.iter().all(|(_, line)| !line.contains(&token)),
        "the session token is on no command line"
    );
    let ours: Vec<&String> = lines
        .iter()
        .map(|(_, line)| line)
        .filter(|line| line.starts_with(presenter.binary().to_str().unwrap()))
        .filter(|line| line.contains("/mcpapp-open-"))
        .collect();
    assert_eq!(ours.len(), 1, "{lines:?}");
    assert!(
        ours[0].contains("--private --enable-sandbox file:///"),
        "{}",
        ours[0]
    );
    let handover = ours[0]
        .split(' ')
        .find(|a| a.starts_with("file:///"))
        .unwrap()
        .to_owned();

    // Closing the presentation ends the process: the view is gone, and the host is told.
    assert!(shown.is_open());
    shown.close().await;
    assert_view_gone(&mut runtime, instance).await;
    assert!(
        command_lines()
            .iter()
            .all(|(_, line)| !line.contains(&handover)),
        "MiniBrowser is gone"
    );
    drop(xvfb);
}
