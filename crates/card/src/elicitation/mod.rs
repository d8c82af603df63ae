//! A server's question as a card: MCP `elicitation/create` in form mode sends a message and a
//! `requestedSchema` (a flat object of primitive properties); [`elicitation_form`] turns them
//! into a card the user fills like any other, and [`elicitation_content`] reads the answer
//! back as the `content` to send, checked against the requested schema first.
//!
//! What the spec allows is expressed exactly: strings (with `minLength`, `maxLength` and the
//! formats `email`, `uri`, `date`, `date-time`), numbers and integers (with `minimum`,
//! `maximum`), booleans, single-select enums (plain, titled with `oneOf` + `const`/`title`, or
//! the legacy `enumNames`), multi-select arrays of enums (plain or titled with `anyOf`, with
//! `minItems`, `maxItems`), each with `title`, `description` and `default`, and `required`.
//! A schema it cannot express (a nested object, an array of free values, no properties) is
//! refused with the reason ([`Error::UnsupportedSchema`]): the host declines the request with it
//! rather than show a broken form. Smaller departures (an unknown string format, a default of
//! the wrong type) are shown anyway and listed in [`ElicitationForm::notes`].
//!
//! The card has three actions with fixed ids: [`ACCEPT`] (which gathers the inputs), and
//! [`DECLINE`] and [`CANCEL`] (which gather none). They name no tool: the host answers the
//! server's request, not a `tools/call`.

mod content;

use serde_json::{Map, Value, json};

pub use content::{check_content, elicitation_content, values_from_content};

use crate::Card;
use crate::Error;

/// The id of the card's Accept action.
pub const ACCEPT: &str = "accept";
/// The id of the card's Decline action.
pub const DECLINE: &str = "decline";
/// The id of the card's Cancel action.
pub const CANCEL: &str = "cancel";

/// The most properties a question may have (the spec means short forms; more is refused).
pub const MAX_FIELDS: usize = 64;

/// The most choices one enum may offer.
pub const MAX_CHOICES: usize = 500;

/// A question as a card, with what is needed to read the answer back.
#[derive(Debug, Clone, PartialEq)]
pub struct ElicitationForm {
    /// The card to show: the message, one labelled input per property, Accept, Decline,
    /// Cancel.
    pub card: Card,
    /// What was shown differently from what the schema asked (an unknown format shown as plain
    /// text, a default that does not fit); empty when the schema was expressed exactly.
    pub notes: Vec<String>,
    fields: Vec<Field>,
}

/// One property as the form asks for it.
#[derive(Debug, Clone, PartialEq)]
struct Field {
    name: String,
    label: String,
    required: bool,
    kind: Kind,
}

