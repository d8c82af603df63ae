//! Submitted inputs checked on the server: by the card's own rules, by the handler's typed
//! struct, and by the authorization hook.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

use mcpapp_card::{Card, parse_str};
use mcpapp_protocol::JsonRpcError;
use mcpapp_server::{FieldError, Rejection, authorize, check_card_inputs, typed_inputs};
use serde::Deserialize;
use serde_json::{Map, Value, json};
use validator::Validate;

fn card(json: &str) -> Card {
    let parsed = parse_str(json);
    assert!(parsed.is_valid(), "{:?}", parsed.diagnostics);
    parsed.card.unwrap()
}

fn inputs(value: Value) -> Map<String, Value> {
    let Value::Object(map) = value else {
        panic!("inputs must be an object")
    };
    map
}

const BOOKING: &str = r#"{
  "type": "AdaptiveCard", "version": "1.6",
  "body": [
    {"type": "Input.Text", "id": "reason", "label": "Reason", "isRequired": true,
     "maxLength": 20, "errorMessage": "Say why"},
    {"type": "Input.Text", "id": "code", "label": "Code", "regex": "^[A-Z]{3}$"},
    {"type": "Input.Number", "id": "seats", "label": "Seats", "min": 1, "max": 9},
    {"type": "Input.ChoiceSet", "id": "class", "label": "Class", "isRequired": true,
     "choices": [{"title": "Economy", "value": "eco"}, {"title": "Business", "value": "biz"}]},
    {"type": "Input.Toggle", "id": "insure", "title": "Insurance", "valueOn": "yes", "valueOff": "no"}
  ],
  "actions": [{"type": "Action.Submit", "title": "Book"}]
}"#;

fn fields(error: &Rejection) -> Vec<&str> {
    match error {
        Rejection::InvalidInput(errors) => errors.iter().map(|e| e.field.as_str()).collect(),
        other => panic!("not an invalid-input error: {other}"),
    }
}

/// Checks that the `good` inputs pass, and names the fields the `bad` ones are refused for.
fn refused_fields(card: &Card, good: Value, bad: Value) -> Vec<String> {
    assert_eq!(check_card_inputs(card, &inputs(good)), Ok(()));
    let error = check_card_inputs(card, &inputs(bad)).unwrap_err();
    fields(&error).into_iter().map(str::to_owned).collect()
}

#[test]
fn valid_inputs_pass() {
    let card = card(BOOKING);
    let submitted = inputs(json!({
        "reason": "family", "code": "ABC", "seats": "2", "class": "biz", "insure": "yes"
    }));
    assert_eq!(check_card_inputs(&card, &submitted), Ok(()));
}

#[test]
fn each_rule_names_its_field() {
    let card = card(BOOKING);
    let cases = [
        (json!({"class": "eco"}), "reason"),
        (json!({"reason": "x".repeat(21), "class": "eco"}), "reason"),
        (
            json!({"reason": "r", "code": "abc", "class": "eco"}),
            "code",
        ),
        (
            json!({"reason": "r", "seats": "0", "class": "eco"}),
            "seats",
        ),
        (
            json!({"reason": "r", "seats": "10", "class": "eco"}),
            "seats",
        ),
        (
            json!({"reason": "r", "seats": "many", "class": "eco"}),
            "seats",
        ),
        (json!({"reason": "r", "class": "first"}), "class"),
        (json!({"reason": "r"}), "class"),
    ];
    for (submitted, field) in cases {
        let error = check_card_inputs(&card, &inputs(submitted.clone())).unwrap_err();
        assert_eq!(fields(&error), vec![field], "for {submitted}");
    }
}

#[test]
fn all_failures_are_reported_together_with_the_cards_message() {
    let card = card(BOOKING);
    let error = check_card_inputs(&card, &inputs(json!({"code": "x", "seats": "99"}))).unwrap_err();
    assert_eq!(fields(&error), vec!["reason", "code", "seats", "class"]);
    let Rejection::InvalidInput(errors) = &error else {
        unreachable!()
    };
    assert_eq!(errors[0].message, "Say why");
}

