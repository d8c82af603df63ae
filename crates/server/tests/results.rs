//! Cards in tool results, and their text rendering.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

use mcpapp_card::{Card, parse_str, parse_value};
use mcpapp_protocol::{CARD_MIME_TYPE, ContentBlock};
use mcpapp_server::{CardBuilder, DEFAULT_CARD_URI, card_result, text_fallback, text_result};
use serde_json::json;

fn cancellation_card() -> Card {
    CardBuilder::new()
        .text("Please provide a reason for the flight cancellation.")
        .fact_set([("Booking", "FL-12345-ABC"), ("Route", "SFO → JFK")])
        .input_text("cancellationReason", "Reason", |t| {
            t.placeholder("e.g., change in travel plans")
                .required()
                .max_length(200)
        })
        .input_choice(
            "refund",
            "Refund to",
            [("Card", "card"), ("Voucher", "voucher")],
            |c| c,
        )
        .submit(
            "Confirm Cancellation",
            "confirm_cancellation",
            json!({ "booking_id": "FL-12345-ABC" }),
        )
        .open_url("Policy", "https://example.com/policy")
        .build()
        .unwrap()
}

#[test]
fn card_result_carries_the_card_twice_and_text_first() {
    let card = cancellation_card();
    let result = card_result(&card);
    let wire = serde_json::to_value(&result).unwrap();

    let structured = parse_value(wire["structuredContent"].clone());
    assert!(structured.is_valid(), "{:?}", structured.diagnostics);
    assert_eq!(structured.card.as_ref(), Some(&card));

    assert_eq!(wire["content"][0]["type"], "text");
    assert_eq!(wire["content"][1]["type"], "resource");
    let resource = &wire["content"][1]["resource"];
    assert_eq!(resource["mimeType"], CARD_MIME_TYPE);
    assert_eq!(resource["uri"], DEFAULT_CARD_URI);
    let embedded = parse_str(resource["text"].as_str().unwrap());
    assert_eq!(embedded.card.as_ref(), Some(&card));
    assert!(!result.is_error());
}

#[test]
fn text_fallback_reads_well_without_the_card() {
    let text = text_fallback(&cancellation_card());
    let expected = "\
Please provide a reason for the flight cancellation.
Booking: FL-12345-ABC
Route: SFO → JFK

Inputs:
- Reason (`cancellationReason`): text; required; at most 200 characters; hint: e.g., change in travel plans
- Refund to (`refund`): choice; one of Card = \"card\", Voucher = \"voucher\"

Actions:
- Confirm Cancellation: calls `confirm_cancellation`
- Policy: opens https://example.com/policy";
    assert_eq!(text, expected);
}

#[test]
fn text_result_is_the_fallback_alone() {
    let card = cancellation_card();
    let result = text_result(&card);
    assert!(result.structured_content.is_none());
    assert_eq!(
        result.content,
        vec![ContentBlock::text(text_fallback(&card))]
    );
}

#[test]
fn authors_fallback_text_wins_and_show_cards_are_read() {
    let with_fallback = parse_str(
        r#"{"type": "AdaptiveCard", "version": "1.6", "fallbackText": "Open this in Teams.",
            "body": [{"type": "TextBlock", "text": "Hi"}]}"#,
    );
    assert_eq!(
        text_fallback(&with_fallback.card.unwrap()),
        "Open this in Teams."
    );

    let nested = parse_str(
        r#"{"type": "AdaptiveCard", "version": "1.6",
            "body": [{"type": "TextBlock", "text": "Your order"}],
            "actions": [{"type": "Action.ShowCard", "title": "Comment",
              "card": {"type": "AdaptiveCard", "body": [
                {"type": "Input.Number", "id": "stars", "min": 1, "max": 5},
                {"type": "Input.Toggle", "id": "public", "title": "Public", "label": "Public"}],
                "actions": [{"type": "Action.Execute", "title": "Send", "verb": "rate"}]}}]}"#,
    );
    let text = text_fallback(&nested.card.unwrap());
    assert!(text.contains("- Comment: shows more below"), "{text}");
    assert!(
        text.contains("---\n\nInputs:\n- `stars`: number; 1 to 5"),
        "{text}"
    );
    assert!(
        text.contains("- Public (`public`): toggle; \"true\" or \"false\""),
        "{text}"
    );
    assert!(text.contains("- Send: calls `rate`"), "{text}");
}
