//! One connection to one MCP server.

use std::collections::{BTreeSet, HashMap};
use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError, RwLock};
use std::time::Duration;

use mcpapp_protocol::{
    CallToolResult, EXTENSION_ID, ReadResourceResult, Tool, ToolUiMeta, UiClientCapability,
    is_ui_resource_uri,
};
use rmcp::ServiceExt;
use rmcp::model::{
    CallToolRequestParams, ClientCapabilities, ClientConfig, ExtensionCapabilities, Implementation,
    ProtocolVersion, ReadResourceRequestParams,
};
use rmcp::service::{
    ClientInitializeError, Peer, RoleClient, RunningService, RunningServiceCancellationToken,
    ServiceError,
};
use rmcp::transport::async_rw::AsyncRwTransport;
use rmcp::transport::{IntoTransport, StreamableHttpClientTransport};
use serde_json::{Map, Value};
use tokio::sync::{OnceCell, broadcast, watch};
use tokio::task::JoinHandle;

use super::handler::Handler;
use super::process::ChildProcess;
use super::{ClientOptions, McpError, McpEvent, McpEventKind, ServerInfo, ServerSpec};

/// The MCP protocol version the host asks for in `initialize`.
///
/// rmcp's newest version (`2026-07-28`) has no `initialize` handshake and is refused by servers
/// built on the TypeScript SDK (`-32000 Unsupported protocol version`), so the host pins the
/// newest version that has one; servers may answer with an older version they support.
pub const PROTOCOL_VERSION: &str = "2025-11-25";

/// How long a failed request waits for the connection's end to be explained (the process's
/// exit status) before reporting it.
const END_REASON_WAIT: Duration = Duration::from_millis(500);
/// How long closing waits for the server to exit on its own, then again after killing it.
const CLOSE_GRACE: Duration = Duration::from_secs(2);
/// Capacity of the event channel; a slower subscriber misses events (and is told so).
const EVENT_CAPACITY: usize = 256;

/// A connection to one MCP server, over stdio or streamable HTTP.
///
/// It keeps the server's full tool catalogue (for routing a view's calls, visibility included)
/// and a cache of its `ui://` resources. Cheap to clone: clones share the connection. Each
/// request is bounded by [`ClientOptions::request_timeout`]; a server that exits or hangs fails
/// its own requests with a clear [`McpError`] and affects no other connection.
///
/// Dropping the last clone ends the connection and kills a child process that does not exit by
/// itself; [`McpConnection::close`] does the same and waits for it.
#[derive(Clone)]
pub struct McpConnection {
    inner: Arc<Inner>,
}

impl std::fmt::Debug for McpConnection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("McpConnection")
            .field("id", &self.inner.status.server)
            .field("server_info", &self.inner.server_info)
            .field("alive", &self.is_alive())
            .finish_non_exhaustive()
    }
}

/// The state shared by the connection's handles.
pub(super) struct Inner {
    pub(super) status: Arc<Status>,
    peer: Peer<RoleClient>,
    server_info: ServerInfo,
    options: ClientOptions,
    process: Option<Arc<ChildProcess>>,
    tools: RwLock<Arc<Vec<Tool>>>,
    resources: Mutex<HashMap<String, Arc<OnceCell<ReadResourceResult>>>>,
    /// Ends the rmcp service; taken by `close` or on drop.
    cancel: Mutex<Option<RunningServiceCancellationToken>>,
    /// The task that owns the rmcp service and notices its end.
    monitor: Mutex<Option<JoinHandle<()>>>,
}

/// Whether the connection still works, shared with the rmcp service's handler and monitor.
pub(super) struct Status {
    pub(super) server: String,
    pub(super) events: broadcast::Sender<McpEvent>,
    /// `Some(reason)` once the connection has ended.
    gone: watch::Sender<Option<String>>,
    /// Set by `close`, so that the end is reported as the host's doing.
    closing: AtomicBool,
}

