//! The card view as a person uses it: found by accessible labels, typed into and clicked, with
//! the typed output checked. No pixels here.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

mod support;

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use mcpapp_card::Card;
use mcpapp_egui::{CardEvent, CardState, CardView};
use serde_json::json;

struct App {
    card: Card,
    state: CardState,
    events: Vec<CardEvent>,
    disabled: bool,
}

fn card(json: &serde_json::Value) -> Card {
    let parsed = mcpapp_card::parse_value(json.clone());
    assert!(parsed.is_valid(), "{:#?}", parsed.diagnostics);
    parsed.card.unwrap()
}

fn harness(card: Card) -> Harness<'static, App> {
    harness_with(card, egui_kittest::Harness::builder())
}

fn harness_with(card: Card, builder: egui_kittest::HarnessBuilder<App>) -> Harness<'static, App> {
    let state = CardState::new(&card);
    builder.with_size(egui::vec2(480.0, 700.0)).build_ui_state(
        |ui, app: &mut App| {
            let output = CardView::new(&app.card, &mut app.state)
                .disabled(app.disabled)
                .show(ui);
            app.events.extend(output.event);
        },
        App {
            card,
            state,
            events: Vec::new(),
            disabled: false,
        },
    )
}

fn reference() -> Card {
    let text = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/cards/flight-cancellation.json"
    ))
    .unwrap();
    mcpapp_card::parse(&text).card.unwrap()
}

fn submitted(app: &App) -> &serde_json::Value {
    match app.events.last() {
        Some(CardEvent::Submit { data, .. }) => data,
        other => panic!("expected a submit, got {other:?}"),
    }
}

#[test]
fn typing_a_reason_and_confirming_submits_the_merged_payload() {
    let mut h = harness(reference());
    h.run();
    let field = h.get_by_role(Role::TextInput);
    assert_eq!(
        field.accesskit_node().placeholder(),
        Some("e.g., change in travel plans")
    );
    field.focus();
    h.run();
    h.get_by_role(Role::TextInput).type_text("My plans changed");
    h.run();
    support::press(&mut h, "Confirm Cancellation");
    let app = h.state();
    assert_eq!(
        submitted(app),
        &json!({
            "mcp_tool_name": "flight_booking_tool.confirm_cancellation",
            "booking_id": "FL-12345-ABC",
            "cancellationReason": "My plans changed"
        })
    );
    let Some(CardEvent::Submit { tool_call, .. }) = app.events.last() else {
        panic!()
    };
    let call = tool_call.as_ref().unwrap();
    assert_eq!(call.name, "flight_booking_tool.confirm_cancellation");
    assert_eq!(
        serde_json::Value::Object(call.arguments.clone()),
        json!({"booking_id": "FL-12345-ABC", "cancellationReason": "My plans changed"})
    );
}

#[test]
fn a_required_input_left_empty_shows_its_error_and_sends_nothing() {
    let c = card(&json!({
        "type": "McpApp",
        "body": [{"type": "Input.Text", "id": "reason", "label": "Reason", "isRequired": true,
                  "errorMessage": "Tell us why, please."}],
        "actions": [{"type": "Action.Submit", "title": "Send", "data": {"mcp_tool_name": "t"}}]
    }));
    let mut h = harness(c);
    h.run();
    assert!(h.query_by_label("Tell us why, please.").is_none());
    support::press(&mut h, "Send");
    assert!(h.query_by_label("Tell us why, please.").is_some());
    assert!(matches!(
        h.state().events.last(),
        Some(CardEvent::Invalid { .. })
    ));
    assert!(
        !h.state()
            .events
            .iter()
            .any(|e| matches!(e, CardEvent::Submit { .. }))
    );
    // Typing clears the error; the submit then goes out.
    h.get_by_role(Role::TextInput).focus();
    h.run();
    h.get_by_role(Role::TextInput).type_text("Because");
    h.run();
    assert!(h.query_by_label("Tell us why, please.").is_none());
    support::press(&mut h, "Send");
    assert_eq!(
        submitted(h.state()),
        &json!({"mcp_tool_name": "t", "reason": "Because"})
    );
}

#[test]
fn show_card_expands_and_its_inputs_submit() {
    let c = card(&json!({
        "type": "McpApp",
        "body": [{"type": "TextBlock", "text": "Order #7"}],
        "actions": [{"type": "Action.ShowCard", "title": "Add a note", "card": {
            "type": "AdaptiveCard",
            "body": [{"type": "Input.Text", "id": "note", "placeholder": "Your note"}],
            "actions": [{"type": "Action.Submit", "title": "Save note",
                         "data": {"mcp_tool_name": "add_note", "order": 7}}]
        }}]
    }));
    let mut h = harness(c);
    h.run();
    assert!(h.query_by_label("Save note").is_none());
    support::press(&mut h, "Add a note");
    let field = h.get_by_role(Role::TextInput);
    field.focus();
    h.run();
    h.get_by_role(Role::TextInput).type_text("Ring twice");
    h.run();
    support::press(&mut h, "Save note");
    assert_eq!(
        submitted(h.state()),
        &json!({"mcp_tool_name": "add_note", "order": 7, "note": "Ring twice"})
    );
    // Clicking the ShowCard again folds it away.
    support::press(&mut h, "Add a note");
    assert!(h.query_by_label("Save note").is_none());
}

