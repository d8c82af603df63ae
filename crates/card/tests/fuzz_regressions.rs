//! Inputs the fuzzers (`fuzz/`, target `card_parse`) found, fed as they were found.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

use mcpapp_card::{Code, parse, parse_template};
use serde_json::json;

/// The line and column of the only finding about `bytes`.
fn position(bytes: &[u8]) -> (Code, Option<usize>, Option<usize>) {
    let parsed = parse(bytes);
    assert_eq!(parsed.diagnostics.len(), 1, "{:?}", parsed.diagnostics);
    let d = &parsed.diagnostics[0];
    (d.code, d.line, d.column)
}

/// `serde_json` counts the column of a syntax error in bytes; a finding's column is in characters,
/// so after `ééé` (six bytes, three characters) it was three columns past the end of the line.
#[test]
fn a_syntax_error_after_multibyte_characters_has_a_character_column() {
    let input =
        "{\"type\":\"McpApp\",\"body\":[{\"type\":\"TextBlock\",\"text\":\"\u{e9}\u{e9}\u{e9}";
    assert_eq!(input.chars().count(), 56);
    assert_eq!(input.len(), 59);
    assert_eq!(
        position(input.as_bytes()),
        (Code::JsonSyntax, Some(1), Some(56))
    );
    // On a later line, and in a template, which is read the same way.
    let input = "{\n  \"text\": \"\u{1f600}\u{1f600}\" x\n}";
    assert_eq!(
        position(input.as_bytes()),
        (Code::JsonSyntax, Some(2), Some(16))
    );
    let parsed = parse_template(input.as_bytes(), &json!({}));
    let d = &parsed.diagnostics[0];
    assert_eq!(
        (d.code, d.line, d.column),
        (Code::JsonSyntax, Some(2), Some(16))
    );
}

/// A key given twice (`actions`): the reader keeps the last value, as `JSON.parse` and
/// `serde_json` do. Findings about the first value stay, placed in the text; the fuzz target had
/// expected every pointer to resolve in the last-value document.
#[test]
fn a_key_given_twice_keeps_the_last_value_and_places_every_finding_in_the_text() {
    let input = r#"{
	"type": "AdaptiveCard",
	"$schema": "http://adaptivecards.io/schemas/adaptive--card.json",
	"version": "2.5",
	"body": [
		{
			"type": "TextBlock",
			"te]xt": "Check out our website!",
			"wrap": true
		}
	],
	"actions": [
		{
			"type": "Action.OpenUrl",
			"title": "Click Here!",
			"tooltip": "Alaptive Cards website",
			"url": "https://adaptivbsite!",
			"wrap": true
		}
	],
	"actions": [
		{
			"type": "Action.OpenUrl",
			"title": "Click Here!",
			"tooltip": "Alaptive Cards webecards.io/"
		}
	]
}
"#;
    let parsed = parse(input.as_bytes());
    let lines: Vec<&str> = input.split('\n').collect();
    for d in &parsed.diagnostics {
        let (line, column) = (d.line.unwrap(), d.column.unwrap());
        assert!(
            line <= lines.len() && column <= lines[line - 1].chars().count() + 1,
            "{d}"
        );
    }
    // The second `actions` holds one `Action.OpenUrl` without a `url`: dropped, with an error.
    assert!(parsed.card.unwrap().actions.is_empty());
    assert!(
        parsed
            .diagnostics
            .iter()
            .any(|d| d.code == Code::MissingProperty && d.pointer == "/actions/0")
    );
}
