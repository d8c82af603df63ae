//! Hostile streams: each ends with the right finding or a bounded result, and nothing
//! panics, overflows the stack or grows without bound.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

use std::fmt::Write as _;

use mcpapp_a2ui::{
    Child, Code, Cut, Limits, MAX_TEMPLATE_ITEMS, MAX_TEXT_BYTES, MAX_TREE_DEPTH, MAX_TREE_NODES,
    Pointer, Report, process_str, process_str_with,
};
use serde_json::{Value, json};

const BASIC: &str = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json";

fn create() -> Value {
    json!({"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": BASIC}})
}

fn components(list: &Value) -> Value {
    json!({"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": list}})
}

fn data(path: &str, value: &Value) -> Value {
    json!({"version": "v0.9", "updateDataModel": {"surfaceId": "s", "path": path, "value": value}})
}

fn stream(messages: &[Value]) -> String {
    serde_json::to_string(&Value::Array(messages.to_vec())).unwrap()
}

fn codes(report: &Report) -> Vec<Code> {
    report.diagnostics.iter().map(|d| d.code).collect()
}

#[test]
fn a_cycle_is_found_and_the_tree_stops_at_it() {
    let report = process_str(&stream(&[
        create(),
        components(&json!([
            {"id": "root", "component": "Card", "child": "a"},
            {"id": "a", "component": "Column", "children": ["b"]},
            {"id": "b", "component": "Card", "child": "root"}
        ])),
    ]));
    let cycle = report
        .diagnostics
        .iter()
        .find(|d| d.code == Code::Cycle)
        .expect("a cycle finding");
    assert_eq!(cycle.message_index, Some(1));
    assert_eq!(cycle.pointer, "/updateComponents/components/2/child");
    assert!(cycle.line.is_some());
    let tree = report.processor.surface("s").unwrap().tree();
    let gaps = tree.gaps();
    assert!(matches!(gaps.as_slice(), [("b", Child::Cycle { id, .. })] if id == "root"));
}

#[test]
fn twenty_thousand_deep_json_is_refused_by_the_reader() {
    let deep = format!(
        r#"{{"version": "v0.9", "updateDataModel": {{"surfaceId": "s", "value": {}{}}}}}"#,
        "[".repeat(20_000),
        "]".repeat(20_000)
    );
    let report = process_str(&deep);
    assert_eq!(codes(&report), vec![Code::TooDeep]);
    // Within the reader's bound but past ours: refused by the processor, before the schema.
    let deep = format!(
        r#"[{{"version": "v0.9", "updateDataModel": {{"surfaceId": "s", "value": {}{}}}}}]"#,
        "[".repeat(100),
        "]".repeat(100)
    );
    assert_eq!(codes(&process_str(&deep)), vec![Code::TooDeep]);
}

/// `n` Cards, each the child of the one before.
fn chain(n: usize) -> Value {
    let mut list = vec![json!({"id": "root", "component": "Card", "child": "c1"})];
    for i in 1..n {
        list.push(
            json!({"id": format!("c{i}"), "component": "Card", "child": format!("c{}", i + 1)}),
        );
    }
    list.push(json!({"id": format!("c{n}"), "component": "Text", "text": "bottom"}));
    Value::Array(list)
}

#[test]
fn twenty_thousand_deep_component_chains_are_bounded() {
    let text = stream(&[create(), components(&chain(20_000))]);
    // Over the component bound: the excess is refused.
    let report = process_str(&text);
    assert!(
        codes(&report).contains(&Code::TooManyComponents),
        "{:?}",
        codes(&report)
    );
    // With room for every component: the tree is cut at the depth bound.
    let roomy = Limits {
        max_components: 30_000,
        ..Limits::default()
    };
    let report = process_str_with(&text, roomy);
    assert!(
        codes(&report).contains(&Code::TooDeep),
        "{:?}",
        codes(&report)
    );
    let tree = report.processor.surface("s").unwrap().tree();
    assert!(tree.nodes <= MAX_TREE_DEPTH + 1, "{}", tree.nodes);
    assert!(tree.gaps().iter().any(|(_, g)| matches!(
        g,
        Child::Cut {
            reason: Cut::TooDeep,
            ..
        }
    )));
}

