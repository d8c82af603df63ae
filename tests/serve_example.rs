#![cfg(test)] // clippy.toml's allowances for tests hold in every function here
//! `mcpapp serve-example flights` as a child process, driven by the host's rmcp client over
//! stdio and streamable HTTP: what a card client and a plain client see, the reference flow
//! end to end, and every tampering refused with its reason while nothing is executed.

mod support;
use support::JsonAnswers as _;

use mcpapp_card::{Action, Card, InputValue, InputValues, parse_value, prepare_submit, tool_call};
use mcpapp_host::mcp::McpConnection;
use serde_json::{Map, Value, json};
use support::{HttpServer, args, connect_to, connect_with, names};

async fn connect(mime_types: &[&str]) -> McpConnection {
    connect_to("flights", mime_types).await
}

async fn card_client() -> McpConnection {
    connect(&[
        mcpapp_protocol::HTML_MIME_TYPE,
        mcpapp_protocol::CARD_MIME_TYPE,
    ])
    .await
}

/// The card in a result's `structuredContent`, parsed as a host would.
fn card_of(result: &Value) -> Card {
    let parsed = parse_value(result["structuredContent"].clone());
    assert!(parsed.is_valid(), "{:?}", parsed.diagnostics);
    parsed.card.unwrap()
}

/// What the card's submit button sends when the user typed `reason`, as a card host builds it.
fn submit(card: &Card, reason: &str) -> (String, Map<String, Value>) {
    let action: &Action = &card.actions[0];
    let mut values = InputValues::initial(card);
    values.set("cancellationReason", InputValue::Text(reason.to_owned()));
    let payload = prepare_submit(&[card], action, &values).unwrap();
    let call = tool_call(action, payload).unwrap();
    (call.name, call.arguments)
}

async fn bookings(server: &McpConnection) -> String {
    let result = server.call_json("bookings", Map::new()).await.unwrap();
    result["content"][0]["text"].as_str().unwrap().to_owned()
}

/// The whole result of asking for `booking_id`'s cancellation.
async fn request_cancellation(server: &McpConnection, booking_id: &str) -> Value {
    server
        .call_json(
            "request_cancellation_reason",
            args(json!({"booking_id": booking_id})),
        )
        .await
        .unwrap()
}

async fn request_card(server: &McpConnection, booking_id: &str) -> Card {
    card_of(&request_cancellation(server, booking_id).await)
}

/// Calls and expects a refusal with `reason` in the error's data.
async fn refused(server: &McpConnection, tool: &str, arguments: Map<String, Value>) -> Value {
    let error = server.call_json(tool, arguments).await.unwrap_err();
    let error = error.to_jsonrpc_error();
    assert_eq!(error.code, -32602, "{error:?}");
    error.data.unwrap_or(Value::Null)
}

#[tokio::test]
async fn card_and_plain_clients_see_the_right_tools_and_results() {
    let cards = card_client().await;
    assert_eq!(
        names(&cards),
        [
            "bookings",
            "confirm_cancellation",
            "request_cancellation_reason"
        ]
    );
    let result = request_cancellation(&cards, "FL-12345-ABC").await;
    let card = card_of(&result);
    let resource = &result["content"][1]["resource"];
    assert_eq!(resource["mimeType"], mcpapp_protocol::CARD_MIME_TYPE);
    let embedded = mcpapp_card::parse_str(resource["text"].as_str().unwrap());
    assert_eq!(embedded.card, Some(card));
    let text = result["content"][0]["text"].as_str().unwrap();
    assert!(
        text.starts_with("Please provide a reason for the flight cancellation."),
        "{text}"
    );
    assert!(
        text.contains("- Reason (`cancellationReason`): text; required"),
        "{text}"
    );
    assert!(
        text.contains("- Confirm Cancellation: calls `confirm_cancellation`"),
        "{text}"
    );
    cards.close().await;

    // A client without UI: text, and no tool only the card calls.
    let plain = connect(&[]).await;
    assert_eq!(names(&plain), ["bookings", "request_cancellation_reason"]);
    let result = request_cancellation(&plain, "FL-12345-ABC").await;
    assert!(result.get("structuredContent").is_none(), "{result}");
    assert_eq!(result["content"].as_array().unwrap().len(), 1);
    let data = refused(&plain, "confirm_cancellation", Map::new()).await;
    assert_eq!(data, Value::Null);
    plain.close().await;

    // A client that shows only HTML apps: the same card, in the card app.
    let html = connect(&[mcpapp_protocol::HTML_MIME_TYPE]).await;
    assert_eq!(
        names(&html),
        [
            "bookings",
            "confirm_cancellation",
            "request_cancellation_reason"
        ]
    );
    let request = html
        .tools()
        .into_iter()
        .find(|t| t.name == "request_cancellation_reason")
        .unwrap();
    assert_eq!(
        request.ui_resource_uri().as_deref(),
        Some(mcpapp_server::CARD_APP_URI)
    );
    let result = request_cancellation(&html, "FL-12345-ABC").await;
    assert!(result.get("structuredContent").is_some(), "{result}");
    html.close().await;
}