#[test]
fn a_field_the_card_does_not_have_is_refused() {
    let card = card(BOOKING);
    let submitted = inputs(json!({"reason": "r", "class": "eco", "price": "0"}));
    assert_eq!(
        check_card_inputs(&card, &submitted),
        Err(Rejection::UnexpectedInput("price".to_owned()))
    );
}

#[test]
fn inputs_of_a_show_card_are_known() {
    let card = card(
        r#"{"type": "AdaptiveCard", "version": "1.6", "body": [],
            "actions": [{"type": "Action.ShowCard", "title": "More",
              "card": {"type": "AdaptiveCard", "body": [
                {"type": "Input.Text", "id": "note", "maxLength": 3}]}}]}"#,
    );
    assert_eq!(
        refused_fields(&card, json!({"note": "ok"}), json!({"note": "too long"})),
        vec!["note"]
    );
}

#[test]
fn multi_select_values_are_each_checked() {
    let card = card(
        r#"{"type": "AdaptiveCard", "version": "1.6", "body": [
            {"type": "Input.ChoiceSet", "id": "days", "isMultiSelect": true,
             "choices": [{"title": "Mon", "value": "mon"}, {"title": "Tue", "value": "tue"}]}]}"#,
    );
    assert_eq!(
        refused_fields(
            &card,
            json!({"days": "mon,tue"}),
            json!({"days": "mon,sun"})
        ),
        vec!["days"]
    );
}

#[derive(Debug, Deserialize, Validate)]
struct Cancel {
    #[validate(length(min = 3, max = 200))]
    reason: String,
    #[validate(range(min = 1, max = 9))]
    seats: u32,
}

#[test]
fn typed_inputs_read_and_validate() {
    let cancel: Cancel = typed_inputs(&inputs(json!({"reason": "ill", "seats": 2}))).unwrap();
    assert_eq!((cancel.reason.as_str(), cancel.seats), ("ill", 2));

    let error = typed_inputs::<Cancel>(&inputs(json!({"reason": "no", "seats": 12}))).unwrap_err();
    assert_eq!(fields(&error), vec!["reason", "seats"]);

    let error = typed_inputs::<Cancel>(&inputs(json!({"seats": 1}))).unwrap_err();
    assert_eq!(fields(&error), vec!["reason"]);
    assert!(error.to_string().contains("missing field"), "{error}");
}

#[test]
fn authorization_hook_refuses_other_peoples_bookings() {
    let owner_only = |subject: &str, _tool: &str, fixed: &Map<String, Value>| {
        if fixed.get("owner").and_then(Value::as_str) == Some(subject) {
            Ok(())
        } else {
            Err(format!("{subject} does not own this booking"))
        }
    };
    let fixed = inputs(json!({"booking_id": "FL-1", "owner": "ada"}));
    assert_eq!(authorize(&owner_only, "ada", "cancel", &fixed), Ok(()));
    let refused = authorize(&owner_only, "bob", "cancel", &fixed).unwrap_err();
    assert_eq!(
        refused,
        Rejection::Forbidden("bob does not own this booking".to_owned())
    );
}

#[test]
fn errors_become_invalid_params_with_the_fields() {
    let error = Rejection::InvalidInput(vec![FieldError {
        field: "reason".to_owned(),
        message: "Say why".to_owned(),
    }]);
    let wire = serde_json::to_value(error.to_jsonrpc_error()).unwrap();
    assert_eq!(wire["code"], JsonRpcError::INVALID_PARAMS);
    assert_eq!(wire["data"]["reason"], "invalid-input");
    assert_eq!(wire["data"]["fields"][0]["field"], "reason");
    let forbidden =
        serde_json::to_value(Rejection::Forbidden("no".into()).to_jsonrpc_error()).unwrap();
    assert_eq!(forbidden["data"]["reason"], "forbidden");
}

#[test]
fn a_single_choice_is_read_whole_as_the_card_reads_its_value() {
    let card = card(
        r#"{"type": "AdaptiveCard", "version": "1.6", "body": [
            {"type": "Input.ChoiceSet", "id": "size",
             "choices": [{"title": "Large", "value": "L,XL"}, {"title": "Small", "value": "S"}]}]}"#,
    );
    assert_eq!(
        refused_fields(&card, json!({"size": "L,XL"}), json!({"size": "S,L"})),
        vec!["size"]
    );
}
