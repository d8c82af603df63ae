//! What a submit sends: the action's data merged with the input values, exactly as the
//! official renderer merges it, and the MCP tool call it becomes.

use serde_json::{Map, Value};
use thiserror::Error;

use crate::enums::AssociatedInputs;
use crate::model::{Action, Card};
use crate::values::{InputError, InputValues, submitted_value, validate_input};

/// The key of an action's data that names the MCP tool to call.
pub const TOOL_NAME_KEY: &str = "mcp_tool_name";

/// Keys of submitted data that inputs may not use as ids, because the host reads them.
pub const RESERVED_DATA_KEYS: &[&str] = &[TOOL_NAME_KEY];

/// Merges input values into an action's `data` the way the official renderer does:
/// a copy of `data` (an empty object when `data` is absent or falsy), with each set input's
/// value written under its id, replacing a key of the same name. Data that is not an object
/// (a string, say) is sent as it is, without inputs.
pub fn merge_inputs<'a>(
    data: Option<&Value>,
    inputs: impl IntoIterator<Item = (&'a str, String)>,
) -> Value {
    let mut merged = match data {
        None | Some(Value::Null | Value::Bool(false)) => Value::Object(Map::new()),
        Some(Value::String(s)) if s.is_empty() => Value::Object(Map::new()),
        Some(Value::Number(n)) if n.as_f64() == Some(0.0) => Value::Object(Map::new()),
        Some(v) => v.clone(),
    };
    if let Value::Object(map) = &mut merged {
        for (id, value) in inputs {
            map.insert(id.to_owned(), Value::String(value));
        }
    }
    merged
}

/// Why a submit did not produce data.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum SubmitError {
    /// Some inputs fail their rules; nothing is sent and the errors are shown.
    #[error("{} input(s) need attention", .0.len())]
    Invalid(Vec<InputError>),
    /// The action does not submit (it opens a link, shows a card, …).
    #[error("{0} does not submit data")]
    NotASubmit(&'static str),
    /// The action names no tool (`data.mcp_tool_name` or an `Action.Execute` verb).
    #[error(
        "the action names no tool: give its data an `mcp_tool_name` (or an Action.Execute a `verb`)"
    )]
    NoTool,
    /// The tool name is not a string.
    #[error("`mcp_tool_name` must be a string")]
    BadToolName,
    /// The data is not an object, so it cannot be a tool's arguments.
    #[error("the action's data must be an object to become tool arguments")]
    DataNotAnObject,
}

/// Prepares the data of a submit: validates the inputs the action gathers and merges their
/// values into its data.
///
/// `cards` is the chain of cards from the one holding the action (first) up to the root (last):
/// an action in an `Action.ShowCard` card gathers that card's inputs and its parents', as in
/// the official renderer. Inputs inside other `Action.ShowCard` cards are not gathered.
pub fn prepare_submit(
    cards: &[&Card],
    action: &Action,
    values: &InputValues,
) -> Result<Value, SubmitError> {
    let Some(submission) = action.submission() else {
        return Err(SubmitError::NotASubmit(action.type_name()));
    };
    let (data, associated) = (submission.data.as_ref(), submission.associated_inputs);
    let mut gathered = Vec::new();
    if associated != Some(AssociatedInputs::None) {
        for card in cards {
            for input in card.inputs() {
                if let Some(id) = input.id()
                    && !gathered.iter().any(|(seen, _)| *seen == id)
                {
                    gathered.push((id, input));
                }
            }
        }
    }
    let errors: Vec<InputError> = gathered
        .iter()
        .filter_map(|(id, input)| validate_input(input, values.get(id)).err())
        .collect();
    if !errors.is_empty() {
        return Err(SubmitError::Invalid(errors));
    }
    let set = gathered
        .iter()
        .filter_map(|(id, input)| submitted_value(input, values.get(id)).map(|v| (*id, v)));
    Ok(merge_inputs(data, set))
}

/// An MCP `tools/call` a submit becomes.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolCall {
    /// The tool's name.
    pub name: String,
    /// The arguments: the submitted data without `mcp_tool_name`.
    pub arguments: Map<String, Value>,
    /// Whether the card is done once the call succeeds (the action's `isFinal`).
    pub finishes: bool,
}

