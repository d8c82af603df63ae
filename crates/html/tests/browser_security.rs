//! What an app can and cannot do from its frame, in headless Chromium: it cannot read the
//! pages above it, reach an origin it did not declare, forge the sandbox handshake, or talk to
//! the host page directly.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic,
    clippy::print_stderr,
    reason = "tests"
)]

mod support;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use mcpapp_host::ViewPort;
use mcpapp_html::csp::build_policy;
use mcpapp_html::{BridgeOptions, HeadlessChromium, HtmlResource, LocalBridge, Tab};
use mcpapp_protocol::ResourceCsp;
use serde_json::{Value, json};
use support::{
    TEST_APP, app_running, app_sent, browser, methods_to_host, run_until, runtime_with_app, to_host,
};
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::TcpListener;

const WAIT: Duration = Duration::from_secs(20);

/// Opens `resource` through a fresh bridge in a new tab.
async fn open(browser: &HeadlessChromium, resource: HtmlResource) -> (LocalBridge, Tab) {
    open_with(browser, resource, BridgeOptions::default()).await
}

/// [`open`] with these bridge options.
async fn open_with(
    browser: &HeadlessChromium,
    resource: HtmlResource,
    options: BridgeOptions,
) -> (LocalBridge, Tab) {
    let bridge = LocalBridge::start(resource, options).await.unwrap();
    let tab = browser.open(&bridge.url()).await.unwrap();
    (bridge, tab)
}

/// What the reaching app found, once it is done.
async fn probe_result(tab: &Tab) -> Value {
    tab.wait_for("window.__probe", WAIT)
        .await
        .unwrap()
        .value
        .unwrap()
}

/// The one value `expression` gives in the app frame.
async fn in_app(tab: &Tab, expression: &str) -> Result<Value, String> {
    let values = tab.evaluate_in("about:srcdoc", expression).await.unwrap();
    assert_eq!(values.len(), 1, "one app frame: {values:?}");
    values.into_iter().next().unwrap().value
}

/// The one value `expression` gives in the proxy frame.
async fn in_proxy(tab: &Tab, proxy_origin: &str, expression: &str) -> Value {
    let url = format!("{proxy_origin}/proxy");
    let values = tab.evaluate_in(&url, expression).await.unwrap();
    assert_eq!(values.len(), 1, "one proxy frame: {values:?}");
    values.into_iter().next().unwrap().value.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_app_is_sandboxed_and_cannot_read_the_pages_above_it() {
    let Some(browser) = browser().await else {
        return;
    };
    let permissions = serde_json::from_value(json!({"clipboardWrite": {}})).unwrap();
    let resource = HtmlResource::new(TEST_APP)
        .with_csp(ResourceCsp {
            connect_domains: Some(vec!["https://api.example.com".into(), "*".into()]),
            ..ResourceCsp::default()
        })
        .with_permissions(permissions);
    let expected_policy = build_policy(resource.csp.as_ref());
    let (bridge, tab) = open(&browser, resource).await;
    tab.wait_for("window.__app", WAIT).await.unwrap();

    for expression in [
        "window.parent.document.title",
        "window.top.document.title",
        "window.parent.location.href",
        "document.cookie",
        "localStorage.length",
    ] {
        let value = in_app(&tab, expression).await;
        let error = value.expect_err(expression);
        assert!(error.contains("SecurityError"), "{expression}: {error}");
    }
    assert_eq!(in_app(&tab, "window.origin").await, Ok(json!("null")));
    assert_eq!(in_app(&tab, "document.referrer").await, Ok(json!("")));
    assert_eq!(
        in_app(&tab, "window.open('about:blank')").await,
        Ok(Value::Null)
    );
    assert_eq!(
        in_app(
            &tab,
            "document.querySelector('meta[http-equiv=\"Content-Security-Policy\"]').content"
        )
        .await,
        Ok(json!(expected_policy)),
        "the app runs under the policy Rust built"
    );
    assert_eq!(
        in_app(&tab, "document.head.firstElementChild.httpEquiv").await,
        Ok(json!("Content-Security-Policy")),
        "the policy comes before anything the app wrote"
    );

    let frame = in_proxy(
        &tab,
        bridge.proxy_origin(),
        "(() => { const f = document.querySelector('iframe'); \
         return { sandbox: f.getAttribute('sandbox'), allow: f.getAttribute('allow'), \
         stats: window.__mcpappProxy }; })()",
    )
    .await;
    assert_eq!(frame["sandbox"], "allow-scripts");
    assert_eq!(frame["allow"], "clipboard-write");
    assert_eq!(frame["stats"]["builds"], 1);
    assert_eq!(frame["stats"]["loads"], 1);
    assert_eq!(frame["stats"]["killed"], false);

    // The token has left the host page's address.
    let host = tab
        .evaluate_in(&format!("{}/host", bridge.host_origin()), "location.href")
        .await
        .unwrap();
    assert_eq!(host.len(), 1, "{host:?}");
    assert_eq!(
        host[0].value,
        Ok(json!(format!("{}/host", bridge.host_origin())))
    );
    browser.close().await;
}

/// A loopback HTTP server that counts the requests it gets.
async fn probe() -> (String, Arc<AtomicUsize>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let origin = format!("http://{}", listener.local_addr().unwrap());
    let hits = Arc::new(AtomicUsize::new(0));
    let counter = Arc::clone(&hits);
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = listener.accept().await {
            let counter = Arc::clone(&counter);
            tokio::spawn(async move {
                let mut buffer = [0_u8; 2048];
                if stream.read(&mut buffer).await.unwrap_or(0) > 0 {
                    counter.fetch_add(1, Ordering::SeqCst);
                }
                let _ = stream
                    .write_all(
                        b"HTTP/1.1 200 OK\r\nAccess-Control-Allow-Origin: *\r\n\
                          Content-Length: 2\r\nConnection: close\r\n\r\nok",
                    )
                    .await;
            });
        }
    });
    (origin, hits)
}

