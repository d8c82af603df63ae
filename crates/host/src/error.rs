//! The host's one error type.
//!
//! Every fallible call of this crate returns [`Error`]: talking to an MCP server, the state
//! store, the agent's calls, a view's port, a session's submit and the answer to a question.
//! The variants are grouped by where they arise; [`Error::server`], [`Error::is_server_gone`]
//! and [`Error::to_jsonrpc_error`] read what a caller needs without matching every variant.

use std::path::PathBuf;
use std::time::Duration;

use mcpapp_protocol::JsonRpcError;
use serde_json::Value;

use crate::host::InstanceId;
use crate::store::StateKey;

/// What went wrong in the host.
///
/// Messages name what failed and where (the server's id, the store's file, the view's URI). The
/// state store's save and load errors (`StateTooLarge`, `StateCorrupt`, `StateEncode`,
/// `Database`) name no file path, so they can be shown to an app in `save-state-response
/// {success: false, message}`; only opening a store (`NotADatabase`, `Io`, `NoDataDir`) names
/// paths, for the user's log.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    // ---- Talking to an MCP server. Whatever a server does (exit, hang, answer nonsense), the
    // failure stays with its connection: other connections are unaffected, and a view that
    // asked for the request gets `to_jsonrpc_error`.
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

    // ---- The state store (see `crate::store`).
    /// The state is over [`StoreLimits::max_entry_bytes`](crate::store::StoreLimits::max_entry_bytes);
    /// it was not saved and the previous state is kept.
    #[error(
        "the state is {bytes} bytes, over the limit of {limit} bytes per app; it was not saved"
    )]
    StateTooLarge {
        /// The size of the refused state (its compact JSON text), in bytes.
        bytes: usize,
        /// The limit per entry, in bytes.
        limit: usize,
    },
    /// The entry under `key` is damaged (not UTF-8, not JSON, a wrong column type, or a page
    /// `SQLite` found corrupt). Only this key is affected; the caller goes on without its state.
    #[error("the saved state of {key} is corrupt and was skipped: {reason}")]
    StateCorrupt {
        /// The damaged entry.
        key: StateKey,
        /// What is wrong with it.
        reason: String,
    },
    /// The file is not a state database this program can use (not `SQLite` at all, a database of
    /// another program, or damaged beyond opening).
    /// [`SqliteStore::open_or_start_fresh`](crate::store::SqliteStore::open_or_start_fresh) moves
    /// such a file aside and starts a fresh one.
    #[error("{} is not a usable state database: {reason}", path.display())]
    NotADatabase {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// The state could not be written as JSON text (cannot happen for a `serde_json::Value`; kept
    /// so that no case panics).
    #[error("the state could not be encoded as JSON: {0}")]
    StateEncode(String),
    /// Any other database failure (disk full, I/O error, locked by another process for too long,
    /// written by a newer version of this program).
    #[error("state database error: {0}")]
    Database(String),
    /// A file or folder could not be created, written or moved (the store's, a download's).
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// The operating system's error.
        #[source]
        source: std::io::Error,
    },
    /// No user data directory could be found (no home directory), so the default store has no
    /// place; give it a path with [`SqliteStore::open`](crate::store::SqliteStore::open).
    #[error("no user data directory was found (no home directory); give the state store a path")]
    NoDataDir,

    // ---- The agent's tool calls (see `crate::Runtime::agent_call`).
    /// No connected server has that id.
    #[error("no server `{0}` is connected")]
    UnknownServer(String),
    /// The server has no such tool.
    #[error("server `{server}` has no tool `{tool}`")]
    UnknownTool {
        /// The server.
        server: String,
        /// The tool.
        tool: String,
    },
    /// The tool is for apps only (`visibility: ["app"]`): the model does not see it
    /// ([`McpConnection::model_tools`](crate::mcp::McpConnection::model_tools) leaves it out),
    /// so an agent may not call it either.
    #[error("the tool `{tool}` of server `{server}` is for its apps only, not for the model")]
    AppOnlyTool {
        /// The server.
        server: String,
        /// The tool.
        tool: String,
    },
    /// The view could not be read or is of a kind no view here shows.
    #[error("view `{uri}`: {reason}")]
    View {
        /// The view's URI.
        uri: String,
        /// What went wrong.
        reason: String,
    },

    // ---- Views, their ports and what the user does in them.
    /// The view has gone away (its window closed, its process died, its channel dropped).
    #[error("the view is gone")]
    ViewGone,
    /// The view has not read the messages before this one; the message is handed back.
    #[error("the view's port is full (it has not read its last messages)")]
    PortFull(Value),
    /// The model is generating a reply in the view's thread: actions and answers wait until it
    /// is done.
    #[error("locked while the model is generating a reply")]
    Locked,
    /// The session has not completed `ui/initialize` yet.
    #[error("the view is not connected to its host yet")]
    NotReady,
    /// The action names no tool.
    #[error("{0}")]
    NoTool(String),
    /// The host does not open this link (see [`crate::check_link`]).
    #[error("{0}")]
    Link(String),

    // ---- Servers' questions (see `crate::AppHost::answer`).
    /// No question with this id waits for an answer.
    #[error("no question {0:?} is waiting for an answer")]
    UnknownQuestion(InstanceId),
    /// The answer does not fit the question.
    #[error("the answer does not fit the question: {0}")]
    InvalidAnswer(String),
}

impl Error {
    /// The JSON-RPC code of a request timeout, as the MCP TypeScript SDK reports it.
    pub const REQUEST_TIMEOUT: i64 = -32001;
    /// The JSON-RPC code of a closed connection, as the MCP TypeScript SDK reports it.
    pub const CONNECTION_CLOSED: i64 = -32000;

    /// The id of the MCP server the error is about, for an error talking to one.
    #[must_use]
    pub fn server(&self) -> Option<&str> {
        match self {
            Self::Spawn { server, .. }
            | Self::Connect { server, .. }
            | Self::Timeout { server, .. }
            | Self::ServerGone { server, .. }
            | Self::Transport { server, .. }
            | Self::Rpc { server, .. }
            | Self::Protocol { server, .. } => Some(server),
            _ => None,
        }
    }

    /// Whether an MCP connection is unusable from now on (connect again to go on).
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
            _ => JsonRpcError::new(JsonRpcError::INTERNAL_ERROR, self.to_string()),
        }
    }
}

impl From<tokio::sync::mpsc::error::TrySendError<Value>> for Error {
    fn from(error: tokio::sync::mpsc::error::TrySendError<Value>) -> Self {
        match error {
            tokio::sync::mpsc::error::TrySendError::Full(message) => Self::PortFull(message),
            tokio::sync::mpsc::error::TrySendError::Closed(_) => Self::ViewGone,
        }
    }
}
