//! The app host: per conversation thread, the open app instances, and the one message
//! pipeline every view goes through, card or HTML alike.
//!
//! The host is a state machine without I/O ("sans-IO"): the embedder feeds it what happens
//! (tool calls of the agent loop, messages from views, replies from MCP servers, the clock) and
//! drains what it must do ([`Output`]: messages to views, calls to servers, events for the
//! GUI). That makes the exact message sequences testable, and lets any runtime drive it.

mod download;
mod event;
mod event_text;
mod limits;
mod modes;
mod options;
mod questions;
mod samples;
mod saves;
mod settings;
mod spec;
mod styles;
mod threads;
mod view;
pub(crate) mod wire;

pub use download::{
    Download, DownloadContent, MAX_DOWNLOAD_BYTES, MAX_DOWNLOAD_FILES, downloads_folder,
    safe_file_name, save_downloads,
};
pub use event::{CloseReason, HostEvent, Output, ServerCall};
pub use limits::{AppLimits, Rate};
pub use options::{ContainerSizes, DuplicatePolicy, HostOptions};
pub use questions::{QuestionBody, QuestionSpec};
pub use samples::{SampleAnswer, SampleForm, SampleReply, SampleText, sample_form};
pub use saves::{SaveDone, SaveJob};
pub use spec::{AppSpec, InstanceId, ViewKind};
pub use styles::{host_styles, theme_styles};
pub use view::check_link;

use std::collections::{BTreeMap, VecDeque};
use std::sync::Arc;
use std::time::Instant;

use mcpapp_protocol::messages::{
    ResourceTeardown, ToolCancelled, ToolInput, ToolInputPartial, ToolResult,
};
use mcpapp_protocol::{
    CallToolResult, ContainerDimensions, DisplayMode, JsonRpcError, LoggingLevel,
    Notification as _, RequestId, ResourceTeardownParams, SandboxCapability, Tool,
    ToolCancelledParams, ToolInputParams,
};
use serde::Deserialize;
use serde_json::Value;

use crate::store::{StateKey, StateStore};
use limits::Budget;
use saves::Saves;

/// Where an instance is in its life.
#[derive(Debug, Clone, PartialEq)]
enum Phase {
    /// Created; the view has not sent `ui/notifications/initialized` yet.
    Starting,
    /// Initialized: messages flow.
    Ready,
    /// `ui/resource-teardown` sent; closing when the view answers or the time is up.
    TearingDown {
        request: i64,
        deadline: Instant,
        reason: CloseReason,
    },
    /// Closed for a thread switch; comes back with its thread.
    Suspended,
    /// Gone.
    Closed,
    /// Waiting for the embedder's answer about a duplicate.
    Waiting,
}

#[derive(Debug, Clone)]
struct Instance {
    thread: String,
    spec: AppSpec,
    phase: Phase,
    /// Messages held until the view is ready.
    held: Vec<Value>,
    /// The last tool input (partial or complete) and the tool's outcome, to replay to a
    /// recreated view.
    input: Option<Value>,
    outcome: Option<Value>,
    recreated: bool,
    opened_at: u64,
    /// Where it stands against its limits (rates, calls in flight).
    budget: Budget,
    /// The sandbox its view runs in, as the embedder applied it (HTML apps).
    sandbox: Option<SandboxCapability>,
    /// Its exact room, when the embedder knows it; else its display mode's.
    container: Option<ContainerDimensions>,
    /// Its `ui/download-file` waiting for the user, if any.
    download: Option<RequestId>,
    /// Whether what its sandbox refused was told (once per app).
    sandbox_told: bool,
    /// The display modes its view declared in `ui/initialize` (beyond the standard ones it
    /// is told only of these).
    declared: Vec<DisplayMode>,
}

impl Instance {
    /// A new view of `spec` in `thread`, starting, with nothing received yet.
    fn new(thread: String, spec: AppSpec, id: InstanceId, budget: Budget) -> Self {
        Self {
            thread,
            spec,
            phase: Phase::Starting,
            held: Vec::new(),
            input: None,
            outcome: None,
            recreated: false,
            opened_at: id.0,
            budget,
            sandbox: None,
            container: None,
            download: None,
            sandbox_told: false,
            declared: Vec::new(),
        }
    }

    /// Whether its view is open (starting or ready), not closing, suspended or gone.
    fn is_live(&self) -> bool {
        matches!(self.phase, Phase::Starting | Phase::Ready)
    }
}

