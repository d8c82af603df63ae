//! Standard MCP notifications a view exchanges with its host: logging, cancellation, progress.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_with::skip_serializing_none;

use crate::{ProgressToken, RequestId};

/// Severity of a log message (syslog levels, as MCP defines them), ordered from least to most
/// severe so a host can filter with `>=`.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum LoggingLevel {
    /// Debugging detail.
    Debug,
    /// Informational.
    Info,
    /// Normal but significant.
    Notice,
    /// Warning.
    Warning,
    /// Error.
    Error,
    /// Critical condition.
    Critical,
    /// Action must be taken immediately.
    Alert,
    /// System is unusable.
    Emergency,
}

impl LoggingLevel {
    /// The level as written on the wire (`debug`, `info`, …).
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Debug => "debug",
            Self::Info => "info",
            Self::Notice => "notice",
            Self::Warning => "warning",
            Self::Error => "error",
            Self::Critical => "critical",
            Self::Alert => "alert",
            Self::Emergency => "emergency",
        }
    }
}

impl std::fmt::Display for LoggingLevel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

wire_struct! {
    /// Params of `notifications/message` (a view logging through the host).
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
    pub struct LoggingMessageParams {
        /// Severity.
        pub level: LoggingLevel,
        /// Name of the logger.
        #[serde(default)]
        pub logger: Option<String>,
        /// Anything JSON.
        pub data: Value,
    }
    meta: "Metadata.";
}

/// Params of `notifications/cancelled`: the sender gives up on a request it sent.
#[skip_serializing_none]
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CancelledParams {
    /// The request being cancelled.
    #[serde(default)]
    pub request_id: Option<RequestId>,
    /// Why.
    #[serde(default)]
    pub reason: Option<String>,
}

/// Params of `notifications/progress`.
#[skip_serializing_none]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProgressParams {
    /// The token from the request's `_meta.progressToken`.
    pub progress_token: ProgressToken,
    /// Progress so far; increases with every notification.
    pub progress: f64,
    /// Total, when known.
    #[serde(default)]
    pub total: Option<f64>,
    /// Human-readable progress message.
    #[serde(default)]
    pub message: Option<String>,
}
