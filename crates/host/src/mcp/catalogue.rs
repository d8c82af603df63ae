//! The server's tool catalogue: listing the tools, and the views of it the host and the agent
//! use.

use std::sync::{Arc, PoisonError};

use mcpapp_protocol::{Tool, ToolUiMeta};

use super::{Error, McpConnection, McpEventKind};

impl McpConnection {
    /// Lists the server's tools again (every page) and keeps them as the catalogue; starts
    /// prefetching new `ui://` resources when
    /// [`ClientOptions::prefetch_ui_resources`](super::ClientOptions::prefetch_ui_resources) is
    /// set. Also done on connecting and when the server says its tool list changed.
    ///
    /// A tool that cannot be read as [`Tool`] is left out with a warning.
    pub async fn refresh_tools(&self) -> Result<(), Error> {
        let peer = &self.inner.peer;
        let listed = self.request("tools/list", peer.list_all_tools()).await?;
        let server = self.id();
        let tools: Vec<Tool> = listed
            .into_iter()
            .filter_map(|tool| {
                let converted = serde_json::to_value(&tool).and_then(serde_json::from_value);
                if let Err(error) = &converted {
                    tracing::warn!(server, tool = %tool.name, %error, "tool left out");
                }
                converted.ok()
            })
            .collect();
        tracing::debug!(server, count = tools.len(), "tools listed");
        *self
            .inner
            .tools
            .write()
            .unwrap_or_else(PoisonError::into_inner) = Arc::new(tools);
        self.inner.status.emit(McpEventKind::ToolsChanged);
        if self.inner.options.prefetch_ui_resources {
            self.prefetch_ui_resources();
        }
        Ok(())
    }

    /// The tools as last listed, shared: a refresh replaces the list rather than changing it.
    pub(super) fn catalogue(&self) -> Arc<Vec<Tool>> {
        Arc::clone(
            &self
                .inner
                .tools
                .read()
                .unwrap_or_else(PoisonError::into_inner),
        )
    }

    /// Every tool of the server, as last listed: the catalogue a view's `tools/call` is routed
    /// and checked against (app-only tools included).
    #[must_use]
    pub fn tools(&self) -> Vec<Tool> {
        self.catalogue().as_ref().clone()
    }

    /// The tools the agent may see and call: those whose visibility includes `"model"` (or
    /// that declare none).
    #[must_use]
    pub fn model_tools(&self) -> Vec<Tool> {
        self.catalogue()
            .iter()
            .filter(|tool| tool.is_model_visible())
            .cloned()
            .collect()
    }

    /// The tool called `name`, if the server listed one.
    #[must_use]
    pub fn tool(&self, name: &str) -> Option<Tool> {
        self.catalogue()
            .iter()
            .find(|tool| tool.name == name)
            .cloned()
    }

    /// The tools that take part in MCP Apps, with their metadata (read from the nested
    /// `_meta.ui` or the legacy `_meta["ui/resourceUri"]`): tools with a view
    /// (`resource_uri` set) and app-only helpers a view calls (`resource_uri` unset, like
    /// system-monitor's `poll-system-stats`).
    #[must_use]
    pub fn app_tools(&self) -> Vec<(Tool, ToolUiMeta)> {
        self.catalogue()
            .iter()
            .filter_map(|tool| tool.ui_meta().map(|meta| (tool.clone(), meta)))
            .collect()
    }
}
