//! A card that asks for a tool's arguments: one input per property of the tool's
//! `inputSchema` (a JSON Schema object), and the typed arguments read back from what the user
//! entered.
//!
//! A host without a model (a tool palette, a test bench) or a server asking the user for
//! values shows such a form natively, with the same widget as every other card. Only the
//! schema's simple shapes get their own input (strings, with `enum`, `format: date|time`,
//! `maxLength`, `pattern`; numbers and integers with bounds; booleans; arrays of an `enum`);
//! anything else is a text field that takes JSON.

use serde_json::{Map, Value, json};

use crate::Error;
use crate::{Card, InputValue, InputValues};

/// The most properties a form shows; a schema with more gets the first ones and a note.
pub const MAX_FORM_FIELDS: usize = 64;

/// How a property is asked for and read back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    Text,
    Integer,
    Number,
    Boolean,
    Choice,
    MultiChoice,
    Json,
}

fn shape(property: &Value) -> Shape {
    let kind = match property.get("type") {
        Some(Value::String(t)) => t.as_str(),
        // `["string", "null"]`: the first type that is not null.
        Some(Value::Array(types)) => types
            .iter()
            .filter_map(Value::as_str)
            .find(|t| *t != "null")
            .unwrap_or(""),
        _ if property.get("enum").is_some() => "string",
        _ => "",
    };
    match kind {
        "string" if property.get("enum").is_some_and(Value::is_array) => Shape::Choice,
        "string" => Shape::Text,
        "integer" => Shape::Integer,
        "number" => Shape::Number,
        "boolean" => Shape::Boolean,
        "array" if property.pointer("/items/enum").is_some_and(Value::is_array) => {
            Shape::MultiChoice
        }
        _ => Shape::Json,
    }
}

/// The names an object schema's `required` lists, in its order; what is not a string is
/// passed over. Shared with the elicitation forms, which read the same keyword.
pub(crate) fn required_names(schema: &Value) -> Vec<&str> {
    schema
        .get("required")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect()
}

/// The schema's properties with whether each is required: the required ones first, in the
/// order `required` lists them, then the others by name (a JSON object read here keeps no
/// order of its own).
fn properties(schema: &Value) -> Vec<(&str, &Value, bool)> {
    let required = required_names(schema);
    let Some(all) = schema.get("properties").and_then(Value::as_object) else {
        return Vec::new();
    };
    let mut listed: Vec<(&str, &Value, bool)> = Vec::new();
    for name in &required {
        if let Some((key, property)) = all.get_key_value(*name)
            && !listed.iter().any(|(n, _, _)| n == name)
        {
            listed.push((key.as_str(), property, true));
        }
    }
    for (name, property) in all {
        if !required.contains(&name.as_str()) {
            listed.push((name.as_str(), property, false));
        }
    }
    listed
}

/// A form card for a tool's `inputSchema`: a heading, one labelled input per property (its
/// `title` or name, its `description` as placeholder, its `default` as initial value, its
/// rules as the input's), and one `Action.Submit` titled `submit_title`. Input ids are the
/// property names; read the arguments back with [`form_arguments`].
pub fn schema_form(
    heading: &str,
    description: Option<&str>,
    schema: &Value,
    submit_title: &str,
) -> Card {
    let mut body = vec![json!({
        "type": "TextBlock", "text": heading, "weight": "bolder", "size": "medium", "wrap": true
    })];
    if let Some(description) = description.filter(|d| !d.trim().is_empty()) {
        body.push(
            json!({ "type": "TextBlock", "text": description, "wrap": true, "isSubtle": true }),
        );
    }
    let all = properties(schema);
    for (name, property, required) in all.iter().take(MAX_FORM_FIELDS) {
        body.push(field(name, property, *required));
    }
    if all.len() > MAX_FORM_FIELDS {
        body.push(json!({
            "type": "TextBlock", "isSubtle": true, "wrap": true,
            "text": format!("{} more arguments are not shown.", all.len() - MAX_FORM_FIELDS)
        }));
    }
    let card = json!({
        "type": "McpApp",
        "body": body,
        "actions": [{ "type": "Action.Submit", "id": "submit", "title": submit_title }]
    });
    // Every value above is of the type the card format wants; what a schema says that does
    // not fit an input (a bad regex, min over max) is dropped by the reader with a warning.
    crate::parse_value(card).card.unwrap_or_default()
}

