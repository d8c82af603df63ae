//! Snapshot tests of A2UI surfaces: every official v0.9 example stream (both catalogs' under
//! `tests/corpus/a2ui/`) rendered by `render_surface`, light and dark, 480 wide, and compared
//! with the committed baselines in `tests/snapshots/a2ui/` (`NAME.THEME.png`).
//!
//! A failure writes `NAME.THEME.new.png` and `.diff.png` beside the baseline. Look at them;
//! when the new rendering is right, `UPDATE_SNAPSHOTS=1 cargo test -p mcpapp-render --test
//! surfaces` rewrites the baselines that differ. Rendering needs Mesa's lavapipe and
//! `WGPU_BACKEND=vulkan`, the renderer the baselines were made with.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

mod support;

use std::path::Path;

use mcpapp_a2ui::process_str;
use mcpapp_card::HostConfig;
use mcpapp_render::{CompareOptions, RenderError, RenderOptions, compare, render_surface};
use support::{a2ui_examples, root};

fn update() -> bool {
    std::env::var("UPDATE_SNAPSHOTS").is_ok_and(|v| {
        matches!(
            v.to_ascii_lowercase().as_str(),
            "1" | "true" | "yes" | "on" | "force"
        )
    })
}

#[test]
fn every_official_example_renders_light_and_dark_as_its_baseline() {
    let baselines = root().join("tests/snapshots/a2ui");
    std::fs::create_dir_all(&baselines).unwrap();
    let examples = a2ui_examples();
    assert_eq!(examples.len(), 43, "the corpus has 43 example streams");
    let mut failures = Vec::new();
    let mut expected = Vec::new();
    for (name, path) in &examples {
        let report = process_str(&std::fs::read_to_string(path).unwrap());
        assert!(report.is_ok(), "{name}: {:#?}", report.diagnostics);
        let surfaces = report.processor.surfaces();
        assert!(!surfaces.is_empty(), "{name} has no surface");
        for (i, surface) in surfaces.values().enumerate() {
            let base = if i == 0 {
                name.clone()
            } else {
                format!("{name}.{}", surface.id())
            };
            for (theme, config) in [("light", HostConfig::light()), ("dark", HostConfig::dark())] {
                let options = RenderOptions {
                    width: 480.0,
                    host_config: config,
                    ..RenderOptions::default()
                };
                let image = match render_surface(surface, &options) {
                    Ok(image) => image,
                    Err(RenderError::NoGpu(e)) => {
                        eprintln!("no GPU adapter ({e}): the surface snapshots are not checked");
                        return;
                    }
                    Err(e) => panic!("{name} ({theme}): {e}"),
                };
                let file = format!("{base}.{theme}.png");
                expected.push(file.clone());
                let baseline = baselines.join(&file);
                let new = baselines.join(format!("{base}.{theme}.new.png"));
                let diff = baselines.join(format!("{base}.{theme}.diff.png"));
                let _ = std::fs::remove_file(&new);
                let _ = std::fs::remove_file(&diff);
                let matches = image::open(&baseline)
                    .ok()
                    .map(|old| compare(&old.to_rgba8(), &image, &CompareOptions::default()));
                match matches {
                    Some(c) if c.passed => {}
                    _ if update() => mcpapp_render::write_png(&image, &baseline).unwrap(),
                    Some(c) => {
                        mcpapp_render::write_png(&image, &new).unwrap();
                        if let Some(d) = &c.diff {
                            mcpapp_render::write_png(d, &diff).unwrap();
                        }
                        failures.push(format!("{file}: {} pixels differ", c.failed_pixels));
                    }
                    None => {
                        mcpapp_render::write_png(&image, &new).unwrap();
                        failures.push(format!("{file}: no baseline"));
                    }
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{}\n\nLook at the .new.png and .diff.png files; when the new rendering is right, \
         UPDATE_SNAPSHOTS=1 cargo test -p mcpapp-render --test surfaces rewrites them.",
        failures.join("\n")
    );
    let unused: Vec<String> = std::fs::read_dir(&baselines)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|f| {
            Path::new(f).extension().is_some_and(|x| x == "png")
                && !f.ends_with(".new.png")
                && !f.ends_with(".diff.png")
                && !expected.contains(f)
        })
        .collect();
    assert!(
        unused.is_empty(),
        "baselines of no example: {unused:?} (delete them)"
    );
}

#[test]
fn a_surface_takes_each_theme_and_the_same_surface_gives_the_same_pixels() {
    let path = root().join("tests/corpus/a2ui/catalogs/basic/examples/09_login-form.json");
    let report = process_str(&std::fs::read_to_string(path).unwrap());
    let surface = report.processor.surfaces().values().next().unwrap();
    let render = |config: HostConfig| {
        render_surface(
            surface,
            &RenderOptions {
                host_config: config,
                ..RenderOptions::default()
            },
        )
    };
    let light = match render(HostConfig::light()) {
        Ok(image) => image,
        Err(RenderError::NoGpu(e)) => {
            eprintln!("no GPU adapter ({e}): not checked");
            return;
        }
        Err(e) => panic!("{e}"),
    };
    assert_eq!(light.width(), 400);
    assert!(light.height() > 100, "{}", light.height());
    let again = render(HostConfig::light()).unwrap();
    assert!(compare(&light, &again, &CompareOptions::default()).passed);
    for other in [HostConfig::dark(), HostConfig::high_contrast()] {
        let image = render(other).unwrap();
        assert!(!compare(&light, &image, &CompareOptions::default()).passed);
    }
}
