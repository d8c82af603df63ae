//! Servers' questions to the user (`elicitation/create`), drawn in the embedder's window. The
//! host's pipeline owns them ([`mcpapp_host::AppHost::ask`]): each is an instance tied to its
//! server and to the thread on screen when it came, locked while the model replies there,
//! cancelled when that thread is left or the question is closed. Sampling requests the user
//! answers come the same way. This module only draws one: a form as a card, whose Accept sends
//! the typed content once it fits the question (the host checks it again), a URL question as a
//! consent card, its domain shown apart from the rest of the address, and a sampling request
//! as a card with the request and a reply field.

use egui::{RichText, Ui};
use mcpapp_card::elicitation::{ACCEPT, CANCEL, DECLINE, ElicitationForm, elicitation_content};
use mcpapp_card::{Card, CardState, HostConfig};
use mcpapp_egui::{CardEvent, CardView};
use mcpapp_host::mcp::ElicitationAnswer;
use mcpapp_host::{InstanceId, QuestionBody, QuestionSpec, SampleAnswer, SampleForm};
use tokio::sync::mpsc;

use crate::worker::Command;

/// A server's question (or sampling request) waiting for the user. [`crate::AppView`] draws
/// the ones of its app, [`crate::PendingView`] the rest.
pub struct PendingQuestion {
    id: InstanceId,
    server: String,
    owner: Option<InstanceId>,
    body: Body,
    answered: bool,
    locked: bool,
    commands: mpsc::UnboundedSender<Command>,
}

impl std::fmt::Debug for PendingQuestion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PendingQuestion")
            .field("id", &self.id)
            .field("server", &self.server)
            .field("owner", &self.owner)
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
    Sample {
        form: Box<SampleForm>,
        state: CardState,
        /// Why the last reply was not sent.
        problem: Option<String>,
    },
}

/// The user's answer, of either kind.
enum Answer {
    Question(ElicitationAnswer),
    Sample(SampleAnswer),
}

