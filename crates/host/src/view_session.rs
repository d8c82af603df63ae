//! What every in-process view session shares ([`crate::CardSession`],
//! [`crate::A2uiSession`]): its link to the host ([`SessionLink`]: the `ui/initialize` it
//! starts with and how it reads the answer, the response lock, the theme, its own calls and
//! links, when its `save-state` goes out, its one `close-ws-app`), how it answers the host's
//! messages ([`on_host_message`], leaving to the session what only it understands), and how it
//! words a result or a refusal for the user.

use std::time::{Duration, Instant};

use mcpapp_protocol::messages::{
    CallTool, CloseWsApp, HostContextChanged, Initialize, Initialized, OpenLink, Ping,
    ResourceTeardown, ResponseGenerationStatus, SaveState,
};
use mcpapp_protocol::{
    AppCapabilities, CallToolParams, DisplayMode, EmptyObject, HostContext, Implementation,
    InitializeParams, JsonRpcError, JsonRpcNotification, JsonRpcRequest, Message,
    Notification as _, OpenLinkParams, Request as _, RequestId, ResponseGenerationStatusParams,
    SaveStateParams, Theme,
};
use serde_json::{Map, Value};

use crate::Error;
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

/// A session's link to its host: what both sessions keep about it and do the same way.
#[derive(Debug)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent facts each told by a different message (lock, init, theme, end)"
)]
pub(crate) struct SessionLink {
    /// The view's name in `ui/initialize`.
    name: &'static str,
    /// The tool call the view was created for, as the host named it at initialization.
    pub(crate) tool_call_id: Option<String>,
    /// The model is generating a reply (`response-generation-status`).
    pub(crate) locked: bool,
    /// `ui/initialize` is answered: the host hears the session from now on.
    pub(crate) ready: bool,
    /// The host's theme is dark.
    pub(crate) dark: bool,
    /// `close-ws-app` went out; it goes once.
    pub(crate) finished: bool,
    /// The `save-state` waiting to go out.
    pub(crate) save: PendingSave,
    /// What the user should know about the last action (a refusal), until the next.
    pub(crate) notice: Option<String>,
    next_id: i64,
    /// Our `tools/call` requests still waiting for an answer.
    calls: Vec<Value>,
}

/// What only a session understands of the host's messages; [`on_host_message`] does the rest.
pub(crate) trait SessionView {
    /// The session's link to the host.
    fn link(&mut self) -> &mut SessionLink;
    /// The session is connected (`ui/notifications/initialized` is going out); what it sends
    /// after it.
    fn connected(&mut self) -> Vec<Value>;
    /// A notification the link does not handle itself (tool input and result, `load-state`,
    /// anything unknown); what the session sends back.
    fn notified(&mut self, notification: &JsonRpcNotification) -> Vec<Value>;
    /// The answer (result or error) to the session's `tools/call` of this `id`.
    fn answered(&mut self, id: &Value, message: &Value) -> Vec<Value>;
}

impl SessionLink {
    /// The link of a view called `name`, not connected yet.
    pub(crate) fn new(name: &'static str) -> Self {
        Self {
            name,
            tool_call_id: None,
            locked: false,
            ready: false,
            dark: false,
            finished: false,
            save: PendingSave::None,
            notice: None,
            next_id: 1,
            calls: Vec::new(),
        }
    }

