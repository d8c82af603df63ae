//! `mcpapp connect`: a host for any MCP server, so a person can try its apps. It connects
//! (stdio child process or streamable HTTP), lists the tools, and with `--call` calls one as
//! the agent would and opens its app: an HTML app behind the sandbox bridge in a browser
//! window, a card in a native window. What the app does (messages for the chat, links, logs,
//! state) is printed as it happens.

mod card_peer;
mod card_window;
mod report;

use std::io::{self, Write as _};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::mpsc as std_mpsc;
use std::time::{Duration, Instant};

use mcpapp_host::mcp::{ClientOptions, McpConnection, ServerSpec};
use mcpapp_host::store::{MemoryStore, SqliteStore, StateStore};
use mcpapp_host::{
    AgentCall, AppHost, AppSpec, CardSession, ChannelPort, HostEvent, HostOptions, InstanceId,
    Runtime, ViewKind,
};
use mcpapp_html::{
    BridgeOptions, HeadlessChromium, HtmlResource, LocalBridge, Presentation, Presenter,
};
use mcpapp_protocol::{CARD_MIME_TYPE, DisplayMode, HTML_MIME_TYPE};
use serde_json::{Map, Value};

use self::card_peer::CardPeer;
use self::card_window::CardWindow;
use self::report::Report;

/// The server's id inside the host.
const SERVER: &str = "server";
/// The agent's tool call id for `--call`.
const CALL_ID: &str = "call-1";

/// Arguments of `mcpapp connect`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  \
    mcpapp connect --call get_forecast --args '{\"city\":\"Oslo\"}' -- mcpapp serve-example weather\n  \
    mcpapp connect --url http://127.0.0.1:3001/mcp\n  \
    mcpapp connect --call get-time -- npx -y @modelcontextprotocol/server-basic-vanillajs --stdio\n\n\
    Options come before `--`; everything after it is the server's command line.")]
pub struct Args {
    /// A streamable HTTP endpoint (`http://HOST:PORT/mcp`) instead of a command.
    #[arg(long, value_name = "URL", conflicts_with = "command")]
    url: Option<String>,
    /// Call this tool as the agent would and open its app.
    #[arg(long, value_name = "TOOL")]
    call: Option<String>,
    /// The tool's arguments, a JSON object.
    #[arg(
        long = "args",
        value_name = "JSON",
        requires = "call",
        default_value = "{}"
    )]
    arguments: String,
    /// The views this host advertises, in order of preference: `html`, `cards`, or both.
    #[arg(
        long,
        value_name = "LIST",
        value_delimiter = ',',
        default_value = "html,cards"
    )]
    ui: Vec<UiKind>,
    /// Show HTML apps in headless Chromium instead of a window, and cards without a window
    /// (for scripts and CI; what the app does is still printed).
    #[arg(long)]
    headless: bool,
    /// Close the app after this many seconds (by default it stays until its window closes).
    #[arg(long, value_name = "SECS")]
    duration: Option<f64>,
    /// Save a PNG of the app as it is when `--duration` is up (with `--headless`).
    #[arg(long, value_name = "FILE", requires_all = ["headless", "duration"])]
    screenshot: Option<std::path::PathBuf>,
    /// Keep apps' saved state in memory only, not in the user's state file.
    #[arg(long)]
    no_store: bool,
    /// The server command and its arguments (after `--`).
    #[arg(last = true, value_name = "CMD")]
    command: Vec<String>,
}

/// A kind of view the host can show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum UiKind {
    /// HTML MCP Apps.
    Html,
    /// mcpapp declarative cards.
    Cards,
}

