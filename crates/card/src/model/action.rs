//! Actions: buttons and what clicking things does.

use compact_str::CompactString;
use serde_json::Value;

use super::{ActionCommon, Card};
use crate::enums::AssociatedInputs;

kinds! {
    /// What the user can do with a card. Each kind is boxed, as [`super::Element`]'s are.
    pub enum Action (kinds of "action", common: ActionCommon) {
        /// Gather the inputs and send them with `data` (to the MCP tool named by
        /// `data.mcp_tool_name`).
        Submit(SubmitAction) = "Action.Submit",
        /// Like submit, with a `verb` (Universal Actions); the verb names the tool when `data` does
        /// not.
        Execute(ExecuteAction) = "Action.Execute",
        /// Open a link.
        OpenUrl(OpenUrlAction) = "Action.OpenUrl",
        /// Expand a card inline below the actions.
        ShowCard(ShowCardAction) = "Action.ShowCard",
        /// Show, hide or toggle elements.
        ToggleVisibility(ToggleVisibilityAction) = "Action.ToggleVisibility",
    }
}

impl Action {
    /// The button's text, if any.
    pub fn title(&self) -> Option<&str> {
        self.common().title.as_deref()
    }

    /// What an `Action.Submit` or `Action.Execute` sends; `None` for the other actions.
    pub fn submission(&self) -> Option<&Submission> {
        match self {
            Self::Submit(a) => Some(&a.submission),
            Self::Execute(a) => Some(&a.submission),
            _ => None,
        }
    }

    /// Whether the card is done once this action's tool call succeeds (`isFinal` on an
    /// `Action.Submit` or `Action.Execute`).
    #[must_use]
    pub fn is_final(&self) -> bool {
        self.submission().is_some_and(|s| s.is_final == Some(true))
    }
}

model_struct! {
    /// What an `Action.Submit` and an `Action.Execute` send, and when: the two differ only by the
    /// execute's `verb`.
    #[derive(Default)]
    pub struct Submission {
        /// Fixed data sent with the inputs; input values are written under their ids over it.
        pub data: Option<Value>,
        /// Which inputs are gathered (default: this card's and its parents').
        pub associated_inputs: Option<AssociatedInputs>,
        /// Disabled until an associated input changes.
        pub disabled_unless_associated_inputs_change: Option<bool>,
        /// An mcpapp extension: once the tool call this action makes succeeds (no error, no
        /// `isError` result), the card is done and the app ends (`close-ws-app`), as a card
        /// marked `isFinal` would. Adaptive Cards hosts ignore it.
        pub is_final: Option<bool>,
    }
}

action! {
    /// Gathers inputs and sends them with fixed data.
    pub struct SubmitAction {
        /// What is sent, and whether the card is done after.
        #[serde(flatten)]
        pub submission: Submission,
    }
}

action! {
    /// Gathers inputs and sends them with a verb and fixed data.
    pub struct ExecuteAction {
        /// What to do; names the tool when `data.mcp_tool_name` is absent.
        pub verb: Option<CompactString>,
        /// What is sent, and whether the card is done after.
        #[serde(flatten)]
        pub submission: Submission,
    }
}

action! {
    /// Opens a link (`https`, `http` or `mailto`).
    pub struct OpenUrlAction {
        /// The link.
        pub url: CompactString,
    }
}

action! {
    /// Expands a card inline.
    pub struct ShowCardAction {
        /// The card shown.
        pub card: Option<Box<Card>>,
    }
}

action! {
    /// Shows, hides or toggles elements by id.
    pub struct ToggleVisibilityAction {
        /// The elements. Cards may write a plain id; it is read as a toggle.
        #[schemars(schema_with = "super::common::target_elements_schema")]
        pub target_elements: Vec<TargetElement>,
    }
}

model_struct! {
    /// An element an `Action.ToggleVisibility` acts on.
    #[derive(Default)]
    pub struct TargetElement {
        /// The element's id.
        pub element_id: CompactString,
        /// `true` shows, `false` hides, absent toggles.
        pub is_visible: Option<bool>,
    }
    extra;
}
