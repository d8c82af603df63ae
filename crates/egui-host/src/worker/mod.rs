//! The worker thread: the host runtime, the MCP connections and the HTML bridges, driven by
//! the GUI's commands; what happens goes back to the GUI as updates.

mod headless;
mod html;
mod messages;
mod native;

pub(crate) use messages::{Command, Update, ViewParts};

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::mpsc as std_mpsc;
use std::time::Duration;

use mcpapp_host::mcp::{ClientOptions, McpConnection};
use mcpapp_host::{AgentCall, AppHost, AppSpec, HostEvent, InstanceId, Runtime, ViewKind};
use mcpapp_html::{BridgeOptions, HeadlessChromium, HtmlResource, LocalBridge, Presentation};
use mcpapp_protocol::{CallToolResult, DisplayMode};
use serde_json::Value;
use tokio::sync::mpsc;

use crate::handle::Repaint;
use crate::{EguiHostError, HandleOptions, HostUpdate, ShowHtmlIn, ShowHtmlWhen};
use mcpapp_host::Error;

/// How long the worker waits for the host before it looks at its own business again (tool
/// results, windows the user closed).
const POLL: Duration = Duration::from_millis(50);

/// The longest wait for a window, a browser or a server to close: closing always finishes,
/// whatever the other side does.
const CLOSE_WAIT: Duration = Duration::from_secs(3);

/// Work that finished on a task of its own.
enum Finished {
    Connected(String, Result<McpConnection, Error>),
    /// The agent's call of a tool without a view answered.
    Called {
        call: Box<PendingCall>,
        result: CallToolResult,
    },
}

/// An agent's call of a tool (its arguments an object).
struct PendingCall {
    server: String,
    tool: String,
    arguments: Value,
    tool_call_id: String,
    display_mode: DisplayMode,
}

pub(crate) struct Worker {
    runtime: Runtime,
    client: ClientOptions,
    show_html_in: ShowHtmlIn,
    /// The headless browser of [`ShowHtmlIn::Headless`], once started.
    headless: Option<HeadlessChromium>,
    show_html_when: ShowHtmlWhen,
    commands: mpsc::UnboundedReceiver<Command>,
    updates: std_mpsc::Sender<Update>,
    repaint: Repaint,
    finished_tx: mpsc::UnboundedSender<Finished>,
    finished: mpsc::UnboundedReceiver<Finished>,
    /// The address of each HTML app's bridge, until it is shown.
    html: BTreeMap<InstanceId, String>,
    presentations: BTreeMap<InstanceId, Presentation>,
    connections: Vec<Arc<McpConnection>>,
    /// Whether the GUI wants a warm bridge ready, and the one ready now.
    keep_warm: bool,
    spare: Option<LocalBridge>,
    /// The spare's page, already shown in a headless tab (with [`ShowHtmlIn::Headless`]).
    spare_shown: Option<Presentation>,
    /// How bridges are set up (warm ones too, so the spare fits the next app).
    bridge: BridgeOptions,
}

impl Worker {
    pub(crate) fn new(
        options: HandleOptions,
        commands: mpsc::UnboundedReceiver<Command>,
        updates: std_mpsc::Sender<Update>,
        repaint: Repaint,
    ) -> Self {
        let (finished_tx, finished) = mpsc::unbounded_channel();
        let runtime = Runtime::new(AppHost::new(options.host, options.store));
        let mut client = options.client;
        // Without a handler of the embedder's, servers' questions go through the host's
        // pipeline to the window.
        if client.handlers.elicitation.is_none() {
            client.handlers.elicitation = Some(runtime.question_handler());
        }
        // Sampling requests likewise, when the user is to answer them.
        if options.sample_by_user && client.handlers.sampling.is_none() {
            client.handlers.sampling = Some(runtime.sampling_handler());
        }
        Self {
            runtime,
            client,
            show_html_in: options.show_html_in,
            headless: None,
            show_html_when: options.show_html_when,
            commands,
            updates,
            repaint,
            finished_tx,
            finished,
            html: BTreeMap::new(),
            presentations: BTreeMap::new(),
            connections: Vec::new(),
            keep_warm: false,
            spare: None,
            spare_shown: None,
            bridge: options.bridge,
        }
    }

