//! Data binding as a renderer uses it: relative paths in template items, two-way binding of
//! inputs, checks, actions, and the stream's surface lifecycle.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

use std::path::Path;

use mcpapp_a2ui::{Child, Code, Fired, Pointer, ServerMessage, process_str};
use serde_json::{Value, json};

const BASIC: &str = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json";

fn jsonl(messages: &[Value]) -> String {
    messages
        .iter()
        .map(|m| serde_json::to_string(m).unwrap())
        .collect::<Vec<_>>()
        .join("\n")
}

fn form() -> Vec<Value> {
    vec![
        json!({"version": "v0.9", "createSurface": {"surfaceId": "f", "catalogId": BASIC, "sendDataModel": true}}),
        json!({"version": "v0.9", "updateComponents": {"surfaceId": "f", "components": [
            {"id": "root", "component": "Column", "children": ["email", "echo", "send", "open"]},
            {"id": "email", "component": "TextField", "label": "Email", "value": {"path": "/form/email"},
             "checks": [
                {"condition": {"call": "required", "args": {"value": {"path": "/form/email"}}}, "message": "Email is required"},
                {"condition": {"call": "email", "args": {"value": {"path": "/form/email"}}}, "message": "Not an email"}
             ]},
            {"id": "echo", "component": "Text", "text": {"call": "formatString", "args": {"value": "You typed ${/form/email}"}}},
            {"id": "send_label", "component": "Text", "text": "Send"},
            {"id": "send", "component": "Button", "child": "send_label",
             "action": {"event": {"name": "submit", "context": {"email": {"path": "/form/email"}, "fixed": 7}}},
             "checks": [{"condition": {"call": "email", "args": {"value": {"path": "/form/email"}}}, "message": "Fix the email first"}]},
            {"id": "open_label", "component": "Text", "text": "Docs"},
            {"id": "open", "component": "Button", "child": "open_label",
             "action": {"functionCall": {"call": "openUrl", "args": {"url": "https://a2ui.org/"}, "returnType": "void"}}}
        ]}}),
        json!({"version": "v0.9", "updateDataModel": {"surfaceId": "f", "path": "/form", "value": {"email": ""}}}),
    ]
}

#[test]
fn two_way_binding_checks_and_actions() {
    let mut report = process_str(&jsonl(&form()));
    assert!(report.is_ok(), "{:?}", report.diagnostics);
    let root = Pointer::root();
    let surface = report.processor.surface_mut("f").unwrap();

    let failing: Vec<String> = surface
        .checks("email", &root)
        .unwrap()
        .into_iter()
        .filter(|c| !c.passed)
        .map(|c| c.message)
        .collect();
    assert_eq!(failing, ["Email is required", "Not an email"]);
    assert_eq!(
        surface.fire("send", &root, "2026-12-03T10:00:00Z").unwrap(),
        Fired::Blocked("Fix the email first".into())
    );

    // The user types: the input writes where its value is bound; every reader sees it.
    surface
        .set_bound("email", "value", &root, json!("ada@example.com"))
        .unwrap();
    assert_eq!(
        surface.property("echo", "text", &root).unwrap(),
        json!("You typed ada@example.com")
    );
    assert!(
        surface
            .checks("email", &root)
            .unwrap()
            .iter()
            .all(|c| c.passed)
    );
    let Fired::Event(action) = surface.fire("send", &root, "2026-12-03T10:00:00Z").unwrap() else {
        panic!("no event");
    };
    assert_eq!(action.name, "submit");
    assert_eq!(action.source_component_id, "send");
    assert_eq!(action.context["email"], json!("ada@example.com"));
    assert_eq!(action.context["fixed"], json!(7));
    let written = serde_json::to_value(mcpapp_a2ui::ClientMessage::Action(action)).unwrap();
    assert!(
        mcpapp_a2ui::schema::Schemas::official()
            .check_client(&written)
            .is_empty()
    );

    let Fired::OpenUrl(url) = surface.fire("open", &root, "t").unwrap() else {
        panic!("no url");
    };
    assert_eq!(url.as_str(), "https://a2ui.org/");
    assert!(
        surface
            .set_bound("echo", "text", &root, json!("x"))
            .is_err()
    );
    assert_eq!(
        report.processor.client_data_model()["f"],
        json!({"form": {"email": "ada@example.com"}})
    );
}