#[derive(Debug, Clone, PartialEq)]
enum Kind {
    Text {
        format: Option<Format>,
        min_length: Option<u64>,
        max_length: Option<u64>,
    },
    Number {
        integer: bool,
        minimum: Option<f64>,
        maximum: Option<f64>,
    },
    Boolean,
    /// Options as (value, title).
    Single(Vec<(String, String)>),
    Multi {
        options: Vec<(String, String)>,
        min_items: Option<u64>,
        max_items: Option<u64>,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    Email,
    Uri,
    Date,
    DateTime,
}

impl ElicitationForm {
    /// The property names, in the order the form shows them.
    pub fn field_names(&self) -> impl Iterator<Item = &str> {
        self.fields.iter().map(|f| f.name.as_str())
    }
}

/// The card for an `elicitation/create` form request: `message` above one input per property
/// of `requested_schema`, required ones first (in the order `required` lists them), then the
/// others by name. Refused when the schema is not a flat object of the primitives the spec
/// allows.
pub fn elicitation_form(message: &str, requested_schema: &Value) -> Result<ElicitationForm, Error> {
    let unsupported = |pointer: &str, reason: &str| Error::UnsupportedSchema {
        pointer: pointer.to_owned(),
        reason: reason.to_owned(),
    };
    let Some(schema) = requested_schema.as_object() else {
        return Err(unsupported("", "it is not an object"));
    };
    if schema.get("type").is_some_and(|t| t != "object") {
        return Err(unsupported("/type", "the schema's type must be `object`"));
    }
    let Some(properties) = schema.get("properties").and_then(Value::as_object) else {
        return Err(unsupported("/properties", "it has no `properties` object"));
    };
    if properties.len() > MAX_FIELDS {
        return Err(unsupported(
            "/properties",
            &format!(
                "it asks for {} values; at most {MAX_FIELDS}",
                properties.len()
            ),
        ));
    }
    let required = crate::form::required_names(requested_schema);
    let mut notes = Vec::new();
    for name in &required {
        if !properties.contains_key(*name) {
            notes.push(format!(
                "`{name}` is required but not described; it is not asked"
            ));
        }
    }
    let mut order: Vec<&String> = properties.keys().collect();
    order.sort_by_key(|name| {
        (
            required
                .iter()
                .position(|r| r == name)
                .unwrap_or(usize::MAX),
            name.as_str(),
        )
    });
    let mut fields = Vec::new();
    let mut body = vec![json!({"type": "TextBlock", "text": message, "wrap": true})];
    for name in order {
        let pointer = format!("/properties/{}", escape_pointer(name));
        let property = &properties[name];
        let field = field(name, property, required.contains(&name.as_str()), &pointer)?;
        body.push(input(&field, property, &mut notes));
        fields.push(field);
    }
    let card = json!({
        "type": "McpApp",
        "body": body,
        "actions": [
            {"type": "Action.Submit", "id": ACCEPT, "title": "Accept", "style": "positive"},
            {"type": "Action.Submit", "id": DECLINE, "title": "Decline", "associatedInputs": "none"},
            {"type": "Action.Submit", "id": CANCEL, "title": "Cancel", "associatedInputs": "none"}
        ]
    });
    let parsed = crate::parse_value(card);
    for diagnostic in &parsed.diagnostics {
        notes.push(diagnostic.message.clone());
    }
    let card = parsed
        .card
        .ok_or_else(|| unsupported("", "the form could not be built"))?;
    Ok(ElicitationForm {
        card,
        notes,
        fields,
    })
}

/// `~` and `/` escaped for a JSON pointer.
fn escape_pointer(name: &str) -> String {
    name.replace('~', "~0").replace('/', "~1")
}

fn field(name: &str, property: &Value, required: bool, pointer: &str) -> Result<Field, Error> {
    let unsupported = |reason: String| Error::UnsupportedSchema {
        pointer: pointer.to_owned(),
        reason,
    };
    let Some(object) = property.as_object() else {
        return Err(unsupported("the property is not an object".to_owned()));
    };
    let label = object
        .get("title")
        .and_then(Value::as_str)
        .filter(|t| !t.trim().is_empty())
        .unwrap_or(name)
        .to_owned();
    let kind = match object.get("type").and_then(Value::as_str) {
        Some("string") => match single_options(object) {
            Some(options) => Kind::Single(options.map_err(unsupported)?),
            None => Kind::Text {
                format: match object.get("format").and_then(Value::as_str) {
                    Some("email") => Some(Format::Email),
                    Some("uri") => Some(Format::Uri),
                    Some("date") => Some(Format::Date),
                    Some("date-time") => Some(Format::DateTime),
                    _ => None,
                },
                min_length: object.get("minLength").and_then(Value::as_u64),
                max_length: object.get("maxLength").and_then(Value::as_u64),
            },
        },
        Some(kind @ ("number" | "integer")) => Kind::Number {
            integer: kind == "integer",
            minimum: object.get("minimum").and_then(Value::as_f64),
            maximum: object.get("maximum").and_then(Value::as_f64),
        },
        Some("boolean") => Kind::Boolean,
        Some("array") => {
            let items = object.get("items").and_then(Value::as_object);
            let options = items.and_then(multi_options).ok_or_else(|| {
                unsupported(
                    "an array must list its choices (`items.enum` or `items.anyOf`)".to_owned(),
                )
            })?;
            Kind::Multi {
                options: options.map_err(unsupported)?,
                min_items: object.get("minItems").and_then(Value::as_u64),
                max_items: object.get("maxItems").and_then(Value::as_u64),
            }
        }
        Some(other) => {
            return Err(unsupported(format!(
                "a `{other}` value cannot be asked for in a form (only strings, numbers, integers, booleans and lists of choices)"
            )));
        }
        None => return Err(unsupported("the property has no `type`".to_owned())),
    };
    Ok(Field {
        name: name.to_owned(),
        label,
        required,
        kind,
    })
}

/// The choices of a single-select string: `oneOf` of `{const, title}`, or `enum` with or
/// without the legacy `enumNames`; `None` for a plain string.
fn single_options(object: &Map<String, Value>) -> Option<Result<Vec<(String, String)>, String>> {
    if let Some(one_of) = object.get("oneOf") {
        return Some(titled(one_of, "oneOf"));
    }
    let values = object.get("enum")?;
    let Some(values) = values.as_array() else {
        return Some(Err("`enum` must be a list".to_owned()));
    };
    let names = object.get("enumNames").and_then(Value::as_array);
    let mut options = Vec::new();
    for (index, value) in values.iter().enumerate() {
        let Some(value) = value.as_str() else {
            return Some(Err("a string's `enum` must list strings".to_owned()));
        };
        let title = names
            .and_then(|names| names.get(index))
            .and_then(Value::as_str)
            .unwrap_or(value);
        options.push((value.to_owned(), title.to_owned()));
    }
    Some(checked(options))
}

/// The choices of a multi-select's `items`: `anyOf` of `{const, title}` or `enum`.
fn multi_options(items: &Map<String, Value>) -> Option<Result<Vec<(String, String)>, String>> {
    if let Some(any_of) = items.get("anyOf") {
        return Some(titled(any_of, "anyOf"));
    }
    let values = items.get("enum")?.as_array()?;
    let options: Option<Vec<(String, String)>> = values
        .iter()
        .map(|v| v.as_str().map(|s| (s.to_owned(), s.to_owned())))
        .collect();
    Some(
        options
            .ok_or_else(|| "a list's `enum` must list strings".to_owned())
            .and_then(checked),
    )
}

fn titled(list: &Value, key: &str) -> Result<Vec<(String, String)>, String> {
    let Some(list) = list.as_array() else {
        return Err(format!("`{key}` must be a list"));
    };
    let mut options = Vec::new();
    for entry in list {
        let value = entry
            .get("const")
            .and_then(Value::as_str)
            .ok_or_else(|| format!("each `{key}` entry needs a string `const`"))?;
        let title = entry.get("title").and_then(Value::as_str).unwrap_or(value);
        options.push((value.to_owned(), title.to_owned()));
    }
    checked(options)
}

fn checked(options: Vec<(String, String)>) -> Result<Vec<(String, String)>, String> {
    if options.is_empty() {
        return Err("it offers no choices".to_owned());
    }
    if options.len() > MAX_CHOICES {
        return Err(format!(
            "it offers {} choices; at most {MAX_CHOICES}",
            options.len()
        ));
    }
    Ok(options)
}

/// The card input for `field`.
fn input(field: &Field, property: &Value, notes: &mut Vec<String>) -> Value {
    let mut input = Map::new();
    input.insert("id".into(), field.name.clone().into());
    input.insert("label".into(), field.label.clone().into());
    if field.required {
        input.insert("isRequired".into(), true.into());
        input.insert(
            "errorMessage".into(),
            format!("{} is required.", field.label).into(),
        );
    }
    let description = property.get("description").and_then(Value::as_str);
    let default = property.get("default");
    let default_fits = match &field.kind {
        Kind::Text {
            format, max_length, ..
        } => {
            text_input(&mut input, *format, *max_length, description, default);
            let named = property.get("format").and_then(Value::as_str);
            if let (None, Some(named)) = (format, named) {
                notes.push(format!(
                    "`{}`: the format `{named}` is not known; asked as plain text",
                    field.name
                ));
            }
            matches!(default, None | Some(Value::String(_)))
        }
        Kind::Number {
            minimum, maximum, ..
        } => {
            input.insert("type".into(), "Input.Number".into());
            for (key, bound) in [("min", minimum), ("max", maximum)] {
                if let Some(bound) = bound {
                    input.insert(key.into(), json!(bound));
                }
            }
            if let Some(placeholder) = description {
                input.insert("placeholder".into(), placeholder.into());
            }
            if let Some(number) = default.filter(|d| d.is_number()) {
                input.insert("value".into(), number.clone());
            }
            default.is_none_or(Value::is_number)
        }
        Kind::Boolean => {
            input.insert("type".into(), "Input.Toggle".into());
            input.insert("title".into(), description.unwrap_or(&field.label).into());
            let on = default.and_then(Value::as_bool) == Some(true);
            input.insert("value".into(), if on { "true" } else { "false" }.into());
            default.is_none_or(Value::is_boolean)
        }
        Kind::Single(options) => choice_input(&mut input, options, false, default),
        Kind::Multi { options, .. } => choice_input(&mut input, options, true, default),
    };
    if !default_fits {
        notes.push(format!(
            "`{}`: the default does not fit; left out",
            field.name
        ));
    }
    Value::Object(input)
}

/// A string's input: its kind by format, its length limit, its hint and default.
fn text_input(
    input: &mut Map<String, Value>,
    format: Option<Format>,
    max_length: Option<u64>,
    description: Option<&str>,
    default: Option<&Value>,
) {
    let (kind, style, hint) = match format {
        Some(Format::Email) => ("Input.Text", Some("email"), None),
        Some(Format::Uri) => ("Input.Text", Some("url"), None),
        Some(Format::Date) => ("Input.Date", None, None),
        Some(Format::DateTime) => ("Input.Text", None, Some("2026-12-01T09:30:00Z")),
        None => ("Input.Text", None, None),
    };
    input.insert("type".into(), kind.into());
    if let Some(style) = style {
        input.insert("style".into(), style.into());
    }
    if let Some(max) = max_length {
        input.insert("maxLength".into(), max.into());
    }
    if let Some(placeholder) = description.or(hint) {
        input.insert("placeholder".into(), placeholder.into());
    }
    if let Some(Value::String(text)) = default {
        input.insert("value".into(), text.clone().into());
    }
}

/// A choice set of `options`, one or many chosen; whether the default fits.
fn choice_input(
    input: &mut Map<String, Value>,
    options: &[(String, String)],
    multi: bool,
    default: Option<&Value>,
) -> bool {
    input.insert("type".into(), "Input.ChoiceSet".into());
    input.insert("isMultiSelect".into(), multi.into());
    input.insert(
        "style".into(),
        if multi { "expanded" } else { "compact" }.into(),
    );
    let choices: Vec<Value> = options
        .iter()
        .map(|(value, title)| json!({"title": title, "value": value}))
        .collect();
    input.insert("choices".into(), choices.into());
    let chosen: Option<Vec<&str>> = match default {
        None => return true,
        Some(Value::String(one)) if !multi => Some(vec![one.as_str()]),
        Some(Value::Array(many)) if multi => many.iter().map(Value::as_str).collect(),
        Some(_) => None,
    };
    match chosen {
        Some(chosen) if chosen.iter().all(|c| options.iter().any(|(v, _)| v == c)) => {
            input.insert("value".into(), chosen.join(",").into());
            true
        }
        _ => false,
    }
}
