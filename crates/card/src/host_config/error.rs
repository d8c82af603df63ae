//! What can go wrong reading a host config: the whole document ([`HostConfigError`]) or one
//! value ([`HostConfigWarning`]).

use std::fmt;

use serde::Serialize;

/// The host config cannot be read at all.
///
/// Only the document as a whole fails: a bad value inside it is a [`HostConfigWarning`] and
/// takes its default, so one typo never loses the rest of a theme.
#[derive(Debug, thiserror::Error)]
pub enum HostConfigError {
    /// The bytes are not JSON (or not UTF-8).
    #[error("the host config is not JSON: {0}")]
    Json(#[from] serde_json::Error),
    /// The JSON is not an object.
    #[error("the host config must be a JSON object, not {found}")]
    NotAnObject {
        /// What it is instead: `"an array"`, `"a string"`, …
        found: &'static str,
    },
}

/// A value of the host config that was ignored: it had the wrong JSON type or was not a
/// valid colour, size or enumeration value. The key kept its default.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct HostConfigWarning {
    /// Where the value is, as a JSON pointer (RFC 6901) spelled as in the file:
    /// `/containerStyles/default/backgroundColor`.
    pub pointer: String,
    /// What is wrong and what was used instead.
    pub message: String,
}

impl fmt::Display for HostConfigWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.pointer, self.message)
    }
}
