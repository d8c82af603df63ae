//! A2UI over MCP, written down once: how a surface's `action` becomes a `tools/call`, how a
//! server reads that call back, and where a tool result carries A2UI messages. The host's
//! A2UI session and the server helpers both use this module and nothing else, so when the
//! drafted MCP Apps extension for A2UI is final, this is the one file that follows it.
//!
//! The call, as sent:
//!
//! - **The tool.** The event's `name`, when the server has an app-callable tool of that name
//!   (the MCP Apps way: one tool per action, each with its own input schema). Otherwise the
//!   generic `action` tool of the A2UI-over-MCP guide, when the server has one. Otherwise the
//!   event's name still, so the host's refusal names the tool that is missing.
//! - **The arguments.** The event's resolved `context` for a tool of its own; for the generic
//!   tool, `{"name": …, "context": …}` as the guide writes them.
//! - **`_meta.a2ui`.** The whole `action` message (`action`), so that a server sees the
//!   surface, the component and the time; and, when surfaces were created with
//!   `sendDataModel`, their data models (`clientDataModel`, the spec's
//!   `a2uiClientDataModel` object).
//!
//! A stream the host could not apply is reported to a server that has the guide's `error` tool
//! ([`error_call`]).
//!
//! A server reading the call back ([`action_of_call`]) gets the `action` message and refuses a
//! call whose `_meta` copy disagrees with the arguments it validates: the arguments are what
//! the tool's schema checks, so they are what counts.

use mcpapp_protocol::{A2UI_MIME_TYPE, CallToolParams, embedded_resources};
use serde_json::{Map, Value};

use crate::error::A2uiError;
use crate::message::{ActionMessage, ErrorMessage};

/// The key of A2UI's object in a `tools/call`'s `_meta`.
pub const META_KEY: &str = "a2ui";

/// The generic action tool of the A2UI-over-MCP guide (`{name, context}` arguments).
pub const GENERIC_ACTION_TOOL: &str = "action";

/// The tool of the A2UI-over-MCP guide that hears a client's `error` reports.
pub const ERROR_TOOL: &str = "error";

/// The `tools/call` that reports a client `error` (a stream the host could not apply) to a
/// server's [`ERROR_TOOL`]: the message's members as arguments, as the guide writes them.
#[must_use]
pub fn error_call(error: &ErrorMessage) -> CallToolParams {
    let arguments = match serde_json::to_value(error) {
        Ok(Value::Object(arguments)) => arguments,
        _ => Map::new(),
    };
    CallToolParams::new(ERROR_TOOL, arguments)
}

/// How an event reached (or reaches) the server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ActionRoute {
    /// A tool named like the event, the context as its arguments.
    OwnTool,
    /// The generic [`GENERIC_ACTION_TOOL`], `{name, context}` as its arguments.
    Generic,
}

/// The `tools/call` for an `action` message. `has_tool` says whether the server offers an
/// app-callable tool of a name; `client_data_model` is [`crate::Processor::client_data_model`]
/// (left out when empty). See the module docs for the rule.
#[must_use]
pub fn action_call(
    action: &ActionMessage,
    client_data_model: Map<String, Value>,
    has_tool: impl Fn(&str) -> bool,
) -> CallToolParams {
    let route = if !has_tool(&action.name) && has_tool(GENERIC_ACTION_TOOL) {
        ActionRoute::Generic
    } else {
        ActionRoute::OwnTool
    };
    let (name, arguments) = match route {
        ActionRoute::OwnTool => (action.name.clone(), action.context.clone()),
        ActionRoute::Generic => {
            let mut arguments = Map::new();
            arguments.insert("name".to_owned(), Value::from(action.name.as_str()));
            arguments.insert("context".to_owned(), Value::Object(action.context.clone()));
            (GENERIC_ACTION_TOOL.to_owned(), arguments)
        }
    };
    let mut a2ui = Map::new();
    if let Ok(message) = serde_json::to_value(action) {
        a2ui.insert("action".to_owned(), message);
    }
    if !client_data_model.is_empty() {
        let mut model = Map::new();
        model.insert("surfaces".to_owned(), Value::Object(client_data_model));
        a2ui.insert("clientDataModel".to_owned(), Value::Object(model));
    }
    let mut meta = Map::new();
    meta.insert(META_KEY.to_owned(), Value::Object(a2ui));
    CallToolParams {
        meta: Some(meta),
        ..CallToolParams::new(name, arguments)
    }
}

