//! The local bridge: one HTML app session between the Rust host and a browser page.
//!
//! Two loopback listeners on random ports give two origins, as the spec requires of a web
//! host: the host origin `http://127.0.0.1:H` serves the host page (`/host?token=T`) and the
//! WebSocket (`/ws?token=T`); the proxy origin `http://127.0.0.1:P` serves the sandbox proxy page
//! (`/proxy`), which holds no secret. Every request must name the exact loopback address in
//! `Host` (421 otherwise, against DNS rebinding); the host page and the WebSocket need the
//! session token (401); the WebSocket needs `Origin` = the host origin (403); only one
//! WebSocket session ever runs (409 while it is live, 410 after). Every response says
//! `Referrer-Policy: no-referrer`.
//!
//! The bridge answers the proxy's handshake itself: on `sandbox-proxy-ready` it sends
//! `sandbox-resource-ready` with the app's HTML, its sanitized CSP and permissions, and the
//! policy string [`crate::csp::build_policy`] made. Those two notifications never pass through
//! the [`ViewPort`] in either direction. Everything else flows unchanged; the host's messages
//! wait until the app's frame has been built.

mod http;
mod session;

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use mcpapp_host::{AppLimits, Door, Error, PORT_CAPACITY, Shed, ViewPort, proxy_limits};
use mcpapp_protocol::messages::{SandboxLimitsParams, SandboxResourceReady};
use mcpapp_protocol::{Notification, is_sandbox_method};
use serde_json::{Value, json};
use tokio::net::TcpListener;
use tokio::sync::{OwnedSemaphorePermit, Semaphore, mpsc, watch};

use crate::csp::{
    CspOptions, allow_attribute, build_policy_with, sanitize_csp_with, sanitize_permissions,
};
use crate::token::Token;
use crate::{HtmlError, HtmlResource};

/// How a [`LocalBridge`] behaves.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct BridgeOptions {
    /// The largest WebSocket message (and frame) accepted from the page, in bytes; default
    /// [`Self::DEFAULT_MAX_MESSAGE_BYTES`]. A larger one is refused from its header, before it is read: the
    /// app's session is closed (close code 1009) and the reason reaches the host's log.
    pub max_message_bytes: usize,
    /// What the app's CSP domains may name (by default no loopback or private-network
    /// origin).
    pub csp: CspOptions,
}

impl BridgeOptions {
    /// The default largest message from the page: 4 MiB.
    ///
    /// The largest legitimate messages an app sends are a `save-state` (the state store keeps
    /// at most 1 MiB, [`StoreLimits`](mcpapp_host::store::StoreLimits)) and the arguments of a
    /// `tools/call` built from the user's input. Four times the store's limit lets a state a
    /// little over it still arrive and be refused with the store's clear answer rather than a
    /// closed app; it is the card reader's limit for a whole card too. Tool results go the
    /// other way and are not limited here.
    pub const DEFAULT_MAX_MESSAGE_BYTES: usize = 4 * 1024 * 1024;
}

impl Default for BridgeOptions {
    fn default() -> Self {
        Self {
            max_message_bytes: Self::DEFAULT_MAX_MESSAGE_BYTES,
            csp: CspOptions::default(),
        }
    }
}

/// What a bridge has seen so far, for logs, tests and latency measurements.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct BridgeStats {
    /// Requests refused (bad `Host`, token or `Origin`, or a second session).
    pub refused: u32,
    /// When the page's WebSocket session started.
    pub connected_at: Option<Instant>,
    /// `sandbox-proxy-ready` notifications received (the first one is answered).
    pub proxy_ready: u32,
    /// When `sandbox-resource-ready` was sent.
    pub resource_ready_at: Option<Instant>,
    /// `ui/notifications/sandbox-*` messages dropped (from the page after the first
    /// proxy-ready, or from the host side of the port).
    pub internal_dropped: u32,
    /// Messages from the page that were not JSON.
    pub malformed: u32,
    /// Text messages read from the page's socket.
    pub from_page: u64,
    /// Host messages dropped by [`ViewPort::send`] because the page had not read the ones
    /// before (the runtime uses [`ViewPort::try_send`] and drops nothing).
    pub to_page_dropped: u64,
    /// Whether the session has ended (the page closed, the socket dropped).
    pub ended: bool,
    /// Why the session ended, when it failed on the bridge's side (a message over
    /// [`BridgeOptions::max_message_bytes`], a broken connection).
    pub end_reason: Option<String>,
    /// The app's messages shed over its rates so far, where they entered: by the bridge as it
    /// read them and by the sandbox proxy (as it reported). See [`ViewPort::meter`].
    pub shed: Shed,
}