    /// The id of the session's next request.
    pub(crate) fn next_id(&mut self) -> i64 {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    /// The first message of a view: `ui/initialize`.
    pub(crate) fn start(&mut self) -> Vec<Value> {
        let id = self.next_id();
        vec![initialize_request(id, self.name)]
    }

    /// The user's action as `tools/call`, refused before the session is connected or while
    /// the model replies; returns the request's id (to recognise its answer) and the request.
    pub(crate) fn call(&mut self, params: &CallToolParams) -> Result<(Value, Value), Error> {
        if !self.ready {
            return Err(Error::NotReady);
        }
        if self.locked {
            return Err(Error::Locked);
        }
        let id = self.next_id();
        self.calls.push(Value::from(id));
        self.notice = None;
        Ok((Value::from(id), wire::request::<CallTool>(id, params)))
    }

    /// The user opened a link: `ui/open-link`, once connected.
    pub(crate) fn open_link(&mut self, url: &str) -> Result<Vec<Value>, Error> {
        if !self.ready {
            return Err(Error::NotReady);
        }
        let id = self.next_id();
        let params = OpenLinkParams {
            url: url.to_owned(),
        };
        Ok(vec![wire::request::<OpenLink>(id, &params)])
    }

    /// The pending `save-state`, with the state `state` builds, if it is due at `now`.
    pub(crate) fn save_if_due(
        &mut self,
        now: Instant,
        state: impl FnOnce() -> Value,
    ) -> Vec<Value> {
        if !self.ready || !self.save.is_due(now) {
            return Vec::new();
        }
        self.save = PendingSave::None;
        let params = SaveStateParams {
            state: state(),
            tool_call_id: self.tool_call_id.clone().map(RequestId::from),
        };
        vec![wire::notify::<SaveState>(&params)]
    }

    /// `close-ws-app`, once, and only on a connected session (the host hears nothing before
    /// `initialized`).
    pub(crate) fn finish(&mut self) -> Vec<Value> {
        if self.finished || !self.ready {
            return Vec::new();
        }
        self.finished = true;
        vec![wire::notify::<CloseWsApp>(&EmptyObject {})]
    }

    fn apply_context(&mut self, context: &HostContext) {
        if let Some(theme) = &context.theme {
            self.dark = *theme == Theme::Dark;
        }
    }

    /// Whether `id` answers one of our calls (which then no longer waits).
    fn take_call(&mut self, id: &Value) -> bool {
        let ours = self.calls.contains(id);
        self.calls.retain(|c| c != id);
        ours
    }
}

/// A message from the host to `view`; returns what the view sends back. The link answers
/// requests, takes the `ui/initialize` answer, the response lock and theme changes; the
/// session the rest. A message that is not JSON-RPC, or whose params do not fit its method,
/// changes nothing.
pub(crate) fn on_host_message(view: &mut impl SessionView, message: &Value) -> Vec<Value> {
    match Message::from_value(message.clone()) {
        Ok(Message::Notification(n)) => {
            let link = view.link();
            match n.method.as_str() {
                ResponseGenerationStatus::METHOD => {
                    if let Ok(status) = n.params_as::<ResponseGenerationStatusParams>() {
                        link.locked = status.is_pending;
                    }
                    Vec::new()
                }
                HostContextChanged::METHOD => {
                    if let Ok(context) = n.params_as::<HostContext>() {
                        link.apply_context(&context);
                    }
                    Vec::new()
                }
                _ => view.notified(&n),
            }
        }
        Ok(Message::Request(r)) => vec![answer_request(r)],
        Ok(Message::Response(r)) if !view.link().ready => {
            // The answer to our `ui/initialize`: take the context, say we are initialized.
            let link = view.link();
            let (context, tool_call_id) = initialized(r.result);
            link.apply_context(&context);
            link.tool_call_id = tool_call_id;
            link.ready = true;
            let mut sent = vec![wire::notify::<Initialized>(&EmptyObject {})];
            sent.extend(view.connected());
            sent
        }
        Ok(Message::Response(_) | Message::Error(_)) => {
            let id = message.get("id").cloned().unwrap_or_default();
            if view.link().take_call(&id) {
                view.answered(&id, message)
            } else {
                // Answers to our other requests: nothing to send back.
                Vec::new()
            }
        }
        Err(_) => Vec::new(),
    }
}

/// The `ui/initialize` request a view session starts with, as `name`.
fn initialize_request(id: i64, name: &str) -> Value {
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
fn answer_request(request: JsonRpcRequest) -> Value {
    let answer = match request.method.as_str() {
        ResourceTeardown::METHOD | Ping::METHOD => Ok(wire::result(&EmptyObject {})),
        other => Err(JsonRpcError::method_not_found(other)),
    };
    wire::reply(request.id, answer)
}

/// The host context of a `ui/initialize` answer (the default when the answer has none: only
/// the context matters to a session, and the rest is not required to be complete), and the
/// tool call id it names.
fn initialized(result: Value) -> (HostContext, Option<String>) {
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
