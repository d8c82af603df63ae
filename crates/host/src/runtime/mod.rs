//! The host running: an [`AppHost`] wired to live MCP connections and to the views' ports, so
//! an embedder (a GUI, `mcpapp connect`, a test) only opens views and reacts to events.
//!
//! The runtime is the one place where the sans-IO host meets I/O: view messages are read from
//! every attached [`ViewPort`], the host's calls on servers run as tasks whose answers come
//! back in order of arrival, state saves are written on a thread of their own, and the clock
//! is fed for teardown timeouts and rate limits. Everything the host decides still happens in
//! [`AppHost`]; the runtime only carries messages.
//!
//! No app can crowd out another: views are read in turn (the one read first rotates), a view
//! is read only while its port has room for the answers (so one that does not read is not
//! read either, and its sender waits), and what the host must still tell a view whose port is
//! full waits in a bounded outbox; a view that leaves [`OUTBOX_LIMIT`] messages unread is
//! closed.

use std::collections::{BTreeMap, VecDeque};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::Poll;
use std::time::{Duration, Instant};

use mcpapp_protocol::{CallToolResult, JsonRpcError};
use serde_json::Value;
use tokio::sync::{mpsc, oneshot};

use crate::host::{AppHost, HostEvent, InstanceId, SaveDone};
use crate::mcp::{Elicitation, ElicitationAnswer, McpConnection, McpEventKind, SamplingRequest};
use crate::port::{PORT_CAPACITY, ViewPort};
use saver::Saver;

mod agent;
mod questions;
mod routing;
mod saver;
mod trace;

pub use agent::AgentCall;
pub use trace::{TraceDirection, Traced};

/// How often the clock is fed while nothing else happens (teardown timeouts and rate limits
/// are checked then, and views held back by a full port are looked at again).
const TICK: Duration = Duration::from_millis(100);

/// How much room a view's port must have for the view to be read: one message read gives
/// rise to a few answers at most (a reply, a notice), which must fit.
const READ_HEADROOM: usize = 4;

/// The most host→view messages kept for a view whose port is full. Only the host's own
/// messages get here (tool input and results, context changes: the view's own requests are
/// not read while its port is full), so a view that leaves this many unread has stopped
/// reading, and is closed rather than buffered without end.
pub const OUTBOX_LIMIT: usize = 1024;

/// How many answers (servers', the agent's tool results, saves) wait for the runtime at most;
/// the tasks that bring them wait beyond. Calls per view are capped by
/// [`AppLimits`](crate::AppLimits), so this is rarely reached.
const ARRIVALS_CAPACITY: usize = 256;

enum Arrival {
    /// A server's answer to a view's call.
    Reply {
        instance: InstanceId,
        request: Value,
        reply: Result<Value, JsonRpcError>,
    },
    /// The outcome of an agent's tool call.
    ToolResult {
        tool_call_id: String,
        result: CallToolResult,
    },
    /// A server listed its tools again (it said its list changed).
    ToolsChanged { server: String },
    /// A state save was written (or failed).
    Saved(SaveDone),
    /// A server asks the user something; the answer goes to `reply`.
    Question {
        question: Elicitation,
        reply: oneshot::Sender<ElicitationAnswer>,
    },
    /// A server asks for a reply from the model, which the user gives.
    Sample {
        request: SamplingRequest,
        reply: oneshot::Sender<Result<Value, String>>,
    },
    /// A server says its URL question is complete.
    QuestionDone {
        server: String,
        elicitation_id: String,
    },
}

/// An attached view: its port, and what the host told it that its full port did not take yet.
struct Attached {
    port: Box<dyn ViewPort>,
    outbox: VecDeque<Value>,
}

/// An [`AppHost`] with its servers and views. See the module docs.
pub struct Runtime {
    host: AppHost,
    servers: BTreeMap<String, Arc<McpConnection>>,
    views: BTreeMap<InstanceId, Attached>,
    /// The view read last: the next round of reading starts after it.
    last_read: Option<InstanceId>,
    arrivals_tx: mpsc::Sender<Arrival>,
    arrivals: mpsc::Receiver<Arrival>,
    saver: Saver,
    events: VecDeque<HostEvent>,
    /// Where the answer of each question shown goes.
    answers: BTreeMap<InstanceId, questions::Awaited>,
    /// Results of the agent's tool calls that opened apps, not yet taken.
    results: Vec<(String, CallToolResult)>,
    trace: Option<Vec<Traced>>,
    /// When the host's clock is fed next. A deadline, not a fresh sleep per wait, so that
    /// callers that wait in short slices (`next_event_within`) still let it tick.
    next_tick: Instant,
}

