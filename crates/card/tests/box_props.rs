//! The properties every box of elements has (`BoxProps`) are read the same on the card, a
//! container, a column, a table cell and a carousel page, and written back in place; `bleed`
//! only where it belongs, and what a box does not know is reported where it stands.

use mcpapp_card::enums::{ContainerStyle, VerticalAlignment};
use mcpapp_card::model::{BoxProps, Px};
use mcpapp_card::{Action, Card, Code, Element, parse_value};
use serde_json::{Value, json};

/// A box with every shared property set, plus `more`.
fn boxed(more: &Value) -> Value {
    let mut object = json!({
        "selectAction": {"type": "Action.OpenUrl", "url": "https://example.com/more"},
        "style": "emphasis",
        "verticalContentAlignment": "center",
        "backgroundImage": "https://example.com/back.png",
        "minHeight": "40px",
        "rtl": true
    });
    if let (Some(object), Some(more)) = (object.as_object_mut(), more.as_object()) {
        object.extend(more.clone());
    }
    object
}

fn card_with_every_box() -> Value {
    let text = json!([{"type": "TextBlock", "text": "x"}]);
    boxed(&json!({"type": "McpApp", "bleed": true, "body": [
        boxed(&json!({"type": "Container", "bleed": true, "items": text})),
        {"type": "ColumnSet", "columns": [boxed(&json!({"bleed": true, "items": text}))]},
        {"type": "Table", "columns": [{"width": 1}], "rows": [
            {"cells": [boxed(&json!({"bleed": true, "items": text}))]}
        ]},
        {"type": "Carousel", "pages": [boxed(&json!({"bleed": true, "items": text}))]}
    ]}))
}

/// The boxes of the card, in document order: the card, the container, the column, the cell,
/// the page.
fn boxes(card: &Card) -> Vec<&BoxProps> {
    let mut out = vec![&card.box_props];
    for element in &card.body {
        match element {
            Element::Container(c) => out.push(&c.box_props),
            Element::ColumnSet(s) => out.extend(s.columns.iter().map(|c| &c.box_props)),
            Element::Table(t) => out.extend(
                t.rows
                    .iter()
                    .flat_map(|r| r.cells.iter().map(|c| &c.box_props)),
            ),
            Element::Carousel(c) => out.extend(c.pages.iter().map(|p| &p.box_props)),
            _ => {}
        }
    }
    out
}

#[test]
fn every_box_reads_the_shared_properties_alike() {
    let parsed = parse_value(card_with_every_box());
    let card = parsed.card.expect("the card reads");
    let boxes = boxes(&card);
    assert_eq!(boxes.len(), 5);
    let first = boxes[0];
    assert_eq!(first.style, Some(ContainerStyle::Emphasis));
    assert_eq!(
        first.vertical_content_alignment,
        Some(VerticalAlignment::Center)
    );
    assert_eq!(first.min_height, Some(Px(40.0)));
    assert_eq!(first.rtl, Some(true));
    assert_eq!(
        first.background_image.as_ref().map(|b| b.url.as_str()),
        Some("https://example.com/back.png")
    );
    assert!(matches!(
        first.select_action.as_deref(),
        Some(Action::OpenUrl(a)) if a.url == "https://example.com/more"
    ));
    for (i, other) in boxes.iter().enumerate() {
        assert_eq!(*other, first, "box {i}");
    }
}

#[test]
fn bleed_is_read_where_it_belongs_and_reported_elsewhere() {
    let parsed = parse_value(card_with_every_box());
    let unknown: Vec<&str> = parsed
        .diagnostics
        .iter()
        .filter(|d| d.code == Code::UnknownProperty)
        .map(|d| d.pointer.as_str())
        .collect();
    // The card and a carousel page have no `bleed`: kept, reported, not used.
    assert_eq!(unknown, ["/bleed", "/body/3/pages/0/bleed"]);
    let card = parsed.card.expect("the card reads");
    assert_eq!(card.extra.get("bleed"), Some(&json!(true)));
    for element in &card.body {
        match element {
            Element::Container(c) => assert_eq!(c.bleed, Some(true)),
            Element::ColumnSet(s) => assert_eq!(s.columns[0].bleed, Some(true)),
            Element::Table(t) => assert_eq!(t.rows[0].cells[0].bleed, Some(true)),
            Element::Carousel(c) => {
                assert_eq!(c.pages[0].common.extra.get("bleed"), Some(&json!(true)));
            }
            other => panic!("unexpected element {other:?}"),
        }
    }
}

#[test]
fn a_box_writes_its_shared_properties_back_in_place() {
    let card = parse_value(card_with_every_box())
        .card
        .expect("the card reads");
    let written = serde_json::to_value(&card).expect("the card writes");
    for pointer in ["", "/body/0", "/body/1/columns/0", "/body/2/rows/0/cells/0"] {
        let object = &written.pointer(pointer).expect(pointer);
        assert_eq!(object["style"], "emphasis", "{pointer}");
        assert_eq!(object["verticalContentAlignment"], "center", "{pointer}");
        assert_eq!(object["minHeight"], "40px", "{pointer}");
        assert_eq!(object["rtl"], true, "{pointer}");
        assert_eq!(
            object["selectAction"]["type"], "Action.OpenUrl",
            "{pointer}"
        );
        assert!(object.get("boxProps").is_none(), "{pointer}");
    }
    assert_eq!(parse_value(written).card.as_ref(), Some(&card));
}

#[test]
fn a_wrong_shared_property_is_reported_at_its_place_in_any_box() {
    let card = json!({"type": "McpApp", "style": 3, "body": [
        {"type": "Container", "items": [], "minHeight": "tall"},
        {"type": "Table", "rows": [{"cells": [{"items": [], "rtl": "yes", "colour": 1}]}]}
    ]});
    let parsed = parse_value(card);
    let found: Vec<(Code, &str)> = parsed
        .diagnostics
        .iter()
        .map(|d| (d.code, d.pointer.as_str()))
        .collect();
    assert!(found.contains(&(Code::WrongType, "/style")), "{found:?}");
    assert!(
        found.iter().any(|(_, p)| *p == "/body/0/minHeight"),
        "{found:?}"
    );
    assert!(
        found.contains(&(Code::WrongType, "/body/1/rows/0/cells/0/rtl")),
        "{found:?}"
    );
    assert!(
        found.contains(&(Code::UnknownProperty, "/body/1/rows/0/cells/0/colour")),
        "{found:?}"
    );
}
