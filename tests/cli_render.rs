//! `mcpapp render` and `mcpapp snapshot` as a user runs them, through the real binary.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

mod support;

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use mcpapp_render::image;
use support::cli::{
    assert_exit, assert_printed, assert_said, describe, mcpapp, render, root, temp_dir, text,
};

fn corpus() -> PathBuf {
    root().join("tests/corpus/adaptive-cards")
}

fn png(path: &Path) -> image::RgbaImage {
    image::open(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .to_rgba8()
}

/// The corpus cards: every version's `Elements` and `Scenarios` (not the templates, not the
/// host configs).
fn corpus_cards() -> Vec<PathBuf> {
    let mut cards = Vec::new();
    for version in ["v1.0", "v1.1", "v1.2", "v1.3", "v1.4", "v1.5", "v1.6"] {
        for kind in ["Elements", "Scenarios"] {
            let Ok(entries) = std::fs::read_dir(corpus().join(version).join(kind)) else {
                continue;
            };
            for entry in entries {
                let path = entry.unwrap().path();
                if path
                    .extension()
                    .is_some_and(|e| e.eq_ignore_ascii_case("json"))
                {
                    cards.push(path);
                }
            }
        }
    }
    cards.sort();
    cards
}

#[test]
fn every_corpus_card_renders_without_a_crash() {
    let cards = corpus_cards();
    assert!(cards.len() > 150, "only {} corpus cards", cards.len());
    let out = temp_dir("corpus");
    let next = AtomicUsize::new(0);
    let problems = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                while let Some(card) = cards.get(next.fetch_add(1, Ordering::Relaxed)) {
                    if let Err(problem) = render_one(card, &out) {
                        problems.lock().unwrap().push(problem);
                    }
                }
            });
        }
    });
    let problems = problems.into_inner().unwrap();
    assert!(
        problems.is_empty(),
        "{} of {} cards:\n\n{}",
        problems.len(),
        cards.len(),
        problems.join("\n\n")
    );
}

/// Renders one card; the card has errors exactly when the card reader says so.
fn render_one(card: &Path, out: &Path) -> Result<(), String> {
    let relative = card.strip_prefix(corpus()).unwrap();
    let name = relative.to_string_lossy().replace(['/', '\\'], "_");
    let image_path = out.join(format!("{name}.png"));
    let o = render(card, &image_path);
    let fail = |why: &str| Err(format!("{}: {why}\n{}", relative.display(), describe(&o)));
    let has_errors = mcpapp_card::parse(&std::fs::read(card).unwrap()).has_errors();
    match o.status.code() {
        Some(0) if !has_errors => {}
        Some(1) if has_errors => return Ok(()),
        Some(code @ (0 | 1)) => {
            return fail(&format!("exit {code}, but has_errors = {has_errors}"));
        }
        _ => return fail("crashed or failed"),
    }
    if text(&o.stderr).contains("panicked") {
        return fail("panicked");
    }
    let image = image::open(&image_path).map_err(|e| format!("{}: {e}", relative.display()))?;
    if image.width() != 400 || image.height() < 8 {
        return fail(&format!("image {}×{}", image.width(), image.height()));
    }
    Ok(())
}

#[test]
fn options_change_the_image() {
    let dir = temp_dir("options");
    let card = "examples/cards/flight-cancellation.json";
    let path = |name: &str| dir.join(name).to_str().unwrap().to_owned();

    let o = mcpapp(&["render", card, "-o", &path("light.png")]);
    assert_exit(&o, 0);
    assert_printed(&o, "wrote");
    let light = png(&dir.join("light.png"));
    assert_eq!(light.width(), 400);

    let o = mcpapp(&["render", card, "-o", &path("dark.png"), "--theme", "dark"]);
    assert_exit(&o, 0);
    let dark = png(&dir.join("dark.png"));
    assert_eq!(dark.dimensions().0, 400);
    assert_ne!(
        light.get_pixel(0, 0),
        dark.get_pixel(0, 0),
        "the background"
    );

    let o = mcpapp(&[
        "render",
        card,
        "-o",
        &path("wide2x.png"),
        "--width",
        "300",
        "--scale",
        "2",
    ]);
    assert_exit(&o, 0);
    assert_eq!(png(&dir.join("wide2x.png")).width(), 600);

    let host_config = corpus().join("HostConfig/microsoft-teams-dark.json");
    let o = mcpapp(&[
        "render",
        card,
        "-o",
        &path("teams.png"),
        "--host-config",
        host_config.to_str().unwrap(),
    ]);
    assert_exit(&o, 0);
    png(&dir.join("teams.png"));

    let o = mcpapp(&[
        "render",
        "examples/templates/forecast.template.json",
        "--data",
        "examples/templates/forecast.data.json",
        "-o",
        &path("template.png"),
    ]);
    assert_exit(&o, 0);
    png(&dir.join("template.png"));

    let same = mcpapp(&["render", card, "-o", &path("again.png")]);
    assert_exit(&same, 0);
    assert_eq!(
        std::fs::read(dir.join("light.png")).unwrap(),
        std::fs::read(dir.join("again.png")).unwrap(),
        "rendering is deterministic"
    );
}

