//! The one WebSocket session with the host page: the handshake, then relaying.

use std::pin::Pin;
use std::sync::Arc;
use std::time::Instant;

use axum::extract::ws::{CloseFrame, Message as WsMessage, Utf8Bytes, WebSocket, close_code};
use mcpapp_host::{Admission, Shed};
use mcpapp_protocol::messages::{
    SandboxLimits, SandboxLimitsParams, SandboxProxyReady, SandboxShed, SandboxShedParams,
    SaveState, SaveStateResponse,
};
use mcpapp_protocol::{Message, Notification, SaveStateResponseParams, is_sandbox_method};
use serde_json::Value;
use tokio::sync::{mpsc, watch};

use super::{FromPage, Phase, Shared};

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

/// A message from the page on its way into the host's port (waiting for room).
type Forwarding = Pin<Box<dyn Future<Output = bool> + Send>>;

/// What reading the socket gave.
enum Read {
    /// A text message.
    Text(Utf8Bytes),
    /// Nothing for the host (a ping, a binary message).
    Skip,
    /// The session is over; with a close frame for the page when it failed on our side.
    End(Option<CloseFrame>),
}

/// Where the session stands with the page.
struct Flow {
    /// Whether the proxy has the app: the host's messages wait until it does (they would be
    /// lost before).
    resource_sent: bool,
    /// The proxy is ready but the app is not known yet (a warm page): it goes in when loaded.
    proxy_waiting: bool,
    /// A message of the page on its way into the host's port.
    forwarding: Option<Forwarding>,
    /// The app's resource, once loaded.
    loaded: watch::Receiver<Option<Arc<Value>>>,
    /// The limits the proxy applies to the page.
    limits: watch::Receiver<Option<SandboxLimitsParams>>,
}

/// Runs the session until the page goes, the socket fails or the bridge shuts down; then the
/// port's channels close (the host sees [`mcpapp_host::Error::ViewGone`]).
///
/// Backpressure: while a message of the page waits for room in the port (the host reads no
/// faster than it handles), the socket is not read, so the page's sends wait in the socket's
/// buffers rather than in ours. The host's messages keep flowing to the page meanwhile.
pub(super) async fn run(
    mut socket: WebSocket,
    shared: Arc<Shared>,
    mut to_page: mpsc::Receiver<Value>,
    from_page: mpsc::Sender<FromPage>,
) {
    shared.stats().connected_at = Some(Instant::now());
    let mut shutdown = shared.shutdown.clone();
    let mut flow = Flow {
        resource_sent: false,
        proxy_waiting: false,
        forwarding: None,
        loaded: shared.resource_ready.subscribe(),
        limits: shared.proxy_limits.subscribe(),
    };
    let mut close = None;
    loop {
        tokio::select! {
            _ = shutdown.changed() => break,
            passed = forwarded(&mut flow.forwarding), if flow.forwarding.is_some() => {
                flow.forwarding = None;
                if !passed {
                    // The bridge (the port's reader) is gone.
                    break;
                }
            }
            changed = flow.loaded.changed(), if flow.proxy_waiting => {
                if changed.is_err() {
                    break;
                }
                let Some(ready) = flow.loaded.borrow_and_update().clone() else { continue };
                flow.proxy_waiting = false;
                flow.resource_sent = true;
                if !send_app(&mut socket, &shared, &ready, &mut flow.limits).await {
                    break;
                }
            }
            changed = flow.limits.changed(), if flow.resource_sent => {
                let current = flow.limits.borrow_and_update().clone();
                if changed.is_err() || !send_limits(&mut socket, current.as_ref()).await {
                    break;
                }
            }
            () = held_due(&shared), if flow.forwarding.is_none() => {
                flow.forwarding = release_held(&shared, &from_page);
            }
            incoming = socket.recv(), if flow.forwarding.is_none() => {
                let text = match read(&shared, incoming) {
                    Read::Text(text) => text,
                    Read::Skip => continue,
                    Read::End(frame) => {
                        close = frame;
                        break;
                    }
                };
                if !page_said(&mut socket, &shared, &from_page, &text, &mut flow).await {
                    break;
                }
            }
            outgoing = to_page.recv(), if flow.resource_sent => {
                let Some(message) = outgoing else { break };
                if socket.send(WsMessage::Text(message.to_string().into())).await.is_err() {
                    break;
                }
            }
        }
    }
    wind_down(
        socket,
        &shared,
        to_page,
        from_page,
        flow.forwarding,
        shutdown,
        close,
    )
    .await;
}

