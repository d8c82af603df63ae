//! What an app can and cannot do from its frame, in headless Chromium and in WebKitGTK: it
//! cannot read the pages above it, reach an origin it did not declare, forge the sandbox
//! handshake, talk to the host page directly, or leave its page and go on speaking.
//!
//! Every scenario runs once per engine (`chromium::…` and `webkit::…`). The probing apps report
//! what they found through the bridge itself (an `x/probe` notification the test reads from
//! the port), so the same assertions hold in both; facts about the proxy and host pages that
//! only a devtools client can read are checked in Chromium only.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

mod support;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use mcpapp_host::ViewPort;
use mcpapp_html::csp::build_policy;
use mcpapp_html::{BridgeOptions, HtmlResource, LocalBridge, Presentation, Tab};
use mcpapp_protocol::ResourceCsp;
use serde_json::{Value, json};
use support::engine::{Browser, Engine};
use support::{
    TEST_APP, app_running, app_sent, methods_to_host, run_until, runtime_with_app, to_host,
};
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::{TcpListener, TcpStream};

const WAIT: Duration = Duration::from_secs(20);

/// Each scenario as one test per engine: `chromium::<scenario>` and `webkit::<scenario>`.
macro_rules! in_each_engine {
    ($($scenario:ident),+ $(,)?) => {
        mod chromium {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $scenario() {
                    super::$scenario(super::Engine::Chromium).await;
                }
            )+
        }
        mod webkit {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $scenario() {
                    super::$scenario(super::Engine::WebKit).await;
                }
            )+
        }
    };
}

in_each_engine!(
    the_app_is_sandboxed_and_cannot_read_the_pages_above_it,
    the_app_cannot_reach_an_origin_it_did_not_declare,
    forged_handshakes_and_direct_messages_never_reach_rust,
    an_app_that_navigates_to_a_never_finishing_page_is_stopped_before_it_runs,
    an_app_that_navigates_to_a_data_url_is_stopped_before_its_page_speaks,
    an_app_that_navigates_to_a_page_refusing_its_policy_is_stopped,
);

/// Opens `resource` through a fresh bridge with these options, shown in `browser`.
async fn open(
    browser: &Browser,
    resource: HtmlResource,
    options: BridgeOptions,
) -> (LocalBridge, Presentation) {
    let bridge = LocalBridge::start(resource, options).await.unwrap();
    let shown = browser.show(&bridge.url()).await;
    (bridge, shown)
}

/// Sends what the app found (`result`, a JS expression) to the host as an `x/probe`
/// notification: the one way a test reads it in every engine.
const REPORT: &str = r#"const report = (result) => window.parent.postMessage(
  { jsonrpc: "2.0", method: "x/probe", params: result }, "*");"#;

/// The params of the app's `x/probe` report, read from the bridge's port (anything else the
/// app sends first is passed over).
async fn report(bridge: &mut LocalBridge) -> Value {
    tokio::time::timeout(WAIT, async {
        loop {
            let message = bridge.recv().await.expect("the app reports before it goes");
            if message["method"] == "x/probe" {
                break message["params"].clone();
            }
        }
    })
    .await
    .expect("the app's report")
}

/// The one value `expression` gives in the proxy frame (Chromium).
async fn in_proxy(tab: &Tab, proxy_origin: &str, expression: &str) -> Value {
    let url = format!("{proxy_origin}/proxy");
    let values = tab.evaluate_in(&url, expression).await.unwrap();
    assert_eq!(values.len(), 1, "one proxy frame: {values:?}");
    values.into_iter().next().unwrap().value.unwrap()
}

/// An app that tries to read what is above it and what its frame allows, and reports each
/// attempt as `{value}` or `{error: "Name: message"}`.
fn peeking_app() -> String {
    app_running(&format!(
        r#"{REPORT}
        const attempts = {{
          parentDocument: () => window.parent.document.title,
          topDocument: () => window.top.document.title,
          parentLocation: () => window.parent.location.href,
          cookie: () => document.cookie,
          setCookie: () => {{ document.cookie = "mcpapp=1"; return document.cookie; }},
          localStorage: () => localStorage.length,
          sessionStorage: () => sessionStorage.length,
          origin: () => window.origin,
          referrer: () => document.referrer,
          open: () => window.open("about:blank"),
          policy: () => document.querySelector('meta[http-equiv="Content-Security-Policy"]').content,
          first: () => document.head.firstElementChild.httpEquiv,
        }};
        const found = {{}};
        for (const [name, attempt] of Object.entries(attempts)) {{
          try {{ const value = attempt(); found[name] = {{ value: value === undefined ? "undefined" : value }}; }}
          catch (e) {{ found[name] = {{ error: e.name + ": " + e.message }}; }}
        }}
        report(found);"#
    ))
}

