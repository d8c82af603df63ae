//! The bridge's bounds, over a raw WebSocket without a browser: a message over the size limit
//! closes that app's session (with its reason for the host) and nothing else, and a page that
//! sends faster than the host reads is read no faster than the host takes its messages,
//! losing none; a bridge the host meters sheds a flood over the app's rates as it reads.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

mod support;

use std::time::Duration;

use futures_util::{SinkExt as _, StreamExt as _};
use mcpapp_host::{AppLimits, PORT_CAPACITY, ViewPort};
use mcpapp_html::{BridgeOptions, HtmlResource, LocalBridge};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message as WsMessage;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

async fn bridge() -> LocalBridge {
    LocalBridge::start(
        HtmlResource::new("<!doctype html><p>app</p>"),
        BridgeOptions::default(),
    )
    .await
    .unwrap()
}

/// A WebSocket client speaking as the host page would, past the proxy handshake.
async fn page(bridge: &LocalBridge) -> Socket {
    let request = support::page_socket_request(bridge);
    let (mut socket, _) = tokio_tungstenite::connect_async_with_config(request, None, false)
        .await
        .unwrap();
    let ready =
        json!({"jsonrpc": "2.0", "method": "ui/notifications/sandbox-proxy-ready", "params": {}});
    socket.send(text(&ready)).await.unwrap();
    let answer = tokio::time::timeout(Duration::from_secs(5), socket.next())
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    assert!(answer.to_text().unwrap().contains("sandbox-resource-ready"));
    socket
}

fn text(value: &Value) -> WsMessage {
    WsMessage::Text(value.to_string().into())
}

/// A log notification whose text makes the message about `bytes` long.
fn padded(n: usize, bytes: usize) -> Value {
    json!({"jsonrpc": "2.0", "method": "notifications/message",
        "params": {"level": "info", "data": format!("{n:08}{}", "x".repeat(bytes))}})
}

