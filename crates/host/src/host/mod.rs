//! The app host: per conversation thread, the open app instances, and the one message
//! pipeline every view goes through, card or HTML alike.
//!
//! The host is a state machine without I/O ("sans-IO"): the embedder feeds it what happens
//! (tool calls of the agent loop, messages from views, replies from MCP servers, the clock) and
//! drains what it must do ([`Output`]: messages to views, calls to servers, events for the
//! GUI). That makes the exact message sequences testable, and lets any runtime drive it.

mod view;
pub(crate) mod wire;

use std::collections::{BTreeMap, VecDeque};
use std::sync::Arc;
use std::time::{Duration, Instant};

use mcpapp_protocol::messages::{
    HostContextChanged, LoadState, ResourceTeardown, ResponseGenerationStatus, ToolCancelled,
    ToolInput, ToolInputPartial, ToolResult,
};
use mcpapp_protocol::{
    DisplayMode, HostContext, JsonRpcError, LoadStateParams, LoggingLevel, RequestId,
    ResourceTeardownParams, ResponseGenerationStatusParams, Tool, ToolCancelledParams,
    ToolInputParams, UiMessageParams, UpdateModelContextParams,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::store::{StateKey, StateStore};

/// Identifies an app instance within a host.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct InstanceId(pub u64);

/// How a view is drawn; the host treats both the same.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ViewKind {
    /// A declarative card, drawn natively.
    Card,
    /// An HTML MCP App in a sandboxed frame.
    Html,
}

/// What an app instance shows: which server's tool, for which tool call, from which resource.
/// It serializes, so that an embedder can keep its conversation and bring the app back
/// ([`AppHost::restore_app`]) after a restart.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AppSpec {
    /// The host's id of the MCP server.
    pub server: String,
    /// The tool as the server lists it.
    pub tool: Tool,
    /// The id of the agent's tool call that opened the app.
    pub tool_call_id: String,
    /// The `ui://` resource of the view.
    pub resource_uri: String,
    /// Card or HTML.
    pub kind: ViewKind,
    /// The display mode the app starts in.
    pub display_mode: DisplayMode,
}

/// What to do when the same tool is called again while an instance of it is open in a window.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DuplicatePolicy {
    /// Close the oldest open instance, open the new one.
    ReplaceOldest,
    /// Close every open instance of the tool, open the new one.
    ReplaceAll,
    /// Keep them all.
    #[default]
    NewInstance,
    /// Ask the embedder ([`HostEvent::DuplicateInstance`], answered by
    /// [`AppHost::resolve_duplicate`]).
    Ask,
}

/// How the host presents itself to views, and its policies.
#[derive(Debug, Clone)]
pub struct HostOptions {
    /// The host's name, in `hostInfo`.
    pub name: String,
    /// The host's version, in `hostInfo`.
    pub version: String,
    /// `light` or `dark`.
    pub theme: mcpapp_protocol::Theme,
    /// The user's locale (BCP 47).
    pub locale: String,
    /// The user's time zone (IANA).
    pub time_zone: String,
    /// The display modes the host offers.
    pub display_modes: Vec<DisplayMode>,
    /// What a second call of a tool open in a window does.
    pub duplicate_policy: DuplicatePolicy,
    /// How long a view has to answer `ui/resource-teardown` before it is closed anyway.
    pub teardown_timeout: Duration,
}

impl Default for HostOptions {
    fn default() -> Self {
        Self {
            name: "mcpapp".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            theme: mcpapp_protocol::Theme::Light,
            locale: "en-US".to_owned(),
            time_zone: "UTC".to_owned(),
            display_modes: vec![
                DisplayMode::Inline,
                DisplayMode::Window,
                DisplayMode::Fullscreen,
            ],
            duplicate_policy: DuplicatePolicy::default(),
            teardown_timeout: Duration::from_secs(2),
        }
    }
}

