//! The demo's window: threads and the tool palette on the left, the transcript with apps
//! inline in the middle, the workspace of windowed apps on the right.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use egui::{CentralPanel, Frame, Margin, Panel, RichText, ScrollArea, Ui};
use mcpapp_card::HostConfig;
use mcpapp_egui_host::{
    AppViewEvent, BridgeOptions, DuplicateModal, DuplicateQuestion, HandleOptions, HostHandle,
    HostUpdate, HostedApp, PipEvent, ToolCall,
};

use crate::embed::Embed;
use mcpapp_host::mcp::ServerSpec;
use mcpapp_host::store::StateStore;
use mcpapp_host::{CloseReason, DuplicatePolicy, HostEvent, HostOptions, InstanceId};
use mcpapp_protocol::{ContentBlock, DisplayMode, Theme, UiMessageParams};
use serde_json::{Map, Value};

use crate::conversation::{Call, Conversation, Entry, new_tool_call_id};
use crate::palette::Palette;

/// How long the host "responds" to an app's message, with the thread's apps locked.
const RESPONDING: Duration = Duration::from_millis(1500);
/// How many log lines are kept.
const LOG_LINES: usize = 200;

/// What the demo runs with.
pub struct DemoOptions {
    /// The servers to connect, by id.
    pub servers: Vec<(String, ServerSpec)>,
    /// Where apps' state and the conversation are kept.
    pub store: Arc<dyn StateStore>,
    /// Prepares the egui context before the first frame (fonts with the glyphs cards use,
    /// image loaders): `mcpapp_egui::install`.
    pub setup: Option<fn(&egui::Context)>,
    /// Whether [`run`](crate::run) draws HTML apps inside the demo's window, in webviews
    /// (with the `webview` feature; where none can run, or without the feature, they open in a
    /// window of their own).
    pub in_window: bool,
    /// Whether apps' CSP domains may name origins on this machine or the local network (for
    /// developing apps against a local backend; off by default, and what an app declared and
    /// the host refused is logged).
    pub allow_private_origins: bool,
}

/// The bridges' options, with private origins allowed or not.
fn bridge_options(allow_private_origins: bool) -> BridgeOptions {
    let mut options = BridgeOptions::default();
    options.csp.allow_private_origins = allow_private_origins;
    options
}

/// What the user asked of an app through the demo's own buttons.
enum AppAction {
    Mode(DisplayMode),
    Close,
    /// What the user did in the app or answered under it.
    Did(AppViewEvent),
}

/// The demo host. Draw it with [`DemoApp::ui`] every frame.
pub struct DemoApp {
    servers: Vec<(String, ServerSpec)>,
    store: Arc<dyn StateStore>,
    setup: Option<fn(&egui::Context)>,
    allow_private_origins: bool,
    host: Option<HostHandle>,
    conversation: Conversation,
    palette: Palette,
    /// The open app of each tool call, by tool call id.
    instances: BTreeMap<String, InstanceId>,
    dark: bool,
    policy: DuplicatePolicy,
    /// The host's duplicate questions waiting for the user, asked one at a time.
    duplicates: Vec<DuplicateQuestion>,
    responding_until: Option<Instant>,
    log: Vec<String>,
    calls: u64,
    dirty: bool,
    /// The webviews HTML apps are drawn in, once [`Self::ui_in_window`] made them.
    #[cfg(feature = "webview")]
    in_window: InWindow,
}

/// HTML apps in webviews of the demo's window.
#[cfg(feature = "webview")]
#[derive(Default)]
struct InWindow {
    webviews: Option<mcpapp_egui_host::Webviews>,
    /// Whether webviews could not be made here (said once in the log).
    failed: bool,
    /// Whether no page could be kept ready for HTML apps (said once in the log).
    warm_failed: bool,
}

impl DemoApp {
    /// A demo on these servers and this store; the host starts with the first frame.
    pub fn new(options: DemoOptions) -> Self {
        let (conversation, problem) = Conversation::load(options.store.as_ref());
        let mut app = Self {
            servers: options.servers,
            store: options.store,
            setup: options.setup,
            allow_private_origins: options.allow_private_origins,
            host: None,
            conversation,
            palette: Palette::default(),
            instances: BTreeMap::new(),
            dark: false,
            policy: DuplicatePolicy::ReplaceOldest,
            duplicates: Vec::new(),
            responding_until: None,
            log: Vec::new(),
            calls: 0,
            dirty: false,
            #[cfg(feature = "webview")]
            in_window: InWindow::default(),
        };
        if let Some(problem) = problem {
            app.note(&format!("starting a new conversation: {problem}"));
        }
        app
    }