#[tokio::test]
async fn reference_flow_end_to_end() {
    let server = card_client().await;
    let card = request_card(&server, "FL-12345-ABC").await;
    let (tool, arguments) = submit(&card, "change in travel plans");
    assert_eq!(tool, "confirm_cancellation");
    let result = server.call_json(&tool, arguments).await.unwrap();
    let confirmation = card_of(&result);
    let text = mcpapp_server::text_fallback(&confirmation);
    assert!(text.starts_with("Flight cancelled"), "{text}");
    assert!(text.contains("Reason: change in travel plans"), "{text}");
    assert!(
        bookings(&server)
            .await
            .contains("FL-12345-ABC SFO → JFK: cancelled (change in travel plans)")
    );
    server.close().await;
}

#[tokio::test]
async fn tampering_is_refused_with_its_reason_and_nothing_runs() {
    let server = card_client().await;
    let before = bookings(&server).await;
    let card = request_card(&server, "FL-12345-ABC").await;
    let other_card = request_card(&server, "FL-67890-DEF").await;
    let (tool, honest) = submit(&card, "change in travel plans");
    let reason_of = |data: Value| data["reason"].as_str().unwrap_or_default().to_owned();

    let mut edited = honest.clone();
    edited.insert("booking_id".into(), json!("FL-55555-XYZ"));
    assert_eq!(
        reason_of(refused(&server, &tool, edited).await),
        "bad-signature"
    );

    let mut unsigned = honest.clone();
    unsigned.remove("mcp_sig");
    assert_eq!(
        reason_of(refused(&server, &tool, unsigned).await),
        "missing-signature"
    );

    let mut foreign = honest.clone();
    let (_, other) = submit(&other_card, "x");
    foreign.insert("mcp_sig".into(), other["mcp_sig"].clone());
    assert_eq!(
        reason_of(refused(&server, &tool, foreign).await),
        "bad-signature"
    );

    let long = "x".repeat(501);
    for (reason, field) in [
        ("", "cancellationReason"),
        (long.as_str(), "cancellationReason"),
    ] {
        let mut bad = honest.clone();
        bad.insert("cancellationReason".into(), json!(reason));
        let data = refused(&server, &tool, bad).await;
        assert_eq!(reason_of(data.clone()), "invalid-input");
        assert_eq!(data["fields"][0]["field"], field);
    }
    let mut short = honest.clone();
    short.insert("cancellationReason".into(), json!("ab"));
    let data = refused(&server, &tool, short).await;
    assert_eq!(
        data["fields"][0]["message"],
        "Give a reason of 3 to 500 characters."
    );
    let mut wrong_type = honest.clone();
    wrong_type.insert("cancellationReason".into(), json!(12345));
    assert_eq!(
        reason_of(refused(&server, &tool, wrong_type).await),
        "invalid-input"
    );
    let mut extra = honest.clone();
    extra.insert("refund".into(), json!("all of it"));
    assert_eq!(
        reason_of(refused(&server, &tool, extra).await),
        "unexpected-input"
    );

    let unknown = server
        .call_json("drop_tables", Map::new())
        .await
        .unwrap_err();
    assert!(
        unknown.to_string().contains("unknown tool `drop_tables`"),
        "{unknown}"
    );

    assert_eq!(bookings(&server).await, before, "nothing was executed");

    // Refused inputs did not spend the card: the corrected submit of the same card succeeds,
    // once.
    server.call_json(&tool, honest.clone()).await.unwrap();
    assert_eq!(reason_of(refused(&server, &tool, honest).await), "replayed");
    assert_ne!(bookings(&server).await, before);
    server.close().await;
}

