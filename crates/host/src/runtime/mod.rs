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

use mcpapp_protocol::{CallToolResult, DisplayMode, JsonRpcError, LoggingLevel};
use serde_json::{Map, Value};
use tokio::sync::{mpsc, oneshot};

use crate::host::{
    AppHost, AppSpec, HostEvent, InstanceId, Output, SaveDone, SaveJob, ServerCall, ViewKind, wire,
};
use crate::mcp::{Elicitation, ElicitationAnswer, McpConnection, McpEventKind, SamplingRequest};
use crate::port::{PORT_CAPACITY, SendError, ViewPort};

mod questions;

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

/// Which way a traced message went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// From a view to the host.
    ToHost,
    /// From the host to a view.
    ToView,
}

/// One message between the host and a view, as recorded by [`Runtime::trace`].
#[derive(Debug, Clone, PartialEq)]
pub struct Traced {
    /// The view.
    pub instance: InstanceId,
    /// Which way.
    pub direction: Direction,
    /// The JSON-RPC message.
    pub message: Value,
    /// When it passed through the runtime (read from a view's port, or given to one).
    pub at: Instant,
}

impl Traced {
    /// The message's method, or `None` for a response.
    #[must_use]
    pub fn method(&self) -> Option<&str> {
        self.message.get("method").and_then(Value::as_str)
    }
}

/// Why an agent's tool call could not open an app.
#[derive(Debug, thiserror::Error)]
pub enum RuntimeError {
    /// No connected server has that id.
    #[error("no server `{0}` is connected")]
    UnknownServer(String),
    /// The server has no such tool.
    #[error("server `{server}` has no tool `{tool}`")]
    UnknownTool {
        /// The server.
        server: String,
        /// The tool.
        tool: String,
    },
    /// The tool is for apps only (`visibility: ["app"]`): the model does not see it
    /// ([`McpConnection::model_tools`] leaves it out), so an agent may not call it either.
    #[error("the tool `{tool}` of server `{server}` is for its apps only, not for the model")]
    AppOnlyTool {
        /// The server.
        server: String,
        /// The tool.
        tool: String,
    },
    /// The view could not be read or is of a kind no view here shows.
    #[error("view `{uri}`: {reason}")]
    View {
        /// The view's URI.
        uri: String,
        /// What went wrong.
        reason: String,
    },
}