/// One text message of the page: passed on to the host (held in `flow.forwarding` until the
/// port takes it), the app sent to a proxy that says it is ready, or answered at once.
/// `false` when the socket failed.
async fn page_said(
    socket: &mut WebSocket,
    shared: &Shared,
    from_page: &mpsc::Sender<FromPage>,
    text: &Utf8Bytes,
    flow: &mut Flow,
) -> bool {
    let answered = flow.resource_sent || flow.proxy_waiting;
    let answer = match classify(shared, text.as_str(), answered) {
        Incoming::Forward(message) => {
            flow.forwarding = Some(forward(shared, from_page, message, text.len()));
            return true;
        }
        Incoming::ProxyReady => {
            let ready = flow.loaded.borrow_and_update().clone();
            flow.proxy_waiting = ready.is_none();
            flow.resource_sent = ready.is_some();
            return match ready {
                Some(ready) => send_app(socket, shared, &ready, &mut flow.limits).await,
                None => true,
            };
        }
        Incoming::Answer(answer) if flow.resource_sent => answer,
        Incoming::Answer(_) | Incoming::Drop => return true,
    };
    socket
        .send(WsMessage::Text(answer.to_string().into()))
        .await
        .is_ok()
}

/// Ends the session: a message of the page still on its way (the page went while the port
/// was full) reaches the host rather than being lost, while what the host still sends
/// meanwhile has nowhere to go; then both directions close and the page is told.
async fn wind_down(
    mut socket: WebSocket,
    shared: &Shared,
    mut to_page: mpsc::Receiver<Value>,
    from_page: mpsc::Sender<FromPage>,
    forwarding: Option<Forwarding>,
    mut shutdown: watch::Receiver<bool>,
    close: Option<CloseFrame>,
) {
    if let Some(pending) = forwarding {
        let discard = async { while to_page.recv().await.is_some() {} };
        tokio::select! {
            _ = pending => {}
            () = discard => {}
            _ = shutdown.changed() => {}
        }
    }
    // Sending fails from now on, before reading reports the end: whoever sees the view gone
    // on one side sees it gone on the other.
    drop(to_page);
    end(shared);
    drop(from_page);
    let _ = socket.send(WsMessage::Close(close)).await;
}

/// Sends the app (`sandbox-resource-ready`) to the proxy, then the app's rates if the host
/// gave them already; `false` when the socket failed.
async fn send_app(
    socket: &mut WebSocket,
    shared: &Shared,
    ready: &Value,
    limits: &mut watch::Receiver<Option<SandboxLimitsParams>>,
) -> bool {
    shared.stats().resource_ready_at = Some(Instant::now());
    if socket
        .send(WsMessage::Text(ready.to_string().into()))
        .await
        .is_err()
    {
        return false;
    }
    let current = limits.borrow_and_update().clone();
    send_limits(socket, current.as_ref()).await
}

/// Tells the proxy the app's rates (`sandbox-limits`), if there are any; `false` when the
/// socket failed.
async fn send_limits(socket: &mut WebSocket, limits: Option<&SandboxLimitsParams>) -> bool {
    let Some(message) = limits.and_then(|l| Message::notification::<SandboxLimits>(l).ok()) else {
        return true;
    };
    socket
        .send(WsMessage::Text(message.to_value().to_string().into()))
        .await
        .is_ok()
}

/// The `size-changed` the door held back, on its way to the host now that the rate allows.
fn release_held(shared: &Shared, from_page: &mpsc::Sender<FromPage>) -> Option<Forwarding> {
    let held = shared
        .metering()
        .door
        .as_mut()
        .and_then(|door| door.release_held(Instant::now()))?;
    Some(forward(shared, from_page, held, 0))
}

/// Waits until a `size-changed` held back by the door may go on.
async fn held_due(shared: &Shared) {
    let due = shared
        .metering()
        .door
        .as_ref()
        .and_then(mcpapp_host::Door::held_due);
    match due {
        Some(at) => tokio::time::sleep_until(at.into()).await,
        None => std::future::pending().await,
    }
}

/// Waits for the message on its way into the port; `false` when the port's reader is gone.
async fn forwarded(forwarding: &mut Option<Forwarding>) -> bool {
    match forwarding {
        Some(future) => future.await,
        None => std::future::pending().await,
    }
}

