//! The builder's boxes and the actions that act on them: containers, carousel pages, toggled
//! visibility and cards shown on demand, written as the card format spells them.

use mcpapp_card::builder::ItemsBuilder;
use mcpapp_card::enums::FontWeight;
use mcpapp_card::{CardBuilder, parse_value};
use serde_json::json;

#[test]
fn boxes_and_their_actions_are_written_as_card_json() {
    let about = CardBuilder::new().text("Made up.").build().unwrap();
    let card = CardBuilder::new()
        .carousel([
            ItemsBuilder::new()
                .text_with("Mon", |t| t.weight(FontWeight::Bolder).no_wrap())
                .text("clear"),
            ItemsBuilder::new().text("rain"),
        ])
        .container(
            ItemsBuilder::new()
                .id("details")
                .hidden()
                .text("wind 5 km/h"),
        )
        .toggle_visibility("Details", ["details"])
        .show_card("About", about)
        .build()
        .unwrap();
    let text = |t: &str| json!({"type": "TextBlock", "text": t, "wrap": true});
    assert_eq!(
        serde_json::to_value(&card).unwrap(),
        json!({
            "type": "McpApp",
            "body": [
                {"type": "Carousel", "pages": [
                    {"items": [
                        {"type": "TextBlock", "text": "Mon", "weight": "bolder"},
                        text("clear")
                    ]},
                    {"items": [text("rain")]}
                ]},
                {"type": "Container", "id": "details", "isVisible": false,
                 "items": [text("wind 5 km/h")]}
            ],
            "actions": [
                {"type": "Action.ToggleVisibility", "title": "Details",
                 "targetElements": [{"elementId": "details"}]},
                {"type": "Action.ShowCard", "title": "About",
                 "card": {"type": "McpApp", "body": [text("Made up.")]}}
            ]
        })
    );
    // What the builder writes reads back as the same card, without findings.
    let parsed = parse_value(serde_json::to_value(&card).unwrap());
    assert_eq!(parsed.diagnostics, []);
    assert_eq!(parsed.card, Some(card));
}

#[test]
fn an_empty_box_is_a_visible_container_without_an_id() {
    let card = CardBuilder::new()
        .container(ItemsBuilder::new())
        .build()
        .unwrap();
    assert_eq!(
        serde_json::to_value(&card).unwrap()["body"],
        json!([{"type": "Container", "items": []}])
    );
}