/// What an agent's tool call became.
#[derive(Debug, Clone, PartialEq)]
pub enum AgentCall {
    /// An app: its view is announced by [`HostEvent::OpenApp`]; the result follows.
    App(InstanceId),
    /// A tool without a view whose result holds no card: the result itself.
    Done(CallToolResult),
}

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

    /// The agent calls `tool` of `server` with `arguments`. A tool with a `ui://` view opens
    /// its app at once (an [`HostEvent::OpenApp`] follows from [`Self::next_event`]), gets the
    /// input, and the result when the server answers, in the background. A tool without a view
    /// is called here: a result holding a card opens a card app showing it; any other result
    /// is returned as it is.
    ///
    /// The view's kind comes from its resource's mime type, read here (and cached by the
    /// connection for when the view is built).
    ///
    /// For a tool without a view this waits for the server's answer (carrying messages
    /// meanwhile). A server may ask the user something before it answers: when questions are
    /// shown through [`Self::question_handler`], call such a tool yourself on a task and hand
    /// its result to [`Self::agent_result`], so that your loop can show the question while
    /// the call waits (`mcpapp-egui-host` does so).
    pub async fn agent_call(
        &mut self,
        server: &str,
        tool: &str,
        arguments: Map<String, Value>,
        tool_call_id: &str,
        display_mode: DisplayMode,
    ) -> Result<AgentCall, RuntimeError> {
        let connection = self
            .servers
            .get(server)
            .cloned()
            .ok_or_else(|| RuntimeError::UnknownServer(server.to_owned()))?;
        let definition = connection
            .tool(tool)
            .ok_or_else(|| RuntimeError::UnknownTool {
                server: server.to_owned(),
                tool: tool.to_owned(),
            })?;
        if !definition.is_model_visible() {
            return Err(RuntimeError::AppOnlyTool {
                server: server.to_owned(),
                tool: tool.to_owned(),
            });
        }
        let input = Value::Object(arguments.clone());
        // A view of its own: the app opens now, the result follows. No view: the result comes
        // first, and opens a card app only if it carries a card.
        let Some(uri) = definition.ui_resource_uri() else {
            // Messages are carried meanwhile (the server may ask the user something).
            let result = self.call_carrying(&connection, tool, arguments).await;
            return self.agent_result(server, tool, &input, tool_call_id, display_mode, result);
        };
        // Only `ui://` resources are views; anything else would have the host read whatever
        // the tool names (a file, a web page) and show it as an app.
        if !mcpapp_protocol::is_ui_resource_uri(&uri) {
            return Err(RuntimeError::View {
                uri,
                reason: "only `ui://` resources open views".to_owned(),
            });
        }
        let kind = view_kind(&connection, &uri).await?;
        let instance = self.host.tool_call_started(AppSpec {
            server: server.to_owned(),
            tool: definition,
            tool_call_id: tool_call_id.to_owned(),
            resource_uri: uri,
            kind,
            display_mode,
        });
        self.host.tool_input(tool_call_id, &input);
        let arrivals = self.arrivals_tx.clone();
        let (name, tool_call_id) = (tool.to_owned(), tool_call_id.to_owned());
        tokio::spawn(async move {
            let result = call(&connection, &name, arguments).await;
            // The runtime may be gone; then nobody waits for the result.
            let _ = arrivals
                .send(Arrival::ToolResult {
                    tool_call_id,
                    result,
                })
                .await;
        });
        Ok(AgentCall::App(instance))
    }

    /// The result of the agent's call of a tool without a view, made by the embedder itself
    /// (so that its own loop runs on while the server works, and can show the server's
    /// questions): a result holding a card opens a card app showing it, one carrying A2UI
    /// messages an A2UI app, with `arguments` as its input; any other result is returned as
    /// it is.
    pub fn agent_result(
        &mut self,
        server: &str,
        tool: &str,
        arguments: &Value,
        tool_call_id: &str,
        display_mode: DisplayMode,
        result: CallToolResult,
    ) -> Result<AgentCall, RuntimeError> {
        let json = wire::result(&result);
        let Some((uri, kind)) = card_result_uri(&json)
            .map(|uri| (uri, ViewKind::Card))
            .or_else(|| a2ui_result_uri(&json).map(|uri| (uri, ViewKind::A2ui)))
        else {
            return Ok(AgentCall::Done(result));
        };
        let definition = self
            .servers
            .get(server)
            .and_then(|connection| connection.tool(tool))
            .ok_or_else(|| RuntimeError::UnknownTool {
                server: server.to_owned(),
                tool: tool.to_owned(),
            })?;
        let instance = self.host.tool_call_started(AppSpec {
            server: server.to_owned(),
            tool: definition,
            tool_call_id: tool_call_id.to_owned(),
            resource_uri: uri,
            kind,
            display_mode,
        });
        self.host.tool_input(tool_call_id, arguments);
        self.host.tool_result(tool_call_id, &wire::result(&result));
        self.results.push((tool_call_id.to_owned(), result));
        Ok(AgentCall::App(instance))
    }

    /// Calls a tool, carrying the views' messages and the host's arrivals (a server's
    /// question among them) until it answers; what the embedder must know waits in the event
    /// queue.
    async fn call_carrying(
        &mut self,
        connection: &McpConnection,
        tool: &str,
        arguments: Map<String, Value>,
    ) -> CallToolResult {
        let called = call(connection, tool, arguments);
        tokio::pin!(called);
        loop {
            self.tick_if_due();
            self.route();
            tokio::select! {
                result = &mut called => return result,
                () = self.wait() => {}
            }
        }
    }

    /// The results of the agent's tool calls that opened apps, as `(tool call id, result)`, in
    /// the order they arrived since the last call: what the agent loop gives the model, and
    /// what an embedder keeps with its conversation to bring the app back later
    /// ([`AppHost::restore_app`]).
    pub fn take_tool_results(&mut self) -> Vec<(String, CallToolResult)> {
        std::mem::take(&mut self.results)
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

    fn view_said(&mut self, instance: InstanceId, message: Value) {
        self.last_read = Some(instance);
        if let Some(trace) = &mut self.trace {
            trace.push(Traced {
                instance,
                direction: Direction::ToHost,
                message: message.clone(),
                at: Instant::now(),
            });
        }
        // The clock is brought up to now for the app's rate limits.
        self.host.tick(Instant::now());
        self.host.view_message(instance, message);
    }

    /// A view's port is gone (or was given up on): the host closes the app, and the port's
    /// reason, if it knows one, is logged with it.
    fn view_went(&mut self, instance: InstanceId) {
        let reason = self
            .views
            .remove(&instance)
            .and_then(|view| view.port.gone_reason());
        if let Some(reason) = reason {
            tracing::warn!(?instance, reason, "an app's view was closed");
            self.events.push_back(HostEvent::Log {
                instance: Some(instance),
                level: LoggingLevel::Warning,
                message: format!("the app's view was closed: {reason}"),
            });
        }
        self.host.view_gone(instance);
    }

    fn arrived(&mut self, arrival: Arrival) {
        match arrival {
            Arrival::Reply {
                instance,
                request,
                reply,
            } => self.host.server_reply(instance, &request, reply),
            Arrival::ToolResult {
                tool_call_id,
                result,
            } => {
                self.host.tool_result(&tool_call_id, &wire::result(&result));
                self.results.push((tool_call_id, result));
            }
            Arrival::ToolsChanged { server } => {
                if let Some(connection) = self.servers.get(&server) {
                    let tools = connection.tools();
                    self.host.set_server_tools(&server, tools);
                }
            }
            Arrival::Saved(done) => self.host.save_done(done),
            Arrival::Question { question, reply } => self.asked(question, reply),
            Arrival::Sample { request, reply } => self.asked_sample(request, reply),
            Arrival::QuestionDone {
                server,
                elicitation_id,
            } => self.host.question_completed(&server, &elicitation_id),
        }
    }

    /// Delivers what waits in outboxes, then the host's outputs (to views, to servers as
    /// tasks, to the event queue) and its state saves (to the writer thread), until it has
    /// none left.
    fn route(&mut self) {
        loop {
            self.flush_outboxes();
            let outputs = self.host.drain();
            let saves = self.host.take_saves();
            if outputs.is_empty() && saves.is_empty() {
                break;
            }
            for job in saves {
                if let Err(job) = self.saver.write(job, &self.arrivals_tx) {
                    // No writer thread: written here rather than lost.
                    self.host.save_done(job.run());
                }
            }
            for output in outputs {
                match output {
                    Output::ToView { instance, message } => self.deliver(instance, message),
                    Output::ToServer {
                        instance,
                        server,
                        request,
                        call,
                    } => self.call_server(instance, &server, request, call),
                    Output::Event(event) => self.events.push_back(event),
                    Output::Answer {
                        instance, answer, ..
                    } => self.answered(instance, questions::Answer::Question(answer)),
                    Output::Sampled {
                        instance, reply, ..
                    } => self.answered(
                        instance,
                        questions::Answer::Sample(reply.map(|r| r.to_value())),
                    ),
                }
            }
        }
    }

    /// Gives a message to a view's port, or to its outbox behind the ones its port did not
    /// take yet; a view whose outbox overflows has stopped reading, and is closed.
    fn deliver(&mut self, instance: InstanceId, message: Value) {
        if let Some(trace) = &mut self.trace {
            trace.push(Traced {
                instance,
                direction: Direction::ToView,
                message: message.clone(),
                at: Instant::now(),
            });
        }
        let Some(view) = self.views.get_mut(&instance) else {
            return;
        };
        let sent = if view.outbox.is_empty() {
            view.port.try_send(message)
        } else {
            Err(SendError::Full(message))
        };
        match sent {
            Ok(()) => {}
            Err(SendError::Full(message)) => {
                view.outbox.push_back(message);
                if view.outbox.len() > OUTBOX_LIMIT {
                    self.give_up_on(instance);
                }
            }
            Err(SendError::Gone) => self.view_went(instance),
        }
    }

    /// Moves what waits in outboxes into the ports that have room again.
    fn flush_outboxes(&mut self) {
        let mut gone = Vec::new();
        for (id, view) in &mut self.views {
            while let Some(message) = view.outbox.pop_front() {
                match view.port.try_send(message) {
                    Ok(()) => {}
                    Err(SendError::Full(message)) => {
                        view.outbox.push_front(message);
                        break;
                    }
                    Err(SendError::Gone) => {
                        gone.push(*id);
                        break;
                    }
                }
            }
        }
        for id in gone {
            self.view_went(id);
        }
    }

    /// Closes a view that does not read what the host tells it.
    fn give_up_on(&mut self, instance: InstanceId) {
        self.views.remove(&instance);
        let message = format!(
            "the app's view was closed: it left more than {OUTBOX_LIMIT} messages from the host unread"
        );
        tracing::warn!(?instance, "{message}");
        self.events.push_back(HostEvent::Log {
            instance: Some(instance),
            level: LoggingLevel::Warning,
            message,
        });
        self.host.view_gone(instance);
    }

    fn call_server(
        &mut self,
        instance: InstanceId,
        server: &str,
        request: Value,
        call: ServerCall,
    ) {
        let Some(connection) = self.servers.get(server).cloned() else {
            let error = JsonRpcError::server_error(format!("server `{server}` is not connected"));
            self.host.server_reply(instance, &request, Err(error));
            return;
        };
        let arrivals = self.arrivals_tx.clone();
        tokio::spawn(async move {
            let reply = match call {
                ServerCall::CallTool { name, arguments } => connection
                    .call_tool(&name, arguments)
                    .await
                    .map(|result| wire::result(&result)),
                ServerCall::ReadResource { uri } => connection
                    .read_resource(&uri)
                    .await
                    .map(|result| wire::result(&result)),
                ServerCall::ListResources { cursor } => connection
                    .list_app_resources(cursor)
                    .await
                    .map(|result| wire::result(&result)),
                ServerCall::Sample { params } => connection.sample(params).await,
            }
            .map_err(|e| e.to_jsonrpc_error());
            let _ = arrivals
                .send(Arrival::Reply {
                    instance,
                    request,
                    reply,
                })
                .await;
        });
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

/// The thread that writes state saves, in the order it gets them (started with the first).
#[derive(Default)]
struct Saver {
    jobs: Option<std::sync::mpsc::Sender<SaveJob>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Saver {
    /// Queues a write; its outcome comes back as an arrival. The job is handed back when no
    /// writer thread can be had.
    fn write(
        &mut self,
        job: SaveJob,
        arrivals: &mpsc::Sender<Arrival>,
    ) -> Result<(), Box<SaveJob>> {
        if self.jobs.is_none() {
            let (jobs, queue) = std::sync::mpsc::channel::<SaveJob>();
            let arrivals = arrivals.clone();
            let spawned = std::thread::Builder::new()
                .name("mcpapp-state-saves".to_owned())
                .spawn(move || {
                    for job in queue {
                        // A runtime that is gone no longer wants the outcome; the rest of the
                        // queue is still written.
                        let _ = arrivals.blocking_send(Arrival::Saved(job.run()));
                    }
                });
            match spawned {
                Ok(thread) => {
                    self.jobs = Some(jobs);
                    self.thread = Some(thread);
                }
                Err(error) => {
                    tracing::warn!(%error, "no thread for state saves; writing on the runtime's");
                    return Err(Box::new(job));
                }
            }
        }
        match &self.jobs {
            Some(jobs) => jobs.send(job).map_err(|e| Box::new(e.0)),
            None => Err(Box::new(job)),
        }
    }

    /// Ends the queue and waits until everything in it is written.
    fn finish(&mut self) {
        self.jobs = None;
        if let Some(thread) = self.thread.take()
            && thread.join().is_err()
        {
            tracing::warn!("the state save thread panicked");
        }
    }
}

/// Calls a tool; a failure becomes an error result, as the agent would see it.
async fn call(
    connection: &McpConnection,
    tool: &str,
    arguments: Map<String, Value>,
) -> CallToolResult {
    connection
        .call_tool(tool, arguments)
        .await
        .unwrap_or_else(|error| CallToolResult::error(error.to_string()))
}

/// The URI naming the card a result carries (its embedded card resource's, or a fixed one for
/// a card in `structuredContent` only), or `None` when it carries no card.
fn card_result_uri(result: &Value) -> Option<String> {
    crate::card_session::card_in_result(result)?;
    let embedded = result
        .get("content")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|c| c.get("resource"))
        .find(|r| {
            r.get("mimeType").and_then(Value::as_str).is_some_and(|m| {
                mcpapp_protocol::mime_type_matches(m, mcpapp_protocol::CARD_MIME_TYPE)
            })
        })
        .and_then(|r| r.get("uri"))
        .and_then(Value::as_str);
    Some(embedded.unwrap_or("ui://mcpapp/result-card").to_owned())
}

/// The URI naming the A2UI a result carries (its embedded resource's, or a fixed one for A2UI
/// in `structuredContent` only), or `None` when it carries none.
fn a2ui_result_uri(result: &Value) -> Option<String> {
    if !mcpapp_a2ui::mcp::result_has_a2ui(result) {
        return None;
    }
    Some(
        mcpapp_a2ui::mcp::result_resource_uri(result)
            .unwrap_or_else(|| "ui://mcpapp/result-surface".to_owned()),
    )
}

/// Reads the view's resource and tells its kind by mime type.
async fn view_kind(connection: &McpConnection, uri: &str) -> Result<ViewKind, RuntimeError> {
    let fail = |reason: String| RuntimeError::View {
        uri: uri.to_owned(),
        reason,
    };
    let read = connection
        .read_resource(uri)
        .await
        .map_err(|e| fail(e.to_string()))?;
    let mime = read
        .contents
        .first()
        .and_then(|item| item.mime_type.as_deref())
        .unwrap_or_default();
    if mcpapp_protocol::mime_type_matches(mime, mcpapp_protocol::HTML_MIME_TYPE) {
        Ok(ViewKind::Html)
    } else if mcpapp_protocol::mime_type_matches(mime, mcpapp_protocol::CARD_MIME_TYPE) {
        Ok(ViewKind::Card)
    } else if mcpapp_protocol::mime_type_matches(mime, mcpapp_protocol::A2UI_MIME_TYPE) {
        Ok(ViewKind::A2ui)
    } else {
        Err(fail(format!(
            "its mime type `{}` is none of an HTML app, a card or A2UI",
            crate::printable(mime)
        )))
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