/// Runs the command: 0 when everything asked for worked, 1 when the server or the app failed,
/// 2 for bad arguments.
pub fn run(args: &Args) -> ExitCode {
    let arguments = match parse_arguments(args) {
        Ok(arguments) => arguments,
        Err(message) => {
            let _ = writeln!(io::stderr().lock(), "mcpapp connect: {message}");
            return ExitCode::from(2);
        }
    };
    // Card windows must run on the main thread; the host runs on a thread of its own.
    let (windows_tx, windows) = std_mpsc::channel::<CardWindow>();
    let job = Job {
        args: JobArgs::from(args),
        arguments,
        windows: windows_tx,
    };
    let host_thread = std::thread::spawn(move || job.run());
    // Windows come one at a time; the loop ends when the host thread is done.
    while let Ok(window) = windows.recv() {
        if let Err(e) = window.show() {
            let _ = writeln!(io::stderr().lock(), "mcpapp connect: {e}");
        }
    }
    match host_thread.join() {
        Ok(Ok(())) => ExitCode::SUCCESS,
        Ok(Err(message)) => {
            let _ = writeln!(io::stderr().lock(), "mcpapp connect: {message}");
            ExitCode::FAILURE
        }
        Err(_) => ExitCode::FAILURE,
    }
}

fn parse_arguments(args: &Args) -> Result<Map<String, Value>, String> {
    if args.url.is_none() && args.command.is_empty() {
        return Err(
            "give the server: `mcpapp connect -- CMD ARGS...` or `mcpapp connect --url URL`".into(),
        );
    }
    if args.ui.is_empty() {
        return Err("--ui needs at least one of html, cards".into());
    }
    match serde_json::from_str::<Value>(&args.arguments) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(other) => Err(format!(
            "--args must be a JSON object, not {}",
            mcpapp_card::json_type(&other)
        )),
        Err(e) => Err(format!(
            "--args is not JSON (line {}, column {}): {e}",
            e.line(),
            e.column()
        )),
    }
}

/// What the host thread needs of the arguments.
#[derive(Debug, Clone)]
struct JobArgs {
    spec: ServerSpec,
    call: Option<String>,
    mime_types: Vec<String>,
    headless: bool,
    duration: Option<Duration>,
    screenshot: Option<std::path::PathBuf>,
    no_store: bool,
}

impl From<&Args> for JobArgs {
    fn from(args: &Args) -> Self {
        let spec = match (&args.url, args.command.split_first()) {
            (Some(url), _) => ServerSpec::http(url.clone()),
            (None, Some((command, rest))) => ServerSpec::stdio(command.clone(), rest.to_vec()),
            (None, None) => ServerSpec::http(String::new()),
        };
        let mut mime_types: Vec<String> = Vec::new();
        for kind in &args.ui {
            let mime = match kind {
                UiKind::Html => HTML_MIME_TYPE,
                UiKind::Cards => CARD_MIME_TYPE,
            };
            if !mime_types.iter().any(|m| m == mime) {
                mime_types.push(mime.to_owned());
            }
        }
        Self {
            spec,
            call: args.call.clone(),
            mime_types,
            headless: args.headless,
            duration: args
                .duration
                .filter(|d| d.is_finite() && *d >= 0.0)
                .map(Duration::from_secs_f64),
            screenshot: args.screenshot.clone(),
            no_store: args.no_store,
        }
    }
}

/// The host side of the command, on its own thread.
struct Job {
    args: JobArgs,
    arguments: Map<String, Value>,
    windows: std_mpsc::Sender<CardWindow>,
}

/// An open view and what keeps it shown.
enum Shown {
    Html {
        /// `None` when the page waits for a browser the user opens.
        presentation: Option<Box<Presentation>>,
    },
    /// A card in a window on the main thread, or driven here without one (headless).
    Card { headless: Option<Box<HeadlessCard>> },
}

/// A card without a window: the session runs here, so the app still initializes, gets its
/// input and result, and its card can be printed.
struct HeadlessCard {
    peer: CardPeer,
    printed: Option<String>,
    noticed: Option<String>,
}

