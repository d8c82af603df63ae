//! The official SDK's host side beside ours: `AppBridge` (`@modelcontextprotocol/ext-apps`,
//! bundled by esbuild from the npm packages `.ci/run` installs) hosting an app in a sandboxed
//! iframe of a headless Chromium page, as standard hosts embed apps. One session: the host page
//! loaded with the bundle (warm, as our warm page is), then the clock starts in the page as the
//! view is created (the iframe and its bridge) and stops when the app's probe posts
//! `x/dom-ready` (the tool result in its DOM); both ends are the page's own `performance.now()`.

use std::time::{Duration, Instant};

use mcpapp_html::{HeadlessChromium, Tab};
use serde_json::Value;

/// The host page's script: the clock starts, the view is created under `AppBridge`, the app
/// gets `input` and `result` once initialized; `window.__done` is the time to the app's
/// `x/dom-ready`, in milliseconds.
fn host_script(app: &str, input: &Value, result: &Value) -> String {
    let setup = r#"const t0 = performance.now();
  window.addEventListener("message", (e) => {
    if (e.data && e.data.method === "x/dom-ready" && window.__done === undefined)
      window.__done = performance.now() - t0;
  });"#;
    super::support::sdk::host_script(setup, "async () => ({ content: [] })", app, input, result)
}

/// Evaluates `expression` in the host page (its `about:blank` frame).
async fn top(tab: &Tab, expression: &str) -> Option<Value> {
    let values = tab.evaluate_in("about:blank", expression).await.ok()?;
    values.into_iter().find_map(|v| v.value.ok())
}

/// One session of `app` (with its `x/dom-ready` probe) under `AppBridge`.
pub async fn session(
    browser: &HeadlessChromium,
    bundle: &str,
    app: &str,
    input: &Value,
    result: &Value,
    timeout: Duration,
) -> Result<Duration, String> {
    let tab = browser
        .open("about:blank")
        .await
        .map_err(|e| e.to_string())?;
    let started = Instant::now();
    // The page may still be between its first blank document and the next: wait for it.
    let loaded = format!("((0, eval)({}), true)", Value::from(bundle));
    while top(&tab, &loaded).await.is_none() {
        if started.elapsed() > timeout {
            return Err("the host page never ran the bundle".to_owned());
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    top(&tab, &host_script(app, input, result))
        .await
        .ok_or("the host script failed")?;
    let done = loop {
        if let Some(ms) = top(&tab, "window.__done").await.and_then(|v| v.as_f64()) {
            break ms;
        }
        if started.elapsed() > timeout {
            return Err("the app never showed the result under AppBridge".to_owned());
        }
        tokio::time::sleep(Duration::from_millis(2)).await;
    };
    let _ = tab.close().await;
    Ok(Duration::from_secs_f64(done / 1e3))
}
