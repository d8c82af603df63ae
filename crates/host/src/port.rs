//! The view port: how the host and one view exchange JSON-RPC messages, whatever the view is
//! (a card session in-process, an HTML app behind the sandbox bridge, a scripted test view).
//! A port is a pair of bounded channels of JSON values; a view that goes away closes its
//! end, which the host sees as a closed channel, never as a panic.
//!
//! Bounded both ways, so that neither side can make the other hold an unbounded backlog: the
//! host reads a view only while that view's port has room for the answers
//! ([`ViewPort::room`]), and a view that sends faster than the host reads waits
//! ([`HostSender::send_async`]) or has its excess dropped and counted ([`HostSender::send`]).

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use serde_json::Value;
use tokio::sync::mpsc;

use crate::Error;

/// How many messages a [`ChannelPort`] holds each way.
///
/// A well-behaved view has at most a few requests in flight (the host runs at most
/// [`AppLimits::max_calls_in_flight`](crate::AppLimits::max_calls_in_flight) of its calls and
/// answers the rest at once) and a few notifications in a burst; 64 leaves a wide margin for
/// that while a view that floods the host is held back after 64 messages instead of growing a
/// queue without end.
pub const PORT_CAPACITY: usize = 64;

/// The host's end of a view: send host→view messages, receive view→host messages.
pub trait ViewPort: Send {
    /// Delivers a host→view message. `Err` when the view is gone. A bounded port that is full
    /// drops the message (counted, with a warning): callers that must not lose a message use
    /// [`Self::try_send`].
    fn send(&self, message: Value) -> Result<(), Error>;
    /// Delivers a host→view message if the port has room: [`Error::PortFull`] hands it back
    /// when the view has not read the messages before it, [`Error::ViewGone`] when the view is
    /// gone. The runtime sends this way and keeps what is handed back until there is room.
    /// By default [`Self::send`], for ports without a bound.
    fn try_send(&self, message: Value) -> Result<(), Error> {
        self.send(message)
    }
    /// How many more host→view messages [`Self::try_send`] takes now. The runtime reads a view's
    /// messages only while this leaves room for their answers, so a view that does not read
    /// its answers is not read either (backpressure). `usize::MAX` for a port without a bound.
    fn room(&self) -> usize {
        usize::MAX
    }
    /// The next view→host message if one is waiting; `Err` when the view is gone and nothing
    /// is left to read.
    fn try_recv(&mut self) -> Result<Option<Value>, Error>;
    /// Waits for the next view→host message; `None` when the view is gone. Must be cancel-safe
    /// (a message is never lost when the future is dropped before it is ready): the runtime
    /// waits on every view at once and drops the futures of the views that did not speak.
    fn recv(&mut self) -> std::pin::Pin<Box<dyn Future<Output = Option<Value>> + Send + '_>>;
    /// Why the view went away, when the port knows more than that it is gone (the bridge
    /// closed an app whose message was over its size limit). The runtime logs it with the
    /// closing.
    fn gone_reason(&self) -> Option<String> {
        None
    }
    /// Asks the port to apply the app's rates where its messages enter, before any queue
    /// (a [`Door`](crate::Door) with `limits`): a request over the rate answered there with
    /// the host's error, a notification over it dropped and counted. `true` when the port
    /// does so; the host then does not charge those messages again and reports what the port
    /// shed ([`Self::take_shed`]). Ports that read no faster than the host handles (the
    /// default) return `false` and the host applies the rates itself.
    fn meter(&mut self, limits: &crate::AppLimits) -> bool {
        let _ = limits;
        false
    }
    /// What the port shed since the last call (see [`Self::meter`]); the runtime asks on
    /// every tick and hands it to [`AppHost::shed_at_door`](crate::AppHost::shed_at_door).
    fn take_shed(&mut self) -> crate::Shed {
        crate::Shed::default()
    }
}

/// A view port made of two bounded channels: what every in-process view uses.
#[derive(Debug)]
pub struct ChannelPort {
    to_view: mpsc::Sender<Value>,
    from_view: mpsc::Receiver<Value>,
    /// Host→view messages [`ViewPort::send`] dropped on a full port.
    dropped: DropCount,
}

/// The view's end of a [`ChannelPort`].
#[derive(Debug)]
pub struct ViewEnd {
    /// Messages from the host.
    pub from_host: mpsc::Receiver<Value>,
    /// Messages to the host.
    pub to_host: HostSender,
}