/// The app host. See the module docs.
pub struct AppHost {
    options: HostOptions,
    store: Arc<dyn StateStore>,
    instances: BTreeMap<InstanceId, Instance>,
    /// Servers' questions shown, by the same ids as the apps.
    questions: BTreeMap<InstanceId, questions::Asking>,
    tools: BTreeMap<String, Vec<Tool>>,
    thread: String,
    generating: BTreeMap<String, bool>,
    outputs: VecDeque<Output>,
    next_instance: u64,
    next_request: i64,
    now: Instant,
    saves: Saves,
}

impl AppHost {
    /// A host with these options and this state store, in thread `"default"`.
    pub fn new(options: HostOptions, store: Arc<dyn StateStore>) -> Self {
        Self {
            options,
            store,
            instances: BTreeMap::new(),
            questions: BTreeMap::new(),
            tools: BTreeMap::new(),
            thread: "default".to_owned(),
            generating: BTreeMap::new(),
            outputs: VecDeque::new(),
            next_instance: 1,
            next_request: 1,
            now: Instant::now(),
            saves: Saves::default(),
        }
    }

    /// What the host asks the embedder to do, in order.
    pub fn drain(&mut self) -> Vec<Output> {
        self.outputs.drain(..).collect()
    }

    /// The thread on screen.
    pub fn thread(&self) -> &str {
        &self.thread
    }

    /// Records a server's tool catalogue: the host routes and checks apps' `tools/call` with
    /// it.
    /// Tools whose `_meta.ui` is malformed are kept but callable by nobody (the protocol crate
    /// fails closed), and each is reported as a warning.
    pub fn set_server_tools(&mut self, server: &str, tools: Vec<Tool>) {
        for tool in &tools {
            if let Some(problem) = tool.ui_meta().and_then(|meta| meta.problem) {
                self.log(
                    None,
                    LoggingLevel::Warning,
                    format!("tool `{}` of server `{server}`: {problem}", tool.name),
                );
            }
        }
        self.tools.insert(server.to_owned(), tools);
    }

    /// The instances open (or opening) in the current thread.
    pub fn open_instances(&self) -> Vec<InstanceId> {
        self.instances
            .iter()
            .filter(|(_, i)| {
                i.thread == self.thread && matches!(i.phase, Phase::Starting | Phase::Ready)
            })
            .map(|(id, _)| *id)
            .collect()
    }

    /// The display mode of an instance.
    pub fn display_mode(&self, instance: InstanceId) -> Option<DisplayMode> {
        self.instances
            .get(&instance)
            .map(|i| i.spec.display_mode.clone())
    }

    /// The agent started a tool call whose tool has a UI: the host opens an app for it.
    pub fn tool_call_started(&mut self, spec: AppSpec) -> InstanceId {
        let id = InstanceId(self.next_instance);
        self.next_instance += 1;
        let thread = self.thread.clone();
        let existing: Vec<InstanceId> = self
            .instances
            .iter()
            .filter(|(_, i)| {
                i.thread == thread
                    && i.spec.server == spec.server
                    && i.spec.tool.name == spec.tool.name
                    && i.spec.display_mode == DisplayMode::Window
                    && matches!(i.phase, Phase::Starting | Phase::Ready)
            })
            .map(|(id, _)| *id)
            .collect();
        let window = spec.display_mode == DisplayMode::Window;
        let mut instance = Instance::new(
            thread,
            spec,
            id,
            Budget::new(&self.options.limits, self.now),
        );
        if window && !existing.is_empty() {
            match self.options.duplicate_policy {
                DuplicatePolicy::NewInstance => {}
                DuplicatePolicy::ReplaceOldest => {
                    if let Some(oldest) = existing
                        .iter()
                        .min_by_key(|i| self.instances.get(i).map_or(0, |x| x.opened_at))
                    {
                        self.begin_teardown(*oldest, CloseReason::Replaced);
                    }
                }
                DuplicatePolicy::ReplaceAll => {
                    for old in &existing {
                        self.begin_teardown(*old, CloseReason::Replaced);
                    }
                }
                DuplicatePolicy::Ask => {
                    instance.phase = Phase::Waiting;
                    self.instances.insert(id, instance);
                    self.event(HostEvent::DuplicateInstance {
                        instance: id,
                        existing,
                    });
                    return id;
                }
            }
        }
        let spec = instance.spec.clone();
        self.instances.insert(id, instance);
        self.event(HostEvent::OpenApp {
            instance: id,
            spec: Box::new(spec),
            recreated: false,
        });
        id
    }

