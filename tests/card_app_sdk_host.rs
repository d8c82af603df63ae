#![cfg(test)] // clippy.toml's allowances for tests hold in every function here
//! The card app in a standard host: the official SDK's `AppBridge`
//! (`@modelcontextprotocol/ext-apps@2.0.4`, bundled by esbuild from the npm packages `.ci/run`
//! installs) embeds it in a small page of headless Chromium, as hosts embed apps: an iframe with
//! `sandbox="allow-scripts"`, `PostMessageTransport`, `oncalltool` forwarding to the MCP server.
//! The page's tool calls are carried to the real `flights` example server by this test.

mod support;

use std::time::{Duration, Instant};

use mcpapp_host::mcp::{ClientOptions, McpConnection, ServerSpec};
use mcpapp_html::{HeadlessChromium, Tab};
use mcpapp_protocol::HTML_MIME_TYPE;
use mcpapp_server::{SIGNATURE_KEY, card_app_html};
use serde_json::{Map, Value, json};

const WAIT: Duration = Duration::from_secs(20);

/// `AppBridge` and `PostMessageTransport` as one script defining `McpAppsHost`, or `None`
/// (a loud skip outside CI) when the npm packages are not installed.
fn sdk_bundle() -> Option<String> {
    match support::sdk::app_bridge_bundle() {
        Ok(bundle) => Some(bundle),
        Err(why) => {
            support::present(&format!("the SDK bundle ({why})"), false);
            None
        }
    }
}

/// The host page's script: an `AppBridge` for the card app in a sandboxed iframe, given the
/// tool's input and result; its tool calls wait in `__calls` for the test to carry them.
fn host_script(input: &Value, result: &Value) -> String {
    let setup = r"window.__calls = [];
  window.__pending = new Map();
  let next = 1;
  window.__take = () => window.__calls.splice(0);
  window.__resolve = (id, result) => { window.__pending.get(id).resolve(result); window.__pending.delete(id); return true; };
  window.__reject = (id, message) => { window.__pending.get(id).reject(new Error(message)); window.__pending.delete(id); return true; };";
    let on_call_tool = r"(params) => new Promise((resolve, reject) => {
    const id = next++;
    window.__pending.set(id, { resolve, reject });
    window.__calls.push({ id, params });
  })";
    support::sdk::host_script(setup, on_call_tool, card_app_html(), input, result)
}

