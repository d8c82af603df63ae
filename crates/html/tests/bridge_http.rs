//! The bridge's checks over raw HTTP and WebSocket, without a browser: token, `Host`,
//! `Origin`, one session, the headers of every response, and the handshake it answers itself.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

mod support;

use std::fmt::Write as _;
use std::time::Duration;

use futures_util::{SinkExt as _, StreamExt as _};
use mcpapp_host::{Error, ViewPort};
use mcpapp_html::{BridgeOptions, HtmlResource, LocalBridge};
use mcpapp_protocol::ResourceCsp;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message as WsMessage;

const KEY: &str = "dGhlIHNhbXBsZSBub25jZQ==";

async fn bridge() -> LocalBridge {
    LocalBridge::start(
        HtmlResource::new("<!doctype html><p>app</p>").with_csp(ResourceCsp {
            connect_domains: Some(vec![
                "https://api.example.com".into(),
                "https://a.com; script-src *".into(),
            ]),
            ..ResourceCsp::default()
        }),
        BridgeOptions::default(),
    )
    .await
    .unwrap()
}

fn token(bridge: &LocalBridge) -> String {
    bridge.url().split_once("token=").unwrap().1.to_owned()
}

fn authority(origin: &str) -> &str {
    origin.strip_prefix("http://").unwrap()
}

/// A raw response: status, headers (lowercase names), and the open stream.
struct Raw {
    status: u16,
    headers: Vec<(String, String)>,
    body_start: String,
    stream: TcpStream,
}