#[test]
fn relative_paths_resolve_per_template_item() {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/corpus/a2ui/catalogs/basic/examples/34_child-list-template.json"),
    )
    .unwrap();
    let report = process_str(&text);
    let surface = report
        .processor
        .surface("gallery-child-list-template")
        .unwrap();
    let tree = surface.tree();
    // root Card > main-column > [title, item-list > rows]
    let mut rows = Vec::new();
    let mut stack = vec![tree.root.as_ref().unwrap()];
    while let Some(node) = stack.pop() {
        if node.id == "item-row" {
            rows.push(node);
        }
        for child in &node.children {
            if let Child::Node { node, .. } = child {
                stack.push(node);
            }
        }
    }
    rows.sort_by_key(|n| n.scope.to_string());
    let names: Vec<(String, Value)> = rows
        .iter()
        .map(|row| {
            (
                surface
                    .property("item-name", "text", &row.scope)
                    .unwrap()
                    .as_str()
                    .unwrap()
                    .to_owned(),
                surface.property("item-qty", "text", &row.scope).unwrap(),
            )
        })
        .collect();
    assert_eq!(
        names,
        [
            ("Apple".to_owned(), json!(10)),
            ("Banana".to_owned(), json!(5)),
            ("Cherry".to_owned(), json!(20))
        ]
    );
    // Scopes nest: a relative path inside an item reads below the item.
    let scope = Pointer::parse("/items/1").unwrap();
    assert_eq!(
        surface.context(&scope).read_path("name").unwrap(),
        json!("Banana")
    );
    assert_eq!(
        surface.context(&scope).read_path("/items/0/name").unwrap(),
        json!("Apple")
    );
}

#[test]
fn surface_lifecycle_and_upserts() {
    let stream = jsonl(&[
        json!({"version": "v0.9", "createSurface": {"surfaceId": "a", "catalogId": BASIC}}),
        json!({"version": "v0.9", "createSurface": {"surfaceId": "a", "catalogId": BASIC}}),
        json!({"version": "v0.9", "updateDataModel": {"surfaceId": "a", "path": "/l/2/x", "value": 1}}),
        json!({"version": "v0.9", "updateDataModel": {"surfaceId": "a", "path": "/l/2"}}),
        json!({"version": "v0.9", "updateComponents": {"surfaceId": "a", "components": [
            {"id": "root", "component": "Text", "text": "one"}]}}),
        json!({"version": "v0.9", "updateComponents": {"surfaceId": "a", "components": [
            {"id": "root", "component": "Divider"}]}}),
        json!({"version": "v0.9", "createSurface": {"surfaceId": "b", "catalogId": "https://example.com/mine"}}),
        json!({"version": "v0.9", "deleteSurface": {"surfaceId": "b"}}),
        json!({"version": "v0.9", "updateDataModel": {"surfaceId": "b", "value": {}}}),
    ]);
    let report = process_str(&stream);
    let found: Vec<(Code, Option<usize>, Option<usize>)> = report
        .diagnostics
        .iter()
        .map(|d| (d.code, d.message_index, d.line))
        .collect();
    assert_eq!(
        found,
        [
            (Code::SurfaceExists, Some(1), Some(2)),
            (Code::TypeChanged, Some(5), Some(6)),
            (Code::UnknownCatalog, Some(6), Some(7)),
            (Code::UnknownSurface, Some(8), Some(9)),
        ]
    );
    let surface = report.processor.surface("a").unwrap();
    // Containers were created on the way; removing an item keeps the array's length.
    assert_eq!(surface.data().root(), &json!({"l": [null, null, null]}));
    assert_eq!(surface.component("root").unwrap().component, "Divider");
    assert!(report.processor.surface("b").is_none());
}

#[test]
fn a_finding_becomes_the_specs_validation_error() {
    let report = process_str(&jsonl(&[
        json!({"version": "v0.9", "createSurface": {"surfaceId": "v", "catalogId": BASIC}}),
        json!({"version": "v0.9", "updateComponents": {"surfaceId": "v", "components": [
            {"id": "root", "component": "Text", "text": 42}]}}),
    ]));
    let finding = report.errors().next().expect("a schema finding");
    assert_eq!(finding.pointer, "/updateComponents/components/0/text");
    let error =
        mcpapp_a2ui::ErrorMessage::validation_failed("v", &finding.pointer, &finding.message);
    let written = serde_json::to_value(mcpapp_a2ui::ClientMessage::Error(error)).unwrap();
    assert_eq!(written["error"]["code"], "VALIDATION_FAILED");
    assert!(
        mcpapp_a2ui::schema::Schemas::official()
            .check_client(&written)
            .is_empty()
    );
}