/// Starts passing `message` (`bytes` long on the wire) into the port: it waits for its bytes
/// in the bridge's budget, then for a place in the channel.
fn forward(
    shared: &Shared,
    from_page: &mpsc::Sender<FromPage>,
    message: Value,
    bytes: usize,
) -> Forwarding {
    let budget = Arc::clone(&shared.budget);
    let from_page = from_page.clone();
    // A message is never larger than the limit, and the budget holds two of those.
    let bytes = u32::try_from(bytes.min(shared.max_message_bytes)).unwrap_or(u32::MAX);
    Box::pin(async move {
        let Ok(held) = budget.acquire_many_owned(bytes).await else {
            return false;
        };
        from_page.send(FromPage::new(message, held)).await.is_ok()
    })
}

/// One read of the socket, counted; a failure is the session's end, with its reason kept for
/// the host ([`BridgeStats::end_reason`](super::BridgeStats::end_reason)).
fn read(shared: &Shared, incoming: Option<Result<WsMessage, axum::Error>>) -> Read {
    match incoming {
        Some(Ok(WsMessage::Text(text))) => {
            shared.stats().from_page += 1;
            Read::Text(text)
        }
        Some(Ok(WsMessage::Binary(_))) => {
            shared.stats().malformed += 1;
            Read::Skip
        }
        Some(Ok(WsMessage::Ping(_) | WsMessage::Pong(_))) => Read::Skip,
        Some(Ok(WsMessage::Close(_))) | None => Read::End(None),
        Some(Err(error)) => {
            let (reason, frame) = failure(&error, shared.max_message_bytes);
            tracing::warn!(reason, "closed an app's session");
            shared.stats().end_reason = Some(reason);
            Read::End(frame)
        }
    }
}

/// Why the socket failed, in words for the host's log, and the close frame for the page.
fn failure(error: &axum::Error, max_message_bytes: usize) -> (String, Option<CloseFrame>) {
    let text = error.to_string();
    // tungstenite's "Message too long: N > MAX" (its error type is not reachable through
    // axum's): a message over the limit, refused from its header before it was read.
    if text.contains("too long") {
        let reason = format!(
            "the app sent a message over the limit of {max_message_bytes} bytes ({text}); its session was closed"
        );
        let frame = CloseFrame {
            code: close_code::SIZE,
            reason: Utf8Bytes::from_static("message too big"),
        };
        (reason, Some(frame))
    } else {
        (
            format!("the connection to the app's page failed: {text}"),
            None,
        )
    }
}

/// Marks the session over: no other will be accepted.
pub(super) fn end(shared: &Shared) {
    *shared.phase() = Phase::Ended;
    shared.stats().ended = true;
}

fn classify(shared: &Shared, text: &str, proxy_answered: bool) -> Incoming {
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
            if proxy_answered || stats.resource_ready_at.is_some() {
                stats.internal_dropped += 1;
                Incoming::Drop
            } else {
                Incoming::ProxyReady
            }
        }
        Some(SandboxShed::METHOD) => {
            proxy_shed(shared, &message);
            Incoming::Drop
        }
        Some(method) if is_sandbox_method(method) => {
            shared.stats().internal_dropped += 1;
            tracing::warn!(method, "dropped a sandbox notification from the page");
            Incoming::Drop
        }
        _ => admit(shared, message),
    }
}

/// The door: what is over the app's rates is answered or dropped here, as it is read.
fn admit(shared: &Shared, message: Value) -> Incoming {
    let admission = match &mut shared.metering().door {
        Some(door) => door.admit(&message, Instant::now()),
        None => Admission::Pass,
    };
    match admission {
        Admission::Pass => Incoming::Forward(message),
        Admission::Refuse(answer) => {
            shared.stats().shed.requests_refused += 1;
            Incoming::Answer(answer)
        }
        Admission::Drop => {
            shared.stats().shed.notifications_dropped += 1;
            Incoming::Drop
        }
    }
}

/// The proxy's count of what it shed (`sandbox-shed`), kept for the host. Only the proxy can
/// send it (it drops every `sandbox-*` message of the app), so its numbers are believed, but
/// not beyond what one report period could hold.
fn proxy_shed(shared: &Shared, message: &Value) {
    /// More than a page can post in the proxy's report period.
    const MOST: u64 = 100_000_000;
    let Some(params) = message
        .get("params")
        .and_then(|p| serde_json::from_value::<SandboxShedParams>(p.clone()).ok())
    else {
        shared.stats().malformed += 1;
        return;
    };
    let shed = Shed {
        requests_refused: params.requests_refused.min(MOST),
        notifications_dropped: params.notifications_dropped.min(MOST),
    };
    shared.metering().proxy_shed.add(shed);
    shared.stats().shed.add(shed);
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