impl Runtime {
    /// A runtime around `host`, with no servers and no views yet.
    ///
    /// The host's state saves are written from now on by a thread of the runtime's
    /// ([`AppHost::defer_saves`]): never on the async thread, in order per app, and each
    /// answered after its write. Dropping the runtime writes what is still queued and waits
    /// for it.
    pub fn new(mut host: AppHost) -> Self {
        host.defer_saves();
        let (arrivals_tx, arrivals) = mpsc::channel(ARRIVALS_CAPACITY);
        Self {
            host,
            servers: BTreeMap::new(),
            views: BTreeMap::new(),
            last_read: None,
            arrivals_tx,
            arrivals,
            saver: Saver::default(),
            events: VecDeque::new(),
            answers: BTreeMap::new(),
            results: Vec::new(),
            trace: None,
            next_tick: Instant::now(),
        }
    }

    /// Records every message between host and views from now on (for tests and diagnostics).
    pub fn record(&mut self) {
        self.trace.get_or_insert_with(Vec::new);
    }

    /// The messages recorded since [`Self::record`], in the order they passed.
    #[must_use]
    pub fn trace(&self) -> &[Traced] {
        self.trace.as_deref().unwrap_or_default()
    }

    /// The host, to read its state.
    #[must_use]
    pub fn host(&self) -> &AppHost {
        &self.host
    }

    /// The host, to feed it the agent loop's events (thread switches, generation status, …).
    ///
    /// Its clock is brought up to now first, so what the embedder starts (a close and its
    /// teardown deadline) is timed from now.
    pub fn host_mut(&mut self) -> &mut AppHost {
        self.host.tick(Instant::now());
        &mut self.host
    }

    /// Adds a connected server under its id; its tools become known to the host.
    ///
    /// When the server says its tool list changed (`notifications/tools/list_changed`), the
    /// connection lists them again and the host's copy follows, so apps' calls are checked
    /// against the server's tools as they are now.
    pub fn add_server(&mut self, connection: Arc<McpConnection>) {
        self.host
            .set_server_tools(connection.id(), connection.tools());
        let mut events = connection.events();
        let arrivals = self.arrivals_tx.clone();
        let server = connection.id().to_owned();
        tokio::spawn(async move {
            use tokio::sync::broadcast::error::RecvError;
            loop {
                let changed = match events.recv().await {
                    Ok(event) => match event.kind {
                        McpEventKind::ToolsChanged => true,
                        McpEventKind::Gone { .. } => return,
                        _ => false,
                    },
                    // Missed events may have been a change: list them again to be sure.
                    Err(RecvError::Lagged(_)) => true,
                    Err(RecvError::Closed) => return,
                };
                let server = server.clone();
                if changed
                    && arrivals
                        .send(Arrival::ToolsChanged { server })
                        .await
                        .is_err()
                {
                    return;
                }
            }
        });
        self.servers.insert(connection.id().to_owned(), connection);
    }

    /// The server with this id.
    #[must_use]
    pub fn server(&self, id: &str) -> Option<&Arc<McpConnection>> {
        self.servers.get(id)
    }

    /// Connects the view of `instance` (after [`HostEvent::OpenApp`]). A port that applies
    /// the app's rates where its messages enter ([`ViewPort::meter`]) is given them here.
    pub fn attach(&mut self, instance: InstanceId, mut port: Box<dyn ViewPort>) {
        if port.meter(&self.host.options().limits) {
            self.host.metered_at_door(instance);
        }
        let attached = Attached {
            port,
            outbox: VecDeque::new(),
        };
        self.views.insert(instance, attached);
    }

    /// Disconnects the view of `instance` (after [`HostEvent::CloseApp`]); its port is returned
    /// so the embedder can take the view down.
    pub fn detach(&mut self, instance: InstanceId) -> Option<Box<dyn ViewPort>> {
        self.views.remove(&instance).map(|attached| attached.port)
    }

    /// Carries messages until the host has something to tell the embedder, and returns it.
    ///
    /// Waits for view messages, servers' answers and the clock; never returns `None` while
    /// the runtime lives, so bound it with a timeout where that matters.
    pub async fn next_event(&mut self) -> HostEvent {
        loop {
            self.tick_if_due();
            self.route();
            if let Some(event) = self.events.pop_front() {
                return event;
            }
            self.wait().await;
        }
    }

    /// [`Self::next_event`] for at most `within`: `None` when nothing happened for the
    /// embedder in that time (messages were still carried meanwhile). For loops that also
    /// watch a clock, a window or a condition of their own.
    pub async fn next_event_within(&mut self, within: Duration) -> Option<HostEvent> {
        tokio::time::timeout(within, self.next_event()).await.ok()
    }

