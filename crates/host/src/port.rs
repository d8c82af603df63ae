//! The view port: how the host and one view exchange JSON-RPC messages, whatever the view is
//! (a card session in-process, an HTML app behind the sandbox bridge, a scripted test view).
//! A port is a pair of unbounded channels of JSON values; a view that goes away closes its
//! end, which the host sees as a closed channel, never as a panic.

use serde_json::Value;
use tokio::sync::mpsc;

/// The host's end of a view: send host→view messages, receive view→host messages.
pub trait ViewPort: Send {
    /// Delivers a host→view message. `Err` when the view is gone.
    fn send(&self, message: Value) -> Result<(), ViewGone>;
    /// The next view→host message if one is waiting; `Err` when the view is gone and nothing
    /// is left to read.
    fn try_recv(&mut self) -> Result<Option<Value>, ViewGone>;
    /// Waits for the next view→host message; `None` when the view is gone. Must be cancel-safe
    /// (a message is never lost when the future is dropped before it is ready): the runtime
    /// waits on every view at once and drops the futures of the views that did not speak.
    fn recv(&mut self) -> std::pin::Pin<Box<dyn Future<Output = Option<Value>> + Send + '_>>;
}

/// The view has gone away (its window closed, its process died, its channel dropped).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the view is gone")]
pub struct ViewGone;

/// A view port made of two channels: what every kind of view uses.
#[derive(Debug)]
pub struct ChannelPort {
    to_view: mpsc::UnboundedSender<Value>,
    from_view: mpsc::UnboundedReceiver<Value>,
}

/// The view's end of a [`ChannelPort`].
#[derive(Debug)]
pub struct ViewEnd {
    /// Messages from the host.
    pub from_host: mpsc::UnboundedReceiver<Value>,
    /// Messages to the host.
    pub to_host: mpsc::UnboundedSender<Value>,
}

impl ChannelPort {
    /// A connected pair: the host keeps the port, the view takes its end.
    pub fn pair() -> (Self, ViewEnd) {
        let (to_view, from_host) = mpsc::unbounded_channel();
        let (to_host, from_view) = mpsc::unbounded_channel();
        (Self { to_view, from_view }, ViewEnd { from_host, to_host })
    }
}

impl ViewPort for ChannelPort {
    fn send(&self, message: Value) -> Result<(), ViewGone> {
        self.to_view.send(message).map_err(|_| ViewGone)
    }

    fn try_recv(&mut self) -> Result<Option<Value>, ViewGone> {
        match self.from_view.try_recv() {
            Ok(m) => Ok(Some(m)),
            Err(mpsc::error::TryRecvError::Empty) => Ok(None),
            Err(mpsc::error::TryRecvError::Disconnected) => Err(ViewGone),
        }
    }

    fn recv(&mut self) -> std::pin::Pin<Box<dyn Future<Output = Option<Value>> + Send + '_>> {
        Box::pin(self.from_view.recv())
    }
}