#[test]
fn typed_messages_apply_without_json() {
    let mut processor = mcpapp_a2ui::Processor::new();
    for message in form() {
        let typed: ServerMessage = serde_json::from_value(message.clone()).unwrap();
        // Written back, a message is what the spec writes.
        assert_eq!(serde_json::to_value(&typed).unwrap(), message);
        assert!(processor.apply(&typed).is_empty());
    }
    assert!(processor.finish().is_empty());
    assert_eq!(processor.surface("f").unwrap().tree().nodes, 7);
}

#[test]
fn a_transport_applies_lines_as_they_come() {
    let mut processor = mcpapp_a2ui::Processor::new();
    let lines: Vec<String> = form()
        .iter()
        .map(|m| serde_json::to_string(m).unwrap())
        .collect();
    for line in &lines {
        assert!(processor.apply_str(line).is_empty());
    }
    // A broken line is placed in its own text.
    let found = processor.apply_str(r#"{"version": "v0.9", "deleteSurface": {"surfaceId": 7}}"#);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!((found[0].line, found[0].column), (Some(1), Some(39)));
    assert!(processor.finish().is_empty());
    assert!(processor.surface("f").is_some());
}

#[test]
fn a_weight_outside_a_row_or_column_is_flagged() {
    let report = process_str(&jsonl(&[
        json!({"version": "v0.9", "createSurface": {"surfaceId": "w", "catalogId": BASIC}}),
        json!({"version": "v0.9", "updateComponents": {"surfaceId": "w", "components": [
            {"id": "root", "component": "Row", "children": ["a", "card"]},
            {"id": "a", "component": "Text", "text": "a", "weight": 1},
            {"id": "card", "component": "Card", "child": "b"},
            {"id": "b", "component": "Text", "text": "b", "weight": 2}]}}),
    ]));
    let found: Vec<(Code, &str)> = report
        .diagnostics
        .iter()
        .map(|d| (d.code, d.pointer.as_str()))
        .collect();
    assert_eq!(
        found,
        [(
            Code::MisplacedWeight,
            "/updateComponents/components/3/weight"
        )]
    );
    assert!(report.is_ok());
}

#[test]
fn a_validation_regexp_is_a_check() {
    let mut report = process_str(&jsonl(&[
        json!({"version": "v0.9", "createSurface": {"surfaceId": "z", "catalogId": BASIC}}),
        json!({"version": "v0.9", "updateComponents": {"surfaceId": "z", "components": [
            {"id": "root", "component": "TextField", "label": "Zip", "value": {"path": "/zip"},
             "validationRegexp": "^[0-9]{5}$"}]}}),
    ]));
    assert!(report.is_ok(), "{:?}", report.diagnostics);
    let root = Pointer::root();
    let surface = report.processor.surface_mut("z").unwrap();
    // Empty: nothing to judge yet (`required` says whether it must be filled).
    assert!(surface.checks("root", &root).unwrap().is_empty());
    surface
        .set_bound("root", "value", &root, json!("123"))
        .unwrap();
    let outcomes = surface.checks("root", &root).unwrap();
    assert_eq!(outcomes.len(), 1);
    assert!(!outcomes[0].passed);
    assert_eq!(outcomes[0].message, mcpapp_a2ui::VALIDATION_REGEXP_MESSAGE);
    surface
        .set_bound("root", "value", &root, json!("12345"))
        .unwrap();
    assert!(surface.checks("root", &root).unwrap()[0].passed);
}

#[test]
fn the_messages_of_a_processor_rebuild_its_surfaces_with_what_the_user_typed() {
    let mut report = process_str(&jsonl(&form()));
    let surface = report.processor.surface_mut("f").unwrap();
    surface
        .set_path(&Pointer::root(), "/form/email", json!("ann@example.com"))
        .unwrap();
    let saved = jsonl(
        &report
            .processor
            .messages()
            .iter()
            .map(|m| serde_json::to_value(m).unwrap())
            .collect::<Vec<_>>(),
    );
    let rebuilt = process_str(&saved);
    assert!(rebuilt.is_ok(), "{:?}", rebuilt.diagnostics);
    let (before, after) = (
        report.processor.surface("f").unwrap(),
        rebuilt.processor.surface("f").unwrap(),
    );
    assert_eq!(after.data().root(), before.data().root());
    assert_eq!(after.components(), before.components());
    assert!(after.send_data_model());
    assert_eq!(
        after.property("echo", "text", &Pointer::root()).unwrap(),
        "You typed ann@example.com"
    );
}
