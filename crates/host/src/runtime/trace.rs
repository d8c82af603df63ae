//! The messages between the host and its views, as a runtime records them
//! ([`Runtime::record`](super::Runtime::record)) for tests and diagnostics.

use std::time::Instant;

use serde_json::Value;

use crate::host::InstanceId;

/// Which way a traced message went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TraceDirection {
    /// From a view to the host.
    ToHost,
    /// From the host to a view.
    ToView,
}

/// One message between the host and a view, as recorded by
/// [`Runtime::trace`](super::Runtime::trace).
#[derive(Debug, Clone, PartialEq)]
pub struct Traced {
    /// The view.
    pub instance: InstanceId,
    /// Which way.
    pub direction: TraceDirection,
    /// The JSON-RPC message.
    pub message: Value,
    /// When it passed through the runtime (read from a view's port, or given to one).
    pub at: Instant,
}

impl Traced {
    /// The message's method, or `None` for a response.
    #[must_use]
    pub fn method(&self) -> Option<&str> {
        self.message.get("method").and_then(Value::as_str)
    }
}