impl Job {
    fn run(self) -> Result<(), String> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .map_err(|e| format!("cannot start the async runtime: {e}"))?;
        runtime.block_on(self.session())
    }

    async fn session(self) -> Result<(), String> {
        let mut out = Report::stdout();
        let options = ClientOptions {
            mime_types: self.args.mime_types.clone(),
            ..ClientOptions::default()
        };
        let connection = McpConnection::connect(SERVER, &self.args.spec, &options)
            .await
            .map_err(|e| e.to_string())?;
        out.server(&connection);
        let Some(tool) = self.args.call.clone() else {
            connection.close().await;
            return Ok(());
        };
        if connection.tool(&tool).is_none() {
            let known: Vec<String> = connection.tools().into_iter().map(|t| t.name).collect();
            connection.close().await;
            return Err(format!(
                "the server has no tool `{tool}`; it has: {}",
                known.join(", ")
            ));
        }
        let missing = missing_arguments(&connection, &tool, &self.arguments);
        if !missing.is_empty() {
            out.line(&format!(
                "note: {tool} requires {} (give them with --args); calling it anyway",
                missing
                    .iter()
                    .map(|m| format!("`{m}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        let store: Arc<dyn StateStore> = if self.args.no_store {
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
        let connection = Arc::new(connection);
        let mut runtime = Runtime::new(AppHost::new(HostOptions::default(), store));
        runtime.add_server(Arc::clone(&connection));
        out.line(&format!(
            "calling {tool} {}",
            Value::Object(self.arguments.clone())
        ));
        let called = runtime
            .agent_call(
                SERVER,
                &tool,
                self.arguments.clone(),
                CALL_ID,
                // Alone in a window of its own (the host tells SDK views, which know no
                // such mode, that they are fullscreen).
                DisplayMode::Window,
            )
            .await
            .map_err(|e| e.to_string())?;
        let outcome = match called {
            AgentCall::Done(result) => {
                out.result(&result);
                Ok(())
            }
            AgentCall::App(instance) => self.show(&mut runtime, instance, &mut out).await,
        };
        drop(runtime);
        if let Ok(connection) = Arc::try_unwrap(connection) {
            connection.close().await;
        }
        outcome
    }

    /// Runs the app until it closes (its window, `--duration`, the app itself).
    async fn show(
        &self,
        runtime: &mut Runtime,
        instance: InstanceId,
        out: &mut Report,
    ) -> Result<(), String> {
        let deadline = self.args.duration.map(|d| Instant::now() + d);
        let mut browser: Option<HeadlessChromium> = None;
        let mut shown: Option<Shown> = None;
        let mut closing = false;
        // The app's last reported height, so that a screenshot shows all of it.
        let mut height: Option<f64> = None;
        let outcome = loop {
            let event = runtime.next_event_within(Duration::from_millis(50)).await;
            match event {
                Some(HostEvent::OpenApp {
                    instance: i, spec, ..
                }) if i == instance => {
                    out.line(&format!(
                        "app {} opened: {} view {}",
                        i.0,
                        kind_name(spec.kind),
                        spec.resource_uri
                    ));
                    match self.open(runtime, i, &spec, &mut browser, out).await {
                        Ok(view) => {
                            if deadline.is_none() {
                                out.line(if self.args.headless {
                                    "the app runs until you press Ctrl-C (--duration SECS closes it)"
                                } else {
                                    "the app runs until its window closes or you press Ctrl-C"
                                });
                            }
                            shown = Some(view);
                        }
                        Err(e) => break Err(e),
                    }
                }
                Some(HostEvent::CloseApp {
                    instance: i,
                    reason,
                    ..
                }) if i == instance => {
                    out.line(&format!("app {} closed ({reason:?})", i.0));
                    break Ok(());
                }
                Some(event) => self.report(&event, instance, &mut height, out).await,
                None => {}
            }
            if let Some(Shown::Card {
                headless: Some(card),
            }) = &mut shown
            {
                card.step(out);
            }
            let window_gone = match &mut shown {
                Some(Shown::Html {
                    presentation: Some(presentation),
                }) => !presentation.is_detached() && !presentation.is_open(),
                _ => false,
            };
            let time_up = deadline.is_some_and(|d| Instant::now() >= d);
            if (window_gone || time_up) && !closing {
                closing = true;
                if let (Some(path), Some(view)) = (&self.args.screenshot, &shown) {
                    match screenshot(view, height).await {
                        Ok(png) => match std::fs::write(path, png) {
                            Ok(()) => out.line(&format!("screenshot saved to {}", path.display())),
                            Err(e) => break Err(format!("writing {}: {e}", path.display())),
                        },
                        Err(e) => break Err(format!("taking the screenshot: {e}")),
                    }
                }
                out.line(&format!(
                    "closing app {} ({})",
                    instance.0,
                    if time_up {
                        "--duration is up"
                    } else {
                        "its window closed"
                    }
                ));
                runtime.host_mut().close(instance);
            }
        };
        if let Some(Shown::Html {
            presentation: Some(presentation),
        }) = shown
        {
            presentation.close().await;
        }
        if let Some(browser) = browser {
            browser.close().await;
        }
        runtime.detach(instance);
        outcome
    }

    /// Prints what the app did; keeps its last reported height; opens the links it asks for
    /// on a desktop (the host already checked they are http or https).
    async fn report(
        &self,
        event: &HostEvent,
        instance: InstanceId,
        height: &mut Option<f64>,
        out: &mut Report,
    ) {
        out.event(event);
        match event {
            HostEvent::SizeChanged {
                instance: i,
                height: Some(h),
                ..
            } if *i == instance => *height = Some(*h),
            HostEvent::OpenLink { url, .. } if !self.args.headless => {
                match mcpapp_html::SystemBrowser.present(url).await {
                    Ok(_) => out.line(&format!("opened {url} in your browser")),
                    Err(e) => out.line(&format!("cannot open {url}: {e}")),
                }
            }
            _ => {}
        }
    }

    /// Builds the view of an app that the host opened and connects it.
    async fn open(
        &self,
        runtime: &mut Runtime,
        instance: InstanceId,
        spec: &AppSpec,
        browser: &mut Option<HeadlessChromium>,
        out: &mut Report,
    ) -> Result<Shown, String> {
        let connection = runtime
            .server(&spec.server)
            .cloned()
            .ok_or("the server went away")?;
        match spec.kind {
            ViewKind::Html => {
                let read = connection
                    .read_resource(&spec.resource_uri)
                    .await
                    .map_err(|e| format!("reading {}: {e}", spec.resource_uri))?;
                let resource = HtmlResource::from_read_result(&read)
                    .map_err(|e| format!("{}: {e}", spec.resource_uri))?;
                let bridge = LocalBridge::start(resource, BridgeOptions::default())
                    .await
                    .map_err(|e| e.to_string())?;
                let url = bridge.url();
                let presentation = if self.args.headless {
                    if browser.is_none() {
                        *browser = Some(
                            HeadlessChromium::launch()
                                .await
                                .map_err(|e| format!("headless Chromium: {e}"))?,
                        );
                    }
                    let chromium = browser.as_ref().ok_or("no headless Chromium")?;
                    chromium
                        .present(&url)
                        .await
                        .map_err(|e| format!("headless Chromium: {e}"))?
                } else {
                    // A desktop without a browser we may start: the app waits at its address
                    // for one opened by hand (the bridge takes one session, from any browser).
                    match mcpapp_html::presenter::desktop_presenter()
                        .present(&url)
                        .await
                    {
                        Ok(presentation) => presentation,
                        Err(e) => {
                            out.line(&format!(
                                "cannot open a browser window ({e}); open this address in a \
                                 browser yourself: {url}"
                            ));
                            runtime.attach(instance, Box::new(bridge));
                            return Ok(Shown::Html { presentation: None });
                        }
                    }
                };
                if presentation.is_detached() {
                    out.line(&format!("the app is at {url} (opened in your browser)"));
                }
                runtime.attach(instance, Box::new(bridge));
                Ok(Shown::Html {
                    presentation: Some(Box::new(presentation)),
                })
            }
            ViewKind::Card => {
                // A tool without a view of its own carries its card in the result; one with
                // a `ui://` card view has a template to fill.
                let session = if spec.tool.ui_resource_uri().is_none() {
                    CardSession::waiting()
                } else {
                    let read = connection
                        .read_resource(&spec.resource_uri)
                        .await
                        .map_err(|e| format!("reading {}: {e}", spec.resource_uri))?;
                    let template = read
                        .pointer("/contents/0/text")
                        .and_then(Value::as_str)
                        .ok_or_else(|| {
                            format!("{} holds no card template text", spec.resource_uri)
                        })?;
                    CardSession::from_template(template)
                };
                let (port, end) = ChannelPort::pair();
                runtime.attach(instance, Box::new(port));
                let peer = CardPeer::start(session, end);
                if self.args.headless {
                    let card = HeadlessCard {
                        peer,
                        printed: None,
                        noticed: None,
                    };
                    Ok(Shown::Card {
                        headless: Some(Box::new(card)),
                    })
                } else {
                    let title = format!("mcpapp connect \u{2014} {}", spec.tool.name);
                    self.windows
                        .send(CardWindow::new(title, peer))
                        .map_err(|_| "the window thread is gone")?;
                    Ok(Shown::Card { headless: None })
                }
            }
        }
    }
}

impl HeadlessCard {
    /// Carries the host's messages to the session and prints the card when it changes.
    fn step(&mut self, out: &mut Report) {
        self.peer.pump();
        let text = report::card_text(self.peer.session.card());
        if self.printed.as_deref() != Some(text.as_str()) {
            out.line(&format!("card:\n{text}"));
            self.printed = Some(text);
        }
        let notice = self.peer.session.notice().map(str::to_owned);
        if notice != self.noticed {
            if let Some(notice) = &notice {
                out.line(&format!("card notice: {notice}"));
            }
            self.noticed = notice;
        }
    }
}

/// A PNG of the app as shown: the headless tab of an HTML app (the sandboxed frame included),
/// a headless card rendered as the card window would draw it.
async fn screenshot(view: &Shown, height: Option<f64>) -> Result<Vec<u8>, String> {
    match view {
        Shown::Html {
            presentation: Some(presentation),
        } => {
            let tab = presentation
                .tab()
                .ok_or("the app is not in a headless tab")?;
            if let Some(height) = height.filter(|h| h.is_finite() && *h > 0.0) {
                // As tall as the app says it is (within reason), then a moment to lay out.
                let height = height.ceil().clamp(100.0, 4000.0);
                #[expect(
                    clippy::cast_possible_truncation,
                    clippy::cast_sign_loss,
                    reason = "clamped to 100..=4000 above"
                )]
                let height = height as u32;
                tab.set_viewport(800, height)
                    .await
                    .map_err(|e| e.to_string())?;
                tokio::time::sleep(Duration::from_millis(300)).await;
            }
            tab.screenshot().await.map_err(|e| e.to_string())
        }
        Shown::Card {
            headless: Some(card),
        } => {
            let options = mcpapp_render::RenderOptions {
                host_config: if card.peer.session.is_dark() {
                    mcpapp_card::HostConfig::dark()
                } else {
                    mcpapp_card::HostConfig::light()
                },
                ..mcpapp_render::RenderOptions::default()
            };
            let image = mcpapp_render::render_card(card.peer.session.card(), &options)
                .map_err(|e| e.to_string())?;
            let mut png = Vec::new();
            image
                .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
                .map_err(|e| e.to_string())?;
            Ok(png)
        }
        _ => Err("only a headless app can be captured".to_owned()),
    }
}

/// The arguments the tool's input schema requires that `arguments` lacks.
fn missing_arguments(
    connection: &McpConnection,
    tool: &str,
    arguments: &Map<String, Value>,
) -> Vec<String> {
    let Some(definition) = connection.tool(tool) else {
        return Vec::new();
    };
    definition
        .input_schema
        .get("required")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .filter(|name| !arguments.contains_key(*name))
        .map(str::to_owned)
        .collect()
}

fn kind_name(kind: ViewKind) -> &'static str {
    match kind {
        ViewKind::Html => "HTML",
        ViewKind::Card => "card",
    }
}
