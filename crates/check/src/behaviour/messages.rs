//! Every message an app sent: JSON-RPC 2.0 as MCP writes it, and, where the MCP Apps schema
//! defines it, fitting the official definition (`mcpapp-apps-schema`).

use mcpapp_apps_schema::{AppsSchema, EXT_APPS_VERSION, Verdict};
use serde_json::Value;

use super::lifecycle::Seen;
use crate::ids;
use crate::report::{Finding, Location, clip, plural};

/// The most failures reported for one app; the rest are counted.
const MAX_FAILURES: usize = 10;

/// What one message came to.
enum Judged {
    /// Fits its definition, or is core MCP the schema does not cover.
    Fine {
        /// Whether the MCP Apps schema defines it.
        covered: bool,
    },
    /// Does not fit: the pointer of the first violation, and why.
    Wrong(String, String),
}

/// The findings on the messages the app sent (`trace` holds both directions, in order;
/// `dropped` counts those that were not even JSON-RPC, which never reached it).
pub fn judge(trace: &[Seen], dropped: u64, at: &Location) -> Vec<Finding> {
    let mut failures = Vec::new();
    if dropped > 0 {
        failures.push((
            String::new(),
            format!(
                "the app posted {} not JSON-RPC 2.0 (an object with jsonrpc \"2.0\"); hosts \
                 drop such messages unread",
                plural(usize::try_from(dropped).unwrap_or(usize::MAX), "message")
            ),
        ));
    }
    let (mut sent, mut covered) = (0, 0);
    for (n, seen) in trace.iter().enumerate().filter(|(_, s)| s.to_host) {
        sent += 1;
        match one(trace.get(..n).unwrap_or_default(), &seen.message, sent) {
            Judged::Fine { covered: true } => covered += 1,
            Judged::Fine { covered: false } => {}
            Judged::Wrong(pointer, why) => failures.push((pointer, why)),
        }
    }
    if failures.is_empty() {
        return vec![Finding::pass(
            ids::APP_MESSAGES,
            at.clone(),
            format!(
                "{}, all JSON-RPC; {covered} checked against the MCP Apps schema \
                 (ext-apps {EXT_APPS_VERSION}), the others are core MCP",
                plural(sent, "message")
            ),
        )];
    }
    let extra = failures.len().saturating_sub(MAX_FAILURES);
    let mut findings: Vec<Finding> = failures
        .into_iter()
        .take(MAX_FAILURES)
        .map(|(pointer, reason)| {
            let at = if pointer.is_empty() {
                at.clone()
            } else {
                at.clone().at(pointer)
            };
            Finding::fail(ids::APP_MESSAGES, at, reason)
        })
        .collect();
    if extra > 0 {
        findings.push(Finding::fail(
            ids::APP_MESSAGES,
            at.clone(),
            format!("and {extra} more messages that do not fit"),
        ));
    }
    findings
}

/// Judges the `number`th message the app sent, `before` being the trace up to it.
fn one(before: &[Seen], message: &Value, number: usize) -> Judged {
    if let Err(why) = envelope(message) {
        return Judged::Wrong(
            String::new(),
            format!(
                "message {number} is not JSON-RPC as MCP writes it: {why}: {}",
                shown(message)
            ),
        );
    }
    let answered = answered_method(before, message);
    let (definition, errors) = match AppsSchema::official().check_from_app(message, answered) {
        Verdict::Valid { .. } => return Judged::Fine { covered: true },
        Verdict::NotCovered => return Judged::Fine { covered: false },
        Verdict::Invalid { definition, errors } => (definition, errors),
    };
    let first = errors
        .first()
        .map(|e| e.pointer.clone())
        .unwrap_or_default();
    let said: Vec<String> = errors
        .iter()
        .take(3)
        .map(|e| {
            let pointer = if e.pointer.is_empty() {
                "/"
            } else {
                &e.pointer
            };
            format!("{pointer}: {}", clip(&e.message, 160))
        })
        .collect();
    let what = message.get("method").and_then(Value::as_str).map_or_else(
        || format!("the answer to {}", answered.unwrap_or("a request")),
        str::to_owned,
    );
    Judged::Wrong(
        first,
        format!(
            "{} does not fit {definition} of the official MCP Apps schema: {}",
            clip(&what, 80),
            said.join("; ")
        ),
    )
}

/// A message cut short for a reason.
fn shown(message: &Value) -> String {
    clip(&message.to_string(), 200)
}

/// For a response: the method of the host's request with the same id, sent before it.
fn answered_method<'a>(before: &'a [Seen], message: &Value) -> Option<&'a str> {
    if message.get("method").is_some() {
        return None;
    }
    let id = message.get("id")?;
    before
        .iter()
        .rev()
        .filter(|s| !s.to_host)
        .find(|s| s.message.get("id") == Some(id))
        .and_then(|s| s.message.get("method"))
        .and_then(Value::as_str)
}

