//! Input values: the state a view keeps for a card's inputs, their initial values, how each is
//! submitted, and the client-side checks that run before a submit leaves the view.
//!
//! The semantics are the official renderer's: a value is submitted as a string, an empty
//! input is not submitted at all, `regex` matches anywhere in the text (JavaScript's
//! `RegExp.test`), and a required toggle must be on.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::model::{Card, ChoiceSetInput, Element};
use crate::rules::{Date, Time};

/// The value of one input, as the user left it. Number, date and time inputs keep the text
/// typed, so a half-typed value is not lost; it is read as its type when submitted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum InputValue {
    /// An `Input.Toggle`: on or off.
    Toggle(bool),
    /// The text of an `Input.Text`, `Input.Number`, `Input.Date` or `Input.Time`.
    Text(String),
    /// The chosen values of an `Input.ChoiceSet`, in choice order.
    Choices(Vec<String>),
}

/// The values of a card's inputs, by input id. This is what a view saves and restores.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(transparent)]
pub struct InputValues(pub BTreeMap<String, InputValue>);

impl InputValues {
    /// The initial values of every input of the card and of its `Action.ShowCard` cards.
    pub fn initial(card: &Card) -> Self {
        let mut values = BTreeMap::new();
        for input in card.all_inputs() {
            if let (Some(id), Some(value)) = (input.id(), initial_value(input)) {
                values.insert(id.to_owned(), value);
            }
        }
        Self(values)
    }

    /// The value of an input.
    pub fn get(&self, id: &str) -> Option<&InputValue> {
        self.0.get(id)
    }

    /// Sets the value of an input.
    pub fn set(&mut self, id: impl Into<String>, value: InputValue) {
        self.0.insert(id.into(), value);
    }

    /// Takes the values of `saved` for inputs this card has, when the kind of value fits; the
    /// rest keep their current values. Returns the ids that were restored.
    pub fn restore(&mut self, card: &Card, saved: &InputValues) -> Vec<String> {
        let mut restored = Vec::new();
        for input in card.all_inputs() {
            let Some(id) = input.id() else { continue };
            let (Some(current), Some(saved)) = (self.0.get(id), saved.0.get(id)) else {
                continue;
            };
            if std::mem::discriminant(current) == std::mem::discriminant(saved) {
                self.0.insert(id.to_owned(), saved.clone());
                restored.push(id.to_owned());
            }
        }
        restored
    }
}

fn initial_value(input: &Element) -> Option<InputValue> {
    let number;
    let text = match input {
        Element::InputText(t) => t.value.as_deref(),
        Element::InputNumber(n) => {
            number = n.value.map(format_number);
            number.as_deref()
        }
        Element::InputDate(d) => d.value.as_deref(),
        Element::InputTime(t) => t.value.as_deref(),
        Element::InputToggle(t) => t.value.as_deref(),
        Element::InputChoiceSet(c) => c.value.as_deref(),
        _ => return None,
    };
    value_from_text(input, text)
}

/// The value an input holds when its text form is `text` (`None`: no value): how a card's
/// `value` property is read, and the inverse of [`submitted_value`] for a submit's data. A
/// toggle is on when the text is its `valueOn`; a multi-select choice set splits the text on
/// commas, a single-select one keeps it whole. `None` for an element that is not an input.
pub fn value_from_text(input: &Element, text: Option<&str>) -> Option<InputValue> {
    let text_or_empty = text.unwrap_or_default();
    Some(match input {
        Element::InputToggle(t) => InputValue::Toggle(text == Some(t.on_value())),
        Element::InputChoiceSet(c) => InputValue::Choices(choices_from_text(c, text_or_empty)),
        e if e.is_input() => InputValue::Text(text_or_empty.to_owned()),
        _ => return None,
    })
}

fn choices_from_text(c: &ChoiceSetInput, text: &str) -> Vec<String> {
    if text.is_empty() {
        return Vec::new();
    }
    if c.is_multi_select == Some(true) {
        text.split(',')
            .map(|v| v.trim().to_owned())
            .filter(|v| !v.is_empty())
            .collect()
    } else {
        vec![text.to_owned()]
    }
}

/// Writes a number the way JavaScript's `String(n)` does for ordinary values: `5`, `2.5`.
pub fn format_number(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e15 {
        format!("{n:.0}")
    } else {
        n.to_string()
    }
}

/// What a value submits as, or `None` when the input is not set (an empty field, nothing
/// chosen, a number that does not read as one): then it is left out of the data.
pub fn submitted_value(input: &Element, value: Option<&InputValue>) -> Option<String> {
    match (input, value) {
        (Element::InputToggle(t), Some(InputValue::Toggle(on))) => {
            let v = if *on { t.on_value() } else { t.off_value() };
            (!v.is_empty()).then(|| v.to_owned())
        }
        (Element::InputToggle(t), None) => {
            (!t.off_value().is_empty()).then(|| t.off_value().to_owned())
        }
        (Element::InputNumber(_), Some(InputValue::Text(text))) => text
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|n| n.is_finite())
            .map(format_number),
        (Element::InputChoiceSet(_), Some(InputValue::Choices(chosen))) => {
            (!chosen.is_empty()).then(|| chosen.join(","))
        }
        (_, Some(InputValue::Text(text))) if !text.is_empty() => Some(text.clone()),
        _ => None,
    }
}

