//! Servers' questions answered without anyone to ask: from one prepared JSON object, checked
//! against each form question the way the host checks a person's answer. URL questions are
//! declined, since no page is opened for a server while nobody watches. What was asked and
//! answered goes to the owner's callback as a record; nothing is printed here.

use std::fmt;

use mcpapp_card::elicitation::{elicitation_content, elicitation_form, values_from_content};
use serde_json::{Map, Value};

use super::{Elicitation, ElicitationAnswer, ElicitationHandler, HandlerFuture};

/// Why a scripted answerer declined a question.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum ScriptedDecline {
    /// The form's schema is beyond what the spec allows (the card cannot express it).
    Unsupported(mcpapp_card::Error),
    /// No answer was prepared.
    NoAnswer,
    /// The prepared answer does not fit the question: every rule it breaks.
    DoesNotFit(Vec<mcpapp_card::Error>),
    /// A URL question: no page is opened without someone to look at it.
    UrlQuestion,
    /// A kind of question this answerer does not know.
    Unknown,
}

/// What a scripted answerer did with one question.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum ScriptedEvent {
    /// A question came and was answered.
    Answered {
        /// The question, as the server asked it.
        question: Elicitation,
        /// The form's field names, in order (empty when there is no form).
        fields: Vec<String>,
        /// The content sent with an Accept, or why the question was declined.
        outcome: Result<Map<String, Value>, ScriptedDecline>,
    },
    /// The server says its URL question `elicitation_id` is complete.
    Completed {
        /// The server's id in this host.
        server: String,
        /// The question's id.
        elicitation_id: String,
    },
}

/// Where a [`ScriptedAnswers`] tells what it did.
pub type ScriptedCallback = Box<dyn Fn(ScriptedEvent) + Send + Sync>;

/// An [`ElicitationHandler`] that answers every form question with one prepared answer
/// (`None`: declines them all), checked against the question first (`check` rules: types,
/// formats, bounds, required fields); an answer that does not fit is declined with the rules
/// it breaks, never sent. URL questions are declined.
pub struct ScriptedAnswers {
    answer: Option<Map<String, Value>>,
    on_event: ScriptedCallback,
}

impl fmt::Debug for ScriptedAnswers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ScriptedAnswers")
            .field("answer", &self.answer)
            .finish_non_exhaustive()
    }
}

impl ScriptedAnswers {
    /// Answers with `answer` and tells `on_event` about each question and completion.
    pub fn new(
        answer: Option<Map<String, Value>>,
        on_event: impl Fn(ScriptedEvent) + Send + Sync + 'static,
    ) -> Self {
        Self {
            answer,
            on_event: Box::new(on_event),
        }
    }

    /// The answer to `question`, with the form's fields.
    fn answer(
        &self,
        question: &Elicitation,
    ) -> (Vec<String>, Result<Map<String, Value>, ScriptedDecline>) {
        let Elicitation::Form {
            message, schema, ..
        } = question
        else {
            let why = if matches!(question, Elicitation::Url { .. }) {
                ScriptedDecline::UrlQuestion
            } else {
                ScriptedDecline::Unknown
            };
            return (Vec::new(), Err(why));
        };
        let form = match elicitation_form(message, schema) {
            Ok(form) => form,
            Err(why) => return (Vec::new(), Err(ScriptedDecline::Unsupported(why))),
        };
        let fields = form.field_names().map(str::to_owned).collect();
        let Some(answer) = &self.answer else {
            return (fields, Err(ScriptedDecline::NoAnswer));
        };
        let content = values_from_content(&form, answer)
            .and_then(|values| elicitation_content(&form, &values))
            .map_err(ScriptedDecline::DoesNotFit);
        (fields, content)
    }
}