#[test]
fn toggle_visibility_hides_and_shows() {
    let c = card(&json!({
        "type": "McpApp",
        "body": [
            {"type": "TextBlock", "id": "details", "text": "Gate B12, boarding 14:05", "isVisible": false},
            {"type": "TextBlock", "id": "summary", "text": "Flight LH 1937"}
        ],
        "actions": [
            {"type": "Action.ToggleVisibility", "title": "Details", "targetElements": ["details"]},
            {"type": "Action.ToggleVisibility", "title": "Compact",
             "targetElements": [{"elementId": "details", "isVisible": false},
                                {"elementId": "summary", "isVisible": true}]}
        ]
    }));
    let mut h = harness(c);
    h.run();
    assert!(h.query_by_label("Gate B12, boarding 14:05").is_none());
    support::press(&mut h, "Details");
    assert!(h.query_by_label("Gate B12, boarding 14:05").is_some());
    support::press(&mut h, "Details");
    assert!(h.query_by_label("Gate B12, boarding 14:05").is_none());
    support::press(&mut h, "Details");
    support::press(&mut h, "Compact");
    support::assert_labels(&h, &["Flight LH 1937"], &["Gate B12, boarding 14:05"]);
    assert_eq!(h.state().state.visibility.get("details"), Some(&false));
}

#[test]
fn choice_set_selections_land_in_the_payload() {
    let c = card(&json!({
        "type": "McpApp",
        "body": [
            {"type": "Input.ChoiceSet", "id": "size", "label": "Size", "style": "expanded",
             "choices": [{"title": "Small", "value": "s"}, {"title": "Large", "value": "l"}]},
            {"type": "Input.ChoiceSet", "id": "extras", "label": "Extras", "isMultiSelect": true,
             "choices": [{"title": "Cheese", "value": "cheese"}, {"title": "Olives", "value": "olives"},
                         {"title": "Basil", "value": "basil"}]},
            {"type": "Input.ChoiceSet", "id": "crust", "label": "Crust",
             "choices": [{"title": "Thin", "value": "thin"}, {"title": "Thick", "value": "thick"}]}
        ],
        "actions": [{"type": "Action.Submit", "title": "Order", "data": {"mcp_tool_name": "order"}}]
    }));
    let mut h = harness(c);
    h.run();
    h.get_by_role_and_label(Role::RadioButton, "Large").click();
    h.run();
    h.get_by_role_and_label(Role::CheckBox, "Basil").click();
    h.run();
    h.get_by_role_and_label(Role::CheckBox, "Cheese").click();
    h.run();
    h.get_by_role(Role::ComboBox).click();
    h.run();
    support::press(&mut h, "Thick");
    support::press(&mut h, "Order");
    assert_eq!(
        submitted(h.state()),
        &json!({"mcp_tool_name": "order", "size": "l", "extras": "cheese,basil", "crust": "thick"})
    );
}

#[test]
fn a_disabled_card_ignores_clicks_and_typing() {
    let mut h = harness(reference());
    h.state_mut().disabled = true;
    h.run();
    let button = h.get_by_role_and_label(Role::Button, "Confirm Cancellation");
    assert!(button.accesskit_node().is_disabled());
    button.click();
    h.run();
    h.get_by_role(Role::TextInput).focus();
    h.run();
    h.get_by_role(Role::TextInput).type_text("ignored");
    h.run();
    assert!(h.state().events.is_empty());
    assert_eq!(
        h.state().state.values.get("cancellationReason"),
        Some(&mcpapp_card::InputValue::Text(String::new()))
    );
}

#[test]
fn links_in_text_and_open_url_actions_are_reported_not_opened() {
    let c = card(&json!({
        "type": "McpApp",
        "body": [{"type": "TextBlock", "text": "See the [policy](https://example.com/policy)"}],
        "actions": [{"type": "Action.OpenUrl", "title": "Help", "url": "https://example.com/help"}]
    }));
    let mut h = harness(c);
    h.run();
    support::press(&mut h, "Help");
    assert_eq!(
        h.state().events.last(),
        Some(&CardEvent::OpenUrl {
            url: "https://example.com/help".into()
        })
    );
}

#[test]
fn every_example_card_is_accessible() {
    // kittest checks after every run that each input and action has an accessible name.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/cards");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let card = mcpapp_card::parse(&std::fs::read(&path).unwrap())
            .card
            .unwrap();
        // Example cards hold arrows and check marks egui's own fonts lack.
        let mut h = harness_with(card, Harness::builder().allow_missing_glyphs());
        h.run();
    }
}

