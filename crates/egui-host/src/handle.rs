//! The GUI thread's handle on the host: commands go to the worker thread, updates come back,
//! and every open app's view lives here, on the thread that draws it.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::mpsc as std_mpsc;
use std::time::{Duration, Instant};

use mcpapp_host::mcp::{ClientOptions, ServerInfo, ServerSpec};
use mcpapp_host::store::{MemoryStore, StateStore};
use mcpapp_host::{AppSpec, CloseReason, DuplicatePolicy, HostEvent, HostOptions, InstanceId};
use mcpapp_html::{BridgeOptions, Presenter};
use mcpapp_protocol::{CallToolResult, DisplayMode, Theme, Tool};
use serde_json::{Map, Value};
use tokio::sync::mpsc;

use crate::app::HostedApp;
use crate::downloads::PendingDownload;
use crate::questions::Question;
use crate::sampling::{GuiSampling, Sample};
use crate::worker::{Command, Update, Worker};

/// The thread a host starts in (`mcpapp_host::AppHost`'s).
const DEFAULT_THREAD: &str = "default";

/// Why the handle could not start, or a scripted action ([`crate::HostedApp::fill`],
/// [`crate::HostedApp::press`]) could not be done.
#[derive(Debug, thiserror::Error)]
pub enum EguiHostError {
    /// The worker thread or its async runtime could not be started.
    #[error("cannot start the host's worker thread: {0}")]
    Start(String),
    /// The app has no field of this id that a person could fill.
    #[error("the app has no field `{0}` to fill")]
    NoSuchField(String),
    /// The app has no button or action with this label.
    #[error("the app has no button labelled `{0}`")]
    NoSuchButton(String),
    /// A check of the app stopped the action, as it would stop a click (the check's message).
    #[error("not sent: {0}")]
    Blocked(String),
    /// The action was not sent (the app is locked, not connected yet, names no tool).
    #[error("not sent: {0}")]
    NotSent(String),
    /// An HTML app is driven by its own page, not by the host.
    #[error("an HTML app's controls are its page's; the host cannot press them")]
    NotNative,
    /// A link was not opened ([`crate::open_link`]): the host's rules refuse it (the reason
    /// names the link), or the browser could not be started.
    #[error("{0}")]
    Link(String),
}

/// When an HTML app is shown in a window of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PresentHtml {
    /// When the user asks for it ([`crate::AppView`]'s button, [`HostHandle::present`]).
    #[default]
    OnRequest,
    /// As soon as the app opens (a host that has nothing else to show, such as
    /// `mcpapp connect`).
    AtOnce,
}

/// Where HTML apps are shown.
#[derive(Default)]
pub enum HtmlPresenter {
    /// A Chromium app window when Chromium is installed and we are not root, else the system
    /// browser ([`mcpapp_html::presenter::desktop_presenter`]).
    #[default]
    Desktop,
    /// A tab of one headless Chromium, started on the first app (scripts, CI, screenshots).
    Headless,
    /// Any other presenter.
    Custom(Box<dyn Presenter>),
}

/// How the handle's host behaves. `Default`: the host's defaults, state kept in memory, the
/// client's defaults, HTML apps in a desktop window on request.
pub struct HandleOptions {
    /// The host's name, theme, display modes, duplicate policy, teardown timeout.
    pub host: HostOptions,
    /// Where apps' saved state goes (`SqliteStore::open_default()` for a real host).
    pub store: Arc<dyn StateStore>,
    /// How servers are connected: mime types advertised, timeouts.
    pub client: ClientOptions,
    /// Where HTML apps are shown.
    pub presenter: HtmlPresenter,
    /// When HTML apps are shown.
    pub present_html: PresentHtml,
    /// Whether servers' sampling requests are answered by the user (a card with the request
    /// and a reply field, [`crate::SampleView`]) when the embedder has no model of its own
    /// (`client.handlers.sampling`); off by default (sampling is then not offered).
    pub sample_by_user: bool,
    /// How HTML apps' bridges are set up: the largest message, and what apps' CSP domains may
    /// name (`bridge.csp.allow_private_origins` lets an app under development reach a backend
    /// on this machine or the local network). What an app declared and the bridge refused is
    /// told once per app as a warning ([`mcpapp_host::AppHost::sandbox_refused`]) and shown by
    /// [`crate::AppView`].
    pub bridge: BridgeOptions,
}