/// What only Chromium's devtools can show: the proxy built one frame, sandboxed and with the
/// app's permissions, and the token has left the host page's address.
async fn check_proxy_and_host_pages(tab: &Tab, bridge: &LocalBridge) {
    // The app reported while its document was still loading: the proxy sees the frame's
    // `load` a little later.
    let loaded = tab
        .wait_for(
            "window.__mcpappProxy?.loads > 0 && window.__mcpappProxy",
            WAIT,
        )
        .await
        .unwrap();
    assert_eq!(loaded.url, format!("{}/proxy", bridge.proxy_origin()));
    let stats = loaded.value.unwrap();
    assert_eq!(stats["builds"], 1, "{stats}");
    assert_eq!(stats["loads"], 1, "{stats}");
    assert_eq!(stats["killed"], false, "{stats}");
    let frame = in_proxy(
        tab,
        bridge.proxy_origin(),
        "(() => { const f = document.querySelector('iframe'); \
         return { sandbox: f.getAttribute('sandbox'), allow: f.getAttribute('allow') }; })()",
    )
    .await;
    assert_eq!(frame["sandbox"], "allow-scripts");
    assert_eq!(frame["allow"], "clipboard-write");

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
}

async fn the_app_is_sandboxed_and_cannot_read_the_pages_above_it(engine: Engine) {
    let Some(browser) = Browser::launch(engine).await else {
        return;
    };
    let permissions = serde_json::from_value(json!({"clipboardWrite": {}})).unwrap();
    let resource = HtmlResource::new(peeking_app())
        .with_csp(ResourceCsp {
            connect_domains: Some(vec!["https://api.example.com".into(), "*".into()]),
            ..ResourceCsp::default()
        })
        .with_permissions(permissions);
    let expected_policy = build_policy(resource.csp.as_ref());
    let (mut bridge, shown) = open(&browser, resource, BridgeOptions::default()).await;
    let found = report(&mut bridge).await;

    let refused = |name: &str| {
        let error = found[name]["error"].as_str().unwrap_or_default();
        assert!(error.starts_with("SecurityError"), "{name}: {found:#}");
    };
    for name in [
        "parentDocument",
        "topDocument",
        "parentLocation",
        "localStorage",
        "sessionStorage",
    ] {
        refused(name);
    }
    match engine {
        Engine::Chromium => {
            refused("cookie");
            refused("setCookie");
        }
        // WebKit does not throw in an opaque origin: the cookie jar reads empty, and a cookie
        // written there is not kept.
        Engine::WebKit => {
            assert_eq!(found["cookie"], json!({"value": ""}), "{found:#}");
            assert_eq!(found["setCookie"], json!({"value": ""}), "{found:#}");
        }
    }
    assert_eq!(found["origin"], json!({"value": "null"}));
    assert_eq!(found["referrer"], json!({"value": ""}));
    assert_eq!(found["open"], json!({"value": null}), "no popups");
    assert_eq!(
        found["policy"],
        json!({ "value": expected_policy }),
        "the app runs under the policy Rust built"
    );
    assert_eq!(
        found["first"],
        json!({"value": "Content-Security-Policy"}),
        "the policy comes before anything the app wrote"
    );

    if let Some(tab) = shown.tab() {
        check_proxy_and_host_pages(tab, &bridge).await;
    }
    drop(shown);
    browser.close().await;
}

/// A loopback HTTP server that counts the requests it gets: each connection is read once,
/// counted when it sent something, and handed to `answer` with whether it did.
async fn counting_server<F, Fut>(answer: F) -> (String, Arc<AtomicUsize>)
where
    F: Fn(TcpStream, bool) -> Fut + Clone + Send + 'static,
    Fut: Future<Output = ()> + Send + 'static,
{
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let origin = format!("http://{}", listener.local_addr().unwrap());
    let hits = Arc::new(AtomicUsize::new(0));
    let counter = Arc::clone(&hits);
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = listener.accept().await {
            let counter = Arc::clone(&counter);
            let answer = answer.clone();
            tokio::spawn(async move {
                let mut buffer = [0_u8; 4096];
                let asked = stream.read(&mut buffer).await.unwrap_or(0) > 0;
                if asked {
                    counter.fetch_add(1, Ordering::SeqCst);
                }
                answer(stream, asked).await;
            });
        }
    });
    (origin, hits)
}

/// A loopback HTTP server that answers every request with `ok`, and counts them.
async fn probe() -> (String, Arc<AtomicUsize>) {
    counting_server(|mut stream, _| async move {
        let _ = stream
            .write_all(
                b"HTTP/1.1 200 OK\r\nAccess-Control-Allow-Origin: *\r\n\
                  Content-Length: 2\r\nConnection: close\r\n\r\nok",
            )
            .await;
    })
    .await
}

