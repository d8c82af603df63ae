//! The A2UI surface view as a person uses it: found by accessible labels, typed into and
//! clicked, with the surface's data model and the view's events checked. No pixels here.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

mod support;

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use mcpapp_a2ui::{Pointer, Processor, process_str};
use mcpapp_egui::{SurfaceEvent, SurfaceView};
use serde_json::{Value, json};

const BASIC: &str = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json";

struct App {
    processor: Processor,
    events: Vec<SurfaceEvent>,
    changes: usize,
}

/// A surface `s` with these components and this data model.
fn harness(components: &Value, data: &Value) -> Harness<'static, App> {
    let stream = [
        json!({"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": BASIC}}),
        json!({"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": components}}),
        json!({"version": "v0.9", "updateDataModel": {"surfaceId": "s", "value": data}}),
    ]
    .iter()
    .map(Value::to_string)
    .collect::<Vec<_>>()
    .join("\n");
    let report = process_str(&stream);
    assert!(report.is_ok(), "{:#?}", report.diagnostics);
    Harness::builder()
        .with_size(egui::vec2(480.0, 700.0))
        .build_ui_state(
            |ui, app: &mut App| {
                let surface = app.processor.surface_mut("s").unwrap();
                let output = SurfaceView::new(surface)
                    .timestamp("2026-01-02T03:04:05.000Z")
                    .show(ui);
                app.events.extend(output.event);
                app.changes += usize::from(output.data_changed);
            },
            App {
                processor: report.processor,
                events: Vec::new(),
                changes: 0,
            },
        )
}

fn data_at(h: &Harness<'_, App>, path: &str) -> Value {
    let pointer = Pointer::parse(path).unwrap();
    let surface = h.state().processor.surface("s").unwrap();
    surface.data().get(&pointer).cloned().unwrap_or(Value::Null)
}

fn form() -> Value {
    json!([
        {"id": "root", "component": "Column", "children": ["name", "send"]},
        {"id": "name", "component": "TextField", "label": "Name", "value": {"path": "/form/name"}},
        {"id": "send-text", "component": "Text", "text": "Send"},
        {"id": "send", "component": "Button", "child": "send-text",
         "checks": [{"condition": {"call": "required", "args": {"value": {"path": "/form/name"}}},
                     "message": "Your name, please."}],
         "action": {"event": {"name": "submit", "context": {"who": {"path": "/form/name"}, "n": 1}}}}
    ])
}

/// The events of links opened at `urls`, in order.
fn opened(urls: &[&str]) -> Vec<SurfaceEvent> {
    urls.iter()
        .map(|url| SurfaceEvent::OpenUrl {
            url: (*url).to_owned(),
        })
        .collect()
}

#[test]
fn typing_into_a_bound_text_field_writes_the_data_model() {
    let mut h = harness(&form(), &json!({"form": {"name": ""}}));
    h.run();
    support::type_into(&mut h, "Name", "Ada");
    assert_eq!(data_at(&h, "/form/name"), json!("Ada"));
    assert!(h.state().changes > 0);
}

#[test]
fn a_button_whose_check_fails_is_disabled_and_says_why_then_fires_with_its_context() {
    let mut h = harness(&form(), &json!({"form": {"name": ""}}));
    h.run();
    assert!(
        h.get_by_role_and_label(Role::Button, "Send")
            .accesskit_node()
            .is_disabled()
    );
    assert!(h.query_by_label("Your name, please.").is_some());
    support::press(&mut h, "Send");
    assert!(h.state().events.is_empty(), "{:?}", h.state().events);

    support::type_into(&mut h, "Name", "Ada");
    assert!(h.query_by_label("Your name, please.").is_none());
    support::press(&mut h, "Send");
    let Some(SurfaceEvent::Action(message)) = h.state().events.last() else {
        panic!("expected an action, got {:?}", h.state().events);
    };
    assert_eq!(message.name, "submit");
    assert_eq!(message.surface_id, "s");
    assert_eq!(message.source_component_id, "send");
    assert_eq!(message.timestamp, "2026-01-02T03:04:05.000Z");
    assert_eq!(
        Value::Object(message.context.clone()),
        json!({"who": "Ada", "n": 1})
    );
}

#[test]
fn tabs_switch_to_the_chosen_tab() {
    let mut h = harness(
        &json!([
            {"id": "root", "component": "Tabs", "tabs": [
                {"title": "Outbound", "child": "a"}, {"title": "Return", "child": "b"}]},
            {"id": "a", "component": "Text", "text": "Leaves at 9:00"},
            {"id": "b", "component": "Text", "text": "Back at 18:00"}
        ]),
        &json!({}),
    );
    h.run();
    support::assert_labels(&h, &["Leaves at 9:00"], &["Back at 18:00"]);
    h.get_by_label("Return").click();
    h.run();
    support::assert_labels(&h, &["Back at 18:00"], &["Leaves at 9:00"]);
}

