//! The server as a host first sees it: what it answered to `initialize`, `tools/list`,
//! `resources/list` and `resources/read` of every `ui://` resource, taken over a session of its
//! own (rmcp's client, advertising both kinds of view) and kept as JSON for the static checks.
//!
//! The host's own client ([`mcpapp_host::mcp::McpConnection`]) reads tools leniently and has no
//! `resources/list`; the checks need the listing as the server sent it.

use std::collections::BTreeMap;
use std::future::Future;
use std::time::Duration;

use mcpapp_host::mcp::ServerSpec;
use mcpapp_protocol::{EXTENSION_ID, UiClientCapability};
use rmcp::ServiceExt as _;
use rmcp::model::{
    ClientCapabilities, ClientConfig, ExtensionCapabilities, Implementation, ProtocolVersion,
    ReadResourceRequestParams,
};
use rmcp::service::{RoleClient, RunningService, ServiceError};
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::transport::async_rw::AsyncRwTransport;
use serde_json::{Map, Value};

use crate::CheckOptions;
use crate::error::CheckError;
use crate::report::clip;

/// The most `ui://` resources read: a server listing thousands cannot keep a run going.
pub const MAX_RESOURCES: usize = 64;

/// What the server answered, as JSON.
#[derive(Debug, Clone)]
pub struct Snapshot {
    /// The `initialize` result (`protocolVersion`, `capabilities`, `serverInfo`, …).
    pub initialize: Value,
    /// Every tool of `tools/list` (all pages), or why listing failed.
    pub tools: Result<Vec<Value>, String>,
    /// Every resource of `resources/list` (all pages), or why listing failed.
    pub resources: Result<Vec<Value>, String>,
    /// The `resources/read` result of each `ui://` resource a tool names or the server lists
    /// (at most [`MAX_RESOURCES`]), or why reading failed.
    pub reads: BTreeMap<String, Result<Value, String>>,
}

impl Default for Snapshot {
    fn default() -> Self {
        Self {
            initialize: Value::Null,
            tools: Ok(Vec::new()),
            resources: Ok(Vec::new()),
            reads: BTreeMap::new(),
        }
    }
}

type Session = RunningService<RoleClient, ClientConfig>;

/// Takes the snapshot over a session of its own, closed before returning.
pub async fn take(options: &CheckOptions) -> Result<Snapshot, CheckError> {
    let (session, child) = open(options).await?;
    let snapshot = read_all(&session, options.request_timeout).await;
    let _ = tokio::time::timeout(Duration::from_secs(2), session.cancel()).await;
    if let Some(mut child) = child {
        let _ = child.kill().await;
    }
    Ok(snapshot)
}

/// What the client says in `initialize`: both kinds of view, as an mcpapp host.
fn client_info() -> ClientConfig {
    let mut extensions = ExtensionCapabilities::new();
    let capability = UiClientCapability::all().to_value();
    extensions.insert(
        EXTENSION_ID.to_owned(),
        match capability {
            Value::Object(settings) => settings,
            _ => Map::new(),
        },
    );
    let mut capabilities = ClientCapabilities::default();
    capabilities.extensions = Some(extensions);
    ClientConfig::new(
        capabilities,
        Implementation::new("mcpapp-check", env!("CARGO_PKG_VERSION")),
    )
    .with_protocol_version(ProtocolVersion::LATEST_WITH_INITIALIZE)
}

/// Starts (stdio) or reaches (HTTP) the server and runs the handshake.
async fn open(
    options: &CheckOptions,
) -> Result<(Session, Option<tokio::process::Child>), CheckError> {
    match &options.server {
        ServerSpec::Stdio { command, .. } => {
            let mut process = options.server.command().ok_or_else(|| {
                CheckError::Unreachable(format!("`{command}` is not a child process"))
            })?;
            let mut child = process
                .spawn()
                .map_err(|e| CheckError::Unreachable(format!("cannot start `{command}`: {e}")))?;
            let (Some(stdout), Some(stdin)) = (child.stdout.take(), child.stdin.take()) else {
                return Err(CheckError::Unreachable(
                    "the server's pipes are missing".to_owned(),
                ));
            };
            let last_words = child.stderr.take().map(LastWords::listen);
            let transport = AsyncRwTransport::new_client(stdout, stdin);
            match handshake(client_info().serve(transport), options).await {
                Ok(session) => Ok((session, Some(child))),
                Err(CheckError::Unreachable(why)) => {
                    // The process's own account of it, once it has had a moment to exit.
                    let exit = tokio::time::timeout(Duration::from_millis(500), child.wait())
                        .await
                        .ok()
                        .and_then(Result::ok)
                        .map(|status| format!("; it exited ({status})"))
                        .unwrap_or_default();
                    let said = last_words.map(|w| w.said()).unwrap_or_default();
                    Err(CheckError::Unreachable(format!("{why}{exit}{said}")))
                }
                Err(other) => Err(other),
            }
        }
        ServerSpec::Http { url } => {
            ensure_crypto_provider();
            let transport = StreamableHttpClientTransport::from_uri(url.as_str());
            let session = handshake(client_info().serve(transport), options).await?;
            Ok((session, None))
        }
    }
}

