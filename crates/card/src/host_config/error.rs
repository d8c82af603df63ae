//! What can be wrong in a host config: one value ([`HostConfigWarning`]); a document that
//! cannot be read at all is an [`Error`](crate::Error).

use std::fmt;

use serde::Serialize;

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
