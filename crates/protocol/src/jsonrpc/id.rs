//! Request ids.

use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::ProtocolError;

/// A JSON-RPC request id: an integer or a string (MCP forbids `null` for requests).
#[derive(
    Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(untagged)]
pub enum RequestId {
    /// An integer id (the SDKs count up from 0 or 1).
    Number(i64),
    /// A string id.
    String(String),
}

/// A progress token has the same shape as a request id.
pub type ProgressToken = RequestId;

impl RequestId {
    /// Reads an id from its JSON value, rejecting fractions, out-of-range numbers and other kinds.
    pub(crate) fn from_value(value: &Value) -> Result<Self, ProtocolError> {
        match value {
            Value::String(id) => Ok(Self::String(id.clone())),
            Value::Number(number) => {
                number
                    .as_i64()
                    .map(Self::Number)
                    .ok_or_else(|| ProtocolError::InvalidId {
                        found: number.to_string(),
                    })
            }
            other => Err(ProtocolError::InvalidId {
                found: other.to_string(),
            }),
        }
    }

    /// The id as a JSON value.
    #[must_use]
    pub fn to_value(&self) -> Value {
        match self {
            Self::Number(id) => Value::from(*id),
            Self::String(id) => Value::from(id.as_str()),
        }
    }
}

impl From<i64> for RequestId {
    fn from(id: i64) -> Self {
        Self::Number(id)
    }
}

impl From<&str> for RequestId {
    fn from(id: &str) -> Self {
        Self::String(id.to_owned())
    }
}

impl From<String> for RequestId {
    fn from(id: String) -> Self {
        Self::String(id)
    }
}

impl fmt::Display for RequestId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Number(id) => write!(f, "{id}"),
            Self::String(id) => f.write_str(id),
        }
    }
}