/// Why an app was closed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CloseReason {
    /// The app said it is done (`close-ws-app`, `request-teardown`).
    AppDone,
    /// The user switched to another thread; the app comes back with the thread.
    ThreadSwitched,
    /// The embedder closed it.
    Closed,
    /// A newer instance of the same tool replaced it.
    Replaced,
    /// The view went away on its own.
    ViewGone,
}

/// What the GUI must know. Never a callback into GUI code: a value it drains.
#[derive(Debug, Clone, PartialEq)]
pub enum HostEvent {
    /// Show an app: create its view (a card session or an HTML bridge) and connect it.
    OpenApp {
        /// The instance.
        instance: InstanceId,
        /// What it shows.
        spec: Box<AppSpec>,
        /// Whether it is an app recreated after a thread switch (it will get `load-state`).
        recreated: bool,
    },
    /// Take an app's view down. Inline apps stay in the history (`keep_in_history`).
    CloseApp {
        /// The instance.
        instance: InstanceId,
        /// Why.
        reason: CloseReason,
        /// Whether the conversation keeps showing it (inline apps that are done).
        keep_in_history: bool,
    },
    /// A message for the conversation (`ui/message`).
    ChatMessage {
        /// From which app.
        instance: InstanceId,
        /// The message: its role and content blocks.
        message: UiMessageParams,
    },
    /// A link the app wants opened; the host checked it is `http(s)`. The embedder decides.
    OpenLink {
        /// From which app.
        instance: InstanceId,
        /// The URL.
        url: String,
    },
    /// An app's display mode changed.
    DisplayModeChanged {
        /// The instance.
        instance: InstanceId,
        /// The new mode.
        mode: DisplayMode,
    },
    /// Context an app gives the model for its next turn.
    ModelContext {
        /// From which app.
        instance: InstanceId,
        /// The context: content blocks, structured data, or both.
        context: UpdateModelContextParams,
    },
    /// An app's content size changed.
    SizeChanged {
        /// The instance.
        instance: InstanceId,
        /// Width in CSS pixels.
        width: Option<f64>,
        /// Height in CSS pixels.
        height: Option<f64>,
    },
    /// A log line: from an app (`notifications/message`) or about one (a dropped message).
    Log {
        /// The instance, if the line is about one.
        instance: Option<InstanceId>,
        /// How severe.
        level: LoggingLevel,
        /// What happened.
        message: String,
    },
    /// The same tool was called while an instance of it is open in a window; answer with
    /// [`AppHost::resolve_duplicate`].
    DuplicateInstance {
        /// The new instance, waiting.
        instance: InstanceId,
        /// The open ones.
        existing: Vec<InstanceId>,
    },
}

/// A call the host asks the embedder to make on an MCP server for a view; its answer goes to
/// [`AppHost::server_reply`].
#[derive(Debug, Clone, PartialEq)]
pub enum ServerCall {
    /// `tools/call`.
    CallTool {
        /// The tool.
        name: String,
        /// Its arguments.
        arguments: serde_json::Map<String, Value>,
    },
    /// `resources/read`.
    ReadResource {
        /// The resource.
        uri: String,
    },
}

/// What the host asks the embedder to do.
#[derive(Debug, Clone, PartialEq)]
pub enum Output {
    /// Deliver a message to a view.
    ToView {
        /// The view's instance.
        instance: InstanceId,
        /// The JSON-RPC message.
        message: Value,
    },
    /// Make a call on a server for a view.
    ToServer {
        /// The asking instance.
        instance: InstanceId,
        /// The server.
        server: String,
        /// The view's request id, to pass back with the answer.
        request: Value,
        /// The call.
        call: ServerCall,
    },
    /// Tell the GUI.
    Event(HostEvent),
}

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
}

/// The app host. See the module docs.
pub struct AppHost {
    options: HostOptions,
    store: Arc<dyn StateStore>,
    instances: BTreeMap<InstanceId, Instance>,
    tools: BTreeMap<String, Vec<Tool>>,
    thread: String,
    generating: BTreeMap<String, bool>,
    outputs: VecDeque<Output>,
    next_instance: u64,
    next_request: i64,
    now: Instant,
}