    /// The embedder's answer to [`HostEvent::DuplicateInstance`].
    pub fn resolve_duplicate(&mut self, instance: InstanceId, policy: DuplicatePolicy) {
        let Some(waiting) = self.instances.get(&instance) else {
            return;
        };
        if waiting.phase != Phase::Waiting {
            return;
        }
        let (server, tool, thread) = (
            waiting.spec.server.clone(),
            waiting.spec.tool.name.clone(),
            waiting.thread.clone(),
        );
        let existing: Vec<InstanceId> = self
            .instances
            .iter()
            .filter(|(id, i)| {
                **id != instance
                    && i.thread == thread
                    && i.spec.server == server
                    && i.spec.tool.name == tool
                    // The question was about windows: the tool's inline apps are history.
                    && i.spec.display_mode == DisplayMode::Window
                    && matches!(i.phase, Phase::Starting | Phase::Ready)
            })
            .map(|(id, _)| *id)
            .collect();
        match policy {
            DuplicatePolicy::ReplaceOldest => {
                if let Some(oldest) = existing.first() {
                    self.begin_teardown(*oldest, CloseReason::Replaced);
                }
            }
            DuplicatePolicy::ReplaceAll => {
                for old in &existing {
                    self.begin_teardown(*old, CloseReason::Replaced);
                }
            }
            DuplicatePolicy::NewInstance | DuplicatePolicy::Ask => {}
        }
        if let Some(i) = self.instances.get_mut(&instance) {
            i.phase = Phase::Starting;
            let spec = i.spec.clone();
            self.event(HostEvent::OpenApp {
                instance,
                spec: Box::new(spec),
                recreated: false,
            });
        }
    }

    fn by_tool_call(&self, tool_call_id: &str) -> Vec<InstanceId> {
        self.instances
            .iter()
            .filter(|(_, i)| i.spec.tool_call_id == tool_call_id)
            .map(|(id, _)| *id)
            .collect()
    }

    /// Streamed arguments of the tool call so far.
    pub fn tool_input_partial(&mut self, tool_call_id: &str, arguments: &Value) {
        for id in self.by_tool_call(tool_call_id) {
            if let Some(i) = self.instances.get_mut(&id) {
                i.input = Some(arguments.clone());
                // Held for a view not ready yet, only the newest partial input matters: the
                // older ones go, so that a long stream does not pile up.
                i.held.retain(|m| {
                    m.get("method").and_then(Value::as_str) != Some(ToolInputPartial::METHOD)
                });
            }
            self.send_view(id, wire::notify::<ToolInputPartial>(&tool_input(arguments)));
        }
    }

    /// The complete arguments of the tool call.
    pub fn tool_input(&mut self, tool_call_id: &str, arguments: &Value) {
        for id in self.by_tool_call(tool_call_id) {
            if let Some(i) = self.instances.get_mut(&id) {
                i.input = Some(arguments.clone());
            }
            self.send_view(id, wire::notify::<ToolInput>(&tool_input(arguments)));
        }
    }

    /// The tool call's result, as the server gave it (members this crate does not know are
    /// kept in [`CallToolResult::extra`] and reach the view as sent).
    pub fn tool_result(&mut self, tool_call_id: &str, result: &CallToolResult) {
        let result = wire::result(result);
        for id in self.by_tool_call(tool_call_id) {
            let message = wire::notify_as_is::<ToolResult>(result.clone());
            if let Some(i) = self.instances.get_mut(&id) {
                i.outcome = Some(message.clone());
            }
            self.send_view(id, message);
        }
    }

    /// The tool call was cancelled.
    pub fn tool_cancelled(&mut self, tool_call_id: &str, reason: Option<&str>) {
        for id in self.by_tool_call(tool_call_id) {
            let message = wire::notify::<ToolCancelled>(&ToolCancelledParams {
                reason: reason.map(str::to_owned),
            });
            if let Some(i) = self.instances.get_mut(&id) {
                i.outcome = Some(message.clone());
            }
            self.send_view(id, message);
        }
    }

    /// The embedder closes an app (the user closed its window) or a question.
    /// A question closed this way is cancelled.
    pub fn close(&mut self, instance: InstanceId) {
        if self.is_question(instance) {
            self.close_question(instance);
            return;
        }
        self.begin_teardown(instance, CloseReason::Closed);
    }

    /// A view's connection is gone.
    pub fn view_gone(&mut self, instance: InstanceId) {
        let Some(i) = self.instances.get_mut(&instance) else {
            return;
        };
        if matches!(i.phase, Phase::Closed | Phase::Suspended) {
            return;
        }
        let reason = match &i.phase {
            Phase::TearingDown { reason, .. } => reason.clone(),
            _ => CloseReason::ViewGone,
        };
        self.finish_close(instance, reason);
    }