#[test]
fn requirements_the_host_does_not_meet_show_the_fallback() {
    let c = card(&json!({
        "type": "McpApp",
        "body": [
            {"type": "TextBlock", "text": "Shown: 1.2 is supported", "requires": {"adaptiveCards": "1.2"}},
            {"type": "TextBlock", "text": "Needs a future feature", "requires": {"holograms": "1.0"},
             "fallback": {"type": "TextBlock", "text": "The fallback instead"}},
            {"type": "TextBlock", "text": "Dropped", "requires": {"adaptiveCards": "9.0"}, "fallback": "drop"}
        ],
        "actions": [
            {"type": "Action.Submit", "title": "Teleport", "requires": {"holograms": "1.0"},
             "fallback": {"type": "Action.OpenUrl", "title": "Read about it", "url": "https://example.com"}}
        ]
    }));
    let mut h = harness(c);
    h.run();
    support::assert_labels(
        &h,
        &[
            "Shown: 1.2 is supported",
            "The fallback instead",
            "Read about it",
        ],
        &["Needs a future feature", "Dropped", "Teleport"],
    );
}

#[test]
fn the_keyboard_alone_fills_and_submits_a_card() {
    let mut h = harness(reference());
    h.run();
    // Tab into the field, type, Tab to the button, press Enter.
    h.key_press(egui::Key::Tab);
    h.run();
    assert!(h.get_by_role(Role::TextInput).is_focused());
    h.get_by_role(Role::TextInput).type_text("Keyboard only");
    h.run();
    h.key_press(egui::Key::Tab);
    h.run();
    assert!(
        h.get_by_role_and_label(Role::Button, "Confirm Cancellation")
            .is_focused()
    );
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(
        submitted(h.state())["cancellationReason"],
        json!("Keyboard only")
    );
}

#[test]
fn an_inline_label_sits_beside_its_input_and_still_names_it() {
    let c = card(&json!({
        "type": "McpApp",
        "body": [
            {"type": "Input.Text", "id": "product", "label": "Product", "labelPosition": "inline",
             "labelWidth": 40},
            {"type": "Input.Text", "id": "city", "label": "City", "labelPosition": "inline",
             "labelWidth": "60px", "isRequired": true},
            {"type": "Input.Text", "id": "note", "label": "Note"}
        ],
        "actions": [{"type": "Action.Submit", "title": "Save"}]
    }));
    let mut h = harness(c);
    h.run();
    let rect =
        |h: &Harness<'_, App>, role: Role, label: &str| h.get_by_role_and_label(role, label).rect();
    // Found by its label as before, and beside it: the field starts right of the label, on
    // the same line.
    let product = rect(&h, Role::TextInput, "Product");
    let product_label = rect(&h, Role::Label, "Product");
    assert!(
        product_label.max.x <= product.min.x,
        "{product_label:?} {product:?}"
    );
    assert!((product_label.min.y - product.min.y).abs() < 8.0);
    // 40 % of the card's row: the field starts a little past 40 % of the width.
    assert!(product.min.x > 480.0 * 0.38, "{product:?}");
    let city = rect(&h, Role::TextInput, "City *");
    assert!(
        city.min.x < product.min.x,
        "60px is narrower than 40 %: {city:?}"
    );
    // A label above its input stays above.
    let note = rect(&h, Role::TextInput, "Note");
    let note_label = rect(&h, Role::Label, "Note");
    assert!(note_label.max.y <= note.min.y);
    // Inline inputs still show their errors, under the row.
    support::press(&mut h, "Save");
    assert!(matches!(
        h.state().events.last(),
        Some(CardEvent::Invalid { .. })
    ));
    let error = rect(&h, Role::Label, "City is required.");
    assert!(error.min.y >= city.max.y, "{error:?} {city:?}");
}

#[test]
fn a_carousel_with_a_timer_turns_its_pages_and_stops_at_the_last() {
    let page = |text: &str| json!({"type": "CarouselPage", "items": [{"type": "TextBlock", "text": text}]});
    let c = card(&json!({
        "type": "AdaptiveCard", "version": "1.6",
        "body": [{"type": "Carousel", "timer": 500, "pages": [page("One"), page("Two"), page("Three")]}]
    }));
    let mut h = harness_with(c, egui_kittest::Harness::builder().with_step_dt(0.1));
    h.run_steps(2);
    assert!(h.query_by_label("One").is_some());
    h.run_steps(6);
    assert!(
        h.query_by_label("Two").is_some(),
        "half a second later, the next page"
    );
    h.run_steps(12);
    assert!(h.query_by_label("Three").is_some());
    h.run_steps(12);
    assert!(
        h.query_by_label("Three").is_some(),
        "without `loop` the pages stop at the last"
    );
}