/// Why an input's value stops a submit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct InputError {
    /// The input's id.
    pub id: String,
    /// What to show under the input: the card's `errorMessage` when it has one.
    pub message: String,
}

/// Checks one input's value by its card rules, as the renderer does before a submit.
pub fn validate_input(input: &Element, value: Option<&InputValue>) -> Result<(), InputError> {
    let Some(id) = input.id() else {
        return Ok(());
    };
    let required = input.input_common().and_then(|c| c.is_required) == Some(true);
    let is_set = match (input, value) {
        // A required toggle is set only when on, as in the official renderer.
        (Element::InputToggle(_), Some(InputValue::Toggle(on))) if required => *on,
        _ => submitted_value(input, value).is_some(),
    };
    let text = match value {
        Some(InputValue::Text(t)) => t.as_str(),
        _ => "",
    };
    let problem = if is_set {
        check_set_value(input, value, text)
    } else if required {
        Some(format!("{} is required.", input_name(input)))
    } else if matches!(input, Element::InputNumber(_)) && !text.trim().is_empty() {
        // An empty optional field is fine; a number that does not read as one is not.
        Some(format!("`{}` is not a number.", text.trim()))
    } else {
        None
    };
    match problem {
        None => Ok(()),
        Some(default) => Err(InputError {
            id: id.to_owned(),
            message: input
                .input_common()
                .and_then(|c| c.error_message.as_deref())
                .filter(|m| !m.trim().is_empty())
                .map_or(default, str::to_owned),
        }),
    }
}

/// What is wrong with the value of an input that is set, by its kind's rules.
fn check_set_value(input: &Element, value: Option<&InputValue>, text: &str) -> Option<String> {
    match input {
        Element::InputText(t) => {
            if let Some(max) = t.max_length
                && text.chars().count() > max as usize
            {
                return Some(format!("At most {max} characters."));
            }
            let pattern = t.regex.as_deref()?;
            match regex::Regex::new(pattern) {
                Ok(re) if re.is_match(text) => None,
                Ok(_) => Some(format!(
                    "{} is not in the expected format.",
                    input_name(input)
                )),
                Err(_) => Some("This field's format rule is broken.".to_owned()),
            }
        }
        Element::InputNumber(n) => {
            let v: f64 = text.trim().parse().unwrap_or(f64::NAN);
            (n.min.is_some_and(|min| v < min) || n.max.is_some_and(|max| v > max))
                .then(|| range_message(n.min.map(format_number), n.max.map(format_number)))
        }
        Element::InputDate(d) => typed_problem(
            text,
            Date::parse,
            "a date (YYYY-MM-DD)",
            (d.min.as_deref(), d.max.as_deref()),
        ),
        Element::InputTime(t) => typed_problem(
            text,
            Time::parse,
            "a time (HH:MM)",
            (t.min.as_deref(), t.max.as_deref()),
        ),
        Element::InputChoiceSet(c) => {
            let Some(InputValue::Choices(chosen)) = value else {
                return None;
            };
            if c.is_multi_select != Some(true) && chosen.len() > 1 {
                return Some("Choose one option.".to_owned());
            }
            if c.choices_data.is_some() {
                return None;
            }
            chosen
                .iter()
                .find(|v| !c.choices.iter().any(|ch| ch.value == *v))
                .map(|bad| format!("`{bad}` is not one of the options."))
        }
        _ => None,
    }
}

/// What is wrong with `text` as the value of a date or time input: it is not `what` (read by
/// `parse`), or it lies outside `min`..`max`.
fn typed_problem<T: PartialOrd + ToString>(
    text: &str,
    parse: fn(&str) -> Option<T>,
    what: &str,
    (min, max): (Option<&str>, Option<&str>),
) -> Option<String> {
    let Some(v) = parse(text) else {
        return Some(format!("`{text}` is not {what}."));
    };
    let (min, max) = (min.and_then(parse), max.and_then(parse));
    let outside = min.as_ref().is_some_and(|m| &v < m) || max.as_ref().is_some_and(|m| &v > m);
    outside.then(|| range_message(min.map(|m| m.to_string()), max.map(|m| m.to_string())))
}

fn range_message(min: Option<String>, max: Option<String>) -> String {
    match (min, max) {
        (Some(lo), Some(hi)) => format!("Enter a value from {lo} to {hi}."),
        (Some(lo), None) => format!("Enter a value of at least {lo}."),
        (None, Some(hi)) => format!("Enter a value of at most {hi}."),
        (None, None) => "The value is out of range.".to_owned(),
    }
}

