//! What the root tests share: starting `mcpapp serve-example` as a child process (stdio or
//! streamable HTTP) and connecting the host's rmcp client to it; running the command line
//! ([`cli`]); driving our windows with `egui_kittest` ([`kittest`]); finding the npm packages ([`npm`]) and bundling the official SDK's host side
//! ([`sdk`]); headless Chromium and a host with an HTML app open ([`session`]); skipping loudly
//! where something `.ci/run` installs is missing ([`present`]).

#![allow(dead_code, reason = "each test file uses a part of the support module")]

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use mcpapp_host::mcp::{ClientOptions, McpConnection, ServerSpec};
use serde_json::{Map, Value};

/// The binary under test.
pub const MCPAPP: &str = env!("CARGO_BIN_EXE_mcpapp");

/// Client options advertising `mime_types` (none: a client without UI).
pub fn options(mime_types: &[&str]) -> ClientOptions {
    ClientOptions {
        request_timeout: Duration::from_secs(15),
        connect_timeout: Duration::from_secs(15),
        mime_types: mime_types.iter().map(|m| (*m).to_owned()).collect(),
        prefetch_ui_resources: false,
        ..ClientOptions::default()
    }
}

/// `mcpapp serve-example EXAMPLE ARGS…` over stdio, connected.
pub async fn connect_with(
    example: &str,
    extra: &[&str],
    env: &[(&str, &str)],
    mime_types: &[&str],
) -> McpConnection {
    let mut args = vec!["serve-example", example];
    args.extend_from_slice(extra);
    let mut spec = ServerSpec::stdio(MCPAPP, args);
    if let ServerSpec::Stdio { env: vars, .. } = &mut spec {
        vars.extend(env.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())));
    }
    McpConnection::connect(example, &spec, &options(mime_types))
        .await
        .unwrap()
}

/// `mcpapp serve-example EXAMPLE` over stdio, connected.
pub async fn connect_to(example: &str, mime_types: &[&str]) -> McpConnection {
    connect_with(example, &[], &[], mime_types).await
}

/// `mcpapp serve-example EXAMPLE --http 127.0.0.1:0`, and the URL it listens at.
pub struct HttpServer(Child, pub String);

impl HttpServer {
    /// Starts the example and waits for its `listening URL` line.
    pub fn start(example: &str) -> Self {
        let mut child = Command::new(MCPAPP)
            .args(["serve-example", example, "--http", "127.0.0.1:0"])
            .stderr(Stdio::piped())
            .stdout(Stdio::null())
            .spawn()
            .unwrap();
        let mut stderr = BufReader::new(child.stderr.take().unwrap());
        let mut line = String::new();
        stderr.read_line(&mut line).unwrap();
        // Keep reading, so the server never writes into a closed pipe.
        std::thread::spawn(move || std::io::copy(&mut stderr, &mut std::io::sink()));
        let url = line.trim().strip_prefix("listening ").unwrap().to_owned();
        Self(child, url)
    }

    /// A client connected over streamable HTTP.
    pub async fn connect(&self, mime_types: &[&str]) -> McpConnection {
        McpConnection::connect("http", &ServerSpec::http(&self.1), &options(mime_types))
            .await
            .unwrap()
    }
}

impl Drop for HttpServer {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Whether `what` is there (`.ci/run` installs it); in CI (`CI` set) its absence fails the
/// test, elsewhere the test is skipped with a loud message.
pub fn present(what: &str, there: bool) -> bool {
    if !there {
        assert!(
            std::env::var_os("CI").is_none(),
            "{what} is missing: .ci/run installs it"
        );
        eprintln!("\n!!!!! SKIPPED: {what} is missing (.ci/run installs it) !!!!!\n");
    }
    there
}

/// Whether Chromium is installed, as [`present`] tells.
pub fn chromium_present() -> bool {
    present(
        "Chromium",
        mcpapp_html::presenter::find_chromium().is_some(),
    )
}

/// A JSON object as arguments.
pub fn args(value: Value) -> Map<String, Value> {
    let Value::Object(map) = value else {
        panic!("not an object")
    };
    map
}

/// The server's tool names, sorted.
pub fn names(server: &McpConnection) -> Vec<String> {
    let mut names: Vec<String> = server.tools().into_iter().map(|t| t.name).collect();
    names.sort();
    names
}

pub mod cli;
#[path = "../../crates/host/tests/support/json.rs"]
mod json;
pub mod kittest;
pub mod npm;
#[path = "../../crates/html/tests/support/sdk.rs"]
pub mod sdk;
#[path = "../../crates/html/tests/support/session.rs"]
pub mod session;
#[allow(unused_imports, reason = "each test file uses what it needs")]
pub use json::JsonAnswers;
