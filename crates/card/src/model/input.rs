//! Inputs: the elements whose values a submit gathers.

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Map, Value};

use super::{Action, ElementCommon, InputCommon};
use crate::enums::{ChoiceInputStyle, TextInputStyle};

/// A text field.
#[derive(Debug, Clone, Default, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TextInput {
    /// The initial text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    /// A hint shown while the field is empty.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub placeholder: Option<String>,
    /// Whether the field takes several lines.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub is_multiline: Option<bool>,
    /// The most characters the field takes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_length: Option<u32>,
    /// A regular expression the text must match somewhere (not anchored, as in JavaScript's
    /// `RegExp.test`). Checked by the renderer and again by the server.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub regex: Option<String>,
    /// What kind of text the field takes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub style: Option<TextInputStyle>,
    /// A button beside the field (not `Action.ShowCard`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub inline_action: Option<Box<Action>>,
    /// Properties of every input.
    #[serde(flatten)]
    pub input: InputCommon,
    /// Properties of every element.
    #[serde(flatten)]
    pub common: ElementCommon,
}

/// A number field.
#[derive(Debug, Clone, Default, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct NumberInput {
    /// The initial number.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<f64>,
    /// A hint shown while the field is empty.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub placeholder: Option<String>,
    /// The smallest number allowed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min: Option<f64>,
    /// The largest number allowed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max: Option<f64>,
    /// Properties of every input.
    #[serde(flatten)]
    pub input: InputCommon,
    /// Properties of every element.
    #[serde(flatten)]
    pub common: ElementCommon,
}

/// A date field; values are `YYYY-MM-DD`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DateInput {
    /// The initial date.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    /// A hint shown while the field is empty.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub placeholder: Option<String>,
    /// The earliest date allowed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min: Option<String>,
    /// The latest date allowed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max: Option<String>,
    /// Properties of every input.
    #[serde(flatten)]
    pub input: InputCommon,
    /// Properties of every element.
    #[serde(flatten)]
    pub common: ElementCommon,
}

/// A time field; values are `HH:MM` (24 hours).
#[derive(Debug, Clone, Default, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TimeInput {
    /// The initial time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    /// A hint shown while the field is empty.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub placeholder: Option<String>,
    /// The earliest time allowed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min: Option<String>,
    /// The latest time allowed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max: Option<String>,
    /// Properties of every input.
    #[serde(flatten)]
    pub input: InputCommon,
    /// Properties of every element.
    #[serde(flatten)]
    pub common: ElementCommon,
}

/// A check box with a title.
#[derive(Debug, Clone, Default, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ToggleInput {
    /// The text beside the box.
    pub title: String,
    /// The initial value: checked when it equals `valueOn`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    /// The value submitted when checked (default `"true"`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value_on: Option<String>,
    /// The value submitted when not checked (default `"false"`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value_off: Option<String>,
    /// Whether the title wraps.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wrap: Option<bool>,
    /// Properties of every input.
    #[serde(flatten)]
    pub input: InputCommon,
    /// Properties of every element.
    #[serde(flatten)]
    pub common: ElementCommon,
}

impl ToggleInput {
    /// The value submitted when checked.
    pub fn on_value(&self) -> &str {
        self.value_on.as_deref().unwrap_or("true")
    }

    /// The value submitted when not checked.
    pub fn off_value(&self) -> &str {
        self.value_off.as_deref().unwrap_or("false")
    }
}

/// A choice among options: a drop-down, radio buttons or check boxes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChoiceSetInput {
    /// The options.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<Choice>,
    /// Options the host fetches as the user types (`Data.Query`).
    #[serde(rename = "choices.data", skip_serializing_if = "Option::is_none")]
    pub choices_data: Option<DataQuery>,
    /// Whether several options may be chosen.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub is_multi_select: Option<bool>,
    /// How the options are shown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub style: Option<ChoiceInputStyle>,
    /// The initially chosen values, comma-separated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    /// A hint shown while nothing is chosen.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub placeholder: Option<String>,
    /// Whether option titles wrap.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wrap: Option<bool>,
    /// Properties of every input.
    #[serde(flatten)]
    pub input: InputCommon,
    /// Properties of every element.
    #[serde(flatten)]
    pub common: ElementCommon,
}

/// One option of a choice set.
#[derive(Debug, Clone, Default, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Choice {
    /// What the user sees.
    pub title: String,
    /// What is submitted.
    pub value: String,
    /// Properties this model does not know, kept as they were.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// A query for choices the host fetches from the agent as the user types.
#[derive(Debug, Clone, Default, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DataQuery {
    /// The data set to query.
    pub dataset: String,
    /// How many results to ask for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<u32>,
    /// How many results to skip.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skip: Option<u32>,
    /// Properties this model does not know, kept as they were.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}
