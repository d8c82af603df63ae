//! A card as a view of the host: the card session and its end of the channel port, whether a
//! window draws it or it runs headless.

use mcpapp_host::{CardSession, ViewEnd};
use serde_json::Value;
use tokio::sync::mpsc::error::TryRecvError;

/// A card session connected to the host.
pub struct CardPeer {
    /// The session: the card, its values, what the user did.
    pub session: CardSession,
    end: ViewEnd,
}

impl CardPeer {
    /// Connects `session` through `end` and sends its `ui/initialize`.
    pub fn start(mut session: CardSession, end: ViewEnd) -> Self {
        let first = session.start();
        let peer = Self { session, end };
        peer.send(first);
        peer
    }

    /// Sends the session's messages to the host (a host that has let go drops them).
    pub fn send(&self, messages: Vec<Value>) {
        for message in messages {
            let _ = self.end.to_host.send(message);
        }
    }

    /// Gives the host's waiting messages to the session and sends its replies; `false` once
    /// the host has let the view go.
    pub fn pump(&mut self) -> bool {
        loop {
            match self.end.from_host.try_recv() {
                Ok(message) => {
                    let replies = self.session.on_host_message(&message);
                    self.send(replies);
                }
                Err(TryRecvError::Empty) => return true,
                Err(TryRecvError::Disconnected) => return false,
            }
        }
    }
}