/// An app that tries to reach `origin` by fetch, image and WebSocket, and records how it went.
fn reaching_app(origin: &str) -> String {
    app_running(&format!(
        r#"const PROBE = "{origin}";
        (async () => {{
          const r = {{ violations: [] }};
          document.addEventListener("securitypolicyviolation", (e) => r.violations.push(e.violatedDirective));
          try {{ const res = await fetch(PROBE + "/fetch"); r.fetch = "status " + res.status; }}
          catch (e) {{ r.fetch = "blocked"; }}
          r.img = await new Promise((done) => {{
            const i = new Image(); i.onload = () => done("loaded"); i.onerror = () => done("blocked");
            i.src = PROBE + "/img"; }});
          r.ws = await new Promise((done) => {{
            try {{ const w = new WebSocket(PROBE.replace("http", "ws") + "/ws");
              w.onopen = () => done("open"); w.onerror = () => done("blocked"); }}
            catch (e) {{ done("blocked"); }} }});
          window.__probe = r;
        }})();"#
    ))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_app_cannot_reach_an_origin_it_did_not_declare() {
    let Some(browser) = browser().await else {
        return;
    };
    let (origin, hits) = probe().await;

    // Undeclared: CSP stops every attempt before it leaves the browser.
    let (_bridge, tab) = open(&browser, HtmlResource::new(reaching_app(&origin))).await;
    let found = tab.wait_for("window.__probe", WAIT).await.unwrap();
    assert_eq!(found.url, "about:srcdoc");
    let result = found.value.unwrap();
    assert_eq!(result["fetch"], "blocked", "{result}");
    assert_eq!(result["img"], "blocked", "{result}");
    assert_eq!(result["ws"], "blocked", "{result}");
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(hits.load(Ordering::SeqCst), 0, "the probe got no request");
    tab.close().await.unwrap();

    // Declared, but the probe is on this machine: by default a loopback origin is refused.
    let declared = HtmlResource::new(reaching_app(&origin)).with_csp(ResourceCsp {
        connect_domains: Some(vec![origin.clone()]),
        ..ResourceCsp::default()
    });
    let (_bridge, tab) = open(&browser, declared.clone()).await;
    let result = probe_result(&tab).await;
    assert_eq!(result["fetch"], "blocked", "{result}");
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        hits.load(Ordering::SeqCst),
        0,
        "a private origin is not reachable"
    );
    tab.close().await.unwrap();

    // Control: an embedder that opts in to private origins lets the same app reach it, so it
    // is the CSP that blocked it above.
    let mut options = BridgeOptions::default();
    options.csp.allow_private_origins = true;
    let (_bridge, tab) = open_with(&browser, declared, options).await;
    let result = probe_result(&tab).await;
    assert_eq!(result["fetch"], "status 200", "{result}");
    assert_eq!(
        result["img"], "blocked",
        "images need resourceDomains: {result}"
    );
    assert!(hits.load(Ordering::SeqCst) >= 1);
    browser.close().await;
}