impl ElicitationHandler for ScriptedAnswers {
    fn elicit(&self, question: Elicitation) -> HandlerFuture<'_, ElicitationAnswer> {
        let (fields, outcome) = self.answer(&question);
        let answer = match &outcome {
            Ok(content) => ElicitationAnswer::Accept(Some(content.clone())),
            Err(_) => ElicitationAnswer::Decline,
        };
        (self.on_event)(ScriptedEvent::Answered {
            question,
            fields,
            outcome,
        });
        Box::pin(async move { answer })
    }

    fn completed(&self, server: &str, elicitation_id: &str) {
        (self.on_event)(ScriptedEvent::Completed {
            server: server.to_owned(),
            elicitation_id: elicitation_id.to_owned(),
        });
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use serde_json::json;

    use super::*;

    /// A question for a name (required, at least 2 characters) and an age (an integer).
    fn form() -> Elicitation {
        Elicitation::Form {
            server: "s".into(),
            message: "Who are you?".into(),
            schema: json!({
                "type": "object",
                "properties": {
                    "name": {"type": "string", "minLength": 2},
                    "age": {"type": "integer", "minimum": 0}
                },
                "required": ["name"]
            }),
        }
    }

    /// Asks `question` of an answerer with `answer`; returns its answer and what it told.
    fn ask(
        answer: Option<Value>,
        question: Elicitation,
    ) -> (ElicitationAnswer, Vec<ScriptedEvent>) {
        let events = Arc::new(Mutex::new(Vec::new()));
        let seen = Arc::clone(&events);
        let answer = answer.and_then(|a| a.as_object().cloned());
        let answers = ScriptedAnswers::new(answer, move |e| seen.lock().unwrap().push(e));
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        let answered = runtime.block_on(answers.elicit(question));
        answers.completed("s", "q-1");
        let events = events.lock().unwrap().clone();
        (answered, events)
    }

    #[test]
    fn an_answer_that_fits_is_accepted_with_typed_content() {
        let (answer, events) = ask(Some(json!({"name": "Ada", "age": 36})), form());
        let content = json!({"name": "Ada", "age": 36}).as_object().cloned();
        assert_eq!(answer, ElicitationAnswer::Accept(content.clone()));
        assert_eq!(
            events,
            vec![
                ScriptedEvent::Answered {
                    question: form(),
                    fields: vec!["name".into(), "age".into()],
                    outcome: Ok(content.unwrap()),
                },
                ScriptedEvent::Completed {
                    server: "s".into(),
                    elicitation_id: "q-1".into(),
                },
            ]
        );
    }

    #[test]
    fn an_answer_that_breaks_a_rule_is_declined_with_the_rule() {
        let (answer, events) = ask(Some(json!({"name": "A", "age": "old"})), form());
        assert_eq!(answer, ElicitationAnswer::Decline);
        let Some(ScriptedEvent::Answered {
            outcome: Err(ScriptedDecline::DoesNotFit(errors)),
            ..
        }) = events.first()
        else {
            panic!("{events:?}");
        };
        assert!(!errors.is_empty());
        let said: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert!(said.iter().any(|e| e.contains("age")), "{said:?}");
    }

    #[test]
    fn without_an_answer_every_form_is_declined() {
        let (answer, events) = ask(None, form());
        assert_eq!(answer, ElicitationAnswer::Decline);
        assert!(matches!(
            events.first(),
            Some(ScriptedEvent::Answered {
                outcome: Err(ScriptedDecline::NoAnswer),
                fields,
                ..
            }) if fields.len() == 2
        ));
    }

    #[test]
    fn url_questions_and_forms_beyond_the_spec_are_declined() {
        let url = Elicitation::Url {
            server: "s".into(),
            message: "Sign in".into(),
            url: "https://example.com/login".into(),
            elicitation_id: "q-1".into(),
        };
        let (answer, events) = ask(Some(json!({})), url);
        assert_eq!(answer, ElicitationAnswer::Decline);
        assert!(matches!(
            events.first(),
            Some(ScriptedEvent::Answered {
                outcome: Err(ScriptedDecline::UrlQuestion),
                ..
            })
        ));
        let nested = Elicitation::Form {
            server: "s".into(),
            message: "Where?".into(),
            schema: json!({"type": "object", "properties": {"at": {"type": "object"}}}),
        };
        let (answer, events) = ask(Some(json!({})), nested);
        assert_eq!(answer, ElicitationAnswer::Decline);
        assert!(matches!(
            events.first(),
            Some(ScriptedEvent::Answered {
                outcome: Err(ScriptedDecline::Unsupported(_)),
                fields,
                ..
            }) if fields.is_empty()
        ));
    }
}