impl PendingQuestion {
    /// The question the host opened as `id`.
    pub(crate) fn new(
        id: InstanceId,
        spec: QuestionSpec,
        commands: mpsc::UnboundedSender<Command>,
    ) -> Self {
        let QuestionSpec {
            server,
            owner,
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
            QuestionBody::Sample(form) => Body::Sample {
                state: CardState::new(&form.card),
                form,
                problem: None,
            },
        };
        Self {
            id,
            server,
            owner,
            body,
            answered: false,
            locked: false,
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

    /// The app it is for, if any (see [`QuestionSpec::owner`]).
    #[must_use]
    pub fn owner(&self) -> Option<InstanceId> {
        self.owner
    }

    /// Whether it is a sampling request (the user writes the model's reply).
    #[must_use]
    pub fn is_sample(&self) -> bool {
        matches!(self.body, Body::Sample { .. })
    }

    /// Whether it has been answered (a URL question stays shown until the server says the
    /// user is done on its page).
    #[must_use]
    pub fn is_answered(&self) -> bool {
        self.answered
    }

    /// Whether the model is replying in its thread: shown, not answerable.
    #[must_use]
    pub fn is_locked(&self) -> bool {
        self.locked
    }

    pub(crate) fn set_locked(&mut self, locked: bool) {
        self.locked = locked;
    }

    /// Answers a server's question (once; later answers are ignored). The host checks the
    /// answer again and refuses it while the model replies in the question's thread.
    pub fn answer(&mut self, answer: ElicitationAnswer) {
        self.send(Answer::Question(answer));
    }

    /// Answers a sampling request (once): the reply the server gets as the model's, or a
    /// refusal.
    pub fn answer_sample(&mut self, answer: SampleAnswer) {
        self.send(Answer::Sample(answer));
    }

    fn send(&mut self, answer: Answer) {
        if !self.answered {
            self.answered = true;
            let command = match answer {
                Answer::Question(answer) => Command::Answer(self.id, answer),
                Answer::Sample(answer) => Command::AnswerSample(self.id, answer),
            };
            // The worker only stops when the handle is dropped.
            let _ = self.commands.send(command);
        }
    }

    /// A refused answer: the question can be answered again, and says why.
    pub(crate) fn refused(&mut self, why: &str) {
        self.answered = false;
        if let Body::Form { problem, .. } | Body::Sample { problem, .. } = &mut self.body {
            *problem = Some(format!("Not sent: {why}"));
        }
    }

    /// Draws the question with `config`; answers it when the user does. Whether it was
    /// answered this frame.
    pub(crate) fn show(&mut self, ui: &mut Ui, config: &HostConfig) -> bool {
        let answered = self.answered;
        let disabled = self.locked || answered;
        let heading = if self.is_sample() {
            format!("{} asks for a reply from the model", self.server)
        } else {
            format!("{} asks", self.server)
        };
        let answer = ui
            .push_id(("mcpapp-question", self.id), |ui| {
                ui.label(RichText::new(heading).strong());
                if self.locked && !answered {
                    ui.weak("The model is replying; this waits.");
                }
                match &mut self.body {
                    Body::Form {
                        form,
                        state,
                        problem,
                    } => form_answer(ui, form, state, problem, config, disabled)
                        .map(Answer::Question),
                    Body::Url { message, url } => {
                        url_consent(ui, message, url, answered, self.locked).map(Answer::Question)
                    }
                    Body::Sample {
                        form,
                        state,
                        problem,
                    } => sample_answer(ui, form, state, problem.as_ref(), config, disabled)
                        .map(Answer::Sample),
                }
            })
            .inner;
        let done = answer.is_some();
        if let Some(answer) = answer {
            self.send(answer);
        }
        done
    }
}

/// Draws a form question's card; its answer once the user pressed a button and (for Accept)
/// the content fits.
fn form_answer(
    ui: &mut Ui,
    form: &ElicitationForm,
    state: &mut CardState,
    problem: &mut Option<String>,
    config: &HostConfig,
    disabled: bool,
) -> Option<ElicitationAnswer> {
    let action_id = pressed_action(ui, &form.card, state, problem.as_deref(), config, disabled)?;
    match action_id.as_str() {
        ACCEPT => match elicitation_content(form, &state.values) {
            Ok(content) => Some(ElicitationAnswer::Accept(Some(content))),
            Err(errors) => {
                let why: Vec<String> = errors.iter().map(ToString::to_string).collect();
                *problem = Some(format!("Not sent: {}", why.join("; ")));
                None
            }
        },
        DECLINE => Some(ElicitationAnswer::Decline),
        CANCEL => Some(ElicitationAnswer::Cancel),
        _ => None,
    }
}

/// Draws a sampling request's card; the reply or refusal once the user pressed a button.
fn sample_answer(
    ui: &mut Ui,
    form: &SampleForm,
    state: &mut CardState,
    problem: Option<&String>,
    config: &HostConfig,
    disabled: bool,
) -> Option<SampleAnswer> {
    let action_id = pressed_action(
        ui,
        &form.card,
        state,
        problem.map(String::as_str),
        config,
        disabled,
    )?;
    match action_id.as_str() {
        SampleForm::SEND => Some(SampleAnswer::Reply(
            state.text(SampleForm::REPLY).to_owned(),
        )),
        SampleForm::REFUSE => Some(SampleAnswer::Refuse),
        _ => None,
    }
}

/// Draws a question's card with the problem of its last answer under it; the id of the action
/// the user pressed this frame, if any. Form questions and sampling requests both answer by
/// the button pressed, so they read it the same way.
fn pressed_action(
    ui: &mut Ui,
    card: &Card,
    state: &mut CardState,
    problem: Option<&str>,
    config: &HostConfig,
    disabled: bool,
) -> Option<String> {
    let output = CardView::new(card, state)
        .host_config(config)
        .disabled(disabled)
        .show(ui);
    if let Some(problem) = problem {
        ui.colored_label(ui.visuals().error_fg_color, problem);
    }
    let Some(CardEvent::Submit { action_id, .. }) = output.event else {
        return None;
    };
    action_id
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