    fn tell(&self, update: HostUpdate) {
        self.send(Update::Public(update));
    }

    fn send(&self, update: Update) {
        // The GUI only goes away after telling the worker to stop.
        let _ = self.updates.send(update);
        self.repaint.now();
    }

    pub(crate) async fn run(mut self) {
        // What the embedder asked before the worker ran (connecting its servers starts tasks),
        // then a warm page where the worker shows apps itself, so that the first app starts as
        // fast as the next.
        while let Ok(command) = self.commands.try_recv() {
            if matches!(command, Command::Shutdown) {
                self.shut_down().await;
                return;
            }
            self.command(command).await;
        }
        self.warm_up().await;
        loop {
            tokio::select! {
                command = self.commands.recv() => match command {
                    Some(Command::Shutdown) | None => break,
                    Some(command) => self.command(command).await,
                },
                Some(finished) = self.finished.recv() => self.finish(finished),
                event = self.runtime.next_event_within(POLL) => {
                    if let Some(event) = event {
                        self.event(event).await;
                    }
                }
            }
            for (tool_call_id, result) in self.runtime.take_tool_results() {
                self.tell(HostUpdate::ToolResult {
                    tool_call_id,
                    result,
                });
            }
            self.watch_windows();
        }
        self.shut_down().await;
    }

    /// The views' last words (a save sent as the GUI closed) are carried, then everything
    /// this worker started is stopped.
    async fn shut_down(mut self) {
        let _ = self.runtime.poll_events();
        for (_, presentation) in std::mem::take(&mut self.presentations) {
            let _ = tokio::time::timeout(CLOSE_WAIT, presentation.close()).await;
        }
        if let Some(shown) = self.spare_shown.take() {
            let _ = tokio::time::timeout(CLOSE_WAIT, shown.close()).await;
        }
        if let Some(browser) = self.headless.take() {
            let _ = tokio::time::timeout(CLOSE_WAIT * 3, browser.close()).await;
        }
        drop(self.runtime);
        for connection in std::mem::take(&mut self.connections) {
            if let Ok(connection) = Arc::try_unwrap(connection) {
                let _ = tokio::time::timeout(CLOSE_WAIT, connection.close()).await;
            }
        }
    }

    async fn command(&mut self, command: Command) {
        match command {
            Command::Connect { id, spec } => {
                let options = self.client.clone();
                let finished = self.finished_tx.clone();
                tokio::spawn(async move {
                    let connected = McpConnection::connect(id.clone(), &spec, &options).await;
                    let _ = finished.send(Finished::Connected(id, connected));
                });
            }
            Command::Call {
                server,
                tool,
                arguments,
                tool_call_id,
                display_mode,
            } => {
                let call = PendingCall {
                    server,
                    tool,
                    arguments: Value::Object(arguments),
                    tool_call_id,
                    display_mode,
                };
                self.agent_call(call).await;
            }
            Command::Restore {
                thread,
                spec,
                input,
                result,
            } => {
                self.runtime
                    .host_mut()
                    .restore_app(&thread, *spec, input, result.as_ref());
            }
            Command::Present(instance) => self.present(instance).await,
            Command::Screenshot(instance, height) => {
                let png = self.screenshot(instance, height).await;
                self.tell(HostUpdate::Screenshot {
                    instance,
                    png: png.map_err(EguiHostError::Browser),
                });
            }
            Command::Evaluate(instance, expression) => {
                let value = self.evaluate(instance, &expression).await;
                self.tell(HostUpdate::Evaluated {
                    instance,
                    value: value.map_err(EguiHostError::Browser),
                });
            }
            Command::KeepWarm => {
                self.keep_warm = true;
                self.warm_up().await;
            }
            Command::Shutdown => {}
            other => self.host_command(other),
        }
    }