impl Default for HandleOptions {
    fn default() -> Self {
        Self {
            host: HostOptions::default(),
            store: Arc::new(MemoryStore::default()),
            client: ClientOptions::default(),
            presenter: HtmlPresenter::Desktop,
            present_html: PresentHtml::default(),
            sample_by_user: false,
            bridge: BridgeOptions::default(),
        }
    }
}

impl std::fmt::Debug for HandleOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HandleOptions")
            .field("host", &self.host)
            .field("client", &self.client)
            .field("present_html", &self.present_html)
            .finish_non_exhaustive()
    }
}

/// What happened in the host since the last [`HostHandle::poll`].
#[derive(Debug, Clone, PartialEq)]
pub enum HostUpdate {
    /// A server is connected; its tools (all of them: filter with
    /// [`Tool::is_model_visible`] for the agent's list).
    ServerConnected {
        /// The server's id.
        server: String,
        /// What it said about itself.
        info: Box<ServerInfo>,
        /// Its tools.
        tools: Vec<Tool>,
    },
    /// A server could not be connected.
    ServerFailed {
        /// The server's id.
        server: String,
        /// Why, in words.
        error: String,
    },
    /// An agent's tool call opened no app: its result (an error result when the call failed
    /// on the server).
    CallDone {
        /// The agent's tool call id.
        tool_call_id: String,
        /// The result.
        result: CallToolResult,
    },
    /// An agent's tool call could not be made (no such server or tool, a view that cannot be
    /// read).
    CallFailed {
        /// The agent's tool call id.
        tool_call_id: String,
        /// Why, in words.
        error: String,
    },
    /// The result of an agent's tool call that opened an app (the app gets it too): what the
    /// agent would give the model, and what a conversation keeps to bring the app back.
    ToolResult {
        /// The agent's tool call id.
        tool_call_id: String,
        /// The result.
        result: CallToolResult,
    },
    /// An app is open: [`HostHandle::app_mut`] has it, draw it with [`crate::AppView`].
    AppOpened {
        /// The instance.
        instance: InstanceId,
        /// What it shows.
        spec: Box<AppSpec>,
        /// Whether it came back (thread switch, restore) and gets its saved state.
        recreated: bool,
    },
    /// An app's view could not be built; the host closes it.
    AppFailed {
        /// The instance.
        instance: InstanceId,
        /// Why, in words.
        error: String,
    },
    /// An app closed. With `keep_in_history` it stays in [`HostHandle::app`], locked, as the
    /// conversation's record; otherwise it is gone.
    AppClosed {
        /// The instance.
        instance: InstanceId,
        /// Why.
        reason: CloseReason,
        /// Whether the conversation keeps showing it.
        keep_in_history: bool,
    },
    /// An HTML app's window opened, or could not be opened.
    Presented {
        /// The instance.
        instance: InstanceId,
        /// `Err` with the reason when no window could be opened.
        result: Result<(), String>,
    },
    /// The user closed an HTML app's own window.
    PresentationClosed {
        /// The instance.
        instance: InstanceId,
    },
    /// A PNG of an HTML app shown headless ([`HostHandle::screenshot`]).
    Screenshot {
        /// The instance.
        instance: InstanceId,
        /// The PNG, or why there is none.
        png: Result<Vec<u8>, String>,
    },
    /// Anything else the host says: a chat message, a link to open, a display mode change,
    /// model context, a size change, a log line, a duplicate to resolve.
    Event(HostEvent),
}

