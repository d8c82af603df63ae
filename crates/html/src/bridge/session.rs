//! The one WebSocket session with the host page: the handshake, then relaying.

use std::sync::Arc;
use std::time::Instant;

use axum::extract::ws::{Message as WsMessage, WebSocket};
use mcpapp_protocol::messages::{SandboxProxyReady, SaveState, SaveStateResponse};
use mcpapp_protocol::{Message, Notification, SaveStateResponseParams, is_sandbox_method};
use serde_json::Value;
use tokio::sync::mpsc;

use super::{Phase, Shared};

/// What to do with one message from the page.
enum Incoming {
    /// Pass it to the host.
    Forward(Value),
    /// The proxy is ready: send it the resource.
    ProxyReady,
    /// Answer the page at once (the host could not be asked: the message was unreadable).
    Answer(Value),
    /// Drop it.
    Drop,
}

/// Runs the session until the page goes, the socket fails or the bridge shuts down; then the
/// port's channels close (the host sees [`mcpapp_host::ViewGone`]).
pub(super) async fn run(
    mut socket: WebSocket,
    shared: Arc<Shared>,
    mut to_page: mpsc::UnboundedReceiver<Value>,
    from_page: mpsc::UnboundedSender<Value>,
) {
    shared.stats().connected_at = Some(Instant::now());
    let mut shutdown = shared.shutdown.clone();
    // The host's messages wait until the proxy has the app; they would be lost before.
    let mut resource_sent = false;
    loop {
        tokio::select! {
            _ = shutdown.changed() => break,
            incoming = socket.recv() => {
                let text = match incoming {
                    Some(Ok(WsMessage::Text(text))) => text,
                    Some(Ok(WsMessage::Binary(_))) => {
                        shared.stats().malformed += 1;
                        continue;
                    }
                    Some(Ok(WsMessage::Ping(_) | WsMessage::Pong(_))) => continue,
                    Some(Ok(WsMessage::Close(_)) | Err(_)) | None => break,
                };
                match classify(&shared, text.as_str(), resource_sent) {
                    Incoming::Forward(message) => {
                        if from_page.send(message).is_err() {
                            // The bridge (the port's reader) is gone.
                            break;
                        }
                    }
                    Incoming::ProxyReady => {
                        let reply = shared.resource_ready.to_string();
                        if socket.send(WsMessage::Text(reply.into())).await.is_err() {
                            break;
                        }
                        resource_sent = true;
                        shared.stats().resource_ready_at = Some(Instant::now());
                    }
                    Incoming::Answer(answer) => {
                        if resource_sent
                            && socket.send(WsMessage::Text(answer.to_string().into())).await.is_err()
                        {
                            break;
                        }
                    }
                    Incoming::Drop => {}
                }
            }
            outgoing = to_page.recv(), if resource_sent => {
                let Some(message) = outgoing else { break };
                if socket.send(WsMessage::Text(message.to_string().into())).await.is_err() {
                    break;
                }
            }
        }
    }
    // Sending fails from now on, before reading reports the end: whoever sees the view gone
    // on one side sees it gone on the other.
    drop(to_page);
    end(&shared);
    drop(from_page);
    let _ = socket.send(WsMessage::Close(None)).await;
}

/// Marks the session over: no other will be accepted.
pub(super) fn end(shared: &Shared) {
    *shared.phase() = Phase::Ended;
    shared.stats().ended = true;
}

fn classify(shared: &Shared, text: &str, resource_sent: bool) -> Incoming {
    let message = match serde_json::from_str::<Value>(text) {
        Ok(message) => message,
        Err(e) => {
            shared.stats().malformed += 1;
            tracing::warn!("dropped a message from the page that is not JSON: {e}");
            return too_deep_save(&e, text).map_or(Incoming::Drop, Incoming::Answer);
        }
    };
    let method = message.get("method").and_then(Value::as_str);
    match method {
        Some(SandboxProxyReady::METHOD) => {
            let mut stats = shared.stats();
            stats.proxy_ready += 1;
            if resource_sent || stats.resource_ready_at.is_some() {
                stats.internal_dropped += 1;
                Incoming::Drop
            } else {
                Incoming::ProxyReady
            }
        }
        Some(method) if is_sandbox_method(method) => {
            shared.stats().internal_dropped += 1;
            tracing::warn!(method, "dropped a sandbox notification from the page");
            Incoming::Drop
        }
        _ => Incoming::Forward(message),
    }
}

/// A `save-state` nested deeper than JSON can be read here (serde's recursion limit) never
/// reaches the host, which would have answered it: the app is told its state was not saved
/// instead of waiting for an answer that never comes. The method is looked for in the text,
/// since the message itself cannot be read.
fn too_deep_save(error: &serde_json::Error, text: &str) -> Option<Value> {
    let too_deep = error.to_string().contains("recursion limit");
    (too_deep && text.contains(SaveState::METHOD))
        .then(|| {
            Message::notification::<SaveStateResponse>(&SaveStateResponseParams {
                success: false,
                message: Some("the state nests too deep to be read; it was not saved".to_owned()),
            })
            .ok()
        })
        .flatten()
        .map(|m| m.to_value())
}
