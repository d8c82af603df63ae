#![cfg(test)] // clippy.toml's allowances for tests hold in every function here
//! `mcpapp serve-example weather` through the host's rmcp client: the view follows the mime
//! types the client advertises (HTML app, card, or text), the HTML view is served with its
//! sandbox metadata, and the card variant's own action asks for a new forecast.

mod support;
use support::JsonAnswers as _;

use mcpapp_card::{InputValue, InputValues, parse_value, prepare_submit, tool_call};
use mcpapp_host::mcp::McpConnection;
use mcpapp_protocol::{CARD_MIME_TYPE, HTML_MIME_TYPE};
use serde_json::{Value, json};
use support::{HttpServer, args, connect_to};

async fn forecast(server: &McpConnection, arguments: Value) -> Value {
    server
        .call_json("get_forecast", args(arguments))
        .await
        .unwrap()
}

fn text_of(result: &Value) -> String {
    result["content"][0]["text"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn an_html_client_gets_the_app_with_its_sandbox_metadata() {
    let server = connect_to("weather", &[HTML_MIME_TYPE, CARD_MIME_TYPE]).await;
    let tool = server.tool("get_forecast").unwrap();
    assert_eq!(
        tool.ui_resource_uri().as_deref(),
        Some("ui://weather/forecast")
    );
    assert!(tool.is_model_visible() && tool.is_app_visible());

    let read = server.read_json("ui://weather/forecast").await.unwrap();
    let contents = read["contents"].as_array().unwrap();
    assert_eq!(contents.len(), 1);
    assert_eq!(contents[0]["mimeType"], HTML_MIME_TYPE);
    let html = contents[0]["text"].as_str().unwrap();
    assert!(html.starts_with("<!doctype html>"));
    // The page speaks the standard messages and nothing else reaches out.
    for method in [
        "ui/initialize",
        "ui/notifications/initialized",
        "tools/call",
        "ui/message",
    ] {
        assert!(html.contains(method), "{method}");
    }
    assert!(!html.contains("http://") && !html.contains("src=\"https"));
    assert_eq!(
        contents[0]["_meta"]["ui"],
        json!({"csp": {}, "prefersBorder": true})
    );

    let result = forecast(&server, json!({"city": "Oslo", "days": 3})).await;
    let data = &result["structuredContent"];
    assert_eq!(data["city"], "Oslo");
    assert_eq!(data["days"].as_array().unwrap().len(), 3);
    for day in data["days"].as_array().unwrap() {
        assert!(day["high_c"].as_i64().unwrap() > day["low_c"].as_i64().unwrap());
    }
    let text = text_of(&result);
    assert!(text.starts_with("Forecast for Oslo (3 days from"), "{text}");
    assert_eq!(text.lines().count(), 4, "{text}");
    server.close().await;
}

#[tokio::test]
async fn a_card_client_gets_a_card_whose_action_asks_for_another_forecast() {
    // Listing the card first means the client prefers it, even though it shows HTML too.
    for mimes in [&[CARD_MIME_TYPE][..], &[CARD_MIME_TYPE, HTML_MIME_TYPE]] {
        let server = connect_to("weather", mimes).await;
        let tool = server.tool("get_forecast").unwrap();
        assert_eq!(tool.ui_resource_uri(), None, "{mimes:?}");

        let result = forecast(&server, json!({"city": "Lagos"})).await;
        assert_eq!(result["content"][1]["resource"]["mimeType"], CARD_MIME_TYPE);
        let card = parse_value(result["structuredContent"].clone())
            .card
            .unwrap();
        let facts = |card: &mcpapp_card::Card| {
            serde_json::to_value(card).unwrap()["body"][2]["facts"]
                .as_array()
                .unwrap()
                .len()
        };
        assert_eq!(facts(&card), 5);
        assert!(text_of(&result).contains("Lagos: 5-day forecast"));

        // The user picks 7 days and presses "Show".
        let mut values = InputValues::initial(&card);
        values.set("days", InputValue::Text("7".into()));
        let show = &card.actions[0];
        let call = tool_call(show, prepare_submit(&[&card], show, &values).unwrap()).unwrap();
        assert_eq!(call.name, "get_forecast");
        let next = server.call_json(&call.name, call.arguments).await.unwrap();
        let next = parse_value(next["structuredContent"].clone()).card.unwrap();
        assert_eq!(facts(&next), 7);
        server.close().await;
    }
}

#[tokio::test]
async fn a_plain_client_gets_the_forecast_in_words() {
    let server = connect_to("weather", &[]).await;
    assert_eq!(server.tool("get_forecast").unwrap().ui_resource_uri(), None);
    let result = forecast(&server, json!({"city": "Oslo"})).await;
    let content = result["content"].as_array().unwrap();
    assert_eq!(content.len(), 1, "no view for a client without UI");
    let text = text_of(&result);
    assert!(text.contains("Forecast for Oslo (5 days"), "{text}");
    assert!(text.contains("% chance of rain"), "{text}");

    let error = server
        .call_json("get_forecast", args(json!({"city": "Oslo", "days": 30})))
        .await
        .unwrap_err()
        .to_jsonrpc_error();
    assert_eq!(error.code, -32602);
    assert_eq!(error.data.unwrap()["fields"][0]["field"], "days");
    server.close().await;
}

#[tokio::test]
async fn over_streamable_http_the_view_follows_each_session_client() {
    let server = HttpServer::start("weather");
    let html = server.connect(&[HTML_MIME_TYPE]).await;
    let plain = server.connect(&[]).await;
    assert_eq!(
        html.tool("get_forecast")
            .unwrap()
            .ui_resource_uri()
            .as_deref(),
        Some("ui://weather/forecast")
    );
    assert_eq!(plain.tool("get_forecast").unwrap().ui_resource_uri(), None);
    let a = forecast(&html, json!({"city": "Oslo"})).await;
    let b = forecast(&plain, json!({"city": "Oslo"})).await;
    assert_eq!(text_of(&a), text_of(&b), "the same forecast for everyone");
    html.close().await;
    plain.close().await;
}