impl Drop for Inner {
    fn drop(&mut self) {
        if let Some(cancel) = lock(&self.cancel).take() {
            cancel.cancel();
        }
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl McpConnection {
    pub(super) fn from_inner(inner: Arc<Inner>) -> Self {
        Self { inner }
    }

    /// Connects to a server: starts it (stdio) or reaches it (HTTP), runs the `initialize`
    /// handshake advertising the MCP Apps extension with [`ClientOptions::mime_types`], then
    /// lists its tools when it has any (which also starts prefetching the `ui://` resources).
    ///
    /// `id` is the server's name in the host; every error and event carries it.
    pub async fn connect(
        id: impl Into<String>,
        spec: &ServerSpec,
        options: &ClientOptions,
    ) -> Result<Self, McpError> {
        let id = id.into();
        let (events, _) = broadcast::channel(EVENT_CAPACITY);
        let status = Arc::new(Status {
            server: id.clone(),
            events,
            gone: watch::Sender::new(None),
            closing: AtomicBool::new(false),
        });
        let slot = Arc::new(OnceLock::new());
        let handler = Handler {
            config: client_config(options),
            status: Arc::clone(&status),
            connection: Arc::clone(&slot),
        };
        let command_line = spec.to_string();
        tracing::debug!(server = id, spec = command_line, "connecting to MCP server");

        let (running, process) = match spec {
            ServerSpec::Stdio {
                command,
                args,
                env,
                cwd,
            } => {
                let (process, stdout, stdin) =
                    ChildProcess::spawn(&id, command, args, env, cwd.as_deref(), &command_line)?;
                let transport = AsyncRwTransport::new_client(stdout, stdin);
                match handshake(&id, handler, transport, options.connect_timeout).await {
                    Ok(running) => (running, Some(Arc::new(process))),
                    Err(failure) => {
                        let error = failure.into_error(&id, Some(&process)).await;
                        process.kill();
                        return Err(error);
                    }
                }
            }
            ServerSpec::Http { url } => {
                ensure_crypto_provider();
                let transport = StreamableHttpClientTransport::from_uri(url.as_str());
                match handshake(&id, handler, transport, options.connect_timeout).await {
                    Ok(running) => (running, None),
                    Err(failure) => return Err(failure.into_error(&id, None).await),
                }
            }
        };

        let peer = running.peer().clone();
        let server_info = ServerInfo::from_peer(&peer);
        tracing::info!(
            server = id,
            name = server_info.name,
            version = server_info.version,
            protocol = server_info.protocol_version,
            "connected to MCP server"
        );
        let has_tools = server_info
            .capabilities
            .get("tools")
            .is_some_and(|tools| !tools.is_null());
        let cancel = running.cancellation_token();
        let monitor = tokio::spawn(monitor(
            running,
            Arc::clone(&status),
            process.as_ref().map(Arc::clone),
        ));
        let inner = Arc::new(Inner {
            status,
            peer,
            server_info,
            options: options.clone(),
            process,
            tools: RwLock::new(Arc::new(Vec::new())),
            resources: Mutex::new(HashMap::new()),
            cancel: Mutex::new(Some(cancel)),
            monitor: Mutex::new(Some(monitor)),
        });
        // Only this function sets it, once.
        if slot.set(Arc::downgrade(&inner)).is_err() {
            tracing::debug!(server = id, "connection slot already set");
        }
        let connection = Self { inner };
        if has_tools && let Err(error) = connection.refresh_tools().await {
            connection.clone().close().await;
            return Err(error);
        }
        Ok(connection)
    }

    /// The server's id in the host, as given to [`McpConnection::connect`].
    #[must_use]
    pub fn id(&self) -> &str {
        &self.inner.status.server
    }

    /// What the server said about itself in the handshake.
    #[must_use]
    pub fn server_info(&self) -> ServerInfo {
        self.inner.server_info.clone()
    }

    /// Lists the server's tools again (every page) and keeps them as the catalogue; starts
    /// prefetching new `ui://` resources when [`ClientOptions::prefetch_ui_resources`] is set.
    /// Also done on connecting and when the server says its tool list changed.
    ///
    /// A tool that cannot be read as [`Tool`] is left out with a warning.
    pub async fn refresh_tools(&self) -> Result<(), McpError> {
        let peer = &self.inner.peer;
        let listed = self.request("tools/list", peer.list_all_tools()).await?;
        let server = self.id();
        let tools: Vec<Tool> = listed
            .into_iter()
            .filter_map(|tool| {
                let converted = serde_json::to_value(&tool).and_then(serde_json::from_value);
                if let Err(error) = &converted {
                    tracing::warn!(server, tool = %tool.name, %error, "tool left out");
                }
                converted.ok()
            })
            .collect();
        tracing::debug!(server, count = tools.len(), "tools listed");
        *self
            .inner
            .tools
            .write()
            .unwrap_or_else(PoisonError::into_inner) = Arc::new(tools);
        self.inner.status.emit(McpEventKind::ToolsChanged);
        if self.inner.options.prefetch_ui_resources {
            self.prefetch_ui_resources();
        }
        Ok(())
    }

    fn catalogue(&self) -> Arc<Vec<Tool>> {
        Arc::clone(
            &self
                .inner
                .tools
                .read()
                .unwrap_or_else(PoisonError::into_inner),
        )
    }

    /// Every tool of the server, as last listed: the catalogue a view's `tools/call` is routed
    /// and checked against (app-only tools included).
    #[must_use]
    pub fn tools(&self) -> Vec<Tool> {
        self.catalogue().as_ref().clone()
    }

    /// The tools the agent may see and call: those whose visibility includes `"model"` (or
    /// that declare none).
    #[must_use]
    pub fn model_tools(&self) -> Vec<Tool> {
        self.catalogue()
            .iter()
            .filter(|tool| tool.is_model_visible())
            .cloned()
            .collect()
    }

    /// The tool called `name`, if the server listed one.
    #[must_use]
    pub fn tool(&self, name: &str) -> Option<Tool> {
        self.catalogue()
            .iter()
            .find(|tool| tool.name == name)
            .cloned()
    }

    /// The tools that take part in MCP Apps, with their metadata (read from the nested
    /// `_meta.ui` or the legacy `_meta["ui/resourceUri"]`): tools with a view
    /// (`resource_uri` set) and app-only helpers a view calls (`resource_uri` unset, like
    /// system-monitor's `poll-system-stats`).
    #[must_use]
    pub fn app_tools(&self) -> Vec<(Tool, ToolUiMeta)> {
        self.catalogue()
            .iter()
            .filter_map(|tool| tool.ui_meta().map(|meta| (tool.clone(), meta)))
            .collect()
    }

    /// Reads a resource (`resources/read`).
    ///
    /// `ui://` resources are cached for the life of the connection (until the server says the
    /// resource or the list changed): a view's template is read once, however many times it is
    /// shown, and a read while the same one is in flight (a prefetch) waits for it instead of
    /// asking again. Other resources are read every time.
    pub async fn read_resource(&self, uri: &str) -> Result<ReadResourceResult, McpError> {
        if !is_ui_resource_uri(uri) {
            return self.fetch_resource(uri).await;
        }
        let cell = Arc::clone(
            lock(&self.inner.resources)
                .entry(uri.to_owned())
                .or_default(),
        );
        cell.get_or_try_init(|| self.fetch_resource(uri))
            .await
            .cloned()
    }

    /// The cached `ReadResourceResult` of a `ui://` resource, without asking the server.
    #[must_use]
    pub fn cached_resource(&self, uri: &str) -> Option<ReadResourceResult> {
        lock(&self.inner.resources)
            .get(uri)
            .and_then(|cell| cell.get().cloned())
    }

    /// Forgets the cached copy of one resource.
    pub fn invalidate_resource(&self, uri: &str) {
        lock(&self.inner.resources).remove(uri);
    }

    /// Forgets every cached resource.
    pub fn clear_resource_cache(&self) {
        lock(&self.inner.resources).clear();
    }

    async fn fetch_resource(&self, uri: &str) -> Result<ReadResourceResult, McpError> {
        let what = format!("resources/read {uri}");
        let params = ReadResourceRequestParams::new(uri);
        let result = self
            .request(&what, self.inner.peer.read_resource(params))
            .await?;
        self.convert(&what, &result)
    }

    /// Starts reading, in the background, every app tool's `ui://` resource that is not
    /// cached yet (one after the other). Failures are logged, not reported: the read is tried
    /// again when the view is opened.
    pub fn prefetch_ui_resources(&self) {
        let cached: BTreeSet<String> = lock(&self.inner.resources).keys().cloned().collect();
        let uris: BTreeSet<String> = self
            .catalogue()
            .iter()
            .filter_map(Tool::ui_resource_uri)
            .filter(|uri| is_ui_resource_uri(uri) && !cached.contains(uri))
            .collect();
        if uris.is_empty() {
            return;
        }
        // Weak: a prefetch must not keep a dropped connection (and its process) alive.
        let weak = Arc::downgrade(&self.inner);
        tokio::spawn(async move {
            for uri in uris {
                let Some(inner) = weak.upgrade() else {
                    return;
                };
                let connection = Self { inner };
                match connection.read_resource(&uri).await {
                    Ok(_) => tracing::debug!(server = connection.id(), uri, "prefetched"),
                    Err(error) => {
                        tracing::warn!(%error, "could not prefetch a UI resource");
                        if error.is_server_gone() {
                            return;
                        }
                    }
                }
            }
        });
    }

    /// Calls a tool (`tools/call`); a tool's own failure is a result with `isError: true`,
    /// not an error.
    ///
    /// Visibility is not checked here: the caller decides who may call what (see
    /// [`Tool::is_app_visible`]). After [`ClientOptions::request_timeout`] the call fails with
    /// [`McpError::Timeout`] and the server is sent `notifications/cancelled`.
    pub async fn call_tool(
        &self,
        name: &str,
        arguments: Map<String, Value>,
    ) -> Result<CallToolResult, McpError> {
        let what = format!("tools/call \"{name}\"");
        let params = CallToolRequestParams::new(name.to_owned()).with_arguments(arguments);
        let result = self
            .request(&what, self.inner.peer.call_tool(params))
            .await?;
        self.convert(&what, &result)
    }

    /// Events from the server (tool list changes, resource updates, log messages) and the
    /// connection's end, from now on.
    #[must_use]
    pub fn events(&self) -> broadcast::Receiver<McpEvent> {
        self.inner.status.events.subscribe()
    }

    /// Whether the connection still works (the server has not exited or closed it, and it was
    /// not closed).
    #[must_use]
    pub fn is_alive(&self) -> bool {
        self.inner.status.gone.borrow().is_none() && !self.inner.peer.is_transport_closed()
    }

    /// Why the connection ended, once it has.
    #[must_use]
    pub fn end_reason(&self) -> Option<String> {
        self.inner.status.gone.borrow().clone()
    }

    /// Ends the connection for every clone: the session is closed, a child process gets its
    /// input closed and is killed if it has not exited within two seconds.
    pub async fn close(self) {
        let inner = &self.inner;
        inner.status.closing.store(true, Ordering::SeqCst);
        if let Some(cancel) = lock(&inner.cancel).take() {
            cancel.cancel();
        }
        let monitor = lock(&inner.monitor).take();
        if let Some(monitor) = monitor
            && tokio::time::timeout(CLOSE_GRACE, monitor).await.is_err()
        {
            tracing::warn!(server = self.id(), "the MCP service did not stop in time");
        }
        if let Some(process) = &inner.process {
            process.shut_down(CLOSE_GRACE).await;
        }
        inner
            .status
            .gone
            .send_if_modified(|gone| set_once(gone, "the host closed the connection"));
    }

    /// Runs one request with the request timeout and turns its failure into an [`McpError`].
    async fn request<T>(
        &self,
        what: &str,
        future: impl Future<Output = Result<T, ServiceError>>,
    ) -> Result<T, McpError> {
        if let Some(reason) = self.end_reason() {
            return Err(self.gone(what, reason));
        }
        let after = self.inner.options.request_timeout;
        match tokio::time::timeout(after, future).await {
            Ok(Ok(value)) => Ok(value),
            Ok(Err(error)) => Err(self.service_error(what, error).await),
            // Dropping the request's future sent `notifications/cancelled` (rmcp does that for
            // an abandoned request).
            Err(_) => {
                tracing::warn!(server = self.id(), what, ?after, "MCP request timed out");
                Err(McpError::Timeout {
                    server: self.id().to_owned(),
                    what: what.to_owned(),
                    after,
                })
            }
        }
    }

    async fn service_error(&self, what: &str, error: ServiceError) -> McpError {
        let server = self.id().to_owned();
        let what = what.to_owned();
        match error {
            ServiceError::McpError(error) => McpError::Rpc {
                server,
                what,
                code: i64::from(error.code.0),
                message: error.message.into_owned(),
                data: error.data,
            },
            ServiceError::TransportClosed => {
                let reason = self.wait_for_end().await;
                self.gone(&what, reason)
            }
            // A pipe that cannot be written to, or a request dropped by a service that is
            // stopping: the connection is ending.
            ServiceError::TransportSend(_) | ServiceError::Cancelled { .. }
                if self.inner.process.is_some() || !self.is_alive() =>
            {
                let reason = self.wait_for_end().await;
                self.gone(&what, reason)
            }
            ServiceError::TransportSend(error) => McpError::Transport {
                server,
                what,
                message: readable_chain(&error),
            },
            ServiceError::Timeout { timeout } => McpError::Timeout {
                server,
                what,
                after: timeout,
            },
            other => McpError::Protocol {
                server,
                what,
                message: readable_chain(&other),
            },
        }
    }

    /// Waits briefly for the monitor to explain the connection's end.
    async fn wait_for_end(&self) -> String {
        let mut gone = self.inner.status.gone.subscribe();
        match tokio::time::timeout(END_REASON_WAIT, gone.wait_for(Option::is_some)).await {
            Ok(Ok(reason)) => reason.clone().unwrap_or_default(),
            _ => "the connection closed".to_owned(),
        }
    }

    fn gone(&self, what: &str, reason: String) -> McpError {
        McpError::ServerGone {
            server: self.id().to_owned(),
            what: what.to_owned(),
            reason,
        }
    }

    /// An rmcp value as the protocol crate's type of the same message.
    fn convert<T: serde::Serialize, U: serde::de::DeserializeOwned>(
        &self,
        what: &str,
        value: &T,
    ) -> Result<U, McpError> {
        serde_json::to_value(value)
            .and_then(serde_json::from_value)
            .map_err(|error| McpError::Protocol {
                server: self.id().to_owned(),
                what: what.to_owned(),
                message: error.to_string(),
            })
    }
}

/// Sets `slot` to `reason` unless it is set; whether it changed.
fn set_once(slot: &mut Option<String>, reason: &str) -> bool {
    if slot.is_some() {
        return false;
    }
    *slot = Some(reason.to_owned());
    true
}

/// Owns the rmcp service until it ends, then records why and tells the subscribers.
async fn monitor(
    running: RunningService<RoleClient, Handler>,
    status: Arc<Status>,
    process: Option<Arc<ChildProcess>>,
) {
    let quit = running.waiting().await;
    let reason = if status.closing.load(Ordering::SeqCst) {
        "the host closed the connection".to_owned()
    } else if let Some(process) = &process {
        process.end_reason(END_REASON_WAIT).await
    } else {
        match quit {
            Ok(quit) => format!("the connection closed ({quit:?})"),
            Err(error) => format!("the connection failed: {error}"),
        }
    };
    if !status.closing.load(Ordering::SeqCst) {
        tracing::warn!(
            server = status.server,
            reason,
            "MCP server connection ended"
        );
    }
    let changed = status.gone.send_if_modified(|gone| set_once(gone, &reason));
    if changed {
        status.emit(McpEventKind::Gone { reason });
    }
    if let Some(process) = process
        && !status.closing.load(Ordering::SeqCst)
    {
        // The service has closed the process's input; make sure it does not linger.
        process.shut_down(CLOSE_GRACE).await;
    }
}

/// An error and its causes in words, without the type names rmcp puts in its transport errors
/// (`Transport [rmcp::transport::worker::WorkerTransport<…>] error:`), which tell a user nothing.
fn readable_chain(error: &(dyn std::error::Error + 'static)) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut next = Some(error);
    while let Some(current) = next {
        let text = without_type_names(&current.to_string());
        if !parts.iter().any(|p| p.contains(&text)) {
            parts.push(text);
        }
        next = current.source();
    }
    parts.join(": ")
}

/// `text` without any `[rmcp::…]` group (brackets nested inside it included).
fn without_type_names(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("[rmcp::") {
        out.push_str(rest.get(..start).unwrap_or_default().trim_end());
        let mut depth = 0_usize;
        let mut end = rest.len();
        for (i, c) in rest.char_indices().skip(start) {
            match c {
                '[' => depth += 1,
                ']' => {
                    depth -= 1;
                    if depth == 0 {
                        end = i + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        rest = rest.get(end..).unwrap_or_default();
    }
    out.push_str(rest);
    out
}

/// Why a handshake failed, before it is put into words.
enum HandshakeFailure {
    Timeout(Duration),
    Failed(Box<ClientInitializeError>),
}

impl HandshakeFailure {
    async fn into_error(self, server: &str, process: Option<&ChildProcess>) -> McpError {
        match self {
            Self::Timeout(after) => McpError::Timeout {
                server: server.to_owned(),
                what: "initialize".to_owned(),
                after,
            },
            Self::Failed(error) => {
                let mut message = readable_chain(error.as_ref());
                if let Some(process) = process
                    && let Some(exit) = process.describe_exit(END_REASON_WAIT).await
                {
                    message = format!("{message}; {exit}");
                }
                McpError::Connect {
                    server: server.to_owned(),
                    message,
                }
            }
        }
    }
}

/// Runs the `initialize` handshake within `timeout`.
async fn handshake<T, E, A>(
    server: &str,
    handler: Handler,
    transport: T,
    timeout: Duration,
) -> Result<RunningService<RoleClient, Handler>, HandshakeFailure>
where
    T: IntoTransport<RoleClient, E, A>,
    E: std::error::Error + Send + Sync + 'static,
{
    match tokio::time::timeout(timeout, handler.serve(transport)).await {
        Ok(Ok(running)) => Ok(running),
        Ok(Err(error)) => {
            tracing::warn!(server, %error, "MCP handshake failed");
            Err(HandshakeFailure::Failed(Box::new(error)))
        }
        Err(_) => {
            tracing::warn!(server, ?timeout, "MCP handshake timed out");
            Err(HandshakeFailure::Timeout(timeout))
        }
    }
}

/// The `initialize` params: client info, the pinned protocol version and the MCP Apps
/// extension (`capabilities.extensions["io.modelcontextprotocol/ui"] = {"mimeTypes": [...]}`).
fn client_config(options: &ClientOptions) -> ClientConfig {
    let mut extensions = ExtensionCapabilities::new();
    extensions.insert(
        EXTENSION_ID.to_owned(),
        match UiClientCapability::new(options.mime_types.iter().cloned()).to_value() {
            Value::Object(settings) => settings,
            _ => Map::new(),
        },
    );
    // `ClientCapabilities` is non-exhaustive and its builder needs rmcp's server features.
    let mut capabilities = ClientCapabilities::default();
    capabilities.extensions = Some(extensions);
    ClientConfig::new(
        capabilities,
        Implementation::new(options.client_name.clone(), options.client_version.clone()),
    )
    .with_protocol_version(ProtocolVersion::LATEST_WITH_INITIALIZE)
}

/// Gives rustls a process-wide crypto provider (ring) for `https://` unless the embedder
/// installed one: reqwest is built without a provider of its own, to avoid aws-lc's C build.
fn ensure_crypto_provider() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        if rustls::crypto::CryptoProvider::get_default().is_none()
            && rustls::crypto::ring::default_provider()
                .install_default()
                .is_err()
        {
            tracing::debug!("a rustls crypto provider was installed meanwhile");
        }
    });
}

impl ServerInfo {
    fn from_peer(peer: &Peer<RoleClient>) -> Self {
        let info = peer.peer_info();
        let implementation = info.as_ref().and_then(|info| info.server_info.as_ref());
        Self {
            name: implementation
                .map(|implementation| implementation.name.clone())
                .unwrap_or_default(),
            version: implementation
                .map(|implementation| implementation.version.clone())
                .unwrap_or_default(),
            title: implementation.and_then(|implementation| implementation.title.clone()),
            protocol_version: info
                .as_ref()
                .map(|info| info.protocol_version.to_string())
                .unwrap_or_default(),
            instructions: info.as_ref().and_then(|info| info.instructions.clone()),
            capabilities: info
                .as_ref()
                .and_then(|info| serde_json::to_value(&info.capabilities).ok())
                .unwrap_or(Value::Null),
        }
    }
}

#[cfg(test)]
mod tests {

    #![allow(clippy::unwrap_used, reason = "tests")]

    use super::*;

    #[test]
    fn transport_type_names_are_left_out_of_messages() {
        let raw = "Send message error Transport [rmcp::transport::worker::WorkerTransport<rmcp::A<reqwest::Client>>] error: Client error: error sending request for url (http://127.0.0.1:9/mcp), when send initialize request";
        assert_eq!(
            super::without_type_names(raw),
            "Send message error Transport error: Client error: error sending request for url \
             (http://127.0.0.1:9/mcp), when send initialize request"
        );
        assert_eq!(super::without_type_names("plain [x]"), "plain [x]");
        assert_eq!(super::without_type_names("a [rmcp::[[b]"), "a");
    }

    #[test]
    fn initialize_advertises_both_mime_types_and_pins_the_version() {
        let config = client_config(&ClientOptions::default());
        let json = serde_json::to_value(&config).unwrap();
        assert_eq!(json["protocolVersion"], PROTOCOL_VERSION);
        assert_eq!(
            json["capabilities"]["extensions"][EXTENSION_ID]["mimeTypes"],
            serde_json::json!([
                mcpapp_protocol::HTML_MIME_TYPE,
                mcpapp_protocol::CARD_MIME_TYPE
            ])
        );
        assert_eq!(json["clientInfo"]["name"], "mcpapp");
    }
}