    /// The conversation as it is now.
    pub fn conversation(&self) -> &Conversation {
        &self.conversation
    }

    /// The host, once the first frame started it.
    pub fn host(&self) -> Option<&HostHandle> {
        self.host.as_ref()
    }

    /// The log lines (servers, links apps asked for, apps' logs), oldest first.
    pub fn log(&self) -> &[String] {
        &self.log
    }

    /// Adds a log line; what servers and apps said is made printable (one line, controls
    /// escaped), so it cannot fake lines of the log.
    fn note(&mut self, line: &str) {
        if self.log.len() >= LOG_LINES {
            self.log.remove(0);
        }
        self.log.push(mcpapp_host::printable(line).into_owned());
    }

    fn start(&mut self, ctx: &egui::Context) {
        if let Some(setup) = self.setup {
            setup(ctx);
        }
        let options = HandleOptions {
            host: HostOptions {
                name: "mcpapp demo".to_owned(),
                duplicate_policy: self.policy,
                ..HostOptions::default()
            },
            store: Arc::clone(&self.store),
            // No model here: the user answers servers' sampling requests.
            sample_by_user: true,
            bridge: bridge_options(self.allow_private_origins),
            ..HandleOptions::default()
        };
        match HostHandle::start(Some(ctx), options) {
            Ok(host) => {
                host.switch_thread(self.conversation.current.clone());
                for (id, spec) in &self.servers {
                    host.connect(id.clone(), spec.clone());
                }
                self.host = Some(host);
            }
            Err(e) => self.note(&e.to_string()),
        }
    }

    /// Draws the whole window for one frame. HTML apps are placeholders that open them in a
    /// window of their own; [`Self::ui_in_window`] draws them inside the window.
    pub fn ui(&mut self, ui: &mut Ui) {
        self.draw(ui, &mut Embed::placeholders());
    }

    /// [`Self::ui`], with HTML apps drawn inside `window` (in eframe: the `Frame`) in webviews
    /// of their own. Where no webview can run here, says why once in the log and draws them
    /// as [`Self::ui`] does.
    #[cfg(feature = "webview")]
    pub fn ui_in_window(&mut self, ui: &mut Ui, window: &dyn mcpapp_egui_host::HasWindowHandle) {
        if self.in_window.webviews.is_none() && !self.in_window.failed {
            match mcpapp_egui_host::Webviews::new() {
                Ok(webviews) => self.in_window.webviews = Some(webviews),
                Err(e) => {
                    self.in_window.failed = true;
                    self.note(&format!("{e}; they open in a browser window instead"));
                }
            }
        }
        match self.in_window.webviews.take() {
            Some(mut webviews) => {
                webviews.begin_frame(ui.ctx());
                // A page kept loaded for the next HTML app, which then appears at once.
                if let Some(host) = &mut self.host
                    && let Err(e) = webviews.keep_warm(host, window)
                    && !self.in_window.warm_failed
                {
                    self.in_window.warm_failed = true;
                    self.note(&format!("no page kept ready for HTML apps: {e}"));
                }
                self.draw(ui, &mut Embed::in_window(&mut webviews, window));
                self.in_window.webviews = Some(webviews);
            }
            None => self.ui(ui),
        }
    }