impl ChannelPort {
    /// A connected pair holding [`PORT_CAPACITY`] messages each way: the host keeps the port,
    /// the view takes its end.
    pub fn pair() -> (Self, ViewEnd) {
        Self::with_capacity(PORT_CAPACITY)
    }

    /// A connected pair holding `capacity` messages each way (at least one).
    pub fn with_capacity(capacity: usize) -> (Self, ViewEnd) {
        let capacity = capacity.max(1);
        let (to_view, from_host) = mpsc::channel(capacity);
        let (to_host, from_view) = mpsc::channel(capacity);
        let to_host = HostSender {
            channel: to_host,
            dropped: Arc::new(DropCount::new("a view", capacity)),
        };
        let port = Self {
            to_view,
            from_view,
            dropped: DropCount::new("the host", capacity),
        };
        (port, ViewEnd { from_host, to_host })
    }
}

impl ViewPort for ChannelPort {
    fn send(&self, message: Value) -> Result<(), Error> {
        match self.try_send(message) {
            Ok(()) => Ok(()),
            Err(Error::PortFull(_)) => {
                self.dropped.add();
                Ok(())
            }
            Err(error) => Err(error),
        }
    }

    fn try_send(&self, message: Value) -> Result<(), Error> {
        self.to_view.try_send(message).map_err(Error::from)
    }

    fn room(&self) -> usize {
        self.to_view.capacity()
    }

    fn try_recv(&mut self) -> Result<Option<Value>, Error> {
        match self.from_view.try_recv() {
            Ok(m) => Ok(Some(m)),
            Err(mpsc::error::TryRecvError::Empty) => Ok(None),
            Err(mpsc::error::TryRecvError::Disconnected) => Err(Error::ViewGone),
        }
    }

    fn recv(&mut self) -> std::pin::Pin<Box<dyn Future<Output = Option<Value>> + Send + '_>> {
        Box::pin(self.from_view.recv())
    }
}

/// The view's way to the host: a bounded channel.
///
/// [`Self::send_async`] waits while the host is behind (backpressure: a view that floods is
/// slowed to the host's pace). [`Self::send`] never waits, for views that cannot (a card on
/// the GUI thread): a message that finds the port full is dropped, counted
/// ([`Self::dropped`]) and reported by a warning at most once a second.
#[derive(Debug, Clone)]
pub struct HostSender {
    channel: mpsc::Sender<Value>,
    dropped: Arc<DropCount>,
}

impl HostSender {
    /// Sends at once. When the host has not read the messages before it, the message is
    /// dropped (counted, warned about) and handed back as [`Error::PortFull`].
    pub fn send(&self, message: Value) -> Result<(), Error> {
        let sent = self.channel.try_send(message).map_err(Error::from);
        if matches!(sent, Err(Error::PortFull(_))) {
            self.dropped.add();
        }
        sent
    }

    /// Sends, waiting while the port is full. `Err` when the host let the view go.
    pub async fn send_async(&self, message: Value) -> Result<(), Error> {
        self.channel
            .send(message)
            .await
            .map_err(|_| Error::ViewGone)
    }

    /// How many messages [`Self::send`] dropped because the port was full.
    pub fn dropped(&self) -> u64 {
        self.dropped.count.load(Ordering::Relaxed)
    }
}

/// How often a view's dropped messages are reported at most.
const DROP_WARNING_EVERY: Duration = Duration::from_secs(1);

/// Messages a bounded channel dropped, and when that was last reported.
#[derive(Debug, Default)]
struct DropCount {
    count: AtomicU64,
    warned_at: Mutex<Option<Instant>>,
    /// Whose messages they are, for the warning.
    sender: &'static str,
    /// The channel's size, for the warning.
    capacity: usize,
}

impl DropCount {
    fn new(sender: &'static str, capacity: usize) -> Self {
        Self {
            sender,
            capacity,
            ..Self::default()
        }
    }

    fn add(&self) {
        let total = self.count.fetch_add(1, Ordering::Relaxed) + 1;
        let now = Instant::now();
        let mut warned_at = self
            .warned_at
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if warned_at.is_none_or(|at| now.duration_since(at) >= DROP_WARNING_EVERY) {
            *warned_at = Some(now);
            tracing::warn!(
                sender = self.sender,
                total,
                capacity = self.capacity,
                "a port is full (its reader is behind): messages were dropped"
            );
        }
    }
}
