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

use mcpapp_protocol::messages::{LoadState, ToolInput, ToolInputPartial, ToolResult};
use mcpapp_protocol::{
    CallToolParams, JsonRpcNotification, LoadStateParams, Notification as _, ToolInputParams,
};

use crate::Error;
use crate::view_session::{
    PendingSave, SessionLink, SessionView, on_host_message, refusal, text_of,
};

/// One card on screen, as a view of the host.
#[derive(Debug)]
pub struct CardSession {
    card: Card,
    /// The card's whole view state as last saved or restored (inputs, toggles, pages).
    state: CardState,
    restored: Option<CardState>,
    link: SessionLink,
    tool_input: Option<Value>,
    /// The card template of a `ui://` card view, filled with each tool result.
    template: Option<String>,
    /// Our `tools/call` requests whose action ends the card once it succeeds (`isFinal`).
    finishing: Vec<Value>,
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
            link: SessionLink::new("mcpapp card"),
            tool_input: None,
            template: None,
            finishing: Vec::new(),
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
        self.link.notice.as_deref()
    }

    /// The answer to one of our `tools/call`s: a result holding a card replaces the card (the
    /// `Action.Execute` pattern); an error or a failed result becomes the notice. Returns
    /// whether the card is done now: the call succeeded and its action was final, or the
    /// answer's card is.
    fn answered_done(&mut self, message: &Value, finishing: bool) -> bool {
        if let Some(result) = message.get("result") {
            let failed = result.get("isError").and_then(Value::as_bool) == Some(true);
            if let Some(card) = card_in_result(result) {
                self.replace_card(card);
                self.link.notice = None;
                self.answered_card = true;
                self.link.save = PendingSave::Now;
            } else if failed {
                self.link.notice =
                    Some(text_of(result).unwrap_or_else(|| "The action failed.".into()));
            } else {
                self.link.notice = text_of(result);
            }
            return (finishing && !failed) || self.card.is_final();
        } else if let Some(error) = message.get("error") {
            self.link.notice = Some(refusal(error));
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
        self.link.save.due_at()
    }

    /// Whether the card is locked (the model is generating).
    pub fn is_locked(&self) -> bool {
        self.link.locked
    }

    /// Whether the host's theme is dark.
    pub fn is_dark(&self) -> bool {
        self.link.dark
    }

    /// The arguments of the tool call that opened the card, once the host sent them.
    pub fn tool_input(&self) -> Option<&Value> {
        self.tool_input.as_ref()
    }

    /// The first message of a view: `ui/initialize`.
    pub fn start(&mut self) -> Vec<Value> {
        self.link.start()
    }

    /// A message from the host; returns what the card sends back. A message that is not
    /// JSON-RPC, or whose params do not fit its method, changes nothing.
    pub fn on_host_message(&mut self, message: &Value) -> Vec<Value> {
        on_host_message(self, message)
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

    /// The user submitted: `data` is the action's data merged with the inputs (after the
    /// view checked them). Becomes `tools/call`: the tool named by `mcp_tool_name` or the
    /// `Action.Execute` verb, the rest of the data as arguments.
    pub fn submit(&mut self, action: &Action, data: Value) -> Result<Vec<Value>, Error> {
        if !self.link.ready {
            return Err(Error::NotReady);
        }
        let call =
            mcpapp_card::tool_call(action, data).map_err(|e| Error::NoTool(e.to_string()))?;
        self.call_tool(&call)
    }

    /// The user triggered an action whose tool call the view already worked out (as
    /// `mcpapp-egui`'s `CardEvent::Submit` does): `tools/call`.
    pub fn call_tool(&mut self, call: &mcpapp_card::ToolCall) -> Result<Vec<Value>, Error> {
        let params = CallToolParams {
            name: call.name.clone(),
            arguments: Some(call.arguments.clone()),
            ..CallToolParams::default()
        };
        let (id, request) = self.link.call(&params)?;
        if call.finishes {
            self.finishing.push(id);
        }
        Ok(vec![request])
    }

    /// The user opened a link (`Action.OpenUrl`, a link in text): `ui/open-link`.
    pub fn open_link(&mut self, url: &str) -> Result<Vec<Value>, Error> {
        self.link.open_link(url)
    }

    /// The view state changed (an input, a toggle, a page); it is saved once the user pauses
    /// ([`CardSession::flush`]).
    pub fn state_changed(&mut self, state: &CardState, now: Instant) {
        self.state.clone_from(state);
        self.link.save.edited(now);
    }

    /// Sends the pending `save-state` if the user has paused long enough.
    pub fn flush(&mut self, now: Instant) -> Vec<Value> {
        let (card, state, answered_card) = (&self.card, &self.state, self.answered_card);
        self.link.save_if_due(now, || {
            let mut saved = serde_json::to_value(state).unwrap_or_default();
            if answered_card
                && let (Some(saved), Ok(card)) = (saved.as_object_mut(), serde_json::to_value(card))
            {
                saved.insert("card".to_owned(), card);
            }
            saved
        })
    }

    /// The card is done (its work finished): `close-ws-app`. The card says so itself when it
    /// is final (`isFinal`) or a final action's call succeeded; an embedder may also end it.
    /// Said once: later calls send nothing.
    pub fn done(&mut self) -> Vec<Value> {
        self.link.finish()
    }

    /// Whether the card said it is done.
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.link.finished
    }
}

impl SessionView for CardSession {
    fn link(&mut self) -> &mut SessionLink {
        &mut self.link
    }

    /// A card that is final from the start is done as soon as it is connected.
    fn connected(&mut self) -> Vec<Value> {
        if self.card.is_final() {
            self.link.finish()
        } else {
            Vec::new()
        }
    }

    /// Tool input, tool result and `load-state`; the card is done when a tool result brought
    /// a final card.
    fn notified(&mut self, n: &JsonRpcNotification) -> Vec<Value> {
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
                    if self.card.is_final() {
                        return self.link.finish();
                    }
                }
            }
            LoadState::METHOD => {
                if let Ok(load) = n.params_as::<LoadStateParams>() {
                    self.load(&load.state);
                }
            }
            // save-state-response, unknown notifications: nothing to do.
            _ => {}
        }
        Vec::new()
    }

    fn answered(&mut self, id: &Value, message: &Value) -> Vec<Value> {
        let finishing = self.finishing.contains(id);
        self.finishing.retain(|c| c != id);
        if self.answered_done(message, finishing) {
            self.link.finish()
        } else {
            Vec::new()
        }
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
    mcpapp_protocol::embedded_resources(result, CARD_MIME_TYPE)
        .next()
        .and_then(|r| r.get("text").and_then(Value::as_str))
        .and_then(|text| mcpapp_card::parse_str(text).card)
}
