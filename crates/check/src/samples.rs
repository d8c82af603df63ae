//! Sample arguments for a tool, taken from its input schema as an agent would fill them in: the
//! schema's own `examples` first, then `default`, `const` or the first `enum` value; a required
//! argument without any of those gets a value made up from its type (and said to be made up, so
//! that a refusal can point at `--args`).

use serde_json::{Map, Number, Value};

/// How deep a schema is followed; deeper required objects are left empty.
const MAX_DEPTH: usize = 8;

/// Arguments for a call, and the names of those that were made up.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Sample {
    /// The arguments.
    pub arguments: Map<String, Value>,
    /// The top-level arguments whose value was made up from the type alone.
    pub made_up: Vec<String>,
}

/// Sample arguments for a tool with this `inputSchema`.
#[must_use]
pub fn sample(schema: &Map<String, Value>) -> Sample {
    // A whole example of the arguments, as JSON Schema allows at the top.
    if let Some(Value::Object(example)) = schema
        .get("examples")
        .and_then(Value::as_array)
        .and_then(|e| e.first())
    {
        return Sample {
            arguments: example.clone(),
            made_up: Vec::new(),
        };
    }
    let mut made_up = Vec::new();
    let arguments = object(schema, 0, &mut |name| made_up.push(name.to_owned()));
    Sample { arguments, made_up }
}

/// The given value of a schema: an example, the default, the constant or the first choice.
fn given(schema: &Map<String, Value>) -> Option<Value> {
    schema
        .get("examples")
        .and_then(Value::as_array)
        .and_then(|e| e.first())
        .or_else(|| schema.get("default"))
        .or_else(|| schema.get("const"))
        .or_else(|| {
            schema
                .get("enum")
                .and_then(Value::as_array)
                .and_then(|e| e.first())
        })
        .cloned()
}

/// An object's properties: those with a given value, and the required ones made up.
fn object(
    schema: &Map<String, Value>,
    depth: usize,
    made_up: &mut dyn FnMut(&str),
) -> Map<String, Value> {
    let required: Vec<&str> = schema
        .get("required")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    let mut out = Map::new();
    let Some(properties) = schema.get("properties").and_then(Value::as_object) else {
        return out;
    };
    for (name, property) in properties {
        let property = property.as_object().cloned().unwrap_or_default();
        if let Some(value) = given(&property) {
            out.insert(name.clone(), value);
        } else if required.contains(&name.as_str()) {
            made_up(name);
            out.insert(name.clone(), invent(&property, depth + 1));
        }
    }
    out
}

/// A value that fits `schema`'s type and simple bounds.
fn invent(schema: &Map<String, Value>, depth: usize) -> Value {
    if let Some(value) = given(schema) {
        return value;
    }
    if depth > MAX_DEPTH {
        return Value::Null;
    }
    for key in ["anyOf", "oneOf", "allOf"] {
        if let Some(Value::Object(first)) = schema
            .get(key)
            .and_then(Value::as_array)
            .and_then(|a| a.first())
        {
            return invent(first, depth + 1);
        }
    }
    let kind = match schema.get("type") {
        Some(Value::String(kind)) => kind.as_str(),
        Some(Value::Array(kinds)) => kinds
            .iter()
            .filter_map(Value::as_str)
            .find(|k| *k != "null")
            .unwrap_or("null"),
        _ if schema.contains_key("properties") => "object",
        _ => "string",
    };
    match kind {
        "object" => Value::Object(object(schema, depth, &mut |_| {})),
        "array" => {
            let count = schema
                .get("minItems")
                .and_then(Value::as_u64)
                .unwrap_or(0)
                .min(3);
            let item = schema
                .get("items")
                .and_then(Value::as_object)
                .cloned()
                .unwrap_or_default();
            Value::Array((0..count).map(|_| invent(&item, depth + 1)).collect())
        }
        "integer" | "number" => number(schema, kind == "integer"),
        "boolean" => Value::Bool(false),
        "null" => Value::Null,
        _ => Value::String(string(schema)),
    }
}

fn number(schema: &Map<String, Value>, integer: bool) -> Value {
    let bound = |key: &str| schema.get(key).and_then(Value::as_f64);
    let mut value = bound("minimum")
        .or_else(|| bound("exclusiveMinimum").map(|m| m + 1.0))
        .unwrap_or(1.0);
    if let Some(max) = bound("maximum") {
        value = value.min(max);
    }
    if integer {
        #[expect(
            clippy::cast_possible_truncation,
            reason = "a schema bound, rounded up to a whole number; saturates at the extremes"
        )]
        let whole = value.ceil() as i64;
        return Value::Number(whole.into());
    }
    Number::from_f64(value).map_or(Value::Null, Value::Number)
}

fn string(schema: &Map<String, Value>) -> String {
    let by_format = match schema.get("format").and_then(Value::as_str) {
        Some("date") => "2025-01-15",
        Some("date-time") => "2025-01-15T12:00:00Z",
        Some("time") => "12:00:00",
        Some("email") => "someone@example.com",
        Some("uri" | "url") => "https://example.com",
        Some("uuid") => "00000000-0000-4000-8000-000000000000",
        _ => "example",
    };
    let min = schema.get("minLength").and_then(Value::as_u64).unwrap_or(0);
    let min = usize::try_from(min).unwrap_or(usize::MAX).min(1000);
    let mut text = by_format.to_owned();
    while text.chars().count() < min {
        text.push('x');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn of(schema: &Value) -> Sample {
        sample(schema.as_object().unwrap())
    }

    #[test]
    fn given_values_come_first_and_required_ones_are_made_up() {
        let s = of(
            &json!({"type": "object", "required": ["city", "days", "id"],
            "properties": {
                "city": {"type": "string", "examples": ["Oslo"]},
                "days": {"type": "integer", "minimum": 1, "maximum": 7},
                "unit": {"type": "string", "enum": ["c", "f"]},
                "id": {"type": "string", "minLength": 10},
                "note": {"type": "string"}
            }}),
        );
        assert_eq!(
            Value::Object(s.arguments),
            json!({"city": "Oslo", "days": 1, "unit": "c", "id": "examplexxx"})
        );
        assert_eq!(s.made_up, ["days", "id"]);
    }

    #[test]
    fn a_whole_example_is_taken_as_it_is() {
        let s = of(
            &json!({"type": "object", "examples": [{"booking_id": "FL-1"}],
            "properties": {"booking_id": {"type": "string"}}, "required": ["booking_id"]}),
        );
        assert_eq!(Value::Object(s.arguments), json!({"booking_id": "FL-1"}));
        assert!(s.made_up.is_empty());
    }

    #[test]
    fn nested_and_odd_schemas_stay_bounded() {
        let s = of(&json!({"required": ["a", "b", "c"], "properties": {
            "a": {"type": ["null", "number"], "exclusiveMinimum": 0},
            "b": {"type": "array", "minItems": 2, "items": {"type": "boolean"}},
            "c": {"type": "object", "required": ["d"], "properties": {"d": {"format": "email"}}}
        }}));
        assert_eq!(
            Value::Object(s.arguments),
            json!({"a": 1.0, "b": [false, false], "c": {"d": "someone@example.com"}})
        );
    }
}