/// JSON-RPC 2.0 as MCP uses it: a request (`id` and `method`), a notification (`method`) or a
/// response (`id` and one of `result` or `error`); ids are strings or integers, params and
/// results objects.
pub fn envelope(message: &Value) -> Result<(), String> {
    let Some(object) = message.as_object() else {
        return Err(format!(
            "it is {}, not an object",
            mcpapp_card::json_type(message)
        ));
    };
    if object.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return Err("`jsonrpc` is not \"2.0\"".to_owned());
    }
    let id_ok = |id: &Value| id.is_string() || id.is_i64() || id.is_u64();
    if let Some(id) = object.get("id")
        && !id_ok(id)
    {
        return Err(format!(
            "its id is {}, not a string or an integer",
            mcpapp_card::json_type(id)
        ));
    }
    match object.get("method") {
        Some(Value::String(method)) if !method.is_empty() => match object.get("params") {
            None | Some(Value::Object(_)) => Ok(()),
            Some(other) => Err(format!(
                "its params are {}, not an object",
                mcpapp_card::json_type(other)
            )),
        },
        Some(other) => Err(format!(
            "its method is {}, not a name",
            mcpapp_card::json_type(other)
        )),
        None => response(object),
    }
}

fn response(object: &serde_json::Map<String, Value>) -> Result<(), String> {
    if object.get("id").is_none() {
        return Err("it has neither a method nor an id".to_owned());
    }
    match (object.get("result"), object.get("error")) {
        (Some(Value::Object(_)), None) => Ok(()),
        (Some(other), None) => Err(format!(
            "its result is {}, not an object",
            mcpapp_card::json_type(other)
        )),
        (None, Some(error)) => {
            let fits = error.get("code").is_some_and(Value::is_i64)
                && error.get("message").is_some_and(Value::is_string);
            if fits {
                Ok(())
            } else {
                Err("its error lacks an integer code or a message".to_owned())
            }
        }
        (Some(_), Some(_)) => Err("it has both a result and an error".to_owned()),
        (None, None) => Err("an answer needs a result or an error".to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Outcome;
    use serde_json::json;
    use std::time::Instant;

    fn seen(to_host: bool, message: Value) -> Seen {
        Seen {
            to_host,
            message,
            at: Instant::now(),
        }
    }

    #[test]
    fn envelopes_are_checked_before_the_schema() {
        assert!(envelope(&json!({"jsonrpc": "2.0", "method": "x"})).is_ok());
        assert!(envelope(&json!({"jsonrpc": "2.0", "id": 1, "result": {}})).is_ok());
        assert!(
            envelope(&json!({"jsonrpc": "2.0", "id": 1, "error": {"code": -1, "message": "m"}}))
                .is_ok()
        );
        for bad in [
            json!([]),
            json!({"method": "x"}),
            json!({"jsonrpc": "2.0", "method": 7}),
            json!({"jsonrpc": "2.0", "method": "x", "params": [1]}),
            json!({"jsonrpc": "2.0", "id": 1.5, "method": "x"}),
            json!({"jsonrpc": "2.0", "id": 1}),
            json!({"jsonrpc": "2.0", "id": 1, "result": {}, "error": {}}),
        ] {
            assert!(envelope(&bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_message_that_does_not_fit_its_definition_fails_with_where() {
        let trace = [
            seen(
                true,
                json!({"jsonrpc": "2.0", "method": "ui/notifications/size-changed", "params": {"height": "tall"}}),
            ),
            seen(
                true,
                json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "x"}}),
            ),
        ];
        let findings = judge(&trace, 0, &Location::tool("t"));
        assert_eq!(findings.len(), 1);
        assert_eq!(findings[0].outcome, Outcome::Fail);
        assert_eq!(
            findings[0].location.pointer.as_deref(),
            Some("/params/height")
        );
        let good = [seen(
            true,
            json!({"jsonrpc": "2.0", "method": "ui/notifications/size-changed", "params": {"height": 10}}),
        )];
        assert_eq!(
            judge(&good, 0, &Location::tool("t"))[0].outcome,
            Outcome::Pass
        );
    }

    #[test]
    fn an_answer_is_checked_against_the_result_of_the_request_it_answers() {
        let trace = [
            seen(
                false,
                json!({"jsonrpc": "2.0", "id": 9, "method": "ui/resource-teardown", "params": {}}),
            ),
            seen(true, json!({"jsonrpc": "2.0", "id": 9, "result": {}})),
        ];
        assert_eq!(
            judge(&trace, 0, &Location::tool("t"))[0].outcome,
            Outcome::Pass
        );
    }
}
