//! A small MCP server with MCP Apps tools, written by hand with rmcp: the server the
//! `mcpapp-host` integration tests (`tests/mcp_client.rs`) run as a child process.
//!
//! ```text
//! cargo run -p mcpapp-host --example test_server                     # stdio
//! cargo run -p mcpapp-host --example test_server -- --http 127.0.0.1:0 # streamable HTTP at /mcp
//! ```
//!
//! Over HTTP it prints one line, `listening http://ADDR/mcp`, once it accepts connections.
//!
//! Tools:
//! - `echo {text}`: a plain tool (no `_meta`).
//! - `show_card {title?}`: an app tool in the current form, nested `_meta.ui.resourceUri` =
//!   `ui://test/card` (a card template, `application/vnd.mcpapp.card+json`) and visibility
//!   `["model", "app"]`.
//! - `legacy_view`: an app tool in the deprecated form, only the flat `_meta["ui/resourceUri"]`
//!   = `ui://test/view.html` (`text/html;profile=mcp-app`).
//! - `refresh`: app-only (`visibility: ["app"]`), no resource.
//! - `client_ui`: reports what the client advertised (`extensions["io.modelcontextprotocol/ui"]`,
//!   protocol version, client name).
//! - `slow`: sleeps 60 s unless cancelled (`notifications/cancelled`); `cancelled_count` tells
//!   how many `slow` calls were cancelled so far.
//! - `crash`: exits the process with status 3, without answering.
//! - `file_view`: names a view outside `ui://` (`file:///test/page.html`, an HTML app by its
//!   mime type), which a host must not open.
//!
//! Resources: the two views, and `file:///test/notes.csv` (data an app may list).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::print_stdout,
    clippy::print_stderr,
    clippy::panic,
    reason = "a test server: failing loudly is the point"
)]

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ErrorData,
    Implementation, ListResourcesResult, ListToolsResult, MetaObject, PaginatedRequestParams,
    ReadResourceRequestParams, ReadResourceResponse, ReadResourceResult, Resource,
    ResourceContents, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::{ServerHandler, ServiceExt};
use serde_json::{Map, Value, json};

const CARD_URI: &str = "ui://test/card";
const VIEW_URI: &str = "ui://test/view.html";
const FILE_VIEW_URI: &str = "file:///test/page.html";
const NOTES_URI: &str = "file:///test/notes.csv";
const CARD_MIME_TYPE: &str = "application/vnd.mcpapp.card+json";
const HTML_MIME_TYPE: &str = "text/html;profile=mcp-app";
const VIEW_HTML: &str = "<!DOCTYPE html><html><head><title>Test view</title></head>\
    <body><p id=\"time\">-</p></body></html>";

/// The server; one value per connection (HTTP makes one per session).
#[derive(Clone, Default)]
struct TestServer {
    cancelled: Arc<AtomicU64>,
    /// Whether `unlock` was called: then `late` is listed too.
    unlocked: Arc<std::sync::atomic::AtomicBool>,
}

fn object(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        other => panic!("not an object: {other}"),
    }
}

fn schema(properties: Value) -> Arc<Map<String, Value>> {
    let mut schema = Map::new();
    schema.insert("type".to_owned(), Value::from("object"));
    schema.insert("properties".to_owned(), properties);
    Arc::new(schema)
}

fn tool(
    name: &'static str,
    description: &'static str,
    properties: Value,
    meta: Option<Value>,
) -> Tool {
    let tool = Tool::new(name, description, schema(properties));
    match meta {
        Some(meta) => tool.with_meta(MetaObject(object(meta))),
        None => tool,
    }
}

fn tools() -> Vec<Tool> {
    vec![
        tool(
            "echo",
            "Echo the text back.",
            json!({"text": {"type": "string"}}),
            None,
        ),
        tool(
            "show_card",
            "Show a card.",
            json!({"title": {"type": "string"}}),
            Some(json!({"ui": {"resourceUri": CARD_URI, "visibility": ["model", "app"]}})),
        ),
        tool(
            "legacy_view",
            "Show an HTML view (legacy metadata).",
            json!({}),
            Some(json!({"ui/resourceUri": VIEW_URI})),
        ),
        tool(
            "refresh",
            "Refresh the card's data (called by the view only).",
            json!({}),
            Some(json!({"ui": {"visibility": ["app"]}})),
        ),
        tool(
            "client_ui",
            "Report what the client advertised.",
            json!({}),
            None,
        ),
        tool("slow", "Sleep for a minute.", json!({}), None),
        tool(
            "cancelled_count",
            "How many slow calls were cancelled.",
            json!({}),
            None,
        ),
        tool("crash", "Exit the server process.", json!({}), None),
        tool(
            "bad_visibility",
            "Declares its visibility as a string, not an array (malformed).",
            json!({}),
            Some(json!({"ui": {"visibility": "app"}})),
        ),
        tool(
            "unlock",
            "Lists `late` from now on and says the tool list changed.",
            json!({}),
            Some(json!({"ui": {"visibility": ["app"]}})),
        ),
        tool(
            "file_view",
            "Names a view outside ui:// (a host must refuse it).",
            json!({}),
            Some(json!({"ui": {"resourceUri": FILE_VIEW_URI}})),
        ),
    ]
}

fn structured(text: String, data: Value) -> CallToolResult {
    let mut result = CallToolResult::success(vec![ContentBlock::text(text)]);
    result.structured_content = Some(data);
    result
}