    /// Carries whatever is waiting now (without waiting for more) and returns the events.
    /// Views are read in turn, one message each per round, starting after the view read last;
    /// at most [`PORT_CAPACITY`] rounds, so that a view that keeps sending cannot keep the
    /// caller here.
    pub fn poll_events(&mut self) -> Vec<HostEvent> {
        for _ in 0..PORT_CAPACITY {
            let mut moved = false;
            self.route();
            for instance in self.read_order() {
                let received = self
                    .views
                    .get_mut(&instance)
                    .map(|view| view.port.try_recv());
                match received {
                    Some(Ok(Some(message))) => {
                        self.view_said(instance, message);
                        moved = true;
                    }
                    Some(Err(_)) => {
                        self.view_went(instance);
                        moved = true;
                    }
                    Some(Ok(None)) | None => {}
                }
                // Answers go out before the next view is read, so its room is up to date.
                self.route();
            }
            while let Ok(arrival) = self.arrivals.try_recv() {
                self.arrived(arrival);
                moved = true;
            }
            self.drop_abandoned_questions();
            self.host.tick(Instant::now());
            self.collect_shed();
            self.route();
            if !moved {
                break;
            }
        }
        self.events.drain(..).collect()
    }

    async fn wait(&mut self) {
        let order = self.read_order();
        tokio::select! {
            (instance, message) = next_message(&mut self.views, &order) => {
                if let Some(message) = message {
                    self.view_said(instance, message);
                } else {
                    self.view_went(instance);
                }
            }
            Some(arrival) = self.arrivals.recv() => self.arrived(arrival),
            () = tokio::time::sleep_until(self.next_tick.into()) => self.tick_if_due(),
        }
    }

    /// The views that may be read now, in the order of this round: starting after the one
    /// read last (so that no view is always first), and only those whose port has room for
    /// the answers, whose outbox is empty, and whose saves the host can still answer.
    fn read_order(&self) -> Vec<InstanceId> {
        let mut order: Vec<InstanceId> = self
            .views
            .iter()
            .filter(|(id, view)| {
                view.outbox.is_empty()
                    && view.port.room() >= READ_HEADROOM
                    && self.host.saves_unanswered(**id) < PORT_CAPACITY
            })
            .map(|(id, _)| *id)
            .collect();
        let before = order.partition_point(|id| Some(*id) <= self.last_read);
        order.rotate_left(before);
        order
    }

    /// Feeds the host's clock when its tick is due (teardown deadlines are checked then).
    fn tick_if_due(&mut self) {
        let now = Instant::now();
        if now >= self.next_tick {
            self.drop_abandoned_questions();
            self.host.tick(now);
            self.collect_shed();
            self.next_tick = now + TICK;
        }
    }

    /// Hands what the ports shed where messages enter to the host, which reports it.
    fn collect_shed(&mut self) {
        for (instance, view) in &mut self.views {
            let shed = view.port.take_shed();
            if !shed.is_empty() {
                self.host.shed_at_door(*instance, shed);
            }
        }
    }
}

impl Drop for Runtime {
    /// The saves the host still queues are written after those the writer has (it writes in
    /// order), and the runtime waits for them: what the user did last is on disk when the
    /// runtime is gone.
    fn drop(&mut self) {
        // Nobody reads the outcomes any more; a writer waiting to report one goes on.
        self.arrivals.close();
        for job in self.host.take_waiting_saves() {
            if let Err(job) = self.saver.write(job, &self.arrivals_tx) {
                let _ = job.run();
            }
        }
        self.saver.finish();
    }
}

/// A view's `recv` in flight.
type Receiving<'a> = Pin<Box<dyn Future<Output = Option<Value>> + Send + 'a>>;

/// The next message of the views in `order` (`None`: that view is gone), looked at in that
/// order; pending forever when there is none to read.
async fn next_message(
    views: &mut BTreeMap<InstanceId, Attached>,
    order: &[InstanceId],
) -> (InstanceId, Option<Value>) {
    let mut pending: Vec<(InstanceId, Receiving<'_>)> = views
        .iter_mut()
        .filter(|(id, _)| order.contains(id))
        .map(|(id, view)| (*id, view.port.recv()))
        .collect();
    // `order` is the map's order rotated: the same rotation here.
    let first = order.first().copied();
    let start = pending
        .iter()
        .position(|(id, _)| Some(*id) == first)
        .unwrap_or_default();
    pending.rotate_left(start);
    std::future::poll_fn(move |cx| {
        for (instance, future) in &mut pending {
            if let Poll::Ready(message) = future.as_mut().poll(cx) {
                return Poll::Ready((*instance, message));
            }
        }
        Poll::Pending
    })
    .await
}
