//! `mcpapp validate`, `render` and `snapshot` on A2UI streams, through the real binary: the
//! format recognised from the content, findings with line and column, the exit codes of the
//! card path, one image per surface.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

mod support;

use std::path::PathBuf;
use std::process::Output;

use mcpapp_render::image;
use support::cli::{
    assert_contains, assert_exit, assert_printed, assert_said, describe, mcpapp, mcpapp_with_stdin,
    render, root, temp_dir, text,
};

fn example(name: &str) -> PathBuf {
    root()
        .join("tests/corpus/a2ui/catalogs/basic/examples")
        .join(name)
}

/// Whether headless rendering works here (it needs Mesa's lavapipe); the render tests say so
/// and stop when it does not, as the card render tests do.
fn no_gpu(o: &Output) -> bool {
    let missing = text(&o.stderr).contains("no GPU adapter");
    if missing {
        eprintln!("no GPU adapter: the A2UI render test is skipped");
    }
    missing
}

const CREATE: &str = r#"{"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}"#;

/// A JSONL stream whose second line names a child no component has.
fn broken_stream() -> String {
    let update = r#"{"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [{"id": "root", "component": "Column", "children": ["title", "ghost"]}, {"id": "title", "component": "Text", "text": "Hi"}]}}"#;
    format!("{CREATE}\n{update}\n")
}

#[test]
fn an_official_example_validates_with_exit_zero() {
    let path = example("01_flight-status.json");
    let o = mcpapp(&["validate", path.to_str().unwrap()]);
    assert_exit(&o, 0);
    assert_eq!(
        text(&o.stdout).trim(),
        "1 file checked: 1 valid, 0 invalid (0 errors, 0 warnings)"
    );
    let o = mcpapp(&["validate", "--json", path.to_str().unwrap()]);
    assert_exit(&o, 0);
    let report: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(report["files"][0]["format"], "a2ui");
    assert_eq!(report["files"][0]["valid"], true);
}

#[test]
fn a_broken_stream_prints_line_column_and_code_and_exits_one() {
    let dir = temp_dir("broken");
    let path = dir.join("broken.jsonl");
    std::fs::write(&path, broken_stream()).unwrap();
    let file = path.to_str().unwrap();
    let o = mcpapp(&["validate", file]);
    assert_exit(&o, 1);
    let out = text(&o.stdout);
    let line = out
        .lines()
        .find(|l| l.contains("error[missing-child]"))
        .unwrap_or_else(|| panic!("no missing-child finding\n{}", describe(&o)));
    // `FILE:2:COL: error[missing-child]: …`: the finding is placed on the second line.
    let rest = line
        .strip_prefix(&format!("{file}:2:"))
        .unwrap_or_else(|| panic!("{line}"));
    let column: usize = rest.split(':').next().unwrap().parse().unwrap();
    assert!(column > 1, "{line}");
    assert!(line.contains("ghost"), "{line}");
    assert!(
        out.ends_with("1 file checked: 0 valid, 1 invalid (1 error, 0 warnings)\n"),
        "{out}"
    );

    // The JSON report carries the same finding, with its code, pointer and place.
    let o = mcpapp(&["validate", "--json", file]);
    assert_exit(&o, 1);
    let report: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let finding = &report["files"][0]["diagnostics"][0];
    assert_eq!(finding["code"], "missing-child");
    assert_eq!(finding["line"], 2);
    assert!(
        finding["pointer"]
            .as_str()
            .unwrap()
            .starts_with("/updateComponents/components/0")
    );
}

#[test]
fn the_format_can_be_forced_and_stdin_is_recognised() {
    // Read as a card, an A2UI message is an invalid card.
    let path = example("01_flight-status.json");
    let o = mcpapp(&[
        "validate",
        "--format",
        "card",
        "--json",
        path.to_str().unwrap(),
    ]);
    assert_exit(&o, 1);
    let report: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(report["files"][0]["format"], "card");

    // Template data is for cards: rendering a stream with it is refused.
    let dir = temp_dir("data");
    let data = dir.join("data.json");
    std::fs::write(&data, "{}").unwrap();
    let o = mcpapp(&[
        "render",
        path.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "-o",
        dir.join("x.png").to_str().unwrap(),
    ]);
    assert_exit(&o, 2);
    assert_said(&o, "--data fills card templates");

    // A lone message on standard input is checked as a message.
    let o = mcpapp_with_stdin(&["validate", "-"], CREATE);
    assert_exit(&o, 0);
}

