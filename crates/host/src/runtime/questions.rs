//! Servers' questions through the runtime: the elicitation handler a runtime hands out
//! ([`Runtime::question_handler`]) brings each question to its host as an instance
//! ([`AppHost::ask`](crate::AppHost::ask)), and the host's answer back to the server.

use std::sync::Arc;

use tokio::sync::{mpsc, oneshot};

use super::{Arrival, Runtime};
use crate::InstanceId;
use crate::mcp::{Elicitation, ElicitationAnswer, ElicitationHandler, HandlerFuture};

/// The handler of [`Runtime::question_handler`].
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

    /// A question arrived: the host shows it, its answer goes to `reply`.
    pub(super) fn asked(
        &mut self,
        question: Elicitation,
        reply: oneshot::Sender<ElicitationAnswer>,
    ) {
        let instance = self.host.ask(question);
        self.answers.insert(instance, reply);
    }

    /// The host answered a question.
    pub(super) fn answered(&mut self, instance: InstanceId, answer: ElicitationAnswer) {
        if let Some(reply) = self.answers.remove(&instance) {
            // The server may have stopped waiting meanwhile: nothing to tell then.
            let _ = reply.send(answer);
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
