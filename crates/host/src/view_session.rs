//! What every in-process view session shares ([`crate::CardSession`],
//! [`crate::A2uiSession`]): the `ui/initialize` it starts with, how it reads the host's answer,
//! when its `save-state` goes out, and how it words a result or a refusal for the user.

use std::time::{Duration, Instant};

use mcpapp_protocol::messages::{Initialize, Ping, ResourceTeardown};
use mcpapp_protocol::{
    AppCapabilities, DisplayMode, EmptyObject, HostContext, Implementation, InitializeParams,
    JsonRpcError, JsonRpcRequest, Request as _, RequestId,
};
use serde_json::{Map, Value};

use crate::host::wire;

/// How long input edits wait before they are saved, so typing does not save every key.
pub const SAVE_DEBOUNCE: Duration = Duration::from_millis(400);

/// When the next `save-state` goes out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PendingSave {
    /// Nothing to save.
    None,
    /// Once the user has paused for [`SAVE_DEBOUNCE`] after this last change.
    After(Instant),
    /// At the next flush (what is on screen changed).
    Now,
}

impl PendingSave {
    /// When the save is due, if one waits.
    pub(crate) fn due_at(self) -> Option<Instant> {
        match self {
            Self::None => None,
            Self::After(changed) => Some(changed + SAVE_DEBOUNCE),
            Self::Now => Some(Instant::now()),
        }
    }

    /// Whether the save is due at `now`.
    pub(crate) fn is_due(self, now: Instant) -> bool {
        match self {
            Self::None => false,
            Self::After(changed) => now.duration_since(changed) >= SAVE_DEBOUNCE,
            Self::Now => true,
        }
    }

    /// The user changed something at `now`: a save that must go at once is not put off.
    pub(crate) fn edited(&mut self, now: Instant) {
        if *self != Self::Now {
            *self = Self::After(now);
        }
    }
}

/// The `ui/initialize` request a view session starts with, as `name`.
pub(crate) fn initialize_request(id: i64, name: &str) -> Value {
    let params = InitializeParams {
        protocol_version: mcpapp_protocol::APPS_PROTOCOL_VERSION.to_owned(),
        app_info: Implementation {
            name: name.to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            ..Implementation::default()
        },
        app_capabilities: AppCapabilities {
            available_display_modes: Some(vec![
                DisplayMode::Inline,
                DisplayMode::Window,
                DisplayMode::Fullscreen,
            ]),
            ..AppCapabilities::default()
        },
        extra: Map::new(),
    };
    wire::request::<Initialize>(id, &params)
}

/// The part of the `ui/initialize` result a session reads.
#[derive(Debug, Default, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct InitializeAnswer {
    #[serde(default)]
    host_context: HostContext,
}

/// The session's answer to a request from the host: teardown and ping are acknowledged (a
/// view in process has nothing to clean up), anything else is not a method of a view.
pub(crate) fn answer_request(request: JsonRpcRequest) -> Value {
    let answer = match request.method.as_str() {
        ResourceTeardown::METHOD | Ping::METHOD => Ok(wire::result(&EmptyObject {})),
        other => Err(JsonRpcError::method_not_found(other)),
    };
    wire::reply(request.id, answer)
}

/// The host context of a `ui/initialize` answer (the default when the answer has none: only
/// the context matters to a session, and the rest is not required to be complete), and the
/// tool call id it names.
pub(crate) fn initialized(result: Value) -> (HostContext, Option<String>) {
    let context = serde_json::from_value::<InitializeAnswer>(result)
        .map(|answer| answer.host_context)
        .unwrap_or_default();
    let tool_call_id = context
        .tool_info
        .as_ref()
        .and_then(|t| t.id.clone())
        .map(|id| match id {
            RequestId::String(s) => s,
            number @ RequestId::Number(_) => number.to_string(),
        });
    (context, tool_call_id)
}

/// The text blocks of a result, joined; `None` when it has none.
pub(crate) fn text_of(result: &Value) -> Option<String> {
    let text: Vec<&str> = result
        .get("content")
        .and_then(Value::as_array)?
        .iter()
        .filter_map(|c| c.get("text").and_then(Value::as_str))
        .collect();
    (!text.is_empty()).then(|| text.join("\n"))
}

/// A JSON-RPC error answer in words: its message and, when it gives one, its reason.
pub(crate) fn refusal(error: &Value) -> String {
    let reason = error
        .pointer("/data/reason")
        .and_then(Value::as_str)
        .map(|r| format!(" ({r})"))
        .unwrap_or_default();
    let text = error
        .get("message")
        .and_then(Value::as_str)
        .unwrap_or("the action was refused");
    format!("{text}{reason}")
}
