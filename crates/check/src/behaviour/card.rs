//! Cards a tool answered with (or a card template filled with its result): valid by our
//! diagnostics, and every action naming a tool of the server that apps may call.

use mcpapp_card::{Parsed, Severity};
use mcpapp_protocol::CARD_MIME_TYPE;
use serde_json::{Map, Value};

use crate::csp::escape;
use crate::ids;
use crate::report::{Finding, Location, clip};
use crate::tools::ToolFacts;

/// How deep a card's JSON is walked for actions (the card reader stops at 64 too).
const MAX_DEPTH: usize = 64;
/// The most actions looked at in one card.
const MAX_ACTIONS: usize = 500;

/// A submit or execute action found in a card.
#[derive(Debug, Clone, PartialEq)]
pub struct ActionSeen {
    /// Where it is: the tool whose card it is, and the pointer.
    pub at: Location,
    /// The tool it calls (`data.mcp_tool_name`, or an `Action.Execute`'s verb).
    pub calls: Option<String>,
    /// Its `data`, when an object.
    pub data: Map<String, Value>,
}

/// The card a tool result carries, as a host finds it: `structuredContent` that is a card,
/// else an embedded resource with the card mime type; with the pointer to it.
#[must_use]
pub fn card_in(result: &Value) -> Option<(String, Result<Value, String>)> {
    let is_card = |v: &Value| {
        matches!(
            v.get("type").and_then(Value::as_str),
            Some("McpApp" | "AdaptiveCard")
        )
    };
    if let Some(card) = result.get("structuredContent").filter(|v| is_card(v)) {
        return Some(("/structuredContent".to_owned(), Ok(card.clone())));
    }
    let content = result.get("content").and_then(Value::as_array)?;
    content.iter().enumerate().find_map(|(n, block)| {
        let resource = block.get("resource")?;
        if resource.get("mimeType").and_then(Value::as_str) != Some(CARD_MIME_TYPE) {
            return None;
        }
        let text = resource
            .get("text")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let card = serde_json::from_str(text).map_err(|e| format!("the card is not JSON: {e}"));
        Some((format!("/content/{n}/resource/text"), card))
    })
}

/// The findings on a card (`parsed` from its JSON `card`, `at` pointing at it), and its
/// submit and execute actions.
pub fn check(
    parsed: &Parsed,
    card: &Value,
    at: &Location,
    facts: &[ToolFacts],
) -> (Vec<Finding>, Vec<ActionSeen>) {
    let mut findings = vec![validity(parsed, at)];
    let mut actions = Vec::new();
    walk(card, &pointer_of(at), 0, at, &mut actions);
    for action in &actions {
        findings.push(names_a_tool(action, facts));
    }
    (findings, actions)
}

fn pointer_of(at: &Location) -> String {
    at.pointer.clone().unwrap_or_default()
}

fn validity(parsed: &Parsed, at: &Location) -> Finding {
    let errors: Vec<_> = parsed
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .collect();
    let warnings: Vec<_> = parsed
        .diagnostics
        .iter()
        .filter(|d| d.severity != Severity::Error)
        .collect();
    let said = |list: &[&mcpapp_card::Diagnostic]| {
        list.iter()
            .take(3)
            .map(|d| clip(&d.to_string(), 200))
            .collect::<Vec<_>>()
            .join("; ")
    };
    let first_at = |list: &[&mcpapp_card::Diagnostic]| {
        let pointer = list.first().map(|d| d.pointer.clone()).unwrap_or_default();
        at.clone().at(format!("{}{pointer}", pointer_of(at)))
    };
    if parsed.card.is_none() || !errors.is_empty() {
        return Finding::fail(
            ids::CARD_VALID,
            first_at(&errors),
            format!(
                "the card has {}, so hosts show it broken or not at all: {}",
                crate::report::plural(errors.len(), "error"),
                said(&errors)
            ),
        );
    }
    if warnings.is_empty() {
        Finding::pass(ids::CARD_VALID, at.clone(), "a valid card")
    } else {
        Finding::warn(
            ids::CARD_VALID,
            first_at(&warnings),
            format!(
                "the card has {} warnings: {}",
                warnings.len(),
                said(&warnings)
            ),
        )
    }
}

/// Collects the submit and execute actions under `value` (not looking inside their data).
fn walk(value: &Value, pointer: &str, depth: usize, at: &Location, out: &mut Vec<ActionSeen>) {
    if depth > MAX_DEPTH || out.len() >= MAX_ACTIONS {
        return;
    }
    match value {
        Value::Object(object) => {
            let kind = object.get("type").and_then(Value::as_str);
            if matches!(kind, Some("Action.Submit" | "Action.Execute")) {
                out.push(action(
                    object,
                    kind == Some("Action.Execute"),
                    at.clone().at(pointer),
                ));
            }
            for (key, member) in object {
                if key != "data" {
                    walk(
                        member,
                        &format!("{pointer}/{}", escape(key)),
                        depth + 1,
                        at,
                        out,
                    );
                }
            }
        }
        Value::Array(items) => {
            for (n, item) in items.iter().enumerate() {
                walk(item, &format!("{pointer}/{n}"), depth + 1, at, out);
            }
        }
        _ => {}
    }
}