/// Asks egui for a repaint when the worker has news; nothing without a context (headless).
#[derive(Clone, Default)]
pub(crate) struct Repaint(Option<egui::Context>);

impl Repaint {
    pub(crate) fn now(&self) {
        if let Some(ctx) = &self.0 {
            ctx.request_repaint();
        }
    }

    pub(crate) fn after(&self, delay: Duration) {
        if let Some(ctx) = &self.0 {
            ctx.request_repaint_after(delay);
        }
    }
}

/// The page of a warm bridge: a session ready for the next HTML app, which a presenter can
/// load ahead of time ([`HostHandle::keep_html_warm`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WarmPage {
    /// The host page's address, session token included (a secret).
    pub url: String,
    /// The bridge's sandbox proxy origin.
    pub proxy_origin: String,
}

/// The host, seen from the GUI thread. See the crate docs.
///
/// Dropping it closes the host: pending saves are sent, HTML windows closed, servers stopped,
/// and the worker thread joined.
pub struct HostHandle {
    commands: mpsc::UnboundedSender<Command>,
    updates: std_mpsc::Receiver<Update>,
    apps: BTreeMap<InstanceId, HostedApp>,
    servers: BTreeMap<String, Vec<Tool>>,
    repaint: Repaint,
    worker: Option<std::thread::JoinHandle<()>>,
    /// Whether a warm bridge was asked for, and the page of the one waiting now.
    keep_warm: bool,
    warm: Option<WarmPage>,
    /// Servers' questions waiting for the user, the sampling requests, the thread shown, the
    /// threads whose model is replying, and the next sampling request's id.
    questions: Vec<Question>,
    samples: Vec<Sample>,
    /// Apps' downloads waiting for the user.
    downloads: Vec<PendingDownload>,
    thread: String,
    generating: std::collections::BTreeSet<String>,
    next_sample: u64,
}

impl HostHandle {
    /// Starts the host on a worker thread. With `ctx`, the GUI is repainted whenever the host
    /// has news for it; without (headless use, tests), call [`Self::poll`] on your own clock.
    pub fn start(
        ctx: Option<&egui::Context>,
        options: HandleOptions,
    ) -> Result<Self, EguiHostError> {
        let repaint = Repaint(ctx.cloned());
        let (commands, commands_rx) = mpsc::unbounded_channel();
        let (updates_tx, updates) = std_mpsc::channel();
        let mut options = options;
        if options.sample_by_user && options.client.handlers.sampling.is_none() {
            options.client.handlers.sampling = Some(Arc::new(GuiSampling {
                updates: updates_tx.clone(),
                repaint: repaint.clone(),
            }));
        }
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("mcpapp-host")
            .enable_all()
            .build()
            .map_err(|e| EguiHostError::Start(e.to_string()))?;
        let worker_repaint = repaint.clone();
        let worker = std::thread::Builder::new()
            .name("mcpapp-host".to_owned())
            .spawn(move || {
                runtime
                    .block_on(Worker::new(options, commands_rx, updates_tx, worker_repaint).run());
                // Tasks still running (a server that does not answer) are not waited for.
                runtime.shutdown_timeout(Duration::from_secs(2));
            })
            .map_err(|e| EguiHostError::Start(e.to_string()))?;
        Ok(Self {
            commands,
            updates,
            apps: BTreeMap::new(),
            servers: BTreeMap::new(),
            repaint,
            worker: Some(worker),
            keep_warm: false,
            warm: None,
            questions: Vec::new(),
            samples: Vec::new(),
            downloads: Vec::new(),
            thread: DEFAULT_THREAD.to_owned(),
            generating: std::collections::BTreeSet::new(),
            next_sample: 1,
        })
    }

    fn send(&self, command: Command) {
        // The worker only stops when the handle is dropped; a send cannot fail before.
        let _ = self.commands.send(command);
    }

