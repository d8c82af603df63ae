#![cfg(test)] // clippy.toml's allowances for tests hold in every function here
//! One card definition, shown by a host that shows only HTML apps: the example servers'
//! cards reach it as the card app (`UiResource::card_app`), rendered by the official Adaptive
//! Cards renderer in headless Chromium behind our bridge and host, and their actions come
//! back to the server signed and checked as from our native renderer.

mod html_harness;
mod support;

use std::time::Duration;

use html_harness::Harness;
use mcpapp_host::mcp::{ClientOptions, ServerSpec};
use mcpapp_host::{InstanceId, TraceDirection};
use mcpapp_protocol::{CARD_MIME_TYPE, HTML_MIME_TYPE};
use mcpapp_server::{CARD_APP_URI, SIGNATURE_KEY};
use serde_json::{Value, json};

fn example(name: &str) -> ServerSpec {
    ServerSpec::stdio(env!("CARGO_BIN_EXE_mcpapp"), ["serve-example", name])
}

/// A client that advertises HTML apps only, as most hosts do.
fn html_only() -> ClientOptions {
    ClientOptions {
        request_timeout: Duration::from_secs(20),
        connect_timeout: Duration::from_secs(20),
        mime_types: vec![HTML_MIME_TYPE.to_owned()],
        ..ClientOptions::default()
    }
}

async fn start(name: &str) -> Option<Harness> {
    let mut harness = Harness::start_with(example(name), html_only()).await?;
    harness.runtime.record();
    Some(harness)
}

/// The agent asks for the flights example's cancellation card; the app, once the card is drawn.
async fn open_cancellation_card(h: &mut Harness) -> InstanceId {
    let app = h
        .call(
            "request_cancellation_reason",
            json!({"booking_id": "FL-12345-ABC"}),
        )
        .await;
    h.wait_in_app(app, "!!document.querySelector('#card .ac-adaptiveCard')")
        .await;
    app
}

/// A host on the flights example with its cancellation card drawn ([`open_cancellation_card`]).
async fn cancellation_card() -> Option<(Harness, InstanceId)> {
    let mut h = start("flights").await?;
    let app = open_cancellation_card(&mut h).await;
    Some((h, app))
}

/// Types `text` into the card's input `id` as a user would (the renderer hears `input`).
fn type_into(id: &str, text: &str) -> String {
    format!(
        "(() => {{ const input = mcpappCardApp.rendered.getElementById({id:?});
            const control = input.renderedInputControlElement;
            control.focus(); control.value = {text:?};
            control.dispatchEvent(new Event('input', {{ bubbles: true }}));
            return true; }})()"
    )
}

/// Clicks the card's button titled `title`.
fn click_button(title: &str) -> String {
    format!(
        "(() => {{ const button = [...document.querySelectorAll('#card button')]
            .find((b) => b.textContent.trim() === {title:?});
            if (!button) return false; button.click(); return true; }})()"
    )
}

/// The `tools/call` requests the app sent (to the host), in order.
fn tool_calls(harness: &Harness, instance: InstanceId) -> Vec<Value> {
    harness
        .trace_of(instance)
        .into_iter()
        .filter(|t| t.direction == TraceDirection::ToHost)
        .filter(|t| t.message["method"] == "tools/call")
        .map(|t| t.message["params"].clone())
        .collect()
}

