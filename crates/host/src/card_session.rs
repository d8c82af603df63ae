//! A card as a view: the in-process peer that turns what the user does with a card into the
//! messages an HTML app would send, and reacts to the host's messages as an HTML app would.
//!
//! Like the host it does no I/O: messages go in and out as JSON values, so a card session
//! can sit behind a [`crate::ViewPort`] or be driven directly in tests.

use std::time::Instant;

use mcpapp_card::builder::TextBuilder;
use mcpapp_card::enums::FontWeight;
use mcpapp_card::{Action, Card, CardBuilder, CardState};
use mcpapp_protocol::CARD_MIME_TYPE;
use serde_json::Value;

use mcpapp_protocol::messages::{
    CallTool, CloseWsApp, HostContextChanged, Initialized, LoadState, OpenLink,
    ResponseGenerationStatus, SaveState, ToolInput, ToolInputPartial, ToolResult,
};
use mcpapp_protocol::{
    CallToolParams, EmptyObject, HostContext, JsonRpcNotification, LoadStateParams, Message,
    Notification as _, OpenLinkParams, RequestId, ResponseGenerationStatusParams, SaveStateParams,
    Theme, ToolInputParams,
};

use crate::Error;
use crate::host::wire;
use crate::view_session::{
    PendingSave, answer_request, initialize_request, initialized, refusal, text_of,
};

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
    /// Those of them whose action ends the card once it succeeds (`isFinal`).
    finishing: Vec<Value>,
    /// Whether the card said it is done (`close-ws-app` went out); it says so once.
    finished: bool,
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
            finishing: Vec::new(),
            finished: false,
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
        let waiting = CardBuilder::new()
            .text_with("Waiting for the tool result…", TextBuilder::subtle)
            .build()
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
            _ => CardBuilder::new()
                .text_with("This card could not be shown.", |t| {
                    t.weight(FontWeight::Bolder)
                })
                .text_with(errors.join("\n"), TextBuilder::subtle)
                .build()
                .unwrap_or_default(),
        }
    }

    /// What the user should know about their last action: the server's or the host's reason
    /// for refusing it, or a result without a card that says it failed.
    pub fn notice(&self) -> Option<&str> {
        self.notice.as_deref()
    }

    /// The answer to one of our `tools/call`s: a result holding a card replaces the card (the
    /// `Action.Execute` pattern); an error or a failed result becomes the notice. Returns
    /// whether the card is done now: the call succeeded and its action was final, or the
    /// answer's card is.
    fn answered(&mut self, message: &Value, finishing: bool) -> bool {
        if let Some(result) = message.get("result") {
            let failed = result.get("isError").and_then(Value::as_bool) == Some(true);
            if let Some(card) = card_in_result(result) {
                self.replace_card(card);
                self.notice = None;
                self.answered_card = true;
                self.save = PendingSave::Now;
            } else if failed {
                self.notice = Some(text_of(result).unwrap_or_else(|| "The action failed.".into()));
            } else {
                self.notice = text_of(result);
            }
            return (finishing && !failed) || self.card.is_final();
        } else if let Some(error) = message.get("error") {
            self.notice = Some(refusal(error));
        }
        false
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
        self.save.due_at()
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
        vec![initialize_request(id, "mcpapp card")]
    }

    /// A message from the host; returns what the card sends back. A message that is not
    /// JSON-RPC, or whose params do not fit its method, changes nothing.
    pub fn on_host_message(&mut self, message: &Value) -> Vec<Value> {
        match Message::from_value(message.clone()) {
            Ok(Message::Notification(n)) => {
                if self.notified(&n) {
                    self.finish()
                } else {
                    Vec::new()
                }
            }
            Ok(Message::Request(r)) => vec![answer_request(r)],
            Ok(Message::Response(r)) if !self.ready => {
                // The answer to our `ui/initialize`: take the context, say we are initialized.
                let (context, tool_call_id) = initialized(r.result);
                self.apply_context(&context);
                self.tool_call_id = tool_call_id;
                self.ready = true;
                let mut sent = vec![wire::notify::<Initialized>(&EmptyObject {})];
                // A card that is final from the start is done as soon as it is connected.
                if self.card.is_final() {
                    sent.extend(self.finish());
                }
                sent
            }
            Ok(Message::Response(_) | Message::Error(_)) => {
                let id = message.get("id").cloned().unwrap_or_default();
                if self.calls.contains(&id) {
                    self.calls.retain(|c| *c != id);
                    let finishing = self.finishing.contains(&id);
                    self.finishing.retain(|c| *c != id);
                    if self.answered(message, finishing) {
                        return self.finish();
                    }
                }
                // Answers to our other requests: nothing to send back.
                Vec::new()
            }
            Err(_) => Vec::new(),
        }
    }

    /// A notification from the host; returns whether the card is done now (a tool result
    /// brought a final card).
    fn notified(&mut self, n: &JsonRpcNotification) -> bool {
        match n.method.as_str() {
            ToolInput::METHOD | ToolInputPartial::METHOD => {
                if let Ok(input) = n.params_as::<ToolInputParams>() {
                    self.tool_input = input.arguments.map(Value::Object);
                }
            }
            ToolResult::METHOD => {
                let result = n.params.clone().unwrap_or_default();
                let card = match &self.template {
                    Some(template) => Some(Self::fill(template, &result)),
                    None => card_in_result(&result),
                };
                if let Some(card) = card {
                    // The Action.Execute pattern: a result holding a card replaces the card;
                    // values of inputs it still has carry over.
                    self.replace_card(card);
                    self.answered_card = false;
                    return self.card.is_final();
                }
            }
            ResponseGenerationStatus::METHOD => {
                if let Ok(status) = n.params_as::<ResponseGenerationStatusParams>() {
                    self.locked = status.is_pending;
                }
            }
            LoadState::METHOD => {
                if let Ok(load) = n.params_as::<LoadStateParams>() {
                    self.load(&load.state);
                }
            }
            HostContextChanged::METHOD => {
                if let Ok(context) = n.params_as::<HostContext>() {
                    self.apply_context(&context);
                }
            }
            // save-state-response, unknown notifications: nothing to do.
            _ => {}
        }
        false
    }

    /// `load-state`: the card an answer put on screen comes back first (read like any card:
    /// an invalid one is ignored), then the view state (or the bare input values earlier
    /// versions saved).
    fn load(&mut self, state: &Value) {
        if let Some(card) = state
            .get("card")
            .map(|c| mcpapp_card::parse_value(c.clone()))
            .filter(mcpapp_card::Parsed::is_valid)
            .and_then(|parsed| parsed.card)
        {
            self.replace_card(card);
            self.answered_card = true;
        }
        if let Some(saved) = CardState::from_saved(state) {
            self.state.restore(&self.card, &saved);
            self.restored = Some(self.state.clone());
        }
    }

    fn apply_context(&mut self, context: &HostContext) {
        if let Some(theme) = &context.theme {
            self.dark = *theme == Theme::Dark;
        }
    }

    /// The user submitted: `data` is the action's data merged with the inputs (after the
    /// view checked them). Becomes `tools/call`: the tool named by `mcp_tool_name` or the
    /// `Action.Execute` verb, the rest of the data as arguments.
    pub fn submit(&mut self, action: &Action, data: Value) -> Result<Vec<Value>, Error> {
        if !self.ready {
            return Err(Error::NotReady);
        }
        let call =
            mcpapp_card::tool_call(action, data).map_err(|e| Error::NoTool(e.to_string()))?;
        self.call_tool(&call)
    }

    /// The user triggered an action whose tool call the view already worked out (as
    /// `mcpapp-egui`'s `CardEvent::Submit` does): `tools/call`.
    pub fn call_tool(&mut self, call: &mcpapp_card::ToolCall) -> Result<Vec<Value>, Error> {
        if !self.ready {
            return Err(Error::NotReady);
        }
        if self.locked {
            return Err(Error::Locked);
        }
        let id = self.next();
        self.calls.push(Value::from(id));
        if call.finishes {
            self.finishing.push(Value::from(id));
        }
        self.notice = None;
        let params = CallToolParams {
            name: call.name.clone(),
            arguments: Some(call.arguments.clone()),
            ..CallToolParams::default()
        };
        Ok(vec![wire::request::<CallTool>(id, &params)])
    }

    /// The user opened a link (`Action.OpenUrl`, a link in text): `ui/open-link`.
    pub fn open_link(&mut self, url: &str) -> Result<Vec<Value>, Error> {
        if !self.ready {
            return Err(Error::NotReady);
        }
        let id = self.next();
        let params = OpenLinkParams {
            url: url.to_owned(),
        };
        Ok(vec![wire::request::<OpenLink>(id, &params)])
    }

    /// The view state changed (an input, a toggle, a page); it is saved once the user pauses
    /// ([`CardSession::flush`]).
    pub fn state_changed(&mut self, state: &CardState, now: Instant) {
        self.state.clone_from(state);
        self.save.edited(now);
    }

    /// Sends the pending `save-state` if the user has paused long enough.
    pub fn flush(&mut self, now: Instant) -> Vec<Value> {
        if !self.ready || !self.save.is_due(now) {
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
        let params = SaveStateParams {
            state,
            tool_call_id: self.tool_call_id.clone().map(RequestId::from),
        };
        vec![wire::notify::<SaveState>(&params)]
    }

    /// The card is done (its work finished): `close-ws-app`. The card says so itself when it
    /// is final (`isFinal`) or a final action's call succeeded; an embedder may also end it.
    /// Said once: later calls send nothing.
    pub fn done(&mut self) -> Vec<Value> {
        self.finish()
    }

    /// Whether the card said it is done.
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// `close-ws-app`, once, and only on a connected session (the host hears nothing before
    /// `initialized`).
    fn finish(&mut self) -> Vec<Value> {
        if self.finished || !self.ready {
            return Vec::new();
        }
        self.finished = true;
        vec![wire::notify::<CloseWsApp>(&EmptyObject {})]
    }
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