fn action(object: &Map<String, Value>, execute: bool, at: Location) -> ActionSeen {
    let data = object
        .get("data")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    let named = data
        .get(mcpapp_card::TOOL_NAME_KEY)
        .and_then(Value::as_str)
        .filter(|n| !n.is_empty())
        .map(str::to_owned);
    let verb = object
        .get("verb")
        .and_then(Value::as_str)
        .filter(|v| execute && !v.is_empty())
        .map(str::to_owned);
    ActionSeen {
        at,
        calls: named.or(verb),
        data,
    }
}

fn names_a_tool(action: &ActionSeen, facts: &[ToolFacts]) -> Finding {
    let at = action.at.clone();
    let Some(name) = &action.calls else {
        return Finding::fail(
            ids::CARD_ACTIONS,
            at,
            format!(
                "the action names no tool (no data.{} and no verb), so a submit calls nothing",
                mcpapp_card::TOOL_NAME_KEY
            ),
        );
    };
    let shown = clip(name, 120);
    match facts.iter().find(|f| f.name == *name) {
        None => Finding::fail(
            ids::CARD_ACTIONS,
            at,
            format!("the action calls `{shown}`, which the server does not have"),
        ),
        Some(tool) if tool.app_visible() == Some(false) => Finding::fail(
            ids::CARD_ACTIONS,
            at,
            format!(
                "the action calls `{shown}`, whose visibility leaves out \"app\": hosts refuse \
                 the card's call"
            ),
        ),
        Some(_) => Finding::pass(ids::CARD_ACTIONS, at, format!("calls `{shown}`")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Outcome;
    use crate::tools::Visibility;
    use serde_json::json;

    fn fact(name: &str, visibility: Visibility) -> ToolFacts {
        ToolFacts {
            name: name.to_owned(),
            view: None,
            visibility,
            input_schema: Map::new(),
        }
    }

    fn outcomes(card: &Value, facts: &[ToolFacts]) -> Vec<(&'static str, Outcome)> {
        let parsed = mcpapp_card::parse_value(card.clone());
        check(
            &parsed,
            card,
            &Location::tool("show").at("/structuredContent"),
            facts,
        )
        .0
        .into_iter()
        .map(|f| (f.check, f.outcome))
        .collect()
    }

    #[test]
    fn cards_are_found_where_hosts_look() {
        let card = json!({"type": "McpApp", "body": []});
        let structured = json!({"content": [], "structuredContent": card});
        assert_eq!(card_in(&structured).unwrap().0, "/structuredContent");
        let embedded = json!({"content": [{"type": "text", "text": "t"},
            {"type": "resource", "resource": {"uri": "ui://x", "mimeType": CARD_MIME_TYPE, "text": card.to_string()}}]});
        assert_eq!(card_in(&embedded).unwrap().0, "/content/1/resource/text");
        assert!(card_in(&json!({"content": [{"type": "text", "text": "t"}]})).is_none());
    }

    #[test]
    fn actions_must_name_a_tool_apps_may_call() {
        let card = json!({"type": "McpApp", "body": [{"type": "TextBlock", "text": "Hi"}],
        "actions": [
            {"type": "Action.Submit", "title": "Go", "data": {"mcp_tool_name": "go"}},
            {"type": "Action.Submit", "title": "Gone", "data": {"mcp_tool_name": "gone"}},
            {"type": "Action.Execute", "title": "Model", "verb": "model_only"}
        ]});
        let facts = [
            fact("go", Visibility::Listed(vec!["app".into()])),
            fact("model_only", Visibility::Listed(vec!["model".into()])),
        ];
        assert_eq!(
            outcomes(&card, &facts),
            [
                (ids::CARD_VALID, Outcome::Pass),
                (ids::CARD_ACTIONS, Outcome::Pass),
                (ids::CARD_ACTIONS, Outcome::Fail),
                (ids::CARD_ACTIONS, Outcome::Fail),
            ]
        );
    }

    #[test]
    fn an_invalid_card_fails_with_its_first_error() {
        let card = json!({"type": "McpApp", "actions": [{"type": "Action.OpenUrl", "title": "x", "url": "javascript:alert(1)"}]});
        let parsed = mcpapp_card::parse_value(card.clone());
        let (findings, _) = check(
            &parsed,
            &card,
            &Location::tool("t").at("/structuredContent"),
            &[],
        );
        assert_eq!(findings[0].outcome, Outcome::Fail);
        assert_eq!(
            findings[0].location.pointer.as_deref(),
            Some("/structuredContent/actions/0/url")
        );
    }
}