    /// The commands that only tell the host something (the user's and the embedder's
    /// decisions).
    fn host_command(&mut self, command: Command) {
        match command {
            Command::SwitchThread(thread) => self.runtime.host_mut().switch_thread(&thread),
            Command::SetGenerating { thread, pending } => {
                self.runtime.host_mut().set_generating(&thread, pending);
            }
            Command::Close(instance) => self.runtime.host_mut().close(instance),
            Command::DownloadDone {
                instance,
                request,
                outcome,
            } => {
                let outcome = outcome.as_ref().copied().map_err(String::as_str);
                self.runtime
                    .host_mut()
                    .download_done(instance, &request, outcome);
            }
            Command::Answer(instance, answer) => {
                let answered = self.runtime.host_mut().answer_question(instance, answer);
                self.refused(instance, answered);
            }
            Command::AnswerSample(instance, answer) => {
                let answered = self.runtime.host_mut().answer_sample(instance, answer);
                self.refused(instance, answered);
            }
            Command::SetTheme(theme) => self.runtime.host_mut().set_theme(theme),
            Command::SetDuplicatePolicy(policy) => {
                self.runtime.host_mut().set_duplicate_policy(policy);
            }
            Command::ResolveDuplicate(instance, policy) => {
                self.runtime.host_mut().resolve_duplicate(instance, policy);
            }
            Command::SetDisplayMode(instance, mode) => {
                self.runtime.host_mut().set_display_mode(instance, mode);
            }
            _ => {}
        }
    }

    /// Tells the GUI why the host refused the user's answer to question `instance`.
    fn refused(&self, instance: InstanceId, answered: Result<(), Error>) {
        if let Err(e) = answered {
            self.send(Update::Refused {
                instance,
                why: e.to_string(),
            });
        }
    }

    /// The agent calls a tool. One without a view is called on a task of its own, so that
    /// the worker carries messages meanwhile (its server may ask the user first); its result
    /// comes back as [`Finished::Called`].
    async fn agent_call(&mut self, call: PendingCall) {
        let Value::Object(arguments) = call.arguments.clone() else {
            return;
        };
        let connection = self.runtime.server(&call.server).cloned();
        let without_view = connection
            .as_ref()
            .and_then(|c| c.tool(&call.tool))
            .is_some_and(|t| t.ui_resource_uri().is_none());
        match connection {
            Some(connection) if without_view => {
                let finished = self.finished_tx.clone();
                tokio::spawn(async move {
                    let result = connection
                        .call_tool(&call.tool, arguments)
                        .await
                        .unwrap_or_else(|e| CallToolResult::error(e.to_string()));
                    let _ = finished.send(Finished::Called {
                        call: Box::new(call),
                        result,
                    });
                });
            }
            _ => {
                let called = self
                    .runtime
                    .agent_call(
                        &call.server,
                        &call.tool,
                        arguments,
                        &call.tool_call_id,
                        call.display_mode,
                    )
                    .await;
                self.called(call.tool_call_id, called);
            }
        }
    }

    /// Tells the GUI what an agent's call became.
    fn called(&self, tool_call_id: String, called: Result<AgentCall, Error>) {
        match called {
            Ok(AgentCall::App(_)) => {}
            Ok(AgentCall::Done(result)) => self.tell(HostUpdate::CallDone {
                tool_call_id,
                result,
            }),
            Err(e) => self.tell(HostUpdate::CallFailed {
                tool_call_id,
                error: EguiHostError::Host(Arc::new(e)),
            }),
        }
    }

    fn finish(&mut self, finished: Finished) {
        match finished {
            Finished::Called { call, result } => {
                let PendingCall {
                    server,
                    tool,
                    arguments,
                    tool_call_id,
                    display_mode,
                } = *call;
                let called = self.runtime.agent_result(
                    &server,
                    &tool,
                    &arguments,
                    &tool_call_id,
                    display_mode,
                    result,
                );
                self.called(tool_call_id, called);
            }
            Finished::Connected(server, Ok(connection)) => {
                let connection = Arc::new(connection);
                let tools = connection.tools();
                let info = Box::new(connection.server_info());
                self.runtime.add_server(Arc::clone(&connection));
                self.connections.push(connection);
                self.tell(HostUpdate::ServerConnected {
                    server,
                    info,
                    tools,
                });
            }
            Finished::Connected(server, Err(e)) => self.tell(HostUpdate::ServerFailed {
                server,
                error: EguiHostError::Host(Arc::new(e)),
            }),
        }
    }

