//! The crate's Rust error type.

use crate::jsonrpc::JsonRpcError;

/// Everything that can go wrong when reading or building protocol messages.
///
/// This is the Rust-side error; the wire-side error object is [`JsonRpcError`]. Use
/// [`ProtocolError::to_jsonrpc_error`] to answer a peer whose message could not be handled.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ProtocolError {
    /// The text is not JSON at all.
    #[error("invalid JSON: {0}")]
    Json(#[from] serde_json::Error),
    /// The JSON value is not an object.
    #[error("a JSON-RPC message must be an object, found {found}")]
    NotAnObject {
        /// The JSON kind found instead (`"string"`, `"number"`, ...).
        found: &'static str,
    },
    /// A JSON-RPC batch (array); MCP removed batching and `postMessage` never needs it.
    #[error("JSON-RPC batches are not supported")]
    Batch,
    /// The `jsonrpc` member is missing or not `"2.0"`.
    #[error("the \"jsonrpc\" member must be \"2.0\", found {}", found.as_deref().unwrap_or("nothing"))]
    InvalidVersion {
        /// The value found, as JSON text, if any.
        found: Option<String>,
    },
    /// The `id` is neither a string nor an integer.
    #[error("\"id\" must be a string or an integer, found {found}")]
    InvalidId {
        /// The value found, as JSON text.
        found: String,
    },
    /// A request carries `"id": null` (MCP forbids null request ids).
    #[error("a request \"id\" must not be null")]
    NullRequestId,
    /// The `method` member is not a string.
    #[error("\"method\" must be a string, found {found}")]
    InvalidMethod {
        /// The value found, as JSON text.
        found: String,
    },
    /// The `params` member is neither an object nor an array.
    #[error("\"params\" must be an object or an array, found {found}")]
    InvalidParamsType {
        /// The JSON kind found instead.
        found: &'static str,
    },
    /// A message carries `method` together with `result` or `error`.
    #[error("a message must not carry \"method\" together with \"result\" or \"error\"")]
    MethodAndResponse,
    /// A response carries both `result` and `error`.
    #[error("a response must not carry both \"result\" and \"error\"")]
    ResultAndError,
    /// A success response without a usable `id`.
    #[error("a response needs a non-null \"id\"")]
    MissingResponseId,
    /// The `error` member of an error response is not a JSON-RPC error object.
    #[error("invalid \"error\" object: {source}")]
    InvalidErrorObject {
        /// Why it did not fit `{code: integer, message: string, data?}`.
        source: serde_json::Error,
    },
    /// An object with none of `method`, `result` and `error`.
    #[error("not a JSON-RPC message: no \"method\", \"result\" or \"error\" member")]
    NotAMessage,
    /// The method matched, but its params do not fit the typed params of that method.
    #[error("invalid params for {method}: {source}")]
    InvalidParams {
        /// The method whose params were rejected.
        method: String,
        /// Why they did not fit.
        source: serde_json::Error,
    },
    /// A response result does not fit the typed result of the request it answers.
    #[error("invalid result for {method}: {source}")]
    InvalidResult {
        /// The method of the request the result answers.
        method: String,
        /// Why it did not fit.
        source: serde_json::Error,
    },
    /// Typed params or a typed result could not be turned into JSON (a custom `Serialize` failed).
    #[error("cannot serialize {method}: {source}")]
    Serialize {
        /// The method being built.
        method: String,
        /// The serializer's error.
        source: serde_json::Error,
    },
    /// A `_meta.ui` object is present but malformed.
    #[error("invalid _meta.ui: {source}")]
    InvalidUiMeta {
        /// Why it did not fit.
        source: serde_json::Error,
    },
}

impl ProtocolError {
    /// The JSON-RPC error a peer should receive when its message failed with this error.
    ///
    /// Unreadable JSON is a parse error, a malformed envelope an invalid request, unfitting params
    /// invalid params; failures on our own side are internal errors.
    #[must_use]
    pub fn to_jsonrpc_error(&self) -> JsonRpcError {
        let code = match self {
            Self::Json(_) => JsonRpcError::PARSE_ERROR,
            Self::InvalidParams { .. } => JsonRpcError::INVALID_PARAMS,
            Self::InvalidResult { .. } | Self::Serialize { .. } | Self::InvalidUiMeta { .. } => {
                JsonRpcError::INTERNAL_ERROR
            }
            Self::NotAnObject { .. }
            | Self::Batch
            | Self::InvalidVersion { .. }
            | Self::InvalidId { .. }
            | Self::NullRequestId
            | Self::InvalidMethod { .. }
            | Self::InvalidParamsType { .. }
            | Self::MethodAndResponse
            | Self::ResultAndError
            | Self::MissingResponseId
            | Self::InvalidErrorObject { .. }
            | Self::NotAMessage => JsonRpcError::INVALID_REQUEST,
        };
        JsonRpcError::new(code, self.to_string())
    }
}

impl From<&ProtocolError> for JsonRpcError {
    fn from(error: &ProtocolError) -> Self {
        error.to_jsonrpc_error()
    }
}