impl Raw {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Sends one GET with exactly these headers to `authority` and reads the response head.
async fn get(authority: &str, path: &str, headers: &[(&str, &str)]) -> Raw {
    let mut stream = TcpStream::connect(authority).await.unwrap();
    let mut request = format!("GET {path} HTTP/1.1\r\n");
    for (name, value) in headers {
        write!(request, "{name}: {value}\r\n").unwrap();
    }
    request.push_str("\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut buffer = Vec::new();
    let mut chunk = [0_u8; 4096];
    while !buffer.windows(4).any(|w| w == b"\r\n\r\n") {
        let n = tokio::time::timeout(Duration::from_secs(5), stream.read(&mut chunk))
            .await
            .expect("a response")
            .unwrap();
        assert!(n > 0, "the connection closed without a response");
        buffer.extend_from_slice(&chunk[..n]);
    }
    let text = String::from_utf8_lossy(&buffer).into_owned();
    let (head, body_start) = text.split_once("\r\n\r\n").unwrap();
    let mut lines = head.lines();
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    Raw {
        status,
        headers,
        body_start: body_start.to_owned(),
        stream,
    }
}

/// A WebSocket upgrade request's headers, with `origin` if given.
fn upgrade<'a>(host: &'a str, origin: Option<&'a str>) -> Vec<(&'a str, &'a str)> {
    let mut headers = vec![
        ("Host", host),
        ("Connection", "Upgrade"),
        ("Upgrade", "websocket"),
        ("Sec-WebSocket-Version", "13"),
        ("Sec-WebSocket-Key", KEY),
    ];
    if let Some(origin) = origin {
        headers.push(("Origin", origin));
    }
    headers
}

#[tokio::test]
async fn the_host_page_needs_the_token() {
    let bridge = bridge().await;
    let host = authority(bridge.host_origin()).to_owned();
    let token = token(&bridge);
    for path in [
        "/host".to_owned(),
        "/host?token=".to_owned(),
        "/host?token=00".to_owned(),
        format!("/host?token={}", "0".repeat(64)),
        format!("/host?token={}x", &token[..63]),
        format!("/host?tok={token}"),
    ] {
        let response = get(&host, &path, &[("Host", &host)]).await;
        assert_eq!(response.status, 401, "{path}");
        assert_eq!(response.header("referrer-policy"), Some("no-referrer"));
    }
    let page = get(&host, &format!("/host?token={token}"), &[("Host", &host)]).await;
    assert_eq!(page.status, 200);
    assert_eq!(page.header("referrer-policy"), Some("no-referrer"));
    let policy = page.header("content-security-policy").unwrap();
    assert!(
        policy.contains(&format!("connect-src ws://{host}")),
        "{policy}"
    );
    assert!(
        policy.contains(&format!("frame-src {}", bridge.proxy_origin())),
        "{policy}"
    );
    assert!(policy.contains("frame-ancestors 'none'"), "{policy}");
    assert!(policy.contains("default-src 'none'"), "{policy}");
    assert!(!policy.contains("unsafe-inline"), "{policy}");
    assert!(
        page.header("content-type")
            .unwrap()
            .starts_with("text/html")
    );
}

#[tokio::test]
async fn the_proxy_page_holds_no_secret_and_names_the_host_origin() {
    let bridge = bridge().await;
    let proxy = authority(bridge.proxy_origin()).to_owned();
    let page = get(
        &proxy,
        "/proxy",
        &[("Host", &proxy), ("Connection", "close")],
    )
    .await;
    assert_eq!(page.status, 200);
    assert_eq!(page.header("referrer-policy"), Some("no-referrer"));
    assert_eq!(
        page.header("content-security-policy"),
        None,
        "the app frame would inherit it"
    );
    let mut body = page.body_start.clone();
    let mut stream = page.stream;
    stream.read_to_string(&mut body).await.unwrap();
    assert!(body.contains(bridge.host_origin()));
    assert!(!body.contains(&token(&bridge)));
    // The proxy origin serves nothing else, the host origin no proxy.
    let host = authority(bridge.host_origin()).to_owned();
    assert_eq!(get(&proxy, "/host", &[("Host", &proxy)]).await.status, 404);
    assert_eq!(get(&host, "/proxy", &[("Host", &host)]).await.status, 404);
}

#[tokio::test]
async fn a_foreign_host_header_is_refused() {
    let bridge = bridge().await;
    let host = authority(bridge.host_origin()).to_owned();
    let proxy = authority(bridge.proxy_origin()).to_owned();
    let token = token(&bridge);
    let port = host.split_once(':').unwrap().1;
    let with_token = format!("/host?token={token}");
    for foreign in [
        "evil.example".to_owned(),
        format!("evil.example:{port}"),
        format!("localhost:{port}"),
        proxy.clone(),
        "127.0.0.1".to_owned(),
    ] {
        let response = get(&host, &with_token, &[("Host", &foreign)]).await;
        assert_eq!(response.status, 421, "Host: {foreign}");
        assert_eq!(response.header("referrer-policy"), Some("no-referrer"));
        let ws = get(
            &host,
            &format!("/ws?token={token}"),
            &upgrade(&foreign, Some(bridge.host_origin())),
        )
        .await;
        assert_eq!(ws.status, 421, "WebSocket with Host: {foreign}");
    }
    assert_eq!(get(&host, &with_token, &[]).await.status, 421, "no Host");
    assert_eq!(
        get(&proxy, "/proxy", &[("Host", &host)]).await.status,
        421,
        "the proxy wants its own authority"
    );
    assert_eq!(bridge.stats().refused, 12);
}

#[tokio::test]
async fn the_websocket_needs_the_token_and_the_host_origin() {
    let bridge = bridge().await;
    let host = authority(bridge.host_origin()).to_owned();
    let token = token(&bridge);
    let origin = bridge.host_origin().to_owned();
    for path in ["/ws".to_owned(), "/ws?token=nope".to_owned()] {
        let response = get(&host, &path, &upgrade(&host, Some(&origin))).await;
        assert_eq!(response.status, 401, "{path}");
    }
    let path = format!("/ws?token={token}");
    let foreign = [
        None,
        Some("http://evil.example"),
        Some("null"),
        Some(bridge.proxy_origin()),
        Some("http://localhost"),
    ];
    for origin in foreign {
        let response = get(&host, &path, &upgrade(&host, origin)).await;
        assert_eq!(response.status, 403, "Origin: {origin:?}");
        assert_eq!(response.header("referrer-policy"), Some("no-referrer"));
    }
    let first = get(&host, &path, &upgrade(&host, Some(&origin))).await;
    assert_eq!(first.status, 101);
}

#[tokio::test]
async fn only_one_session_ever_runs() {
    let mut bridge = bridge().await;
    let host = authority(bridge.host_origin()).to_owned();
    let path = format!("/ws?token={}", token(&bridge));
    let origin = bridge.host_origin().to_owned();
    let first = get(&host, &path, &upgrade(&host, Some(&origin))).await;
    assert_eq!(first.status, 101);
    let second = get(&host, &path, &upgrade(&host, Some(&origin))).await;
    assert_eq!(second.status, 409);
    assert_eq!(second.header("referrer-policy"), Some("no-referrer"));
    // The page goes: the view is gone, and no page can take its place.
    drop(first);
    let gone = tokio::time::timeout(Duration::from_secs(5), bridge.recv())
        .await
        .unwrap();
    assert_eq!(gone, None);
    assert!(matches!(bridge.try_recv(), Err(Error::ViewGone)));
    assert!(matches!(
        bridge.send(json!({"jsonrpc": "2.0", "method": "x"})),
        Err(Error::ViewGone)
    ));
    let third = get(&host, &path, &upgrade(&host, Some(&origin))).await;
    assert_eq!(third.status, 410);
    assert!(bridge.stats().ended);
}

/// A WebSocket client speaking as the host page would.
async fn page_socket(
    bridge: &LocalBridge,
) -> tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>> {
    let request = support::page_socket_request(bridge);
    tokio_tungstenite::connect_async(request).await.unwrap().0
}

async fn next_json(
    socket: &mut tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>,
) -> Value {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(5), socket.next())
            .await
            .expect("a message")
            .unwrap()
            .unwrap();
        if let WsMessage::Text(text) = message {
            return serde_json::from_str(text.as_str()).unwrap();
        }
    }
}