/// One input for one property.
fn field(name: &str, property: &Value, required: bool) -> Value {
    let label = property
        .get("title")
        .and_then(Value::as_str)
        .unwrap_or(name);
    let description = property.get("description").and_then(Value::as_str);
    let default = property.get("default");
    let mut input = Map::new();
    input.insert("id".into(), name.into());
    input.insert("label".into(), label.into());
    if required {
        input.insert("isRequired".into(), true.into());
        input.insert("errorMessage".into(), format!("{label} is required").into());
    }
    let shape = shape(property);
    let kind = match shape {
        Shape::Text => match property.get("format").and_then(Value::as_str) {
            Some("date") => "Input.Date",
            Some("time") => "Input.Time",
            _ => "Input.Text",
        },
        Shape::Integer | Shape::Number => "Input.Number",
        Shape::Boolean => "Input.Toggle",
        Shape::Choice | Shape::MultiChoice => "Input.ChoiceSet",
        Shape::Json => "Input.Text",
    };
    input.insert("type".into(), kind.into());
    match shape {
        Shape::Text => text_rules(&mut input, property, default),
        Shape::Integer | Shape::Number => number_rules(&mut input, property, default),
        Shape::Boolean => {
            input.insert("title".into(), description.unwrap_or(label).into());
            input.insert("valueOn".into(), "true".into());
            input.insert("valueOff".into(), "false".into());
            let on = default.and_then(Value::as_bool) == Some(true);
            input.insert("value".into(), if on { "true" } else { "false" }.into());
        }
        Shape::Choice | Shape::MultiChoice => choices(&mut input, shape, property, default),
        Shape::Json => {
            input.insert("isMultiline".into(), true.into());
            if let Some(value) = default {
                input.insert("value".into(), value.to_string().into());
            }
        }
    }
    if shape != Shape::Boolean {
        let hint = match (description, shape) {
            (Some(d), Shape::Json) => format!("{d} (JSON)"),
            (Some(d), _) => d.to_owned(),
            (None, Shape::Json) => "a JSON value".to_owned(),
            (None, _) => String::new(),
        };
        if !hint.is_empty() {
            input.insert("placeholder".into(), hint.into());
        }
    }
    Value::Object(input)
}

/// `maxLength`, `pattern` and a string default.
fn text_rules(input: &mut Map<String, Value>, property: &Value, default: Option<&Value>) {
    if let Some(max) = property.get("maxLength").and_then(Value::as_u64) {
        input.insert("maxLength".into(), max.into());
    }
    if let Some(pattern) = property.get("pattern").and_then(Value::as_str) {
        input.insert("regex".into(), pattern.into());
    }
    if let Some(Value::String(text)) = default {
        input.insert("value".into(), text.clone().into());
    }
}

/// `minimum`, `maximum` and a numeric default.
fn number_rules(input: &mut Map<String, Value>, property: &Value, default: Option<&Value>) {
    for (from, to) in [("minimum", "min"), ("maximum", "max")] {
        if let Some(bound) = property.get(from).filter(|b| b.is_number()) {
            input.insert(to.into(), bound.clone());
        }
    }
    if let Some(number) = default.filter(|d| d.is_number()) {
        input.insert("value".into(), number.clone());
    }
}

/// The `enum` (of the property, or of its items) as choices, and the default chosen.
fn choices(
    input: &mut Map<String, Value>,
    shape: Shape,
    property: &Value,
    default: Option<&Value>,
) {
    let options = if shape == Shape::Choice {
        property.get("enum")
    } else {
        property.pointer("/items/enum")
    };
    let choices: Vec<Value> = options
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|option| {
            let value = scalar_text(option);
            json!({ "title": value, "value": value })
        })
        .collect();
    input.insert("choices".into(), choices.into());
    input.insert("isMultiSelect".into(), (shape == Shape::MultiChoice).into());
    let chosen = match default {
        Some(Value::Array(values)) => values.iter().map(scalar_text).collect::<Vec<_>>().join(","),
        Some(value) if !value.is_null() => scalar_text(value),
        _ => String::new(),
    };
    if !chosen.is_empty() {
        input.insert("value".into(), chosen.into());
    }
}

