//! Requests to the server: calling a tool, and what every request shares (the timeout, rmcp's
//! failures put into words, its values turned into the protocol crate's).

use std::future::Future;

use mcpapp_protocol::CallToolResult;
use rmcp::model::CallToolRequestParams;
use rmcp::service::ServiceError;
use serde_json::{Map, Value};

use super::{Elicitation, ElicitationAnswer, Error, McpConnection};

/// The JSON-RPC code of "URL elicitation required": the call needs the user on the server's
/// pages first (its `data.elicitations` lists them).
pub const URL_ELICITATION_REQUIRED: i64 = -32042;

/// The most pages one -32042 answer may send the user to.
const MAX_URL_ELICITATIONS: usize = 4;

impl McpConnection {
    /// Calls a tool (`tools/call`); a tool's own failure is a result with `isError: true`,
    /// not an error.
    ///
    /// Visibility is not checked here: the caller decides who may call what (see
    /// [`Tool::is_app_visible`](mcpapp_protocol::Tool::is_app_visible)). After
    /// [`ClientOptions::request_timeout`](super::ClientOptions::request_timeout) the call
    /// fails with [`Error::Timeout`] and the server is sent `notifications/cancelled`; the
    /// time the user takes to answer a question the server asks meanwhile is not counted.
    ///
    /// A server that needs the user on a page of its first answers
    /// [`URL_ELICITATION_REQUIRED`] (-32042) with the pages: with an
    /// [`ElicitationHandler`](super::ElicitationHandler), each is asked as a URL-mode question
    /// and, when all are accepted, the call is made again once.
    pub async fn call_tool(
        &self,
        name: &str,
        arguments: Map<String, Value>,
    ) -> Result<CallToolResult, Error> {
        match self.call_tool_once(name, arguments.clone()).await {
            Err(Error::Rpc {
                code: URL_ELICITATION_REQUIRED,
                data,
                ..
            }) if self.inner.options.handlers.elicitation.is_some()
                && self.ask_urls(data.as_ref()).await =>
            {
                self.call_tool_once(name, arguments).await
            }
            other => other,
        }
    }

    /// Answers a view's `sampling/createMessage` with this connection's sampling hook
    /// ([`ClientOptions::handlers`](super::ClientOptions::handlers)): the `CreateMessageResult`,
    /// or an error saying why not (no hook, no answer in time, refused).
    pub async fn sample(&self, params: Map<String, Value>) -> Result<Value, Error> {
        let refused = |message: String| Error::Rpc {
            server: self.id().to_owned(),
            what: "sampling/createMessage".to_owned(),
            code: mcpapp_protocol::JsonRpcError::INVALID_REQUEST,
            message,
            data: None,
        };
        let Some(handler) = self.inner.options.handlers.sampling.clone() else {
            return Err(refused(
                "this host does not sample: no model or user answers sampling requests".to_owned(),
            ));
        };
        let request = super::SamplingRequest {
            server: self.id().to_owned(),
            params: Value::Object(params),
        };
        match tokio::time::timeout(self.inner.options.question_timeout, handler.sample(request))
            .await
        {
            Ok(Ok(result)) => Ok(result),
            Ok(Err(why)) => Err(refused(why)),
            Err(_) => Err(refused(
                "no reply to the sampling request in time".to_owned(),
            )),
        }
    }

    async fn call_tool_once(
        &self,
        name: &str,
        arguments: Map<String, Value>,
    ) -> Result<CallToolResult, Error> {
        let what = format!("tools/call \"{name}\"");
        let params = CallToolRequestParams::new(name.to_owned()).with_arguments(arguments);
        let result = self
            .request(&what, self.inner.peer.call_tool(params))
            .await?;
        self.convert(&what, &result)
    }

    /// Asks each URL-mode question of a -32042 error's `data.elicitations`; whether every one
    /// was accepted (none, or a malformed list, is not).
    async fn ask_urls(&self, data: Option<&Value>) -> bool {
        let Some(handler) = self.inner.options.handlers.elicitation.clone() else {
            return false;
        };
        let pages = data
            .and_then(|d| d.get("elicitations"))
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        if pages.is_empty() {
            return false;
        }
        for page in pages.iter().take(MAX_URL_ELICITATIONS) {
            let text = |key: &str| {
                page.get(key)
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_owned()
            };
            let url = text("url");
            if url.is_empty() {
                return false;
            }
            let question = Elicitation::Url {
                server: self.id().to_owned(),
                message: text("message"),
                url,
                elicitation_id: text("elicitationId"),
            };
            let answer = tokio::time::timeout(
                self.inner.options.question_timeout,
                handler.elicit(question),
            )
            .await;
            if !matches!(answer, Ok(ElicitationAnswer::Accept(_))) {
                return false;
            }
        }
        pages.len() <= MAX_URL_ELICITATIONS
    }

