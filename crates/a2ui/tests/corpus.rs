//! The official corpus: every example stream processes with no error, and on every example
//! message and every schema test case, the official schema's verdict (as the upstream test
//! runner states it) and ours agree.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

use std::path::{Path, PathBuf};

use mcpapp_a2ui::catalog::CatalogKind;
use mcpapp_a2ui::schema::Schemas;
use mcpapp_a2ui::{Diagnostic, InputForm, check_message, process_str};
use serde_json::Value;

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/corpus/a2ui")
}

fn examples() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for catalog in ["basic", "minimal"] {
        let dir = corpus().join("catalogs").join(catalog).join("examples");
        for entry in std::fs::read_dir(dir).unwrap() {
            files.push(entry.unwrap().path());
        }
    }
    files.sort();
    files
}

#[test]
fn every_example_stream_processes_without_findings() {
    let files = examples();
    assert_eq!(files.len(), 43);
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let report = process_str(&text);
        assert_eq!(report.form, Some(InputForm::Wrapper), "{}", file.display());
        let errors: Vec<String> = report.errors().map(ToString::to_string).collect();
        assert!(
            errors.is_empty(),
            "{}:\n{}",
            file.display(),
            errors.join("\n")
        );
        assert!(report.messages >= 2, "{}", file.display());
        // Every surface the example leaves has a tree rooted at `root`.
        for surface in report.processor.surfaces().values() {
            let tree = surface.tree();
            let root = tree.root.expect("a root");
            assert_eq!(root.id, "root");
            assert!(tree.nodes >= 1);
        }
    }
}

fn catalog_of(file: &Path) -> CatalogKind {
    if file.to_string_lossy().contains("minimal") {
        CatalogKind::Minimal
    } else {
        CatalogKind::Basic
    }
}

#[test]
fn the_schema_accepts_every_example_message() {
    let schemas = Schemas::official();
    let mut checked = 0;
    for file in examples() {
        let wrapper: Value =
            serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        for (i, message) in wrapper["messages"].as_array().unwrap().iter().enumerate() {
            let violations = schemas.check_server(message, catalog_of(&file));
            assert!(
                violations.is_empty(),
                "{} message {i}: {violations:?}",
                file.display()
            );
            checked += 1;
        }
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn our_verdict_is_the_official_one_on_every_test_case() {
    let schemas = Schemas::official();
    let dir = corpus().join("test/cases");
    let mut cases = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let suite: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let schema = suite["schema"].as_str().unwrap_or("server_to_client.json");
        for test in suite["tests"].as_array().unwrap() {
            let expected = test["valid"].as_bool().unwrap_or(true);
            let data = &test["data"];
            let violations = match schema {
                "server_to_client.json" => schemas.check_server(data, CatalogKind::Basic),
                "client_to_server.json" => schemas.check_client(data),
                other => panic!("unknown schema {other} in {}", path.display()),
            };
            assert_eq!(
                violations.is_empty(),
                expected,
                "{}: {}: {violations:?}",
                path.display(),
                test["description"]
            );
            // A message the schema accepts is one we accept; one it refuses, one we refuse.
            if schema == "server_to_client.json" {
                let ours = check_message(data);
                assert_eq!(
                    !ours.iter().any(Diagnostic::is_error),
                    expected,
                    "{}: {ours:?}",
                    test["description"]
                );
            }
            cases += 1;
        }
    }
    assert!(cases >= 70, "{cases}");
}

#[test]
fn the_jsonl_test_stream_processes() {
    let text =
        std::fs::read_to_string(corpus().join("test/cases/contact_form_example.jsonl")).unwrap();
    let report = process_str(&text);
    assert_eq!(report.form, Some(InputForm::Jsonl));
    let errors: Vec<String> = report.errors().map(ToString::to_string).collect();
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn vendored_schemas_are_the_corpus_files() {
    let crate_vendor = Path::new(env!("CARGO_MANIFEST_DIR")).join("vendor/a2ui");
    for file in [
        "LICENSE",
        "json/server_to_client.json",
        "json/common_types.json",
        "json/client_to_server.json",
        "catalogs/basic/catalog.json",
        "catalogs/minimal/catalog.json",
    ] {
        assert_eq!(
            std::fs::read(crate_vendor.join(file)).unwrap(),
            std::fs::read(corpus().join(file)).unwrap(),
            "{file}"
        );
    }
}

#[test]
fn a_lone_client_message_is_checked_as_one() {
    let good = r#"{"version": "v0.9", "action": {"name": "go", "surfaceId": "s",
        "sourceComponentId": "b", "timestamp": "2026-12-03T10:00:00Z", "context": {}}}"#;
    let report = process_str(good);
    assert_eq!(report.form, Some(InputForm::Message));
    assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
    let bad = r#"{"version": "v0.9", "error": {"code": "VALIDATION_FAILED", "surfaceId": "s"}}"#;
    let report = process_str(bad);
    assert!(!report.is_ok());
    assert_eq!(report.diagnostics[0].line, Some(1));
}

#[test]
fn every_valid_component_reads_as_a_typed_basic_component() {
    use mcpapp_a2ui::catalog::BasicComponent;
    let mut seen = std::collections::BTreeSet::new();
    let mut messages: Vec<Value> = Vec::new();
    for file in examples()
        .iter()
        .filter(|f| catalog_of(f) == CatalogKind::Basic)
    {
        let wrapper: Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
        messages.extend(wrapper["messages"].as_array().unwrap().iter().cloned());
    }
    for entry in std::fs::read_dir(corpus().join("test/cases")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "json") {
            let suite: Value =
                serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            for test in suite["tests"].as_array().unwrap() {
                if test["valid"] == Value::Bool(true) {
                    messages.push(test["data"].clone());
                }
            }
        }
    }
    for message in &messages {
        let Some(components) = message["updateComponents"]["components"].as_array() else {
            continue;
        };
        for raw in components {
            let component: mcpapp_a2ui::Component = serde_json::from_value(raw.clone()).unwrap();
            let typed = BasicComponent::from_component(&component);
            assert!(typed.is_ok(), "{raw}: {typed:?}");
            seen.insert(component.component.clone());
        }
    }
    // The corpus uses every one of the basic catalog's components.
    assert_eq!(seen.len(), 18, "{seen:?}");
}
