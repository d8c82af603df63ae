//! The preview widget as an embedder puts it in a `Ui`: driven by kittest, by its labels.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

use std::path::PathBuf;

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use mcpapp_preview::{CardDocument, PreviewOptions, PreviewWidget, Setup};

/// A card with a submit that calls a tool, and a link the card rules refuse (one error).
const CARD: &str = r#"{
  "type": "McpApp",
  "body": [
    { "type": "Input.Text", "id": "topic", "label": "Topic", "value": "Budget" }
  ],
  "actions": [
    { "type": "Action.Submit", "title": "Book", "data": { "mcp_tool_name": "rooms.book" } },
    { "type": "Action.OpenUrl", "title": "Plan", "url": "javascript:alert(1)" }
  ]
}
"#;

fn card_file(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mcpapp-preview-widget-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, CARD).unwrap();
    path
}

fn harness(path: PathBuf) -> Harness<'static, PreviewWidget<CardDocument>> {
    let setup = Setup::cards(&PreviewOptions::new(vec![path])).unwrap();
    let widget = PreviewWidget::new(&egui::Context::default(), setup);
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 860.0))
        .build_ui_state(
            |ui, widget: &mut PreviewWidget<CardDocument>| widget.show(ui),
            widget,
        );
    harness.run();
    harness
}

#[test]
fn the_widget_shows_the_card_its_findings_and_what_a_submit_sends() {
    let mut harness = harness(card_file("book.json"));
    harness.get_by_label("1 error, 0 warnings");
    harness.get_by_label_contains("javascript:");
    assert!(harness.state().last_action().is_none());

    harness.get_by_label("Book").click();
    harness.run();
    let logged = harness.state().last_action().unwrap();
    assert_eq!(logged.number, 1);
    assert_eq!(logged.headline, "Submit \u{201c}Book\u{201d}");
    assert!(
        logged.details.starts_with("tools/call:\n"),
        "{}",
        logged.details
    );
    assert!(
        logged.details.contains("\"name\": \"rooms.book\""),
        "{}",
        logged.details
    );
    assert!(
        logged.details.contains("\"topic\": \"Budget\""),
        "{}",
        logged.details
    );
    // The inspector tab came forward with it, and the live state of the inputs.
    harness.get_by_label("Input state (live)");
}
