//! Prompts, as far as `prompts/list` goes (views may list a server's prompts).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::common::list_result;

wire_struct! {
    /// A prompt as listed by `prompts/list`.
    #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
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
    }
    meta: "Metadata.";
    extra: "Other members (`icons`, ...), kept as sent.";
}

wire_struct! {
    /// One argument of a prompt.
    #[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
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
}

list_result! {
    /// Result of `prompts/list`.
    ListPromptsResult {
        /// The prompts.
        prompts: Prompt
    }
}