    /// Connects a server under `id` ([`HostUpdate::ServerConnected`] or
    /// [`HostUpdate::ServerFailed`] follows).
    pub fn connect(&self, id: impl Into<String>, spec: ServerSpec) {
        self.send(Command::Connect {
            id: id.into(),
            spec,
        });
    }

    /// The agent calls `tool` of `server`: a tool with a view opens its app
    /// ([`HostUpdate::AppOpened`], then [`HostUpdate::ToolResult`]); a result carrying a card
    /// opens a card app; any other result comes as [`HostUpdate::CallDone`].
    pub fn call_tool(
        &self,
        server: impl Into<String>,
        tool: impl Into<String>,
        arguments: Map<String, Value>,
        tool_call_id: impl Into<String>,
        display_mode: DisplayMode,
    ) {
        self.send(Command::Call {
            server: server.into(),
            tool: tool.into(),
            arguments,
            tool_call_id: tool_call_id.into(),
            display_mode,
        });
    }

    /// The user switched to `thread`: its apps close, the other thread's come back, and the
    /// questions asked in another thread are cancelled (by the host, which closes them).
    pub fn switch_thread(&mut self, thread: impl Into<String>) {
        let thread = thread.into();
        // Dropping a sampling request refuses it.
        self.samples.retain(|s| s.thread() == thread);
        self.thread.clone_from(&thread);
        self.send(Command::SwitchThread(thread));
    }

    /// The model is (or stops) generating a reply in `thread`: its apps and questions lock
    /// (unlock).
    pub fn set_generating(&mut self, thread: impl Into<String>, pending: bool) {
        let thread = thread.into();
        if pending {
            self.generating.insert(thread.clone());
        } else {
            self.generating.remove(&thread);
        }
        self.send(Command::SetGenerating { thread, pending });
    }

    /// The servers' questions waiting for the user (draw each with
    /// [`crate::QuestionView`], locked while [`Self::is_generating`] its thread).
    pub fn questions_mut(&mut self) -> impl Iterator<Item = &mut Question> {
        self.questions.iter_mut()
    }

    /// The servers' questions waiting for the user, oldest first.
    pub fn questions(&self) -> impl Iterator<Item = &Question> {
        self.questions.iter()
    }

    /// Apps' downloads waiting for the user.
    pub fn downloads(&self) -> impl Iterator<Item = &PendingDownload> {
        self.downloads.iter()
    }

    /// Apps' downloads waiting for the user (draw each with [`crate::DownloadView`]).
    pub fn downloads_mut(&mut self) -> impl Iterator<Item = &mut PendingDownload> {
        self.downloads.iter_mut()
    }

    /// Answers an app's download the embedder handled itself, without
    /// [`crate::DownloadView`]: saved (`Ok`), or not and why.
    pub fn answer_download(&mut self, instance: InstanceId, outcome: Result<(), String>) {
        if let Some(download) = self
            .downloads
            .iter_mut()
            .find(|d| d.instance() == instance && !d.is_answered())
        {
            download.answer(outcome);
        }
    }

    /// The question `id`, while it is shown.
    #[must_use]
    pub fn question(&self, id: InstanceId) -> Option<&Question> {
        self.questions.iter().find(|q| q.id() == id)
    }

    /// The sampling requests waiting for the user's reply ([`HandleOptions::sample_by_user`];
    /// draw each with [`crate::SampleView`]).
    pub fn samples_mut(&mut self) -> impl Iterator<Item = &mut Sample> {
        self.samples.iter_mut()
    }

    /// Whether the model is replying in `thread`.
    #[must_use]
    pub fn is_generating(&self, thread: &str) -> bool {
        self.generating.contains(thread)
    }

    /// Cancels the question `id` (the user closed it): it is gone from
    /// [`Self::questions_mut`] at once, and the host cancels it with the server.
    pub fn cancel_question(&mut self, id: InstanceId) {
        self.questions.retain(|q| q.id() != id);
        self.send(Command::Close(id));
    }