#[test]
fn a_modal_opens_from_its_trigger_and_closes() {
    let mut h = harness(
        &json!([
            {"id": "root", "component": "Modal", "trigger": "open", "content": "body"},
            {"id": "open-text", "component": "Text", "text": "Details"},
            {"id": "open", "component": "Button", "child": "open-text",
             "action": {"event": {"name": "opened"}}},
            {"id": "body", "component": "Text", "text": "Inside the modal"}
        ]),
        &json!({}),
    );
    h.run();
    assert!(h.query_by_label("Inside the modal").is_none());
    support::press(&mut h, "Details");
    assert!(h.query_by_label("Inside the modal").is_some());
    support::press(&mut h, "Close");
    assert!(h.query_by_label("Inside the modal").is_none());
}

#[test]
fn accessibility_labels_name_components_and_links_follow_the_link_rule() {
    let mut h = harness(
        &json!([
            {"id": "root", "component": "Column", "children": ["good", "pic", "film", "trap"]},
            {"id": "good-text", "component": "Text", "text": "Docs"},
            {"id": "good", "component": "Button", "child": "good-text",
             "accessibility": {"label": {"path": "/label"}},
             "action": {"functionCall": {"call": "openUrl", "args": {"url": "https://a2ui.org/"}}}},
            {"id": "pic", "component": "Image", "url": "https://example.com/a.png",
             "accessibility": {"label": "A harbour at dusk"}},
            {"id": "film", "component": "Video", "url": {"path": "/film"}},
            {"id": "trap", "component": "AudioPlayer", "url": {"path": "/trap"}}
        ]),
        // URLs from data escape the stream's lint; the view still checks them.
        &json!({"label": "Read the docs", "film": "https://example.com/film.mp4",
                "trap": "javascript:alert(1)"}),
    );
    h.run();
    support::assert_labels(&h, &["A harbour at dusk"], &["Open audio"]);
    support::press(&mut h, "Read the docs");
    h.get_by_label("Open video").click();
    h.run();
    assert_eq!(
        h.state().events,
        opened(&["https://a2ui.org/", "https://example.com/film.mp4"])
    );
}

#[test]
fn a_long_list_draws_only_what_is_in_view() {
    let items: Vec<Value> = (0..500)
        .map(|i| json!({"title": format!("Item {i}")}))
        .collect();
    let mut h = harness(
        &json!([
            {"id": "root", "component": "List",
             "children": {"componentId": "item", "path": "/items"}},
            {"id": "item", "component": "Text", "text": {"path": "title"}}
        ]),
        &json!({"items": items}),
    );
    h.run();
    support::assert_labels(&h, &["Item 0", "Item 3"], &["Item 499", "Item 100"]);
}

#[test]
fn text_is_shown_without_its_bidi_overrides() {
    let mut h = harness(
        &json!([{"id": "root", "component": "Text", "text": "invoice\u{202E}fdp.exe"}]),
        &json!({}),
    );
    h.run();
    assert!(h.query_by_label("invoicefdp.exe").is_some());
}

#[test]
fn an_input_shows_its_failing_check_once_it_has_a_value() {
    let mut h = harness(
        &json!([
            {"id": "root", "component": "TextField", "label": "Email",
             "value": {"path": "/email"},
             "checks": [{"condition": {"call": "email", "args": {"value": {"path": "/email"}}},
                         "message": "Not an email address"}]}
        ]),
        &json!({"email": ""}),
    );
    h.run();
    assert!(h.query_by_label("Not an email address").is_none());
    support::type_into(&mut h, "Email", "ada@");
    assert!(h.query_by_label("Not an email address").is_some());
    h.get_by_role_and_label(Role::TextInput, "Email")
        .type_text("example.com");
    h.run();
    assert_eq!(data_at(&h, "/email"), json!("ada@example.com"));
    assert!(h.query_by_label("Not an email address").is_none());
}

#[test]
fn a_link_in_text_opens_by_the_link_rule() {
    let mut h = harness(
        &json!([
            {"id": "root", "component": "Column", "children": ["good", "trap"]},
            {"id": "good", "component": "Text", "text": "[Specification](https://a2ui.org/)"},
            {"id": "trap", "component": "Text", "text": "[Prize](javascript:alert(1))"}
        ]),
        &json!({}),
    );
    h.run();
    h.get_by_label("Prize").click();
    h.run();
    assert!(h.state().events.is_empty(), "{:?}", h.state().events);
    h.get_by_label("Specification").click();
    h.run();
    // A click from assistive technology (no pointer) opens the text's one link too.
    h.get_by_label("Specification").click_accesskit();
    h.run();
    assert_eq!(
        h.state().events,
        opened(&["https://a2ui.org/", "https://a2ui.org/"])
    );
}