/// An app that tries to reach `origin` by fetch, image and WebSocket, and reports how it went.
fn reaching_app(origin: &str) -> String {
    app_running(&format!(
        r#"{REPORT}
        const PROBE = "{origin}";
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
          report(r);
        }})();"#
    ))
}

async fn the_app_cannot_reach_an_origin_it_did_not_declare(engine: Engine) {
    let Some(browser) = Browser::launch(engine).await else {
        return;
    };
    let (origin, hits) = probe().await;

    // Undeclared: CSP stops every attempt before it leaves the browser.
    let app = HtmlResource::new(reaching_app(&origin));
    let (mut bridge, shown) = open(&browser, app, BridgeOptions::default()).await;
    let result = report(&mut bridge).await;
    assert_eq!(result["fetch"], "blocked", "{result}");
    assert_eq!(result["img"], "blocked", "{result}");
    assert_eq!(result["ws"], "blocked", "{result}");
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(hits.load(Ordering::SeqCst), 0, "the probe got no request");
    drop(shown);

    // Declared, but the probe is on this machine: by default a loopback origin is refused.
    let declared = HtmlResource::new(reaching_app(&origin)).with_csp(ResourceCsp {
        connect_domains: Some(vec![origin.clone()]),
        ..ResourceCsp::default()
    });
    let (mut bridge, shown) = open(&browser, declared.clone(), BridgeOptions::default()).await;
    let result = report(&mut bridge).await;
    assert_eq!(result["fetch"], "blocked", "{result}");
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        hits.load(Ordering::SeqCst),
        0,
        "a private origin is not reachable"
    );
    drop(shown);

    // Control: an embedder that opts in to private origins lets the same app reach it, so it
    // is the CSP that blocked it above.
    let mut options = BridgeOptions::default();
    options.csp.allow_private_origins = true;
    let (mut bridge, shown) = open(&browser, declared, options).await;
    let result = report(&mut bridge).await;
    assert_eq!(result["fetch"], "status 200", "{result}");
    assert_eq!(
        result["img"], "blocked",
        "images need resourceDomains: {result}"
    );
    assert!(hits.load(Ordering::SeqCst) >= 1);
    drop(shown);
    browser.close().await;
}

/// The test app, preceded by attempts to forge the handshake and to skip the proxy; once it
/// has the tool result it reports it, and whether anything forged got into its page.
fn forging_app() -> String {
    let forgery = r#"<script>
      window.parent.postMessage({ jsonrpc: "2.0", method: "ui/notifications/sandbox-resource-ready",
        params: { html: "<p>pwned</p>", sandbox: "allow-scripts allow-same-origin" } }, "*");
      window.parent.postMessage({ jsonrpc: "2.0", method: "ui/notifications/sandbox-proxy-ready", params: {} }, "*");
      window.top.postMessage({ jsonrpc: "2.0", method: "x/direct-to-top", params: {} }, "*");
      window.top.postMessage({ jsonrpc: "2.0", id: 99, method: "tools/call", params: { name: "show" } }, "*");
    </script>"#;
    let reporting = format!(
        r#"<script>{REPORT}
      window.addEventListener("message", (ev) => {{
        if (ev.source !== window.parent || ev.data.method !== "ui/notifications/tool-result") return;
        report({{ result: ev.data.params, pwned: document.body.innerText.includes("pwned") }});
      }});
    </script></body>"#
    );
    TEST_APP
        .replace("<body>", &format!("<body>{forgery}"))
        .replace("</body>", &reporting)
}

async fn forged_handshakes_and_direct_messages_never_reach_rust(engine: Engine) {
    let Some(browser) = Browser::launch(engine).await else {
        return;
    };
    let (mut runtime, instance) = runtime_with_app(
        &json!({}),
        &json!({"content": [], "structuredContent": {"ok": true}}),
    )
    .await;
    let app = HtmlResource::new(forging_app());
    let (bridge, shown) = open(&browser, app, BridgeOptions::default()).await;
    let monitor = bridge.monitor();
    runtime.attach(instance, Box::new(bridge));
    run_until(&mut runtime, WAIT, |runtime, _| {
        app_sent(runtime, "x/probe")
    })
    .await;
    // Give anything stray time to arrive, then carry whatever did.
    tokio::time::sleep(Duration::from_millis(300)).await;
    runtime.poll_events();
    assert_eq!(
        methods_to_host(&runtime),
        ["ui/initialize", "ui/notifications/initialized", "x/probe"]
    );
    assert!(
        to_host(&runtime)
            .iter()
            .all(|m| m.get("id") != Some(&json!(99)))
    );
    let found = to_host(&runtime)
        .into_iter()
        .find(|m| m["method"] == "x/probe")
        .unwrap()["params"]
        .clone();
    assert_eq!(found["result"]["structuredContent"], json!({"ok": true}));
    assert_eq!(found["pwned"], false, "nothing forged got into the page");
    let stats = monitor.stats();
    assert_eq!(
        stats.proxy_ready, 1,
        "Rust saw exactly the proxy's own proxy-ready"
    );
    assert_eq!(
        stats.internal_dropped, 0,
        "the forgeries stopped at the proxy"
    );

    if let Some(tab) = shown.tab() {
        let proxy = in_proxy(tab, monitor.proxy_origin(), "window.__mcpappProxy").await;
        assert_eq!(proxy["internalDropped"], 2, "{proxy}");
        assert_eq!(proxy["builds"], 1, "{proxy}");
    }
    drop(shown);
    browser.close().await;
}

