//! The values a component's properties hold before resolution: a literal, a binding to a
//! data path, or a function call; and the structures built from them (child lists, actions,
//! checks). Read from JSON tolerantly: anything that is not a binding or a call is a literal.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// A property value that may depend on the data model.
#[derive(Debug, Clone, PartialEq)]
pub enum DynamicValue {
    /// A value written as it is.
    Literal(Value),
    /// `{"path": "…"}`: the value at a data path (absolute, or relative to the scope).
    Path(String),
    /// `{"call": "…", "args": {…}}`: a function's result.
    Call(FunctionCall),
}

impl DynamicValue {
    /// Reads a property value: an object with only a string `path` is a binding, an object
    /// with a string `call` is a function call, anything else a literal.
    #[must_use]
    pub fn from_value(value: &Value) -> Self {
        let Value::Object(object) = value else {
            return Self::Literal(value.clone());
        };
        if let (Some(Value::String(path)), 1) = (object.get("path"), object.len()) {
            return Self::Path(path.clone());
        }
        if let Some(call) = FunctionCall::from_object(object) {
            return Self::Call(call);
        }
        Self::Literal(value.clone())
    }
}

/// A call of a catalog function.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FunctionCall {
    /// The function's name.
    pub call: String,
    /// Its named arguments, each a dynamic value (or a literal object).
    #[serde(default)]
    pub args: Map<String, Value>,
    /// The type the caller expects back (`"string"`, `"boolean"`, …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub return_type: Option<String>,
}

impl FunctionCall {
    /// Reads a call from an object with a string `call` (and an object `args`, if any).
    pub fn from_object(object: &Map<String, Value>) -> Option<Self> {
        let Some(Value::String(call)) = object.get("call") else {
            return None;
        };
        let args = match object.get("args") {
            Some(Value::Object(args)) => args.clone(),
            None => Map::new(),
            Some(_) => return None,
        };
        Some(Self {
            call: call.clone(),
            args,
            return_type: object
                .get("returnType")
                .and_then(Value::as_str)
                .map(str::to_owned),
        })
    }
}

/// A container's children: fixed ids, or a template repeated over a data list.
#[derive(Debug, Clone, PartialEq)]
pub enum ChildList {
    /// Children by id, in order.
    Static(Vec<String>),
    /// One copy of `component_id` per item of the list at `path`, each in the item's scope.
    Template {
        /// The template component's id.
        component_id: String,
        /// The data path of the list.
        path: String,
    },
}

impl ChildList {
    /// Reads a `ChildList` (an array of ids, or `{"componentId", "path"}`); `None` when it
    /// is neither. Non-string ids in an array are skipped.
    pub fn from_value(value: &Value) -> Option<Self> {
        match value {
            Value::Array(items) => Some(Self::Static(
                items
                    .iter()
                    .filter_map(Value::as_str)
                    .map(str::to_owned)
                    .collect(),
            )),
            Value::Object(object) => Some(Self::Template {
                component_id: object.get("componentId")?.as_str()?.to_owned(),
                path: object.get("path")?.as_str()?.to_owned(),
            }),
            _ => None,
        }
    }
}

/// What a component does when used (a `Button` pressed).
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// Sends an `action` message to the server.
    Event {
        /// The event's name.
        name: String,
        /// Its context: each value a dynamic value, resolved when the event fires.
        context: Map<String, Value>,
    },
    /// Runs a catalog function on the client (`openUrl`).
    Call(FunctionCall),
}

impl Action {
    /// Reads an `Action` (`{"event": {"name", "context"}}` or `{"functionCall": {…}}`).
    pub fn from_value(value: &Value) -> Option<Self> {
        let object = value.as_object()?;
        if let Some(event) = object.get("event").and_then(Value::as_object) {
            return Some(Self::Event {
                name: event.get("name")?.as_str()?.to_owned(),
                context: event
                    .get("context")
                    .and_then(Value::as_object)
                    .cloned()
                    .unwrap_or_default(),
            });
        }
        FunctionCall::from_object(object.get("functionCall")?.as_object()?).map(Self::Call)
    }
}

/// A validation rule of an input (or a button): a boolean condition and the message shown
/// when it is false.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckRule {
    /// The condition, a dynamic boolean.
    pub condition: DynamicValue,
    /// What to tell the user when it fails.
    pub message: String,
}

impl CheckRule {
    /// Reads a rule: `{"condition", "message"}`, or the older form where the rule is itself
    /// the call (`{"call", "args", "message"}`).
    #[must_use]
    pub fn from_value(value: &Value) -> Option<Self> {
        let object = value.as_object()?;
        let message = object.get("message")?.as_str()?.to_owned();
        let condition = match object.get("condition") {
            Some(condition) => DynamicValue::from_value(condition),
            None => DynamicValue::Call(FunctionCall::from_object(object)?),
        };
        Some(Self { condition, message })
    }

    /// Reads a component's `checks` (rules that cannot be read are skipped).
    pub fn list(properties: &Map<String, Value>) -> Vec<Self> {
        properties
            .get("checks")
            .and_then(Value::as_array)
            .map(|rules| rules.iter().filter_map(Self::from_value).collect())
            .unwrap_or_default()
    }
}

macro_rules! from_json_value {
    ($type:ty, $read:expr, $what:literal) => {
        impl<'de> Deserialize<'de> for $type {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let value = Value::deserialize(deserializer)?;
                let read: fn(&Value) -> Option<Self> = $read;
                read(&value).ok_or_else(|| serde::de::Error::custom(concat!("not ", $what)))
            }
        }
    };
}

from_json_value!(
    DynamicValue,
    |v| Some(DynamicValue::from_value(v)),
    "a dynamic value"
);
from_json_value!(ChildList, ChildList::from_value, "a child list");
from_json_value!(Action, Action::from_value, "an action");
from_json_value!(CheckRule, CheckRule::from_value, "a check rule");

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn tells_bindings_calls_and_literals_apart() {
        assert_eq!(
            DynamicValue::from_value(&json!({"path": "/a"})),
            DynamicValue::Path("/a".into())
        );
        assert!(matches!(
            DynamicValue::from_value(&json!({"call": "not", "args": {"value": true}})),
            DynamicValue::Call(FunctionCall { ref call, .. }) if call == "not"
        ));
        assert_eq!(
            DynamicValue::from_value(&json!({"path": "/a", "x": 1})),
            DynamicValue::Literal(json!({"path": "/a", "x": 1}))
        );
        assert_eq!(
            DynamicValue::from_value(&json!("hi")),
            DynamicValue::Literal(json!("hi"))
        );
    }

    #[test]
    fn reads_child_lists_actions_and_checks() {
        assert_eq!(
            ChildList::from_value(&json!({"componentId": "t", "path": "/l"})),
            Some(ChildList::Template {
                component_id: "t".into(),
                path: "/l".into()
            })
        );
        assert!(matches!(
            Action::from_value(&json!({"event": {"name": "go"}})),
            Some(Action::Event { ref name, .. }) if name == "go"
        ));
        let rules = CheckRule::list(
            json!({"checks": [{"condition": true, "message": "m"},
                               {"call": "required", "args": {}, "message": "old"}]})
            .as_object()
            .unwrap(),
        );
        assert_eq!(rules.len(), 2);
    }
}
