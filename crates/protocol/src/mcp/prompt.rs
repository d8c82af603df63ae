//! Prompts, as far as `prompts/list` goes (views may list a server's prompts).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use serde_with::skip_serializing_none;

use super::common::list_result;

/// A prompt as listed by `prompts/list`.
#[skip_serializing_none]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Prompt {
    /// Programmatic name.
    pub name: String,
    /// Display name.
    #[serde(default)]
    pub title: Option<String>,
    /// What the prompt does.
    #[serde(default)]
    pub description: Option<String>,
    /// Its arguments.
    #[serde(default)]
    pub arguments: Option<Vec<PromptArgument>>,
    /// Metadata.
    #[serde(rename = "_meta", default)]
    pub meta: Option<Map<String, Value>>,
    /// Other members (`icons`, ...), kept as sent.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// One argument of a prompt.
#[skip_serializing_none]
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PromptArgument {
    /// Programmatic name.
    pub name: String,
    /// Display name.
    #[serde(default)]
    pub title: Option<String>,
    /// What the argument is for.
    #[serde(default)]
    pub description: Option<String>,
    /// Whether it must be given.
    #[serde(default)]
    pub required: Option<bool>,
}

list_result! {
    /// Result of `prompts/list`.
    ListPromptsResult {
        /// The prompts.
        prompts: Prompt
    }
}
