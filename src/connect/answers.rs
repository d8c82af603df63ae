//! Servers' questions to `mcpapp connect` without a window: answered from `--answer` by the
//! host's [`ScriptedAnswers`] (checked against the question first; URL questions declined),
//! and printed here as they are asked and answered.

use mcpapp_host::mcp::{Elicitation, ScriptedAnswers, ScriptedDecline, ScriptedEvent};
use serde_json::{Map, Value};

use super::report::Report;

/// Answers every form question with `answer` (`None`: declines every question), printing
/// each.
pub fn answers(answer: Option<Map<String, Value>>) -> ScriptedAnswers {
    ScriptedAnswers::new(answer, print)
}

fn print(event: ScriptedEvent) {
    let mut out = Report::stdout();
    match event {
        ScriptedEvent::Answered {
            question,
            fields,
            outcome,
        } => {
            match &question {
                Elicitation::Form {
                    server, message, ..
                } => out.line(&format!("{server} asks: {message}")),
                Elicitation::Url {
                    server,
                    message,
                    url,
                    ..
                } => out.line(&format!("{server} asks you to open {url}: {message}")),
                _ => return,
            }
            let form = matches!(question, Elicitation::Form { .. });
            if form && !matches!(outcome, Err(ScriptedDecline::Unsupported(_))) {
                out.line(&format!("  fields: {}", fields.join(", ")));
            }
            out.line(&match outcome {
                Ok(content) => format!("accepted: {}", Value::Object(content)),
                Err(ScriptedDecline::Unsupported(why)) => format!("declined: {why}"),
                Err(ScriptedDecline::NoAnswer) => "declined: no --answer was given".to_owned(),
                Err(ScriptedDecline::DoesNotFit(errors)) => {
                    let why: Vec<String> = errors.iter().map(ToString::to_string).collect();
                    format!(
                        "declined: --answer does not fit the question: {}",
                        why.join("; ")
                    )
                }
                Err(ScriptedDecline::UrlQuestion) => {
                    "declined: no browser is opened for a question without a window".to_owned()
                }
                Err(_) => "declined".to_owned(),
            });
        }
        ScriptedEvent::Completed {
            server,
            elicitation_id,
        } => out.line(&format!("{server}: question {elicitation_id} is complete")),
        _ => {}
    }
}
