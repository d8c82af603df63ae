//! The official SDK's host side beside ours: `AppBridge` (`@modelcontextprotocol/ext-apps`,
//! bundled by esbuild from the npm packages `.ci/run` installs) hosting an app in a sandboxed
//! iframe of a headless Chromium page, as standard hosts embed apps. One session: the host page
//! loaded with the bundle (warm, as our warm page is), then the clock starts in the page as the
//! view is created (the iframe and its bridge) and stops when the app's probe posts
//! `x/dom-ready` (the tool result in its DOM); both ends are the page's own `performance.now()`.

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use mcpapp_html::{HeadlessChromium, Tab};
use serde_json::Value;

/// Where `.ci/run` installs the npm packages.
fn npm_dir() -> PathBuf {
    std::env::var_os("MCPAPP_NPM_DIR").map_or_else(
        || {
            std::env::var_os("HOME")
                .map(|home| PathBuf::from(home).join(".cache/mcpapp-npm"))
                .unwrap_or_default()
        },
        PathBuf::from,
    )
}

/// `AppBridge` and `PostMessageTransport` as one script defining `McpAppsHost`, or why not.
pub fn bundle() -> Result<String, String> {
    let modules = npm_dir().join("node_modules");
    let esbuild = modules.join(".bin/esbuild");
    if !esbuild.exists() || !modules.join("@modelcontextprotocol/ext-apps").exists() {
        return Err(format!(
            "no @modelcontextprotocol/ext-apps or esbuild under {} (.ci/run installs them)",
            modules.display()
        ));
    }
    let dir = std::env::temp_dir().join(format!("mcpapp-app-bridge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let entry = dir.join("entry.mjs");
    std::fs::write(
        &entry,
        "export { AppBridge, PostMessageTransport } from \"@modelcontextprotocol/ext-apps/app-bridge\";\n",
    )
    .map_err(|e| e.to_string())?;
    let out = dir.join("bridge.js");
    let status = Command::new(&esbuild)
        .arg(&entry)
        .args([
            "--bundle",
            "--format=iife",
            "--global-name=McpAppsHost",
            "--log-level=warning",
        ])
        .arg(format!("--outfile={}", out.display()))
        .env("NODE_PATH", &modules)
        .status()
        .map_err(|e| format!("esbuild: {e}"))?;
    if !status.success() {
        return Err("esbuild failed".to_owned());
    }
    let bundle = std::fs::read_to_string(&out).map_err(|e| e.to_string())?;
    let _ = std::fs::remove_dir_all(&dir);
    Ok(bundle)
}

/// The host page's script: the clock starts, the view is created (an iframe with
/// `sandbox="allow-scripts"` and an `AppBridge` on it), the app gets `input` and `result` once
/// initialized; `window.__done` is the time to the app's `x/dom-ready`, in milliseconds.
fn host_script(app: &str, input: &Value, result: &Value) -> String {
    let app = serde_json::to_string(app).unwrap_or_default();
    format!(
        r#"(async () => {{
  const {{ AppBridge, PostMessageTransport }} = McpAppsHost;
  const t0 = performance.now();
  window.addEventListener("message", (e) => {{
    if (e.data && e.data.method === "x/dom-ready" && window.__done === undefined)
      window.__done = performance.now() - t0;
  }});
  const frame = document.createElement("iframe");
  frame.setAttribute("sandbox", "allow-scripts");
  frame.style.width = "600px";
  frame.style.height = "500px";
  document.body.appendChild(frame);
  const bridge = new AppBridge(null, {{ name: "bench-host", version: "1.0.0" }},
    {{ openLinks: {{}}, serverTools: {{}}, logging: {{}} }},
    {{ hostContext: {{ theme: "light", displayMode: "inline" }} }});
  bridge.oncalltool = async () => ({{ content: [] }});
  bridge.onopenlink = async () => ({{}});
  bridge.oninitialized = () => {{
    bridge.sendToolInput({{ arguments: {input} }});
    bridge.sendToolResult({result});
  }};
  await bridge.connect(new PostMessageTransport(frame.contentWindow, frame.contentWindow));
  frame.srcdoc = {app};
  return true;
}})()"#
    )
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
