//! MCP client connections: the host's side of MCP, built on rmcp's client.
//!
//! One [`McpConnection`] per server, over stdio (a child process) or streamable HTTP. On
//! connecting it advertises the MCP Apps extension (`capabilities.extensions
//! ["io.modelcontextprotocol/ui"] = {"mimeTypes": [HTML, card]}`) with the protocol version pinned
//! to [`PROTOCOL_VERSION`], lists the server's tools and keeps the full catalogue (for routing a
//! view's calls; the agent gets [`McpConnection::model_tools`]), and prefetches and caches the
//! `ui://` resources of its app tools. Requests are bounded by timeouts; a server that exits or
//! hangs fails its own requests with an [`Error`] naming it, and announces its end as an
//! [`McpEventKind::Gone`] event, without affecting other connections.
//!
//! Tools and results come out as this workspace's types ([`mcpapp_protocol::Tool`]) or as JSON
//! (`resources/read`, `tools/call`), so nothing above this module sees rmcp.
//!
//! Stdio servers are spawned here (not by rmcp) so that an exit is reported with its status and
//! last standard error lines. `https://` goes through rustls: the first HTTP connection installs
//! ring as rustls's process-wide crypto provider unless the embedder has installed one.
//!
//! ```no_run
//! use mcpapp_host::mcp::{ClientOptions, McpConnection, ServerSpec};
//!
//! # async fn run() -> Result<(), mcpapp_host::Error> {
//! let spec = ServerSpec::stdio("node", ["server/dist/index.js", "--stdio"]);
//! let server = McpConnection::connect("basic", &spec, &ClientOptions::default()).await?;
//! for (tool, ui) in server.app_tools() {
//!     if let Some(uri) = ui.resource_uri {
//!         let read = server.read_resource(&uri).await?; // cached after the first read
//!         let bytes = read.contents.first().and_then(|c| c.text.as_ref()).map_or(0, String::len);
//!         println!("{} shows {uri} ({bytes} bytes)", tool.name);
//!     }
//! }
//! let result = server.call_tool("get-time", serde_json::Map::new()).await?;
//! println!("{:?}", result.structured_content);
//! server.close().await;
//! # Ok(())
//! # }
//! ```

mod catalogue;
mod connection;

mod handler;
mod handshake;
mod process;
mod questions;
mod requests;
mod resources;
mod scripted;
mod spec;
mod status;
mod user_time;

use serde_json::Value;

use crate::Error;
pub use connection::{McpConnection, PROTOCOL_VERSION};
pub use questions::{
    Elicitation, ElicitationAnswer, ElicitationHandler, HandlerFuture, Handlers, SamplingHandler,
    SamplingRequest,
};
pub use requests::URL_ELICITATION_REQUIRED;
pub use resources::{MAX_LISTED_RESOURCES, app_resources};
pub use scripted::{ScriptedAnswers, ScriptedCallback, ScriptedDecline, ScriptedEvent};
pub use spec::{ClientOptions, ServerSpec};

/// What a server said about itself in the `initialize` handshake.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct ServerInfo {
    /// `serverInfo.name` (empty if the server sent none).
    pub name: String,
    /// `serverInfo.version`.
    pub version: String,
    /// `serverInfo.title`, a display name.
    pub title: Option<String>,
    /// The protocol version the server chose (`2025-11-25` for the current SDKs).
    pub protocol_version: String,
    /// Instructions for the model, if any.
    pub instructions: Option<String>,
    /// The server's `capabilities` object as sent (`tools`, `resources`, `extensions`, …).
    pub capabilities: Value,
}

impl std::fmt::Display for ServerInfo {
    /// `NAME VERSION (MCP PROTOCOL)`, `a server` for a server without a name; the server's
    /// words are as sent (print them with [`crate::printable`]).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let name = if self.name.is_empty() {
            "a server"
        } else {
            &self.name
        };
        write!(f, "{name} {} (MCP {})", self.version, self.protocol_version)
    }
}

/// Something that happened on a connection, for the embedder (see [`McpConnection::events`]).
#[derive(Debug, Clone, PartialEq)]
pub struct McpEvent {
    /// The server's id.
    pub server: String,
    /// What happened.
    pub kind: McpEventKind,
}

/// What happened on a connection.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum McpEventKind {
    /// The tools were listed again (on connecting, on request, or because the server said its
    /// list changed); the agent's tool list may need updating.
    ToolsChanged,
    /// The server said a resource changed (its cached copy has been dropped).
    ResourceUpdated {
        /// The resource.
        uri: String,
    },
    /// The server said its resource list changed (the cache has been emptied).
    ResourcesChanged,
    /// The server sent a log message (`notifications/message`).
    Log {
        /// Its level (`debug` … `emergency`).
        level: String,
        /// Its logger, if named.
        logger: Option<String>,
        /// Its data.
        data: Value,
    },
    /// The connection has ended (the server exited or closed it, or the host closed it); its
    /// requests fail with [`Error::ServerGone`] from now on.
    Gone {
        /// How it ended.
        reason: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_server_introduces_itself_by_name_version_and_protocol() {
        let mut info = ServerInfo {
            name: "weather".to_owned(),
            version: "1.2.0".to_owned(),
            title: None,
            protocol_version: "2025-11-25".to_owned(),
            instructions: None,
            capabilities: Value::Null,
        };
        assert_eq!(info.to_string(), "weather 1.2.0 (MCP 2025-11-25)");
        info.name.clear();
        assert_eq!(info.to_string(), "a server 1.2.0 (MCP 2025-11-25)");
    }
}
