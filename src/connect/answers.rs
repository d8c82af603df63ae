//! Servers' questions to `mcpapp connect` without a window: printed, and answered from
//! `--answer` (a JSON object with a value per field, checked against the question first) or
//! declined.

use mcpapp_card::elicitation::{elicitation_content, elicitation_form, values_from_content};
use mcpapp_host::mcp::{Elicitation, ElicitationAnswer, ElicitationHandler, HandlerFuture};
use serde_json::{Map, Value};

use super::report::Report;

/// Answers every form question with one prepared answer; URL questions are declined (no
/// browser is opened for a server without the user watching).
pub struct Answers {
    answer: Option<Map<String, Value>>,
}

impl Answers {
    /// Answers with `answer` (`None`: declines every question).
    pub fn new(answer: Option<Map<String, Value>>) -> Self {
        Self { answer }
    }

    fn answer(&self, question: &Elicitation) -> ElicitationAnswer {
        let mut out = Report::stdout();
        match question {
            Elicitation::Form {
                server,
                message,
                schema,
            } => {
                out.line(&format!("{server} asks: {message}"));
                let form = match elicitation_form(message, schema) {
                    Ok(form) => form,
                    Err(why) => {
                        out.line(&format!("declined: {why}"));
                        return ElicitationAnswer::Decline;
                    }
                };
                out.line(&format!(
                    "  fields: {}",
                    form.field_names().collect::<Vec<_>>().join(", ")
                ));
                let Some(answer) = &self.answer else {
                    out.line("declined: no --answer was given");
                    return ElicitationAnswer::Decline;
                };
                let content = values_from_content(&form, answer)
                    .and_then(|values| elicitation_content(&form, &values));
                match content {
                    Ok(content) => {
                        out.line(&format!("accepted: {}", Value::Object(content.clone())));
                        ElicitationAnswer::Accept(Some(content))
                    }
                    Err(errors) => {
                        let why: Vec<String> = errors.iter().map(ToString::to_string).collect();
                        out.line(&format!(
                            "declined: --answer does not fit the question: {}",
                            why.join("; ")
                        ));
                        ElicitationAnswer::Decline
                    }
                }
            }
            Elicitation::Url {
                server,
                message,
                url,
                ..
            } => {
                out.line(&format!("{server} asks you to open {url}: {message}"));
                out.line("declined: no browser is opened for a question without a window");
                ElicitationAnswer::Decline
            }
            _ => ElicitationAnswer::Decline,
        }
    }
}

impl ElicitationHandler for Answers {
    fn elicit(&self, question: Elicitation) -> HandlerFuture<'_, ElicitationAnswer> {
        let answer = self.answer(&question);
        Box::pin(async move { answer })
    }

    fn completed(&self, server: &str, elicitation_id: &str) {
        Report::stdout().line(&format!("{server}: question {elicitation_id} is complete"));
    }
}
