//! The demo's window: threads and the tool palette on the left, the transcript with apps
//! inline in the middle, the workspace of windowed apps on the right.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Instant;

use egui::{CentralPanel, Frame, Margin, Panel, ScrollArea, Ui};
use mcpapp_card::HostConfig;
use mcpapp_egui_host::{
    BridgeOptions, DuplicateModal, DuplicateQuestion, HandleOptions, HostHandle, HostedApp,
    PipEvent,
};

use crate::embed::Embed;
use mcpapp_host::mcp::ServerSpec;
use mcpapp_host::store::StateStore;
use mcpapp_host::{DuplicatePolicy, HostOptions, InstanceId};
use mcpapp_protocol::{DisplayMode, Theme};

use crate::conversation::Conversation;
use crate::palette::Palette;

mod transcript;
mod updates;

use transcript::AppAction;

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

impl DemoOptions {
    /// The example servers the demo is made for (flights, scheduler, tables, weather), each
    /// run as `program serve-example NAME` (the `mcpapp` binary), by name.
    pub fn example_servers(program: &str) -> Vec<(String, ServerSpec)> {
        ["flights", "scheduler", "tables", "weather"]
            .into_iter()
            .map(|name| {
                let spec = ServerSpec::stdio(program, ["serve-example", name]);
                (name.to_owned(), spec)
            })
            .collect()
    }
}

/// The bridges' options, with private origins allowed or not.
fn bridge_options(allow_private_origins: bool) -> BridgeOptions {
    let mut options = BridgeOptions::default();
    options.csp.allow_private_origins = allow_private_origins;
    options
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_examples_run_as_serve_example_of_the_program() {
        let servers = DemoOptions::example_servers("/bin/mcpapp");
        let names: Vec<&str> = servers.iter().map(|(name, _)| name.as_str()).collect();
        assert_eq!(names, ["flights", "scheduler", "tables", "weather"]);
        assert_eq!(
            servers.last().map(|(_, spec)| spec),
            Some(&ServerSpec::stdio(
                "/bin/mcpapp",
                ["serve-example", "weather"]
            ))
        );
    }
}