fn scalar_text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The arguments a form of [`schema_form`] holds, typed as the schema says: integers and
/// numbers as JSON numbers, booleans as booleans, multi-selects as arrays, `enum` values in
/// the enum's own type, JSON fields parsed. Inputs left empty are left out.
pub fn form_arguments(schema: &Value, values: &InputValues) -> Result<Map<String, Value>, Error> {
    let mut arguments = Map::new();
    for (name, property, _) in properties(schema).into_iter().take(MAX_FORM_FIELDS) {
        let fail = |message: String| Error::Field {
            field: name.to_owned(),
            message,
        };
        let value = match (shape(property), values.get(name)) {
            (_, None) => continue,
            (Shape::Boolean, Some(InputValue::Toggle(on))) => Value::Bool(*on),
            (Shape::Choice, Some(InputValue::Choices(chosen))) => match chosen.first() {
                Some(choice) => enum_value(property.get("enum"), choice),
                None => continue,
            },
            (Shape::MultiChoice, Some(InputValue::Choices(chosen))) => Value::Array(
                chosen
                    .iter()
                    .map(|c| enum_value(property.pointer("/items/enum"), c))
                    .collect(),
            ),
            (_, Some(InputValue::Text(text))) if text.trim().is_empty() => continue,
            (Shape::Integer, Some(InputValue::Text(text))) => {
                let number: f64 = text
                    .trim()
                    .parse()
                    .map_err(|_| fail(format!("`{text}` is not a number")))?;
                if number.fract() != 0.0 || !number.is_finite() {
                    return Err(fail(format!("`{text}` is not a whole number")));
                }
                text.trim()
                    .parse::<i64>()
                    .map(Value::from)
                    .or_else(|_| serde_json::from_str::<Value>(text.trim()))
                    .map_err(|_| fail(format!("`{text}` is not a whole number")))?
            }
            (Shape::Number, Some(InputValue::Text(text))) => text
                .trim()
                .parse::<f64>()
                .ok()
                .and_then(serde_json::Number::from_f64)
                .map(Value::Number)
                .ok_or_else(|| fail(format!("`{text}` is not a number")))?,
            (Shape::Json, Some(InputValue::Text(text))) => {
                serde_json::from_str(text).map_err(|e| fail(format!("not JSON ({e})")))?
            }
            (_, Some(InputValue::Text(text))) => Value::String(text.clone()),
            (_, Some(other)) => {
                return Err(fail(format!("unexpected value {other:?}")));
            }
        };
        arguments.insert(name.to_owned(), value);
    }
    Ok(arguments)
}

/// The enum member whose text is `chosen` (so `1` stays a number), else the text.
fn enum_value(options: Option<&Value>, chosen: &str) -> Value {
    options
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .find(|option| scalar_text(option) == chosen)
        .cloned()
        .unwrap_or_else(|| Value::String(chosen.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn schema() -> Value {
        json!({
            "type": "object",
            "properties": {
                "city": { "type": "string", "description": "Where" },
                "days": { "type": "integer", "minimum": 1, "maximum": 7, "default": 3 },
                "metric": { "type": "boolean", "default": true },
                "units": { "type": "string", "enum": ["c", "f"] },
                "tags": { "type": "array", "items": { "enum": [1, 2, 3] } },
                "extra": { "type": "object" }
            },
            "required": ["city"]
        })
    }

    #[test]
    fn every_shape_gets_its_input_and_reads_back_typed() {
        let card = schema_form("Forecast", Some("Ask for weather"), &schema(), "Call");
        let kinds: Vec<&str> = card.body.iter().map(crate::Element::type_name).collect();
        assert_eq!(
            kinds,
            // city (required) first, then days, extra, metric, tags, units by name.
            [
                "TextBlock",
                "TextBlock",
                "Input.Text",
                "Input.Number",
                "Input.Text",
                "Input.Toggle",
                "Input.ChoiceSet",
                "Input.ChoiceSet"
            ]
        );
        let mut values = InputValues::initial(&card);
        values.set("city", InputValue::Text("Oslo".into()));
        values.set("units", InputValue::Choices(vec!["f".into()]));
        values.set("tags", InputValue::Choices(vec!["1".into(), "3".into()]));
        values.set("extra", InputValue::Text(r#"{"a": [1]}"#.into()));
        let arguments = form_arguments(&schema(), &values).unwrap();
        assert_eq!(
            Value::Object(arguments),
            json!({
                "city": "Oslo", "days": 3, "metric": true, "units": "f",
                "tags": [1, 3], "extra": {"a": [1]}
            })
        );
    }

    #[test]
    fn bad_values_name_their_field() {
        let card = schema_form("T", None, &schema(), "Call");
        let mut values = InputValues::initial(&card);
        values.set("days", InputValue::Text("2.5".into()));
        let field = |values: &InputValues| match form_arguments(&schema(), values) {
            Err(Error::Field { field, .. }) => field,
            other => panic!("{other:?}"),
        };
        assert_eq!(field(&values), "days");
        values.set("days", InputValue::Text("2".into()));
        values.set("extra", InputValue::Text("{".into()));
        assert_eq!(field(&values), "extra");
    }

    #[test]
    fn hostile_schemas_give_a_card() {
        for schema in [
            json!(null),
            json!({"properties": 5}),
            json!({"properties": {"a": {"type": "string", "pattern": "("}}}),
            json!({"properties": {"a": {"type": "number", "minimum": 9, "maximum": 1}}}),
        ] {
            let card = schema_form("T", None, &schema, "Call");
            assert!(!card.body.is_empty());
        }
    }
}
