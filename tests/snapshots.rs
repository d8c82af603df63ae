//! Snapshot tests: cards rendered headless and compared with the committed baselines under
//! `tests/snapshots/`, by `mcpapp_render::check_dir`: the very check `mcpapp snapshot` runs
//! for card authors.
//!
//! - `tests/snapshots/examples/`: every `examples/cards/*.json`, light and dark, 480 wide;
//! - `tests/snapshots/scenarios/`: the corpus's v1.5 scenarios (real Adaptive Cards), light,
//!   400 wide.
//!
//! A failure writes `NAME.THEME.WIDTH.new.png` and `.diff.png` beside the baseline. Look at
//! them; when the new rendering is right, `UPDATE_SNAPSHOTS=1 cargo test --test snapshots`
//! rewrites the baselines that differ. Rendering needs Mesa's lavapipe (`.ci/run` installs
//! it) and `WGPU_BACKEND=vulkan`, the renderer the baselines were made with.

use std::path::Path;

use mcpapp_render::{Preset, SnapshotOptions, SnapshotReport, check_dir};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `UPDATE_SNAPSHOTS=1` (or `true`, `yes`, `on`) rewrites the baselines that differ.
fn update() -> bool {
    std::env::var("UPDATE_SNAPSHOTS").is_ok_and(|v| {
        matches!(
            v.to_ascii_lowercase().as_str(),
            "1" | "true" | "yes" | "on" | "force"
        )
    })
}

fn check(cards: &Path, suite: &str, themes: Vec<Preset>, widths: Vec<u32>) -> SnapshotReport {
    let options = SnapshotOptions {
        themes,
        widths,
        update: update(),
        baselines: Some(root().join("tests/snapshots").join(suite)),
        ..SnapshotOptions::default()
    };
    let report = check_dir(cards, &options);
    assert!(
        report.passed(),
        "{report}\n\nLook at the .new.png and .diff.png files; when the new rendering is right, \
         UPDATE_SNAPSHOTS=1 cargo test --test snapshots rewrites the baselines that differ."
    );
    assert!(
        report.unused_baselines.is_empty(),
        "baselines of no card: {:?} (delete them)",
        report.unused_baselines
    );
    report
}

#[test]
fn example_cards_light_and_dark() {
    let report = check(
        &root().join("examples/cards"),
        "examples",
        vec![Preset::Light, Preset::Dark],
        vec![480],
    );
    let cards = std::fs::read_dir(root().join("examples/cards"))
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "json")
        })
        .count();
    assert!(cards >= 12, "examples/cards has {cards} cards");
    assert_eq!(report.cases.len(), cards * 2);
}

#[test]
fn corpus_scenarios_light() {
    let report = check(
        &root().join("tests/corpus/adaptive-cards/v1.5/Scenarios"),
        "scenarios",
        vec![Preset::Light],
        vec![400],
    );
    assert_eq!(report.cases.len(), 23, "{report}");
}

/// Servers' questions (`elicitation/create`) as the forms `mcpapp_card::elicitation` makes of
/// them: every kind of field, and a short booking question.
#[test]
fn elicitation_forms_light_and_dark() {
    let forms = [
        (
            "every-field",
            "Please tell us about yourself:",
            serde_json::json!({
                "type": "object",
                "properties": {
                    "name": {"type": "string", "title": "Full name", "description": "As on your passport", "minLength": 2},
                    "email": {"type": "string", "format": "email", "title": "Email"},
                    "homepage": {"type": "string", "format": "uri", "title": "Website"},
                    "born": {"type": "string", "format": "date", "title": "Date of birth"},
                    "arrival": {"type": "string", "format": "date-time", "title": "Arrival"},
                    "guests": {"type": "integer", "title": "Guests", "minimum": 1, "maximum": 8, "default": 2},
                    "budget": {"type": "number", "title": "Budget (EUR)", "minimum": 0},
                    "terms": {"type": "boolean", "title": "Terms", "description": "I agree to the terms"},
                    "room": {"type": "string", "title": "Room", "oneOf": [
                        {"const": "single", "title": "Single room"},
                        {"const": "double", "title": "Double room"}], "default": "double"},
                    "meals": {"type": "array", "title": "Meals", "minItems": 1, "items": {"anyOf": [
                        {"const": "b", "title": "Breakfast"}, {"const": "l", "title": "Lunch"},
                        {"const": "d", "title": "Dinner"}]}, "default": ["b"]}
                },
                "required": ["name", "email", "terms"]
            }),
        ),
        (
            "booking",
            "Before I book Tue 10:00:",
            serde_json::json!({
                "type": "object",
                "properties": {
                    "title": {"type": "string", "title": "Meeting title", "maxLength": 80},
                    "attendees": {"type": "string", "title": "Attendees", "description": "Email addresses, comma-separated"}
                },
                "required": ["title"]
            }),
        ),
    ];
    let dir = tempfile::tempdir().unwrap();
    for (name, message, schema) in &forms {
        let form = mcpapp_card::elicitation::elicitation_form(message, schema).unwrap();
        assert!(form.notes.is_empty(), "{name}: {:?}", form.notes);
        let json = serde_json::to_string_pretty(&form.card).unwrap();
        std::fs::write(dir.path().join(format!("{name}.json")), json).unwrap();
    }
    let report = check(
        dir.path(),
        "elicitation",
        vec![Preset::Light, Preset::Dark],
        vec![400],
    );
    assert_eq!(report.cases.len(), forms.len() * 2, "{report}");
}
