//! What several test files share: the repository's MCP test server.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    dead_code,
    reason = "test support"
)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The built example `test_server`.
pub fn test_server_path() -> &'static Path {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| {
        // This test runs from target/<profile>/deps; examples are in target/<profile>/examples.
        let exe = std::env::current_exe().unwrap();
        let profile_dir = exe.parent().unwrap().parent().unwrap();
        let path = profile_dir
            .join("examples")
            .join(format!("test_server{}", std::env::consts::EXE_SUFFIX));
        if !path.exists() {
            let profile = match profile_dir.file_name().and_then(|name| name.to_str()) {
                Some("debug") | None => "dev",
                Some(other) => other,
            };
            let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
            let status = Command::new(cargo)
                .args([
                    "build",
                    "--quiet",
                    "-p",
                    "mcpapp-host",
                    "--example",
                    "test_server",
                ])
                .args(["--profile", profile])
                .status()
                .expect("run cargo to build the test server");
            assert!(status.success(), "building the test server failed");
        }
        assert!(path.exists(), "no test server at {}", path.display());
        path
    })
}

/// The test server as a child process, connected as server `test` with default options.
pub async fn connect_test_server() -> mcpapp_host::mcp::McpConnection {
    use mcpapp_host::mcp::{ClientOptions, McpConnection, ServerSpec};
    let spec = ServerSpec::stdio(test_server_path().to_str().unwrap(), Vec::<String>::new());
    McpConnection::connect("test", &spec, &ClientOptions::default())
        .await
        .unwrap()
}

/// `ui/initialize` with the id `id`, as a scripted view sends it.
pub fn initialize(id: u64) -> serde_json::Value {
    serde_json::json!({"jsonrpc": "2.0", "id": id, "method": "ui/initialize", "params": {
        "appInfo": {"name": "scripted", "version": "1"}, "appCapabilities": {},
        "protocolVersion": "2026-01-26"}})
}

/// `ui/notifications/initialized`, as a scripted view sends it.
pub fn initialized() -> serde_json::Value {
    serde_json::json!({"jsonrpc": "2.0", "method": "ui/notifications/initialized", "params": {}})
}

/// The tool `board` of server `s`: its view is `ui://s/board`, for the model and the app.
pub fn board_tool() -> mcpapp_protocol::Tool {
    serde_json::from_value(serde_json::json!({
        "name": "board",
        "inputSchema": {"type": "object"},
        "_meta": {"ui": {"resourceUri": "ui://s/board", "visibility": ["model", "app"]}}
    }))
    .unwrap()
}

/// An HTML app of `s`'s [`board_tool`], inline, for the tool call `call`.
pub fn board_app(call: &str) -> mcpapp_host::AppSpec {
    mcpapp_host::AppSpec {
        server: "s".into(),
        tool: board_tool(),
        tool_call_id: call.into(),
        resource_uri: "ui://s/board".into(),
        kind: mcpapp_host::ViewKind::Html,
        display_mode: mcpapp_protocol::DisplayMode::Inline,
    }
}

mod json;
#[allow(unused_imports, reason = "each test file uses what it needs")]
pub use json::JsonAnswers;