/// Where the one session is.
enum Phase {
    /// No page has connected yet; the channels wait for it.
    Waiting {
        to_page: mpsc::Receiver<Value>,
        from_page: mpsc::Sender<FromPage>,
    },
    /// A page is connected.
    Live,
    /// The session is over; the bridge takes no other.
    Ended,
}

/// What the bridge's tasks share.
pub(crate) struct Shared {
    token: Token,
    host_authority: String,
    host_origin: String,
    proxy_authority: String,
    proxy_origin: String,
    /// The `sandbox-resource-ready` notification, once the app is known: a warm bridge's page
    /// loads and its proxy waits before the app is chosen ([`LocalBridge::warm`]).
    resource_ready: watch::Sender<Option<Arc<Value>>>,
    /// What the CSP domains may name, kept until the app comes.
    csp: CspOptions,
    max_message_bytes: usize,
    /// The bytes of the page's messages on their way to the host at most (two of the
    /// largest), so that a port full of large messages stays a bounded amount of memory.
    budget: Arc<Semaphore>,
    phase: Mutex<Phase>,
    stats: Mutex<BridgeStats>,
    /// The app's rates, once the host asked the bridge to apply them ([`ViewPort::meter`]).
    metering: Mutex<Metering>,
    /// The same rates for the sandbox proxy, which sheds before anything is relayed.
    proxy_limits: watch::Sender<Option<SandboxLimitsParams>>,
    shutdown: watch::Receiver<bool>,
}

/// The door the bridge applies to the page's messages, and what it shed since the host last
/// asked.
#[derive(Default)]
pub(crate) struct Metering {
    /// `None` until the host meters this bridge: every message passes.
    pub(crate) door: Option<Door>,
    /// Shed by the proxy (as it reported) and not yet taken by the host.
    pub(crate) proxy_shed: Shed,
}

/// What both handles on a bridge's shared state ([`LocalBridge`], [`BridgeMonitor`]) show of
/// it: the two origins, in `Debug` too (never the token).
macro_rules! shows_origins {
    ($handle:ident) => {
        impl std::fmt::Debug for $handle {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.debug_struct(stringify!($handle))
                    .field("host_origin", &self.shared.host_origin)
                    .field("proxy_origin", &self.shared.proxy_origin)
                    .finish_non_exhaustive()
            }
        }

        impl $handle {
            /// The host origin, `http://127.0.0.1:H`.
            #[must_use]
            pub fn host_origin(&self) -> &str {
                &self.shared.host_origin
            }

            /// The sandbox proxy origin, `http://127.0.0.1:P`.
            #[must_use]
            pub fn proxy_origin(&self) -> &str {
                &self.shared.proxy_origin
            }
        }
    };
}

impl Shared {
    fn stats(&self) -> std::sync::MutexGuard<'_, BridgeStats> {
        self.stats.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn phase(&self) -> std::sync::MutexGuard<'_, Phase> {
        self.phase.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub(crate) fn metering(&self) -> std::sync::MutexGuard<'_, Metering> {
        self.metering.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// One HTML app session: the local HTTP/WebSocket bridge between the host (through
/// [`ViewPort`]) and the page showing the app. See the module docs for the security checks.
///
/// Start it inside a Tokio runtime, show [`LocalBridge::url`] with a presenter, and use it as
/// the instance's view port. Dropping it stops both listeners and ends the session.
pub struct LocalBridge {
    shared: Arc<Shared>,
    to_page: mpsc::Sender<Value>,
    from_page: mpsc::Receiver<FromPage>,
    _shutdown: watch::Sender<bool>,
    url: String,
}

shows_origins!(LocalBridge);

impl LocalBridge {
    /// Binds the two loopback listeners and starts serving `resource` for one session.
    ///
    /// Must be called inside a Tokio runtime (the listeners run as its tasks).
    pub async fn start(resource: HtmlResource, options: BridgeOptions) -> Result<Self, HtmlError> {
        let bridge = Self::warm(options).await?;
        bridge.load(&resource)?;
        Ok(bridge)
    }

