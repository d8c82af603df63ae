//! Servers' questions (`elicitation/create`) as instances of the host, beside its apps: each
//! is tied to the server that asks and to the thread on screen when it came, and goes through
//! the same lifecycle as a card view. The response lock holds it (no answer leaves while the
//! model replies in its thread), switching away from its thread cancels it, and so does
//! closing it.
//!
//! A form question is turned into a card here ([`mcpapp_card::elicitation`]); a schema the
//! card cannot express is declined at once with the reason logged, never shown as a broken
//! form. An Accept is checked against the requested schema before it leaves. A URL question,
//! once the user agrees, is answered and its page handed to the embedder
//! ([`HostEvent::OpenLink`]); it stays shown until the server says it is complete.

use mcpapp_card::elicitation::{ElicitationForm, check_content, elicitation_form};
use mcpapp_protocol::LoggingLevel;

use super::samples::{SampleForm, unanswered};
use super::{AppHost, CloseReason, HostEvent, InstanceId, Output, check_link};
use crate::Error;
use crate::mcp::{Elicitation, ElicitationAnswer};

/// A question as the GUI shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct QuestionSpec {
    /// The server that asks (its id in this host).
    pub server: String,
    /// The app the question is for: the one app of the thread still waiting on that server
    /// when it asked (its tool's result not in yet, or a call of its own running). `None`
    /// when no app, or more than one, was waiting: the question then belongs to the
    /// conversation (a tool without a view, say).
    pub owner: Option<InstanceId>,
    /// What it asks, in its words (print it with [`crate::printable`]).
    pub message: String,
    /// The form or the page.
    pub body: QuestionBody,
}

/// What a question asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum QuestionBody {
    /// Values, in a form: the card to show and how to read its answer back
    /// ([`mcpapp_card::elicitation::elicitation_content`]).
    Form(Box<ElicitationForm>),
    /// A visit to a page of the server's.
    Url {
        /// The page.
        url: String,
        /// The server's id of the request (empty when its protocol version has none).
        elicitation_id: String,
    },
    /// A sampling request (`sampling/createMessage`) the user answers instead of a model:
    /// answer it with [`AppHost::answer_sample`].
    Sample(Box<SampleForm>),
}

/// Where a question stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Stage {
    /// Waiting for the user.
    Asked,
    /// A URL question the user agreed to: answered, shown until the server says it is done.
    Visiting,
}

#[derive(Debug, Clone)]
pub(super) struct Asking {
    pub(super) thread: String,
    pub(super) spec: QuestionSpec,
    pub(super) stage: Stage,
}

impl AppHost {
    /// A server asks the user something (the host's elicitation handler got it, see
    /// [`crate::Runtime::question_handler`]): it is shown in the thread on screen
    /// ([`HostEvent::OpenQuestion`]), and its answer comes out as [`Output::Answer`]. A form
    /// the card cannot express is declined at once, with the reason logged.
    pub fn ask(&mut self, question: Elicitation) -> InstanceId {
        let id = InstanceId(self.next_instance);
        self.next_instance += 1;
        let (server, message, body) = match question {
            Elicitation::Form {
                server,
                message,
                schema,
            } => match elicitation_form(&message, &schema) {
                Ok(form) => (server, message, QuestionBody::Form(Box::new(form))),
                Err(why) => {
                    self.log(
                        Some(id),
                        LoggingLevel::Warning,
                        format!("declined a question of server `{server}`: {why}"),
                    );
                    self.outputs.push_back(Output::Answer {
                        instance: id,
                        server,
                        answer: ElicitationAnswer::Decline,
                    });
                    return id;
                }
            },
            Elicitation::Url {
                server,
                message,
                url,
                elicitation_id,
            } => (
                server,
                message,
                QuestionBody::Url {
                    url,
                    elicitation_id,
                },
            ),
        };
        let spec = QuestionSpec {
            owner: self.owner_of(&server),
            server,
            message,
            body,
        };
        self.open_question(id, spec);
        id
    }

    /// Shows question `id` in the thread on screen, locked if the model is replying there.
    pub(super) fn open_question(&mut self, id: InstanceId, spec: QuestionSpec) {
        self.questions.insert(
            id,
            Asking {
                thread: self.thread.clone(),
                spec: spec.clone(),
                stage: Stage::Asked,
            },
        );
        self.event(HostEvent::OpenQuestion {
            instance: id,
            question: Box::new(spec),
        });
        if self.is_generating(&self.thread) {
            self.event(HostEvent::QuestionLocked {
                instance: id,
                locked: true,
            });
        }
    }