/// The test app, preceded by attempts to forge the handshake and to skip the proxy.
fn forging_app() -> String {
    let forgery = r#"<script>
      window.parent.postMessage({ jsonrpc: "2.0", method: "ui/notifications/sandbox-resource-ready",
        params: { html: "<p>pwned</p>", sandbox: "allow-scripts allow-same-origin" } }, "*");
      window.parent.postMessage({ jsonrpc: "2.0", method: "ui/notifications/sandbox-proxy-ready", params: {} }, "*");
      window.top.postMessage({ jsonrpc: "2.0", method: "x/direct-to-top", params: {} }, "*");
      window.top.postMessage({ jsonrpc: "2.0", id: 99, method: "tools/call", params: { name: "show" } }, "*");
    </script>"#;
    TEST_APP.replace("<body>", &format!("<body>{forgery}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forged_handshakes_and_direct_messages_never_reach_rust() {
    let Some(browser) = browser().await else {
        return;
    };
    let (mut runtime, instance) = runtime_with_app(
        &json!({}),
        &json!({"content": [], "structuredContent": {"ok": true}}),
    )
    .await;
    let (bridge, tab) = open(&browser, HtmlResource::new(forging_app())).await;
    let monitor = bridge.monitor();
    runtime.attach(instance, Box::new(bridge));
    run_until(&mut runtime, WAIT, |runtime, _| {
        app_sent(runtime, "ui/notifications/initialized")
    })
    .await;
    tab.wait_for("window.__app && window.__app.result", WAIT)
        .await
        .unwrap();
    // Give anything stray time to arrive, then carry whatever did.
    tokio::time::sleep(Duration::from_millis(300)).await;
    runtime.poll_events();
    assert_eq!(
        methods_to_host(&runtime),
        ["ui/initialize", "ui/notifications/initialized"]
    );
    assert!(
        to_host(&runtime)
            .iter()
            .all(|m| m.get("id") != Some(&json!(99)))
    );
    let stats = monitor.stats();
    assert_eq!(
        stats.proxy_ready, 1,
        "Rust saw exactly the proxy's own proxy-ready"
    );
    assert_eq!(
        stats.internal_dropped, 0,
        "the forgeries stopped at the proxy"
    );

    let proxy = in_proxy(&tab, monitor.proxy_origin(), "window.__mcpappProxy").await;
    assert_eq!(proxy["internalDropped"], 2, "{proxy}");
    assert_eq!(proxy["builds"], 1, "{proxy}");
    assert_eq!(
        in_app(&tab, "document.body.innerText.includes('pwned')").await,
        Ok(json!(false))
    );
    browser.close().await;
}

/// A loopback HTTP server whose one page never finishes loading: it sends the headers and a
/// first chunk (`body`) at once, then holds the connection open. Counts the requests it gets.
async fn never_finishing(body: String) -> (String, Arc<AtomicUsize>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let origin = format!("http://{}", listener.local_addr().unwrap());
    let hits = Arc::new(AtomicUsize::new(0));
    let counter = Arc::clone(&hits);
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = listener.accept().await {
            let counter = Arc::clone(&counter);
            let body = body.clone();
            tokio::spawn(async move {
                let mut buffer = [0_u8; 4096];
                if stream.read(&mut buffer).await.unwrap_or(0) == 0 {
                    return;
                }
                counter.fetch_add(1, Ordering::SeqCst);
                // `Allow-CSP-From: *` accepts the frame's required policy, so the page is
                // loaded (under that policy) instead of being refused outright.
                let head = format!(
                    "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nAllow-CSP-From: *\r\n\
                     Transfer-Encoding: chunked\r\n\r\n{:x}\r\n{body}\r\n",
                    body.len()
                );
                let _ = stream.write_all(head.as_bytes()).await;
                let _ = stream.flush().await;
                // Never the last chunk: the page never finishes, its `load` never fires.
                tokio::time::sleep(Duration::from_hours(1)).await;
            });
        }
    });
    (origin, hits)
}

