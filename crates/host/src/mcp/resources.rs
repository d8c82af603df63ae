//! Reading resources, and the bounded cache of `ui://` resources with its background
//! prefetch.

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use mcpapp_protocol::{ListResourcesResult, ReadResourceResult, Tool, is_ui_resource_uri};
use rmcp::model::{PaginatedRequestParams, ReadResourceRequestParams};
use tokio::sync::OnceCell;

use super::connection::lock;
use super::{ClientOptions, Error, McpConnection};

/// The `ui://` resources read so far, least recently used first out.
///
/// An entry is made when a read starts (so that a second read of the same URI waits for the
/// first instead of asking again), sized when it succeeds, and removed when it fails: a failed
/// read is never cached, and the next read asks the server again. After each successful read
/// the least recently used entries go until the cache is within
/// [`ClientOptions::max_cached_resources`] and
/// [`ClientOptions::max_cached_resource_bytes`].
#[derive(Debug, Default)]
pub(super) struct ResourceCache {
    entries: HashMap<String, Entry>,
    /// The bytes of the entries that hold a result.
    bytes: usize,
    /// Counts uses; an entry's `used` is the count at its last use.
    clock: u64,
}

#[derive(Debug)]
struct Entry {
    cell: Arc<OnceCell<ReadResourceResult>>,
    used: u64,
    /// The result's size once it is there (0 while the read runs).
    bytes: usize,
}

impl ResourceCache {
    /// The cell of `uri`, made if there is none; counts as a use.
    fn cell(&mut self, uri: &str) -> Arc<OnceCell<ReadResourceResult>> {
        self.clock += 1;
        let used = self.clock;
        let entry = self.entries.entry(uri.to_owned()).or_insert_with(|| Entry {
            cell: Arc::new(OnceCell::new()),
            used,
            bytes: 0,
        });
        entry.used = used;
        Arc::clone(&entry.cell)
    }

    /// The read of `uri` through `cell` succeeded: the entry gets its size, and the least
    /// recently used entries go until the cache is within its limits.
    fn filled(
        &mut self,
        uri: &str,
        cell: &Arc<OnceCell<ReadResourceResult>>,
        bytes: usize,
        options: &ClientOptions,
    ) {
        let ours = self
            .entries
            .get(uri)
            .is_some_and(|entry| Arc::ptr_eq(&entry.cell, cell));
        if ours && bytes > options.max_cached_resource_bytes {
            // Larger than the whole cache: not kept, and nothing else goes for it.
            self.remove(uri);
            return;
        }
        if let Some(entry) = self.entries.get_mut(uri)
            && ours
            && entry.bytes == 0
        {
            entry.bytes = bytes.max(1);
            self.bytes += entry.bytes;
        }
        while self.entries.len() > options.max_cached_resources
            || self.bytes > options.max_cached_resource_bytes
        {
            // Over the byte limit only entries that hold bytes help.
            let over_bytes = self.bytes > options.max_cached_resource_bytes;
            let victim = self
                .entries
                .iter()
                .filter(|(_, e)| !over_bytes || e.bytes > 0)
                .min_by_key(|(_, e)| e.used)
                .map(|(uri, _)| uri.clone());
            let Some(victim) = victim else { break };
            self.remove(&victim);
        }
    }

    /// The read of `uri` through `cell` failed: its entry goes, so the next read tries again.
    fn failed(&mut self, uri: &str, cell: &Arc<OnceCell<ReadResourceResult>>) {
        let ours = self
            .entries
            .get(uri)
            .is_some_and(|entry| Arc::ptr_eq(&entry.cell, cell) && !entry.cell.initialized());
        if ours {
            self.remove(uri);
        }
    }

    fn remove(&mut self, uri: &str) {
        if let Some(entry) = self.entries.remove(uri) {
            self.bytes -= entry.bytes;
        }
    }