/// How messages name an input: its label, else its id.
fn input_name(input: &Element) -> String {
    input
        .input_common()
        .and_then(|c| c.label.as_deref())
        .filter(|l| !l.trim().is_empty())
        .map(str::to_owned)
        .or_else(|| input.id().map(|id| format!("`{id}`")))
        .unwrap_or_else(|| "This field".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_str;

    fn card(json: &str) -> Card {
        let parsed = parse_str(json);
        assert!(parsed.is_valid(), "{:?}", parsed.diagnostics);
        parsed.card.unwrap()
    }

    #[test]
    fn initial_values_of_every_input_kind() {
        let c = card(
            r#"{"type":"McpApp","body":[
            {"type":"Input.Text","id":"t","value":"hi"},
            {"type":"Input.Number","id":"n","value":3},
            {"type":"Input.Toggle","id":"g","title":"G","value":"yes","valueOn":"yes"},
            {"type":"Input.ChoiceSet","id":"c","isMultiSelect":true,"value":"a, b",
             "choices":[{"title":"A","value":"a"},{"title":"B","value":"b"}]}],
            "actions":[{"type":"Action.ShowCard","card":{"type":"AdaptiveCard","body":[
              {"type":"Input.Date","id":"d","value":"2024-01-02"}]}}]}"#,
        );
        let v = InputValues::initial(&c);
        assert_eq!(v.get("t"), Some(&InputValue::Text("hi".into())));
        assert_eq!(v.get("n"), Some(&InputValue::Text("3".into())));
        assert_eq!(v.get("g"), Some(&InputValue::Toggle(true)));
        assert_eq!(
            v.get("c"),
            Some(&InputValue::Choices(vec!["a".into(), "b".into()]))
        );
        assert_eq!(v.get("d"), Some(&InputValue::Text("2024-01-02".into())));
        let json = serde_json::to_value(&v).unwrap();
        assert_eq!(json["g"], serde_json::json!(true));
        let back: InputValues = serde_json::from_value(json).unwrap();
        assert_eq!(back, v);
    }

    #[test]
    fn regex_is_unanchored_and_required_reports_error_message() {
        let c = card(
            r#"{"type":"McpApp","body":[
            {"type":"Input.Text","id":"code","regex":"[0-9]{3}","isRequired":true,"errorMessage":"Three digits, please"}]}"#,
        );
        let input = c.inputs()[0];
        assert!(validate_input(input, Some(&InputValue::Text("ab123cd".into()))).is_ok());
        let err = validate_input(input, Some(&InputValue::Text("ab12".into()))).unwrap_err();
        assert_eq!(err.message, "Three digits, please");
        let err = validate_input(input, Some(&InputValue::Text(String::new()))).unwrap_err();
        assert_eq!(err.id, "code");
    }

    #[test]
    fn numbers_dates_times_ranges() {
        let c = card(
            r#"{"type":"McpApp","body":[
            {"type":"Input.Number","id":"n","min":1,"max":5,"label":"Guests"},
            {"type":"Input.Date","id":"d","min":"2024-01-01","max":"2024-12-31"},
            {"type":"Input.Time","id":"t","min":"09:00","max":"17:00"}]}"#,
        );
        let [n, d, t] = c.inputs()[..] else { panic!() };
        let text = |s: &str| Some(InputValue::Text(s.to_owned()));
        assert!(validate_input(n, text("3").as_ref()).is_ok());
        assert_eq!(
            validate_input(n, text("9").as_ref()).unwrap_err().message,
            "Enter a value from 1 to 5."
        );
        assert!(validate_input(n, text("abc").as_ref()).is_err());
        assert!(validate_input(n, text("").as_ref()).is_ok());
        assert!(validate_input(d, text("2024-06-01").as_ref()).is_ok());
        assert!(validate_input(d, text("2025-06-01").as_ref()).is_err());
        assert!(validate_input(d, text("June 1").as_ref()).is_err());
        assert!(validate_input(t, text("08:59").as_ref()).is_err());
        assert!(validate_input(t, text("12:30").as_ref()).is_ok());
    }

    #[test]
    fn toggles_submit_their_values_and_required_means_on() {
        let c = card(
            r#"{"type":"McpApp","body":[
            {"type":"Input.Toggle","id":"ok","title":"Agree","isRequired":true,"valueOn":"yes","valueOff":"no"}]}"#,
        );
        let input = c.inputs()[0];
        assert_eq!(
            submitted_value(input, Some(&InputValue::Toggle(false))),
            Some("no".into())
        );
        assert!(validate_input(input, Some(&InputValue::Toggle(false))).is_err());
        assert!(validate_input(input, Some(&InputValue::Toggle(true))).is_ok());
    }

    #[test]
    fn restore_keeps_only_fitting_values() {
        let c = card(
            r#"{"type":"McpApp","body":[
            {"type":"Input.Text","id":"a"},{"type":"Input.Toggle","id":"b","title":"B"}]}"#,
        );
        let mut v = InputValues::initial(&c);
        let mut saved = InputValues::default();
        saved.set("a", InputValue::Text("back".into()));
        saved.set("b", InputValue::Text("not a toggle".into()));
        saved.set("zzz", InputValue::Text("unknown".into()));
        assert_eq!(v.restore(&c, &saved), vec!["a".to_owned()]);
        assert_eq!(v.get("a"), Some(&InputValue::Text("back".into())));
        assert_eq!(v.get("b"), Some(&InputValue::Toggle(false)));
    }
}