    /// Runs one request with the request timeout (of the server's time: while the user has one
    /// of its questions, the clock stops) and turns its failure into an [`Error`].
    pub(super) async fn request<T>(
        &self,
        what: &str,
        future: impl Future<Output = Result<T, ServiceError>>,
    ) -> Result<T, Error> {
        if let Some(reason) = self.end_reason() {
            return Err(self.gone(what, reason));
        }
        let after = self.inner.options.request_timeout;
        match self.inner.status.user_time.bound(after, future).await {
            Some(Ok(value)) => Ok(value),
            Some(Err(error)) => Err(self.service_error(what, error).await),
            // Dropping the request's future sent `notifications/cancelled` (rmcp does that for
            // an abandoned request).
            None => {
                tracing::warn!(server = self.id(), what, ?after, "MCP request timed out");
                Err(Error::Timeout {
                    server: self.id().to_owned(),
                    what: what.to_owned(),
                    after,
                })
            }
        }
    }

    /// The [`Error`] for rmcp's failure of request `what`; one that means the connection
    /// ended waits briefly for the reason.
    async fn service_error(&self, what: &str, error: ServiceError) -> Error {
        let server = self.id().to_owned();
        let what = what.to_owned();
        match error {
            ServiceError::McpError(error) => Error::Rpc {
                server,
                what,
                code: i64::from(error.code.0),
                message: error.message.into_owned(),
                data: error.data,
            },
            ServiceError::TransportClosed => {
                let reason = self.wait_for_end().await;
                self.gone(&what, reason)
            }
            // A pipe that cannot be written to, or a request dropped by a service that is
            // stopping: the connection is ending.
            ServiceError::TransportSend(_) | ServiceError::Cancelled { .. }
                if self.inner.process.is_some() || !self.is_alive() =>
            {
                let reason = self.wait_for_end().await;
                self.gone(&what, reason)
            }
            ServiceError::TransportSend(error) => Error::Transport {
                server,
                what,
                message: readable_chain(&error),
            },
            ServiceError::Timeout { timeout } => Error::Timeout {
                server,
                what,
                after: timeout,
            },
            other => Error::Protocol {
                server,
                what,
                message: readable_chain(&other),
            },
        }
    }

    /// The error of request `what` on a connection that has ended for `reason`.
    fn gone(&self, what: &str, reason: String) -> Error {
        Error::ServerGone {
            server: self.id().to_owned(),
            what: what.to_owned(),
            reason,
        }
    }

    /// An rmcp value as the protocol crate's type of the same message.
    pub(super) fn convert<T: serde::Serialize, U: serde::de::DeserializeOwned>(
        &self,
        what: &str,
        value: &T,
    ) -> Result<U, Error> {
        serde_json::to_value(value)
            .and_then(serde_json::from_value)
            .map_err(|error| Error::Protocol {
                server: self.id().to_owned(),
                what: what.to_owned(),
                message: error.to_string(),
            })
    }
}

/// An error and its causes in words, without the type names rmcp puts in its transport errors
/// (`Transport [rmcp::transport::worker::WorkerTransport<…>] error:`), which tell a user nothing.
pub(super) fn readable_chain(error: &(dyn std::error::Error + 'static)) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut next = Some(error);
    while let Some(current) = next {
        let text = without_type_names(&current.to_string());
        if !parts.iter().any(|p| p.contains(&text)) {
            parts.push(text);
        }
        next = current.source();
    }
    parts.join(": ")
}

/// `text` without any `[rmcp::…]` group (brackets nested inside it included).
fn without_type_names(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("[rmcp::") {
        out.push_str(rest.get(..start).unwrap_or_default().trim_end());
        let mut depth = 0_usize;
        let mut end = rest.len();
        for (i, c) in rest.char_indices().skip(start) {
            match c {
                '[' => depth += 1,
                ']' => {
                    depth -= 1;
                    if depth == 0 {
                        end = i + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        rest = rest.get(end..).unwrap_or_default();
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn transport_type_names_are_left_out_of_messages() {
        let raw = "Send message error Transport [rmcp::transport::worker::WorkerTransport<rmcp::A<reqwest::Client>>] error: Client error: error sending request for url (http://127.0.0.1:9/mcp), when send initialize request";
        assert_eq!(
            super::without_type_names(raw),
            "Send message error Transport error: Client error: error sending request for url \
             (http://127.0.0.1:9/mcp), when send initialize request"
        );
        assert_eq!(super::without_type_names("plain [x]"), "plain [x]");
        assert_eq!(super::without_type_names("a [rmcp::[[b]"), "a");
    }
}