#[tokio::test]
async fn over_streamable_http_the_flow_works_and_sessions_share_the_bookings() {
    let server = HttpServer::start("flights");
    let cards = server
        .connect(&[
            mcpapp_protocol::HTML_MIME_TYPE,
            mcpapp_protocol::CARD_MIME_TYPE,
        ])
        .await;
    assert_eq!(
        names(&cards),
        [
            "bookings",
            "confirm_cancellation",
            "request_cancellation_reason"
        ]
    );
    let card = request_card(&cards, "FL-67890-DEF").await;
    let (tool, arguments) = submit(&card, "weather");
    cards.call_json(&tool, arguments).await.unwrap();

    let plain = server.connect(&[]).await;
    assert_eq!(names(&plain), ["bookings", "request_cancellation_reason"]);
    assert!(
        bookings(&plain)
            .await
            .contains("FL-67890-DEF JFK → LHR: cancelled (weather)")
    );
    cards.close().await;
    plain.close().await;
}

const SHARED_KEY: [(&str, &str); 1] = [(
    "MCPAPP_EXAMPLE_SIGNING_KEY",
    "a key both flights servers share, 32 bytes or more",
)];
const CARD_CLIENT: [&str; 2] = [
    mcpapp_protocol::HTML_MIME_TYPE,
    mcpapp_protocol::CARD_MIME_TYPE,
];

#[tokio::test]
async fn a_card_issued_to_another_user_is_refused_by_a_server_with_the_same_key() {
    let ada = connect_with("flights", &["--user", "ada"], &SHARED_KEY, &CARD_CLIENT).await;
    let card = request_card(&ada, "FL-12345-ABC").await;
    let (tool, arguments) = submit(&card, "schedule change");

    // Bob's server verifies the signature (same key) but the action was issued to ada.
    let bob = connect_with("flights", &["--user", "bob"], &SHARED_KEY, &CARD_CLIENT).await;
    let data = refused(&bob, &tool, arguments.clone()).await;
    assert_eq!(data["reason"], "other-subject", "{data}");
    assert!(!bookings(&bob).await.contains("cancelled"));

    // On ada's own server the same submit is the honest path.
    ada.call_json(&tool, arguments).await.unwrap();
    assert!(bookings(&ada).await.contains("cancelled (schedule change)"));
    ada.close().await;
    bob.close().await;
}

#[tokio::test]
async fn an_expired_card_is_refused_and_nothing_runs() {
    let server = connect_with("flights", &["--action-ttl", "1"], &[], &CARD_CLIENT).await;
    let card = request_card(&server, "FL-12345-ABC").await;
    let (tool, arguments) = submit(&card, "schedule change");
    // Past the card's one-second lifetime (signatures count whole seconds).
    tokio::time::sleep(std::time::Duration::from_millis(2100)).await;
    let data = refused(&server, &tool, arguments).await;
    assert_eq!(data["reason"], "expired", "{data}");
    assert!(!bookings(&server).await.contains("cancelled"));
    server.close().await;
}