impl ServerHandler for TestServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_tools()
                .enable_tool_list_changed()
                .enable_resources()
                .build(),
        )
        .with_server_info(Implementation::new("mcpapp-test-server", "0.1.0"))
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let mut tools = tools();
        if self.unlocked.load(Ordering::SeqCst) {
            tools.push(tool(
                "late",
                "Listed only after `unlock` (the list changed).",
                json!({}),
                Some(json!({"ui": {"visibility": ["app"]}})),
            ));
        }
        Ok(ListToolsResult::with_all_items(tools))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let arguments = request.arguments.unwrap_or_default();
        let text_argument = |name: &str| {
            arguments
                .get(name)
                .and_then(Value::as_str)
                .map(str::to_owned)
        };
        let result = match request.name.as_ref() {
            "echo" => {
                let text = text_argument("text").unwrap_or_default();
                CallToolResult::success(vec![ContentBlock::text(text)])
            }
            "show_card" => {
                let title = text_argument("title").unwrap_or_else(|| "Hello".to_owned());
                structured(format!("A card titled {title}"), json!({"title": title}))
            }
            "legacy_view" => structured("The time is now".to_owned(), json!({"time": "now"})),
            "refresh" => structured("refreshed".to_owned(), json!({"refreshed": true})),
            "client_ui" => {
                let capabilities = context.client_capabilities();
                let ui = capabilities
                    .as_ref()
                    .and_then(|caps| caps.extensions.as_ref())
                    .and_then(|extensions| extensions.get("io.modelcontextprotocol/ui"))
                    .map(|entry| Value::Object(entry.clone()));
                let data = json!({
                    "ui": ui,
                    "protocolVersion": context.protocol_version().map(|v| v.to_string()),
                    "clientName": context.client_info().map(|info| info.name),
                });
                structured(data.to_string(), data)
            }
            "slow" => {
                tokio::select! {
                    () = tokio::time::sleep(Duration::from_mins(1)) => {
                        CallToolResult::success(vec![ContentBlock::text("done")])
                    }
                    () = context.ct.cancelled() => {
                        self.cancelled.fetch_add(1, Ordering::SeqCst);
                        eprintln!("slow: cancelled");
                        CallToolResult::error(vec![ContentBlock::text("cancelled")])
                    }
                }
            }
            "cancelled_count" => {
                // The cancellation may still be on its way; give it a moment.
                tokio::time::sleep(Duration::from_millis(50)).await;
                let count = self.cancelled.load(Ordering::SeqCst);
                structured(count.to_string(), json!({"count": count}))
            }
            "bad_visibility" | "late" => structured("called".to_owned(), json!({"called": true})),
            "unlock" => {
                self.unlocked.store(true, Ordering::SeqCst);
                let _ = context.peer.notify_tool_list_changed().await;
                structured("unlocked".to_owned(), json!({"unlocked": true}))
            }
            "crash" => {
                eprintln!("crash: exiting with status 3 as asked");
                std::process::exit(3);
            }
            other => {
                return Err(ErrorData::invalid_params(
                    format!("unknown tool: {other}"),
                    None,
                ));
            }
        };
        Ok(result.into())
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        Ok(ListResourcesResult::with_all_items(vec![
            Resource::new(CARD_URI, "card").with_mime_type(CARD_MIME_TYPE),
            Resource::new(VIEW_URI, "view").with_mime_type(HTML_MIME_TYPE),
            Resource::new(NOTES_URI, "notes").with_mime_type("text/csv"),
        ]))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        let contents = match request.uri.as_str() {
            CARD_URI => {
                let card = json!({
                    "type": "McpApp",
                    "version": "1.6",
                    "body": [{"type": "TextBlock", "text": "${title}"}],
                });
                ResourceContents::text(card.to_string(), CARD_URI)
                    .with_mime_type(CARD_MIME_TYPE)
                    .with_meta(MetaObject(object(json!({"ui": {"prefersBorder": true}}))))
            }
            VIEW_URI => ResourceContents::text(VIEW_HTML, VIEW_URI).with_mime_type(HTML_MIME_TYPE),
            FILE_VIEW_URI => {
                ResourceContents::text(VIEW_HTML, FILE_VIEW_URI).with_mime_type(HTML_MIME_TYPE)
            }
            NOTES_URI => {
                ResourceContents::text("day,rain\nmon,2\n", NOTES_URI).with_mime_type("text/csv")
            }
            other => {
                return Err(ErrorData::resource_not_found(
                    format!("no resource {other}"),
                    None,
                ));
            }
        };
        Ok(ReadResourceResult::new(vec![contents]).into())
    }
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [] => {
            let service = TestServer::default()
                .serve(rmcp::transport::stdio())
                .await
                .expect("stdio handshake");
            service.waiting().await.expect("serve over stdio");
        }
        [flag, address] if flag == "--http" => {
            let listener = tokio::net::TcpListener::bind(address.as_str())
                .await
                .expect("bind");
            let local = listener.local_addr().expect("local address");
            let service = StreamableHttpService::new(
                || Ok(TestServer::default()),
                Arc::new(LocalSessionManager::default()),
                StreamableHttpServerConfig::default(),
            );
            let router = axum::Router::new().nest_service("/mcp", service);
            println!("listening http://{local}/mcp");
            axum::serve(listener, router)
                .await
                .expect("serve over HTTP");
        }
        _ => {
            eprintln!("usage: test_server [--http ADDRESS]");
            std::process::exit(2);
        }
    }
}
