//! Servers' questions to the user and requests for the client's model, while a call runs:
//! `elicitation/create` (form and URL mode) and `sampling/createMessage`.
//!
//! The connection only carries them: an embedder answers through its
//! [`ElicitationHandler`] and [`SamplingHandler`] (set in [`super::ClientOptions::handlers`];
//! the client advertises each capability only when its handler is set). A request the host
//! cannot answer gets a clear refusal, never a hang: every handler call is bounded by the
//! connection's question timeout, after which the question is cancelled. While a question is
//! open, the request that asked it does not count the time (it is the user's).

use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use serde_json::{Map, Value};

/// A future a handler returns.
pub type HandlerFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// A server's question (`elicitation/create`).
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Elicitation {
    /// Form mode: fill in values described by a flat JSON Schema (see
    /// `mcpapp_card::elicitation`).
    Form {
        /// The server's id in this host.
        server: String,
        /// What the server asks, in its words.
        message: String,
        /// The `requestedSchema`.
        schema: Value,
    },
    /// URL mode: the user is sent to a page of the server's (to sign in, to pay) and comes
    /// back; the server says when it is done (`notifications/elicitation/complete`).
    Url {
        /// The server's id in this host.
        server: String,
        /// What the server asks, in its words.
        message: String,
        /// The page.
        url: String,
        /// The server's id of this request (empty when the protocol version has none).
        elicitation_id: String,
    },
}

impl Elicitation {
    /// The server that asks.
    #[must_use]
    pub fn server(&self) -> &str {
        match self {
            Self::Form { server, .. } | Self::Url { server, .. } => server,
        }
    }

    /// What the server asks.
    #[must_use]
    pub fn message(&self) -> &str {
        match self {
            Self::Form { message, .. } | Self::Url { message, .. } => message,
        }
    }
}

/// The user's answer to an [`Elicitation`].
#[derive(Debug, Clone, PartialEq)]
pub enum ElicitationAnswer {
    /// Accepted, with the values (form mode) or none (URL mode: the user agreed to go).
    Accept(Option<Map<String, Value>>),
    /// Declined: the user will not give it; the server's call may go on without it.
    Decline,
    /// Cancelled: the user dismissed the question (or the host did: the thread was left, the
    /// app closed, no answer came in time).
    Cancel,
}

/// Answers servers' questions. The host's default shows a form as a card through the host
/// pipeline; [`ScriptedAnswers`](super::ScriptedAnswers) answers from a prepared object
/// (`mcpapp connect --answer`); tests answer directly.
pub trait ElicitationHandler: Send + Sync + 'static {
    /// Asks the user; resolves with the answer.
    fn elicit(&self, question: Elicitation) -> HandlerFuture<'_, ElicitationAnswer>;

    /// The server says the URL-mode question `elicitation_id` of `server` is complete (the
    /// user finished on its page): a shown question can be closed. Nothing by default.
    fn completed(&self, server: &str, elicitation_id: &str) {
        let _ = (server, elicitation_id);
    }
}

/// A server's request for a reply from the client's model (`sampling/createMessage`), as the
/// server sent its params (messages, system prompt, preferences, `maxTokens`).
#[derive(Debug, Clone, PartialEq)]
pub struct SamplingRequest {
    /// The server's id in this host.
    pub server: String,
    /// The `sampling/createMessage` params.
    pub params: Value,
}

/// Answers sampling requests: with a model, or (as `mcpapp demo` does) by asking the user to
/// approve and write the reply. Without one, sampling is refused with a clear error.
pub trait SamplingHandler: Send + Sync + 'static {
    /// The `CreateMessageResult` (`role`, `content`, `model`, `stopReason`), or why not.
    fn sample(&self, request: SamplingRequest) -> HandlerFuture<'_, Result<Value, String>>;
}

/// The handlers of a connection. Compared by identity.
#[derive(Clone, Default)]
pub struct Handlers {
    /// Who answers servers' questions; `None`: elicitation is not advertised.
    pub elicitation: Option<Arc<dyn ElicitationHandler>>,
    /// Who answers sampling requests; `None`: sampling is not advertised.
    pub sampling: Option<Arc<dyn SamplingHandler>>,
}

impl fmt::Debug for Handlers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Handlers")
            .field("elicitation", &self.elicitation.is_some())
            .field("sampling", &self.sampling.is_some())
            .finish()
    }
}

impl PartialEq for Handlers {
    fn eq(&self, other: &Self) -> bool {
        fn same<T: ?Sized>(a: Option<&Arc<T>>, b: Option<&Arc<T>>) -> bool {
            match (a, b) {
                (Some(a), Some(b)) => Arc::ptr_eq(a, b),
                (None, None) => true,
                _ => false,
            }
        }
        same(self.elicitation.as_ref(), other.elicitation.as_ref())
            && same(self.sampling.as_ref(), other.sampling.as_ref())
    }
}

impl Eq for Handlers {}