    fn get(&mut self, uri: &str) -> Option<ReadResourceResult> {
        self.clock += 1;
        let used = self.clock;
        let entry = self.entries.get_mut(uri)?;
        let result = entry.cell.get().cloned()?;
        entry.used = used;
        Some(result)
    }

    fn clear(&mut self) {
        self.entries.clear();
        self.bytes = 0;
    }
}

/// About how many bytes a read result holds: its texts and blobs, URIs and mime types.
fn size_of(result: &ReadResourceResult) -> usize {
    result
        .contents
        .iter()
        .map(|item| {
            item.uri.len()
                + item.mime_type.as_ref().map_or(0, String::len)
                + item.text.as_ref().map_or(0, String::len)
                + item.blob.as_ref().map_or(0, String::len)
        })
        .sum()
}

/// The most entries of one `resources/list` page an app is given.
pub const MAX_LISTED_RESOURCES: usize = 256;

/// What of a listed page an app may see: no `ui://` views, at most
/// [`MAX_LISTED_RESOURCES`] entries; a page cut short is marked in `_meta`
/// (`io.mcpapp/truncated`).
#[must_use]
pub fn app_resources(mut listed: ListResourcesResult) -> ListResourcesResult {
    listed.resources.retain(|r| !is_ui_resource_uri(&r.uri));
    if listed.resources.len() > MAX_LISTED_RESOURCES {
        listed.resources.truncate(MAX_LISTED_RESOURCES);
        listed.meta.get_or_insert_with(serde_json::Map::new).insert(
            "io.mcpapp/truncated".to_owned(),
            serde_json::Value::Bool(true),
        );
    }
    listed
}

impl McpConnection {
    /// Reads a resource (`resources/read`).
    ///
    /// `ui://` resources are cached (until the server says the resource or the list changed,
    /// within the cache's limits, see [`ClientOptions::max_cached_resources`]): a view's
    /// template is read once, however many times it is shown, and a read while the same one
    /// is in flight (a prefetch) waits for it instead of asking again. A failed read is not
    /// cached. Other resources are read every time.
    pub async fn read_resource(&self, uri: &str) -> Result<ReadResourceResult, Error> {
        if !is_ui_resource_uri(uri) {
            return self.fetch_resource(uri).await;
        }
        let cell = lock(&self.inner.resources).cell(uri);
        match cell.get_or_try_init(|| self.fetch_resource(uri)).await {
            Ok(result) => {
                let result = result.clone();
                lock(&self.inner.resources).filled(
                    uri,
                    &cell,
                    size_of(&result),
                    &self.inner.options,
                );
                Ok(result)
            }
            Err(error) => {
                lock(&self.inner.resources).failed(uri, &cell);
                Err(error)
            }
        }
    }

    /// One page of the resources an app may see (a view's `resources/list`): the server's
    /// page after `cursor`, without its `ui://` views (those are the host's to show, not an
    /// app's data), and at most [`MAX_LISTED_RESOURCES`] entries (the server's next cursor is
    /// kept, so an app pages on; a page cut short says so in `_meta`).
    pub async fn list_app_resources(
        &self,
        cursor: Option<String>,
    ) -> Result<ListResourcesResult, Error> {
        let what = "resources/list";
        let params = PaginatedRequestParams::default().with_cursor(cursor);
        let listed = self
            .request(what, self.inner.peer.list_resources(Some(params)))
            .await?;
        let listed: ListResourcesResult = self.convert(what, &listed)?;
        Ok(app_resources(listed))
    }

    /// The cached `ReadResourceResult` of a `ui://` resource, without asking the server.
    #[must_use]
    pub fn cached_resource(&self, uri: &str) -> Option<ReadResourceResult> {
        lock(&self.inner.resources).get(uri)
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
    async fn fetch_resource(&self, uri: &str) -> Result<ReadResourceResult, Error> {
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
        let cached: BTreeSet<String> = lock(&self.inner.resources)
            .entries
            .keys()
            .cloned()
            .collect();
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
