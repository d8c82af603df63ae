//! One open app as the GUI keeps it: for a card, its session and view state (the session runs
//! here, on the GUI thread, and speaks to the host through its port); for A2UI, its session
//! (`a2ui_app.rs`); for an HTML app, where it is shown.

use std::time::{Duration, Instant};

use mcpapp_card::{Card, CardState};
use mcpapp_egui::CardEvent;
use mcpapp_host::{AppSpec, CardSession, InstanceId, SAVE_DEBOUNCE, ViewEnd};
use mcpapp_protocol::DisplayMode;
use serde_json::Value;
use tokio::sync::mpsc;
use tokio::sync::mpsc::error::TryRecvError;

use crate::a2ui_app::A2uiApp;
use crate::pending::Pending;
use crate::worker::{Command, ViewParts};

/// Where an HTML app is shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HtmlStatus {
    /// Not shown yet: its bridge waits at this address for one browser.
    Waiting,
    /// Asked to be shown; the window is opening.
    Opening,
    /// Shown in a window of its own.
    Shown,
    /// Shown inside the embedder's window, where its [`crate::AppView`] is.
    Embedded,
    /// It could not be shown, or its window was closed.
    Failed(String),
}

/// An app open in the host (or kept in the conversation's history after it closed), as the
/// GUI draws it with [`crate::AppView`].
#[derive(Debug)]
pub struct HostedApp {
    instance: InstanceId,
    spec: AppSpec,
    closed: bool,
    height: Option<f32>,
    pub(crate) body: Body,
    /// What its server asks the user for it, and its downloads.
    pub(crate) pending: Pending,
}

#[derive(Debug)]
pub(crate) enum Body {
    Card(Box<CardApp>),
    A2ui(Box<A2uiApp>),
    Html(HtmlApp),
}

/// A card app: the session, and the view state the widget edits.
#[derive(Debug)]
pub(crate) struct CardApp {
    pub(crate) session: CardSession,
    end: ViewEnd,
    /// The view state on screen (the session keeps the last saved copy).
    pub(crate) state: CardState,
    /// The card the state belongs to.
    pub(crate) shown: Card,
    /// Why the user's last action was not sent.
    pub(crate) problem: Option<String>,
    /// Whether the host still listens.
    connected: bool,
}

#[derive(Debug)]
pub(crate) struct HtmlApp {
    pub(crate) url: String,
    /// The origin of the bridge's sandbox proxy page (the other page the app's webview loads).
    #[cfg_attr(
        not(feature = "webview"),
        expect(dead_code, reason = "read by the webview")
    )]
    pub(crate) proxy_origin: String,
    pub(crate) status: HtmlStatus,
    /// What the app declared for its sandbox and the bridge refused, in words.
    pub(crate) refused: Vec<String>,
    commands: mpsc::UnboundedSender<Command>,
}

impl HostedApp {
    /// The questions, sampling requests and downloads waiting for the user on this app's
    /// behalf ([`crate::AppView`] draws them under it).
    #[must_use]
    pub fn pending(&self) -> &Pending {
        &self.pending
    }

    /// The same, to answer them without drawing them (or to set a download's folder).
    pub fn pending_mut(&mut self) -> &mut Pending {
        &mut self.pending
    }

    pub(crate) fn new(
        instance: InstanceId,
        spec: AppSpec,
        view: ViewParts,
        commands: mpsc::UnboundedSender<Command>,
    ) -> Self {
        let body = match view {
            ViewParts::Card { session, end } => {
                let shown = session.card().clone();
                let mut card = CardApp {
                    state: CardState::new(&shown),
                    shown,
                    session: *session,
                    end,
                    problem: None,
                    connected: true,
                };
                let first = card.session.start();
                card.send(first);
                Body::Card(Box::new(card))
            }
            ViewParts::A2ui { session, end } => Body::A2ui(Box::new(A2uiApp::new(*session, end))),
            ViewParts::Html {
                url,
                proxy_origin,
                refused,
            } => Body::Html(HtmlApp {
                url,
                proxy_origin,
                status: HtmlStatus::Waiting,
                refused,
                commands,
            }),
        };
        Self {
            instance,
            spec,
            closed: false,
            height: None,
            pending: Pending::default(),
            body,
        }
    }

