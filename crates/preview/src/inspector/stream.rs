//! What an A2UI surface's action would send: the `action` message of an event, the MCP
//! `tools/call` a host makes of it ([`mcpapp_a2ui::mcp::action_call`]), why an action was
//! stopped by its checks, the link of an `openUrl` (shown, never opened); and the surfaces'
//! data models.

use mcpapp_a2ui::{ClientMessage, Processor};
use mcpapp_egui::SurfaceEvent;
use serde_json::{Map, Value};

use super::pretty;

/// One line above the details: what happened.
pub fn headline(event: &SurfaceEvent) -> String {
    match event {
        SurfaceEvent::Action(action) => format!(
            "Event \u{201c}{}\u{201d} from {} on surface {}",
            action.name, action.source_component_id, action.surface_id
        ),
        SurfaceEvent::Blocked { component, .. } => {
            format!("Action of {component} stopped by a failing check: nothing is sent")
        }
        SurfaceEvent::OpenUrl { .. } => "Open URL (shown here, not opened)".to_owned(),
    }
}

/// The details of an event, exactly: for an event the `action` message and the
/// `tools/call` params a host makes of it (the tool named like the event, as when the server
/// offers such an app-callable tool); for a stopped action the check's message; for a link
/// the URL.
pub fn details(event: &SurfaceEvent, client_data_model: Map<String, Value>) -> String {
    match event {
        SurfaceEvent::Action(action) => {
            let message = ClientMessage::Action(action.clone());
            // The preview has no server: the tool is taken to exist (the MCP Apps way, one
            // tool per action); a server with only the generic `action` tool gets that.
            let call = mcpapp_a2ui::mcp::action_call(action, client_data_model, |name| {
                name == action.name
            });
            format!(
                "action message:\n{}\n\ntools/call:\n{}",
                pretty(&message),
                pretty(&call)
            )
        }
        SurfaceEvent::Blocked { message, .. } => format!("\u{2022} {message}"),
        SurfaceEvent::OpenUrl { url } => url.clone(),
    }
}

/// Every surface's data model as pretty JSON, by surface id.
pub fn data_models_json(processor: &Processor) -> String {
    let models: Map<String, Value> = processor
        .surfaces()
        .iter()
        .map(|(id, surface)| (id.clone(), surface.data().root().clone()))
        .collect();
    pretty(&models)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing, reason = "tests")]

    use mcpapp_a2ui::{Pointer, process_str};

    use super::*;

    /// A surface with a name field bound to the data model and a button whose event carries
    /// it, its data model sent with actions.
    const STREAM: &str = r#"[
{"version": "v0.9", "createSurface": {"surfaceId": "book", "catalogId": "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json", "sendDataModel": true}},
{"version": "v0.9", "updateComponents": {"surfaceId": "book", "components": [
  {"id": "root", "component": "Column", "children": ["name", "go"]},
  {"id": "name", "component": "TextField", "label": "Name", "value": {"path": "/name"}},
  {"id": "label", "component": "Text", "text": "Book"},
  {"id": "go", "component": "Button", "child": "label", "action": {"event": {"name": "book_table", "context": {"who": {"path": "/name"}}}},
   "checks": [{"condition": {"call": "required", "args": {"value": {"path": "/name"}}}, "message": "A name is needed"}]}
]}},
{"version": "v0.9", "updateDataModel": {"surfaceId": "book", "path": "/name", "value": "Ann"}}
]"#;

    fn fire(processor: &Processor) -> SurfaceEvent {
        let surface = processor.surface("book").unwrap();
        match surface
            .fire("go", &Pointer::root(), "2026-12-03T12:00:00Z")
            .unwrap()
        {
            mcpapp_a2ui::Fired::Event(action) => SurfaceEvent::Action(action),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn an_event_shows_its_action_message_and_the_tools_call() {
        let report = process_str(STREAM);
        assert!(report.is_ok(), "{:?}", report.diagnostics);
        let event = fire(&report.processor);
        assert_eq!(
            headline(&event),
            "Event \u{201c}book_table\u{201d} from go on surface book"
        );
        let details = details(&event, report.processor.client_data_model());
        let (message, call) = details.split_once("\n\ntools/call:\n").unwrap();
        let message: Value =
            serde_json::from_str(message.strip_prefix("action message:\n").unwrap()).unwrap();
        assert_eq!(message["version"], "v0.9");
        assert_eq!(message["action"]["name"], "book_table");
        assert_eq!(message["action"]["context"]["who"], "Ann");
        assert_eq!(message["action"]["timestamp"], "2026-12-03T12:00:00Z");
        let call: Value = serde_json::from_str(call).unwrap();
        assert_eq!(call["name"], "book_table");
        assert_eq!(call["arguments"], serde_json::json!({"who": "Ann"}));
        assert_eq!(call["_meta"]["a2ui"]["action"], message["action"]);
        assert_eq!(
            call["_meta"]["a2ui"]["clientDataModel"]["surfaces"]["book"]["name"],
            "Ann"
        );
    }

    #[test]
    fn a_stopped_action_and_a_link_say_what_happened() {
        let blocked = SurfaceEvent::Blocked {
            component: "go".into(),
            message: "A name is needed".into(),
        };
        assert!(headline(&blocked).contains("nothing is sent"));
        assert_eq!(details(&blocked, Map::new()), "\u{2022} A name is needed");
        let link = SurfaceEvent::OpenUrl {
            url: "https://example.com/".into(),
        };
        assert!(headline(&link).contains("not opened"));
        assert_eq!(details(&link, Map::new()), "https://example.com/");
    }

    #[test]
    fn the_data_models_are_pretty_json_by_surface() {
        let report = process_str(STREAM);
        let models: Value = serde_json::from_str(&data_models_json(&report.processor)).unwrap();
        assert_eq!(models, serde_json::json!({"book": {"name": "Ann"}}));
    }
}
