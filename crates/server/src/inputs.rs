//! The user's inputs of a submitted action, checked on the server: again by the rules of the
//! card the server sent (required, `maxLength`, `regex`, `min`/`max`, choice membership), then
//! read into the handler's own typed struct and checked by its `validator` rules, then put to
//! the application's authorization hook. The client is never trusted, even when its view already
//! checked the same rules.

use crate::Rejection;
use mcpapp_card::{Card, Element, InputValue, validate_input, value_from_text};
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};
use validator::Validate;

/// One input that fails a rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    /// The input's id (the argument's name).
    pub field: String,
    /// What is wrong, for a person.
    pub message: String,
}

/// Checks submitted inputs by the rules of the inputs of `card` (the card the server sent,
/// with its `Action.ShowCard` cards): every input the card has is checked (a missing value is
/// an empty one), and an argument no input of the card explains is refused.
pub fn check_card_inputs(card: &Card, inputs: &Map<String, Value>) -> Result<(), Rejection> {
    let card_inputs = card.all_inputs();
    if let Some(extra) = inputs
        .keys()
        .find(|k| !card_inputs.iter().any(|i| i.id() == Some(k.as_str())))
    {
        return Err(Rejection::UnexpectedInput(extra.clone()));
    }
    let errors: Vec<FieldError> = card_inputs
        .iter()
        .filter_map(|input| {
            let id = input.id()?;
            let value = submitted(input, inputs.get(id));
            validate_input(input, value.as_ref())
                .err()
                .map(|e| FieldError {
                    field: e.id,
                    message: e.message,
                })
        })
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(Rejection::InvalidInput(errors))
    }
}

/// A submitted value as the card's input state: submits carry strings (the official merge
/// writes every value as text); anything else is read as its JSON text.
fn submitted(input: &Element, value: Option<&Value>) -> Option<InputValue> {
    let text = match value {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(other) => Some(other.to_string()),
    };
    value_from_text(input, text.as_deref())
}

/// Reads the inputs into the handler's struct and runs its `validator` rules; errors name the
/// fields.
pub fn typed_inputs<T: DeserializeOwned + Validate>(
    inputs: &Map<String, Value>,
) -> Result<T, Rejection> {
    let value: T = serde_json::from_value(Value::Object(inputs.clone())).map_err(|e| {
        Rejection::InvalidInput(vec![FieldError {
            field: field_of(&e.to_string()),
            message: e.to_string(),
        }])
    })?;
    value.validate().map_err(|errors| {
        let mut fields: Vec<FieldError> = errors
            .field_errors()
            .into_iter()
            .flat_map(|(field, list)| {
                list.iter().map(move |e| FieldError {
                    field: field.to_string(),
                    message: e.message.as_ref().map_or_else(
                        || format!("fails the `{}` rule", e.code),
                        ToString::to_string,
                    ),
                })
            })
            .collect();
        fields.sort_by(|a, b| a.field.cmp(&b.field));
        Rejection::InvalidInput(fields)
    })?;
    Ok(value)
}

/// The field a serde error names (as in ``missing field `reason` ``), if it names one.
fn field_of(message: &str) -> String {
    message
        .split('`')
        .nth(1)
        .map_or_else(|| "(inputs)".to_owned(), str::to_owned)
}

/// The application's say on whether `subject` may run `tool` on the object its fixed data
/// names (cancel *this* booking).
pub trait Authorize {
    /// `Err(reason)` refuses.
    fn authorize(
        &self,
        subject: &str,
        tool: &str,
        fixed: &Map<String, Value>,
    ) -> Result<(), String>;
}

impl<F: Fn(&str, &str, &Map<String, Value>) -> Result<(), String>> Authorize for F {
    fn authorize(
        &self,
        subject: &str,
        tool: &str,
        fixed: &Map<String, Value>,
    ) -> Result<(), String> {
        self(subject, tool, fixed)
    }
}

/// Asks the hook; a refusal becomes [`Rejection::Forbidden`].
pub fn authorize(
    hook: &dyn Authorize,
    subject: &str,
    tool: &str,
    fixed: &Map<String, Value>,
) -> Result<(), Rejection> {
    hook.authorize(subject, tool, fixed)
        .map_err(Rejection::Forbidden)
}