    fn draw(&mut self, ui: &mut Ui, embed: &mut Embed<'_>) {
        self.poll(ui.ctx());
        ui.ctx().set_theme(if self.dark {
            egui::Theme::Dark
        } else {
            egui::Theme::Light
        });

        Panel::top("demo-toolbar")
            .frame(Frame::side_top_panel(ui.style()).inner_margin(Margin::symmetric(8, 6)))
            .show(ui, |ui| self.toolbar(ui));
        Panel::left("demo-threads")
            .resizable(true)
            .default_size(220.0)
            .show(ui, |ui| self.side(ui));
        let windowed = self.apps_in(&DisplayMode::Window);
        if !windowed.is_empty() {
            Panel::right("demo-workspace")
                .resizable(true)
                .default_size(420.0)
                .show(ui, |ui| self.workspace(ui, &windowed, embed));
        }
        let backdrop = mcpapp_egui::backdrop(self.dark);
        CentralPanel::default()
            .frame(Frame::central_panel(ui.style()).fill(backdrop))
            .show(ui, |ui| {
                match self.apps_in(&DisplayMode::Fullscreen).first() {
                    Some(instance) => self.fullscreen(ui, *instance, embed),
                    None => self.transcript_with(ui, embed),
                }
            });
        self.pip(ui.ctx(), embed);
        self.ask_duplicate(ui.ctx());

        self.save_if_changed();
    }

    /// Apps in picture-in-picture: each in a small window above the rest.
    fn pip(&mut self, ctx: &egui::Context, embed: &mut Embed<'_>) {
        let config = self.config();
        let mut actions = Vec::new();
        for instance in self.apps_in(&DisplayMode::Pip) {
            let Some(host) = self.host.as_mut() else {
                return;
            };
            let Some(app) = host.app_mut(instance) else {
                continue;
            };
            match embed.pip(ctx, app, &config) {
                Some(PipEvent::Back) => {
                    actions.push((instance, AppAction::Mode(DisplayMode::Inline)));
                }
                Some(PipEvent::Close) => actions.push((instance, AppAction::Close)),
                Some(PipEvent::App(_)) | None => {}
            }
        }
        self.act(actions);
    }

    /// The host's first duplicate question, as a modal over the window.
    fn ask_duplicate(&mut self, ctx: &egui::Context) {
        let Some(question) = self.duplicates.first() else {
            return;
        };
        if let Some(answer) = DuplicateModal::new(question).show(ctx) {
            if let Some(host) = &self.host {
                host.resolve_duplicate(question.instance, answer);
            }
            self.duplicates.remove(0);
        }
    }

    /// The instances of the thread on screen in `mode`.
    fn apps_in(&self, mode: &DisplayMode) -> Vec<InstanceId> {
        let Some(host) = &self.host else {
            return Vec::new();
        };
        host.apps()
            .filter(|app| app.display_mode() == mode && !app.is_closed())
            .map(HostedApp::instance)
            .collect()
    }

    /// Starts the host on the first call, then takes in what it said since the last frame.
    /// [`Self::ui`] calls it; call it yourself when you draw only [`Self::transcript`].
    pub fn poll(&mut self, ctx: &egui::Context) {
        if self.host.is_none() {
            self.start(ctx);
        }
        let updates = self.host.as_mut().map(HostHandle::poll).unwrap_or_default();
        for update in updates {
            if let HostUpdate::Event(HostEvent::OpenLink { instance, url }) = &update
                && self
                    .host
                    .as_ref()
                    .is_some_and(|h| h.question(*instance).is_some())
            {
                // The user agreed to this page in the question's card; an app's link is only
                // noted.
                if let Err(e) = mcpapp_egui_host::open_link(url) {
                    self.note(&format!("cannot open {url}: {e}"));
                }
            }
            self.update(update);
        }
        self.respond(ctx);
        self.save_if_changed();
    }

    /// Saves the conversation when something in it changed since the last save.
    fn save_if_changed(&mut self) {
        if std::mem::take(&mut self.dirty)
            && let Err(e) = self.conversation.save(self.store.as_ref())
        {
            self.note(&format!("the conversation was not saved: {e}"));
        }
    }

