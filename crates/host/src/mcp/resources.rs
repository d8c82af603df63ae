//! Reading resources, and the cache of `ui://` resources with its background prefetch.

use std::collections::BTreeSet;
use std::sync::Arc;

use mcpapp_protocol::{ReadResourceResult, Tool, is_ui_resource_uri};
use rmcp::model::ReadResourceRequestParams;

use super::connection::lock;
use super::{McpConnection, McpError};

impl McpConnection {
    /// Reads a resource (`resources/read`).
    ///
    /// `ui://` resources are cached for the life of the connection (until the server says the
    /// resource or the list changed): a view's template is read once, however many times it is
    /// shown, and a read while the same one is in flight (a prefetch) waits for it instead of
    /// asking again. Other resources are read every time.
    pub async fn read_resource(&self, uri: &str) -> Result<ReadResourceResult, McpError> {
        if !is_ui_resource_uri(uri) {
            return self.fetch_resource(uri).await;
        }
        let cell = Arc::clone(
            lock(&self.inner.resources)
                .entry(uri.to_owned())
                .or_default(),
        );
        cell.get_or_try_init(|| self.fetch_resource(uri))
            .await
            .cloned()
    }

    /// The cached `ReadResourceResult` of a `ui://` resource, without asking the server.
    #[must_use]
    pub fn cached_resource(&self, uri: &str) -> Option<ReadResourceResult> {
        lock(&self.inner.resources)
            .get(uri)
            .and_then(|cell| cell.get().cloned())
    }

    /// Forgets the cached copy of one resource.
    pub fn invalidate_resource(&self, uri: &str) {
        lock(&self.inner.resources).remove(uri);
    }

    /// Forgets every cached resource.
    pub fn clear_resource_cache(&self) {
        lock(&self.inner.resources).clear();
    }

    /// Asks the server for a resource, bypassing the cache.
    async fn fetch_resource(&self, uri: &str) -> Result<ReadResourceResult, McpError> {
        let what = format!("resources/read {uri}");
        let params = ReadResourceRequestParams::new(uri);
        let result = self
            .request(&what, self.inner.peer.read_resource(params))
            .await?;
        self.convert(&what, &result)
    }

    /// Starts reading, in the background, every app tool's `ui://` resource that is not
    /// cached yet (one after the other). Failures are logged, not reported: the read is tried
    /// again when the view is opened.
    pub fn prefetch_ui_resources(&self) {
        let cached: BTreeSet<String> = lock(&self.inner.resources).keys().cloned().collect();
        let uris: BTreeSet<String> = self
            .catalogue()
            .iter()
            .filter_map(Tool::ui_resource_uri)
            .filter(|uri| is_ui_resource_uri(uri) && !cached.contains(uri))
            .collect();
        if uris.is_empty() {
            return;
        }
        // Weak: a prefetch must not keep a dropped connection (and its process) alive.
        let weak = Arc::downgrade(&self.inner);
        tokio::spawn(async move {
            for uri in uris {
                let Some(inner) = weak.upgrade() else {
                    return;
                };
                let connection = Self::from_inner(inner);
                match connection.read_resource(&uri).await {
                    Ok(_) => tracing::debug!(server = connection.id(), uri, "prefetched"),
                    Err(error) => {
                        tracing::warn!(%error, "could not prefetch a UI resource");
                        if error.is_server_gone() {
                            return;
                        }
                    }
                }
            }
        });
    }
}
