//! `mcpapp preview` as an author runs it: the real window, under Xvfb, with a screenshot.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

mod support;

use std::collections::HashSet;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use support::cli::{mcpapp, text};

/// A card an author is working on: it renders, with one warning (an element type nobody
/// knows, dropped) and one error (a `javascript:` link).
const CARD: &str = r#"{
  "type": "McpApp",
  "version": "1.6",
  "body": [
    { "type": "TextBlock", "text": "Book a meeting room", "size": "large", "weight": "bolder", "wrap": true },
    { "type": "TextBlock", "text": "Pick a room and a day; the booking tool checks that it is free.", "wrap": true, "isSubtle": true },
    { "type": "Input.ChoiceSet", "id": "room", "label": "Room", "value": "atlas",
      "choices": [
        { "title": "Atlas (8 seats)", "value": "atlas" },
        { "title": "Borealis (4 seats)", "value": "borealis" }
      ] },
    { "type": "Input.Date", "id": "day", "label": "Day", "value": "2026-05-04" },
    { "type": "Input.Text", "id": "topic", "label": "Topic", "placeholder": "What is it about?",
      "isRequired": true, "errorMessage": "Give the meeting a topic" },
    { "type": "Sparkline", "values": [1, 2, 3] }
  ],
  "actions": [
    { "type": "Action.Submit", "title": "Book", "data": { "mcp_tool_name": "rooms.book" } },
    { "type": "Action.OpenUrl", "title": "Floor plan", "url": "javascript:alert(1)" }
  ]
}
"#;

fn work_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("preview");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `mcpapp preview` under a virtual X server and returns the screenshot it saved.
fn screenshot(dir: &Path, card: &Path) -> image::RgbImage {
    // Named after the file, so that tests running at once do not share it.
    let stem = card.file_stem().unwrap().to_string_lossy();
    let out = dir.join(format!("{stem}.preview.png"));
    let _ = std::fs::remove_file(&out);
    // winit and Mesa want a private runtime folder; an invalid one only makes noise.
    let runtime = dir.join("xdg-runtime");
    std::fs::create_dir_all(&runtime).unwrap();
    std::fs::set_permissions(&runtime, std::fs::Permissions::from_mode(0o700)).unwrap();
    let mut child = Command::new("xvfb-run")
        .args(["-a", "-s", "-screen 0 1280x900x24"])
        .arg(env!("CARGO_BIN_EXE_mcpapp"))
        .arg("preview")
        .arg(card)
        .arg("--screenshot")
        .arg(&out)
        .env("XDG_RUNTIME_DIR", &runtime)
        .env(
            "WGPU_BACKEND",
            std::env::var("WGPU_BACKEND").unwrap_or_else(|_| "vulkan".to_owned()),
        )
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("xvfb-run must be installed (`.ci/run` installs the xvfb package)");
    let deadline = Instant::now() + Duration::from_mins(3);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("mcpapp preview did not exit within 180 s");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let output = child.wait_with_output().unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "mcpapp preview failed\nstdout: {}\nstderr: {}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    image::open(&out)
        .unwrap_or_else(|e| panic!("{} is not an image: {e}", out.display()))
        .to_rgb8()
}

#[test]
fn the_window_shows_a_card_with_its_diagnostics() {
    let dir = work_dir();
    let card = dir.join("meeting-room.json");
    std::fs::write(&card, CARD).unwrap();

    // The card really has a warning and an error, as `validate` reports them.
    let report = text(&mcpapp(&["validate", card.to_str().unwrap()]).stdout);
    assert!(report.contains("error[unsafe-url]"), "{report}");
    assert!(report.contains("warning["), "{report}");

    let image = screenshot(&dir, &card);
    let (width, height) = image.dimensions();
    assert!(
        width >= 800 && height >= 600,
        "the screenshot is {width}×{height}"
    );
    let colours: HashSet<[u8; 3]> = image.pixels().map(|p| p.0).collect();
    assert!(
        colours.len() > 50,
        "the screenshot has only {} colours: the window is blank",
        colours.len()
    );
}

#[test]
fn the_window_shows_an_a2ui_stream_with_its_findings() {
    let dir = work_dir();
    // An official example, with one line added that names a child no component has.
    let example = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/corpus/a2ui/catalogs/basic/examples/09_login-form.json"),
    )
    .unwrap();
    let example: serde_json::Value = serde_json::from_str(&example).unwrap();
    let mut lines: Vec<String> = example["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| serde_json::to_string(m).unwrap())
        .collect();
    let surface = example["messages"][0]["createSurface"]["surfaceId"]
        .as_str()
        .unwrap();
    lines.push(format!(
        r#"{{"version": "v0.9", "updateComponents": {{"surfaceId": "{surface}", "components": [{{"id": "extra", "component": "Row", "children": ["ghost"]}}]}}}}"#
    ));
    let stream = dir.join("login.jsonl");
    std::fs::write(&stream, lines.join("\n")).unwrap();

    let report = text(&mcpapp(&["validate", stream.to_str().unwrap()]).stdout);
    assert!(report.contains("error[missing-child]"), "{report}");

    let image = screenshot(&dir, &stream);
    let colours: HashSet<[u8; 3]> = image.pixels().map(|p| p.0).collect();
    assert!(
        colours.len() > 50,
        "the screenshot has only {} colours: the window is blank",
        colours.len()
    );
}