#[test]
fn errors_are_printed_and_the_card_still_renders() {
    let dir = temp_dir("errors");
    let card = dir.join("bad.json");
    std::fs::write(
        &card,
        "{\n  \"type\": \"McpApp\",\n  \"body\": [{\"type\": \"TextBlock\", \"text\": \"Hello\"}],\n  \"actions\": [\n    {\"type\": \"Action.OpenUrl\", \"title\": \"x\", \"url\": \"javascript:alert(1)\"}\n  ]\n}\n",
    )
    .unwrap();
    let out = dir.join("bad.png");
    let o = render(&card, &out);
    assert_exit(&o, 1);
    // Compiler-style diagnostics.
    assert_printed(&o, "bad.json:5:");
    assert_printed(&o, "error[unsafe-url]");
    png(&out);

    let broken = dir.join("broken.json");
    std::fs::write(&broken, "{\"type\": ").unwrap();
    let o = render(&broken, &out);
    assert_exit(&o, 1);

    let o = mcpapp(&["render", "no/such/card.json", "-o", out.to_str().unwrap()]);
    assert_exit(&o, 2);
    assert_said(&o, "cannot read");

    let o = mcpapp(&[
        "render",
        "examples/cards/flight-cancellation.json",
        "-o",
        out.to_str().unwrap(),
        "--theme",
        "sepia",
    ]);
    // Clap's usage error.
    assert_exit(&o, 2);
    assert_said(&o, "high-contrast");
}

#[test]
fn snapshot_missing_update_match_change() {
    let dir = temp_dir("snapshot");
    let card = dir.join("hello.json");
    let write_card = |text: &str| {
        std::fs::write(
            &card,
            format!(
                "{{\"type\": \"AdaptiveCard\", \"version\": \"1.5\", \"body\": [{{\"type\": \"TextBlock\", \"text\": \"{text}\", \"wrap\": true}}]}}"
            ),
        )
        .unwrap();
    };
    write_card("Hello, snapshots");
    let snaps = dir.join("__snapshots__");
    let dir_arg = dir.to_str().unwrap();

    // No baseline: a failure, with the rendering written for review.
    let o = mcpapp(&["snapshot", dir_arg]);
    assert_exit(&o, 1);
    assert_printed(&o, "hello.light.400: missing baseline");
    assert!(snaps.join("hello.light.400.new.png").is_file());
    assert!(!snaps.join("hello.light.400.png").exists());

    // --update accepts it.
    let o = mcpapp(&["snapshot", dir_arg, "--update"]);
    assert_exit(&o, 0);
    assert!(snaps.join("hello.light.400.png").is_file());
    assert!(!snaps.join("hello.light.400.new.png").exists());

    // The same card matches.
    let o = mcpapp(&["snapshot", dir_arg]);
    assert_exit(&o, 0);
    assert_printed(&o, "hello.light.400: ok");

    // A changed card does not, and its differences are drawn.
    write_card("Hello, changed snapshots");
    let o = mcpapp(&["snapshot", dir_arg]);
    assert_exit(&o, 1);
    assert_printed(&o, "hello.light.400: mismatch");
    assert!(snaps.join("hello.light.400.new.png").is_file());
    assert!(snaps.join("hello.light.400.diff.png").is_file());

    // Variants from the command line, and from snapshot.toml.
    let o = mcpapp(&[
        "snapshot", dir_arg, "--update", "--theme", "dark", "--width", "320",
    ]);
    assert_exit(&o, 0);
    assert_eq!(png(&snaps.join("hello.dark.320.png")).width(), 320);
    std::fs::write(
        dir.join("snapshot.toml"),
        "themes = [\"dark\"]\nwidths = [320]\n",
    )
    .unwrap();
    let o = mcpapp(&["snapshot", dir_arg]);
    assert_exit(&o, 0);
    // The light baseline is unused.
    assert_printed(&o, "note:");

    // An invalid card fails with its diagnostics.
    std::fs::write(
        dir.join("bad.json"),
        "{\"type\": \"AdaptiveCard\", \"body\": [",
    )
    .unwrap();
    let o = mcpapp(&["snapshot", dir_arg]);
    assert_exit(&o, 1);
    assert_printed(&o, "bad: invalid card");
    assert_printed(&o, "bad.json:1:");
}
