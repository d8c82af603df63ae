//! `isFinal`, mcpapp's way for a card to say it is done: on the card (it is the app's last
//! word) or on an `Action.Submit` / `Action.Execute` (done once its call succeeds). Read,
//! written back, built, and carried into the tool call; Adaptive Cards without it are as
//! before.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

use mcpapp_card::{CardBuilder, InputValues, parse_value, prepare_submit, tool_call};
use serde_json::{Value, json};

fn call_of(card: &mcpapp_card::Card, index: usize) -> mcpapp_card::ToolCall {
    let action = &card.actions[index];
    let data = prepare_submit(&[card], action, &InputValues::initial(card)).unwrap();
    tool_call(action, data).unwrap()
}

#[test]
fn is_final_is_read_on_the_card_and_on_actions_and_written_back() {
    let json = json!({"type": "McpApp", "isFinal": true,
    "body": [{"type": "TextBlock", "text": "Booked"}],
    "actions": [
        {"type": "Action.Submit", "title": "Book", "isFinal": true, "data": {"mcp_tool_name": "book"}},
        {"type": "Action.Execute", "title": "Undo", "verb": "undo", "isFinal": false},
        {"type": "Action.Submit", "title": "Later", "data": {"mcp_tool_name": "later"}}
    ]});
    let parsed = parse_value(json.clone());
    assert!(parsed.is_valid(), "{:?}", parsed.diagnostics);
    let card = parsed.card.unwrap();
    assert!(card.is_final());
    assert!(
        card.extra.is_empty(),
        "a known property, not an unknown one"
    );
    assert!(card.actions[0].is_final());
    assert!(!card.actions[1].is_final());
    assert!(!card.actions[2].is_final());
    assert!(call_of(&card, 0).finishes);
    assert!(!call_of(&card, 1).finishes);
    assert!(!call_of(&card, 2).finishes);
    assert_eq!(serde_json::to_value(&card).unwrap(), json);
}

#[test]
fn an_adaptive_card_without_it_is_not_final_and_a_wrong_type_is_reported() {
    let card = parse_value(json!({"type": "AdaptiveCard", "version": "1.5", "body": []}))
        .card
        .unwrap();
    assert!(!card.is_final());
    let parsed = parse_value(json!({"type": "McpApp", "isFinal": "yes", "body": []}));
    assert!(!parsed.diagnostics.is_empty());
    assert!(!parsed.card.is_some_and(|c| c.is_final()));
}

#[test]
fn the_builder_makes_final_cards_and_final_actions() {
    let card = CardBuilder::new()
        .text("Book slot 2?")
        .submit_final("Book", "book", json!({"slot": 2}))
        .submit("Not now", "later", Value::Null)
        .build()
        .unwrap();
    assert!(!card.is_final());
    assert!(call_of(&card, 0).finishes);
    assert!(!call_of(&card, 1).finishes);
    let receipt = CardBuilder::new()
        .text("Booked")
        .is_final()
        .build()
        .unwrap();
    assert!(receipt.is_final());
    assert_eq!(serde_json::to_value(&receipt).unwrap()["isFinal"], true);
}
