//! Property tests: whatever bytes or JSON come in, parsing, validation, initial values and
//! submit preparation never panic, and every finding points into the document.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here
#![expect(clippy::needless_pass_by_value, reason = "test helpers fail loudly")]

mod common;

use mcpapp_card::{InputValues, Severity, parse, parse_value, prepare_submit};
use proptest::prelude::*;
use serde_json::{Map, Value, json};

/// Property names and type names the reader knows, so generated objects reach deep into it.
const KEYS: &[&str] = &[
    "type",
    "body",
    "actions",
    "items",
    "columns",
    "rows",
    "cells",
    "pages",
    "inlines",
    "facts",
    "choices",
    "images",
    "sources",
    "card",
    "data",
    "fallback",
    "selectAction",
    "inlineAction",
    "id",
    "text",
    "title",
    "value",
    "url",
    "regex",
    "min",
    "max",
    "maxLength",
    "isRequired",
    "width",
    "height",
    "size",
    "style",
    "spacing",
    "isVisible",
    "targetElements",
    "elementId",
    "backgroundImage",
    "minHeight",
    "version",
    "choices.data",
    "requires",
    "valueOn",
    "verb",
    "associatedInputs",
    "mcp_tool_name",
    "x-unknown",
];
const TYPES: &[&str] = &[
    "McpApp",
    "AdaptiveCard",
    "TextBlock",
    "RichTextBlock",
    "TextRun",
    "Image",
    "ImageSet",
    "Media",
    "FactSet",
    "Container",
    "ColumnSet",
    "Column",
    "ActionSet",
    "Table",
    "TableRow",
    "TableCell",
    "Carousel",
    "CarouselPage",
    "Input.Text",
    "Input.Number",
    "Input.Date",
    "Input.Time",
    "Input.Toggle",
    "Input.ChoiceSet",
    "Action.Submit",
    "Action.Execute",
    "Action.OpenUrl",
    "Action.ShowCard",
    "Action.ToggleVisibility",
    "Graph",
    "drop",
];

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        any::<f64>().prop_map(|n| json!(n)),
        prop::sample::select(TYPES).prop_map(|s| json!(s)),
        "[a-z0-9:/._ -]{0,12}".prop_map(Value::String),
        prop::sample::select(
            &[
                "javascript:alert(1)",
                "https://e.com/a.png",
                "data:image/png;base64,AA==",
                "50px",
                "2024-02-30",
                "12:61",
                "(unclosed",
                "auto",
                "stretch",
                "LARGE",
                "",
            ][..]
        )
        .prop_map(|s| json!(s)),
    ]
}

fn json_value() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(8, 256, 8, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec((prop::sample::select(KEYS), inner), 0..8).prop_map(|pairs| {
                Value::Object(
                    pairs
                        .into_iter()
                        .map(|(k, v)| (k.to_owned(), v))
                        .collect::<Map<String, Value>>(),
                )
            }),
        ]
    })
}

/// Runs everything a host runs on a card, and checks the findings' pointers exist.
fn exercise(value: Value) {
    let parsed = parse_value(value.clone());
    for d in &parsed.diagnostics {
        assert!(
            value.pointer(&d.pointer).is_some(),
            "{d} points outside the document"
        );
        assert!(!d.message.is_empty());
    }
    if let Some(card) = parsed.card {
        let values = InputValues::initial(&card);
        for action in card.actions_all() {
            let _ = prepare_submit(&[&card], action, &values);
        }
        let _ = serde_json::to_string(&card).unwrap();
        let _ = mcpapp_card::check(&card);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
        let parsed = parse(&bytes);
        prop_assert!(parsed.card.is_some() || parsed.diagnostics.iter().any(|d| d.severity == Severity::Error));
    }

    #[test]
    fn arbitrary_json_never_panics(value in json_value()) {
        exercise(value);
    }

    #[test]
    fn arbitrary_cards_never_panic(body in prop::collection::vec(json_value(), 0..6),
                                   actions in prop::collection::vec(json_value(), 0..4)) {
        exercise(json!({"type": "McpApp", "body": body, "actions": actions}));
    }

    #[test]
    fn corpus_cards_with_a_subtree_replaced_never_panic(
        pick in any::<prop::sample::Index>(),
        at in any::<prop::sample::Index>(),
        replacement in json_value(),
    ) {
        let files = corpus_files();
        let file = pick.get(&files);
        let mut value: Value = serde_json::from_slice(&std::fs::read(file).unwrap()).unwrap();
        let pointers = all_pointers(&value);
        let target = at.get(&pointers).clone();
        if let Some(slot) = value.pointer_mut(&target) {
            *slot = replacement;
        }
        exercise(value);
    }

    #[test]
    fn truncated_corpus_text_never_panics(pick in any::<prop::sample::Index>(), cut in any::<prop::sample::Index>()) {
        let files = corpus_files();
        let bytes = std::fs::read(pick.get(&files)).unwrap();
        let end = cut.index(bytes.len() + 1);
        let parsed = parse(&bytes[..end]);
        for d in &parsed.diagnostics {
            prop_assert!(!d.message.is_empty());
        }
    }
}

fn corpus_files() -> Vec<std::path::PathBuf> {
    use std::sync::OnceLock;
    static FILES: OnceLock<Vec<std::path::PathBuf>> = OnceLock::new();
    FILES
        .get_or_init(|| {
            let mut files = common::corpus_cards();
            files.extend(common::example_cards());
            files
        })
        .clone()
}

fn all_pointers(value: &Value) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut i = 0;
    while let Some(p) = out.get(i).cloned() {
        match value.pointer(&p) {
            Some(Value::Object(map)) => {
                for k in map.keys() {
                    out.push(format!("{p}/{}", k.replace('~', "~0").replace('/', "~1")));
                }
            }
            Some(Value::Array(items)) => {
                for j in 0..items.len() {
                    out.push(format!("{p}/{j}"));
                }
            }
            _ => {}
        }
        i += 1;
    }
    out
}