/// A page socket whose proxy said it is ready, and the bridge's answer (the resource).
async fn proxy_ready(
    bridge: &LocalBridge,
) -> (
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>,
    Value,
) {
    let mut socket = page_socket(bridge).await;
    socket
        .send(text(&json!({"jsonrpc": "2.0", "method": "ui/notifications/sandbox-proxy-ready", "params": {}})))
        .await
        .unwrap();
    let ready = next_json(&mut socket).await;
    assert_eq!(ready["method"], "ui/notifications/sandbox-resource-ready");
    (socket, ready)
}

fn text(value: &Value) -> WsMessage {
    WsMessage::Text(value.to_string().into())
}

#[tokio::test]
async fn the_bridge_answers_the_handshake_and_keeps_it_off_the_port() {
    let mut bridge = bridge().await;
    // The host speaks early: held until the proxy has the app.
    bridge
        .send(json!({"jsonrpc": "2.0", "method": "ui/notifications/tool-input", "params": {}}))
        .unwrap();
    // The host side cannot speak the handshake.
    bridge
        .send(
            json!({"jsonrpc": "2.0", "method": "ui/notifications/sandbox-resource-ready",
            "params": {"html": "<p>forged</p>"}}),
        )
        .unwrap();
    let (mut socket, ready) = proxy_ready(&bridge).await;
    assert_eq!(ready["params"]["html"], "<!doctype html><p>app</p>");
    assert_eq!(
        ready["params"]["csp"],
        json!({"connectDomains": ["https://api.example.com"]}),
        "the injection attempt is not passed on"
    );
    let policy = ready["params"]["cspPolicy"].as_str().unwrap();
    assert!(
        policy.contains("connect-src 'self' https://api.example.com;"),
        "{policy}"
    );
    assert!(!policy.contains("a.com"), "{policy}");
    // Then the held message, and nothing forged.
    let held = next_json(&mut socket).await;
    assert_eq!(held["method"], "ui/notifications/tool-input");

    // From the page: forged and repeated handshake messages stop at the bridge.
    for method in [
        "ui/notifications/sandbox-proxy-ready",
        "ui/notifications/sandbox-resource-ready",
        "ui/notifications/sandbox-anything",
    ] {
        socket
            .send(text(
                &json!({"jsonrpc": "2.0", "method": method, "params": {}}),
            ))
            .await
            .unwrap();
    }
    socket
        .send(WsMessage::Text("not json".into()))
        .await
        .unwrap();
    let init = json!({"jsonrpc": "2.0", "id": 1, "method": "ui/initialize", "params": {}});
    socket.send(text(&init)).await.unwrap();
    let first = tokio::time::timeout(Duration::from_secs(5), bridge.recv())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(first, init, "only the app's message reaches the port");
    assert!(matches!(bridge.try_recv(), Ok(None)));
    let stats = bridge.stats();
    assert_eq!(stats.proxy_ready, 2);
    assert_eq!(stats.internal_dropped, 4);
    assert_eq!(stats.malformed, 1);
    assert!(stats.resource_ready_at.is_some());

    // After a reply the page sees it unchanged.
    let reply = json!({"jsonrpc": "2.0", "id": 1, "result": {"protocolVersion": "2026-01-26"}});
    bridge.send(reply.clone()).unwrap();
    assert_eq!(next_json(&mut socket).await, reply);

    // Dropping the bridge ends the session: the page's socket closes.
    drop(bridge);
    let end = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            match socket.next().await {
                None | Some(Err(_) | Ok(WsMessage::Close(_))) => break,
                Some(Ok(_)) => {}
            }
        }
    })
    .await;
    assert!(end.is_ok(), "the socket closes when the bridge is dropped");
}

#[tokio::test]
async fn a_save_state_too_deep_to_read_is_answered_not_lost() {
    let bridge = bridge().await;
    let (mut socket, _) = proxy_ready(&bridge).await;
    // 1,000 levels: more than JSON is read to here.
    let deep = format!(
        r#"{{"jsonrpc":"2.0","method":"ui/notifications/save-state","params":{{"state":{}1{}}}}}"#,
        "[".repeat(1000),
        "]".repeat(1000)
    );
    socket.send(WsMessage::Text(deep.into())).await.unwrap();
    let answer = next_json(&mut socket).await;
    assert_eq!(answer["method"], "ui/notifications/save-state-response");
    assert_eq!(answer["params"]["success"], false);
    assert!(
        answer["params"]["message"]
            .as_str()
            .unwrap()
            .contains("too deep"),
        "{answer}"
    );
    assert_eq!(bridge.stats().malformed, 1);
}
