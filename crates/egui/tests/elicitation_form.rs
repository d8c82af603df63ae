//! A server's question as a form, filled as a person fills it: each field found by its
//! accessible label, typed into and clicked, Accept pressed; the content read back is what
//! goes to the server.

mod support;

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use mcpapp_card::elicitation::{ACCEPT, ElicitationForm, elicitation_content, elicitation_form};
use mcpapp_egui::{CardEvent, CardState, CardView};
use serde_json::{Value, json};

struct App {
    form: ElicitationForm,
    state: CardState,
    events: Vec<CardEvent>,
}

fn harness(form: ElicitationForm) -> Harness<'static, App> {
    let state = CardState::new(&form.card);
    Harness::builder()
        .with_size(egui::vec2(480.0, 800.0))
        .build_ui_state(
            |ui, app: &mut App| {
                let output = CardView::new(&app.form.card, &mut app.state).show(ui);
                app.events.extend(output.event);
            },
            App {
                form,
                state,
                events: Vec::new(),
            },
        )
}

#[test]
fn the_generated_form_is_filled_by_label_and_accepted() {
    let schema = json!({
        "type": "object",
        "properties": {
            "title": {"type": "string", "title": "Meeting title", "minLength": 3},
            "attendees": {"type": "integer", "title": "Attendees", "minimum": 1, "maximum": 20},
            "remote": {"type": "boolean", "title": "Remote", "description": "Online meeting"}
        },
        "required": ["title", "attendees"]
    });
    let form = elicitation_form("Before I book it:", &schema).unwrap();
    let mut h = harness(form);
    h.run();
    assert!(h.query_by_label("Before I book it:").is_some());

    // Accept with nothing typed: the required fields say so, and nothing is answered.
    support::press(&mut h, "Accept");
    assert!(h.query_by_label("Meeting title is required.").is_some());
    assert!(
        !h.state()
            .events
            .iter()
            .any(|e| matches!(e, CardEvent::Submit { .. }))
    );

    // Required fields are labelled with a star.
    let title = h.get_by_role_and_label(Role::TextInput, "Meeting title *");
    title.focus();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "Meeting title *")
        .type_text("Planning");
    h.run();
    h.get_by_role_and_label(Role::TextInput, "Attendees *")
        .focus();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "Attendees *")
        .type_text("4");
    h.run();
    h.get_by_role(Role::CheckBox).click();
    h.run();
    support::press(&mut h, "Accept");

    let app = h.state();
    let Some(CardEvent::Submit { action_id, .. }) = app.events.last() else {
        panic!("Accept submits: {:?}", app.events)
    };
    assert_eq!(action_id.as_deref(), Some(ACCEPT));
    let content = elicitation_content(&app.form, &app.state.values).unwrap();
    assert_eq!(
        Value::Object(content),
        json!({"title": "Planning", "attendees": 4, "remote": true})
    );
}

#[test]
fn decline_and_cancel_answer_without_the_inputs() {
    let schema =
        json!({"type": "object", "properties": {"x": {"type": "string"}}, "required": ["x"]});
    let mut h = harness(elicitation_form("?", &schema).unwrap());
    h.run();
    for (title, id) in [("Decline", "decline"), ("Cancel", "cancel")] {
        support::press(&mut h, title);
        let Some(CardEvent::Submit { action_id, .. }) = h.state().events.last() else {
            panic!("{title} submits, even with the required field empty")
        };
        assert_eq!(action_id.as_deref(), Some(id));
    }
}
