//! One connection to one MCP server: the type, its shared state, connecting and closing.
//!
//! The rest of its methods are split by concern: the handshake ([`super::handshake`]), the
//! tool catalogue ([`super::catalogue`]), the resource cache ([`super::resources`]), requests
//! and calls ([`super::requests`]), and whether it still works ([`super::status`]).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError, RwLock, Weak};
use std::time::Duration;

use mcpapp_protocol::Tool;
use rmcp::service::{Peer, RoleClient, RunningServiceCancellationToken};
use serde_json::Value;
use tokio::sync::{broadcast, watch};
use tokio::task::JoinHandle;

use super::handler::Handler;
use super::handshake::{Session, client_config, open};
use super::process::ChildProcess;
use super::resources::ResourceCache;
use super::status::{monitor, set_once};
use super::user_time::UserTime;
use super::{ClientOptions, Error, McpEvent, ServerInfo, ServerSpec};

/// The MCP protocol version the host asks for in `initialize`.
///
/// rmcp's newest version (`2026-07-28`) has no `initialize` handshake and is refused by servers
/// built on the TypeScript SDK (`-32000 Unsupported protocol version`), so the host pins the
/// newest version that has one; servers may answer with an older version they support.
pub const PROTOCOL_VERSION: &str = "2025-11-25";

/// How long a failed request waits for the connection's end to be explained (the process's
/// exit status) before reporting it.
pub(super) const END_REASON_WAIT: Duration = Duration::from_millis(500);
/// How long closing waits for the server to exit on its own, then again after killing it.
pub(super) const CLOSE_GRACE: Duration = Duration::from_secs(2);

/// A connection to one MCP server, over stdio or streamable HTTP.
///
/// It keeps the server's full tool catalogue (for routing a view's calls, visibility included)
/// and a bounded cache of its `ui://` resources. Cheap to clone: clones share the connection. Each
/// request is bounded by [`ClientOptions::request_timeout`] of the server's time (time the
/// server waits on the user's answer to its question does not count); a server that exits or
/// hangs fails its own requests with a clear [`Error`] and affects no other connection.
///
/// Dropping the last clone ends the connection and kills a child process that does not exit by
/// itself; [`McpConnection::close`] does the same and waits for it.
#[derive(Clone)]
pub struct McpConnection {
    pub(super) inner: Arc<Inner>,
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
    pub(super) peer: Peer<RoleClient>,
    server_info: ServerInfo,
    pub(super) options: ClientOptions,
    pub(super) process: Option<Arc<ChildProcess>>,
    pub(super) tools: RwLock<Arc<Vec<Tool>>>,
    pub(super) resources: Mutex<ResourceCache>,
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
    pub(super) gone: watch::Sender<Option<String>>,
    /// Set by `close`, so that the end is reported as the host's doing.
    pub(super) closing: AtomicBool,
    /// The time the server has spent waiting on the user, which its requests' timeouts leave
    /// out.
    pub(super) user_time: Arc<UserTime>,
}

impl Drop for Inner {
    fn drop(&mut self) {
        if let Some(cancel) = lock(&self.cancel).take() {
            cancel.cancel();
        }
    }
}

/// Locks `mutex`, going on with the data of a holder that panicked (every update here leaves
/// it consistent).
pub(super) fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
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
    ) -> Result<Self, Error> {
        let id = id.into();
        let status = Status::new(&id);
        // Filled once the connection exists, so that the handler can reach it.
        let slot = Arc::new(OnceLock::new());
        let handler = Handler {
            config: client_config(options),
            status: Arc::clone(&status),
            connection: Arc::clone(&slot),
            handlers: options.handlers.clone(),
            timeout: options.question_timeout,
        };
        let command_line = spec.to_string();
        tracing::debug!(server = id, spec = command_line, "connecting to MCP server");

        let (running, process) = open(&id, spec, &command_line, handler, options).await?;
        let connection = Self::start(running, status, process, options, &slot);
        if connection.inner.server_info.has_tools()
            && let Err(error) = connection.refresh_tools().await
        {
            connection.clone().close().await;
            return Err(error);
        }
        Ok(connection)
    }

    /// The connection around a service that has completed its handshake: hands the service to
    /// its monitor and makes the connection reachable through `slot`, the handler's.
    fn start(
        running: Session,
        status: Arc<Status>,
        process: Option<Arc<ChildProcess>>,
        options: &ClientOptions,
        slot: &OnceLock<Weak<Inner>>,
    ) -> Self {
        let peer = running.peer().clone();
        let server_info = ServerInfo::from_peer(&peer);
        tracing::info!(
            server = status.server,
            name = server_info.name,
            version = server_info.version,
            protocol = server_info.protocol_version,
            "connected to MCP server"
        );
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
            resources: Mutex::new(ResourceCache::default()),
            cancel: Mutex::new(Some(cancel)),
            monitor: Mutex::new(Some(monitor)),
        });
        // Only this function sets it, once.
        if slot.set(Arc::downgrade(&inner)).is_err() {
            tracing::debug!(server = inner.status.server, "connection slot already set");
        }
        Self { inner }
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

    /// Whether the server declared the `tools` capability (so listing them is worth asking).
    fn has_tools(&self) -> bool {
        self.capabilities
            .get("tools")
            .is_some_and(|tools| !tools.is_null())
    }
}
