#![cfg(test)] // clippy.toml's allowances for tests hold in every function here
//! `elicitation/create` form requests as cards: each kind of property the spec allows, the
//! card it becomes, and the `content` read back for given input.

use mcpapp_card::elicitation::{
    ACCEPT, CANCEL, DECLINE, check_content, elicitation_content, elicitation_form,
};
use mcpapp_card::{Action, Element, InputValue, InputValues};
use serde_json::{Value, json};

/// The one input of a form for `{"x": property}`, and the content read back for `value`.
fn one(
    property: &Value,
    required: bool,
    value: Option<InputValue>,
) -> (Element, Result<Value, String>) {
    let schema = json!({
        "type": "object",
        "properties": {"x": property},
        "required": if required { json!(["x"]) } else { json!([]) }
    });
    let form = elicitation_form("Question?", &schema).unwrap();
    let input = form.card.body[1].clone();
    let mut values = InputValues::initial(&form.card);
    if let Some(value) = value {
        values.set("x", value);
    }
    let content = elicitation_content(&form, &values)
        .map(Value::Object)
        .map_err(|errors| {
            errors
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; ")
        });
    (input, content)
}

#[expect(clippy::unnecessary_wraps, reason = "a table row's optional value")]
fn text(t: &str) -> Option<InputValue> {
    Some(InputValue::Text(t.to_owned()))
}

#[expect(clippy::unnecessary_wraps, reason = "a table row's optional value")]
fn choices(c: &[&str]) -> Option<InputValue> {
    Some(InputValue::Choices(
        c.iter().map(|s| (*s).to_owned()).collect(),
    ))
}