/// What a server reads back from a `tools/call` made by [`action_call`].
#[derive(Debug, Clone, PartialEq)]
pub struct CalledAction {
    /// The `action` message: the event's name and context as the arguments carry them, the
    /// surface, component and time from `_meta` (empty when the caller sent no `_meta`).
    pub action: ActionMessage,
    /// Which way it came.
    pub route: ActionRoute,
    /// The data models of `sendDataModel` surfaces, by surface id (empty when none came).
    pub client_data_model: Map<String, Value>,
}

/// Reads the `action` a call carries: `tool` is the tool called, `arguments` and `meta` the
/// call's. For the generic tool the event's name and context come from the arguments; for a
/// tool of its own the tool is the name and the arguments the context. A `_meta.a2ui.action`
/// that names another event or holds another context is refused: see the module docs.
pub fn action_of_call(
    tool: &str,
    arguments: &Map<String, Value>,
    meta: Option<&Map<String, Value>>,
) -> Result<CalledAction, A2uiError> {
    let (route, name, context) = if tool == GENERIC_ACTION_TOOL {
        let name = arguments
            .get("name")
            .and_then(Value::as_str)
            .ok_or_else(|| {
                A2uiError::InvalidMessage("the `action` tool's `name` must be a string".to_owned())
            })?;
        let context = match arguments.get("context") {
            None => Map::new(),
            Some(Value::Object(context)) => context.clone(),
            Some(_) => {
                return Err(A2uiError::InvalidMessage(
                    "the `action` tool's `context` must be an object".to_owned(),
                ));
            }
        };
        (ActionRoute::Generic, name.to_owned(), context)
    } else {
        (ActionRoute::OwnTool, tool.to_owned(), arguments.clone())
    };
    let a2ui = meta
        .and_then(|m| m.get(META_KEY))
        .and_then(Value::as_object);
    let sent = match a2ui.and_then(|a| a.get("action")) {
        None => None,
        Some(value) => Some(
            serde_json::from_value::<ActionMessage>(value.clone())
                .map_err(|e| A2uiError::InvalidMessage(format!("`_meta.a2ui.action`: {e}")))?,
        ),
    };
    if let Some(sent) = &sent {
        if sent.name != name {
            return Err(A2uiError::InvalidMessage(format!(
                "`_meta.a2ui.action` names the event `{}`, the call `{name}`",
                crate::diagnostic::printable(&sent.name)
            )));
        }
        if sent.context != context {
            return Err(A2uiError::InvalidMessage(
                "`_meta.a2ui.action.context` differs from the call's arguments".to_owned(),
            ));
        }
    }
    let action = sent.unwrap_or_else(|| ActionMessage {
        name,
        surface_id: String::new(),
        source_component_id: String::new(),
        timestamp: String::new(),
        context,
        extra: Map::new(),
    });
    let client_data_model = a2ui
        .and_then(|a| a.get("clientDataModel"))
        .and_then(|m| m.get("surfaces"))
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    Ok(CalledAction {
        action,
        route,
        client_data_model,
    })
}

/// The A2UI messages a tool result (a `CallToolResult` as JSON) carries, as texts in any of the
/// input forms [`crate::Processor::apply_str`] reads, in order: the text of every embedded
/// resource of [`A2UI_MIME_TYPE`], then `structuredContent` when it is A2UI (a message, an
/// array of messages, or the `{"messages": […]}` wrapper). Empty when it carries none.
#[must_use]
pub fn payloads_in_result(result: &Value) -> Vec<String> {
    let mut payloads: Vec<String> = a2ui_resources(result)
        .filter_map(|resource| resource.get("text").and_then(Value::as_str))
        .map(str::to_owned)
        .collect();
    if let Some(structured) = result.get("structuredContent").filter(|v| is_a2ui(v))
        && let Ok(text) = serde_json::to_string(structured)
    {
        payloads.push(text);
    }
    payloads
}

/// Whether a tool result carries A2UI messages (see [`payloads_in_result`]).
#[must_use]
pub fn result_has_a2ui(result: &Value) -> bool {
    a2ui_resources(result).next().is_some() || result.get("structuredContent").is_some_and(is_a2ui)
}

/// The URI of the first embedded A2UI resource of a result, if it has one.
#[must_use]
pub fn result_resource_uri(result: &Value) -> Option<String> {
    a2ui_resources(result)
        .find_map(|resource| resource.get("uri").and_then(Value::as_str))
        .map(str::to_owned)
}

