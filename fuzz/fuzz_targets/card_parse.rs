//! Card reading: any bytes → `mcpapp_card::parse` → findings, then everything a host does with a
//! card it read (the card-wide check, which writes it back as JSON and reads that again, initial
//! input values, submit preparation, the text fallback).
//!
//! Properties: nothing panics; a card that could not be read comes with an error; every finding
//! has a message, and its line and column (when given) are inside the text: 1 ≤ line ≤ the number
//! of lines, 1 ≤ column ≤ the characters of that line + 1; when the text is JSON, every finding's
//! pointer names a place in it (or, where a key is given twice, a place found in the text).
#![no_main]

use libfuzzer_sys::fuzz_target;
use mcpapp_card::{Diagnostic, InputValues, Severity, parse, prepare_submit, text_fallback};

/// Every finding has a message; its line and column are inside the text; its pointer names a
/// place in the document when the text is JSON (or, with duplicate keys, was found in the text).
fn check_positions(data: &[u8], diagnostics: &[Diagnostic]) {
    // Lines are split at `\n` only, as the reader counts them; a bad UTF-8 sequence counts as one
    // character, which is never fewer than the reader counts before it.
    let text = String::from_utf8_lossy(data);
    let lines: Vec<&str> = text.split('\n').collect();
    let json: Option<serde_json::Value> = std::str::from_utf8(data)
        .ok()
        .and_then(|t| serde_json::from_str(t).ok());
    for d in diagnostics {
        assert!(!d.message.is_empty(), "empty message: {d:?}");
        assert_eq!(
            d.line.is_some(),
            d.column.is_some(),
            "half a position: {d:?}"
        );
        if let (Some(line), Some(column)) = (d.line, d.column) {
            assert!(line >= 1 && line <= lines.len(), "line out of range: {d:?}");
            let width = lines[line - 1].chars().count();
            assert!(
                column >= 1 && column <= width + 1,
                "column out of range (line has {width} characters): {d:?}"
            );
        }
        // With a key given twice the reader, like `serde_json`, keeps the last value, but a
        // finding about the first is kept too and placed there: located, it is in the text.
        if let Some(value) = &json {
            assert!(
                value.pointer(&d.pointer).is_some() || d.line.is_some(),
                "pointer outside the document: {d:?}"
            );
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let parsed = parse(data);
    assert!(
        parsed.card.is_some()
            || parsed
                .diagnostics
                .iter()
                .any(|d| d.severity == Severity::Error),
        "no card and no error: {:?}",
        parsed.diagnostics
    );
    if !parsed.diagnostics.is_empty() {
        check_positions(data, &parsed.diagnostics);
    }
    if let Some(card) = parsed.card {
        // `check` writes the card back as JSON and reads that again.
        let _ = mcpapp_card::check(&card);
        let values = InputValues::initial(&card);
        for action in card.actions_all() {
            let _ = prepare_submit(&[&card], action, &values);
        }
        let _ = text_fallback(&card);
    }
});