    /// What an HTML app declared for its sandbox (CSP origins, permissions) and the host
    /// refused, each in words with the reason (empty for cards and for apps that lost
    /// nothing). [`crate::AppView`] shows them under the app's title.
    #[must_use]
    pub fn sandbox_refusals(&self) -> &[String] {
        match &self.body {
            Body::Html(html) => &html.refused,
            Body::Card(_) | Body::A2ui(_) => &[],
        }
    }

    /// The address of an HTML app's host page (its bridge's session).
    #[cfg(feature = "webview")]
    pub(crate) fn html_url(&self) -> Option<&str> {
        match &self.body {
            Body::Html(html) => Some(&html.url),
            Body::Card(_) | Body::A2ui(_) => None,
        }
    }

    /// The instance.
    pub fn instance(&self) -> InstanceId {
        self.instance
    }

    /// What the app shows: server, tool, tool call, view.
    pub fn spec(&self) -> &AppSpec {
        &self.spec
    }

    /// A title for the app: its tool's title, else its name.
    pub fn title(&self) -> &str {
        self.spec
            .tool
            .title
            .as_deref()
            .filter(|t| !t.trim().is_empty())
            .unwrap_or(&self.spec.tool.name)
    }

    /// The display mode the host last granted.
    pub fn display_mode(&self) -> &DisplayMode {
        &self.spec.display_mode
    }

    /// Whether the app has closed and stays only as the conversation's record (drawn locked).
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    /// Whether the app's controls are locked: the model is replying, or it closed.
    pub fn is_locked(&self) -> bool {
        self.closed
            || match &self.body {
                Body::Card(card) => card.session.is_locked(),
                Body::A2ui(app) => app.session.is_locked(),
                Body::Html(_) => false,
            }
    }

    /// The card on screen, for a card app.
    pub fn card(&self) -> Option<&Card> {
        match &self.body {
            Body::Card(card) => Some(&card.shown),
            Body::A2ui(_) | Body::Html(_) => None,
        }
    }

    /// The A2UI surfaces on screen (with their data models), for an A2UI app.
    pub fn surfaces(&self) -> Option<&mcpapp_a2ui::Processor> {
        match &self.body {
            Body::A2ui(app) => Some(app.session.processor()),
            Body::Card(_) | Body::Html(_) => None,
        }
    }

    /// What of the A2UI an app received could not be applied (messages that broke the schema
    /// or the protocol's rules), for an A2UI app; [`crate::AppView`] shows it folded.
    pub fn a2ui_problems(&self) -> &[mcpapp_a2ui::Diagnostic] {
        match &self.body {
            Body::A2ui(app) => app.session.problems(),
            Body::Card(_) | Body::Html(_) => &[],
        }
    }

    /// The card's view state on screen (inputs, toggles, pages), for a card app.
    pub fn card_state(&self) -> Option<&CardState> {
        match &self.body {
            Body::Card(card) => Some(&card.state),
            Body::A2ui(_) | Body::Html(_) => None,
        }
    }

    /// What the user should know about their last action on a card: the server's reason for
    /// refusing it, or why it was not sent.
    pub fn notice(&self) -> Option<&str> {
        match &self.body {
            Body::Card(card) => card.problem.as_deref().or(card.session.notice()),
            Body::A2ui(app) => app.problem.as_deref().or(app.session.notice()),
            Body::Html(_) => None,
        }
    }

    /// Whether the host's theme is dark (as the host told the app).
    pub fn is_dark(&self) -> bool {
        match &self.body {
            Body::Card(card) => card.session.is_dark(),
            Body::A2ui(app) => app.session.is_dark(),
            Body::Html(_) => false,
        }
    }

    /// For an HTML app: the bridge's address and where the app is shown.
    pub fn html(&self) -> Option<(&str, &HtmlStatus)> {
        match &self.body {
            Body::Html(html) => Some((&html.url, &html.status)),
            Body::Card(_) | Body::A2ui(_) => None,
        }
    }

    /// The content height the app last reported (`size-changed`), in CSS pixels.
    pub fn reported_height(&self) -> Option<f32> {
        self.height
    }

    pub(crate) fn set_closed(&mut self) {
        self.closed = true;
    }

    pub(crate) fn set_display_mode(&mut self, mode: DisplayMode) {
        self.spec.display_mode = mode;
    }

