//! A card as a view: the in-process peer that turns what the user does with a card into the
//! messages an HTML app would send, and reacts to the host's messages as an HTML app would.
//!
//! Like the host it does no I/O: messages go in and out as JSON values, so a card session
//! can sit behind a [`crate::ViewPort`] or be driven directly in tests.

use std::time::{Duration, Instant};

use mcpapp_card::{Action, Card, CardState};
use mcpapp_protocol::CARD_MIME_TYPE;
use serde_json::{Value, json};

use crate::host::{notification, request};

/// Why the session did not send something.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SessionError {
    /// The model is generating a reply; the card is locked until it is done.
    #[error("the card is locked while the model is generating a reply")]
    Locked,
    /// The session has not completed `ui/initialize` yet.
    #[error("the card is not connected to its host yet")]
    NotReady,
    /// The action names no tool.
    #[error("{0}")]
    NoTool(String),
}

/// How long input edits wait before they are saved, so typing does not save every key.
pub const SAVE_DEBOUNCE: Duration = Duration::from_millis(400);

/// When the next `save-state` goes out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PendingSave {
    /// Nothing to save.
    None,
    /// Once the user has paused for [`SAVE_DEBOUNCE`] after this last change.
    After(Instant),
    /// At the next flush (the card on screen changed).
    Now,
}

/// One card on screen, as a view of the host.
#[derive(Debug)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent facts each told by a different message (lock, init, theme, answer)"
)]
pub struct CardSession {
    card: Card,
    /// The card's whole view state as last saved or restored (inputs, toggles, pages).
    state: CardState,
    restored: Option<CardState>,
    tool_call_id: Option<String>,
    locked: bool,
    ready: bool,
    dark: bool,
    next_id: i64,
    /// The `save-state` waiting to go out.
    save: PendingSave,
    tool_input: Option<Value>,
    /// The card template of a `ui://` card view, filled with each tool result.
    template: Option<String>,
    /// Our `tools/call` requests still waiting for an answer.
    calls: Vec<Value>,
    /// What the user should know about the last action (a refused call), until the next.
    notice: Option<String>,
    /// Whether the card on screen is the answer to one of our own calls (not the tool
    /// result's): it is saved with the state, since replaying the result would not bring it.
    answered_card: bool,
}

impl CardSession {
    /// A session showing `card`.
    pub fn new(card: Card) -> Self {
        let state = CardState::new(&card);
        Self {
            card,
            state,
            restored: None,
            tool_call_id: None,
            locked: false,
            ready: false,
            dark: false,
            next_id: 1,
            save: PendingSave::None,
            tool_input: None,
            template: None,
            calls: Vec::new(),
            notice: None,
            answered_card: false,
        }
    }

    /// A session for a card template (a `ui://` view with the card mime type): it shows a
    /// waiting card until the tool result comes, then the template filled with the result's
    /// `structuredContent` (the whole result when there is none), again with every result.
    pub fn from_template(template: impl Into<String>) -> Self {
        let mut session = Self::waiting();
        session.template = Some(template.into());
        session
    }

    /// A session for a tool whose result carries its card: it shows a waiting card until the
    /// result comes (see [`card_in_result`]).
    pub fn waiting() -> Self {
        let waiting = mcpapp_card::parse_value(json!({
            "type": "McpApp",
            "body": [{"type": "TextBlock", "text": "Waiting for the tool result…", "isSubtle": true}]
        }))
        .card
        .unwrap_or_default();
        Self::new(waiting)
    }

    /// The template filled with `result`; a template that does not expand to a valid card
    /// becomes a card saying so, rather than a blank view.
    fn fill(template: &str, result: &Value) -> Card {
        let data = result.get("structuredContent").unwrap_or(result);
        let parsed = mcpapp_card::parse_template(template.as_bytes(), data);
        let errors: Vec<String> = parsed
            .diagnostics
            .iter()
            .filter(|d| d.severity == mcpapp_card::Severity::Error)
            .map(ToString::to_string)
            .collect();
        match parsed.card {
            Some(card) if errors.is_empty() => card,
            _ => mcpapp_card::parse_value(json!({
                "type": "McpApp",
                "body": [
                    {"type": "TextBlock", "text": "This card could not be shown.", "weight": "bolder"},
                    {"type": "TextBlock", "text": errors.join("\n"), "wrap": true, "isSubtle": true}
                ]
            }))
            .card
            .unwrap_or_default(),
        }
    }

    /// What the user should know about their last action: the server's or the host's reason
    /// for refusing it, or a result without a card that says it failed.
    pub fn notice(&self) -> Option<&str> {
        self.notice.as_deref()
    }