    /// Takes in one thing the host said.
    fn update(&mut self, update: HostUpdate) {
        match update {
            HostUpdate::ServerConnected { server, tools, .. } => {
                self.note(&format!("{server}: connected, {} tools", tools.len()));
                self.restore(&server);
            }
            HostUpdate::ServerFailed { server, error } => self.note(&format!("{server}: {error}")),
            HostUpdate::CallDone {
                tool_call_id,
                result,
            }
            | HostUpdate::ToolResult {
                tool_call_id,
                result,
            } => {
                if let Some(call) = self.conversation.call_mut(&tool_call_id) {
                    call.result = Some(result);
                    self.dirty = true;
                }
            }
            HostUpdate::CallFailed {
                tool_call_id,
                error,
            } => {
                if let Some(call) = self.conversation.call_mut(&tool_call_id) {
                    call.error = Some(error.to_string());
                    self.dirty = true;
                }
            }
            HostUpdate::AppOpened { instance, spec, .. } => {
                self.instances.insert(spec.tool_call_id.clone(), instance);
                if let Some(call) = self.conversation.call_mut(&spec.tool_call_id) {
                    call.app = Some(*spec);
                    self.dirty = true;
                }
            }
            HostUpdate::AppFailed { instance, error } => {
                self.note(&format!("app {}: {error}", instance.0));
            }
            HostUpdate::AppClosed {
                instance, reason, ..
            } => {
                // An app that closed for good does not come back with its thread or a restart.
                if reason != CloseReason::ThreadSwitched
                    && let Some(call) = self.call_of(instance)
                {
                    call.app = None;
                    self.dirty = true;
                }
            }
            HostUpdate::Event(HostEvent::ChatMessage { message, .. }) => {
                self.user_message(&message);
            }
            HostUpdate::Event(HostEvent::DisplayModeChanged { instance, mode }) => {
                if let Some(spec) = self.call_of(instance).and_then(|c| c.app.as_mut()) {
                    spec.display_mode = mode;
                    self.dirty = true;
                }
            }
            HostUpdate::Event(HostEvent::OpenLink { url, .. }) => {
                self.note(&format!("an app asks to open {url}"));
            }
            HostUpdate::Event(event @ HostEvent::DuplicateInstance { .. }) => {
                if let Some(asked) = self
                    .host
                    .as_ref()
                    .and_then(|host| DuplicateQuestion::from_event(&event, host))
                {
                    self.duplicates.push(asked);
                }
            }
            HostUpdate::Event(HostEvent::Log { level, message, .. }) => {
                self.note(&format!("{level}: {message}"));
            }
            other => self.note(&format!("{other:?}")),
        }
    }

    fn call_of(&mut self, instance: InstanceId) -> Option<&mut Call> {
        let id = self
            .instances
            .iter()
            .find(|(_, i)| **i == instance)?
            .0
            .clone();
        self.conversation.call_mut(&id)
    }

    /// Brings back the apps of `server` that were open when the demo last ran.
    fn restore(&mut self, server: &str) {
        let Some(host) = &self.host else { return };
        for thread in &self.conversation.threads {
            for entry in &thread.entries {
                if let Entry::Call(call) = entry
                    && let Some(spec) = &call.app
                    && call.server == server
                    && !self.instances.contains_key(&call.tool_call_id)
                {
                    host.restore_app(
                        thread.id.clone(),
                        spec.clone(),
                        Some(call.arguments.clone()),
                        call.result.clone(),
                    );
                }
            }
        }
    }

    /// An app's `ui/message`: the user's message in the transcript, then the host "responds"
    /// for a moment with the thread's apps locked, as a chat host's model would.
    fn user_message(&mut self, message: &UiMessageParams) {
        let text: Vec<&str> = message
            .content
            .iter()
            .filter_map(ContentBlock::as_text)
            .collect();
        if let Some(thread) = self.conversation.current_mut() {
            thread.entries.push(Entry::User {
                text: text.join("\n"),
            });
            self.dirty = true;
        }
        if let Some(host) = &mut self.host {
            host.set_generating(self.conversation.current.clone(), true);
            self.responding_until = Some(Instant::now() + RESPONDING);
        }
    }

    fn respond(&mut self, ctx: &egui::Context) {
        if let Some(until) = self.responding_until {
            let now = Instant::now();
            if now >= until {
                self.responding_until = None;
                if let Some(host) = &mut self.host {
                    host.set_generating(self.conversation.current.clone(), false);
                }
            } else {
                ctx.request_repaint_after(until - now);
            }
        }
    }