#[test]
fn the_card_has_the_message_and_the_three_answers() {
    let form = elicitation_form(
        "Who should attend?",
        &json!({"type": "object", "properties": {"name": {"type": "string"}}}),
    )
    .unwrap();
    assert!(form.notes.is_empty(), "{:?}", form.notes);
    let card = serde_json::to_value(&form.card).unwrap();
    assert_eq!(card["body"][0]["text"], "Who should attend?");
    let ids: Vec<&str> = card["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, [ACCEPT, DECLINE, CANCEL]);
    assert!(matches!(form.card.actions[0], Action::Submit(_)));
    for action in &card["actions"].as_array().unwrap()[1..] {
        assert_eq!(
            action["associatedInputs"], "none",
            "Decline and Cancel send no input"
        );
    }
}

/// One row of the conversion table: the property, whether it is required, the user's value,
/// the input's type, and the content (or a part of the error).
type Row = (
    Value,
    bool,
    Option<InputValue>,
    &'static str,
    Result<Value, &'static str>,
);

/// Every primitive: the input type it becomes, and what comes back.
#[test]
#[expect(clippy::too_many_lines, reason = "one row per case")]
fn conversion_table() {
    let rows: Vec<Row> = vec![
        // property, required, the user's value, the input's type, the content (or the error).
        (
            json!({"type": "string"}),
            false,
            text("Ada"),
            "Input.Text",
            Ok(json!({"x": "Ada"})),
        ),
        (
            json!({"type": "string"}),
            false,
            text(""),
            "Input.Text",
            Ok(json!({})),
        ),
        (
            json!({"type": "string"}),
            true,
            text(""),
            "Input.Text",
            Err("`x`: x is required"),
        ),
        (
            json!({"type": "string", "minLength": 3}),
            false,
            text("ab"),
            "Input.Text",
            Err("at least 3 characters"),
        ),
        (
            json!({"type": "string", "maxLength": 3}),
            false,
            text("abcd"),
            "Input.Text",
            Err("at most 3 characters"),
        ),
        (
            json!({"type": "string", "format": "email"}),
            false,
            text("ada@example.com"),
            "Input.Text",
            Ok(json!({"x": "ada@example.com"})),
        ),
        (
            json!({"type": "string", "format": "email"}),
            false,
            text("ada@"),
            "Input.Text",
            Err("not an email address"),
        ),
        (
            json!({"type": "string", "format": "uri"}),
            false,
            text("https://example.com/a"),
            "Input.Text",
            Ok(json!({"x": "https://example.com/a"})),
        ),
        (
            json!({"type": "string", "format": "uri"}),
            false,
            text("not a uri"),
            "Input.Text",
            Err("not a URI"),
        ),
        (
            json!({"type": "string", "format": "date"}),
            false,
            text("2026-12-01"),
            "Input.Date",
            Ok(json!({"x": "2026-12-01"})),
        ),
        (
            json!({"type": "string", "format": "date"}),
            false,
            text("2026-13-01"),
            "Input.Date",
            Err("not a date"),
        ),
        (
            json!({"type": "string", "format": "date-time"}),
            false,
            text("2026-12-01T09:30:00Z"),
            "Input.Text",
            Ok(json!({"x": "2026-12-01T09:30:00Z"})),
        ),
        (
            json!({"type": "string", "format": "date-time"}),
            false,
            text("2026-12-01"),
            "Input.Text",
            Err("not a date and time"),
        ),
        (
            json!({"type": "number", "minimum": 0.5, "maximum": 2}),
            false,
            text("1.25"),
            "Input.Number",
            Ok(json!({"x": 1.25})),
        ),
        (
            json!({"type": "number", "minimum": 0.5}),
            false,
            text("0.1"),
            "Input.Number",
            Err("at least 0.5"),
        ),
        (
            json!({"type": "integer", "maximum": 10}),
            false,
            text("7"),
            "Input.Number",
            Ok(json!({"x": 7})),
        ),
        (
            json!({"type": "integer"}),
            false,
            text("7.5"),
            "Input.Number",
            Err("not a whole number"),
        ),
        (
            json!({"type": "integer", "maximum": 10}),
            false,
            text("11"),
            "Input.Number",
            Err("at most 10"),
        ),
        (
            json!({"type": "integer"}),
            false,
            text("seven"),
            "Input.Number",
            Err("not a number"),
        ),
        (
            json!({"type": "boolean"}),
            false,
            Some(InputValue::Toggle(true)),
            "Input.Toggle",
            Ok(json!({"x": true})),
        ),
        (
            json!({"type": "boolean", "default": true}),
            false,
            None,
            "Input.Toggle",
            Ok(json!({"x": true})),
        ),
        (
            json!({"type": "boolean"}),
            false,
            None,
            "Input.Toggle",
            Ok(json!({"x": false})),
        ),
        // Single-select enums: plain, titled (oneOf const/title), legacy enumNames.
        (
            json!({"type": "string", "enum": ["a", "b"]}),
            false,
            choices(&["b"]),
            "Input.ChoiceSet",
            Ok(json!({"x": "b"})),
        ),
        (
            json!({"type": "string", "oneOf": [{"const": "a", "title": "Alpha"}, {"const": "b", "title": "Beta"}]}),
            false,
            choices(&["a"]),
            "Input.ChoiceSet",
            Ok(json!({"x": "a"})),
        ),
        (
            json!({"type": "string", "enum": ["a", "b"], "enumNames": ["Alpha", "Beta"]}),
            false,
            choices(&["b"]),
            "Input.ChoiceSet",
            Ok(json!({"x": "b"})),
        ),
        (
            json!({"type": "string", "enum": ["a", "b"]}),
            false,
            choices(&["z"]),
            "Input.ChoiceSet",
            Err("`z` is not one of the choices"),
        ),
        (
            json!({"type": "string", "enum": ["a", "b"]}),
            true,
            choices(&[]),
            "Input.ChoiceSet",
            Err("x is required"),
        ),
        // Multi-select: plain and titled items, bounds.
        (
            json!({"type": "array", "items": {"type": "string", "enum": ["a", "b", "c"]}}),
            false,
            choices(&["a", "c"]),
            "Input.ChoiceSet",
            Ok(json!({"x": ["a", "c"]})),
        ),
        (
            json!({"type": "array", "items": {"anyOf": [{"const": "a", "title": "Alpha"}, {"const": "b", "title": "Beta"}]}}),
            false,
            choices(&["b"]),
            "Input.ChoiceSet",
            Ok(json!({"x": ["b"]})),
        ),
        (
            json!({"type": "array", "minItems": 2, "items": {"enum": ["a", "b", "c"]}}),
            false,
            choices(&["a"]),
            "Input.ChoiceSet",
            Err("choose at least 2"),
        ),
        (
            json!({"type": "array", "maxItems": 1, "items": {"enum": ["a", "b", "c"]}}),
            false,
            choices(&["a", "b"]),
            "Input.ChoiceSet",
            Err("choose at most 1"),
        ),
    ];
    for (property, required, value, kind, expected) in rows {
        let (input, content) = one(&property, required, value.clone());
        assert_eq!(input.type_name(), kind, "{property}");
        match (&content, &expected) {
            (Ok(got), Ok(want)) => assert_eq!(got, want, "{property} with {value:?}"),
            (Err(got), Err(want)) => {
                assert!(got.contains(want), "{property} with {value:?}: {got}");
            }
            _ => panic!("{property} with {value:?}: got {content:?}, want {expected:?}"),
        }
    }
}

#[test]
fn titles_labels_placeholders_and_defaults_reach_the_card() {
    let schema = json!({
        "type": "object",
        "properties": {
            "title": {"type": "string", "title": "Meeting title", "description": "What it is about", "default": "Sync"},
            "level": {"type": "string", "oneOf": [{"const": "lo", "title": "Low"}, {"const": "hi", "title": "High"}], "default": "hi"},
            "tags": {"type": "array", "items": {"enum": ["x", "y"]}, "default": ["y"]},
            "count": {"type": "integer", "default": 4}
        },
        "required": ["title"]
    });
    let form = elicitation_form("Book it?", &schema).unwrap();
    assert!(form.notes.is_empty(), "{:?}", form.notes);
    assert_eq!(
        form.field_names().collect::<Vec<_>>(),
        ["title", "count", "level", "tags"]
    );
    let card = serde_json::to_value(&form.card).unwrap();
    let title = &card["body"][1];
    assert_eq!(title["label"], "Meeting title");
    assert_eq!(title["placeholder"], "What it is about");
    assert_eq!(title["value"], "Sync");
    assert_eq!(title["isRequired"], true);
    assert_eq!(card["body"][2]["value"].as_f64(), Some(4.0));
    let level = &card["body"][3];
    assert_eq!(
        level["choices"],
        json!([{"title": "Low", "value": "lo"}, {"title": "High", "value": "hi"}])
    );
    assert_eq!(level["value"], "hi");
    assert_eq!(card["body"][4]["value"], "y");
    // Untouched, the defaults are the answer.
    let content = elicitation_content(&form, &InputValues::initial(&form.card)).unwrap();
    assert_eq!(
        Value::Object(content),
        json!({"title": "Sync", "count": 4, "level": "hi", "tags": ["y"]})
    );
}

#[test]
fn what_a_form_cannot_express_is_refused_with_where_and_why() {
    for (schema, pointer, reason) in [
        (json!("nope"), "", "not an object"),
        (json!({"type": "array"}), "/type", "must be `object`"),
        (json!({"type": "object"}), "/properties", "no `properties`"),
        (
            json!({"type": "object", "properties": {"a": {"type": "object"}}}),
            "/properties/a",
            "cannot be asked",
        ),
        (
            json!({"type": "object", "properties": {"a": {"type": "array", "items": {"type": "string"}}}}),
            "/properties/a",
            "must list its choices",
        ),
        (
            json!({"type": "object", "properties": {"a/b": {}}}),
            "/properties/a~1b",
            "no `type`",
        ),
        (
            json!({"type": "object", "properties": {"a": {"type": "string", "enum": []}}}),
            "/properties/a",
            "no choices",
        ),
        (
            json!({"type": "object", "properties": {"a": {"type": "string", "oneOf": [{"title": "x"}]}}}),
            "/properties/a",
            "`const`",
        ),
    ] {
        let error = elicitation_form("?", &schema).unwrap_err();
        let mcpapp_card::Error::UnsupportedSchema {
            pointer: at,
            reason: why,
        } = error
        else {
            panic!("{schema}: {error:?}");
        };
        assert_eq!(at, pointer, "{schema}");
        assert!(why.contains(reason), "{schema}: {why}");
    }
}

#[test]
fn departures_are_shown_and_noted() {
    let schema = json!({
        "type": "object",
        "properties": {
            "a": {"type": "string", "format": "color"},
            "b": {"type": "integer", "default": "four"}
        },
        "required": ["a", "ghost"]
    });
    let form = elicitation_form("?", &schema).unwrap();
    assert_eq!(form.notes.len(), 3, "{:?}", form.notes);
    assert!(
        form.notes
            .iter()
            .any(|n| n.contains("`color` is not known"))
    );
    assert!(
        form.notes
            .iter()
            .any(|n| n.contains("`b`: the default does not fit"))
    );
    assert!(
        form.notes
            .iter()
            .any(|n| n.contains("`ghost` is required but not described"))
    );
}

#[test]
fn an_answer_given_as_json_is_read_and_checked_like_a_filled_form() {
    use mcpapp_card::elicitation::values_from_content;
    let schema = json!({
        "type": "object",
        "properties": {
            "name": {"type": "string", "minLength": 2},
            "age": {"type": "integer", "minimum": 0},
            "ok": {"type": "boolean"},
            "pick": {"type": "string", "enum": ["a", "b"]},
            "many": {"type": "array", "items": {"enum": ["x", "y"]}}
        },
        "required": ["name"]
    });
    let form = elicitation_form("?", &schema).unwrap();
    let answer = json!({"name": "Ada", "age": 36, "ok": true, "pick": "b", "many": ["y"]});
    let values = values_from_content(&form, answer.as_object().unwrap()).unwrap();
    let content = elicitation_content(&form, &values).unwrap();
    assert_eq!(Value::Object(content), answer);

    let wrong = json!({"name": 5, "extra": 1});
    let errors = values_from_content(&form, wrong.as_object().unwrap()).unwrap_err();
    let fields: Vec<&str> = errors
        .iter()
        .filter_map(mcpapp_card::Error::field)
        .collect();
    assert_eq!(fields, ["extra", "name"], "{errors:?}");

    let short = json!({"name": "A", "pick": "z"});
    let values = values_from_content(&form, short.as_object().unwrap()).unwrap();
    let errors = elicitation_content(&form, &values).unwrap_err();
    assert_eq!(errors.len(), 2, "{errors:?}");
}

#[test]
fn an_answer_given_as_json_is_checked_without_the_forms_defaults() {
    let schema = json!({
        "type": "object",
        "properties": {
            "title": {"type": "string", "default": "Sync"},
            "count": {"type": "integer", "default": 2, "maximum": 9},
            "when": {"type": "string", "format": "date"}
        },
        "required": ["title"]
    });
    let form = elicitation_form("?", &schema).unwrap();
    // A required field left out is missing, whatever the form would have shown.
    let errors = check_content(&form, json!({"count": 3}).as_object().unwrap()).unwrap_err();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].field(), Some("title"));
    // An optional one left out stays out.
    let content = check_content(&form, json!({"title": "Review"}).as_object().unwrap()).unwrap();
    assert_eq!(Value::Object(content), json!({"title": "Review"}));
    // Ranges, formats and types are checked; numbers are typed as the schema says.
    for bad in [
        json!({"title": "R", "count": 10}),
        json!({"title": "R", "count": 1.5}),
        json!({"title": "R", "when": "tomorrow"}),
        json!({"title": ["R"]}),
    ] {
        assert!(
            check_content(&form, bad.as_object().unwrap()).is_err(),
            "{bad}"
        );
    }
    let typed = check_content(
        &form,
        json!({"title": "R", "count": 4.0}).as_object().unwrap(),
    );
    assert_eq!(
        typed.map(Value::Object),
        Ok(json!({"title": "R", "count": 4}))
    );
}
