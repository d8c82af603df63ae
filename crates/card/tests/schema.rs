//! The published JSON Schemas in `schemas/` are current, and the example cards satisfy the
//! card schema. Run with `UPDATE_SCHEMAS=1` to rewrite stale files.

mod common;

use std::path::PathBuf;

use serde_json::Value;

fn schemas() -> Vec<(&'static str, Value)> {
    vec![
        ("card.schema.json", mcpapp_card::card_schema().to_value()),
        (
            "diagnostics.schema.json",
            mcpapp_card::diagnostics_schema().to_value(),
        ),
        (
            "input-values.schema.json",
            mcpapp_card::input_values_schema().to_value(),
        ),
    ]
}

fn dir() -> PathBuf {
    common::repo().join("schemas")
}

#[test]
fn published_schemas_are_current() {
    let update = std::env::var("UPDATE_SCHEMAS").is_ok_and(|v| v == "1");
    let mut stale = Vec::new();
    for (name, schema) in schemas() {
        let path = dir().join(name);
        let text = serde_json::to_string_pretty(&schema).unwrap() + "\n";
        let current = std::fs::read_to_string(&path).unwrap_or_default();
        if current != text {
            if update {
                std::fs::write(&path, &text).unwrap();
                eprintln!("updated {}", path.display());
            } else {
                stale.push(path.display().to_string());
            }
        }
    }
    assert!(
        stale.is_empty(),
        "stale schemas (regenerate with `UPDATE_SCHEMAS=1 cargo test -p mcpapp-card --test schema`): {stale:?}"
    );
}

#[test]
fn example_cards_satisfy_the_card_schema() {
    let schema = mcpapp_card::card_schema().to_value();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let mut failures = Vec::new();
    for path in common::example_cards() {
        let card: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        for error in validator.iter_errors(&card) {
            failures.push(format!(
                "{}: {} at {}",
                path.display(),
                error,
                error.instance_path()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_card_schema_rejects_what_the_model_cannot_be() {
    let schema = mcpapp_card::card_schema().to_value();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let ok = serde_json::json!({"type": "McpApp", "body": [{"type": "TextBlock", "text": "x", "size": "LARGE"}]});
    assert!(validator.is_valid(&ok));
    for bad in [
        serde_json::json!({"type": "Message"}),
        serde_json::json!({"type": "McpApp", "body": [{"type": "TextBlock"}]}),
        serde_json::json!({"type": "McpApp", "body": [{"type": "TextBlock", "text": "x", "size": "huge"}]}),
        serde_json::json!({"type": "McpApp", "body": [{"type": "Input.Number", "id": "n", "min": "one"}]}),
    ] {
        assert!(!validator.is_valid(&bad), "{bad}");
    }
}