    fn toolbar(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            ui.heading("mcpapp demo");
            ui.separator();
            if ui.selectable_label(self.dark, "Dark").clicked() {
                self.dark = !self.dark;
                if let Some(host) = &self.host {
                    host.set_theme(if self.dark { Theme::Dark } else { Theme::Light });
                }
            }
            ui.separator();
            ui.label("A second window of a tool:");
            let before = self.policy;
            for (policy, label) in [
                (DuplicatePolicy::ReplaceOldest, "replaces the oldest"),
                (DuplicatePolicy::ReplaceAll, "replaces all"),
                (DuplicatePolicy::NewInstance, "opens beside"),
                (DuplicatePolicy::Ask, "asks"),
            ] {
                ui.selectable_value(&mut self.policy, policy, label);
            }
            if self.policy != before
                && let Some(host) = &self.host
            {
                host.set_duplicate_policy(self.policy);
            }
            if self.responding_until.is_some() {
                ui.separator();
                ui.spinner();
                ui.label("responding…");
            }
        });
    }

    /// Threads, the tool palette, the log.
    fn side(&mut self, ui: &mut Ui) {
        ui.heading("Threads");
        let mut switch_to = None;
        for thread in &self.conversation.threads {
            if ui
                .selectable_label(thread.id == self.conversation.current, &thread.title)
                .clicked()
            {
                switch_to = Some(thread.id.clone());
            }
        }
        if ui.button("New thread").clicked() {
            switch_to = Some(self.conversation.new_thread());
        }
        if let Some(thread) = switch_to {
            self.conversation.current.clone_from(&thread);
            self.dirty = true;
            if let Some(host) = &mut self.host {
                host.switch_thread(thread);
            }
        }
        ui.separator();
        ui.heading("Tools");
        if let Some(host) = &self.host {
            self.palette.tools(ui, host.servers());
        }
        ui.separator();
        egui::CollapsingHeader::new("Log").show(ui, |ui| {
            ScrollArea::vertical()
                .max_height(200.0)
                .stick_to_bottom(true)
                .show(ui, |ui| {
                    for line in &self.log {
                        ui.small(line);
                    }
                });
        });
    }

    fn config(&self) -> HostConfig {
        HostConfig::for_dark(self.dark)
    }

    /// The thread on screen: messages, tool calls with their apps, and the open form. [`Self::ui`]
    /// draws it in the middle of the window; call [`Self::poll`] first when drawing it alone.
    pub fn transcript(&mut self, ui: &mut Ui) {
        self.transcript_with(ui, &mut Embed::placeholders());
    }

    fn transcript_with(&mut self, ui: &mut Ui, embed: &mut Embed<'_>) {
        let config = self.config();
        let mut actions = Vec::new();
        let mut chosen_call = None;
        let mut notes = Vec::new();
        ScrollArea::vertical()
            .stick_to_bottom(true)
            .auto_shrink(false)
            .show(ui, |ui| {
                ui.set_max_width(ui.available_width().min(760.0));
                let Some(thread) = self.conversation.thread(&self.conversation.current) else {
                    return;
                };
                if thread.entries.is_empty() && self.palette.is_idle() {
                    ui.weak(
                        "Pick a tool on the left: the demo calls it as the agent would, \
                         and its app shows here.",
                    );
                }
                for entry in &thread.entries {
                    match entry {
                        Entry::User { text } => {
                            ui.label(RichText::new(format!("You: {text}")).strong());
                        }
                        Entry::Call(call) => {
                            ui.weak(format!(
                                "{}: {}({})",
                                call.server, call.tool, call.arguments
                            ));
                            let app = self
                                .instances
                                .get(&call.tool_call_id)
                                .and_then(|i| self.host.as_mut()?.app_mut(*i));
                            match app {
                                Some(app)
                                    if *app.display_mode() == DisplayMode::Inline
                                        || app.is_closed() =>
                                {
                                    actions.extend(app_with_controls(ui, app, &config, embed));
                                }
                                Some(app) => {
                                    let place = match app.display_mode() {
                                        DisplayMode::Pip => "picture in picture".to_owned(),
                                        other => other.to_string(),
                                    };
                                    ui.weak(format!("{} is in the {place}.", app.title()));
                                }
                                None => call_outcome(ui, call),
                            }
                        }
                    }
                    ui.add_space(10.0);
                }
                if let Some(host) = self.host.as_mut() {
                    notes = crate::questions::show(ui, host, &config);
                }
                if let Some(chosen) = self.palette.form(ui, &config) {
                    chosen_call = Some(chosen);
                }
            });
        self.act(actions);
        for line in notes {
            self.note(&line);
        }
        if let Some(chosen) = chosen_call {
            self.call(&chosen.server, &chosen.tool, chosen.arguments, chosen.mode);
        }
    }

    /// The agent calls a tool in the thread on screen: the call joins the transcript, and its
    /// app (or result) follows.
    pub fn call(
        &mut self,
        server: &str,
        tool: &str,
        arguments: Map<String, Value>,
        mode: DisplayMode,
    ) {
        let tool_call_id = new_tool_call_id(&mut self.calls);
        if let Some(host) = &self.host {
            let call = ToolCall::new(server, tool)
                .arguments(&arguments)
                .map(|call| call.id(&tool_call_id).display_mode(mode));
            if let Ok(call) = call {
                host.call(call);
            }
        }
        if let Some(thread) = self.conversation.current_mut() {
            thread.entries.push(Entry::Call(Box::new(Call {
                server: server.to_owned(),
                tool: tool.to_owned(),
                tool_call_id,
                arguments: Value::Object(arguments),
                app: None,
                result: None,
                error: None,
            })));
            self.dirty = true;
        }
    }

    /// Apps in window mode, side by side with the conversation.
    fn workspace(&mut self, ui: &mut Ui, windowed: &[InstanceId], embed: &mut Embed<'_>) {
        ui.heading("Workspace");
        let config = self.config();
        let mut actions = Vec::new();
        ScrollArea::vertical().auto_shrink(false).show(ui, |ui| {
            for instance in windowed {
                if let Some(app) = self.host.as_mut().and_then(|h| h.app_mut(*instance)) {
                    ui.label(RichText::new(app.title()).strong());
                    actions.extend(app_with_controls(ui, app, &config, embed));
                    ui.add_space(12.0);
                }
            }
        });
        self.act(actions);
    }

    fn fullscreen(&mut self, ui: &mut Ui, instance: InstanceId, embed: &mut Embed<'_>) {
        let config = self.config();
        let mut actions = Vec::new();
        if let Some(app) = self.host.as_mut().and_then(|h| h.app_mut(instance)) {
            ScrollArea::vertical().auto_shrink(false).show(ui, |ui| {
                actions.extend(app_with_controls(ui, app, &config, embed));
            });
        }
        self.act(actions);
    }

    fn act(&mut self, actions: Vec<(InstanceId, AppAction)>) {
        let Some(host) = &self.host else { return };
        let mut notes = Vec::new();
        for (instance, action) in actions {
            match action {
                AppAction::Mode(mode) => host.set_display_mode(instance, mode),
                AppAction::Close => host.close(instance),
                AppAction::Did(event) => notes.extend(crate::questions::answered(&event)),
            }
        }
        for line in notes {
            self.note(&line);
        }
    }
}

