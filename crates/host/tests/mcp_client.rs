//! The MCP client against real servers run as child processes: the repository's Rust test
//! server (`examples/test_server.rs`, over stdio and streamable HTTP) and the public example
//! servers `@modelcontextprotocol/server-basic-vanillajs@2.0.3` and
//! `@modelcontextprotocol/server-system-monitor@2.0.3` from the npm registry.
//!
//! The test server is the package's example `test_server`: `cargo test` builds examples before
//! running tests; a run that builds none (`cargo test --test mcp_client`) builds it here.
//! The npm servers are looked for in `$MCPAPP_NPM_DIR` (set by `.ci/run`), else in
//! `~/.cache/mcpapp-npm`, and installed there with npm when missing: these tests never skip.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use mcpapp_host::Error;
use mcpapp_host::mcp::{ClientOptions, McpConnection, McpEventKind, ServerSpec};
use mcpapp_protocol::{A2UI_MIME_TYPE, CARD_MIME_TYPE, HTML_MIME_TYPE, JsonRpcError, Visibility};
use serde_json::{Map, Value, json};
use tokio::io::AsyncBufReadExt;

const NPM_PACKAGES: [&str; 3] = [
    "@modelcontextprotocol/server-basic-vanillajs@2.0.3",
    "@modelcontextprotocol/server-system-monitor@2.0.3",
    "@modelcontextprotocol/server-budget-allocator@2.0.3",
];

mod support;
use support::JsonAnswers as _;

use support::test_server_path;

fn test_server() -> ServerSpec {
    ServerSpec::stdio(test_server_path().to_str().unwrap(), Vec::<String>::new())
}

/// The folder holding `node_modules/@modelcontextprotocol/server-*`, installed if needed.
fn npm_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::var_os("MCPAPP_NPM_DIR").map_or_else(
            || {
                let home = std::env::var_os("HOME").expect("HOME or MCPAPP_NPM_DIR");
                PathBuf::from(home).join(".cache").join("mcpapp-npm")
            },
            PathBuf::from,
        );
        let installed = NPM_PACKAGES.iter().all(|package| {
            let (name, version) = package.rsplit_once('@').unwrap();
            let package_dir = dir.join("node_modules").join(name);
            let manifest = std::fs::read_to_string(package_dir.join("package.json"))
                .ok()
                .and_then(|text| serde_json::from_str::<Value>(&text).ok());
            package_dir.join("dist/index.js").exists()
                && manifest.is_some_and(|manifest| manifest["version"] == version)
        });
        if !installed {
            let status = Command::new("npm")
                .args(["install", "--prefix"])
                .arg(&dir)
                .args(["--no-audit", "--no-fund", "--silent"])
                .args(NPM_PACKAGES)
                .status()
                .expect("run npm (Node 20 or later) to install the example servers");
            assert!(
                status.success(),
                "npm install into {} failed",
                dir.display()
            );
        }
        dir
    })
}

fn npm_server(package: &str) -> ServerSpec {
    let entry = npm_dir()
        .join("node_modules/@modelcontextprotocol")
        .join(package)
        .join("dist/index.js");
    assert!(entry.exists(), "{} is missing", entry.display());
    ServerSpec::stdio("node", [entry.to_str().unwrap(), "--stdio"])
}

fn options() -> ClientOptions {
    ClientOptions {
        request_timeout: Duration::from_secs(15),
        connect_timeout: Duration::from_secs(15),
        ..ClientOptions::default()
    }
}

fn args(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        other => panic!("not an object: {other}"),
    }
}

fn names(tools: &[mcpapp_protocol::Tool]) -> Vec<&str> {
    tools.iter().map(|tool| tool.name.as_str()).collect()
}

