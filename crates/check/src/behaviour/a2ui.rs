//! A2UI a server shows, applied as a host applies it: a view resource's stream, then the A2UI
//! messages of the tool's result (`mcpapp_a2ui::mcp::payloads_in_result`). Valid by the
//! official schemas and the rules a schema cannot see, and every event naming a tool apps
//! may call (or the A2UI-over-MCP guide's generic `action` tool).

use mcpapp_a2ui::mcp::{GENERIC_ACTION_TOOL, payloads_in_result};
use mcpapp_a2ui::{Action, Diagnostic, Processor};
use serde_json::Value;

use crate::ids;
use crate::report::{Finding, Location, clip};
use crate::tools::ToolFacts;

/// The most events looked at in one result.
const MAX_EVENTS: usize = 500;

/// A view resource's stream on its own: the finding of `resources.a2ui`.
#[must_use]
pub fn view_stream(text: &str, at: Location) -> Finding {
    let report = mcpapp_a2ui::process_str(text);
    let errors: Vec<&Diagnostic> = report.errors().collect();
    if errors.is_empty() {
        Finding::pass(
            ids::RESOURCES_A2UI,
            at,
            format!(
                "an A2UI stream of {} ({} surfaces)",
                crate::report::plural(report.messages, "message"),
                report.processor.surfaces().len()
            ),
        )
    } else {
        Finding::fail(
            ids::RESOURCES_A2UI,
            at,
            format!(
                "the A2UI stream has {}, so hosts show it broken or not at all: {}",
                crate::report::plural(errors.len(), "error"),
                said(&errors)
            ),
        )
    }
}

/// The A2UI of a tool's result, after its view's stream when it has one; `None` when neither
/// holds any A2UI. Returns the findings and the tools its events call.
#[must_use]
pub fn check(
    view: Option<&str>,
    result: &Value,
    at: &Location,
    facts: &[ToolFacts],
) -> Option<(Vec<Finding>, Vec<String>)> {
    let payloads = payloads_in_result(result);
    if payloads.is_empty() && view.is_none() {
        return None;
    }
    let mut processor = Processor::new();
    let mut found: Vec<Diagnostic> = Vec::new();
    for text in view.into_iter().chain(payloads.iter().map(String::as_str)) {
        found.extend(processor.apply_str(text));
    }
    found.extend(processor.finish());
    let errors: Vec<&Diagnostic> = found.iter().filter(|d| d.is_error()).collect();
    let mut findings = vec![if errors.is_empty() {
        Finding::pass(
            ids::A2UI_VALID,
            at.clone(),
            format!(
                "valid A2UI: {} drawn",
                crate::report::plural(processor.surfaces().len(), "surface")
            ),
        )
    } else {
        Finding::fail(
            ids::A2UI_VALID,
            at.clone(),
            format!(
                "the A2UI has {}, so hosts show it broken or not at all: {}",
                crate::report::plural(errors.len(), "error"),
                said(&errors)
            ),
        )
    }];
    let events = events(&processor);
    for (surface, component, name) in &events {
        let at = at
            .clone()
            .at(format!("/surfaces/{surface}/components/{component}"));
        findings.push(names_a_tool(name, at, facts));
    }
    Some((
        findings,
        events.into_iter().map(|(_, _, name)| name).collect(),
    ))
}

/// Every event of the surfaces: (surface, component, event name).
fn events(processor: &Processor) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    for (id, surface) in processor.surfaces() {
        for (component_id, component) in surface.components() {
            if out.len() >= MAX_EVENTS {
                return out;
            }
            if let Some(Action::Event { name, .. }) = component
                .properties
                .get("action")
                .and_then(Action::from_value)
            {
                out.push((id.clone(), component_id.clone(), name));
            }
        }
    }
    out
}

