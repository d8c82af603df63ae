//! Servers' sampling requests (`sampling/createMessage`) answered by the user, as questions of
//! the host: each is an instance tied to its server, to the thread on screen when it came and,
//! when one is waiting on that server, to the app it came for. The response lock holds it,
//! leaving its thread or closing it refuses it, and nothing reaches the server without the
//! user's Send.
//!
//! The request is shown as a card built here ([`SampleForm`]): the system prompt, the
//! messages (text; other kinds named), a reply field, Send and Refuse.

use mcpapp_card::builder::TextBuilder;
use mcpapp_card::{Card, CardBuilder};
use serde::Serialize;
use serde_json::Value;

use super::questions::{Asking, Stage};
use super::{AppHost, CloseReason, InstanceId, Output, QuestionBody, QuestionSpec};
use crate::Error;
use crate::mcp::SamplingRequest;

/// The id of a sampling card's Send button.
const SEND: &str = SampleForm::SEND;
/// The id of a sampling card's Refuse button.
const REFUSE: &str = SampleForm::REFUSE;
/// The id of a sampling card's reply field.
const REPLY: &str = SampleForm::REPLY;

/// The most messages of a request shown; the rest are counted.
const MAX_MESSAGES: usize = 50;
/// The most characters of one message shown.
const MAX_MESSAGE_CHARS: usize = 20_000;

/// A sampling request as the user sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct SampleForm {
    /// The card: the request's prompt and messages, the reply field [`Self::REPLY`], the
    /// buttons [`Self::SEND`] and [`Self::REFUSE`].
    pub card: Card,
}

impl SampleForm {
    /// The id of the card's Send button.
    pub const SEND: &str = "send";
    /// The id of the card's Refuse button.
    pub const REFUSE: &str = "refuse";
    /// The id of the card's reply field.
    pub const REPLY: &str = "reply";
}

/// The user's answer to a sampling request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SampleAnswer {
    /// Send this reply as the model's.
    Reply(String),
    /// Refuse: the server gets an error.
    Refuse,
}

/// The reply to `sampling/createMessage` the user wrote: a text message of the assistant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SampleReply {
    /// Always `assistant`.
    pub role: &'static str,
    /// The text.
    pub content: SampleText,
    /// Who wrote it: `user`, since no model did.
    pub model: &'static str,
    /// Always `endTurn`.
    pub stop_reason: &'static str,
}

/// The text content of a [`SampleReply`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SampleText {
    /// Always `text`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The reply.
    pub text: String,
}

impl SampleReply {
    /// The user's reply `text`.
    #[must_use]
    pub fn user(text: impl Into<String>) -> Self {
        Self {
            role: "assistant",
            content: SampleText {
                kind: "text",
                text: text.into(),
            },
            model: "user",
            stop_reason: "endTurn",
        }
    }

    /// As the result of `sampling/createMessage`.
    #[must_use]
    pub fn to_value(&self) -> Value {
        // A struct of strings always serializes.
        serde_json::to_value(self).unwrap_or(Value::Null)
    }
}

/// The card of a sampling request's params.
#[must_use]
pub fn sample_form(params: &Value) -> SampleForm {
    let mut card = CardBuilder::new();
    if let Some(system) = params.get("systemPrompt").and_then(Value::as_str) {
        card = card.text_with(format!("System: {}", clip(system)), TextBuilder::subtle);
    }
    let messages = params
        .get("messages")
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice);
    for message in messages.iter().take(MAX_MESSAGES) {
        let role = message
            .get("role")
            .and_then(Value::as_str)
            .unwrap_or("user");
        let text = content_text(message.get("content").unwrap_or(&Value::Null));
        card = card.text(format!("{}: {}", clip(role), clip(&text)));
    }
    if messages.len() > MAX_MESSAGES {
        let more = messages.len() - MAX_MESSAGES;
        card = card.text_with(
            format!("({more} more messages not shown)"),
            TextBuilder::subtle,
        );
    }
    let card = card
        .input_text(REPLY, "Reply", |i| {
            i.multiline()
                .required()
                .error_message("Write the reply, or refuse.")
        })
        .answer(SEND, "Send reply", true)
        .answer(REFUSE, "Refuse", false)
        .build()
        // Built from fixed parts and text: nothing in it can fail the checks.
        .unwrap_or_default();
    SampleForm { card }
}

/// At most [`MAX_MESSAGE_CHARS`] characters of `text`.
fn clip(text: &str) -> String {
    text.chars().take(MAX_MESSAGE_CHARS).collect()
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
        Value::Array(blocks) => blocks
            .iter()
            .take(MAX_MESSAGES)
            .map(one)
            .collect::<Vec<_>>()
            .join("\n"),
        block => one(block),
    }
}

