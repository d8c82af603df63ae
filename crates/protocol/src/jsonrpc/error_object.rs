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
    #[serde(default)]
    pub data: Option<Value>,
}

/// Declares the reserved error codes, each one constant, and for most a constructor of an error
/// with that code (`CODE = value => constructor;`).
macro_rules! error_codes {
    ($(
        $(#[doc = $doc:literal])*
        $code:ident = $value:expr $(=> $constructor:ident)?;
    )*) => {
        impl JsonRpcError {
            $(
                $(#[doc = $doc])*
                pub const $code: i64 = $value;

                $(
                    #[doc = concat!("An error with code [`Self::", stringify!($code), "`].")]
                    #[must_use]
                    pub fn $constructor(message: impl Into<String>) -> Self {
                        Self::new(Self::$code, message)
                    }
                )?
            )*
        }
    };
}

error_codes! {
    /// The text was not valid JSON.
    PARSE_ERROR = -32700 => parse_error;
    /// The JSON was not a valid JSON-RPC message.
    INVALID_REQUEST = -32600 => invalid_request;
    /// The method does not exist or is not available (what SDK views answer for unknown requests).
    METHOD_NOT_FOUND = -32601;
    /// The params do not fit the method.
    INVALID_PARAMS = -32602 => invalid_params;
    /// An error inside the receiver.
    INTERNAL_ERROR = -32603 => internal_error;
    /// The implementation-defined code the MCP Apps spec uses for denied or failed UI requests
    /// (a link the user refused to open, a rejected message...).
    SERVER_ERROR = -32000 => server_error;
}

impl JsonRpcError {
    /// An error with any code.
    #[must_use]
    pub fn new(code: i64, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
            data: None,
        }
    }

    /// A [`Self::METHOD_NOT_FOUND`] naming the method, so the peer's log says which one.
    #[must_use]
    pub fn method_not_found(method: &str) -> Self {
        Self::new(
            Self::METHOD_NOT_FOUND,
            format!("Method not found: {method}"),
        )
    }

    /// The same error with `data` attached.
    #[must_use]
    pub fn with_data(mut self, data: Value) -> Self {
        self.data = Some(data);
        self
    }
}
