//! The client side of the rmcp service: what the host answers and does when a server sends
//! something on its own (list changes, resource updates, log messages, questions for the user,
//! requests for the model).

use std::sync::{Arc, OnceLock, Weak};
use std::time::Duration;

use rmcp::ClientHandler;
use rmcp::model::{
    ClientConfig, CustomNotification, ElicitRequestParams, ElicitResult, ElicitationAction,
    ErrorData, ResourceUpdatedNotificationParam,
};
use rmcp::service::{NotificationContext, RequestContext, RoleClient};
use serde_json::Value;

use super::connection::{Inner, McpConnection, Status};
use super::questions::{Elicitation, ElicitationAnswer, Handlers, SamplingRequest};
use super::{McpEvent, McpEventKind};

/// The notification a server sends when a URL-mode question is done (rmcp has no type for it).
const ELICITATION_COMPLETE: &str = "notifications/elicitation/complete";

/// The host's `ClientHandler`: it carries the `initialize` params and keeps the connection's
/// catalogue and cache current.
pub(super) struct Handler {
    pub(super) config: ClientConfig,
    pub(super) status: Arc<Status>,
    /// The connection, once the handshake is done (weak: the service must not keep it alive).
    pub(super) connection: Arc<OnceLock<Weak<Inner>>>,
    /// Who answers questions and sampling requests.
    pub(super) handlers: Handlers,
    /// The longest a handler may take (the connection's question timeout).
    pub(super) timeout: Duration,
}

impl Handler {
    fn connection(&self) -> Option<McpConnection> {
        self.connection
            .get()
            .and_then(Weak::upgrade)
            .map(McpConnection::from_inner)
    }
}

impl ClientHandler for Handler {
    fn get_info(&self) -> ClientConfig {
        self.config.clone()
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        let server = self.status.server.clone();
        let Some(handler) = self.handlers.elicitation.clone() else {
            // Not advertised; a server that asks anyway is declined.
            return Ok(ElicitResult::new(ElicitationAction::Decline));
        };
        let question = match request {
            ElicitRequestParams::FormElicitationParams {
                message,
                requested_schema,
                ..
            } => Elicitation::Form {
                server,
                message,
                schema: serde_json::to_value(requested_schema).unwrap_or(Value::Null),
            },
            ElicitRequestParams::UrlElicitationParams {
                message,
                url,
                elicitation_id,
                ..
            } => Elicitation::Url {
                server,
                message,
                url,
                elicitation_id,
            },
            // A mode of a later protocol: not something this host can show.
            _ => return Ok(ElicitResult::new(ElicitationAction::Decline)),
        };
        tracing::debug!(server = self.status.server, "server asks the user");
        // The user's time: the call that asked waits without counting it.
        let _open = self.status.user_time.question();
        // A question nobody answers in time is cancelled, never left hanging.
        let answer = tokio::time::timeout(self.timeout, handler.elicit(question))
            .await
            .unwrap_or(ElicitationAnswer::Cancel);
        Ok(match answer {
            ElicitationAnswer::Accept(content) => {
                let mut result = ElicitResult::new(ElicitationAction::Accept);
                result.content = content.map(Value::Object);
                result
            }
            ElicitationAnswer::Decline => ElicitResult::new(ElicitationAction::Decline),
            ElicitationAnswer::Cancel => ElicitResult::new(ElicitationAction::Cancel),
        })
    }

    #[expect(
        deprecated,
        reason = "sampling is deprecated by SEP-2577, but servers still send it"
    )]
    async fn create_message(
        &self,
        params: rmcp::model::CreateMessageRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<rmcp::model::CreateMessageResult, ErrorData> {
        let Some(handler) = self.handlers.sampling.clone() else {
            return Err(ErrorData::invalid_request(
                "this host does not sample: no model is connected to answer sampling/createMessage",
                None,
            ));
        };
        let request = SamplingRequest {
            server: self.status.server.clone(),
            params: serde_json::to_value(params).unwrap_or(Value::Null),
        };
        // A model, and often the user approving what it sends, answer: not the server's time.
        let _open = self.status.user_time.question();
        let answered = tokio::time::timeout(self.timeout, handler.sample(request))
            .await
            .map_err(|_| {
                ErrorData::internal_error("no reply to the sampling request in time", None)
            })?
            .map_err(|why| ErrorData::invalid_request(why, None))?;
        serde_json::from_value(answered).map_err(|e| {
            ErrorData::internal_error(format!("the sampling reply is malformed: {e}"), None)
        })
    }

    async fn on_custom_notification(
        &self,
        notification: CustomNotification,
        _context: NotificationContext<RoleClient>,
    ) {
        if notification.method != ELICITATION_COMPLETE {
            return;
        }
        let id = notification
            .params
            .as_ref()
            .and_then(|p| p.get("elicitationId"))
            .and_then(Value::as_str)
            .unwrap_or_default();
        if let Some(handler) = &self.handlers.elicitation {
            handler.completed(&self.status.server, id);
        }
    }

    async fn on_tool_list_changed(&self, _context: NotificationContext<RoleClient>) {
        tracing::debug!(server = self.status.server, "tool list changed");
        if let Some(connection) = self.connection() {
            // Not awaited here: the service loop must stay free to deliver the answer.
            tokio::spawn(async move {
                if let Err(error) = connection.refresh_tools().await {
                    tracing::warn!(%error, "could not list the tools again");
                }
            });
        }
    }

    async fn on_resource_updated(
        &self,
        params: ResourceUpdatedNotificationParam,
        _context: NotificationContext<RoleClient>,
    ) {
        tracing::debug!(
            server = self.status.server,
            uri = params.uri,
            "resource updated"
        );
        if let Some(connection) = self.connection() {
            connection.invalidate_resource(&params.uri);
        }
        self.status
            .emit(McpEventKind::ResourceUpdated { uri: params.uri });
    }

    async fn on_resource_list_changed(&self, _context: NotificationContext<RoleClient>) {
        tracing::debug!(server = self.status.server, "resource list changed");
        if let Some(connection) = self.connection() {
            connection.clear_resource_cache();
        }
        self.status.emit(McpEventKind::ResourcesChanged);
    }

    #[expect(
        deprecated,
        reason = "server logging is deprecated by SEP-2577, but servers still send it"
    )]
    async fn on_logging_message(
        &self,
        params: rmcp::model::LoggingMessageNotificationParam,
        _context: NotificationContext<RoleClient>,
    ) {
        let level = serde_json::to_value(params.level)
            .ok()
            .and_then(|level| level.as_str().map(str::to_owned))
            .unwrap_or_default();
        tracing::debug!(
            server = self.status.server,
            level,
            logger = params.logger,
            "server log: {}",
            params.data
        );
        self.status.emit(McpEventKind::Log {
            level,
            logger: params.logger,
            data: params.data,
        });
    }
}

impl Status {
    /// Sends an event to the subscribers, if any.
    pub(super) fn emit(&self, kind: McpEventKind) {
        let event = McpEvent {
            server: self.server.clone(),
            kind,
        };
        // An error only means that nobody listens.
        if self.events.send(event).is_err() {
            tracing::trace!(server = self.server, "no event subscriber");
        }
    }
}