#[test]
fn render_draws_the_surface_of_an_official_example() {
    let dir = temp_dir("render");
    let out = dir.join("flight.png");
    let path = example("01_flight-status.json");
    let o = mcpapp(&[
        "render",
        path.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--theme",
        "dark",
        "--width",
        "360",
    ]);
    if no_gpu(&o) {
        return;
    }
    assert_exit(&o, 0);
    assert_printed(&o, "wrote");
    let image = image::open(&out).unwrap().to_rgba8();
    assert_eq!(image.width(), 360);
    assert!(image.height() > 100, "{}×{}", image.width(), image.height());
    // Dark theme: the top-left corner (the page background) is dark.
    let corner = image.get_pixel(1, 1);
    assert!(
        corner[0] < 100 && corner[1] < 100 && corner[2] < 100,
        "{corner:?}"
    );
}

#[test]
fn render_writes_one_image_per_surface_and_reports_errors() {
    let dir = temp_dir("surfaces");
    let stream = dir.join("two.jsonl");
    let second = CREATE.replace("\"s\"", "\"other/one\"");
    let text_of = |surface: &str, words: &str| {
        format!(
            r#"{{"version": "v0.9", "updateComponents": {{"surfaceId": "{surface}", "components": [{{"id": "root", "component": "Text", "text": "{words}"}}]}}}}"#
        )
    };
    std::fs::write(
        &stream,
        format!(
            "{CREATE}\n{second}\n{}\n{}\n",
            text_of("s", "First"),
            text_of("other/one", "Second")
        ),
    )
    .unwrap();
    let out = dir.join("shot.png");
    let o = render(&stream, &out);
    if no_gpu(&o) {
        return;
    }
    assert_exit(&o, 0);
    assert!(dir.join("shot.s.png").is_file(), "{}", describe(&o));
    assert!(dir.join("shot.other_one.png").is_file(), "{}", describe(&o));
    assert!(!out.exists());

    // A stream with errors prints them and exits 1, but draws what it can.
    let broken = dir.join("broken.jsonl");
    std::fs::write(&broken, broken_stream()).unwrap();
    let out = dir.join("broken.png");
    let o = render(&broken, &out);
    assert_exit(&o, 1);
    assert_printed(&o, "error[missing-child]");
    assert!(out.is_file());

    // A stream that creates no surface has nothing to draw.
    let empty = dir.join("empty.jsonl");
    std::fs::write(&empty, "").unwrap();
    let o = render(&empty, &out);
    assert_exit(&o, 1);
}

#[test]
fn snapshot_checks_a2ui_streams_beside_cards() {
    let dir = temp_dir("snapshot");
    std::fs::copy(example("04_weather-current.json"), dir.join("weather.json")).unwrap();
    std::fs::write(
        dir.join("hello.json"),
        r#"{"type": "AdaptiveCard", "version": "1.5", "body": [{"type": "TextBlock", "text": "Hello"}]}"#,
    )
    .unwrap();
    std::fs::write(dir.join("broken.jsonl"), broken_stream()).unwrap();
    let dir_arg = dir.to_str().unwrap();
    let snaps = dir.join("__snapshots__");

    let o = mcpapp(&["snapshot", dir_arg, "--update", "--width", "320"]);
    if no_gpu(&o) {
        return;
    }
    let out = text(&o.stdout);
    // The broken stream is invalid (with its finding placed), the others are written.
    assert_exit(&o, 1);
    assert_contains(
        &out,
        &[
            "broken: invalid A2UI stream (1 error, 0 warnings)",
            "broken.jsonl:2:",
            "weather.light.320: updated",
            "hello.light.320: updated",
        ],
    );
    assert_eq!(
        image::open(snaps.join("weather.light.320.png"))
            .unwrap()
            .width(),
        320
    );

    // Without the broken stream, everything matches its baseline.
    std::fs::remove_file(dir.join("broken.jsonl")).unwrap();
    let o = mcpapp(&["snapshot", dir_arg, "--width", "320"]);
    assert_exit(&o, 0);
    assert_printed(&o, "weather.light.320: ok");
    assert!(!text(&o.stdout).contains("note:"), "{}", describe(&o));
}
