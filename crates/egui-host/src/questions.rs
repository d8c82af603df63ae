//! Servers' questions to the user (`elicitation/create`), shown in the embedder's window: the
//! host's default [`ElicitationHandler`]. A form question becomes a card
//! (`mcpapp_card::elicitation`) drawn by [`QuestionView`]; Accept sends the typed content once it
//! fits the question, Decline and Cancel say so. A URL question asks for consent before its page
//! is opened, its domain shown apart from the rest of the address.
//!
//! A question belongs to the thread that was shown when it came: switching to another thread
//! cancels it, as closing it does, and it is locked while the model replies in its thread. A
//! question nobody answers is cancelled by the connection after its request timeout.

use std::sync::mpsc as std_mpsc;

use egui::{Response, RichText, Ui, Widget};
use mcpapp_card::elicitation::{
    ACCEPT, CANCEL, DECLINE, ElicitationForm, elicitation_content, elicitation_form,
};
use mcpapp_card::{CardState, HostConfig};
use mcpapp_egui::{CardEvent, CardView};
use mcpapp_host::mcp::{Elicitation, ElicitationAnswer, ElicitationHandler, HandlerFuture};
use tokio::sync::oneshot;

use crate::handle::Repaint;
use crate::worker::Update;

/// A question on its way to the GUI, with where its answer goes.
pub(crate) struct Asked {
    pub(crate) question: Elicitation,
    pub(crate) reply: oneshot::Sender<ElicitationAnswer>,
}

/// The handler the host installs when the embedder gives none: each question goes to the GUI
/// thread ([`crate::HostHandle::questions_mut`]) and waits there for the user.
pub(crate) struct GuiQuestions {
    pub(crate) updates: std_mpsc::Sender<Update>,
    pub(crate) repaint: Repaint,
}

impl ElicitationHandler for GuiQuestions {
    fn elicit(&self, question: Elicitation) -> HandlerFuture<'_, ElicitationAnswer> {
        let (reply, answer) = oneshot::channel();
        let sent = self
            .updates
            .send(Update::Question(Asked { question, reply }))
            .is_ok();
        self.repaint.now();
        Box::pin(async move {
            if !sent {
                return ElicitationAnswer::Cancel;
            }
            // The GUI gone without an answer (the window closed) is a cancel.
            answer.await.unwrap_or(ElicitationAnswer::Cancel)
        })
    }
}

/// A server's question waiting for the user.
pub struct Question {
    id: u64,
    server: String,
    thread: String,
    body: Body,
    reply: Option<oneshot::Sender<ElicitationAnswer>>,
}

impl std::fmt::Debug for Question {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Question")
            .field("id", &self.id)
            .field("server", &self.server)
            .field("thread", &self.thread)
            .field("answered", &self.reply.is_none())
            .finish_non_exhaustive()
    }
}

enum Body {
    Form {
        form: Box<ElicitationForm>,
        state: CardState,
        /// Why the last Accept was not sent.
        problem: Option<String>,
    },
    Url {
        message: String,
        url: String,
    },
}

impl Question {
    /// A question as asked in `thread`; a form the card cannot express is declined at once
    /// (`None`), with the reason logged.
    pub(crate) fn new(id: u64, thread: &str, asked: Asked) -> Option<Self> {
        let Asked { question, reply } = asked;
        let server = question.server().to_owned();
        let body = match question {
            Elicitation::Form {
                message, schema, ..
            } => match elicitation_form(&message, &schema) {
                Ok(form) => Body::Form {
                    state: CardState::new(&form.card),
                    form: Box::new(form),
                    problem: None,
                },
                Err(why) => {
                    tracing::warn!(server, "declined a question: {why}");
                    let _ = reply.send(ElicitationAnswer::Decline);
                    return None;
                }
            },
            Elicitation::Url { message, url, .. } => Body::Url { message, url },
            _ => {
                let _ = reply.send(ElicitationAnswer::Decline);
                return None;
            }
        };
        Some(Self {
            id,
            server,
            thread: thread.to_owned(),
            body,
            reply: Some(reply),
        })
    }

    /// The question's id in this host.
    #[must_use]
    pub fn id(&self) -> u64 {
        self.id
    }

    /// The server that asks.
    #[must_use]
    pub fn server(&self) -> &str {
        &self.server
    }

    /// The thread it was asked in.
    #[must_use]
    pub fn thread(&self) -> &str {
        &self.thread
    }

    /// Whether it has been answered (it can go).
    #[must_use]
    pub fn is_answered(&self) -> bool {
        self.reply.is_none()
    }

    /// Answers it (once; later answers are ignored).
    pub fn answer(&mut self, answer: ElicitationAnswer) {
        if let Some(reply) = self.reply.take() {
            // The server may have stopped waiting: nothing to do then.
            let _ = reply.send(answer);
        }
    }
}

impl Drop for Question {
    fn drop(&mut self) {
        self.answer(ElicitationAnswer::Cancel);
    }
}