fn names_a_tool(name: &str, at: Location, facts: &[ToolFacts]) -> Finding {
    let shown = clip(name, 120);
    let generic = facts.iter().any(|f| f.name == GENERIC_ACTION_TOOL);
    match facts.iter().find(|f| f.name == name) {
        Some(tool) if tool.app_visible() == Some(false) => Finding::fail(
            ids::A2UI_EVENTS,
            at,
            format!(
                "the event `{shown}` calls a tool whose visibility leaves out \"app\": hosts \
                 refuse the call"
            ),
        ),
        Some(_) => Finding::pass(ids::A2UI_EVENTS, at, format!("calls `{shown}`")),
        None if generic => Finding::pass(
            ids::A2UI_EVENTS,
            at,
            format!("`{shown}` goes to the `{GENERIC_ACTION_TOOL}` tool"),
        ),
        None => Finding::fail(
            ids::A2UI_EVENTS,
            at,
            format!(
                "the event `{shown}` names no tool of the server, and it has no \
                 `{GENERIC_ACTION_TOOL}` tool: the user's action reaches nothing"
            ),
        ),
    }
}

/// The first three findings, each with its line and column, clipped.
fn said(list: &[&Diagnostic]) -> String {
    list.iter()
        .take(3)
        .map(|d| clip(&d.to_string(), 200))
        .collect::<Vec<_>>()
        .join("; ")
}

#[cfg(test)]
mod tests {
    use serde_json::{Map, json};

    use super::*;
    use crate::report::Outcome;
    use crate::tools::Visibility;

    const BASIC: &str = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json";

    fn fact(name: &str, visibility: &[&str]) -> ToolFacts {
        ToolFacts {
            name: name.to_owned(),
            view: None,
            visibility: Visibility::Listed(visibility.iter().map(|v| (*v).to_owned()).collect()),
            input_schema: Map::new(),
        }
    }

    fn view(event: &str) -> String {
        json!([
            {"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": BASIC}},
            {"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [
                {"id": "root", "component": "Button", "child": "label",
                 "action": {"event": {"name": event}}},
                {"id": "label", "component": "Text", "text": {"path": "/label"}}
            ]}}
        ])
        .to_string()
    }

    fn outcomes(
        view: Option<&str>,
        result: &Value,
        facts: &[ToolFacts],
    ) -> Vec<(&'static str, Outcome)> {
        check(view, result, &Location::tool("show"), facts)
            .unwrap()
            .0
            .into_iter()
            .map(|f| (f.check, f.outcome))
            .collect()
    }

    #[test]
    fn a_view_and_its_result_are_applied_together_and_events_name_app_tools() {
        let data = json!({"version": "v0.9", "updateDataModel": {"surfaceId": "s", "path": "/label", "value": "Book"}});
        let result = json!({"content": [{"type": "resource", "resource": {
            "uri": "ui://t/s", "mimeType": "application/a2ui+json", "text": data.to_string()}}]});
        let book = [fact("book", &["app"])];
        assert_eq!(
            outcomes(Some(&view("book")), &result, &book),
            [
                (ids::A2UI_VALID, Outcome::Pass),
                (ids::A2UI_EVENTS, Outcome::Pass)
            ]
        );
        // Only the model may call it, or nothing has its name: the click reaches nothing.
        let model_only = [fact("book", &["model"])];
        assert_eq!(
            outcomes(Some(&view("book")), &result, &model_only)[1],
            (ids::A2UI_EVENTS, Outcome::Fail)
        );
        assert_eq!(
            outcomes(Some(&view("cancel")), &result, &book)[1],
            (ids::A2UI_EVENTS, Outcome::Fail)
        );
        // The guide's generic tool takes any event.
        let generic = [fact("action", &["app"])];
        assert_eq!(
            outcomes(Some(&view("cancel")), &result, &generic)[1],
            (ids::A2UI_EVENTS, Outcome::Pass)
        );
    }

    #[test]
    fn broken_a2ui_fails_with_the_place_of_the_first_errors() {
        // Data for a surface the result never created.
        let stray =
            json!({"version": "v0.9", "updateDataModel": {"surfaceId": "nope", "value": {}}});
        let result = json!({"structuredContent": [stray]});
        let (findings, _) = check(None, &result, &Location::tool("show"), &[]).unwrap();
        assert_eq!(findings[0].outcome, Outcome::Fail);
        assert!(
            findings[0].reason.contains("nope"),
            "{}",
            findings[0].reason
        );
        assert!(check(None, &json!({"content": []}), &Location::tool("show"), &[]).is_none());
        let broken = view_stream("{not json", Location::tool("show"));
        assert_eq!(broken.outcome, Outcome::Fail);
    }
}
