//! One `mcpapp connect` run on the embedding library: the host runs behind a
//! [`HostHandle`]; this loop only prints what happens and decides when the app closes.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use mcpapp_card::HostConfig;
use mcpapp_egui_host::{
    AppScript, BridgeOptions, HandleOptions, HostHandle, HostUpdate, PendingQuestion, ScriptStep,
    ShowHtmlIn, ShowHtmlWhen, ToolCall,
};

use super::app_window::Webviews;
use mcpapp_host::mcp::{ClientOptions, ElicitationHandler, Handlers, ServerSpec};
use mcpapp_host::store::{MemoryStore, SqliteStore, StateStore};
use mcpapp_host::{HostEvent, InstanceId, ViewKind};
use mcpapp_protocol::{A2UI_MIME_TYPE, CARD_MIME_TYPE, DisplayMode, HTML_MIME_TYPE};
use serde_json::{Map, Value};

use super::report::Report;
use super::{Args, UiKind};

/// The server's id inside the host.
const SERVER: &str = "server";
/// The agent's tool call id for `--call`.
const CALL_ID: &str = "call-1";
/// How often the loop looks at the host when no window drives it.
const STEP: Duration = Duration::from_millis(20);
/// The longest wait for the last words of a closing host (a screenshot, the app's close).
const CLOSE_WAIT: Duration = Duration::from_secs(10);

/// Where an HTML app is shown on a desktop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum HtmlPlace {
    /// In a browser window of its own.
    Browser,
    /// In a webview inside a window of ours.
    Webview,
}

/// A window of ours for the app.
enum OurWindow {
    /// A card, drawn natively.
    Card,
    /// An HTML app, in these webviews.
    #[cfg_attr(
        not(feature = "webview"),
        expect(dead_code, reason = "no webviews here")
    )]
    Html(Webviews),
}

/// A connect run: the host, what to call, and what has been printed.
pub struct Session {
    pub(super) host: HostHandle,
    pub(super) out: Report,
    call: Option<String>,
    arguments: Map<String, Value>,
    headless: bool,
    /// Where an HTML app is shown.
    html_place: HtmlPlace,
    screenshot: Option<PathBuf>,
    duration: Option<Duration>,
    /// When `--duration` is up, once the app is open.
    deadline: Option<Instant>,
    pub(super) instance: Option<InstanceId>,
    kind: Option<ViewKind>,
    /// The app's last reported height, so that a screenshot shows all of it.
    height: Option<f64>,
    closing: bool,
    /// Set once the run is over: how it ended.
    pub(super) outcome: Option<Result<(), String>>,
    printed: Option<String>,
    noticed: Option<String>,
    /// `--fill` and `--press`, still to do.
    script: AppScript,
}

/// The client's options: the views advertised, in `--ui` order, and servers' questions
/// printed and answered from `--answer`, or declined when headless without it (in a window
/// without it, the host shows them).
fn client_options(args: &Args) -> Result<ClientOptions, String> {
    let mut mime_types: Vec<String> = Vec::new();
    for kind in &args.ui {
        let mime = match kind {
            UiKind::Html => HTML_MIME_TYPE,
            UiKind::Cards => CARD_MIME_TYPE,
            UiKind::A2ui => A2UI_MIME_TYPE,
        };
        if !mime_types.iter().any(|m| m == mime) {
            mime_types.push(mime.to_owned());
        }
    }
    let answer = super::parse_answer(args)?;
    let elicitation: Option<Arc<dyn ElicitationHandler>> = if answer.is_some() || args.headless {
        Some(Arc::new(super::answers::answers(answer)))
    } else {
        None
    };
    Ok(ClientOptions {
        mime_types,
        handlers: Handlers {
            elicitation,
            sampling: None,
        },
        ..ClientOptions::default()
    })
}