    /// Closes an app (teardown first, as the spec asks).
    pub fn close(&self, instance: InstanceId) {
        self.send(Command::Close(instance));
    }

    /// Changes the theme every app is told about.
    pub fn set_theme(&self, theme: Theme) {
        self.send(Command::SetTheme(theme));
    }

    /// What a second call of a tool open in a window does from now on.
    pub fn set_duplicate_policy(&self, policy: DuplicatePolicy) {
        self.send(Command::SetDuplicatePolicy(policy));
    }

    /// Answers [`HostEvent::DuplicateInstance`].
    pub fn resolve_duplicate(&self, instance: InstanceId, policy: DuplicatePolicy) {
        self.send(Command::ResolveDuplicate(instance, policy));
    }

    /// Moves an app to another display mode (inline, window, fullscreen).
    pub fn set_display_mode(&self, instance: InstanceId, mode: DisplayMode) {
        self.send(Command::SetDisplayMode(instance, mode));
    }

    /// Brings back an app of an earlier session (see [`mcpapp_host::AppHost::restore_app`]);
    /// its server must be connected.
    pub fn restore_app(
        &self,
        thread: impl Into<String>,
        spec: AppSpec,
        input: Option<Value>,
        result: Option<CallToolResult>,
    ) {
        self.send(Command::Restore {
            thread: thread.into(),
            spec: Box::new(spec),
            input,
            result,
        });
    }

    /// Shows an HTML app in a window of its own ([`HostUpdate::Presented`] follows).
    pub fn present(&self, instance: InstanceId) {
        self.send(Command::Present(instance));
    }

    /// A PNG of an HTML app shown headless, at `height` CSS pixels when given
    /// ([`HostUpdate::Screenshot`] follows).
    pub fn screenshot(&self, instance: InstanceId, height: Option<f64>) {
        self.send(Command::Screenshot(instance, height));
    }

    /// Keeps one bridge warm from now on: the worker starts a session with no app yet, whose
    /// page ([`Self::warm_page`]) a presenter loads ahead of time; the next HTML app goes
    /// straight into it (its HTML is sent the moment the app opens), and another warms up.
    /// [`crate::Webviews::keep_warm`] calls it. Only useful when the page is shown before an
    /// app needs it; a presenter that opens pages on demand gains nothing.
    pub fn keep_html_warm(&mut self) {
        if !self.keep_warm {
            self.keep_warm = true;
            self.send(Command::KeepWarm);
        }
    }

    /// The page of the warm bridge waiting for the next HTML app, once
    /// [`Self::keep_html_warm`] asked for one.
    #[must_use]
    pub fn warm_page(&self) -> Option<&WarmPage> {
        self.warm.as_ref()
    }

    /// The host's news since the last call, and the open apps' views kept alive: the host's
    /// messages reach them, their pending saves go out. Call it once per frame, before drawing
    /// the apps.
    pub fn poll(&mut self) -> Vec<HostUpdate> {
        let mut out = Vec::new();
        while let Ok(update) = self.updates.try_recv() {
            match update {
                Update::Opened {
                    instance,
                    spec,
                    recreated,
                    view,
                } => {
                    let app =
                        HostedApp::new(instance, (*spec).clone(), view, self.commands.clone());
                    self.apps.insert(instance, app);
                    out.push(HostUpdate::AppOpened {
                        instance,
                        spec,
                        recreated,
                    });
                }
                Update::Warm(page) => self.warm = Some(page),
                Update::Sample(asked) => {
                    let id = self.next_sample;
                    self.next_sample += 1;
                    self.samples.push(Sample::new(id, &self.thread, asked));
                }
                Update::Question {
                    instance,
                    thread,
                    spec,
                } => {
                    // The embedder hears of it too (to print it, to draw attention to it).
                    out.push(HostUpdate::Event(HostEvent::OpenQuestion {
                        instance,
                        question: spec.clone(),
                    }));
                    let question = Question::new(instance, &thread, *spec, self.commands.clone());
                    self.questions.push(question);
                }
                Update::Refused { instance, why } => {
                    if let Some(question) = self.questions.iter_mut().find(|q| q.id() == instance) {
                        question.refused(&why);
                    }
                }
                Update::Public(update) => {
                    self.apply(&update);
                    out.push(update);
                }
            }
        }
        self.samples.retain(|s| !s.is_answered());
        self.downloads.retain(|d| !d.is_answered());
        let now = Instant::now();
        let mut next_save: Option<Instant> = None;
        for app in self.apps.values_mut() {
            if let Some(due) = app.keep_alive(now) {
                next_save = Some(next_save.map_or(due, |d| d.min(due)));
            }
        }
        if let Some(due) = next_save {
            self.repaint.after(due.saturating_duration_since(now));
        }
        out
    }

