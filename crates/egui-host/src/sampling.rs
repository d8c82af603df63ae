//! Sampling requests (`sampling/createMessage`) answered by the user instead of a model: the
//! request's messages on a card, a field for the reply, Send and Refuse
//! ([`HandleOptions::sample_by_user`](crate::HandleOptions::sample_by_user); `mcpapp demo`
//! turns it on). Nothing is sent without the user's approval; a refusal, a thread switch or a
//! dropped request answers the server with an error.

use std::sync::mpsc as std_mpsc;

use egui::{Response, RichText, Ui, Widget};
use mcpapp_card::{Card, CardState, HostConfig};
use mcpapp_egui::{CardEvent, CardView};
use mcpapp_host::mcp::{HandlerFuture, SamplingHandler, SamplingRequest};
use serde_json::{Value, json};
use tokio::sync::oneshot;

use crate::handle::Repaint;
use crate::worker::Update;

/// The id of the card's Send action.
const SEND: &str = "send";
/// The id of the card's Refuse action.
const REFUSE: &str = "refuse";
/// The reply field's id.
const REPLY: &str = "reply";

/// A sampling request on its way to the GUI, with where its answer goes.
pub(crate) struct AskedSample {
    pub(crate) request: SamplingRequest,
    pub(crate) reply: oneshot::Sender<Result<Value, String>>,
}

/// The handler that asks the user ([`crate::HostHandle::samples_mut`]).
pub(crate) struct GuiSampling {
    pub(crate) updates: std_mpsc::Sender<Update>,
    pub(crate) repaint: Repaint,
}

impl SamplingHandler for GuiSampling {
    fn sample(&self, request: SamplingRequest) -> HandlerFuture<'_, Result<Value, String>> {
        let (reply, answer) = oneshot::channel();
        let sent = self
            .updates
            .send(Update::Sample(AskedSample { request, reply }))
            .is_ok();
        self.repaint.now();
        Box::pin(async move {
            if !sent {
                return Err("the host's window is closed".to_owned());
            }
            answer
                .await
                .unwrap_or_else(|_| Err("the user did not answer".to_owned()))
        })
    }
}

/// A sampling request waiting for the user's reply.
pub struct Sample {
    id: u64,
    server: String,
    thread: String,
    card: Card,
    state: CardState,
    reply: Option<oneshot::Sender<Result<Value, String>>>,
}

impl std::fmt::Debug for Sample {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sample")
            .field("id", &self.id)
            .field("server", &self.server)
            .field("thread", &self.thread)
            .finish_non_exhaustive()
    }
}

impl Sample {
    pub(crate) fn new(id: u64, thread: &str, asked: AskedSample) -> Self {
        let AskedSample { request, reply } = asked;
        let card = request_card(&request);
        Self {
            id,
            server: request.server,
            thread: thread.to_owned(),
            state: CardState::new(&card),
            card,
            reply: Some(reply),
        }
    }

    /// The request's id in this host.
    #[must_use]
    pub fn id(&self) -> u64 {
        self.id
    }

    /// The server that asks.
    #[must_use]
    pub fn server(&self) -> &str {
        &self.server
    }

    /// The thread it was asked in.
    #[must_use]
    pub fn thread(&self) -> &str {
        &self.thread
    }

    /// Whether it has been answered.
    #[must_use]
    pub fn is_answered(&self) -> bool {
        self.reply.is_none()
    }

    fn answer(&mut self, answer: Result<Value, String>) {
        if let Some(reply) = self.reply.take() {
            let _ = reply.send(answer);
        }
    }
}

impl Drop for Sample {
    fn drop(&mut self) {
        self.answer(Err("the user did not answer".to_owned()));
    }
}

/// The text of one sampling message's content (text blocks; other kinds named).
fn content_text(content: &Value) -> String {
    let one = |block: &Value| match block.get("type").and_then(Value::as_str) {
        Some("text") => block
            .get("text")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned(),
        Some(other) => format!("[{other}]"),
        None => String::new(),
    };
    match content {
        Value::Array(blocks) => blocks.iter().map(one).collect::<Vec<_>>().join("\n"),
        block => one(block),
    }
}

/// The card of a request: its system prompt, its messages, the reply field, Send and Refuse.
fn request_card(request: &SamplingRequest) -> Card {
    let mut body = Vec::new();
    if let Some(system) = request.params.get("systemPrompt").and_then(Value::as_str) {
        body.push(
            json!({"type": "TextBlock", "text": format!("System: {system}"),
                         "wrap": true, "isSubtle": true}),
        );
    }
    let messages = request
        .params
        .get("messages")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    for message in messages.iter().take(50) {
        let role = message
            .get("role")
            .and_then(Value::as_str)
            .unwrap_or("user");
        let text = content_text(message.get("content").unwrap_or(&Value::Null));
        let text: String = text.chars().take(20_000).collect();
        body.push(json!({"type": "TextBlock", "text": format!("{role}: {text}"), "wrap": true}));
    }
    body.push(
        json!({"type": "Input.Text", "id": REPLY, "label": "Reply", "isMultiline": true,
                     "isRequired": true, "errorMessage": "Write the reply, or refuse."}),
    );
    let card = json!({
        "type": "McpApp",
        "body": body,
        "actions": [
            {"type": "Action.Submit", "id": SEND, "title": "Send reply", "style": "positive"},
            {"type": "Action.Submit", "id": REFUSE, "title": "Refuse", "associatedInputs": "none"}
        ]
    });
    mcpapp_card::parse_value(card).card.unwrap_or_default()
}

/// Draws a sampling request for the user to answer.
#[must_use = "call show() or add it to a Ui"]
pub struct SampleView<'a> {
    sample: &'a mut Sample,
    config: Option<&'a HostConfig>,
    locked: bool,
}

impl<'a> SampleView<'a> {
    /// A view of `sample`.
    pub fn new(sample: &'a mut Sample) -> Self {
        Self {
            sample,
            config: None,
            locked: false,
        }
    }

    /// Draws with this host config.
    pub fn host_config(mut self, config: &'a HostConfig) -> Self {
        self.config = Some(config);
        self
    }

    /// Locked: shown, but nothing can be typed or pressed.
    pub fn locked(mut self, locked: bool) -> Self {
        self.locked = locked;
        self
    }

    /// Draws the request; answers it when the user sends or refuses. Whether it was answered.
    pub fn show(self, ui: &mut Ui) -> (Response, bool) {
        let builtin = HostConfig::light();
        let config = self.config.unwrap_or(&builtin);
        let sample = self.sample;
        let answered = sample.is_answered();
        let inner = ui.push_id(("mcpapp-sample", sample.id), |ui| {
            ui.label(RichText::new(format!("{} asks the model", sample.server)).strong());
            CardView::new(&sample.card, &mut sample.state)
                .host_config(config)
                .disabled(self.locked || answered)
                .show(ui)
                .event
        });
        let answer = match inner.inner {
            Some(CardEvent::Submit { action_id, .. }) => match action_id.as_deref() {
                Some(SEND) => Some(Ok(json!({
                    "role": "assistant",
                    "content": {"type": "text", "text": sample.state.text(REPLY)},
                    "model": "user",
                    "stopReason": "endTurn"
                }))),
                Some(REFUSE) => Some(Err("the user refused the sampling request".to_owned())),
                _ => None,
            },
            _ => None,
        };
        let done = answer.is_some();
        if let Some(answer) = answer {
            sample.answer(answer);
        }
        (inner.response, done)
    }
}

impl Widget for SampleView<'_> {
    fn ui(self, ui: &mut Ui) -> Response {
        self.show(ui).0
    }
}
