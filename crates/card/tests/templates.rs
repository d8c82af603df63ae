//! Card templates filled with data: the corpus templates and our example expand into valid
//! cards, and template problems are reported where they are.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

mod common;

use mcpapp_card::{Code, Severity, parse_template};
use serde_json::{Value, json};

fn data(path: &std::path::Path) -> Value {
    serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap()
}

#[test]
fn corpus_templates_expand_to_valid_cards() {
    let root = common::corpus().join("Templates");
    let mut checked = 0;
    for template in common::json_files(&root) {
        let name = template.file_name().unwrap().to_string_lossy().into_owned();
        if name.ends_with(".data.json") {
            continue;
        }
        let data_file = if template.parent().unwrap().ends_with("Elements") {
            root.join("Elements/Template.data.json")
        } else {
            template.with_file_name(name.replace(".template.json", ".data.json"))
        };
        let parsed = parse_template(&std::fs::read(&template).unwrap(), &data(&data_file));
        let errors: Vec<String> = parsed.errors().map(ToString::to_string).collect();
        assert!(
            parsed.card.is_some() && errors.is_empty(),
            "{}: {errors:#?}",
            template.display()
        );
        checked += 1;
    }
    assert_eq!(checked, 38);
}

#[test]
fn example_template_expands() {
    let dir = common::repo().join("examples/templates");
    let parsed = parse_template(
        &std::fs::read(dir.join("forecast.template.json")).unwrap(),
        &data(&dir.join("forecast.data.json")),
    );
    assert!(parsed.is_valid(), "{:#?}", parsed.diagnostics);
    assert!(
        parsed
            .diagnostics
            .iter()
            .all(|d| d.severity == Severity::Info),
        "{:#?}",
        parsed.diagnostics
    );
    let card = serde_json::to_string(&parsed.card.unwrap()).unwrap();
    assert!(!card.contains("${"), "unexpanded bindings in {card}");
}

#[test]
fn a_failing_expression_is_reported_at_its_place_in_the_template() {
    let source = b"{\n  \"type\": \"McpApp\",\n  \"body\": [\n    {\"type\": \"TextBlock\", \"text\": \"${nosuchfunction(1)}\"}\n  ]\n}";
    let parsed = parse_template(source, &json!({}));
    assert!(parsed.card.is_none());
    let d = &parsed.diagnostics[0];
    assert_eq!(d.code, Code::TemplateError);
    assert_eq!(d.pointer, "/body/0/text");
    assert_eq!((d.line, d.column), (Some(4), Some(27)));
}

#[test]
fn problems_of_the_expanded_card_say_so() {
    let source = br#"{"type": "McpApp", "actions": [{"type": "Action.OpenUrl", "title": "Go", "url": "${link}"}]}"#;
    let parsed = parse_template(source, &json!({"link": "javascript:alert(1)"}));
    let d = parsed.errors().next().unwrap();
    assert_eq!(
        (d.code, d.pointer.as_str()),
        (Code::UnsafeUrl, "/actions/0/url")
    );
    assert!(
        d.message.ends_with("(in the expanded card)"),
        "{}",
        d.message
    );
}

#[test]
fn unresolved_bindings_are_warnings() {
    let source =
        br#"{"type": "McpApp", "body": [{"type": "TextBlock", "text": "Hello ${user.name}"}]}"#;
    let parsed = parse_template(source, &json!({}));
    assert!(parsed.is_valid());
    assert!(
        parsed
            .diagnostics
            .iter()
            .any(|d| d.code == Code::TemplateUnresolved && d.pointer == "/body/0/text"),
        "{:#?}",
        parsed.diagnostics
    );
}

#[test]
fn template_syntax_errors_have_positions() {
    let parsed = parse_template(b"{\"type\": \"McpApp\",,}", &json!({}));
    assert_eq!(parsed.diagnostics[0].code, Code::JsonSyntax);
    assert_eq!(parsed.diagnostics[0].line, Some(1));
}