    /// What the handle itself keeps of an update.
    fn apply(&mut self, update: &HostUpdate) {
        match update {
            HostUpdate::ServerConnected { server, tools, .. } => {
                self.servers.insert(server.clone(), tools.clone());
            }
            HostUpdate::AppClosed {
                instance,
                keep_in_history,
                ..
            } => {
                self.questions.retain(|q| q.id() != *instance);
                self.downloads.retain(|d| d.instance() != *instance);
                if *keep_in_history {
                    if let Some(app) = self.apps.get_mut(instance) {
                        app.set_closed();
                    }
                } else {
                    self.apps.remove(instance);
                }
            }
            HostUpdate::Event(HostEvent::DownloadFile {
                instance,
                request,
                files,
            }) => self.downloads.push(PendingDownload::new(
                *instance,
                request.clone(),
                files.clone(),
                self.commands.clone(),
            )),
            HostUpdate::Presented { instance, result } => {
                if let Some(app) = self.apps.get_mut(instance) {
                    app.set_presented(result.clone());
                }
            }
            HostUpdate::PresentationClosed { instance } => {
                if let Some(app) = self.apps.get_mut(instance) {
                    app.set_presented(Err("its window was closed".to_owned()));
                }
            }
            HostUpdate::Event(HostEvent::DisplayModeChanged { instance, mode }) => {
                if let Some(app) = self.apps.get_mut(instance) {
                    app.set_display_mode(mode.clone());
                }
            }
            HostUpdate::Event(HostEvent::SizeChanged {
                instance, height, ..
            }) => {
                if let Some(app) = self.apps.get_mut(instance) {
                    app.set_height(*height);
                }
            }
            _ => {}
        }
    }

    /// An open app (or one kept in the history).
    pub fn app(&self, instance: InstanceId) -> Option<&HostedApp> {
        self.apps.get(&instance)
    }

    /// An open app, to draw it.
    pub fn app_mut(&mut self, instance: InstanceId) -> Option<&mut HostedApp> {
        self.apps.get_mut(&instance)
    }

    /// Every open app (and those kept in the history), oldest first.
    pub fn apps_mut(&mut self) -> impl Iterator<Item = &mut HostedApp> {
        self.apps.values_mut()
    }

    /// Every open app (and those kept in the history), oldest first.
    pub fn apps(&self) -> impl Iterator<Item = &HostedApp> {
        self.apps.values()
    }

    /// The connected servers and their tools.
    pub fn servers(&self) -> &BTreeMap<String, Vec<Tool>> {
        &self.servers
    }
}

impl Drop for HostHandle {
    fn drop(&mut self) {
        // What the user typed in the last moment is saved before the host goes.
        for app in self.apps.values_mut() {
            app.flush_now();
        }
        self.apps.clear();
        self.send(Command::Shutdown);
        if let Some(worker) = self.worker.take() {
            let _ = worker.join();
        }
    }
}