    /// Lets time pass: views that did not answer `ui/resource-teardown` in time are closed.
    pub fn tick(&mut self, now: Instant) {
        self.now = now;
        let late: Vec<(InstanceId, CloseReason)> = self
            .instances
            .iter()
            .filter_map(|(id, i)| match &i.phase {
                Phase::TearingDown {
                    deadline, reason, ..
                } if *deadline <= now => Some((*id, reason.clone())),
                _ => None,
            })
            .collect();
        for (id, reason) in late {
            self.finish_close(id, reason);
        }
        self.release_held_sizes();
        self.report_due_sheds();
    }

    /// A server's answer to a [`ServerCall`] a view asked for. Every call handed out must be
    /// answered here (an error if it failed): the app's next waiting call goes out then.
    pub fn server_reply(
        &mut self,
        instance: InstanceId,
        request: &Value,
        reply: Result<Value, JsonRpcError>,
    ) {
        self.call_finished(instance);
        // The view's own request id, passed through the embedder unchanged.
        let Ok(id) = RequestId::deserialize(request) else {
            self.log(
                Some(instance),
                LoggingLevel::Warning,
                format!("dropped a server's answer to a request id that is no id: {request}"),
            );
            return;
        };
        // An answer to the view's own request goes out whatever its phase: holding it until
        // `initialized` would let a view that never initializes pile up answers.
        let listening = self.instances.get(&instance).is_some_and(|i| {
            matches!(
                i.phase,
                Phase::Starting | Phase::Ready | Phase::TearingDown { .. }
            )
        });
        if listening {
            self.send_view_now(instance, wire::reply(id, reply));
        }
    }

    fn begin_teardown(&mut self, instance: InstanceId, reason: CloseReason) {
        let Some(i) = self.instances.get(&instance) else {
            return;
        };
        match i.phase {
            Phase::Ready => {
                let id = self.next_request;
                self.next_request += 1;
                let deadline = self.now + self.options.teardown_timeout;
                self.send_view_now(
                    instance,
                    wire::request::<ResourceTeardown>(id, &ResourceTeardownParams::default()),
                );
                if let Some(i) = self.instances.get_mut(&instance) {
                    i.phase = Phase::TearingDown {
                        request: id,
                        deadline,
                        reason,
                    };
                }
            }
            Phase::Starting | Phase::Waiting => self.finish_close(instance, reason),
            _ => {}
        }
    }

    fn finish_close(&mut self, instance: InstanceId, reason: CloseReason) {
        let Some(i) = self.instances.get_mut(&instance) else {
            return;
        };
        i.phase = Phase::Closed;
        i.held.clear();
        i.budget.waiting.clear();
        let keep_in_history =
            reason == CloseReason::AppDone && i.spec.display_mode == DisplayMode::Inline;
        self.event(HostEvent::CloseApp {
            instance,
            reason,
            keep_in_history,
        });
    }

    /// Queues a message for a view: now if it is ready, else held until it is.
    fn send_view(&mut self, instance: InstanceId, message: Value) {
        let Some(i) = self.instances.get_mut(&instance) else {
            return;
        };
        match i.phase {
            Phase::Ready => self.outputs.push_back(Output::ToView { instance, message }),
            Phase::Starting | Phase::Waiting => i.held.push(message),
            _ => {}
        }
    }

    /// Sends to a view whatever its phase (teardown, answers to its requests).
    fn send_view_now(&mut self, instance: InstanceId, message: Value) {
        self.outputs.push_back(Output::ToView { instance, message });
    }

    fn event(&mut self, event: HostEvent) {
        self.outputs.push_back(Output::Event(event));
    }

    fn log(&mut self, instance: Option<InstanceId>, level: LoggingLevel, message: String) {
        tracing::debug!(?instance, ?level, "{message}");
        self.event(HostEvent::Log {
            instance,
            level,
            message,
        });
    }
}

fn state_key(i: &Instance) -> StateKey {
    StateKey {
        server: i.spec.server.clone(),
        tool: i.spec.tool.name.clone(),
        thread: i.thread.clone(),
        tool_call_id: i.spec.tool_call_id.clone(),
    }
}

/// The params of `tool-input`: the arguments when they are an object (MCP tool arguments
/// always are), else none.
fn tool_input(arguments: &Value) -> ToolInputParams {
    ToolInputParams {
        arguments: arguments.as_object().cloned(),
    }
}
