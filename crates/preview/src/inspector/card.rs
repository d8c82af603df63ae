//! What a card's action would send (the MCP `tools/call` a submit becomes, the errors of a
//! submit stopped by its inputs, the link of an `OpenUrl`, which the preview shows and never
//! opens), and the state of the card's inputs.

use mcpapp_egui::{CardEvent, CardState};
use serde_json::Value;

use super::pretty;

/// One line of the summary above the details: what happened.
pub fn headline(event: &CardEvent) -> String {
    match event {
        CardEvent::Submit {
            action_id, title, ..
        } => format!(
            "Submit{}",
            action_name(action_id.as_deref(), title.as_deref())
        ),
        CardEvent::Invalid { action_id, errors } => format!(
            "Submit stopped{}: {} {}, nothing is sent",
            action_name(action_id.as_deref(), None),
            errors.len(),
            if errors.len() == 1 {
                "input fails its rules"
            } else {
                "inputs fail their rules"
            },
        ),
        CardEvent::OpenUrl { .. } => "Open URL (shown here, not opened)".to_owned(),
    }
}

fn action_name(id: Option<&str>, title: Option<&str>) -> String {
    match (title, id) {
        (Some(title), Some(id)) => format!(" \u{201c}{title}\u{201d} (id {id})"),
        (Some(title), None) => format!(" \u{201c}{title}\u{201d}"),
        (None, Some(id)) => format!(" (id {id})"),
        (None, None) => String::new(),
    }
}

/// The details of an event, exactly: for a submit the `tools/call` it becomes, as pretty
/// JSON, or why there is none (and the data it submits); for a stopped submit each input's
/// error; for a link the URL.
pub fn details(event: &CardEvent) -> String {
    match event {
        CardEvent::Submit {
            data, tool_call, ..
        } => match tool_call {
            Ok(call) => format!(
                "tools/call:\n{}",
                serde_json::to_string_pretty(&CallParams {
                    name: &call.name,
                    arguments: &call.arguments,
                })
                .unwrap_or_else(|e| format!("(cannot print: {e})"))
            ),
            Err(reason) => format!(
                "no tools/call: {reason}\n\nsubmitted data:\n{}",
                pretty(data)
            ),
        },
        CardEvent::Invalid { errors, .. } => errors
            .iter()
            .map(|e| format!("\u{2022} {}: {}", e.id, e.message))
            .collect::<Vec<_>>()
            .join("\n"),
        CardEvent::OpenUrl { url } => url.clone(),
    }
}

/// The inputs' state as pretty JSON, as a host would save it.
pub fn state_json(state: &CardState) -> String {
    serde_json::to_value(state)
        .map_or_else(|e| format!("(cannot show the state: {e})"), |v| pretty(&v))
}

/// The params of the `tools/call` request, in the order the spec shows them.
#[derive(serde::Serialize)]
struct CallParams<'a> {
    name: &'a str,
    arguments: &'a serde_json::Map<String, Value>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use mcpapp_card::{InputError, ToolCall};
    use serde_json::json;

    #[test]
    fn a_submit_shows_the_tool_call_it_becomes() {
        let mut arguments = serde_json::Map::new();
        arguments.insert("booking_id".into(), json!("FL-1"));
        let event = CardEvent::Submit {
            action_id: Some("confirm".into()),
            title: Some("Confirm".into()),
            data: json!({"mcp_tool_name": "cancel", "booking_id": "FL-1"}),
            tool_call: Ok(ToolCall {
                name: "cancel".into(),
                arguments,
                finishes: false,
            }),
        };
        assert_eq!(
            headline(&event),
            "Submit \u{201c}Confirm\u{201d} (id confirm)"
        );
        assert_eq!(
            details(&event),
            "tools/call:\n{\n  \"name\": \"cancel\",\n  \"arguments\": {\n    \"booking_id\": \"FL-1\"\n  }\n}"
        );
    }

    #[test]
    fn a_submit_without_a_tool_says_why_and_shows_the_data() {
        let event = CardEvent::Submit {
            action_id: None,
            title: None,
            data: json!({"x": 1}),
            tool_call: Err("the data names no mcp_tool_name".into()),
        };
        assert_eq!(headline(&event), "Submit");
        assert_eq!(
            details(&event),
            "no tools/call: the data names no mcp_tool_name\n\nsubmitted data:\n{\n  \"x\": 1\n}"
        );
    }

    #[test]
    fn a_stopped_submit_lists_each_input() {
        let event = CardEvent::Invalid {
            action_id: Some("send".into()),
            errors: vec![
                InputError {
                    id: "email".into(),
                    message: "Enter an email".into(),
                },
                InputError {
                    id: "age".into(),
                    message: "Too young".into(),
                },
            ],
        };
        assert_eq!(
            headline(&event),
            "Submit stopped (id send): 2 inputs fail their rules, nothing is sent"
        );
        assert_eq!(
            details(&event),
            "\u{2022} email: Enter an email\n\u{2022} age: Too young"
        );
    }

    #[test]
    fn links_are_shown_not_opened() {
        let event = CardEvent::OpenUrl {
            url: "https://example.com/a".into(),
        };
        assert_eq!(headline(&event), "Open URL (shown here, not opened)");
        assert_eq!(details(&event), "https://example.com/a");
    }

    #[test]
    fn the_state_is_pretty_json() {
        let card = mcpapp_card::parse(
            br#"{"type": "McpApp", "body": [{"type": "Input.Text", "id": "a", "value": "v"}]}"#,
        )
        .card
        .unwrap();
        let state = CardState::new(&card);
        let text = state_json(&state);
        assert!(text.starts_with("{\n  \"values\": {"), "{text}");
        assert!(text.contains("\"a\""), "{text}");
    }
}
