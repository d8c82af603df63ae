//! Inputs the fuzzers (`fuzz/`, target `card_parse`) found, fed as they were found.

#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    reason = "tests fail loudly; that is their job"
)]

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
