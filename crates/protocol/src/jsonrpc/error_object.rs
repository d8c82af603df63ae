//! The wire-side error object of an error response.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_with::skip_serializing_none;

/// The `error` member of a JSON-RPC error response.
///
/// Kept apart from [`crate::ProtocolError`]: this is what goes over the wire, that is what Rust
/// code handles. It implements [`std::error::Error`] so a host can propagate a peer's error with `?`.
#[skip_serializing_none]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, thiserror::Error)]
#[error("JSON-RPC error {code}: {message}")]
pub struct JsonRpcError {
    /// The error code; see the associated constants for the reserved ones.
    pub code: i64,
    /// A short human-readable description.
    pub message: String,
    /// Optional details, free-form.
    pub data: Option<Value>,
}

impl JsonRpcError {
    /// The text was not valid JSON.
    pub const PARSE_ERROR: i64 = -32700;
    /// The JSON was not a valid JSON-RPC message.
    pub const INVALID_REQUEST: i64 = -32600;
    /// The method does not exist or is not available (what SDK views answer for unknown requests).
    pub const METHOD_NOT_FOUND: i64 = -32601;
    /// The params do not fit the method.
    pub const INVALID_PARAMS: i64 = -32602;
    /// An error inside the receiver.
    pub const INTERNAL_ERROR: i64 = -32603;
    /// The implementation-defined code the MCP Apps spec uses for denied or failed UI requests
    /// (a link the user refused to open, a rejected message...).
    pub const SERVER_ERROR: i64 = -32000;

    /// An error with any code.
    #[must_use]
    pub fn new(code: i64, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
            data: None,
        }
    }

    /// A [`Self::PARSE_ERROR`].
    #[must_use]
    pub fn parse_error(message: impl Into<String>) -> Self {
        Self::new(Self::PARSE_ERROR, message)
    }

    /// An [`Self::INVALID_REQUEST`].
    #[must_use]
    pub fn invalid_request(message: impl Into<String>) -> Self {
        Self::new(Self::INVALID_REQUEST, message)
    }

    /// A [`Self::METHOD_NOT_FOUND`] naming the method, so the peer's log says which one.
    #[must_use]
    pub fn method_not_found(method: &str) -> Self {
        Self::new(
            Self::METHOD_NOT_FOUND,
            format!("Method not found: {method}"),
        )
    }

    /// An [`Self::INVALID_PARAMS`].
    #[must_use]
    pub fn invalid_params(message: impl Into<String>) -> Self {
        Self::new(Self::INVALID_PARAMS, message)
    }

    /// An [`Self::INTERNAL_ERROR`].
    #[must_use]
    pub fn internal_error(message: impl Into<String>) -> Self {
        Self::new(Self::INTERNAL_ERROR, message)
    }

    /// A [`Self::SERVER_ERROR`], for UI requests the host or the user declined.
    #[must_use]
    pub fn server_error(message: impl Into<String>) -> Self {
        Self::new(Self::SERVER_ERROR, message)
    }

    /// The same error with `data` attached.
    #[must_use]
    pub fn with_data(mut self, data: Value) -> Self {
        self.data = Some(data);
        self
    }
}
