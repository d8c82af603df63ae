//! The marker traits that tie a method name to its typed payloads, and the method catalogue.

use serde::Serialize;
use serde::de::DeserializeOwned;

/// A JSON-RPC request of the protocol, named by a zero-sized marker type.
///
/// The marker is never instantiated: it only carries the method name and the payload types, so
/// that `message.extract_request::<Initialize>()` is checked by the compiler. Method constants
/// work in patterns too: `Some(Initialize::METHOD) => ...`.
pub trait Request {
    /// The method name on the wire.
    const METHOD: &'static str;
    /// The `params` of the request.
    type Params: Serialize + DeserializeOwned;
    /// The `result` of its success response.
    type Result: Serialize + DeserializeOwned;
}

/// A JSON-RPC notification of the protocol, named by a zero-sized marker type.
pub trait Notification {
    /// The method name on the wire.
    const METHOD: &'static str;
    /// The `params` of the notification.
    type Params: Serialize + DeserializeOwned;
}

/// Whether a method is a request or a notification.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MessageKind {
    /// Expects a response.
    Request,
    /// Expects none.
    Notification,
}

/// Who sends a method to whom.
///
/// A host uses it to refuse messages arriving from the wrong side (a view must not send
/// `ui/notifications/tool-result`), and a sandbox proxy to know what it consumes itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Sent by the view to the host (some are then forwarded to the MCP server).
    ViewToHost,
    /// Sent by the host to the view.
    HostToView,
    /// Sent either way.
    Both,
    /// Sent by a web host's sandbox proxy to the host; never reaches the view.
    ProxyToHost,
    /// Sent by a web host to its sandbox proxy; never reaches the view.
    HostToProxy,
}

/// One entry of the method catalogue [`crate::messages::METHODS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MethodInfo {
    /// The method name on the wire.
    pub method: &'static str,
    /// Request or notification.
    pub kind: MessageKind,
    /// Who sends it.
    pub direction: Direction,
}

impl MethodInfo {
    /// The entry for request marker `R`.
    #[must_use]
    pub const fn request<R: Request>(direction: Direction) -> Self {
        Self {
            method: R::METHOD,
            kind: MessageKind::Request,
            direction,
        }
    }

    /// The entry for notification marker `N`.
    #[must_use]
    pub const fn notification<N: Notification>(direction: Direction) -> Self {
        Self {
            method: N::METHOD,
            kind: MessageKind::Notification,
            direction,
        }
    }

    /// The catalogue entry for `method`, if this crate knows it.
    #[must_use]
    pub fn lookup(method: &str) -> Option<&'static Self> {
        crate::messages::METHODS
            .iter()
            .find(|info| info.method == method)
    }

    /// Whether the view may send this method to the host.
    #[must_use]
    pub fn sent_by_view(&self) -> bool {
        matches!(self.direction, Direction::ViewToHost | Direction::Both)
    }

    /// Whether the host may send this method to the view.
    #[must_use]
    pub fn sent_by_host(&self) -> bool {
        matches!(self.direction, Direction::HostToView | Direction::Both)
    }
}