async fn recv(bridge: &mut LocalBridge) -> Option<Value> {
    tokio::time::timeout(Duration::from_secs(10), bridge.recv())
        .await
        .expect("the port answers")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_message_over_the_limit_closes_that_app_with_its_reason_and_nothing_else() {
    let mut other = bridge().await;
    let mut other_page = page(&other).await;
    let mut bridge = bridge().await;
    let mut socket = page(&bridge).await;

    let limit = BridgeOptions::DEFAULT_MAX_MESSAGE_BYTES;
    assert_eq!(limit, 4 * 1024 * 1024);
    // Sent whole, as one frame, a little over the limit.
    let _ = socket.send(text(&padded(0, limit))).await;
    assert_eq!(recv(&mut bridge).await, None, "the app's view is gone");
    let reason = bridge.gone_reason().expect("a reason");
    assert!(
        reason.contains("over the limit of 4194304 bytes"),
        "{reason}"
    );
    assert_eq!(bridge.stats().end_reason.as_deref(), Some(reason.as_str()));
    // The page is told why, in the close frame.
    let closed = tokio::time::timeout(Duration::from_secs(5), async {
        while let Some(message) = socket.next().await {
            if let Ok(WsMessage::Close(frame)) = message {
                return frame.map(|f| f.code);
            }
        }
        None
    })
    .await
    .unwrap();
    assert_eq!(closed, Some(CloseCode::Size));

    // The other app goes on, and a message just under the limit still passes there.
    other_page
        .send(text(&padded(1, limit - 1024)))
        .await
        .unwrap();
    let message = recv(&mut other).await.unwrap();
    assert_eq!(message["params"]["level"], "info");
    let reply = json!({"jsonrpc": "2.0", "id": 1, "result": {}});
    other.send(reply.clone()).unwrap();
    let echoed = tokio::time::timeout(Duration::from_secs(5), other_page.next())
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    assert_eq!(echoed.to_text().unwrap(), reply.to_string());
}

/// Waits until the bridge has read `at_least` messages from the page after the handshake,
/// then a little more, and returns how many it has read.
async fn read_settles(bridge: &LocalBridge, at_least: u64) -> u64 {
    // The handshake's `sandbox-proxy-ready` was read from the page too.
    let read = || bridge.stats().from_page - 1;
    tokio::time::timeout(Duration::from_secs(10), async {
        while read() < at_least {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await
    .expect("the bridge reads up to its bound");
    // Had it no bound, it would go on reading meanwhile.
    tokio::time::sleep(Duration::from_millis(300)).await;
    read()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_is_read_no_faster_than_the_host_takes_its_messages() {
    let mut bridge = bridge().await;
    let mut socket = page(&bridge).await;
    let total = 1000;
    let sender = tokio::spawn(async move {
        for n in 0..total {
            socket.send(text(&padded(n, 10))).await.unwrap();
        }
        socket
    });
    // The port holds its capacity; one more waits for room; the socket is not read further.
    let bound = PORT_CAPACITY as u64 + 1;
    assert_eq!(read_settles(&bridge, bound).await, bound);
    // Nothing is lost: the host gets all of them, in order, as it reads.
    for n in 0..total {
        let message = recv(&mut bridge).await.unwrap();
        assert!(
            message["params"]["data"]
                .as_str()
                .unwrap()
                .starts_with(&format!("{n:08}")),
            "{n}"
        );
    }
    assert_eq!(bridge.stats().from_page, total as u64 + 1);
    drop(sender.await.unwrap());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn large_messages_waiting_for_the_host_are_bounded_in_bytes_too() {
    let mut bridge = bridge().await;
    let mut socket = page(&bridge).await;
    let large = 3 * 1024 * 1024;
    let sender = tokio::spawn(async move {
        for n in 0..6 {
            socket.send(text(&padded(n, large))).await.unwrap();
        }
        socket
    });
    // Two of the largest fit the budget (8 MiB); the third waits for it, the rest unread.
    assert_eq!(read_settles(&bridge, 3).await, 3);
    for n in 0..6 {
        let message = recv(&mut bridge).await.unwrap();
        assert!(
            message["params"]["data"]
                .as_str()
                .unwrap()
                .starts_with(&format!("{n:08}"))
        );
    }
    drop(sender.await.unwrap());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_metered_bridge_sheds_a_flood_as_it_reads_and_hears_the_page_again_at_once() {
    let mut bridge = bridge().await;
    assert!(
        bridge.meter(&AppLimits::default()),
        "the bridge takes the door"
    );
    let mut page = page(&bridge).await;
    // The proxy is told the same rates, right after the app.
    let limits = tokio::time::timeout(Duration::from_secs(5), page.next())
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    let limits: Value = serde_json::from_str(limits.to_text().unwrap()).unwrap();
    assert_eq!(limits["method"], "ui/notifications/sandbox-limits");
    assert_eq!(
        limits["params"]["requests"],
        json!({"burst": 40, "perSecond": 20})
    );
    // 2,000 requests and 20,000 notifications as fast as the socket takes them.
    let (done_tx, done) = tokio::sync::oneshot::channel::<()>();
    // The page writes and reads at once, as a browser does.
    let (mut sink, mut stream) = page.split();
    let writer = tokio::spawn(async move {
        for n in 0..2_000 {
            let ping = json!({"jsonrpc": "2.0", "id": n, "method": "ping"});
            sink.feed(text(&ping)).await.unwrap();
            for k in 0..10 {
                sink.feed(text(&padded(n * 10 + k, 10))).await.unwrap();
            }
        }
        sink.flush().await.unwrap();
        sink
    });
    let page = tokio::spawn(async move {
        // Refusals come back on the socket at once, naming the limit.
        let mut refused = 0;
        while refused < 1_500 {
            let answer = tokio::time::timeout(Duration::from_secs(10), stream.next())
                .await
                .expect("refusals come at once")
                .unwrap()
                .unwrap();
            let answer: Value = serde_json::from_str(answer.to_text().unwrap()).unwrap();
            if answer.get("error").is_some() {
                assert!(
                    answer["error"]["message"].as_str().unwrap().contains(
                        "rate limit: at most 20 requests a second per app (bursts of 40)"
                    ),
                    "{answer}"
                );
                refused += 1;
            }
        }
        // Once the bridge has read the whole flood (no refusal for 300 ms) and a token's time
        // has passed, the page speaks once more.
        while let Ok(Some(_)) =
            tokio::time::timeout(Duration::from_millis(300), stream.next()).await
        {}
        let mut sink = writer.await.unwrap();
        tokio::time::sleep(Duration::from_millis(100)).await;
        let said = json!({"jsonrpc": "2.0", "id": "said", "method": "ui/message", "params": {}});
        sink.send(text(&said)).await.unwrap();
        let _ = done.await;
        drop((sink, stream));
    });
    // The host reads as it goes: the page's message after the flood comes behind at most what
    // the rates let through, not behind the flood.
    let mut before = 0;
    loop {
        let message = recv(&mut bridge).await.expect("the page's messages");
        if message["id"] == "said" {
            break;
        }
        before += 1;
    }
    let _ = done_tx.send(());
    page.await.unwrap();
    assert!(
        before <= 2 * PORT_CAPACITY + 400,
        "{before} messages of the flood were let through ahead of it"
    );
    let shed = bridge.take_shed();
    assert!(shed.requests_refused >= 1_500, "{shed:?}");
    assert!(shed.notifications_dropped >= 15_000, "{shed:?}");
    assert_eq!(bridge.stats().shed, shed, "the stats count the same");
    assert!(bridge.take_shed().is_empty(), "counted once");
}