    async fn event(&mut self, event: HostEvent) {
        match event {
            HostEvent::OpenApp {
                instance,
                spec,
                recreated,
            } => match self.open(instance, &spec).await {
                Ok(view) => {
                    let html = matches!(view, ViewParts::Html { .. });
                    self.send(Update::Opened {
                        instance,
                        spec,
                        recreated,
                        view,
                    });
                    if html && self.show_html_when == ShowHtmlWhen::AtOnce {
                        self.present(instance).await;
                    }
                    // After the app is known to the GUI, so that the GUI hands the warm page
                    // it loaded to that app before it loads the next.
                    self.warm_up().await;
                }
                Err(error) => {
                    self.tell(HostUpdate::AppFailed {
                        instance,
                        error: EguiHostError::View(error),
                    });
                    self.runtime.host_mut().close(instance);
                    self.warm_up().await;
                }
            },
            HostEvent::CloseApp {
                instance,
                reason,
                keep_in_history,
            } => {
                self.runtime.detach(instance);
                self.html.remove(&instance);
                if let Some(presentation) = self.presentations.remove(&instance) {
                    let _ = tokio::time::timeout(CLOSE_WAIT, presentation.close()).await;
                }
                self.tell(HostUpdate::AppClosed {
                    instance,
                    reason,
                    keep_in_history,
                });
            }
            HostEvent::OpenQuestion { instance, question } => {
                self.send(Update::Question {
                    instance,
                    spec: question,
                });
            }
            other => self.tell(HostUpdate::Event(other)),
        }
    }

    /// Builds the view of an app the host opened and attaches its port.
    async fn open(&mut self, instance: InstanceId, spec: &AppSpec) -> Result<ViewParts, String> {
        let connection = self
            .runtime
            .server(&spec.server)
            .cloned()
            .ok_or_else(|| format!("the server `{}` is not connected", spec.server))?;
        let uri = &spec.resource_uri;
        match spec.kind {
            ViewKind::Card | ViewKind::A2ui => self.open_native(instance, spec, &connection).await,
            ViewKind::Html => {
                let read = connection
                    .read_resource(uri)
                    .await
                    .map_err(|e| format!("reading {uri}: {e}"))?;
                let resource =
                    HtmlResource::from_read_result(&read).map_err(|e| format!("{uri}: {e}"))?;
                // The app is told the sandbox it runs in before it starts, and the user what
                // of its declaration was refused.
                let refused: Vec<String> = resource
                    .refusals(&self.bridge.csp)
                    .iter()
                    .map(ToString::to_string)
                    .collect();
                let host = self.runtime.host_mut();
                host.set_sandbox(instance, resource.sandbox(&self.bridge.csp));
                host.sandbox_refused(instance, refused.clone());
                // The warm bridge, whose page may be loaded already, takes the app; a new one
                // warms up for the next.
                let bridge = match self.spare.take() {
                    Some(bridge) => {
                        bridge.load(&resource).map_err(|e| e.to_string())?;
                        // Its page is shown already (headless): the app's HTML goes straight in,
                        // and its tab comes to the front (the next warm one opens behind it).
                        if let Some(shown) = self.spare_shown.take() {
                            if let Some(tab) = shown.tab()
                                && let Err(e) = tab.bring_to_front().await
                            {
                                tracing::warn!("the app's tab did not come to the front: {e}");
                            }
                            self.presentations.insert(instance, shown);
                        }
                        bridge
                    }
                    None => LocalBridge::start(resource, self.bridge.clone())
                        .await
                        .map_err(|e| e.to_string())?,
                };
                let url = bridge.url();
                let proxy_origin = bridge.proxy_origin().to_owned();
                self.runtime.attach(instance, Box::new(bridge));
                self.html.insert(instance, url.clone());
                Ok(ViewParts::Html {
                    url,
                    proxy_origin,
                    refused,
                })
            }
        }
    }
}
