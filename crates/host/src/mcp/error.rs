//! The MCP client's error.

use std::time::Duration;

use mcpapp_protocol::JsonRpcError;
use serde_json::Value;

/// What went wrong talking to an MCP server. Every message names the server (its id in the
/// host) and what was being done.
///
/// Whatever a server does (exit, hang, answer nonsense), the failure stays with its
/// connection: other connections are unaffected, and a view that asked for the request gets
/// [`McpError::to_jsonrpc_error`].
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum McpError {
    /// The server's program could not be started.
    #[error("MCP server \"{server}\": could not start `{command}`: {source}")]
    Spawn {
        /// The server's id.
        server: String,
        /// The command line.
        command: String,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The `initialize` handshake failed (refused, closed, answered with an error).
    #[error("MCP server \"{server}\": could not connect: {message}")]
    Connect {
        /// The server's id.
        server: String,
        /// Why, including the process's exit status and last standard error lines when it
        /// exited.
        message: String,
    },
    /// No answer in time. For a request the server was sent `notifications/cancelled`, and the
    /// connection stays usable.
    #[error("MCP server \"{server}\": no answer to {what} within {after:?}")]
    Timeout {
        /// The server's id.
        server: String,
        /// The request (`initialize`, `tools/call "name"`, …).
        what: String,
        /// The time waited.
        after: Duration,
    },
    /// The connection has ended: the process exited, the stream closed, or the host closed
    /// it. Requests on this connection will keep failing; connect again.
    #[error("MCP server \"{server}\" is gone ({what} failed): {reason}")]
    ServerGone {
        /// The server's id.
        server: String,
        /// The request that failed.
        what: String,
        /// How the connection ended (exit status, last standard error lines, …).
        reason: String,
    },
    /// The request could not be delivered (an HTTP error, a refused connection); the
    /// connection itself may still work.
    #[error("MCP server \"{server}\": could not send {what}: {message}")]
    Transport {
        /// The server's id.
        server: String,
        /// The request.
        what: String,
        /// Why.
        message: String,
    },
    /// The server answered with a JSON-RPC error.
    #[error("MCP server \"{server}\" answered {what} with error {code}: {message}")]
    Rpc {
        /// The server's id.
        server: String,
        /// The request.
        what: String,
        /// The JSON-RPC error code.
        code: i64,
        /// The error message.
        message: String,
        /// The error data, if any.
        data: Option<Value>,
    },
    /// The server's answer was not what the request calls for.
    #[error("MCP server \"{server}\": unexpected answer to {what}: {message}")]
    Protocol {
        /// The server's id.
        server: String,
        /// The request.
        what: String,
        /// What was wrong.
        message: String,
    },
}

impl McpError {
    /// The JSON-RPC code of a request timeout, as the MCP TypeScript SDK reports it.
    pub const REQUEST_TIMEOUT: i64 = -32001;
    /// The JSON-RPC code of a closed connection, as the MCP TypeScript SDK reports it.
    pub const CONNECTION_CLOSED: i64 = -32000;

    /// The id of the server the error is about.
    #[must_use]
    pub fn server(&self) -> &str {
        match self {
            Self::Spawn { server, .. }
            | Self::Connect { server, .. }
            | Self::Timeout { server, .. }
            | Self::ServerGone { server, .. }
            | Self::Transport { server, .. }
            | Self::Rpc { server, .. }
            | Self::Protocol { server, .. } => server,
        }
    }

    /// Whether the connection is unusable from now on (connect again to go on).
    #[must_use]
    pub fn is_server_gone(&self) -> bool {
        matches!(
            self,
            Self::ServerGone { .. } | Self::Spawn { .. } | Self::Connect { .. }
        )
    }

    /// The error to answer a view's request with: the server's own JSON-RPC error when it sent
    /// one, otherwise `-32001` for a timeout, `-32000` for a connection that has ended, and
    /// `-32603` for the rest, with this error's message.
    #[must_use]
    pub fn to_jsonrpc_error(&self) -> JsonRpcError {
        match self {
            Self::Rpc {
                code,
                message,
                data,
                ..
            } => JsonRpcError {
                code: *code,
                message: message.clone(),
                data: data.clone(),
            },
            Self::Timeout { .. } => JsonRpcError::new(Self::REQUEST_TIMEOUT, self.to_string()),
            Self::ServerGone { .. } | Self::Spawn { .. } | Self::Connect { .. } => {
                JsonRpcError::new(Self::CONNECTION_CLOSED, self.to_string())
            }
            Self::Transport { .. } | Self::Protocol { .. } => {
                JsonRpcError::new(JsonRpcError::INTERNAL_ERROR, self.to_string())
            }
        }
    }
}
