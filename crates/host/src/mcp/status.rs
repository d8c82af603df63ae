//! Whether a connection still works: its events, its end and the reason for it, and the task
//! that notices the end.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use tokio::sync::{broadcast, watch};

use super::connection::{CLOSE_GRACE, END_REASON_WAIT, Status};
use super::handshake::Session;
use super::process::ChildProcess;
use super::user_time::UserTime;
use super::{McpConnection, McpEvent, McpEventKind};

/// Capacity of the event channel; a slower subscriber misses events (and is told so).
const EVENT_CAPACITY: usize = 256;

impl Status {
    /// The status of a new connection to server `id`: working, with nobody subscribed yet.
    pub(super) fn new(id: &str) -> Arc<Self> {
        let (events, _) = broadcast::channel(EVENT_CAPACITY);
        Arc::new(Self {
            server: id.to_owned(),
            events,
            gone: watch::Sender::new(None),
            closing: AtomicBool::new(false),
            user_time: UserTime::new(),
        })
    }
}

impl McpConnection {
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

    /// Waits briefly for the monitor to explain the connection's end.
    pub(super) async fn wait_for_end(&self) -> String {
        let mut gone = self.inner.status.gone.subscribe();
        match tokio::time::timeout(END_REASON_WAIT, gone.wait_for(Option::is_some)).await {
            Ok(Ok(reason)) => reason.clone().unwrap_or_default(),
            _ => "the connection closed".to_owned(),
        }
    }
}

/// Sets `slot` to `reason` unless it is set; whether it changed.
pub(super) fn set_once(slot: &mut Option<String>, reason: &str) -> bool {
    if slot.is_some() {
        return false;
    }
    *slot = Some(reason.to_owned());
    true
}

/// Owns the rmcp service until it ends, then records why and tells the subscribers.
pub(super) async fn monitor(
    running: Session,
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