/// Waits (bounded) until the prefetch has cached `uri`.
async fn wait_cached(server: &McpConnection, uri: &str) -> Value {
    let start = Instant::now();
    loop {
        if let Some(cached) = server.cached_resource(uri) {
            return serde_json::to_value(cached).unwrap();
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "{uri} was not prefetched"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Checks that `server`'s `echo` tool answers with `text`.
async fn echoes(server: &McpConnection, text: &str) {
    let echo = server
        .call_json("echo", args(json!({"text": text})))
        .await
        .unwrap();
    assert_eq!(echo["content"][0]["text"], text);
}

/// The checks shared by stdio and HTTP against the Rust test server.
#[expect(
    clippy::too_many_lines,
    reason = "one list of checks against one server, read top to bottom"
)]
async fn check_test_server(server: &McpConnection) {
    let info = server.server_info();
    assert_eq!(info.name, "mcpapp-test-server");
    assert_eq!(info.protocol_version, "2025-11-25");

    let tools = server.tools();
    assert_eq!(
        names(&tools),
        [
            "echo",
            "show_card",
            "legacy_view",
            "refresh",
            "client_ui",
            "slow",
            "cancelled_count",
            "crash",
            "bad_visibility",
            "unlock",
            "file_view"
        ]
    );
    let model_tools = server.model_tools();
    for hidden in ["refresh", "unlock", "bad_visibility"] {
        assert!(
            !names(&model_tools).contains(&hidden),
            "{hidden} (app-only or malformed) offered to the model"
        );
    }
    assert_eq!(model_tools.len(), tools.len() - 3);

    let app_tools = server.app_tools();
    let app = |name: &str| {
        app_tools
            .iter()
            .find(|(tool, _)| tool.name == name)
            .map_or_else(
                || panic!("{name} is not an app tool"),
                |(_, meta)| meta.clone(),
            )
    };
    assert_eq!(
        app_tools.len(),
        6,
        "{:?}",
        app_tools.iter().map(|(t, _)| &t.name).collect::<Vec<_>>()
    );
    let card = app("show_card");
    assert_eq!(card.resource_uri.as_deref(), Some("ui://test/card"));
    assert_eq!(
        card.visibility,
        Some(vec![Visibility::Model, Visibility::App])
    );
    let legacy = app("legacy_view");
    assert_eq!(legacy.resource_uri.as_deref(), Some("ui://test/view.html"));
    assert!(legacy.is_model_visible() && legacy.is_app_visible());
    let refresh = app("refresh");
    assert_eq!(refresh.resource_uri, None);
    assert_eq!(refresh.visibility, Some(vec![Visibility::App]));
    assert!(server.tool("refresh").unwrap().is_app_visible());
    assert!(!server.tool("refresh").unwrap().is_model_visible());
    assert!(server.tool("echo").unwrap().ui_meta().is_none());

    // Both view resources are prefetched; a read then comes from the cache.
    let prefetched = wait_cached(server, "ui://test/card").await;
    wait_cached(server, "ui://test/view.html").await;
    let read = server.read_json("ui://test/card").await.unwrap();
    assert_eq!(read, prefetched);
    let contents = &read["contents"][0];
    assert_eq!(contents["mimeType"], CARD_MIME_TYPE);
    assert_eq!(contents["uri"], "ui://test/card");
    assert_eq!(contents["_meta"]["ui"]["prefersBorder"], true);
    let card: Value = serde_json::from_str(contents["text"].as_str().unwrap()).unwrap();
    assert_eq!(card["type"], "McpApp");
    let view = server.read_json("ui://test/view.html").await.unwrap();
    assert_eq!(view["contents"][0]["mimeType"], HTML_MIME_TYPE);

    echoes(server, "hello").await;
    let shown = server
        .call_json("show_card", args(json!({"title": "Oslo"})))
        .await
        .unwrap();
    assert_eq!(shown["structuredContent"]["title"], "Oslo");

    // What the server saw in `initialize`.
    let client = server.call_json("client_ui", Map::new()).await.unwrap();
    let seen = &client["structuredContent"];
    assert_eq!(
        seen["ui"]["mimeTypes"],
        json!([HTML_MIME_TYPE, CARD_MIME_TYPE, A2UI_MIME_TYPE])
    );
    assert_eq!(seen["protocolVersion"], "2025-11-25");
    assert_eq!(seen["clientName"], "mcpapp");

    // An unknown tool is the server's JSON-RPC error, passed on as is.
    let error = server.call_json("nope", Map::new()).await.unwrap_err();
    assert!(matches!(error, Error::Rpc { code: -32602, .. }), "{error}");
    assert_eq!(error.to_jsonrpc_error().code, JsonRpcError::INVALID_PARAMS);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rust_server_over_stdio() {
    let server = McpConnection::connect("rust", &test_server(), &options())
        .await
        .unwrap();
    assert_eq!(server.id(), "rust");
    assert!(server.is_alive());
    check_test_server(&server).await;

    let handle = server.clone();
    server.close().await;
    assert!(!handle.is_alive());
    let error = handle.call_json("echo", Map::new()).await.unwrap_err();
    assert!(matches!(error, Error::ServerGone { .. }), "{error}");
    assert!(
        error.to_string().contains("the host closed the connection"),
        "{error}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hanging_call_times_out_is_cancelled_and_the_connection_goes_on() {
    let options = ClientOptions {
        request_timeout: Duration::from_secs(1),
        ..options()
    };
    let server = McpConnection::connect("rust", &test_server(), &options)
        .await
        .unwrap();
    let start = Instant::now();
    let error = server.call_json("slow", Map::new()).await.unwrap_err();
    let waited = start.elapsed();
    assert!(
        matches!(&error, Error::Timeout { what, after, .. }
            if what == "tools/call \"slow\"" && *after == Duration::from_secs(1)),
        "{error}"
    );
    assert!(waited < Duration::from_secs(5), "waited {waited:?}");
    assert_eq!(error.to_jsonrpc_error().code, Error::REQUEST_TIMEOUT);
    assert!(error.to_string().contains("\"rust\""), "{error}");

    assert!(server.is_alive());
    echoes(&server, "still here").await;
    // The server was told: its `slow` call was cancelled.
    let count = server
        .call_json("cancelled_count", Map::new())
        .await
        .unwrap();
    assert_eq!(count["structuredContent"]["count"], 1);
    server.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crashing_server_is_gone_and_the_others_are_unaffected() {
    let crashing = McpConnection::connect("crashy", &test_server(), &options())
        .await
        .unwrap();
    let other = McpConnection::connect("steady", &test_server(), &options())
        .await
        .unwrap();
    let mut events = crashing.events();

    let error = crashing.call_json("crash", Map::new()).await.unwrap_err();
    let Error::ServerGone { server, reason, .. } = &error else {
        panic!("not ServerGone: {error}");
    };
    assert_eq!(server, "crashy");
    assert!(reason.contains("exit status: 3"), "{reason}");
    assert!(reason.contains("crash: exiting with status 3"), "{reason}");
    assert_eq!(error.to_jsonrpc_error().code, Error::CONNECTION_CLOSED);
    assert!(!crashing.is_alive());
    assert!(crashing.end_reason().unwrap().contains("exit status: 3"));

    let event = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            let event = events.recv().await.unwrap();
            if matches!(event.kind, McpEventKind::Gone { .. }) {
                return event;
            }
        }
    })
    .await
    .expect("a Gone event");
    assert_eq!(event.server, "crashy");

    // Later requests fail at once, and say why.
    let start = Instant::now();
    let again = crashing.call_json("echo", Map::new()).await.unwrap_err();
    assert!(matches!(again, Error::ServerGone { .. }), "{again}");
    assert!(start.elapsed() < Duration::from_millis(100));

    echoes(&other, "fine").await;
    assert!(other.is_alive());
    other.close().await;
    crashing.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connection_failures_are_clear_and_quick() {
    let quick = ClientOptions {
        connect_timeout: Duration::from_secs(1),
        ..options()
    };

    let missing = ServerSpec::stdio("/nonexistent/mcp-server", ["--stdio"]);
    let error = McpConnection::connect("missing", &missing, &quick)
        .await
        .unwrap_err();
    assert!(matches!(error, Error::Spawn { .. }), "{error}");
    assert!(
        error
            .to_string()
            .contains("/nonexistent/mcp-server --stdio"),
        "{error}"
    );

    // A server that never answers `initialize`.
    let start = Instant::now();
    let silent = ServerSpec::stdio("sleep", ["30"]);
    let error = McpConnection::connect("silent", &silent, &quick)
        .await
        .unwrap_err();
    assert!(
        matches!(&error, Error::Timeout { what, .. } if what == "initialize"),
        "{error}"
    );
    assert!(start.elapsed() < Duration::from_secs(5));

    // A server that exits at once: its status and last words are in the message.
    let dying = ServerSpec::stdio("sh", ["-c", "echo 'no config found' >&2; exit 7"]);
    let error = McpConnection::connect("dying", &dying, &quick)
        .await
        .unwrap_err();
    let message = error.to_string();
    assert!(matches!(error, Error::Connect { .. }), "{message}");
    assert!(message.contains("exit status: 7"), "{message}");
    assert!(message.contains("no config found"), "{message}");

    // Nothing listens on the port.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let start = Instant::now();
    let nobody = ServerSpec::http(format!("http://127.0.0.1:{port}/mcp"));
    let error = McpConnection::connect("nobody", &nobody, &quick)
        .await
        .unwrap_err();
    assert!(
        matches!(error, Error::Connect { .. } | Error::Timeout { .. }),
        "{error}"
    );
    assert!(start.elapsed() < Duration::from_secs(5));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rust_server_over_streamable_http() {
    let mut child = tokio::process::Command::new(test_server_path())
        .args(["--http", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let mut lines = tokio::io::BufReader::new(child.stdout.take().unwrap()).lines();
    let line = tokio::time::timeout(Duration::from_secs(10), lines.next_line())
        .await
        .expect("the server says where it listens")
        .unwrap()
        .unwrap();
    let url = line.strip_prefix("listening ").unwrap().to_owned();

    let server = McpConnection::connect("http", &ServerSpec::http(url), &options())
        .await
        .unwrap();
    check_test_server(&server).await;
    server.close().await;
    child.kill().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn basic_vanillajs_from_npm() {
    let server = McpConnection::connect("basic", &npm_server("server-basic-vanillajs"), &options())
        .await
        .unwrap();
    let info = server.server_info();
    assert_eq!(info.name, "Basic MCP App Server (Vanilla JS)");
    assert_eq!(info.protocol_version, "2025-11-25");

    let tool = server.tool("get-time").expect("get-time listed");
    let meta = tool.meta.as_ref().unwrap();
    assert_eq!(meta["ui"]["resourceUri"], "ui://get-time/mcp-app.html");
    assert_eq!(meta["ui/resourceUri"], "ui://get-time/mcp-app.html");
    let app_tools = server.app_tools();
    assert_eq!(app_tools.len(), 1);
    assert_eq!(
        app_tools[0].1.resource_uri.as_deref(),
        Some("ui://get-time/mcp-app.html")
    );
    assert_eq!(names(&server.model_tools()), ["get-time"]);

    let read = server
        .read_json("ui://get-time/mcp-app.html")
        .await
        .unwrap();
    let contents = read["contents"].as_array().unwrap();
    assert_eq!(contents.len(), 1);
    assert_eq!(contents[0]["mimeType"], HTML_MIME_TYPE);
    let html = contents[0]["text"].as_str().unwrap();
    assert!(html.len() > 100_000, "{} bytes", html.len());
    assert!(html.starts_with("<!DOCTYPE html>"));

    let result = server.call_json("get-time", Map::new()).await.unwrap();
    let time = result["structuredContent"]["time"].as_str().unwrap();
    assert!(time.contains('T'), "{time}");
    assert_eq!(result["content"][0]["text"], time);
    server.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn system_monitor_from_npm() {
    let server =
        McpConnection::connect("monitor", &npm_server("server-system-monitor"), &options())
            .await
            .unwrap();
    assert_eq!(server.server_info().name, "System Monitor Server");

    let app_tools = server.app_tools();
    let info = app_tools
        .iter()
        .find(|(tool, _)| tool.name == "get-system-info")
        .expect("get-system-info is an app tool");
    assert_eq!(
        info.1.resource_uri.as_deref(),
        Some("ui://system-monitor/mcp-app.html")
    );
    let (_, poll) = app_tools
        .iter()
        .find(|(tool, _)| tool.name == "poll-system-stats")
        .expect("poll-system-stats is detected");
    assert_eq!(poll.visibility, Some(vec![Visibility::App]));
    assert_eq!(poll.resource_uri, None);

    assert!(names(&server.tools()).contains(&"poll-system-stats"));
    assert_eq!(names(&server.model_tools()), ["get-system-info"]);

    let html = wait_cached(&server, "ui://system-monitor/mcp-app.html").await;
    assert_eq!(html["contents"][0]["mimeType"], HTML_MIME_TYPE);

    // The server does not enforce visibility: the host's catalogue is what routes app calls.
    let stats = server
        .call_json("poll-system-stats", Map::new())
        .await
        .unwrap();
    let data = &stats["structuredContent"];
    assert!(
        data["memory"]["usedBytes"].as_f64().unwrap() > 0.0,
        "{data}"
    );
    assert!(
        !data["cpu"]["cores"].as_array().unwrap().is_empty(),
        "{data}"
    );
    let info = server
        .call_json("get-system-info", Map::new())
        .await
        .unwrap();
    assert!(info["structuredContent"]["hostname"].is_string());
    server.close().await;
}
