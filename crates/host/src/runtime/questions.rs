//! Servers' questions and sampling requests through the runtime: the handlers a runtime hands
//! out ([`Runtime::question_handler`], [`Runtime::sampling_handler`]) bring each to its host
//! as an instance ([`AppHost::ask`](crate::AppHost::ask),
//! [`AppHost::ask_sample`](crate::AppHost::ask_sample)), and the host's answer back to the
//! server.

use std::sync::Arc;

use serde_json::Value;
use tokio::sync::{mpsc, oneshot};

use super::{Arrival, Runtime};
use crate::InstanceId;
use crate::mcp::{
    Elicitation, ElicitationAnswer, ElicitationHandler, HandlerFuture, SamplingHandler,
    SamplingRequest,
};

/// Where the answer to a question shown goes.
pub(super) enum Awaited {
    /// A server's `elicitation/create`.
    Question(oneshot::Sender<ElicitationAnswer>),
    /// A server's `sampling/createMessage`.
    Sample(oneshot::Sender<Result<Value, String>>),
}

impl Awaited {
    /// Whether the server stopped waiting.
    fn is_closed(&self) -> bool {
        match self {
            Self::Question(reply) => reply.is_closed(),
            Self::Sample(reply) => reply.is_closed(),
        }
    }
}

/// The host's answer to a question or a sampling request.
pub(super) enum Answer {
    /// To a question.
    Question(ElicitationAnswer),
    /// To a sampling request: the `CreateMessageResult`, or the error.
    Sample(Result<Value, String>),
}

/// The handlers of [`Runtime::question_handler`] and [`Runtime::sampling_handler`].
struct PipelineQuestions {
    arrivals: mpsc::Sender<Arrival>,
}

impl ElicitationHandler for PipelineQuestions {
    fn elicit(&self, question: Elicitation) -> HandlerFuture<'_, ElicitationAnswer> {
        let (reply, answer) = oneshot::channel();
        Box::pin(async move {
            if self
                .arrivals
                .send(Arrival::Question { question, reply })
                .await
                .is_err()
            {
                return ElicitationAnswer::Cancel;
            }
            // The runtime gone without an answer is a cancel.
            answer.await.unwrap_or(ElicitationAnswer::Cancel)
        })
    }

    fn completed(&self, server: &str, elicitation_id: &str) {
        // A notice: lost only when the runtime is gone or far behind, and then the user can
        // still close the question.
        let _ = self.arrivals.try_send(Arrival::QuestionDone {
            server: server.to_owned(),
            elicitation_id: elicitation_id.to_owned(),
        });
    }
}

impl SamplingHandler for PipelineQuestions {
    fn sample(&self, request: SamplingRequest) -> HandlerFuture<'_, Result<Value, String>> {
        let (reply, answer) = oneshot::channel();
        Box::pin(async move {
            self.arrivals
                .send(Arrival::Sample { request, reply })
                .await
                .map_err(|_| "the host is closed".to_owned())?;
            answer
                .await
                .unwrap_or_else(|_| Err("the host closed before the user answered".to_owned()))
        })
    }
}

impl Runtime {
    /// The elicitation handler that shows servers' questions through this runtime's host:
    /// set it as [`ClientOptions::handlers`](crate::mcp::ClientOptions::handlers)`.elicitation`
    /// of the connections this runtime gets. Each question opens as
    /// [`HostEvent::OpenQuestion`](crate::HostEvent::OpenQuestion) in the thread on screen;
    /// answer it with [`AppHost::answer_question`](crate::AppHost::answer_question).
    #[must_use]
    pub fn question_handler(&self) -> Arc<dyn ElicitationHandler> {
        Arc::new(PipelineQuestions {
            arrivals: self.arrivals_tx.clone(),
        })
    }

    /// The sampling handler that lets the user answer servers' sampling requests through this
    /// runtime's host, for an embedder without a model of its own: set it as
    /// [`ClientOptions::handlers`](crate::mcp::ClientOptions::handlers)`.sampling`. Each
    /// request opens as a question ([`crate::QuestionBody::Sample`]); answer it with
    /// [`AppHost::answer_sample`](crate::AppHost::answer_sample).
    #[must_use]
    pub fn sampling_handler(&self) -> Arc<dyn SamplingHandler> {
        Arc::new(PipelineQuestions {
            arrivals: self.arrivals_tx.clone(),
        })
    }

    /// A question arrived: the host shows it, its answer goes to `reply`.
    pub(super) fn asked(
        &mut self,
        question: Elicitation,
        reply: oneshot::Sender<ElicitationAnswer>,
    ) {
        let instance = self.host.ask(question);
        self.answers.insert(instance, Awaited::Question(reply));
    }

    /// A sampling request arrived: the host shows it, its answer goes to `reply`.
    pub(super) fn asked_sample(
        &mut self,
        request: SamplingRequest,
        reply: oneshot::Sender<Result<Value, String>>,
    ) {
        let instance = self.host.ask_sample(request);
        self.answers.insert(instance, Awaited::Sample(reply));
    }

    /// The host answered a question or a sampling request.
    pub(super) fn answered(&mut self, instance: InstanceId, answer: Answer) {
        // The server may have stopped waiting meanwhile: nothing to tell then.
        match (self.answers.remove(&instance), answer) {
            (Some(Awaited::Question(reply)), Answer::Question(answer)) => {
                let _ = reply.send(answer);
            }
            (Some(Awaited::Sample(reply)), Answer::Sample(answer)) => {
                let _ = reply.send(answer);
            }
            // A host answers each kind in its own way; a mismatch cannot come from it.
            _ => {}
        }
    }

    /// Questions whose server stopped waiting (timed out, cancelled) are taken down.
    pub(super) fn drop_abandoned_questions(&mut self) {
        let abandoned: Vec<InstanceId> = self
            .answers
            .iter()
            .filter(|(_, reply)| reply.is_closed())
            .map(|(id, _)| *id)
            .collect();
        for instance in abandoned {
            self.answers.remove(&instance);
            self.host.question_withdrawn(instance);
        }
    }
}