impl AppHost {
    /// A server asks for a reply from the model, and the user is the model (the host's
    /// sampling handler got it, see [`crate::Runtime::sampling_handler`]): it is shown like a
    /// question ([`HostEvent::OpenQuestion`](super::HostEvent::OpenQuestion) with
    /// [`QuestionBody::Sample`]), and its answer comes out as [`Output::Sampled`].
    pub fn ask_sample(&mut self, request: SamplingRequest) -> InstanceId {
        let id = InstanceId(self.next_instance);
        self.next_instance += 1;
        let SamplingRequest { server, params } = request;
        let message = params
            .get("systemPrompt")
            .and_then(Value::as_str)
            .map_or_else(|| "a reply from the model".to_owned(), clip);
        let spec = QuestionSpec {
            owner: self.owner_of(&server),
            server,
            message,
            body: QuestionBody::Sample(Box::new(sample_form(&params))),
        };
        self.open_question(id, spec);
        id
    }

    /// The user answers sampling request `instance`: a reply (not empty) goes to the server as
    /// the model's, a refusal as an error. Refused while the model replies in its thread.
    pub fn answer_sample(
        &mut self,
        instance: InstanceId,
        answer: SampleAnswer,
    ) -> Result<(), Error> {
        let asking = self.asked(instance)?;
        if !matches!(asking.spec.body, QuestionBody::Sample(_)) {
            return Err(Error::InvalidAnswer(
                "this question is not a sampling request".to_owned(),
            ));
        }
        let server = asking.spec.server.clone();
        let reply = match answer {
            SampleAnswer::Reply(text) if text.trim().is_empty() => {
                return Err(Error::InvalidAnswer("the reply is empty".to_owned()));
            }
            SampleAnswer::Reply(text) => Ok(SampleReply::user(text)),
            SampleAnswer::Refuse => Err("the user refused the sampling request".to_owned()),
        };
        self.send_answer(
            instance,
            Output::Sampled {
                instance,
                server,
                reply,
            },
        );
        Ok(())
    }

    /// The app `server`'s request is for: the one app of the thread on screen still waiting
    /// on that server (its tool's result not in yet, or a call of its own running), if there
    /// is exactly one. Otherwise the request belongs to no app.
    pub(super) fn owner_of(&self, server: &str) -> Option<InstanceId> {
        let mut waiting = self.instances.iter().filter(|(_, i)| {
            i.thread == self.thread
                && i.spec.server == server
                && i.is_live()
                && (i.outcome.is_none() || i.budget.calls_in_flight() > 0)
        });
        let (id, _) = waiting.next()?;
        waiting.next().is_none().then_some(*id)
    }

    /// The question `instance` while it waits for the user, unless the model is replying in
    /// its thread.
    pub(super) fn asked(&self, instance: InstanceId) -> Result<&Asking, Error> {
        let asking = self
            .questions
            .get(&instance)
            .filter(|a| a.stage == Stage::Asked)
            .ok_or(Error::UnknownQuestion(instance))?;
        if self.is_generating(&asking.thread) {
            return Err(Error::Locked);
        }
        Ok(asking)
    }
}

/// What a sampling request left unanswered tells its server, by why it went.
pub(super) fn unanswered(reason: &CloseReason) -> String {
    match reason {
        CloseReason::ThreadSwitched => "the user left the thread of the sampling request",
        _ => "the user closed the sampling request",
    }
    .to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The string `key` of each element of the array `list` that has one.
    fn strings<'a>(list: &'a Value, key: &str) -> Vec<&'a str> {
        list.as_array()
            .unwrap()
            .iter()
            .filter_map(|e| e[key].as_str())
            .collect()
    }

    #[test]
    fn the_card_shows_prompt_messages_and_a_reply_field() {
        let form = sample_form(&json!({
            "systemPrompt": "Be brief",
            "messages": [
                {"role": "user", "content": {"type": "text", "text": "Hello?"}},
                {"role": "assistant", "content": [{"type": "image"}, {"type": "text", "text": "Hi"}]}
            ]
        }));
        let card = serde_json::to_value(&form.card).unwrap();
        let texts = strings(&card["body"], "text");
        assert_eq!(
            texts,
            ["System: Be brief", "user: Hello?", "assistant: [image]\nHi"]
        );
        let ids = strings(&card["actions"], "id");
        assert_eq!(ids, [SEND, REFUSE]);
        assert_eq!(card["actions"][1]["associatedInputs"], "none");
    }

    #[test]
    fn a_flood_of_messages_is_cut_and_counted() {
        let messages: Vec<Value> = (0..60)
            .map(|n| json!({"role": "user", "content": {"type": "text", "text": n.to_string()}}))
            .collect();
        let form = sample_form(&json!({ "messages": messages }));
        let card = serde_json::to_value(&form.card).unwrap();
        let body = card["body"].as_array().unwrap();
        assert_eq!(
            body.len(),
            MAX_MESSAGES + 2,
            "50 messages, the count, the field"
        );
        assert_eq!(body[MAX_MESSAGES]["text"], "(10 more messages not shown)");
    }

    #[test]
    fn the_reply_is_a_create_message_result() {
        assert_eq!(
            SampleReply::user("Fine").to_value(),
            json!({"role": "assistant", "content": {"type": "text", "text": "Fine"},
                   "model": "user", "stopReason": "endTurn"})
        );
    }
}