impl Session {
    /// Starts the host and connects the server.
    pub fn start(args: &Args, arguments: Map<String, Value>) -> Result<Self, String> {
        let mut out = Report::stdout();
        let spec = ServerSpec::from_url_or_command(args.url.as_deref(), &args.command)
            .ok_or("no server given")?;
        let client = client_options(args)?;
        let store: Arc<dyn StateStore> = if args.no_store {
            Arc::new(MemoryStore::default())
        } else {
            match SqliteStore::open_default() {
                Ok(store) => Arc::new(store),
                Err(e) => {
                    out.line(&format!("note: saved state stays in memory ({e})"));
                    Arc::new(MemoryStore::default())
                }
            }
        };
        let in_window = !args.headless
            && args
                .presenter
                .in_window(|why| out.line(&format!("note: {why}")));
        let options = HandleOptions {
            store,
            client,
            show_html_in: if args.headless {
                ShowHtmlIn::Headless
            } else {
                ShowHtmlIn::Desktop
            },
            // In a webview of ours, the app is shown when its window opens.
            show_html_when: if in_window {
                ShowHtmlWhen::OnRequest
            } else {
                ShowHtmlWhen::AtOnce
            },
            bridge: {
                let mut bridge = BridgeOptions::default();
                bridge.csp.allow_private_origins = args.allow_private_origins;
                bridge
            },
            ..HandleOptions::default()
        };
        let host = HostHandle::start(None, options).map_err(|e| e.to_string())?;
        host.connect(SERVER, spec);
        Ok(Self {
            host,
            out,
            call: args.call.clone(),
            arguments,
            headless: args.headless,
            html_place: if in_window {
                HtmlPlace::Webview
            } else {
                HtmlPlace::Browser
            },
            screenshot: args.screenshot.clone(),
            duration: args
                .duration
                .filter(|d| d.is_finite() && *d >= 0.0)
                .map(Duration::from_secs_f64),
            deadline: None,
            instance: None,
            kind: None,
            height: None,
            closing: false,
            outcome: None,
            printed: None,
            noticed: None,
            script: AppScript::new(
                super::json_object("--fill", args.fill.as_deref())?,
                args.press.clone(),
            ),
        })
    }

    /// Runs until the app closes (or, without `--call`, until the tools are listed). A card
    /// app on a desktop gets a native window, which drives the session while it is open.
    pub fn run(mut self) -> Result<(), String> {
        loop {
            self.step();
            if let Some(outcome) = self.outcome.take() {
                return outcome;
            }
            if let Some(window) = self.window_wanted() {
                // The window shows the app itself, or only asks something of the user (a
                // question before any app, a download of an app in a browser).
                let for_app = match &window {
                    OurWindow::Html(_) => true,
                    OurWindow::Card => {
                        matches!(self.kind, Some(ViewKind::Card | ViewKind::A2ui))
                    }
                };
                let webviews = match window {
                    OurWindow::Card => None,
                    OurWindow::Html(webviews) => Some(webviews),
                };
                let title = format!(
                    "mcpapp connect \u{2014} {}",
                    self.call.as_deref().unwrap_or_default()
                );
                if let Err(e) = super::app_window::show(&title, &mut self, webviews) {
                    self.out.line(&format!("note: {e}"));
                }
                if self.outcome.is_none() && for_app && self.instance.is_none() {
                    // Closed before the app came: nothing is left to show.
                    self.out.line("the window was closed before the app opened");
                    return Ok(());
                }
                if self.outcome.is_none() {
                    if for_app {
                        self.close("its window closed");
                    } else {
                        self.dismiss_asks();
                    }
                }
            }
            std::thread::sleep(STEP);
        }
    }

    /// Whether the app gets a window of ours now: a card on a desktop, or an HTML app shown in
    /// a webview (with the webviews). An HTML app whose webview cannot run here goes to a
    /// browser window instead, with the reason.
    fn window_wanted(&mut self) -> Option<OurWindow> {
        if self.headless || self.closing {
            return None;
        }
        // A server's question before any app (a tool without a view asks first), or a
        // download of an app shown in a browser, is asked in a window of ours.
        let asking = self.host.questions().next().is_some()
            || self.host.downloads().any(|d| !d.is_answered());
        let app_in_browser =
            self.kind == Some(ViewKind::Html) && self.html_place == HtmlPlace::Browser;
        if asking && (self.kind.is_none() || app_in_browser) {
            return Some(OurWindow::Card);
        }
        // A tool to call whose app may be HTML: the window opens at once, keeping a page
        // loaded in a hidden webview, so the app appears as soon as it is known.
        let early = self.kind.is_none() && self.call.is_some();
        match self.kind.or(early.then_some(ViewKind::Html))? {
            ViewKind::Card | ViewKind::A2ui => Some(OurWindow::Card),
            #[cfg(feature = "webview")]
            ViewKind::Html if self.html_place == HtmlPlace::Webview => match Webviews::new() {
                Ok(webviews) => Some(OurWindow::Html(webviews)),
                Err(e) => {
                    self.out
                        .line(&format!("note: {e}; opening it in a browser window"));
                    self.html_place = HtmlPlace::Browser;
                    if let Some(instance) = self.instance {
                        self.host.present(instance);
                    }
                    None
                }
            },
            ViewKind::Html => None,
        }
    }

