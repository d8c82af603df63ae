//! The card builder.

use mcpapp_card::Code;
use mcpapp_card::Error as BuildError;
use mcpapp_card::enums::{ChoiceInputStyle, FontSize};
use mcpapp_server::CardBuilder;
use serde_json::{Value, json};

#[test]
fn flight_cancellation_reference_card() {
    let card = CardBuilder::new()
        .text_with(
            "Please provide a reason for the flight cancellation.",
            |t| t.size(FontSize::Medium),
        )
        .input_text("cancellationReason", "", |t| {
            t.placeholder("e.g., change in travel plans")
        })
        .submit(
            "Confirm Cancellation",
            "flight_booking_tool.confirm_cancellation",
            json!({ "booking_id": "FL-12345-ABC" }),
        )
        .build()
        .unwrap();
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/cards/flight-cancellation.json"
    );
    let expected: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(serde_json::to_value(&card).unwrap(), expected);
}

#[test]
fn every_shortcut_builds_a_valid_card() {
    let card = CardBuilder::new()
        .heading("Cancel your flight")
        .text_with("Fees may apply.", |t| t.subtle().no_wrap())
        .fact_set([("Booking", "FL-12345-ABC"), ("Date", "2026-12-01")])
        .input_text("reason", "Reason", |t| {
            t.placeholder("Why?")
                .required()
                .max_length(200)
                .regex("^[a-z ]+$")
                .error_message("Lower-case letters only")
        })
        .input_choice(
            "refund",
            "Refund to",
            [("Card", "card"), ("Voucher", "voucher")],
            |c| c.style(ChoiceInputStyle::Expanded).value("card").required(),
        )
        .submit(
            "Confirm",
            "confirm_cancellation",
            json!({ "booking_id": "FL-1" }),
        )
        .open_url("Terms", "https://example.com/terms")
        .build()
        .unwrap();
    let value = serde_json::to_value(&card).unwrap();
    assert_eq!(value["body"][0]["weight"], "bolder");
    assert_eq!(value["body"][3]["maxLength"], 200);
    assert_eq!(value["body"][3]["isRequired"], true);
    assert_eq!(value["body"][4]["choices"][1]["value"], "voucher");
    assert_eq!(
        value["actions"][0]["data"]["mcp_tool_name"],
        "confirm_cancellation"
    );
    assert_eq!(value["actions"][1]["url"], "https://example.com/terms");
}

#[test]
fn an_unsafe_url_is_an_error() {
    let err = CardBuilder::new()
        .text("Hi")
        .open_url("Run", "javascript:alert(1)")
        .build()
        .unwrap_err();
    let BuildError::InvalidCard(diagnostics) = err else {
        panic!("expected Invalid, got {err:?}");
    };
    assert!(
        diagnostics.iter().any(|d| d.code == Code::UnsafeUrl),
        "{diagnostics:?}"
    );
}

#[test]
fn a_bad_regex_is_an_error() {
    let err = CardBuilder::new()
        .input_text("x", "X", |t| t.regex("("))
        .build()
        .unwrap_err();
    assert!(matches!(err, BuildError::InvalidCard(_)), "{err:?}");
}

#[test]
fn data_must_be_an_object_without_reserved_keys() {
    let err = CardBuilder::new()
        .submit("Go", "tool", json!([1, 2]))
        .build()
        .unwrap_err();
    assert!(matches!(err, BuildError::DataNotAnObject { .. }), "{err:?}");
    let err = CardBuilder::new()
        .submit("Go", "tool", json!({ "mcp_sig": "forged" }))
        .build()
        .unwrap_err();
    assert!(
        matches!(err, BuildError::ReservedKey { ref key, .. } if key == "mcp_sig"),
        "{err:?}"
    );
}