/// An app with the demo's buttons above it: where it is shown, and close.
fn app_with_controls(
    ui: &mut Ui,
    app: &mut HostedApp,
    config: &HostConfig,
    embed: &mut Embed<'_>,
) -> Option<(InstanceId, AppAction)> {
    let instance = app.instance();
    let mut action = None;
    if !app.is_closed() {
        ui.horizontal(|ui| {
            for (mode, label) in [
                (DisplayMode::Inline, "Inline"),
                (DisplayMode::Window, "Window"),
                (DisplayMode::Fullscreen, "Fullscreen"),
                (DisplayMode::Pip, "PiP"),
            ] {
                if *app.display_mode() != mode && ui.small_button(label).clicked() {
                    action = Some((instance, AppAction::Mode(mode)));
                }
            }
            if ui.small_button("Close").clicked() {
                action = Some((instance, AppAction::Close));
            }
        });
    }
    if let Some(event) = embed.show(ui, app, config) {
        action = action.or(Some((instance, AppAction::Did(event))));
    }
    action
}

/// What a call without an open app shows: its result's text, its error, or that it runs.
fn call_outcome(ui: &mut Ui, call: &Call) {
    if let Some(error) = &call.error {
        ui.label(RichText::new(error).color(ui.visuals().error_fg_color));
    } else if let Some(result) = &call.result {
        let text: Vec<&str> = result
            .content
            .iter()
            .filter_map(ContentBlock::as_text)
            .collect();
        ui.label(if text.is_empty() {
            "(no text)".to_owned()
        } else {
            text.join("\n")
        });
    } else if call.app.is_some() {
        ui.weak("The app comes back when its server is connected.");
    } else {
        ui.weak("Calling…");
    }
}