    /// The answer to one of our `tools/call`s: a result holding a card replaces the card (the
    /// `Action.Execute` pattern); an error or a failed result becomes the notice.
    fn answered(&mut self, message: &Value) {
        if let Some(result) = message.get("result") {
            if let Some(card) = card_in_result(result) {
                self.replace_card(card);
                self.notice = None;
                self.answered_card = true;
                self.save = PendingSave::Now;
            } else if result.get("isError").and_then(Value::as_bool) == Some(true) {
                self.notice = Some(text_of(result).unwrap_or_else(|| "The action failed.".into()));
            } else {
                self.notice = text_of(result);
            }
        } else if let Some(error) = message.get("error") {
            let reason = error
                .pointer("/data/reason")
                .and_then(Value::as_str)
                .map(|r| format!(" ({r})"))
                .unwrap_or_default();
            let text = error
                .get("message")
                .and_then(Value::as_str)
                .unwrap_or("the action was refused");
            self.notice = Some(format!("{text}{reason}"));
        }
    }

    fn replace_card(&mut self, card: Card) {
        let mut state = CardState::new(&card);
        state.restore(&card, &self.state);
        self.card = card;
        self.state = state;
    }

    /// The card to draw.
    pub fn card(&self) -> &Card {
        &self.card
    }

    /// The view state the session last saved or restored.
    pub fn state(&self) -> &CardState {
        &self.state
    }

    /// The state restored by `load-state` (taken once, to give to the view).
    pub fn take_restored(&mut self) -> Option<CardState> {
        self.restored.take()
    }

    /// When the pending `save-state` is due ([`Self::flush`] sends it then), if one is.
    pub fn save_due(&self) -> Option<Instant> {
        match self.save {
            PendingSave::None => None,
            PendingSave::After(changed) => Some(changed + SAVE_DEBOUNCE),
            PendingSave::Now => Some(Instant::now()),
        }
    }

    /// Whether the card is locked (the model is generating).
    pub fn is_locked(&self) -> bool {
        self.locked
    }

    /// Whether the host's theme is dark.
    pub fn is_dark(&self) -> bool {
        self.dark
    }

    /// The arguments of the tool call that opened the card, once the host sent them.
    pub fn tool_input(&self) -> Option<&Value> {
        self.tool_input.as_ref()
    }

