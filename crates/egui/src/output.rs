//! What a card view reports back: the action the user triggered, and whether inputs changed.

use mcpapp_card::{InputError, ToolCall};
use serde_json::Value;

/// What the user did with the card this frame that the embedder must act on.
#[derive(Debug, Clone, PartialEq)]
pub enum CardEvent {
    /// An `Action.Submit` or `Action.Execute` whose inputs passed their rules.
    Submit {
        /// The action's `id`, if it has one.
        action_id: Option<String>,
        /// The action's title, for logs and confirmations.
        title: Option<String>,
        /// The submitted data: the action's `data` with the input values merged in, exactly as
        /// the official drawer merges it.
        data: Value,
        /// The MCP tool call the data asks for (`mcp_tool_name`, or an `Action.Execute`'s
        /// verb), or why it asks for none.
        tool_call: Result<ToolCall, String>,
    },
    /// A submit that was stopped because inputs fail their rules; the errors are shown under
    /// the inputs.
    Invalid {
        /// The action's `id`, if it has one.
        action_id: Option<String>,
        /// What is wrong, per input.
        errors: Vec<InputError>,
    },
    /// An `Action.OpenUrl` (or a link in text): the URL, already checked to be `https`,
    /// `http` or `mailto`. The embedder decides whether and how to open it.
    OpenUrl {
        /// The link.
        url: String,
    },
}

/// The result of showing a card for one frame.
#[derive(Debug)]
pub struct CardOutput {
    /// The response covering the whole card.
    pub response: egui::Response,
    /// What the user triggered this frame, if anything.
    pub event: Option<CardEvent>,
    /// Whether any input's value changed this frame.
    pub inputs_changed: bool,
    /// Whether anything of the [`crate::CardState`] a host saves changed this frame: an input,
    /// a visibility toggle, a `ShowCard` opened or closed, a carousel page (a host saves state
    /// on this).
    pub state_changed: bool,
}
