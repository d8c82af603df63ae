//! Every example card and every real card of the corpus parses, validates without errors and
//! round-trips through the model.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

mod common;

use std::path::{Path, PathBuf};

use mcpapp_card::{Severity, parse, parse_value};

fn check_file(path: &Path) -> Vec<String> {
    let bytes = std::fs::read(path).unwrap();
    let parsed = parse(&bytes);
    let mut problems: Vec<String> = parsed
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| format!("{}: {d}", path.display()))
        .collect();
    let Some(card) = parsed.card else {
        problems.push(format!("{}: no card", path.display()));
        return problems;
    };
    // Round trip: the model written back reads as the same model, without new findings.
    let written = serde_json::to_value(&card).unwrap();
    let again = parse_value(written.clone());
    if again.card.as_ref() != Some(&card) {
        problems.push(format!(
            "{}: the written card reads differently",
            path.display()
        ));
    }
    let new_findings: Vec<_> = again
        .diagnostics
        .iter()
        .filter(|d| d.severity >= Severity::Warning)
        .collect();
    if !new_findings.is_empty() {
        problems.push(format!(
            "{}: the written card has findings: {new_findings:?}",
            path.display()
        ));
    }
    // And writing it again gives the same JSON.
    assert_eq!(
        serde_json::to_value(again.card.as_ref().unwrap()).unwrap(),
        written,
        "{}",
        path.display()
    );
    problems
}

/// Checks every file with [`check_file`] and reports all their problems at once; there must
/// be at least `min` files, so that a moved folder cannot pass as an empty one.
fn check_all(files: &[PathBuf], min: usize) {
    assert!(files.len() >= min, "only {} files: {files:?}", files.len());
    let problems: Vec<String> = files.iter().flat_map(|p| check_file(p)).collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn example_cards_are_valid_and_round_trip() {
    check_all(&common::example_cards(), 10);
}

#[test]
fn example_cards_have_no_warnings() {
    for path in common::example_cards() {
        let parsed = parse(&std::fs::read(&path).unwrap());
        let warnings: Vec<String> = parsed
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Warning)
            .map(ToString::to_string)
            .collect();
        assert!(warnings.is_empty(), "{}: {warnings:#?}", path.display());
    }
}

#[test]
fn corpus_cards_are_valid_and_round_trip() {
    check_all(&common::corpus_cards(), 180);
}

#[test]
fn expanded_templates_are_valid() {
    let files = common::json_files(&common::corpus().join("Templates.expanded"));
    assert_eq!(files.len(), 38);
    check_all(&files, 38);
}
