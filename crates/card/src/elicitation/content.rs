//! Reading an Accept back: the `content` to send, checked against the requested schema.

use serde_json::{Map, Value};

use super::{ElicitationForm, Field, Format, Kind};
use crate::Error;
use crate::rules::Date;
use crate::{InputValue, InputValues};

/// The `content` of an Accept: each answered property typed as the schema says (strings,
/// numbers, integers, booleans, the chosen value or list of values), checked against every
/// rule of the requested schema first. An input left empty is left out, unless required.
pub fn elicitation_content(
    form: &ElicitationForm,
    values: &InputValues,
) -> Result<Map<String, Value>, Vec<Error>> {
    let mut content = Map::new();
    let mut errors = Vec::new();
    for field in &form.fields {
        match field_value(field, values.get(&field.name)) {
            Ok(Some(value)) => {
                content.insert(field.name.clone(), value);
            }
            Ok(None) if field.required => errors.push(Error::Field {
                field: field.name.clone(),
                message: format!("{} is required", field.label),
            }),
            Ok(None) => {}
            Err(message) => errors.push(Error::Field {
                field: field.name.clone(),
                message,
            }),
        }
    }
    if errors.is_empty() {
        Ok(content)
    } else {
        Err(errors)
    }
}

/// One field's answer: `None` when not given.
fn field_value(field: &Field, value: Option<&InputValue>) -> Result<Option<Value>, String> {
    match (&field.kind, value) {
        (Kind::Boolean, Some(InputValue::Toggle(on))) => Ok(Some(Value::Bool(*on))),
        (Kind::Boolean, None) => Ok(Some(Value::Bool(false))),
        (Kind::Single(options), Some(InputValue::Choices(chosen))) => match chosen.as_slice() {
            [] => Ok(None),
            [one] if options.iter().any(|(v, _)| v == one) => Ok(Some(Value::String(one.clone()))),
            [one] => Err(format!("`{one}` is not one of the choices")),
            _ => Err("choose one".to_owned()),
        },
        (
            Kind::Multi {
                options,
                min_items,
                max_items,
            },
            Some(InputValue::Choices(chosen)),
        ) => multi_value(options, *min_items, *max_items, chosen),
        (_, Some(InputValue::Text(text))) if text.trim().is_empty() => Ok(None),
        (
            Kind::Text {
                format,
                min_length,
                max_length,
            },
            Some(InputValue::Text(text)),
        ) => {
            let length = u64::try_from(text.chars().count()).unwrap_or(u64::MAX);
            if let Some(min) = min_length.filter(|min| length < *min) {
                return Err(format!("at least {min} characters"));
            }
            if let Some(max) = max_length.filter(|max| length > *max) {
                return Err(format!("at most {max} characters"));
            }
            if let Some(format) = format {
                check_format(*format, text.trim())?;
            }
            Ok(Some(Value::String(text.clone())))
        }
        (
            Kind::Number {
                integer,
                minimum,
                maximum,
            },
            Some(InputValue::Text(text)),
        ) => number_value(text.trim(), *integer, *minimum, *maximum).map(Some),
        (_, None) => Ok(None),
        (_, Some(other)) => Err(format!("unexpected value {other:?}")),
    }
}

fn multi_value(
    options: &[(String, String)],
    min_items: Option<u64>,
    max_items: Option<u64>,
    chosen: &[String],
) -> Result<Option<Value>, String> {
    if let Some(bad) = chosen
        .iter()
        .find(|c| !options.iter().any(|(v, _)| v == *c))
    {
        return Err(format!("`{bad}` is not one of the choices"));
    }
    let count = u64::try_from(chosen.len()).unwrap_or(u64::MAX);
    if let Some(min) = min_items.filter(|min| count < *min) {
        return Err(format!("choose at least {min}"));
    }
    if let Some(max) = max_items.filter(|max| count > *max) {
        return Err(format!("choose at most {max}"));
    }
    if chosen.is_empty() && min_items.is_none() {
        return Ok(None);
    }
    Ok(Some(Value::Array(
        chosen.iter().cloned().map(Value::String).collect(),
    )))
}