/// Turns submitted data into the tool call it asks for: the tool named by `mcp_tool_name`, or
/// else by the `Action.Execute` verb; the arguments are the data without `mcp_tool_name`.
pub fn tool_call(action: &Action, payload: Value) -> Result<ToolCall, SubmitError> {
    let Value::Object(mut arguments) = payload else {
        return Err(SubmitError::DataNotAnObject);
    };
    let name = match arguments.remove(TOOL_NAME_KEY) {
        Some(Value::String(name)) if !name.is_empty() => name,
        Some(Value::String(_)) | None => match action {
            Action::Execute(e) => e
                .verb
                .as_deref()
                .filter(|v| !v.is_empty())
                .map(str::to_owned)
                .ok_or(SubmitError::NoTool)?,
            _ => return Err(SubmitError::NoTool),
        },
        Some(_) => return Err(SubmitError::BadToolName),
    };
    Ok(ToolCall {
        name,
        arguments,
        finishes: action.is_final(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_str;
    use crate::values::InputValue;
    use serde_json::json;

    #[test]
    fn merge_writes_inputs_over_data() {
        let data = json!({"mcp_tool_name": "t", "booking_id": "B1", "reason": "fixed"});
        let merged = merge_inputs(Some(&data), [("reason", "typed".to_owned())]);
        assert_eq!(
            merged,
            json!({"mcp_tool_name": "t", "booking_id": "B1", "reason": "typed"})
        );
    }

    #[test]
    fn merge_of_falsy_and_non_object_data() {
        assert_eq!(
            merge_inputs(None, [("a", "1".to_owned())]),
            json!({"a": "1"})
        );
        assert_eq!(
            merge_inputs(Some(&json!("")), [("a", "1".to_owned())]),
            json!({"a": "1"})
        );
        assert_eq!(
            merge_inputs(Some(&json!("verb")), [("a", "1".to_owned())]),
            json!("verb")
        );
        assert_eq!(
            merge_inputs(Some(&json!([1])), [("a", "1".to_owned())]),
            json!([1])
        );
    }

    fn reference() -> Card {
        parse_str(include_str!(
            "../../../examples/cards/flight-cancellation.json"
        ))
        .card
        .unwrap()
    }

    #[test]
    fn reference_card_payload_and_tool_call() {
        let card = reference();
        let mut values = InputValues::initial(&card);
        values.set(
            "cancellationReason",
            InputValue::Text("Change of plans".into()),
        );
        let action = &card.actions[0];
        let payload = prepare_submit(&[&card], action, &values).unwrap();
        assert_eq!(
            payload,
            json!({
                "mcp_tool_name": "flight_booking_tool.confirm_cancellation",
                "booking_id": "FL-12345-ABC",
                "cancellationReason": "Change of plans"
            })
        );
        let call = tool_call(action, payload).unwrap();
        assert_eq!(call.name, "flight_booking_tool.confirm_cancellation");
        assert_eq!(
            Value::Object(call.arguments),
            json!({"booking_id": "FL-12345-ABC", "cancellationReason": "Change of plans"})
        );
    }

    #[test]
    fn empty_inputs_are_left_out() {
        let card = reference();
        let values = InputValues::initial(&card);
        let payload = prepare_submit(&[&card], &card.actions[0], &values).unwrap();
        assert!(payload.get("cancellationReason").is_none());
    }

    #[test]
    fn show_card_actions_gather_parent_inputs_but_not_siblings() {
        let card = parse_str(
            r#"{"type":"McpApp","body":[{"type":"Input.Text","id":"outer"}],
            "actions":[
              {"type":"Action.ShowCard","card":{"type":"AdaptiveCard",
                "body":[{"type":"Input.Text","id":"inner","isRequired":true}],
                "actions":[{"type":"Action.Submit","data":{"mcp_tool_name":"t"}}]}},
              {"type":"Action.ShowCard","card":{"type":"AdaptiveCard",
                "body":[{"type":"Input.Text","id":"other"}]}},
              {"type":"Action.Submit","data":{"mcp_tool_name":"u"}}]}"#,
        )
        .card
        .unwrap();
        let mut values = InputValues::initial(&card);
        values.set("outer", InputValue::Text("o".into()));
        values.set("inner", InputValue::Text("i".into()));
        values.set("other", InputValue::Text("x".into()));
        let Action::ShowCard(show) = &card.actions[0] else {
            panic!()
        };
        let sub = show.card.as_deref().unwrap();
        let payload = prepare_submit(&[sub, &card], &sub.actions[0], &values).unwrap();
        assert_eq!(
            payload,
            json!({"mcp_tool_name": "t", "inner": "i", "outer": "o"})
        );
        // The root's own submit does not gather the ShowCard cards' inputs, so the required
        // `inner` does not block it.
        values.set("inner", InputValue::Text(String::new()));
        let payload = prepare_submit(&[&card], &card.actions[2], &values).unwrap();
        assert_eq!(payload, json!({"mcp_tool_name": "u", "outer": "o"}));
    }

    #[test]
    fn associated_inputs_none_sends_data_alone() {
        let card = parse_str(
            r#"{"type":"McpApp","body":[{"type":"Input.Text","id":"a","isRequired":true}],
            "actions":[{"type":"Action.Submit","associatedInputs":"None","data":{"mcp_tool_name":"skip"}}]}"#,
        )
        .card
        .unwrap();
        let payload =
            prepare_submit(&[&card], &card.actions[0], &InputValues::initial(&card)).unwrap();
        assert_eq!(payload, json!({"mcp_tool_name": "skip"}));
    }

    #[test]
    fn invalid_inputs_stop_the_submit() {
        let card = parse_str(
            r#"{"type":"McpApp","body":[{"type":"Input.Text","id":"a","isRequired":true,"label":"Name"}],
            "actions":[{"type":"Action.Submit","data":{"mcp_tool_name":"t"}}]}"#,
        )
        .card
        .unwrap();
        let err =
            prepare_submit(&[&card], &card.actions[0], &InputValues::initial(&card)).unwrap_err();
        assert_eq!(
            err,
            SubmitError::Invalid(vec![InputError {
                id: "a".into(),
                message: "Name is required.".into()
            }])
        );
    }

    #[test]
    fn execute_verb_names_the_tool() {
        let card = parse_str(
            r#"{"type":"McpApp","actions":[{"type":"Action.Execute","verb":"refresh","data":{"x":1}}]}"#,
        )
        .card
        .unwrap();
        let payload = prepare_submit(&[&card], &card.actions[0], &InputValues::default()).unwrap();
        let call = tool_call(&card.actions[0], payload).unwrap();
        assert_eq!(call.name, "refresh");
        assert_eq!(Value::Object(call.arguments), json!({"x": 1}));
    }
}
