//! Servers' questions to the user (`elicitation/create`), drawn in the embedder's window. The
//! host's pipeline owns them ([`mcpapp_host::AppHost::ask`]): each is an instance tied to its
//! server and to the thread on screen when it came, locked while the model replies there,
//! cancelled when that thread is left or the question is closed. This module only draws one: a
//! form as a card ([`QuestionView`]), whose Accept sends the typed content once it fits the
//! question (the host checks it again), and a URL question as a consent card, its domain shown
//! apart from the rest of the address.

use egui::{Response, RichText, Ui, Widget};
use mcpapp_card::elicitation::{ACCEPT, CANCEL, DECLINE, ElicitationForm, elicitation_content};
use mcpapp_card::{CardState, HostConfig};
use mcpapp_egui::{CardEvent, CardView};
use mcpapp_host::mcp::ElicitationAnswer;
use mcpapp_host::{InstanceId, QuestionBody, QuestionSpec};
use tokio::sync::mpsc;

use crate::worker::Command;

/// A server's question waiting for the user.
pub struct Question {
    id: InstanceId,
    server: String,
    thread: String,
    body: Body,
    answered: bool,
    commands: mpsc::UnboundedSender<Command>,
}

impl std::fmt::Debug for Question {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Question")
            .field("id", &self.id)
            .field("server", &self.server)
            .field("thread", &self.thread)
            .field("answered", &self.answered)
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
    /// The question the host opened as `id` in `thread`.
    pub(crate) fn new(
        id: InstanceId,
        thread: &str,
        spec: QuestionSpec,
        commands: mpsc::UnboundedSender<Command>,
    ) -> Self {
        let QuestionSpec {
            server,
            message,
            body,
        } = spec;
        let body = match body {
            QuestionBody::Form(form) => Body::Form {
                state: CardState::new(&form.card),
                form,
                problem: None,
            },
            QuestionBody::Url { url, .. } => Body::Url { message, url },
        };
        Self {
            id,
            server,
            thread: thread.to_owned(),
            body,
            answered: false,
            commands,
        }
    }

    /// The question's instance in the host.
    #[must_use]
    pub fn id(&self) -> InstanceId {
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

    /// Whether it has been answered (a URL question stays shown until the server says the
    /// user is done on its page).
    #[must_use]
    pub fn is_answered(&self) -> bool {
        self.answered
    }

    /// Answers it (once; later answers are ignored). The host checks the answer again and
    /// refuses it while the model replies in the question's thread.
    pub fn answer(&mut self, answer: ElicitationAnswer) {
        if !self.answered {
            self.answered = true;
            // The worker only stops when the handle is dropped.
            let _ = self.commands.send(Command::Answer(self.id, answer));
        }
    }

    /// A refused answer: the question can be answered again, and says why.
    pub(crate) fn refused(&mut self, why: &str) {
        self.answered = false;
        if let Body::Form { problem, .. } = &mut self.body {
            *problem = Some(format!("Not sent: {why}"));
        }
    }
}

/// What the user did with a [`QuestionView`].
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum QuestionEvent {
    /// The question was answered (Accept with content that fits, Decline, Cancel; for a URL
    /// question, Accept is the user's consent, and the host hands its page to the embedder as
    /// [`mcpapp_host::HostEvent::OpenLink`]).
    Answered(ElicitationAnswer),
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
                Body::Url { message, url } => url_consent(ui, message, url, answered, self.locked)
                    .map(QuestionEvent::Answered),
            }
        });
        let event = inner.inner;
        if let Some(QuestionEvent::Answered(answer)) = &event {
            self.question.answer(answer.clone());
        }
        (inner.response, event)
    }
}

/// The consent card of a URL question: the message, the domain apart and prominent, the whole
/// address, and Open, Decline, Cancel; once agreed to, a word that the page is open.
fn url_consent(
    ui: &mut Ui,
    message: &str,
    url: &str,
    answered: bool,
    locked: bool,
) -> Option<ElicitationAnswer> {
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
    if answered {
        ui.label("Opened in your browser. This closes when the server says you are done.");
        return None;
    }
    // Only a web address that reads as it is shown may be opened: the host's rule for links,
    // which it applies again to the answer.
    let refused = mcpapp_host::check_link(url).err();
    let openable = refused.is_none();
    if let Some(why) = refused {
        ui.colored_label(
            ui.visuals().error_fg_color,
            format!("This address cannot be opened: {why}"),
        );
    }
    let mut answer = None;
    ui.add_enabled_ui(!locked, |ui| {
        ui.horizontal(|ui| {
            if ui
                .add_enabled(openable, egui::Button::new("Open in browser"))
                .clicked()
            {
                answer = Some(ElicitationAnswer::Accept(None));
            }
            if ui.button("Decline").clicked() {
                answer = Some(ElicitationAnswer::Decline);
            }
            if ui.button("Cancel").clicked() {
                answer = Some(ElicitationAnswer::Cancel);
            }
        });
    });
    answer
}

impl Widget for QuestionView<'_> {
    fn ui(self, ui: &mut Ui) -> Response {
        self.show(ui).0
    }
}