/// The last lines a server wrote to its standard error (at most 10, each cut to 300
/// characters), for the message that says why it could not be reached. Reading goes on in the
/// background so that the server never blocks on a full pipe.
#[derive(Clone, Default)]
struct LastWords(std::sync::Arc<std::sync::Mutex<std::collections::VecDeque<String>>>);

impl LastWords {
    const LINES: usize = 10;

    fn listen(stderr: tokio::process::ChildStderr) -> Self {
        use tokio::io::AsyncBufReadExt as _;
        let words = Self::default();
        let kept = words.clone();
        tokio::spawn(async move {
            let mut lines = tokio::io::BufReader::new(stderr).split(b'\n');
            while let Ok(Some(line)) = lines.next_segment().await {
                let line = clip(String::from_utf8_lossy(&line).trim_end(), 300);
                let mut lines = kept
                    .0
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                if lines.len() == Self::LINES {
                    lines.pop_front();
                }
                lines.push_back(line);
            }
        });
        words
    }

    /// `; it said: …` with the lines, or nothing.
    fn said(&self) -> String {
        let lines = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if lines.is_empty() {
            return String::new();
        }
        let joined: Vec<&str> = lines.iter().map(String::as_str).collect();
        format!("; it said:\n{}", joined.join("\n"))
    }
}

async fn handshake<E: std::fmt::Display>(
    serving: impl Future<Output = Result<Session, E>>,
    options: &CheckOptions,
) -> Result<Session, CheckError> {
    match tokio::time::timeout(options.connect_timeout, serving).await {
        Ok(Ok(session)) => Ok(session),
        Ok(Err(e)) => Err(CheckError::Unreachable(format!("initialize failed: {e}"))),
        Err(_) => Err(CheckError::Unreachable(format!(
            "no answer to initialize within {} s",
            options.connect_timeout.as_secs_f32()
        ))),
    }
}

/// Runs `request` within `timeout`, its failure in words.
async fn bounded<T>(
    what: &str,
    timeout: Duration,
    request: impl Future<Output = Result<T, ServiceError>>,
) -> Result<T, String> {
    match tokio::time::timeout(timeout, request).await {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(e)) => Err(format!("{what} failed: {e}")),
        Err(_) => Err(format!(
            "{what} got no answer within {} s",
            timeout.as_secs_f32()
        )),
    }
}

fn to_values<T: serde::Serialize>(items: Vec<T>) -> Vec<Value> {
    items
        .into_iter()
        .filter_map(|item| serde_json::to_value(item).ok())
        .collect()
}

async fn read_all(session: &Session, timeout: Duration) -> Snapshot {
    let peer = session.peer();
    let initialize = peer
        .peer_info()
        .and_then(|info| serde_json::to_value(info.as_ref()).ok())
        .unwrap_or(Value::Null);
    let tools = bounded("tools/list", timeout, peer.list_all_tools())
        .await
        .map(to_values);
    let resources = bounded("resources/list", timeout, peer.list_all_resources())
        .await
        .map(to_values);
    let mut reads = BTreeMap::new();
    for uri in ui_uris(&tools, &resources).into_iter().take(MAX_RESOURCES) {
        let read = bounded(
            "resources/read",
            timeout,
            peer.read_resource(ReadResourceRequestParams::new(uri.clone())),
        )
        .await
        .and_then(|result| serde_json::to_value(result).map_err(|e| e.to_string()));
        reads.insert(uri, read);
    }
    Snapshot {
        initialize,
        tools,
        resources,
        reads,
    }
}

/// The `ui://` URIs the tools name (as hosts read them) and the server lists, in that order,
/// without repeats.
pub fn ui_uris(
    tools: &Result<Vec<Value>, String>,
    resources: &Result<Vec<Value>, String>,
) -> Vec<String> {
    // The view hosts open: the nested key when it is a string, else the legacy one.
    let named = tools.iter().flatten().map(|tool| {
        tool.pointer("/_meta/ui/resourceUri")
            .filter(|uri| uri.is_string())
            .or_else(|| tool.pointer("/_meta/ui~1resourceUri"))
    });
    let listed = resources.iter().flatten().map(|r| r.get("uri"));
    let mut uris: Vec<String> = Vec::new();
    for uri in named.chain(listed).flatten().filter_map(Value::as_str) {
        if mcpapp_protocol::is_ui_resource_uri(uri) && !uris.iter().any(|u| u == uri) {
            uris.push(uri.to_owned());
        }
    }
    uris
}

/// Gives rustls its process-wide crypto provider (ring) for `https://`, unless one is installed:
/// the HTTP client is built without one of its own.
fn ensure_crypto_provider() {
    if rustls::crypto::CryptoProvider::get_default().is_none() {
        // Another thread may have installed one meanwhile; either is fine.
        let _ = rustls::crypto::ring::default_provider().install_default();
    }
}