    /// Takes in what the host said since the last step; closes the app when its time is up.
    pub(super) fn step(&mut self) {
        for update in self.host.poll() {
            self.update(update);
        }
        // What the view shows is printed before the script acts on it.
        if matches!(self.kind, Some(ViewKind::Card | ViewKind::A2ui)) && self.headless {
            self.print_card();
        }
        let out = &mut self.out;
        if !self.script.is_done()
            && let Some(app) = self.instance.and_then(|i| self.host.app_mut(i))
            && let Err(e) = self.script.run(app, |step| print_step(out, &step))
        {
            let flag = if self.script.is_filling() {
                "--fill"
            } else {
                "--press"
            };
            self.outcome = Some(Err(format!("{flag}: {e}")));
            return;
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) && !self.closing {
            self.deadline = None;
            if let Err(e) = self.save_screenshot() {
                self.outcome = Some(Err(e));
                return;
            }
            self.close("--duration is up");
        }
    }

    /// The window that asked the user something was closed unanswered: its questions are
    /// cancelled and its downloads not saved (closing is no).
    fn dismiss_asks(&mut self) {
        let questions: Vec<InstanceId> = self.host.questions().map(PendingQuestion::id).collect();
        for question in questions {
            self.out.line(&format!(
                "question {} cancelled: its window closed",
                question.0
            ));
            self.host.cancel_question(question);
        }
        for download in self.host.downloads_mut() {
            download.decline();
        }
    }

    /// Asks the host to close the app (it answers with `AppClosed`).
    pub(super) fn close(&mut self, why: &str) {
        let Some(instance) = self.instance else {
            return;
        };
        if self.closing {
            return;
        }
        self.closing = true;
        self.out
            .line(&format!("closing app {} ({why})", instance.0));
        self.host.close(instance);
    }

    fn update(&mut self, update: HostUpdate) {
        match update {
            HostUpdate::ServerConnected { info, tools, .. } => {
                self.out.server(&info, &tools);
                self.call_tool(&tools);
            }
            HostUpdate::ServerFailed { error, .. }
            | HostUpdate::CallFailed { error, .. }
            | HostUpdate::AppFailed { error, .. } => self.outcome = Some(Err(error.to_string())),
            HostUpdate::CallDone { result, .. } => {
                self.out.result(&result);
                self.outcome = Some(Ok(()));
            }
            HostUpdate::AppOpened { instance, spec, .. } => {
                self.out.line(&format!(
                    "app {} opened: {} view {}",
                    instance.0, spec.kind, spec.resource_uri
                ));
                self.instance = Some(instance);
                self.kind = Some(spec.kind);
                self.deadline = self.duration.map(|d| Instant::now() + d);
                if self.duration.is_none() {
                    self.out.line(if self.headless {
                        "the app runs until you press Ctrl-C (--duration SECS closes it)"
                    } else {
                        "the app runs until its window closes or you press Ctrl-C"
                    });
                }
            }
            HostUpdate::AppClosed {
                instance, reason, ..
            } if Some(instance) == self.instance => {
                self.out
                    .line(&format!("app {} closed ({reason:?})", instance.0));
                self.outcome = Some(Ok(()));
            }
            HostUpdate::AppClosed {
                instance, reason, ..
            } => {
                self.out
                    .line(&format!("question {} closed ({reason:?})", instance.0));
            }
            HostUpdate::Presented { result, .. } => match result {
                Ok(()) if !self.headless => self.out.line("the app is shown in its own window"),
                Ok(()) => {}
                Err(e) if self.headless => self.outcome = Some(Err(e.to_string())),
                Err(e) => self.out.line(&format!("cannot open a browser window: {e}")),
            },
            HostUpdate::PresentationClosed { .. } => self.close("its window closed"),
            HostUpdate::ToolResult { .. } => self.script.result_came(),
            HostUpdate::Event(event) => self.event(&event),
            _ => {}
        }
    }

    /// `--call`: checks the tool, points out missing arguments, calls it as the agent would.
    fn call_tool(&mut self, tools: &[mcpapp_protocol::Tool]) {
        let Some(tool) = self.call.clone() else {
            self.outcome = Some(Ok(()));
            return;
        };
        let Some(definition) = tools.iter().find(|t| t.name == tool) else {
            let known: Vec<&str> = tools.iter().map(|t| t.name.as_str()).collect();
            self.outcome = Some(Err(format!(
                "the server has no tool `{tool}`; it has: {}",
                known.join(", ")
            )));
            return;
        };
        let missing = definition.missing_arguments(&self.arguments);
        if !missing.is_empty() {
            let names: Vec<String> = missing.iter().map(|m| format!("`{m}`")).collect();
            self.out.line(&format!(
                "note: {tool} requires {} (give them with --args); calling it anyway",
                names.join(", ")
            ));
        }
        self.out.line(&format!(
            "calling {tool} {}",
            Value::Object(self.arguments.clone())
        ));
        // Alone in a window of its own (the host tells SDK views, which know no such mode,
        // that they are fullscreen).
        let call = ToolCall::new(SERVER, &tool)
            .id(CALL_ID)
            .display_mode(DisplayMode::Window);
        match call.arguments(&self.arguments) {
            Ok(call) => {
                self.host.call(call);
            }
            Err(e) => self.out.line(&e.to_string()),
        }
    }

