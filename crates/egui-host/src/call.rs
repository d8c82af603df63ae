//! An agent's tool call, as the embedder asks for it.

use mcpapp_protocol::DisplayMode;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::EguiHostError;

/// An agent's tool call, for [`HostHandle::call`](crate::HostHandle::call):
/// [`HostHandle::call_tool`](crate::HostHandle::call_tool) with an id and a display mode of your
/// choice.
///
/// ```
/// use mcpapp_egui_host::ToolCall;
/// use mcpapp_protocol::DisplayMode;
///
/// let call = ToolCall::new("flights", "request_cancellation_reason")
///     .arguments(serde_json::json!({"booking_id": "FL-12345-ABC"}))?
///     .id("turn-3-call-1")
///     .display_mode(DisplayMode::Fullscreen);
/// assert_eq!(call.tool_call_id(), Some("turn-3-call-1"));
/// # Ok::<(), mcpapp_egui_host::EguiHostError>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
#[must_use]
#[expect(
    clippy::struct_field_names,
    reason = "`tool_call_id` is the protocol's name of the id"
)]
pub struct ToolCall {
    pub(crate) server: String,
    pub(crate) tool: String,
    pub(crate) arguments: Map<String, Value>,
    pub(crate) tool_call_id: Option<String>,
    pub(crate) display_mode: DisplayMode,
}

impl ToolCall {
    /// A call of `tool` of `server`, without arguments, inline, with an id the handle makes.
    pub fn new(server: impl Into<String>, tool: impl Into<String>) -> Self {
        Self {
            server: server.into(),
            tool: tool.into(),
            arguments: Map::new(),
            tool_call_id: None,
            display_mode: DisplayMode::Inline,
        }
    }

    /// The arguments: anything that serializes to a JSON object (a struct, a map, `json!`).
    pub fn arguments(mut self, arguments: impl Serialize) -> Result<Self, EguiHostError> {
        let refused = |why: String| EguiHostError::Arguments {
            tool: self.tool.clone(),
            why,
        };
        // serde_json's own error names what the value is instead ("invalid type: string …").
        match serde_json::to_value(arguments).map(Option::<Map<String, Value>>::deserialize) {
            Ok(Ok(map)) => {
                self.arguments = map.unwrap_or_default();
                Ok(self)
            }
            Ok(Err(e)) | Err(e) => Err(refused(e.to_string())),
        }
    }

    /// The agent's id of the call (its updates carry it); by default the handle makes one.
    pub fn id(mut self, tool_call_id: impl Into<String>) -> Self {
        self.tool_call_id = Some(tool_call_id.into());
        self
    }

    /// Where the app opens (inline by default).
    pub fn display_mode(mut self, mode: DisplayMode) -> Self {
        self.display_mode = mode;
        self
    }

    /// The server's id in the host.
    #[must_use]
    pub fn server(&self) -> &str {
        &self.server
    }

    /// The tool's name.
    #[must_use]
    pub fn tool(&self) -> &str {
        &self.tool
    }

    /// The id given with [`Self::id`], if any.
    #[must_use]
    pub fn tool_call_id(&self) -> Option<&str> {
        self.tool_call_id.as_deref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_are_an_object_or_nothing() {
        let call = ToolCall::new("s", "t").arguments(serde_json::json!({"a": 1}));
        assert_eq!(call.map(|c| c.arguments.len()).ok(), Some(1));
        let none = ToolCall::new("s", "t").arguments(());
        assert!(none.is_ok_and(|c| c.arguments.is_empty()));
        let Err(EguiHostError::Arguments { tool, why }) = ToolCall::new("s", "t").arguments("x")
        else {
            panic!("a string is not arguments");
        };
        assert_eq!(tool, "t");
        assert!(why.contains("string"), "{why}");
    }
}