/// Evaluates `expression` in the host page (the `about:blank` frame that answers; the app's
/// frame is `about:srcdoc` once it has its document).
async fn top(tab: &Tab, expression: &str) -> Value {
    // The page may still be between its first blank document and the one it navigated to:
    // no frame answers for a moment.
    let deadline = Instant::now() + Duration::from_secs(10);
    let values = loop {
        let values = tab.evaluate_in("about:blank", expression).await.unwrap();
        if !values.is_empty() || Instant::now() > deadline {
            break values;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    };
    let mut thrown = Vec::new();
    for value in values {
        match value.value {
            Ok(value) => return value,
            Err(error) => thrown.push(error),
        }
    }
    panic!(
        "`{}` threw {thrown:?}",
        expression.chars().take(200).collect::<String>()
    )
}

async fn in_app(tab: &Tab, expression: &str) -> Result<Value, String> {
    let values = tab.evaluate_in("about:srcdoc", expression).await.unwrap();
    values
        .into_iter()
        .next()
        .map_or_else(|| Err("no app frame yet".to_owned()), |v| v.value)
}

/// The standard host of these tests: headless Chromium, the example server the page's tool
/// calls are carried to, and the SDK bundle each host page loads.
struct SdkHost {
    browser: HeadlessChromium,
    server: McpConnection,
    bundle: String,
}

impl SdkHost {
    /// The host for `mcpapp serve-example EXAMPLE`, or `None` (a loud skip outside CI) when
    /// the SDK or Chromium is missing.
    async fn start(example: &str) -> Option<Self> {
        let bundle = sdk_bundle()?;
        let browser = support::session::browser().await?;
        let options = ClientOptions {
            request_timeout: WAIT,
            connect_timeout: WAIT,
            mime_types: vec![HTML_MIME_TYPE.to_owned()],
            ..ClientOptions::default()
        };
        let spec = ServerSpec::stdio(env!("CARGO_BIN_EXE_mcpapp"), ["serve-example", example]);
        let server = McpConnection::connect(example, &spec, &options)
            .await
            .unwrap();
        Some(Self {
            browser,
            server,
            bundle,
        })
    }

    /// Opens the SDK host page showing the card app for the agent's call of `tool` with `input`.
    async fn open(&self, tool: &str, input: Value) -> Tab {
        let result = self
            .server
            .call_tool(tool, input.as_object().unwrap().clone())
            .await
            .unwrap();
        let tab = self.browser.open("about:blank").await.unwrap();
        // The bundle defines the global `McpAppsHost` (an indirect eval runs it as a script).
        top(&tab, &format!("((0, eval)({}), true)", json!(self.bundle))).await;
        top(
            &tab,
            &host_script(&input, &serde_json::to_value(result).unwrap()),
        )
        .await;
        let deadline = Instant::now() + WAIT;
        while !in_app(&tab, "!!document.querySelector('#card .ac-adaptiveCard')")
            .await
            .is_ok_and(|v| v == json!(true))
        {
            assert!(
                Instant::now() < deadline,
                "the card never showed in the SDK host"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert_eq!(top(&tab, "window.__initialized === true").await, true);
        tab
    }

    /// Carries the page's tool calls to the server until `expression` holds in the app frame;
    /// the calls carried, each with what the server answered.
    async fn carry_until(
        &self,
        tab: &Tab,
        expression: &str,
    ) -> Vec<(Value, Result<Value, String>)> {
        let deadline = Instant::now() + WAIT;
        let mut carried = Vec::new();
        loop {
            if in_app(tab, expression)
                .await
                .is_ok_and(|v| !matches!(v, Value::Null | Value::Bool(false)))
            {
                return carried;
            }
            assert!(
                Instant::now() < deadline,
                "`{expression}` never held; calls: {carried:#?}"
            );
            for call in top(tab, "window.__take()").await.as_array().unwrap() {
                let params = call["params"].clone();
                let arguments: Map<String, Value> =
                    params["arguments"].as_object().cloned().unwrap_or_default();
                let answer = self
                    .server
                    .call_tool(params["name"].as_str().unwrap(), arguments)
                    .await
                    .map(|r| serde_json::to_value(r).unwrap())
                    .map_err(|e| e.to_string());
                let id = &call["id"];
                match &answer {
                    Ok(result) => top(tab, &format!("window.__resolve({id}, {result})")).await,
                    Err(message) => {
                        top(tab, &format!("window.__reject({id}, {})", json!(message))).await
                    }
                };
                carried.push((params, answer));
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// The server's list of bookings, as JSON text.
    async fn bookings(&self) -> String {
        let bookings = self.server.call_tool("bookings", Map::new()).await.unwrap();
        serde_json::to_string(&bookings).unwrap()
    }

    /// Ends the server and the browser.
    async fn close(self) {
        self.server.close().await;
        self.browser.close().await;
    }
}

const TYPE_REASON: &str =
    "(() => { const input = mcpappCardApp.rendered.getElementById('cancellationReason');
    const control = input.renderedInputControlElement; control.value = 'Seen from the SDK';
    control.dispatchEvent(new Event('input', { bubbles: true })); return true; })()";
const SUBMIT: &str = "(() => { const b = [...document.querySelectorAll('#card button')]
    .find((b) => b.textContent.trim() === 'Confirm Cancellation'); b.click(); return true; })()";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_official_app_bridge_hosts_the_card_app_end_to_end() {
    let Some(host) = SdkHost::start("flights").await else {
        return;
    };
    let request = "request_cancellation_reason";
    let tab = host
        .open(request, json!({"booking_id": "FL-67890-DEF"}))
        .await;
    in_app(&tab, TYPE_REASON).await.unwrap();
    in_app(&tab, SUBMIT).await.unwrap();
    let carried = host
        .carry_until(&tab, "document.body.innerText.includes('Flight cancelled')")
        .await;
    assert_eq!(carried.len(), 1, "{carried:#?}");
    let (params, answer) = &carried[0];
    assert_eq!(params["name"], "confirm_cancellation");
    assert_eq!(
        params["arguments"]["cancellationReason"],
        "Seen from the SDK"
    );
    assert!(params["arguments"][SIGNATURE_KEY].is_string());
    assert!(answer.is_ok(), "{answer:?}");
    let listed = host.bookings().await;
    assert!(
        listed.contains("FL-67890-DEF JFK → LHR: cancelled (Seen from the SDK)"),
        "{listed}"
    );

    // A tampered submit in the same standard host: refused by the server, told on the card.
    let tab = host
        .open(request, json!({"booking_id": "FL-12345-ABC"}))
        .await;
    in_app(
        &tab,
        "(mcpappCardApp.rendered.getActionAt(0).data.booking_id = 'FL-55555-XYZ', true)",
    )
    .await
    .unwrap();
    in_app(&tab, TYPE_REASON).await.unwrap();
    in_app(&tab, SUBMIT).await.unwrap();
    let carried = host
        .carry_until(
            &tab,
            "document.getElementById('notice').className === 'error'",
        )
        .await;
    assert!(carried[0].1.is_err(), "{carried:#?}");
    let notice = in_app(&tab, "document.getElementById('notice').textContent")
        .await
        .unwrap();
    assert!(notice.as_str().unwrap().contains("refused"), "{notice}");
    let listed = host.bookings().await;
    assert!(
        !listed.contains("FL-12345-ABC SFO → JFK: cancelled"),
        "{listed}"
    );
    host.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_official_app_bridge_books_a_scheduler_slot() {
    let Some(host) = SdkHost::start("scheduler").await else {
        return;
    };
    let tab = host.open("find_available_slots", json!({})).await;
    in_app(
        &tab,
        "(document.querySelector('#card button').click(), true)",
    )
    .await
    .unwrap();
    let carried = host
        .carry_until(&tab, "document.body.innerText.includes('Meeting booked')")
        .await;
    assert_eq!(carried.len(), 1, "{carried:#?}");
    assert_eq!(carried[0].0["name"], "book_slot");
    assert!(carried[0].0["arguments"][SIGNATURE_KEY].is_string());
    host.close().await;
}
