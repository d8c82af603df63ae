//! The client side of the rmcp service: what the host answers and does when a server sends
//! something on its own (list changes, resource updates, log messages).

use std::sync::{Arc, OnceLock, Weak};

use rmcp::ClientHandler;
use rmcp::model::{ClientConfig, ResourceUpdatedNotificationParam};
use rmcp::service::{NotificationContext, RoleClient};

use super::connection::{Inner, McpConnection, Status};
use super::{McpEvent, McpEventKind};

/// The host's `ClientHandler`: it carries the `initialize` params and keeps the connection's
/// catalogue and cache current.
pub(super) struct Handler {
    pub(super) config: ClientConfig,
    pub(super) status: Arc<Status>,
    /// The connection, once the handshake is done (weak: the service must not keep it alive).
    pub(super) connection: Arc<OnceLock<Weak<Inner>>>,
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