#[test]
fn an_unknown_example_is_a_clear_error() {
    let output = std::process::Command::new(support::MCPAPP)
        .args(["serve-example", "nope"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("invalid value 'nope'") && stderr.contains("flights"),
        "{stderr}"
    );
}

/// The slot buttons of a scheduler card and what each sends.
fn slot_calls(card: &Card) -> Vec<(String, String, Map<String, Value>)> {
    card.actions
        .iter()
        .map(|action| {
            let payload = prepare_submit(&[card], action, &InputValues::initial(card)).unwrap();
            let call = tool_call(action, payload).unwrap();
            (
                action.title().unwrap().to_owned(),
                call.name,
                call.arguments,
            )
        })
        .collect()
}

#[tokio::test]
async fn scheduler_books_a_slot_once() {
    let server = connect_to(
        "scheduler",
        &[
            mcpapp_protocol::HTML_MIME_TYPE,
            mcpapp_protocol::CARD_MIME_TYPE,
        ],
    )
    .await;
    assert_eq!(
        names(&server),
        ["agenda", "book_slot", "find_available_slots"]
    );
    let card = card_of(
        &server
            .call_json("find_available_slots", Map::new())
            .await
            .unwrap(),
    );
    let calls = slot_calls(&card);
    assert_eq!(
        calls
            .iter()
            .map(|(title, _, _)| title.as_str())
            .collect::<Vec<_>>(),
        [
            "Mon 09:00",
            "Mon 14:00",
            "Tue 10:30",
            "Wed 16:00",
            "Thu 11:00"
        ]
    );
    // A second card offers the same slots; its buttons are other actions.
    let later = slot_calls(&card_of(
        &server
            .call_json("find_available_slots", Map::new())
            .await
            .unwrap(),
    ));

    let (title, tool, arguments) = &calls[1];
    let booked = card_of(&server.call_json(tool, arguments.clone()).await.unwrap());
    assert!(mcpapp_server::text_fallback(&booked).contains(&format!("When: {title}")));
    let after = server.call_json("agenda", Map::new()).await.unwrap()["content"][0]["text"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(after.contains("Mon 14:00: booked by ada"), "{after}");

    let data = refused(&server, tool, arguments.clone()).await;
    assert_eq!(data["reason"], "replayed");
    let (_, tool, same_slot) = &later[1];
    let data = refused(&server, tool, same_slot.clone()).await;
    assert_eq!(data["reason"], "slot-taken");
    let mut forged = calls[2].2.clone();
    forged.insert("slot".into(), json!("Fri 15:30"));
    assert_eq!(
        refused(&server, "book_slot", forged).await["reason"],
        "bad-signature"
    );
    let mut extra = calls[2].2.clone();
    extra.insert("attendees".into(), json!("everyone"));
    assert_eq!(
        refused(&server, "book_slot", extra).await["reason"],
        "unexpected-input"
    );

    let unchanged = server.call_json("agenda", Map::new()).await.unwrap();
    assert_eq!(unchanged["content"][0]["text"].as_str().unwrap(), after);
    assert_eq!(after.matches("booked").count(), 1, "{after}");
    server.close().await;

    let plain = connect_to("scheduler", &[]).await;
    assert_eq!(names(&plain), ["agenda", "find_available_slots"]);
    let text = plain
        .call_json("find_available_slots", Map::new())
        .await
        .unwrap();
    let text = text["content"][0]["text"].as_str().unwrap();
    assert!(text.contains("- Mon 14:00: calls `book_slot`"), "{text}");
    plain.close().await;
}

/// A Redis of our own on a free loopback port, stopped when dropped.
struct Redis {
    child: std::process::Child,
    url: String,
}

impl Redis {
    fn start() -> Self {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = std::process::Command::new("redis-server")
            .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
            .args(["--save", "", "--appendonly", "no"])
            .stdout(std::process::Stdio::null())
            .spawn()
            .expect("redis-server (.ci/run installs Debian's redis-server)");
        let start = std::time::Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(start.elapsed().as_secs() < 10, "redis-server did not start");
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        Self {
            child,
            url: format!("redis://127.0.0.1:{port}"),
        }
    }
}

impl Drop for Redis {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[tokio::test]
async fn replicas_sharing_a_redis_refuse_an_action_used_on_another_and_after_a_restart() {
    let redis = Redis::start();
    let store = ["--replay-store", redis.url.as_str()];
    let first = connect_with("flights", &store, &SHARED_KEY, &CARD_CLIENT).await;
    let second = connect_with("flights", &store, &SHARED_KEY, &CARD_CLIENT).await;
    let card = request_card(&first, "FL-12345-ABC").await;
    let (tool, arguments) = submit(&card, "schedule change");

    // Used on the first replica...
    first.call_json(&tool, arguments.clone()).await.unwrap();
    assert!(
        bookings(&first)
            .await
            .contains("cancelled (schedule change)")
    );
    // ...it is a replay on the second, which shares the key and the store.
    let data = refused(&second, &tool, arguments.clone()).await;
    assert_eq!(data["reason"], "replayed", "{data}");
    assert!(!bookings(&second).await.contains("cancelled"));

    // A restarted replica remembers it too.
    first.close().await;
    let restarted = connect_with("flights", &store, &SHARED_KEY, &CARD_CLIENT).await;
    let data = refused(&restarted, &tool, arguments).await;
    assert_eq!(data["reason"], "replayed", "{data}");
    assert!(!bookings(&restarted).await.contains("cancelled"));

    // A second card's action is fine once, wherever it is used.
    let card = request_card(&restarted, "FL-67890-DEF").await;
    let (tool, arguments) = submit(&card, "weather");
    second.call_json(&tool, arguments).await.unwrap();
    second.close().await;
    restarted.close().await;
}

#[test]
fn an_unreachable_replay_store_is_a_clear_error_at_start() {
    let output = std::process::Command::new(support::MCPAPP)
        .args([
            "serve-example",
            "flights",
            "--replay-store",
            "redis://127.0.0.1:1",
        ])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("the replay store redis://127.0.0.1:1"),
        "{stderr}"
    );
}