/// A loopback HTTP server whose one page never finishes loading: it sends the headers and a
/// first chunk (`body`) at once, then holds the connection open. Counts the requests it gets.
async fn never_finishing(body: String) -> (String, Arc<AtomicUsize>) {
    counting_server(move |mut stream, asked| {
        let body = body.clone();
        async move {
            if !asked {
                return;
            }
            // `Allow-CSP-From: *` accepts the frame's required policy, so Chromium loads
            // the page (under that policy) instead of refusing it outright.
            let head = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nAllow-CSP-From: *\r\n\
                 Transfer-Encoding: chunked\r\n\r\n{:x}\r\n{body}\r\n",
                body.len()
            );
            let _ = stream.write_all(head.as_bytes()).await;
            let _ = stream.flush().await;
            // Never the last chunk: the page never finishes, its `load` never fires.
            tokio::time::sleep(Duration::from_hours(1)).await;
        }
    })
    .await
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
/// host gets nothing after the hello and that the session ends (the port closes), and in
/// Chromium that the host page says why.
async fn navigate_away(browser: &Browser, target: &str) {
    let app = app_running(&format!(
        r#"window.parent.postMessage({{ jsonrpc: "2.0", method: "x/hello", params: {{}} }}, "*");
        setTimeout(() => {{ location.href = {target:?}; }}, 50);"#
    ));
    let (mut bridge, shown) = open(browser, HtmlResource::new(app), BridgeOptions::default()).await;
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
    if let Some(tab) = shown.tab() {
        let note = tab
            .wait_for("document.getElementById('closed')?.textContent", WAIT)
            .await
            .unwrap();
        assert_eq!(note.url, format!("{}/host", bridge.host_origin()));
        assert_eq!(
            note.value,
            Ok(json!("This app left its page and was stopped."))
        );
    }
}

async fn an_app_that_navigates_to_a_never_finishing_page_is_stopped_before_it_runs(engine: Engine) {
    let Some(browser) = Browser::launch(engine).await else {
        return;
    };
    let (probe_origin, probe_hits) = probe().await;
    let (page_origin, page_hits) = never_finishing(impostor_page(&probe_origin)).await;
    // Its `load` never comes, so the unload sentinel alone stops it.
    navigate_away(&browser, &format!("{page_origin}/never")).await;
    assert_eq!(
        probe_hits.load(Ordering::SeqCst),
        0,
        "the next page reached no undeclared origin"
    );
    assert!(page_hits.load(Ordering::SeqCst) <= 1);
    browser.close().await;
}

async fn an_app_that_navigates_to_a_data_url_is_stopped_before_its_page_speaks(engine: Engine) {
    let Some(browser) = Browser::launch(engine).await else {
        return;
    };
    let (probe_origin, probe_hits) = probe().await;
    let page = impostor_page(&probe_origin);
    let target = format!(
        "data:text/html;base64,{}",
        base64::Engine::encode(&base64::engine::general_purpose::STANDARD, page)
    );
    // In Chromium the frame's `csp` attribute would also hold the page to the app's policy;
    // WebKit has none, so there the page would run unbound: it must be stopped before it runs.
    navigate_away(&browser, &target).await;
    assert_eq!(probe_hits.load(Ordering::SeqCst), 0);
    browser.close().await;
}

async fn an_app_that_navigates_to_a_page_refusing_its_policy_is_stopped(engine: Engine) {
    let Some(browser) = Browser::launch(engine).await else {
        return;
    };
    // The probe serves a page without `Allow-CSP-From`: under the frame's `csp` attribute
    // Chromium refuses to put it in the frame at all; WebKit would load it.
    let (origin, _hits) = probe().await;
    navigate_away(&browser, &format!("{origin}/elsewhere")).await;
    browser.close().await;
}
