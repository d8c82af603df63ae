//! The `ui://` resource cache is bounded: at most so many entries and bytes, the least
//! recently used going first, and a failed read is never kept (the next read asks again).
//! Against an MCP server in this process (streamable HTTP) that counts its reads.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use mcpapp_host::mcp::{ClientOptions, McpConnection, ServerSpec};
use rmcp::ServerHandler;
use rmcp::model::{
    ErrorData, Implementation, ReadResourceRequestParams, ReadResourceResponse, ReadResourceResult,
    ResourceContents, ServerCapabilities, ServerConfig,
};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::transport::StreamableHttpServerConfig;
use rmcp::transport::streamable_http_server::StreamableHttpService;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;

/// Serves `ui://t/<kib>/<name>` as `<kib>` KiB of text; `ui://t/flaky` fails its first read.
#[derive(Clone, Default)]
struct Counting {
    reads: Arc<Mutex<HashMap<String, usize>>>,
}

impl ServerHandler for Counting {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_resources().build())
            .with_server_info(Implementation::new("counting", "0.1.0"))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        let uri = request.uri;
        let count = {
            let mut reads = self.reads.lock().unwrap();
            let count = reads.entry(uri.clone()).or_default();
            *count += 1;
            *count
        };
        let kib: usize = if uri == "ui://t/flaky" {
            if count == 1 {
                return Err(ErrorData::internal_error("not today", None));
            }
            1
        } else {
            uri.trim_start_matches("ui://t/")
                .split('/')
                .next()
                .and_then(|n| n.parse().ok())
                .ok_or_else(|| ErrorData::resource_not_found(uri.clone(), None))?
        };
        let text = "x".repeat(kib * 1024);
        Ok(ReadResourceResult::new(vec![
            ResourceContents::text(text, uri).with_mime_type("text/html;profile=mcp-app"),
        ])
        .into())
    }
}

/// The server, and a connection to it with these cache limits.
async fn connect(entries: usize, bytes: usize) -> (Counting, McpConnection) {
    let server = Counting::default();
    let serving = server.clone();
    let service = StreamableHttpService::new(
        move || Ok(serving.clone()),
        Arc::new(LocalSessionManager::default()),
        StreamableHttpServerConfig::default(),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let router = axum::Router::new().nest_service("/mcp", service);
    tokio::spawn(async move { axum::serve(listener, router).await });
    let options = ClientOptions {
        prefetch_ui_resources: false,
        max_cached_resources: entries,
        max_cached_resource_bytes: bytes,
        ..ClientOptions::default()
    };
    let spec = ServerSpec::http(format!("http://{address}/mcp"));
    let connection = McpConnection::connect("counting", &spec, &options)
        .await
        .unwrap();
    (server, connection)
}

impl Counting {
    fn reads(&self, uri: &str) -> usize {
        self.reads.lock().unwrap().get(uri).copied().unwrap_or(0)
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_read_is_not_kept_and_the_next_one_asks_again() {
    let (server, connection) = connect(64, 1 << 20).await;
    let failed = connection.read_resource("ui://t/flaky").await;
    assert!(failed.is_err(), "{failed:?}");
    assert!(connection.cached_resource("ui://t/flaky").is_none());
    let read = connection.read_resource("ui://t/flaky").await.unwrap();
    assert_eq!(read.contents[0].text.as_ref().unwrap().len(), 1024);
    assert_eq!(server.reads("ui://t/flaky"), 2, "asked again");
    // Kept once it succeeded.
    connection.read_resource("ui://t/flaky").await.unwrap();
    assert_eq!(server.reads("ui://t/flaky"), 2);
    // Reads of resources that do not exist leave nothing behind either.
    for n in 0..10 {
        let uri = format!("ui://t/none/{n}");
        assert!(connection.read_resource(&uri).await.is_err());
        assert!(connection.cached_resource(&uri).is_none());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cache_keeps_at_most_its_entries_least_recently_used_first_out() {
    let (server, connection) = connect(3, 1 << 20).await;
    for name in ["a", "b", "c"] {
        connection
            .read_resource(&format!("ui://t/1/{name}"))
            .await
            .unwrap();
    }
    // `a` is used again, so `b` is the least recently used when `d` comes.
    connection.read_resource("ui://t/1/a").await.unwrap();
    connection.read_resource("ui://t/1/d").await.unwrap();
    assert!(connection.cached_resource("ui://t/1/b").is_none());
    for kept in ["a", "c", "d"] {
        assert!(
            connection
                .cached_resource(&format!("ui://t/1/{kept}"))
                .is_some(),
            "{kept}"
        );
    }
    assert_eq!(server.reads("ui://t/1/a"), 1, "a hit");
    connection.read_resource("ui://t/1/b").await.unwrap();
    assert_eq!(server.reads("ui://t/1/b"), 2, "read again after it went");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cache_keeps_at_most_its_bytes_and_a_resource_larger_than_that_is_not_kept() {
    let (server, connection) = connect(64, 100 * 1024).await;
    connection.read_resource("ui://t/60/a").await.unwrap();
    connection.read_resource("ui://t/30/b").await.unwrap();
    // 60 + 30 + 30 KiB is over 100 KiB: the oldest goes.
    connection.read_resource("ui://t/30/c").await.unwrap();
    assert!(connection.cached_resource("ui://t/60/a").is_none());
    assert!(connection.cached_resource("ui://t/30/b").is_some());
    assert!(connection.cached_resource("ui://t/30/c").is_some());
    // Larger than the whole cache: read every time, and the others stay.
    for _ in 0..2 {
        connection.read_resource("ui://t/200/big").await.unwrap();
    }
    assert_eq!(server.reads("ui://t/200/big"), 2);
    assert!(connection.cached_resource("ui://t/30/b").is_some());
}