#[test]
fn a_two_hundred_thousand_item_template_is_cut() {
    let items: Vec<Value> = (0..200_000).map(|i| json!(i)).collect();
    let report = process_str(&stream(&[
        create(),
        components(&json!([
            {"id": "root", "component": "List", "children": {"componentId": "row", "path": "/items"}},
            {"id": "row", "component": "Text", "text": {"call": "formatString", "args": {"value": "row"}}}
        ])),
        data("/items", &Value::Array(items)),
    ]));
    assert_eq!(codes(&report), vec![Code::TemplateTruncated]);
    let surface = report.processor.surface("s").unwrap();
    let tree = surface.tree();
    let root = tree.root.unwrap();
    assert_eq!(root.children.len(), MAX_TEMPLATE_ITEMS + 1);
    assert!(matches!(
        root.children.last(),
        Some(Child::Cut { reason: Cut::TemplateItems { omitted }, .. }) if *omitted == 200_000 - MAX_TEMPLATE_ITEMS
    ));
    let Some(Child::Node { node, .. }) = root.children.get(7) else {
        panic!("no 8th row");
    };
    assert_eq!(node.scope.to_string(), "/items/7");
    assert_eq!(surface.data().get(&node.scope), Some(&json!(7)));
}

#[test]
fn two_hundred_thousand_objects_are_refused_before_reading() {
    // 3 MB of text, but about 140 MB once read: refused by the reading estimate.
    let items: Vec<Value> = (0..200_000).map(|i| json!({"n": i})).collect();
    let report = process_str(&stream(&[create(), data("/items", &Value::Array(items))]));
    assert_eq!(codes(&report), vec![Code::TooLarge]);
    assert!(report.processor.surfaces().is_empty());
}

#[test]
fn a_doubling_graph_stops_at_the_node_bound() {
    // Each level refers to the next twice: 2^40 paths, bounded by the node limit.
    let mut list = Vec::new();
    for i in 0..40 {
        let id = if i == 0 {
            "root".to_owned()
        } else {
            format!("l{i}")
        };
        let next = format!("l{}", i + 1);
        list.push(json!({"id": id, "component": "Row", "children": [next, next]}));
    }
    list.push(json!({"id": "l40", "component": "Text", "text": "leaf"}));
    let report = process_str(&stream(&[create(), components(&Value::Array(list))]));
    assert!(
        codes(&report).contains(&Code::TreeTruncated),
        "{:?}",
        codes(&report)
    );
    let tree = report.processor.surface("s").unwrap().tree();
    assert!(tree.nodes <= MAX_TREE_NODES, "{}", tree.nodes);
}

#[test]
fn four_megabytes_of_text_resolve_to_a_visibly_cut_string() {
    let big = "x".repeat(4 * 1024 * 1024);
    let report = process_str(&stream(&[
        create(),
        components(
            &json!([{"id": "root", "component": "Column", "children": ["lit", "bound"]},
            {"id": "lit", "component": "Text", "text": big},
            {"id": "bound", "component": "Text", "text": {"path": "/big"}}]),
        ),
        data("/big", &json!(big)),
    ]));
    assert!(report.is_ok(), "{:?}", codes(&report));
    let surface = report.processor.surface("s").unwrap();
    let root = Pointer::root();
    for id in ["lit", "bound"] {
        let text = surface
            .context(&root)
            .resolve_text(&surface.component(id).unwrap().properties["text"])
            .unwrap();
        assert!(text.len() <= MAX_TEXT_BYTES, "{}", text.len());
        assert!(text.ends_with('…'));
    }
}