/// What the user did with a [`QuestionView`].
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum QuestionEvent {
    /// The question was answered (Accept with content that fits, Decline, Cancel).
    Answered(ElicitationAnswer),
    /// The user agreed to open the page of a URL question: open it with your link policy.
    OpenUrl(String),
}

/// Draws a server's question: a form as a card, a URL question as a consent card.
#[must_use = "call show() or add it to a Ui"]
pub struct QuestionView<'a> {
    question: &'a mut Question,
    config: Option<&'a HostConfig>,
    locked: bool,
}

impl<'a> QuestionView<'a> {
    /// A view of `question`.
    pub fn new(question: &'a mut Question) -> Self {
        Self {
            question,
            config: None,
            locked: false,
        }
    }

    /// Draws with this host config.
    pub fn host_config(mut self, config: &'a HostConfig) -> Self {
        self.config = Some(config);
        self
    }

    /// Locked: shown, but nothing can be typed or pressed (the model is replying).
    pub fn locked(mut self, locked: bool) -> Self {
        self.locked = locked;
        self
    }

    /// Draws the question and answers it when the user does.
    pub fn show(self, ui: &mut Ui) -> (Response, Option<QuestionEvent>) {
        let builtin = HostConfig::light();
        let config = self.config.unwrap_or(&builtin);
        let server = self.question.server.clone();
        let answered = self.question.is_answered();
        let inner = ui.push_id(("mcpapp-question", self.question.id), |ui| {
            ui.label(RichText::new(format!("{server} asks")).strong());
            match &mut self.question.body {
                Body::Form {
                    form,
                    state,
                    problem,
                } => {
                    let output = CardView::new(&form.card, state)
                        .host_config(config)
                        .disabled(self.locked || answered)
                        .show(ui);
                    if let Some(problem) = problem.as_deref() {
                        ui.colored_label(ui.visuals().error_fg_color, problem);
                    }
                    match output.event {
                        Some(CardEvent::Submit { action_id, .. }) => match action_id.as_deref() {
                            Some(ACCEPT) => match elicitation_content(form, &state.values) {
                                Ok(content) => Some(ElicitationAnswer::Accept(Some(content))),
                                Err(errors) => {
                                    let why: Vec<String> =
                                        errors.iter().map(ToString::to_string).collect();
                                    *problem = Some(format!("Not sent: {}", why.join("; ")));
                                    None
                                }
                            },
                            Some(DECLINE) => Some(ElicitationAnswer::Decline),
                            Some(CANCEL) => Some(ElicitationAnswer::Cancel),
                            _ => None,
                        },
                        _ => None,
                    }
                    .map(QuestionEvent::Answered)
                }
                Body::Url { message, url } => {
                    url_consent(ui, message, url, self.locked || answered)
                }
            }
        });
        let event = inner.inner;
        if let Some(QuestionEvent::Answered(answer)) = &event {
            self.question.answer(answer.clone());
        }
        if let Some(QuestionEvent::OpenUrl(_)) = &event {
            self.question.answer(ElicitationAnswer::Accept(None));
        }
        (inner.response, event)
    }
}

/// The consent card of a URL question: the message, the domain apart and prominent, the whole
/// address, and Open, Decline, Cancel.
fn url_consent(ui: &mut Ui, message: &str, url: &str, disabled: bool) -> Option<QuestionEvent> {
    ui.label(mcpapp_host::printable(message).into_owned());
    let domain = url.split_once("://").map_or(url, |(_, rest)| {
        rest.split(['/', '?', '#']).next().unwrap_or(rest)
    });
    ui.label(
        RichText::new(mcpapp_host::printable(domain).into_owned())
            .strong()
            .size(16.0),
    );
    ui.label(
        RichText::new(mcpapp_host::printable(url).into_owned())
            .weak()
            .small(),
    );
    // Only a web address that reads as it is shown may be opened.
    let openable = (url.starts_with("https://") || url.starts_with("http://"))
        && url.len() <= 8 * 1024
        && !url.chars().any(|c| c.is_whitespace() || c.is_control());
    if !openable {
        ui.colored_label(
            ui.visuals().error_fg_color,
            "This address cannot be opened.",
        );
    }
    let mut event = None;
    ui.add_enabled_ui(!disabled, |ui| {
        ui.horizontal(|ui| {
            if ui
                .add_enabled(openable, egui::Button::new("Open in browser"))
                .clicked()
            {
                event = Some(QuestionEvent::OpenUrl(url.to_owned()));
            }
            if ui.button("Decline").clicked() {
                event = Some(QuestionEvent::Answered(ElicitationAnswer::Decline));
            }
            if ui.button("Cancel").clicked() {
                event = Some(QuestionEvent::Answered(ElicitationAnswer::Cancel));
            }
        });
    });
    event
}

impl Widget for QuestionView<'_> {
    fn ui(self, ui: &mut Ui) -> Response {
        self.show(ui).0
    }
}