fn number_value(
    text: &str,
    integer: bool,
    minimum: Option<f64>,
    maximum: Option<f64>,
) -> Result<Value, String> {
    let number: f64 = text
        .parse()
        .ok()
        .filter(|n: &f64| n.is_finite())
        .ok_or_else(|| format!("`{text}` is not a number"))?;
    if integer && number.fract() != 0.0 {
        return Err(format!("`{text}` is not a whole number"));
    }
    if let Some(min) = minimum.filter(|min| number < *min) {
        return Err(format!("at least {}", crate::format_number(min)));
    }
    if let Some(max) = maximum.filter(|max| number > *max) {
        return Err(format!("at most {}", crate::format_number(max)));
    }
    if integer {
        #[expect(
            clippy::cast_possible_truncation,
            reason = "a whole number, checked above; past i64 it saturates"
        )]
        let whole = number as i64;
        Ok(Value::from(whole))
    } else {
        Ok(serde_json::Number::from_f64(number).map_or(Value::Null, Value::Number))
    }
}

fn check_format(format: Format, text: &str) -> Result<(), String> {
    let ok = match format {
        Format::Email => {
            let mut parts = text.split('@');
            let (local, domain) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
            parts.next().is_none()
                && !local.is_empty()
                && domain.contains('.')
                && !domain.starts_with('.')
                && !domain.ends_with('.')
                && !text.chars().any(char::is_whitespace)
        }
        Format::Uri => text.split_once(':').is_some_and(|(scheme, rest)| {
            !rest.is_empty()
                && scheme
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_ascii_alphabetic())
                && scheme
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
                && !text.chars().any(char::is_whitespace)
        }),
        Format::Date => Date::parse(text).is_some(),
        Format::DateTime => {
            text.contains(['T', 't']) && mcpapp_template::datetime::parse_iso(text).is_some()
        }
    };
    if ok {
        Ok(())
    } else {
        Err(match format {
            Format::Email => "not an email address".to_owned(),
            Format::Uri => "not a URI (such as https://example.com)".to_owned(),
            Format::Date => "not a date (YYYY-MM-DD)".to_owned(),
            Format::DateTime => "not a date and time (such as 2026-12-01T09:30:00Z)".to_owned(),
        })
    }
}

/// The input values that hold `content`, an answer given as JSON (a script's, a test's): a
/// string for a text, number, date or single choice, a number, a boolean, a list of strings
/// for a multi-select. A key the form does not ask for, or a value of the wrong JSON type, is
/// refused; the values themselves are checked by [`elicitation_content`].
pub fn values_from_content(
    form: &ElicitationForm,
    content: &Map<String, Value>,
) -> Result<InputValues, Vec<Error>> {
    values_over(form, content, InputValues::initial(&form.card))
}

/// Checks an answer given as JSON (an embedder's, a script's) against the question before it
/// is sent: the same rules as an Accept of the form, with nothing filled in from the form's
/// defaults. Returns the content as it will be sent (numbers typed as the schema says).
pub fn check_content(
    form: &ElicitationForm,
    content: &Map<String, Value>,
) -> Result<Map<String, Value>, Vec<Error>> {
    let values = values_over(form, content, InputValues::default())?;
    elicitation_content(form, &values)
}

/// `content` as input values, over `values`.
fn values_over(
    form: &ElicitationForm,
    content: &Map<String, Value>,
    mut values: InputValues,
) -> Result<InputValues, Vec<Error>> {
    let mut errors = Vec::new();
    for (name, value) in content {
        let Some(field) = form.fields.iter().find(|f| &f.name == name) else {
            errors.push(Error::Field {
                field: name.clone(),
                message: "the question does not ask for it".to_owned(),
            });
            continue;
        };
        let input = match (&field.kind, value) {
            (Kind::Boolean, Value::Bool(on)) => Some(InputValue::Toggle(*on)),
            (Kind::Single(_), Value::String(one)) => Some(InputValue::Choices(vec![one.clone()])),
            (Kind::Multi { .. }, Value::Array(many)) => many
                .iter()
                .map(|v| v.as_str().map(str::to_owned))
                .collect::<Option<Vec<_>>>()
                .map(InputValue::Choices),
            (Kind::Number { .. }, Value::Number(n)) => Some(InputValue::Text(n.to_string())),
            (Kind::Text { .. }, Value::String(text)) => Some(InputValue::Text(text.clone())),
            _ => None,
        };
        match input {
            Some(input) => values.set(name.clone(), input),
            None => errors.push(Error::Field {
                field: name.clone(),
                message: format!("{} is not a value for it", crate::json_type(value)),
            }),
        }
    }
    if errors.is_empty() {
        Ok(values)
    } else {
        Err(errors)
    }
}
