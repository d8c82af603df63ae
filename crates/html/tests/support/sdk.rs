//! The official SDK's host side, for the tests and benchmarks that run an app under it: the
//! folder where `.ci/run` installs the npm packages, `AppBridge` bundled from them, and the
//! script of a host page that embeds an app with it. The root package's tests include this
//! file too (`#[path]`).

use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::Value;

/// The folder whose `node_modules` holds the npm packages: `$MCPAPP_NPM_DIR`, where `.ci/run`
/// installs them, else `~/.cache/mcpapp-npm`.
pub fn npm_dir() -> PathBuf {
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
pub fn app_bridge_bundle() -> Result<String, String> {
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    let modules = npm_dir().join("node_modules");
    let esbuild = modules.join(".bin/esbuild");
    if !esbuild.exists() || !modules.join("@modelcontextprotocol/ext-apps").exists() {
        return Err(format!(
            "no @modelcontextprotocol/ext-apps or esbuild under {} (.ci/run installs them)",
            modules.display()
        ));
    }
    // A folder of this call's own: tests running side by side each bundle and clean up.
    let call = CALLS.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("mcpapp-app-bridge-{}-{call}", std::process::id()));
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

/// A host page's script under the bundle (`McpAppsHost`): `setup` runs first, then the view is
/// created as standard hosts create it (an iframe with `sandbox="allow-scripts"` and an
/// `AppBridge` on it, its tool calls answered by `on_call_tool`); once the app initializes,
/// `window.__initialized` is set and the app gets `input` and `result`; `app` is the frame's
/// document.
pub fn host_script(
    setup: &str,
    on_call_tool: &str,
    app: &str,
    input: &Value,
    result: &Value,
) -> String {
    let app = serde_json::to_string(app).unwrap_or_default();
    format!(
        r#"(async () => {{
  const {{ AppBridge, PostMessageTransport }} = McpAppsHost;
  {setup}
  const frame = document.createElement("iframe");
  frame.setAttribute("sandbox", "allow-scripts");
  frame.style.width = "600px";
  frame.style.height = "500px";
  document.body.appendChild(frame);
  const bridge = new AppBridge(null, {{ name: "mcpapp-sdk-host", version: "1.0.0" }},
    {{ openLinks: {{}}, serverTools: {{}}, logging: {{}} }},
    {{ hostContext: {{ theme: "light", displayMode: "inline" }} }});
  bridge.oncalltool = {on_call_tool};
  bridge.onopenlink = async () => ({{}});
  bridge.oninitialized = () => {{
    window.__initialized = true;
    bridge.sendToolInput({{ arguments: {input} }});
    bridge.sendToolResult({result});
  }};
  await bridge.connect(new PostMessageTransport(frame.contentWindow, frame.contentWindow));
  frame.srcdoc = {app};
  return true;
}})()"#
    )
}