/// The flights server's list of bookings (its `bookings` tool's result), as JSON text.
async fn bookings(harness: &Harness) -> String {
    let bookings = harness
        .connection()
        .call_tool("bookings", serde_json::Map::new())
        .await
        .unwrap();
    serde_json::to_string(&bookings).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_html_only_host_sees_the_flights_card_and_its_submit_is_verified() {
    let Some(mut h) = start("flights").await else {
        return;
    };
    // The tool list an HTML-only client gets: the agent's card tool opens the card app.
    let tools = h.connection().tools();
    let request = tools
        .iter()
        .find(|t| t.name == "request_cancellation_reason")
        .unwrap();
    assert_eq!(request.ui_resource_uri().as_deref(), Some(CARD_APP_URI));
    assert!(tools.iter().any(|t| t.name == "confirm_cancellation"));

    let app = open_cancellation_card(&mut h).await;
    let text = h.in_app(app, "document.body.innerText").await;
    assert!(
        text.as_str()
            .unwrap()
            .contains("reason for the flight cancellation"),
        "{text}"
    );

    // Submitting without the required reason is stopped on the card.
    assert_eq!(
        h.in_app(app, &click_button("Confirm Cancellation")).await,
        true
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(
        tool_calls(&h, app).is_empty(),
        "an invalid card is not sent"
    );

    h.in_app(app, &type_into("cancellationReason", "Plans changed"))
        .await;
    assert_eq!(
        h.in_app(app, &click_button("Confirm Cancellation")).await,
        true
    );
    h.wait_in_app(app, "document.body.innerText.includes('Flight cancelled')")
        .await;

    let calls = tool_calls(&h, app);
    assert_eq!(calls.len(), 1, "{calls:#?}");
    assert!(
        h.sequence(app)
            .contains(&"app→host ui/notifications/size-changed".to_owned()),
        "the card app reports its size"
    );
    assert_eq!(calls[0]["name"], "confirm_cancellation");
    let arguments = &calls[0]["arguments"];
    assert_eq!(arguments["cancellationReason"], "Plans changed");
    assert_eq!(arguments["booking_id"], "FL-12345-ABC");
    assert!(arguments[SIGNATURE_KEY].is_string(), "{arguments}");
    assert!(arguments.get("mcp_tool_name").is_none());

    // The server executed it: the booking is cancelled, for the reason typed.
    let listed = bookings(&h).await;
    assert!(
        listed.contains("FL-12345-ABC SFO → JFK: cancelled (Plans changed)"),
        "{listed}"
    );
    h.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tampered_submit_is_refused_with_a_notice_on_the_card() {
    let Some((mut h, app)) = cancellation_card().await else {
        return;
    };
    // The signed data edited in the page: another user's booking.
    h.in_app(
        app,
        "(mcpappCardApp.rendered.getActionAt(0).data.booking_id = 'FL-55555-XYZ', true)",
    )
    .await;
    h.in_app(app, &type_into("cancellationReason", "Not mine"))
        .await;
    h.in_app(app, &click_button("Confirm Cancellation")).await;
    let notice = h
        .wait_in_app(
            app,
            "document.getElementById('notice').className === 'error' \
             && document.getElementById('notice').textContent",
        )
        .await;
    assert!(
        notice.as_str().unwrap().contains("refused"),
        "the refusal is shown on the card: {notice}"
    );
    let calls = tool_calls(&h, app);
    assert_eq!(calls[0]["arguments"]["booking_id"], "FL-55555-XYZ");
    let listed = bookings(&h).await;
    assert!(!listed.contains("cancelled"), "{listed}");
    // The card is still there, unlocked, to try again.
    assert_eq!(
        h.in_app(app, "document.body.classList.contains('locked')")
            .await,
        false
    );
    h.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_html_only_host_books_a_scheduler_slot_from_the_card() {
    let Some(mut h) = start("scheduler").await else {
        return;
    };
    let find = h
        .connection()
        .tools()
        .into_iter()
        .find(|t| t.ui_resource_uri().as_deref() == Some(CARD_APP_URI))
        .unwrap();
    let app = h.call(&find.name, json!({})).await;
    h.wait_in_app(app, "!!document.querySelector('#card button')")
        .await;
    let first = h
        .in_app(
            app,
            "document.querySelector('#card button').textContent.trim()",
        )
        .await;
    h.in_app(
        app,
        "(document.querySelector('#card button').click(), true)",
    )
    .await;
    h.wait_in_app(app, "document.body.innerText.includes('Meeting booked')")
        .await;
    // The booked card is final: the card app says it is done, and the host ends the app.
    // The app's answer to the teardown is the last message; the instance may
    // leave the host before it is recorded, so wait for both.
    h.until("the booked card ends its app", |h| {
        h.sequence(app)
            .last()
            .is_some_and(|m| m == "app→host reply 1")
            && h.sequence(app)
                .iter()
                .any(|m| m == "app→host ui/notifications/close-ws-app")
            && !h.runtime.host().open_instances().contains(&app)
    })
    .await;
    let sequence = h.sequence(app);
    let done = sequence
        .iter()
        .position(|m| m == "app→host ui/notifications/close-ws-app")
        .expect("close-ws-app sent");
    assert_eq!(
        sequence[done..],
        [
            "app→host ui/notifications/close-ws-app",
            "host→app ui/resource-teardown",
            "app→host reply 1",
        ],
        "{sequence:#?}"
    );
    let calls = tool_calls(&h, app);
    assert_eq!(calls.len(), 1, "{calls:#?}");
    assert!(calls[0]["arguments"][SIGNATURE_KEY].is_string());
    eprintln!("booked {first}: {}", calls[0]);
    h.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn card_clients_still_get_the_card_itself() {
    // The same server, to a client that shows cards: no card app in its tool list.
    let options = ClientOptions {
        mime_types: vec![CARD_MIME_TYPE.to_owned(), HTML_MIME_TYPE.to_owned()],
        ..html_only()
    };
    let connection = mcpapp_host::mcp::McpConnection::connect("s", &example("flights"), &options)
        .await
        .unwrap();
    let request = connection
        .tools()
        .into_iter()
        .find(|t| t.name == "request_cancellation_reason")
        .unwrap();
    assert_eq!(request.ui_resource_uri(), None);
    connection.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn typed_values_survive_a_thread_switch_and_the_response_lock_holds_the_card() {
    let Some((mut h, app)) = cancellation_card().await else {
        return;
    };

    // The model is replying: the card is locked, then free again.
    h.runtime.host_mut().set_generating("default", true);
    h.wait_in_app(
        app,
        "document.body.classList.contains('locked') \
         && document.querySelector('#card button').disabled",
    )
    .await;
    h.runtime.host_mut().set_generating("default", false);
    h.wait_in_app(app, "!document.querySelector('#card button').disabled")
        .await;

    // A reason typed is saved through the host...
    h.in_app(app, &type_into("cancellationReason", "Kept across threads"))
        .await;
    let saved = h.saved_state(app).await;
    assert_eq!(
        saved["state"]["values"]["cancellationReason"],
        "Kept across threads"
    );
    assert_eq!(saved["toolCallId"], "call-1");

    // ...and is back in the card after a thread switch away and back.
    h.leave_thread().await;
    h.come_back(app).await;
    let restored = h
        .wait_in_app(
            app,
            "(() => { const i = window.mcpappCardApp && mcpappCardApp.rendered
                && mcpappCardApp.rendered.getElementById('cancellationReason');
                return i && i.renderedInputControlElement && i.renderedInputControlElement.value; })()",
        )
        .await;
    assert_eq!(restored, "Kept across threads");
    h.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_weather_card_variant_reaches_an_html_only_host_from_its_card() {
    let Some(mut h) = start("weather-card").await else {
        return;
    };
    let app = h
        .call("get_forecast", json!({"city": "Oslo", "days": 3}))
        .await;
    let text = h
        .wait_in_app(
            app,
            "(t => t.includes('Oslo') && t)(document.querySelector('#card').innerText)",
        )
        .await;
    assert!(text.as_str().unwrap().contains("Oslo"), "{text}");
    h.close().await;
}