    /// Binds the two loopback listeners for a session whose app is not known yet: a *warm*
    /// bridge. Its page can be shown at once; the host page, the sandbox proxy and the
    /// WebSocket come up, and the proxy's `sandbox-proxy-ready` waits until [`Self::load`]
    /// names the app, whose HTML then goes straight in. Showing a warm page ahead of time
    /// takes the page's own start (about 100 ms) off the time an app takes to appear.
    ///
    /// Must be called inside a Tokio runtime (the listeners run as its tasks).
    pub async fn warm(options: BridgeOptions) -> Result<Self, HtmlError> {
        let loopback = SocketAddr::from((Ipv4Addr::LOCALHOST, 0));
        let host_listener = TcpListener::bind(loopback)
            .await
            .map_err(|e| HtmlError::io("binding the host listener", e))?;
        let proxy_listener = TcpListener::bind(loopback)
            .await
            .map_err(|e| HtmlError::io("binding the proxy listener", e))?;
        let host_port = host_listener
            .local_addr()
            .map_err(|e| HtmlError::io("reading the host listener's address", e))?
            .port();
        let proxy_port = proxy_listener
            .local_addr()
            .map_err(|e| HtmlError::io("reading the proxy listener's address", e))?
            .port();
        let token = Token::generate()?;
        let host_authority = format!("127.0.0.1:{host_port}");
        let proxy_authority = format!("127.0.0.1:{proxy_port}");
        let url = format!("http://{host_authority}/host?token={}", token.as_str());
        let (to_page_tx, to_page_rx) = mpsc::channel(PORT_CAPACITY);
        let (from_page_tx, from_page_rx) = mpsc::channel(PORT_CAPACITY);
        let max_message_bytes = options.max_message_bytes.clamp(1, MAX_BUDGET_BYTES / 2);
        let (shutdown_tx, shutdown_rx) = watch::channel(false);
        let shared = Arc::new(Shared {
            token,
            host_origin: format!("http://{host_authority}"),
            proxy_origin: format!("http://{proxy_authority}"),
            host_authority,
            proxy_authority,
            resource_ready: watch::Sender::new(None),
            csp: options.csp,
            max_message_bytes,
            budget: Arc::new(Semaphore::new(2 * max_message_bytes)),
            phase: Mutex::new(Phase::Waiting {
                to_page: to_page_rx,
                from_page: from_page_tx,
            }),
            stats: Mutex::new(BridgeStats::default()),
            metering: Mutex::new(Metering::default()),
            proxy_limits: watch::Sender::new(None),
            shutdown: shutdown_rx,
        });
        http::serve(
            host_listener,
            http::host_router(Arc::clone(&shared)),
            &shared,
        );
        http::serve(
            proxy_listener,
            http::proxy_router(Arc::clone(&shared)),
            &shared,
        );
        Ok(Self {
            shared,
            to_page: to_page_tx,
            from_page: from_page_rx,
            _shutdown: shutdown_tx,
            url,
        })
    }

    /// Names the app this bridge serves: its HTML, CSP and permissions go to the sandbox proxy
    /// as soon as the proxy is ready (at once, when a warm page is already waiting). A bridge
    /// serves one app: a second call is refused ([`HtmlError::AlreadyLoaded`]).
    pub fn load(&self, resource: &HtmlResource) -> Result<(), HtmlError> {
        if self.is_loaded() {
            return Err(HtmlError::AlreadyLoaded);
        }
        let ready = Arc::new(resource_ready(resource, self.shared.csp));
        let mut loaded = false;
        self.shared.resource_ready.send_if_modified(|current| {
            if current.is_some() {
                return false;
            }
            *current = Some(ready);
            loaded = true;
            true
        });
        if loaded {
            Ok(())
        } else {
            Err(HtmlError::AlreadyLoaded)
        }
    }

    /// Whether [`Self::load`] has named the app yet.
    #[must_use]
    pub fn is_loaded(&self) -> bool {
        self.shared.resource_ready.borrow().is_some()
    }

    /// The host page's URL, token included: what a presenter opens. Treat it as a secret.
    #[must_use]
    pub fn url(&self) -> String {
        self.url.clone()
    }

    /// What the bridge has seen so far.
    #[must_use]
    pub fn stats(&self) -> BridgeStats {
        self.shared.stats().clone()
    }

    /// A handle that reads this bridge's [`BridgeStats`] and origins after the bridge itself
    /// has been handed over (to a [`mcpapp_host::Runtime`] as the instance's port). It keeps
    /// nothing running: once the bridge is dropped, it reads the last stats.
    #[must_use]
    pub fn monitor(&self) -> BridgeMonitor {
        BridgeMonitor {
            shared: Arc::clone(&self.shared),
        }
    }
}

/// Reads a [`LocalBridge`]'s stats from elsewhere; see [`LocalBridge::monitor`].
#[derive(Clone)]
pub struct BridgeMonitor {
    shared: Arc<Shared>,
}

shows_origins!(BridgeMonitor);

impl BridgeMonitor {
    /// What the bridge has seen so far.
    #[must_use]
    pub fn stats(&self) -> BridgeStats {
        self.shared.stats().clone()
    }
}

impl ViewPort for LocalBridge {
    fn send(&self, message: Value) -> Result<(), Error> {
        match self.try_send(message) {
            Ok(()) => Ok(()),
            Err(Error::PortFull(_)) => {
                self.shared.stats().to_page_dropped += 1;
                tracing::warn!("dropped a message for a page whose port is full");
                Ok(())
            }
            Err(error) => Err(error),
        }
    }