/// The embedded resources of [`A2UI_MIME_TYPE`] in a result's `content`, in order.
fn a2ui_resources(result: &Value) -> impl Iterator<Item = &Value> {
    embedded_resources(result, A2UI_MIME_TYPE)
}

/// Whether a JSON value is A2UI server messages: one message (a `version` and one of the
/// server message kinds), a non-empty array of them, or the `{"messages": […]}` wrapper.
#[must_use]
pub fn is_a2ui(value: &Value) -> bool {
    let is_message = |v: &Value| {
        v.get("version").is_some()
            && crate::message::SERVER_KINDS
                .iter()
                .any(|kind| v.get(kind).is_some())
    };
    match value {
        Value::Array(items) => items.first().is_some_and(is_message),
        Value::Object(object) => {
            is_message(value)
                || object
                    .get("messages")
                    .and_then(Value::as_array)
                    .and_then(|m| m.first())
                    .is_some_and(is_message)
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn action() -> ActionMessage {
        serde_json::from_value(json!({
            "name": "book_table", "surfaceId": "tables", "sourceComponentId": "book",
            "timestamp": "2026-12-03T12:00:00Z", "context": {"table": "T4", "name": "Ann"}
        }))
        .unwrap()
    }

    #[test]
    fn an_event_goes_to_its_own_tool_and_comes_back_whole() {
        let call = action_call(&action(), Map::new(), |t| t == "book_table");
        assert_eq!(call.name, "book_table");
        assert_eq!(call.arguments.as_ref().unwrap()["table"], "T4");
        let back = action_of_call(
            &call.name,
            call.arguments.as_ref().unwrap(),
            call.meta.as_ref(),
        )
        .unwrap();
        assert_eq!(back.action, action());
        assert_eq!(back.route, ActionRoute::OwnTool);
    }

    #[test]
    fn without_its_own_tool_an_event_goes_to_the_generic_action_tool() {
        let mut model = Map::new();
        model.insert("tables".to_owned(), json!({"draft": 1}));
        let call = action_call(&action(), model, |t| t == "action");
        assert_eq!(call.name, "action");
        assert_eq!(
            Value::Object(call.arguments.clone().unwrap()),
            json!({"name": "book_table", "context": {"table": "T4", "name": "Ann"}})
        );
        let back = action_of_call(
            &call.name,
            call.arguments.as_ref().unwrap(),
            call.meta.as_ref(),
        )
        .unwrap();
        assert_eq!(back.route, ActionRoute::Generic);
        assert_eq!(back.client_data_model["tables"]["draft"], 1);
        // Neither tool: the event's own name, for the host to refuse by name.
        assert_eq!(
            action_call(&action(), Map::new(), |_| false).name,
            "book_table"
        );
    }

    #[test]
    fn a_meta_copy_that_disagrees_with_the_arguments_is_refused() {
        let call = action_call(&action(), Map::new(), |_| true);
        let mut arguments = call.arguments.clone().unwrap();
        arguments.insert("table".to_owned(), json!("T9"));
        let refused = action_of_call(&call.name, &arguments, call.meta.as_ref());
        assert!(refused.unwrap_err().to_string().contains("differs"));
        let refused = action_of_call("cancel", &arguments, call.meta.as_ref());
        assert!(refused.unwrap_err().to_string().contains("names the event"));
    }

    #[test]
    fn results_carry_a2ui_as_embedded_resources_or_structured_content() {
        let message = json!({"version": "v0.9", "deleteSurface": {"surfaceId": "s"}});
        let embedded = json!({"content": [
            {"type": "text", "text": "fallback"},
            {"type": "resource", "resource": {"uri": "ui://t/s", "mimeType": "application/a2ui+json",
             "text": message.to_string()}}
        ]});
        assert_eq!(payloads_in_result(&embedded), vec![message.to_string()]);
        assert_eq!(result_resource_uri(&embedded).as_deref(), Some("ui://t/s"));
        let structured = json!({"content": [], "structuredContent": [message.clone()]});
        assert_eq!(payloads_in_result(&structured).len(), 1);
        let wrapper = json!({"structuredContent": {"messages": [message]}});
        assert!(result_has_a2ui(&wrapper));
        let plain = json!({"structuredContent": {"tables": []}});
        assert!(!result_has_a2ui(&plain));
    }
}