    /// The user answers question `instance`. An Accept of a form must carry content that fits
    /// the requested schema (it is sent as [`check_content`] types it); an Accept of a URL
    /// question carries none and hands its page to the embedder. Refused while the model
    /// replies in the question's thread.
    pub fn answer_question(
        &mut self,
        instance: InstanceId,
        answer: ElicitationAnswer,
    ) -> Result<(), Error> {
        let asking = self.asked(instance)?;
        let server = asking.spec.server.clone();
        let answer = match (&asking.spec.body, answer) {
            (QuestionBody::Form(form), ElicitationAnswer::Accept(Some(content))) => {
                let content = check_content(form, &content).map_err(|errors| {
                    let why: Vec<String> = errors.iter().map(ToString::to_string).collect();
                    Error::InvalidAnswer(why.join("; "))
                })?;
                ElicitationAnswer::Accept(Some(content))
            }
            (QuestionBody::Form(_), ElicitationAnswer::Accept(None)) => {
                return Err(Error::InvalidAnswer(
                    "an accepted form carries its content".to_owned(),
                ));
            }
            (QuestionBody::Url { url, .. }, ElicitationAnswer::Accept(content)) => {
                if content.is_some() {
                    return Err(Error::InvalidAnswer(
                        "a URL question is accepted without content".to_owned(),
                    ));
                }
                // The page goes to the embedder as an `OpenLink`: held to the same rule as an
                // app's link.
                check_link(url).map_err(|why| Error::InvalidAnswer(why.to_string()))?;
                let url = url.clone();
                self.outputs.push_back(Output::Answer {
                    instance,
                    server,
                    answer: ElicitationAnswer::Accept(None),
                });
                if let Some(asking) = self.questions.get_mut(&instance) {
                    asking.stage = Stage::Visiting;
                }
                self.event(HostEvent::OpenLink { instance, url });
                return Ok(());
            }
            (QuestionBody::Sample(_), _) => {
                return Err(Error::InvalidAnswer(
                    "a sampling request is answered with a reply or a refusal".to_owned(),
                ));
            }
            (_, other) => other,
        };
        self.send_answer(
            instance,
            Output::Answer {
                instance,
                server,
                answer,
            },
        );
        Ok(())
    }

    /// The server says its URL question `elicitation_id` is complete (the user finished on its
    /// page): the question closes. One still waiting for the user's consent is cancelled,
    /// since the page it would open has nothing left to do.
    pub fn question_completed(&mut self, server: &str, elicitation_id: &str) {
        let done: Vec<InstanceId> = self
            .questions
            .iter()
            .filter(|(_, a)| {
                a.spec.server == server
                    && matches!(&a.spec.body, QuestionBody::Url { elicitation_id: id, .. }
                        if !id.is_empty() && id == elicitation_id)
            })
            .map(|(id, _)| *id)
            .collect();
        for id in done {
            self.cancel_if_asked(id, &CloseReason::AppDone);
            self.end_question(id, CloseReason::AppDone);
        }
    }

    /// The server stopped waiting for the answer (its request timed out or was cancelled):
    /// the question goes, unanswered.
    pub fn question_withdrawn(&mut self, instance: InstanceId) {
        if self
            .questions
            .get(&instance)
            .is_some_and(|a| a.stage == Stage::Asked)
        {
            // The server stopped waiting: there is no one to answer.
            self.end_question(instance, CloseReason::ViewGone);
        }
    }

    /// The question `instance`, while it is shown.
    #[must_use]
    pub fn question(&self, instance: InstanceId) -> Option<&QuestionSpec> {
        self.questions.get(&instance).map(|a| &a.spec)
    }

    /// The questions shown in the current thread, oldest first.
    #[must_use]
    pub fn open_questions(&self) -> Vec<InstanceId> {
        self.questions_of(&self.thread)
    }

    /// The questions of `thread`, oldest first.
    pub(super) fn questions_of(&self, thread: &str) -> Vec<InstanceId> {
        self.questions
            .iter()
            .filter(|(_, a)| a.thread == thread)
            .map(|(id, _)| *id)
            .collect()
    }

    /// Whether `instance` is a question (rather than an app).
    pub(super) fn is_question(&self, instance: InstanceId) -> bool {
        self.questions.contains_key(&instance)
    }

    /// Closes a question the embedder closed: cancelled if it was still asked.
    pub(super) fn close_question(&mut self, instance: InstanceId) {
        self.cancel_if_asked(instance, &CloseReason::Closed);
        self.end_question(instance, CloseReason::Closed);
    }

    /// The questions of the thread being left are cancelled; they do not come back with it.
    pub(super) fn leave_questions(&mut self, thread: &str) {
        for id in self.questions_of(thread) {
            self.cancel_if_asked(id, &CloseReason::ThreadSwitched);
            self.end_question(id, CloseReason::ThreadSwitched);
        }
    }

    /// A question that goes unanswered is cancelled with its server (a sampling request
    /// refused, saying why).
    fn cancel_if_asked(&mut self, instance: InstanceId, reason: &CloseReason) {
        if let Some(asking) = self
            .questions
            .get(&instance)
            .filter(|a| a.stage == Stage::Asked)
        {
            let server = asking.spec.server.clone();
            let output = if matches!(asking.spec.body, QuestionBody::Sample(_)) {
                Output::Sampled {
                    instance,
                    server,
                    reply: Err(unanswered(reason)),
                }
            } else {
                Output::Answer {
                    instance,
                    server,
                    answer: ElicitationAnswer::Cancel,
                }
            };
            self.outputs.push_back(output);
        }
    }

    /// Whether the model is replying in `thread` (its apps and questions are locked).
    #[must_use]
    pub fn is_generating(&self, thread: &str) -> bool {
        self.generating.get(thread).copied().unwrap_or(false)
    }

    /// Sends the user's answer to question `instance` (an elicitation's or a sampling
    /// request's) and closes it as answered: the question is gone once its server has it.
    pub(super) fn send_answer(&mut self, instance: InstanceId, answer: Output) {
        self.outputs.push_back(answer);
        self.end_question(instance, CloseReason::Answered);
    }

    pub(super) fn end_question(&mut self, instance: InstanceId, reason: CloseReason) {
        if self.questions.remove(&instance).is_some() {
            self.event(HostEvent::CloseApp {
                instance,
                reason,
                keep_in_history: false,
            });
        }
    }
}
