//! The GUI thread's handle on the host: commands go to the worker thread, updates come back,
//! and every open app's view lives here, on the thread that draws it.

use std::cell::Cell;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::mpsc as std_mpsc;
use std::time::{Duration, Instant};

use mcpapp_host::mcp::ServerSpec;
use mcpapp_host::{AppSpec, DuplicatePolicy, HostEvent, InstanceId};
use mcpapp_protocol::{CallToolResult, DisplayMode, Theme, Tool};
use serde::Serialize;
use serde_json::Value;
use tokio::sync::mpsc;

use crate::app::HostedApp;
use crate::downloads::PendingDownload;
use crate::pending::Pending;
use crate::questions::PendingQuestion;
use crate::worker::{Command, Update, Worker};
use crate::{EguiHostError, HandleOptions, HostUpdate, ToolCall, WarmPage};

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
    /// What waits for the user and belongs to no open app.
    pending: Pending,
    /// Where downloads go.
    downloads_folder: Option<PathBuf>,
    /// The number of the next tool call id the handle makes.
    next_call: Cell<u64>,
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
        let downloads_folder = options
            .downloads_folder
            .clone()
            .or_else(mcpapp_host::downloads_folder);
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
            pending: Pending::default(),
            downloads_folder,
            next_call: Cell::new(1),
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

    /// The agent calls `tool` of `server` with `arguments` (anything that serializes to a JSON
    /// object, or `()` for none), inline: a tool with a view opens its app
    /// ([`HostUpdate::AppOpened`], then [`HostUpdate::ToolResult`]); a result carrying a card
    /// or A2UI opens a native app; any other result comes as [`HostUpdate::CallDone`]. The
    /// call's id, which its updates carry.
    pub fn call_tool(
        &self,
        server: impl Into<String>,
        tool: impl Into<String>,
        arguments: impl Serialize,
    ) -> Result<String, EguiHostError> {
        Ok(self.call(ToolCall::new(server, tool).arguments(arguments)?))
    }

    /// Makes `call` (see [`ToolCall`]); its id, which its updates carry.
    pub fn call(&self, call: ToolCall) -> String {
        let tool_call_id = call.tool_call_id.unwrap_or_else(|| {
            let n = self.next_call.get();
            self.next_call.set(n + 1);
            format!("mcpapp-call-{n}")
        });
        self.send(Command::Call {
            server: call.server,
            tool: call.tool,
            arguments: call.arguments,
            tool_call_id: tool_call_id.clone(),
            display_mode: call.display_mode,
        });
        tool_call_id
    }

    /// The user switched to `thread`: its apps close, the other thread's come back, and the
    /// questions asked in another thread are cancelled (by the host, which closes them).
    pub fn switch_thread(&self, thread: impl Into<String>) {
        self.send(Command::SwitchThread(thread.into()));
    }

    /// The model is (or stops) generating a reply in `thread`: its apps and questions lock
    /// (unlock).
    pub fn set_generating(&self, thread: impl Into<String>, pending: bool) {
        self.send(Command::SetGenerating {
            thread: thread.into(),
            pending,
        });
    }

    /// What waits for the user and belongs to no open app: servers' questions and sampling
    /// requests asked for no app (draw them with [`crate::PendingView`]). Those of an app are
    /// in [`HostedApp::pending`], drawn by [`crate::AppView`].
    pub fn pending_mut(&mut self) -> &mut Pending {
        &mut self.pending
    }

    /// What waits for the user and belongs to no open app.
    #[must_use]
    pub fn pending(&self) -> &Pending {
        &self.pending
    }

    /// Every question and sampling request waiting for the user, of the apps and of none.
    pub fn questions(&self) -> impl Iterator<Item = &PendingQuestion> {
        self.apps
            .values()
            .flat_map(|a| a.pending().questions())
            .chain(self.pending.questions())
    }

    /// Every download waiting for the user.
    pub fn downloads(&self) -> impl Iterator<Item = &PendingDownload> {
        self.apps
            .values()
            .flat_map(|a| a.pending().downloads())
            .chain(self.pending.downloads())
    }

    /// Every download waiting for the user, to answer them without drawing them.
    pub fn downloads_mut(&mut self) -> impl Iterator<Item = &mut PendingDownload> {
        self.apps
            .values_mut()
            .flat_map(|a| a.pending.downloads.iter_mut())
            .chain(self.pending.downloads.iter_mut())
    }

    /// Answers an app's download the embedder handled itself, without drawing it: saved
    /// (`Ok`), or not and why.
    pub fn answer_download(&mut self, instance: InstanceId, outcome: Result<(), String>) {
        let pending = match self.apps.get_mut(&instance) {
            Some(app) => &mut app.pending,
            None => &mut self.pending,
        };
        if let Some(download) = pending
            .downloads
            .iter_mut()
            .find(|d| d.instance() == instance && !d.is_answered())
        {
            download.answer(outcome);
        }
    }

    /// The question `id`, while it is shown.
    #[must_use]
    pub fn question(&self, id: InstanceId) -> Option<&PendingQuestion> {
        self.questions().find(|q| q.id() == id)
    }

    /// Cancels the question `id` (the user closed it): it is gone at once, and the host
    /// cancels it with the server.
    pub fn cancel_question(&mut self, id: InstanceId) {
        self.take_question(id);
        self.send(Command::Close(id));
    }

    /// Takes question `id` out of wherever it waits.
    fn take_question(&mut self, id: InstanceId) -> Option<PendingQuestion> {
        self.apps
            .values_mut()
            .find_map(|a| a.pending.take_question(id))
            .or_else(|| self.pending.take_question(id))
    }

    /// The question `id`, wherever it waits.
    fn question_mut(&mut self, id: InstanceId) -> Option<&mut PendingQuestion> {
        self.apps
            .values_mut()
            .flat_map(|a| a.pending.questions.iter_mut())
            .chain(self.pending.questions.iter_mut())
            .find(|q| q.id() == id)
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

    /// Evaluates a JavaScript expression in the frame of an HTML app shown headless
    /// ([`ShowHtmlIn::Headless`](crate::ShowHtmlIn::Headless)), under the app's own rules, as a
    /// script or a test drives the app (a click, a read); a promise is awaited.
    /// [`HostUpdate::Evaluated`] follows.
    pub fn evaluate(&self, instance: InstanceId, expression: impl Into<String>) {
        self.send(Command::Evaluate(instance, expression.into()));
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
                Update::Question { instance, spec } => {
                    // The embedder hears of it too (to print it, to draw attention to it).
                    out.push(HostUpdate::Event(HostEvent::OpenQuestion {
                        instance,
                        question: spec.clone(),
                    }));
                    let question = PendingQuestion::new(instance, *spec, self.commands.clone());
                    let owner = question.owner().and_then(|id| self.apps.get_mut(&id));
                    match owner {
                        Some(app) => app.pending.questions.push(question),
                        None => self.pending.questions.push(question),
                    }
                }
                Update::Refused { instance, why } => {
                    if let Some(question) = self.question_mut(instance) {
                        question.refused(&why);
                    }
                }
                Update::Public(update) => {
                    self.apply(&update);
                    out.push(update);
                }
            }
        }
        self.pending.forget_answered();
        for app in self.apps.values_mut() {
            app.pending.forget_answered();
        }
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
                self.take_question(*instance);
                let closing = self.apps.get_mut(instance).map(|app| {
                    // The host cancels an app's download with the app; its questions live
                    // on (their server still waits) and move to the rest.
                    app.pending.downloads.clear();
                    std::mem::take(&mut app.pending)
                });
                if let Some(mut left) = closing {
                    self.pending.adopt(&mut left);
                }
                if *keep_in_history {
                    if let Some(app) = self.apps.get_mut(instance) {
                        app.set_closed();
                    }
                } else {
                    self.apps.remove(instance);
                }
            }
            HostUpdate::Event(HostEvent::QuestionLocked { instance, locked }) => {
                if let Some(question) = self.question_mut(*instance) {
                    question.set_locked(*locked);
                }
            }
            HostUpdate::Event(HostEvent::DownloadFile {
                instance,
                request,
                files,
            }) => {
                let download = PendingDownload::new(
                    *instance,
                    request.clone(),
                    files.clone(),
                    self.downloads_folder.clone(),
                    self.commands.clone(),
                );
                match self.apps.get_mut(instance) {
                    Some(app) => app.pending.downloads.push(download),
                    None => self.pending.downloads.push(download),
                }
            }
            HostUpdate::Presented { instance, result } => {
                if let Some(app) = self.apps.get_mut(instance) {
                    app.set_presented(result.clone().map_err(|e| e.to_string()));
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