    /// Prints what the app did; keeps its last reported height; opens the links it asks for
    /// on a desktop (the host already checked they are http or https).
    fn event(&mut self, event: &HostEvent) {
        self.out.event(event);
        match event {
            HostEvent::SizeChanged {
                height: Some(h), ..
            } => self.height = Some(*h),
            HostEvent::OpenLink { url, .. } if !self.headless => open_link(&mut self.out, url),
            // Nobody can be asked: nothing is saved (in a window, the user is asked there).
            HostEvent::DownloadFile { instance, .. } if self.headless => {
                self.out.line(&format!(
                    "app {}'s download not saved: headless, there is nobody to ask",
                    instance.0
                ));
                self.host.answer_download(
                    *instance,
                    Err("mcpapp connect --headless saves nothing".to_owned()),
                );
            }
            _ => {}
        }
    }

    /// A headless card or A2UI view is printed as text whenever it changes, with its notice
    /// (and, for A2UI, what of it could not be applied).
    fn print_card(&mut self) {
        let Some(app) = self.instance.and_then(|i| self.host.app(i)) else {
            return;
        };
        let (text, what) = if let Some(card) = app.card() {
            (mcpapp_card::text_fallback(card), "card")
        } else if let Some(surfaces) = app.surfaces() {
            let mut text = surfaces.text_fallback();
            let problems = app.a2ui_problems().iter();
            text.extend(problems.map(|problem| format!("\nnot shown: {problem}")));
            (text, "view")
        } else {
            return;
        };
        let notice = app.notice().map(str::to_owned);
        if self.printed.as_deref() != Some(text.as_str()) {
            self.out.line(&format!("{what}:\n{text}"));
            self.printed = Some(text);
        }
        if notice != self.noticed {
            if let Some(notice) = &notice {
                self.out.line(&format!("{what} notice: {notice}"));
            }
            self.noticed = notice;
        }
    }

    /// `--screenshot`: a PNG of the app as shown (the headless tab of an HTML app, the card
    /// as the card window draws it).
    fn save_screenshot(&mut self) -> Result<(), String> {
        let (Some(path), Some(instance)) = (self.screenshot.clone(), self.instance) else {
            return Ok(());
        };
        let png = match self.kind {
            Some(ViewKind::Html) => self.html_screenshot(instance)?,
            _ => self.card_screenshot(instance)?,
        };
        std::fs::write(&path, png).map_err(|e| format!("writing {}: {e}", path.display()))?;
        self.out
            .line(&format!("screenshot saved to {}", path.display()));
        Ok(())
    }

    fn html_screenshot(&mut self, instance: InstanceId) -> Result<Vec<u8>, String> {
        self.host.screenshot(instance, self.height);
        let until = Instant::now() + CLOSE_WAIT;
        while Instant::now() < until {
            for update in self.host.poll() {
                if let HostUpdate::Screenshot { png, .. } = update {
                    return png.map_err(|e| format!("taking the screenshot: {e}"));
                }
                self.update(update);
            }
            std::thread::sleep(STEP);
        }
        Err("taking the screenshot: the browser did not answer".to_owned())
    }

    fn card_screenshot(&self, instance: InstanceId) -> Result<Vec<u8>, String> {
        let app = self.host.app(instance).ok_or("the app is gone")?;
        let options = mcpapp_render::RenderOptions {
            host_config: HostConfig::for_dark(app.is_dark()),
            ..mcpapp_render::RenderOptions::default()
        };
        let image = if let Some(card) = app.card() {
            mcpapp_render::render_card(card, &options)
        } else {
            // The first surface: a view with more shows them one under another in its window.
            let surface = app
                .surfaces()
                .and_then(|s| s.surfaces().values().next())
                .ok_or("the app shows nothing yet")?;
            mcpapp_render::render_surface(surface, &options)
        }
        .map_err(|e| e.to_string())?;
        mcpapp_render::png_bytes(&image).map_err(|e| e.to_string())
    }
}

/// What `--fill`/`--press` did, as printed.
fn print_step(out: &mut Report, step: &ScriptStep) {
    match step {
        ScriptStep::Filled(id) => out.line(&format!("filled {id}")),
        ScriptStep::Pressed(label) => out.line(&format!("pressed {label}")),
        ScriptStep::Stopped(label, why) => out.line(&format!("pressed {label}: {why}")),
        _ => {}
    }
}

/// Opens a link in the user's browser by the host's one policy, and says so.
pub(super) fn open_link(out: &mut Report, url: &str) {
    match mcpapp_egui_host::open_link(url) {
        Ok(()) => out.line(&format!("opened {url} in your browser")),
        Err(e) => out.line(&format!("cannot open {url}: {e}")),
    }
}