    fn try_send(&self, message: Value) -> Result<(), Error> {
        if message
            .get("method")
            .and_then(Value::as_str)
            .is_some_and(is_sandbox_method)
        {
            // The handshake belongs to the bridge; the host side may not speak it.
            self.shared.stats().internal_dropped += 1;
            tracing::warn!("dropped a sandbox notification sent through the view port");
            return Ok(());
        }
        self.to_page.try_send(message).map_err(Error::from)
    }

    fn room(&self) -> usize {
        self.to_page.capacity()
    }

    fn try_recv(&mut self) -> Result<Option<Value>, Error> {
        match self.from_page.try_recv() {
            Ok(incoming) => Ok(Some(incoming.message)),
            Err(mpsc::error::TryRecvError::Empty) => Ok(None),
            Err(mpsc::error::TryRecvError::Disconnected) => Err(Error::ViewGone),
        }
    }

    fn recv(&mut self) -> std::pin::Pin<Box<dyn Future<Output = Option<Value>> + Send + '_>> {
        // Cancel-safe: the channel's `recv` is, and the message is taken out only when ready.
        Box::pin(async { self.from_page.recv().await.map(|incoming| incoming.message) })
    }

    fn gone_reason(&self) -> Option<String> {
        self.shared.stats().end_reason.clone()
    }

    /// The bridge sheds what is over the app's rates as it reads the socket, and the sandbox
    /// proxy before it relays anything: the excess of a flood never waits in a queue in front
    /// of the app's later messages.
    fn meter(&mut self, limits: &AppLimits) -> bool {
        // The proxy applies the same rates first; the bridge is the backstop, with a quarter
        // burst of slack for what the way from the proxy bunched up.
        let slack = limits.requests.burst.max(limits.notifications.burst) / 4 + 1;
        self.shared.metering().door = Some(Door::new(limits, Instant::now()).with_slack(slack));
        self.shared
            .proxy_limits
            .send_replace(Some(proxy_limits(limits)));
        true
    }

    fn take_shed(&mut self) -> Shed {
        let mut metering = self.shared.metering();
        let mut shed = std::mem::take(&mut metering.proxy_shed);
        if let Some(door) = &mut metering.door {
            shed.add(door.take_shed());
        }
        shed
    }
}

/// A message of the page in the port, holding its bytes of the bridge's budget until the
/// host takes it.
pub(crate) struct FromPage {
    message: Value,
    _held: OwnedSemaphorePermit,
}

impl FromPage {
    pub(crate) fn new(message: Value, held: OwnedSemaphorePermit) -> Self {
        Self {
            message,
            _held: held,
        }
    }
}

/// The largest budget of bytes in flight a semaphore can count (its permits are taken `u32`
/// at a time, one message at a time).
const MAX_BUDGET_BYTES: usize = u32::MAX as usize;

/// The `sandbox-resource-ready` notification for `resource`: the spec's params (HTML,
/// sanitized CSP domains, known permissions) plus our proxy's `cspPolicy` and `allow`.
fn resource_ready(resource: &HtmlResource, options: CspOptions) -> Value {
    let mut params = serde_json::Map::new();
    params.insert("html".to_owned(), Value::String(resource.html.clone()));
    if let Some(csp) = resource
        .csp
        .as_ref()
        .and_then(|csp| serde_json::to_value(sanitize_csp_with(csp, &options)).ok())
    {
        params.insert("csp".to_owned(), csp);
    }
    if let Some(permissions) = resource
        .permissions
        .as_ref()
        .and_then(|p| serde_json::to_value(sanitize_permissions(p)).ok())
    {
        params.insert("permissions".to_owned(), permissions);
    }
    params.insert(
        "cspPolicy".to_owned(),
        Value::String(build_policy_with(resource.csp.as_ref(), &options)),
    );
    params.insert(
        "allow".to_owned(),
        Value::String(allow_attribute(resource.permissions.as_ref())),
    );
    json!({ "jsonrpc": "2.0", "method": SandboxResourceReady::METHOD, "params": params })
}