    fn next(&mut self) -> i64 {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    /// The first message of a view: `ui/initialize`.
    pub fn start(&mut self) -> Vec<Value> {
        let id = self.next();
        vec![request(
            id,
            "ui/initialize",
            &json!({
                "protocolVersion": mcpapp_protocol::APPS_PROTOCOL_VERSION,
                "appInfo": { "name": "mcpapp card", "version": env!("CARGO_PKG_VERSION") },
                "appCapabilities": { "availableDisplayModes": ["inline", "window", "fullscreen"] }
            }),
        )]
    }

    /// A message from the host; returns what the card sends back.
    pub fn on_host_message(&mut self, message: &Value) -> Vec<Value> {
        let method = message.get("method").and_then(Value::as_str);
        let params = message.get("params").cloned().unwrap_or(Value::Null);
        match (method, message.get("id")) {
            // The answer to our `ui/initialize`: take the context, say we are initialized.
            (None, Some(_)) if !self.ready && message.get("result").is_some() => {
                let context = message.pointer("/result/hostContext");
                self.apply_context(context);
                self.tool_call_id =
                    context
                        .and_then(|c| c.pointer("/toolInfo/id"))
                        .map(|id| match id {
                            Value::String(s) => s.clone(),
                            other => other.to_string(),
                        });
                self.ready = true;
                vec![notification("ui/notifications/initialized", &json!({}))]
            }
            (Some("ui/notifications/tool-input" | "ui/notifications/tool-input-partial"), _) => {
                self.tool_input = params.get("arguments").cloned();
                Vec::new()
            }
            (Some("ui/notifications/tool-result"), _) => {
                let card = match &self.template {
                    Some(template) => Some(Self::fill(template, &params)),
                    None => card_in_result(&params),
                };
                if let Some(card) = card {
                    // The Action.Execute pattern: a result holding a card replaces the card;
                    // values of inputs it still has carry over.
                    self.replace_card(card);
                    self.answered_card = false;
                }
                Vec::new()
            }
            (Some("ui/notifications/response-generation-status"), _) => {
                self.locked = params.get("isPending").and_then(Value::as_bool) == Some(true);
                Vec::new()
            }
            (Some("ui/notifications/load-state"), _) => {
                // The card an answer put on screen comes back first (read like any card: an
                // invalid one is ignored), then the view state (or the bare input values
                // earlier versions saved).
                if let Some(card) = params
                    .pointer("/state/card")
                    .map(|c| mcpapp_card::parse_value(c.clone()))
                    .filter(mcpapp_card::Parsed::is_valid)
                    .and_then(|parsed| parsed.card)
                {
                    self.replace_card(card);
                    self.answered_card = true;
                }
                if let Some(saved) = params.get("state").and_then(CardState::from_saved) {
                    self.state.restore(&self.card, &saved);
                    self.restored = Some(self.state.clone());
                }
                Vec::new()
            }
            (Some("ui/notifications/host-context-changed"), _) => {
                self.apply_context(Some(&params));
                Vec::new()
            }
            (Some("ui/resource-teardown"), Some(id)) => {
                vec![json!({ "jsonrpc": "2.0", "id": id, "result": {} })]
            }
            (Some("ping"), Some(id)) => vec![json!({ "jsonrpc": "2.0", "id": id, "result": {} })],
            (Some(_), Some(id)) => vec![json!({
                "jsonrpc": "2.0", "id": id,
                "error": { "code": -32601, "message": "a card has no such method" }
            })],
            (None, Some(id)) if self.calls.contains(id) => {
                self.calls.retain(|c| c != id);
                self.answered(message);
                Vec::new()
            }
            // Answers to our other requests, save-state-response, unknown notifications:
            // nothing to send back.
            _ => Vec::new(),
        }
    }

    fn apply_context(&mut self, context: Option<&Value>) {
        if let Some(theme) = context.and_then(|c| c.get("theme")).and_then(Value::as_str) {
            self.dark = theme == "dark";
        }
    }

    /// The user submitted: `data` is the action's data merged with the inputs (after the
    /// view checked them). Becomes `tools/call`: the tool named by `mcp_tool_name` or the
    /// `Action.Execute` verb, the rest of the data as arguments.
    pub fn submit(&mut self, action: &Action, data: Value) -> Result<Vec<Value>, SessionError> {
        if !self.ready {
            return Err(SessionError::NotReady);
        }
        let call = mcpapp_card::tool_call(action, data)
            .map_err(|e| SessionError::NoTool(e.to_string()))?;
        self.call_tool(&call)
    }

    /// The user triggered an action whose tool call the view already worked out (as
    /// `mcpapp-egui`'s `CardEvent::Submit` does): `tools/call`.
    pub fn call_tool(&mut self, call: &mcpapp_card::ToolCall) -> Result<Vec<Value>, SessionError> {
        if !self.ready {
            return Err(SessionError::NotReady);
        }
        if self.locked {
            return Err(SessionError::Locked);
        }
        let id = self.next();
        self.calls.push(Value::from(id));
        self.notice = None;
        Ok(vec![request(
            id,
            "tools/call",
            &json!({ "name": call.name, "arguments": call.arguments }),
        )])
    }

    /// The user opened a link (`Action.OpenUrl`, a link in text): `ui/open-link`.
    pub fn open_link(&mut self, url: &str) -> Result<Vec<Value>, SessionError> {
        if !self.ready {
            return Err(SessionError::NotReady);
        }
        let id = self.next();
        Ok(vec![request(id, "ui/open-link", &json!({ "url": url }))])
    }

    /// The view state changed (an input, a toggle, a page); it is saved once the user pauses
    /// ([`CardSession::flush`]).
    pub fn state_changed(&mut self, state: &CardState, now: Instant) {
        self.state.clone_from(state);
        // A save that must go at once (a new card) is not put off by typing.
        if self.save != PendingSave::Now {
            self.save = PendingSave::After(now);
        }
    }

    /// Sends the pending `save-state` if the user has paused long enough.
    pub fn flush(&mut self, now: Instant) -> Vec<Value> {
        let due = match self.save {
            PendingSave::None => false,
            PendingSave::After(changed) => now.duration_since(changed) >= SAVE_DEBOUNCE,
            PendingSave::Now => true,
        };
        if !self.ready || !due {
            return Vec::new();
        }
        self.save = PendingSave::None;
        let mut state = serde_json::to_value(&self.state).unwrap_or_default();
        if self.answered_card
            && let (Some(state), Ok(card)) =
                (state.as_object_mut(), serde_json::to_value(&self.card))
        {
            state.insert("card".to_owned(), card);
        }
        vec![notification(
            "ui/notifications/save-state",
            &json!({
                "state": state,
                "toolCallId": self.tool_call_id,
            }),
        )]
    }

    /// The card is done (its work finished): `close-ws-app`.
    pub fn done(&mut self) -> Vec<Value> {
        vec![notification("ui/notifications/close-ws-app", &json!({}))]
    }
}

/// The text blocks of a result, joined; `None` when it has none.
fn text_of(result: &Value) -> Option<String> {
    let text: Vec<&str> = result
        .get("content")
        .and_then(Value::as_array)?
        .iter()
        .filter_map(|c| c.get("text").and_then(Value::as_str))
        .collect();
    (!text.is_empty()).then(|| text.join("\n"))
}

/// The card a tool result carries: `structuredContent` that is a card, or an embedded resource
/// with the card mime type.
pub fn card_in_result(result: &Value) -> Option<Card> {
    let is_card = |v: &Value| {
        matches!(
            v.get("type").and_then(Value::as_str),
            Some("McpApp" | "AdaptiveCard")
        )
    };
    if let Some(structured) = result.get("structuredContent").filter(|v| is_card(v)) {
        return mcpapp_card::parse_value(structured.clone()).card;
    }
    result
        .get("content")
        .and_then(Value::as_array)?
        .iter()
        .filter_map(|c| c.get("resource"))
        .find(|r| r.get("mimeType").and_then(Value::as_str) == Some(CARD_MIME_TYPE))
        .and_then(|r| r.get("text").and_then(Value::as_str))
        .and_then(|text| mcpapp_card::parse_str(text).card)
}