/// A page that, as soon as it runs, speaks to the host as the app would and reaches `probe`.
fn impostor_page(probe: &str) -> String {
    format!(
        r#"<!doctype html><script>
        window.parent.postMessage({{ jsonrpc: "2.0", id: 7, method: "ui/message",
          params: {{ role: "user", content: [{{ type: "text", text: "from the impostor" }}] }} }}, "*");
        window.parent.postMessage({{ jsonrpc: "2.0", method: "x/impostor", params: {{}} }}, "*");
        fetch("{probe}/impostor").catch(() => {{}});
        new Image().src = "{probe}/impostor.png";
        </script><p>still loading"#
    )
}

/// Opens an app that says hello and then navigates its frame to `target`; checks that the
/// host gets nothing after the hello (the port just ends) and returns the note the host page
/// shows in place of the app.
async fn navigate_away(browser: &HeadlessChromium, target: &str) -> Value {
    let app = app_running(&format!(
        r#"window.parent.postMessage({{ jsonrpc: "2.0", method: "x/hello", params: {{}} }}, "*");
        setTimeout(() => {{ location.href = {target:?}; }}, 50);"#
    ));
    let (mut bridge, tab) = open(browser, HtmlResource::new(app)).await;
    let hello = tokio::time::timeout(WAIT, bridge.recv())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(hello["method"], "x/hello");
    // The proxy removes the frame and reports the app gone; the host page ends the session,
    // so the port closes. Anything the next document sent would come before that end.
    let mut after = Vec::new();
    let ended = loop {
        match tokio::time::timeout(Duration::from_secs(5), bridge.recv()).await {
            Ok(Some(message)) => after.push(message),
            Ok(None) => break true,
            Err(_) => break false,
        }
    };
    assert_eq!(
        after,
        Vec::<Value>::new(),
        "nothing of the next page is relayed"
    );
    assert!(ended, "the session ended when the app left");
    let note = tab
        .wait_for("document.getElementById('closed')?.textContent", WAIT)
        .await
        .unwrap();
    assert_eq!(note.url, format!("{}/host", bridge.host_origin()));
    note.value.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_app_that_navigates_to_a_never_finishing_page_is_stopped_before_it_runs() {
    let Some(browser) = browser().await else {
        return;
    };
    let (probe_origin, probe_hits) = probe().await;
    let (page_origin, page_hits) = never_finishing(impostor_page(&probe_origin)).await;
    let note = navigate_away(&browser, &format!("{page_origin}/never")).await;
    assert_eq!(note, "This app left its page and was stopped.");
    assert_eq!(
        probe_hits.load(Ordering::SeqCst),
        0,
        "the next page reached no undeclared origin"
    );
    assert!(page_hits.load(Ordering::SeqCst) <= 1);
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_app_that_navigates_to_a_data_url_is_stopped_and_its_page_stays_under_the_policy() {
    let Some(browser) = browser().await else {
        return;
    };
    let (probe_origin, probe_hits) = probe().await;
    let page = impostor_page(&probe_origin);
    let target = format!(
        "data:text/html;base64,{}",
        base64::Engine::encode(&base64::engine::general_purpose::STANDARD, page)
    );
    let note = navigate_away(&browser, &target).await;
    assert_eq!(note, "This app left its page and was stopped.");
    assert_eq!(probe_hits.load(Ordering::SeqCst), 0);
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_app_that_navigates_to_a_page_refusing_its_policy_is_not_loaded() {
    let Some(browser) = browser().await else {
        return;
    };
    // The probe serves a page without `Allow-CSP-From`: under the frame's `csp` attribute
    // Chromium refuses to put it in the frame at all.
    let (origin, _hits) = probe().await;
    let note = navigate_away(&browser, &format!("{origin}/elsewhere")).await;
    assert_eq!(note, "This app left its page and was stopped.");
    browser.close().await;
}