    #[expect(
        clippy::cast_possible_truncation,
        reason = "a CSS height fits an f32; the host checked it is a number"
    )]
    pub(crate) fn set_height(&mut self, height: Option<f64>) {
        self.height = height
            .filter(|h| h.is_finite() && *h >= 0.0)
            .map(|h| h as f32);
    }

    pub(crate) fn set_presented(&mut self, result: Result<(), String>) {
        if let Body::Html(html) = &mut self.body {
            html.status = match result {
                Ok(()) => HtmlStatus::Shown,
                Err(e) => HtmlStatus::Failed(e),
            };
        }
    }

    /// Gives the host's waiting messages to the view and sends what is due; returns when the
    /// next save is due, if one waits.
    pub(crate) fn keep_alive(&mut self, now: Instant) -> Option<Instant> {
        match &mut self.body {
            Body::Card(card) => card.keep_alive(now),
            Body::A2ui(app) => app.keep_alive(now),
            Body::Html(_) => None,
        }
    }

    /// Sends a pending save at once (the host is closing).
    pub(crate) fn flush_now(&mut self) {
        match &mut self.body {
            Body::Card(card) => {
                let later = Instant::now() + SAVE_DEBOUNCE + Duration::from_millis(1);
                let flushed = card.session.flush(later);
                card.send(flushed);
            }
            Body::A2ui(app) => app.flush_now(),
            Body::Html(_) => {}
        }
    }
}

impl CardApp {
    pub(crate) fn send(&self, messages: Vec<Value>) {
        send_to_host(&self.end, messages);
    }

    fn keep_alive(&mut self, now: Instant) -> Option<Instant> {
        let session = &mut self.session;
        receive_from_host(&mut self.end, &mut self.connected, |m| {
            session.on_host_message(m)
        });
        // A new card (a result, an answer to a submit) keeps what it still has of the old
        // view state.
        if self.session.card() != &self.shown {
            let card = self.session.card().clone();
            let mut state = CardState::new(&card);
            state.restore(&card, &self.state);
            self.state = state;
            self.shown = card;
        }
        if let Some(restored) = self.session.take_restored() {
            self.state = restored;
        }
        let flushed = self.session.flush(now);
        self.send(flushed);
        self.session.save_due()
    }

    /// What the user did on the card this frame, as messages to the host.
    pub(crate) fn act(&mut self, event: Option<CardEvent>, state_changed: bool, now: Instant) {
        if state_changed {
            self.session.state_changed(&self.state, now);
        }
        let sent = match event {
            Some(CardEvent::Submit { tool_call, .. }) => Some(
                tool_call.and_then(|call| self.session.call_tool(&call).map_err(|e| e.to_string())),
            ),
            Some(CardEvent::OpenUrl { url }) => {
                Some(self.session.open_link(&url).map_err(|e| e.to_string()))
            }
            Some(CardEvent::Invalid { .. }) | None => None,
        };
        match sent {
            Some(Ok(messages)) => {
                self.problem = None;
                self.send(messages);
            }
            Some(Err(e)) => self.problem = Some(e),
            None => {}
        }
    }
}

impl HtmlApp {
    pub(crate) fn present(&mut self, instance: InstanceId) {
        self.status = HtmlStatus::Opening;
        if self.commands.send(Command::Present(instance)).is_err() {
            self.status = HtmlStatus::Failed("the host has stopped".to_owned());
        }
    }
}

/// Sends a native view's messages to the host; a host that let the view go drops what it
/// still says.
/// Gives each message the host sent since the last look to `session`, sending its replies
/// back; `connected` turns false when the host hung up.
pub(crate) fn receive_from_host(
    end: &mut ViewEnd,
    connected: &mut bool,
    mut session: impl FnMut(&Value) -> Vec<Value>,
) {
    while *connected {
        match end.from_host.try_recv() {
            Ok(message) => {
                let replies = session(&message);
                send_to_host(end, replies);
            }
            Err(TryRecvError::Empty) => break,
            Err(TryRecvError::Disconnected) => *connected = false,
        }
    }
}

pub(crate) fn send_to_host(end: &ViewEnd, messages: Vec<Value>) {
    for message in messages {
        let _ = end.to_host.send(message);
    }
}