#[test]
fn nested_format_strings_end_in_an_error() {
    // `${` ten thousand deep, in a literal template: refused by the lint and at resolution.
    let template = format!("{}/a{}", "${".repeat(10_000), "}".repeat(10_000));
    let text_prop =
        json!({"call": "formatString", "args": {"value": template}, "returnType": "string"});
    let report = process_str(&stream(&[
        create(),
        components(&json!([{"id": "root", "component": "Text", "text": text_prop}])),
    ]));
    assert_eq!(codes(&report), vec![Code::InvalidFormat]);
    let surface = report.processor.surface("s").unwrap();
    assert!(surface.property("root", "text", &Pointer::root()).is_err());

    // formatString whose value is a formatString, thirty deep: past the call bound.
    let mut call = json!("${/x}");
    for _ in 0..30 {
        call = json!({"call": "formatString", "args": {"value": call}, "returnType": "string"});
    }
    let report = process_str(&stream(&[
        create(),
        components(&json!([{"id": "root", "component": "Text", "text": call}])),
    ]));
    let surface = report.processor.surface("s");
    match surface {
        // Accepted (it is valid JSON within the depth bound): resolution stops at the bound.
        Some(s) if s.component("root").is_some() => {
            assert!(s.property("root", "text", &Pointer::root()).is_err());
        }
        // Or refused as too deep for a message.
        _ => assert!(
            codes(&report).contains(&Code::TooDeep),
            "{:?}",
            codes(&report)
        ),
    }
}

#[test]
fn terminal_escapes_stay_as_data() {
    let hostile = "\u{1b}[31mred\u{1b}]0;pwned\u{7}\u{202e}rtl\r\n";
    let report = process_str(&stream(&[
        create(),
        components(&json!([{"id": "root", "component": "Text", "text": {"path": "/t"}}])),
        data("/t", &json!(hostile)),
    ]));
    assert!(report.is_ok());
    let surface = report.processor.surface("s").unwrap();
    // Kept exactly: neutralising control characters is the renderer's job.
    assert_eq!(
        surface.property("root", "text", &Pointer::root()).unwrap(),
        json!(hostile)
    );
    // Findings quote what the agent wrote, escaped: printing them drives no terminal.
    let report = process_str(&stream(&[
        create(),
        components(&json!([{"id": "root", "component": hostile}])),
    ]));
    assert!(!report.diagnostics.is_empty());
    for d in &report.diagnostics {
        let printed = d.to_string();
        assert!(
            !printed.chars().any(|c| c.is_control() || c == '\u{202e}'),
            "{printed:?}"
        );
    }
}

#[test]
fn far_indices_too_many_messages_and_too_large_inputs() {
    let report = process_str(&stream(&[create(), data("/l/999999999", &json!(1))]));
    assert_eq!(codes(&report), vec![Code::InvalidPointer]);

    let one =
        serde_json::to_string(&json!({"version": "v0.9", "deleteSurface": {"surfaceId": "x"}}))
            .unwrap();
    let mut many = String::new();
    for _ in 0..20_000 {
        writeln!(many, "{one}").unwrap();
    }
    let report = process_str(&many);
    assert_eq!(report.messages, 10_000);
    assert!(codes(&report).contains(&Code::TooManyMessages));
    assert!(codes(&report).contains(&Code::TooManyDiagnostics));
    assert!(report.diagnostics.len() <= mcpapp_a2ui::MAX_DIAGNOSTICS + 1);

    let huge = " ".repeat(17 * 1024 * 1024);
    assert_eq!(codes(&process_str(&huge)), vec![Code::TooLarge]);
}

#[test]
fn a_data_model_over_its_bound_is_refused() {
    let limits = Limits {
        max_data_bytes: 2000,
        ..Limits::default()
    };
    let report = process_str_with(
        &stream(&[
            create(),
            data("/a", &json!("x".repeat(700))),
            data("/b", &json!("y".repeat(700))),
        ]),
        limits,
    );
    assert_eq!(codes(&report), vec![Code::DataTooLarge]);
    let surface = report.processor.surface("s").unwrap();
    assert_eq!(surface.data().root().get("b"), None);
    assert!(surface.data().root().get("a").is_some());
}