impl AppHost {
    /// A host with these options and this state store, in thread `"default"`.
    pub fn new(options: HostOptions, store: Arc<dyn StateStore>) -> Self {
        Self {
            options,
            store,
            instances: BTreeMap::new(),
            tools: BTreeMap::new(),
            thread: "default".to_owned(),
            generating: BTreeMap::new(),
            outputs: VecDeque::new(),
            next_instance: 1,
            next_request: 1,
            now: Instant::now(),
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
    pub fn set_server_tools(&mut self, server: &str, tools: Vec<Tool>) {
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
        let mut instance = Instance {
            thread,
            spec,
            phase: Phase::Starting,
            held: Vec::new(),
            input: None,
            outcome: None,
            recreated: false,
            opened_at: id.0,
        };
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

    /// The tool call's result (a `CallToolResult` as JSON).
    pub fn tool_result(&mut self, tool_call_id: &str, result: &Value) {
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

    /// The model started (or stopped) generating a reply in `thread`: every app of the thread
    /// is told, so it can lock its controls.
    pub fn set_generating(&mut self, thread: &str, pending: bool) {
        self.generating.insert(thread.to_owned(), pending);
        let ids: Vec<InstanceId> = self
            .instances
            .iter()
            .filter(|(_, i)| {
                i.thread == thread && matches!(i.phase, Phase::Starting | Phase::Ready)
            })
            .map(|(id, _)| *id)
            .collect();
        for id in ids {
            self.send_view(
                id,
                wire::notify::<ResponseGenerationStatus>(&ResponseGenerationStatusParams {
                    is_pending: pending,
                }),
            );
        }
    }

    /// The user switched threads: the open apps of the old thread are closed (their last saved
    /// state is in the store), and the apps of the new thread come back and get `load-state`.
    pub fn switch_thread(&mut self, thread: &str) {
        if thread == self.thread {
            return;
        }
        let leaving: Vec<InstanceId> = self
            .instances
            .iter()
            .filter(|(_, i)| {
                i.thread == self.thread && matches!(i.phase, Phase::Starting | Phase::Ready)
            })
            .map(|(id, _)| *id)
            .collect();
        for id in leaving {
            self.send_view_now(
                id,
                wire::request::<ResourceTeardown>(
                    self.next_request,
                    &ResourceTeardownParams::default(),
                ),
            );
            self.next_request += 1;
            if let Some(i) = self.instances.get_mut(&id) {
                i.phase = Phase::Suspended;
                i.held.clear();
            }
            self.event(HostEvent::CloseApp {
                instance: id,
                reason: CloseReason::ThreadSwitched,
                keep_in_history: false,
            });
        }
        thread.clone_into(&mut self.thread);
        let returning: Vec<InstanceId> = self
            .instances
            .iter()
            .filter(|(_, i)| i.thread == thread && i.phase == Phase::Suspended)
            .map(|(id, _)| *id)
            .collect();
        for id in returning {
            self.bring_back(id);
        }
    }

    /// Recreates a suspended instance: its view gets what the first one got (input, result),
    /// then its saved state.
    fn bring_back(&mut self, id: InstanceId) {
        let Some(i) = self.instances.get_mut(&id) else {
            return;
        };
        i.phase = Phase::Starting;
        i.recreated = true;
        let mut replay = Vec::new();
        if let Some(input) = &i.input {
            replay.push(wire::notify::<ToolInput>(&tool_input(input)));
        }
        if let Some(outcome) = &i.outcome {
            replay.push(outcome.clone());
        }
        let key = state_key(i);
        let spec = i.spec.clone();
        i.held = replay;
        match self.store.load(&key) {
            Ok(Some(state)) => {
                if let Some(i) = self.instances.get_mut(&id) {
                    i.held
                        .push(wire::notify::<LoadState>(&LoadStateParams { state }));
                }
            }
            Ok(None) => {}
            Err(e) => self.log(
                Some(id),
                LoggingLevel::Warning,
                format!("the saved state cannot be read: {e}"),
            ),
        }
        self.event(HostEvent::OpenApp {
            instance: id,
            spec: Box::new(spec),
            recreated: true,
        });
    }

    /// Brings back an app of an earlier session (the embedder kept its conversation): an
    /// instance of `spec` in `thread` that had `input` and `result`. In the thread on screen it
    /// opens at once ([`HostEvent::OpenApp`] with `recreated`), else when its thread comes
    /// back; either way its view gets the input, the result and the state saved under the same
    /// thread and tool call.
    pub fn restore_app(
        &mut self,
        thread: &str,
        spec: AppSpec,
        input: Option<Value>,
        result: Option<&Value>,
    ) -> InstanceId {
        let id = InstanceId(self.next_instance);
        self.next_instance += 1;
        self.instances.insert(
            id,
            Instance {
                thread: thread.to_owned(),
                spec,
                phase: Phase::Suspended,
                held: Vec::new(),
                input,
                outcome: result.map(|r| wire::notify_as_is::<ToolResult>(r.clone())),
                recreated: true,
                opened_at: id.0,
            },
        );
        if thread == self.thread {
            self.bring_back(id);
        }
        id
    }

    /// Changes the theme: every open view is told (`host-context-changed`), and views opened
    /// later start with it.
    pub fn set_theme(&mut self, theme: mcpapp_protocol::Theme) {
        if self.options.theme == theme {
            return;
        }
        self.options.theme = theme;
        let open: Vec<InstanceId> = self
            .instances
            .iter()
            .filter(|(_, i)| matches!(i.phase, Phase::Starting | Phase::Ready))
            .map(|(id, _)| *id)
            .collect();
        let message = wire::notify::<HostContextChanged>(&HostContext {
            theme: Some(self.options.theme.clone()),
            ..HostContext::default()
        });
        for id in open {
            self.send_view(id, message.clone());
        }
    }

    /// What a second call of a tool open in a window does from now on.
    pub fn set_duplicate_policy(&mut self, policy: DuplicatePolicy) {
        self.options.duplicate_policy = policy;
    }

    /// The host's options as they are now.
    pub fn options(&self) -> &HostOptions {
        &self.options
    }

    /// The embedder moves an app to another display mode (the user dragged it out of the
    /// conversation, made it fullscreen): the view is told, and
    /// [`HostEvent::DisplayModeChanged`] follows, as when the app asks itself. A mode the
    /// host does not offer is refused (`false`).
    pub fn set_display_mode(&mut self, instance: InstanceId, mode: DisplayMode) -> bool {
        if !self.options.display_modes.contains(&mode) {
            return false;
        }
        self.change_display_mode(instance, mode);
        true
    }

    /// Records and announces a new display mode (nothing when it is the current one).
    pub(super) fn change_display_mode(&mut self, instance: InstanceId, mode: DisplayMode) {
        let Some(i) = self.instances.get_mut(&instance) else {
            return;
        };
        if i.spec.display_mode == mode {
            return;
        }
        i.spec.display_mode = mode.clone();
        self.send_view(
            instance,
            wire::notify::<HostContextChanged>(&HostContext {
                display_mode: Some(mode.clone()),
                ..HostContext::default()
            }),
        );
        self.event(HostEvent::DisplayModeChanged { instance, mode });
    }

    /// The embedder closes an app (the user closed its window).
    pub fn close(&mut self, instance: InstanceId) {
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
    }

    /// A server's answer to a [`ServerCall`] a view asked for.
    pub fn server_reply(
        &mut self,
        instance: InstanceId,
        request: &Value,
        reply: Result<Value, JsonRpcError>,
    ) {
        // The view's own request id, passed through the embedder unchanged.
        let Ok(id) = RequestId::deserialize(request) else {
            self.log(
                Some(instance),
                LoggingLevel::Warning,
                format!("dropped a server's answer to a request id that is no id: {request}"),
            );
            return;
        };
        self.send_view(instance, wire::reply(id, reply));
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
