//! A2UI beside the official web renderer, in one run: `cargo bench -p mcpapp-render --bench
//! a2ui_web`.
//!
//! Two measurements, each on both sides:
//!
//! - **parse + apply**: all 43 official v0.9 example streams (`tests/corpus/a2ui/catalogs/
//!   {basic,minimal}/examples/*.json`) read from their text and applied to fresh surfaces.
//!   Ours twice: `mcpapp_a2ui::process_str` on each (which also checks every message against
//!   the official schemas and the stream's structure, and places findings at a line and
//!   column), and the same amount of work as the web processor does (the JSON read, each
//!   message typed and applied by `Processor::apply`, no check). Web: `JSON.parse` and
//!   `MessageProcessor.processMessages` of `@a2ui/web_core` 0.11 (v0.9) on each, a fresh
//!   processor per stream; it validates no message against a schema.
//! - **one frame** of the largest example (`basic/13_coffee-order.json`, by size) 480 px wide,
//!   its messages already applied. Ours: one egui frame of `SurfaceView`, layout and
//!   tessellation, no GPU, in a context that has drawn it before (fonts and caches warm, as
//!   on screen), as `crates/egui/benches/frame.rs` measures cards. Web: `@a2ui/lit` 0.11's
//!   `<a2ui-surface>` created for the surface, appended, every Lit element's `updateComplete`
//!   awaited until no new element appears, and a forced layout (`getBoundingClientRect`,
//!   `offsetHeight`) — the first render of a retained-mode DOM, against our every-frame
//!   redraw (immediate mode has no other kind of frame).
//!
//! The web side runs in headless Chromium (found like the HTML tests find it; the
//! `mcpapp_html::HeadlessChromium` CDP client), on a page loaded from a temporary folder: the
//! harness `benches/a2ui_web/harness.mjs` bundled offline with esbuild from the npm packages
//! `.ci/run` installs into `$MCPAPP_NPM_DIR` (default `~/.cache/mcpapp-npm`):
//! `@a2ui/lit@0.11.0`, `@a2ui/web_core@0.11.0`, `esbuild`. Times on the web side come from
//! `performance.now()` in the page around the measured work (the CDP round trip is not in
//! them), many iterations per call.
//!
//! Besides criterion's report, each side's median (31 samples, measured directly) and the
//! ratios are printed at the end. Chromium's and the bench's threads share the machine's
//! cores; run it on a quiet machine.

#![expect(
    clippy::expect_used,
    clippy::panic,
    clippy::print_stderr,
    clippy::indexing_slicing,
    reason = "a benchmark fails loudly and reports on stderr"
)]

#[path = "../tests/support/mod.rs"]
mod support;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use criterion::{Criterion, SamplingMode, criterion_group, criterion_main};
use mcpapp_a2ui::{Processor, ServerMessage, Surface, process_str};
use mcpapp_card::HostConfig;
use mcpapp_egui::SurfaceView;
use mcpapp_html::{HeadlessChromium, Tab};
use serde_json::Value;
use support::a2ui_examples;

/// The npm packages the web side needs, `name@version` as `.ci/run` installs them.
const PACKAGES: [&str; 3] = [
    "@a2ui/lit@0.11.0",
    "@a2ui/web_core@0.11.0",
    "esbuild@0.25.12",
];

/// The width both sides lay the surface out at, in CSS / logical pixels.
const WIDTH: f32 = 480.0;

/// Samples of the medians printed at the end.
const SAMPLES: usize = 31;

/// The 43 example streams, `(path, text)`.
fn examples() -> Vec<(PathBuf, String)> {
    let out: Vec<(PathBuf, String)> = a2ui_examples()
        .into_iter()
        .map(|(_, path)| {
            let text = std::fs::read_to_string(&path).expect("a corpus file");
            (path, text)
        })
        .collect();
    assert_eq!(out.len(), 43, "the corpus has 43 example streams");
    out
}

fn npm_modules() -> PathBuf {
    let dir = std::env::var_os("MCPAPP_NPM_DIR").map_or_else(
        || {
            let home = std::env::var_os("HOME").expect("HOME is set");
            Path::new(&home).join(".cache/mcpapp-npm")
        },
        PathBuf::from,
    );
    dir.join("node_modules")
}

/// The harness page, bundled into `dir`: the npm packages must be installed.
fn build_page(dir: &Path, streams: &[(PathBuf, String)], largest: &str) -> PathBuf {
    let modules = npm_modules();
    for package in PACKAGES {
        let (name, version) = package.rsplit_once('@').expect("name@version");
        let manifest =
            std::fs::read_to_string(modules.join(name).join("package.json")).unwrap_or_default();
        assert!(
            manifest.contains(&format!("\"version\": \"{version}\"")),
            "{package} is not installed under {}: run `.ci/run`'s install step, or \
             `npm install --prefix {} {}`",
            modules.display(),
            modules.parent().unwrap_or(&modules).display(),
            PACKAGES.join(" ")
        );
    }
    let harness = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/a2ui_web/harness.mjs");
    let bundle = dir.join("harness.js");
    let status = Command::new(modules.join(".bin/esbuild"))
        .arg(&harness)
        .args(["--bundle", "--format=iife", "--log-level=warning"])
        .arg(format!("--outfile={}", bundle.display()))
        .env("NODE_PATH", &modules)
        .status()
        .expect("esbuild runs");
    assert!(
        status.success(),
        "esbuild could not bundle {}",
        harness.display()
    );
    let texts: Vec<&str> = streams.iter().map(|(_, text)| text.as_str()).collect();
    let page = format!(
        "<!doctype html><html><head><meta charset=\"utf-8\"></head><body>\
         <script>window.A2UI_STREAMS = {}; window.A2UI_LARGEST = {};</script>\
         <script src=\"harness.js\"></script></body></html>",
        script_json(&texts),
        script_json(&largest)
    );
    let index = dir.join("index.html");
    std::fs::write(&index, page).expect("the page is written");
    index
}

/// A value as JSON to put in a `<script>` element (`</` would end the element early).
fn script_json(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value)
        .expect("strings serialise")
        .replace("</", "<\\/")
}

/// The web side: a browser (kept alive) and the tab with the harness.
struct Web {
    // Dropped in this order: the tab and the browser while the runtime still runs.
    tab: Tab,
    _browser: HeadlessChromium,
    runtime: tokio::runtime::Runtime,
    _dir: tempfile::TempDir,
}

impl Web {
    fn start(streams: &[(PathBuf, String)], largest: &str) -> Self {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let index = build_page(dir.path(), streams, largest);
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .expect("a tokio runtime");
        let (browser, tab) = runtime.block_on(async {
            let browser = HeadlessChromium::launch().await.unwrap_or_else(|e| {
                panic!(
                    "headless Chromium is needed for the web side ({e}); install it \
                     (Debian/Ubuntu: `apt-get install chromium`, as `.ci/run` does)"
                )
            });
            let tab = browser
                .open(&format!("file://{}", index.display()))
                .await
                .expect("the harness page opens");
            tab.wait_for(
                "globalThis.A2uiBench !== undefined",
                Duration::from_secs(30),
            )
            .await
            .expect("the harness loads");
            (browser, tab)
        });
        Self {
            tab,
            _browser: browser,
            runtime,
            _dir: dir,
        }
    }

    /// Evaluates an expression in the harness page and returns its value.
    fn eval(&self, expression: &str) -> Value {
        let values = self
            .runtime
            .block_on(self.tab.evaluate_in_frames(expression))
            .expect("the page answers");
        let first = values.into_iter().next().expect("the page has a frame");
        first
            .value
            .unwrap_or_else(|e| panic!("`{expression}` threw: {e}"))
    }

    /// `iterations` of a harness function, in calls of at most `chunk` iterations (each call
    /// must end within the CDP client's evaluation timeout).
    fn time(&self, function: &str, iterations: u64, chunk: u64) -> Duration {
        let mut total = 0.0;
        let mut left = iterations;
        while left > 0 {
            let n = left.min(chunk);
            let value = self.eval(&format!("A2uiBench.{function}({n})"));
            total += value
                .get("ms")
                .unwrap_or(&value)
                .as_f64()
                .expect("milliseconds");
            left -= n;
        }
        Duration::from_secs_f64(total / 1000.0)
    }
}

/// Ours: every stream processed from its text.
fn parse_apply(streams: &[(PathBuf, String)]) -> usize {
    streams
        .iter()
        .map(|(_, text)| process_str(text).processor.surfaces().len())
        .sum()
}

/// Ours, the web processor's amount of work: the JSON read, each message typed and applied,
/// without the official schema check, the structural checks or placing findings.
fn parse_apply_unchecked(streams: &[(PathBuf, String)]) -> usize {
    streams
        .iter()
        .map(|(_, text)| {
            let value: Value = serde_json::from_str(text).expect("the examples are JSON");
            let messages = match value {
                Value::Array(items) => items,
                Value::Object(mut object) => match object.remove("messages") {
                    Some(Value::Array(items)) => items,
                    _ => vec![Value::Object(object)],
                },
                other => vec![other],
            };
            let mut processor = Processor::new();
            for message in messages {
                let message = ServerMessage::from_owned(message).expect("the examples are valid");
                let _ = processor.apply(&message);
            }
            processor.surfaces().len()
        })
        .sum()
}

/// Ours: one frame (layout + tessellation) of `surface`; the number of shapes drawn.
fn frame(ctx: &egui::Context, surface: &mut Surface, config: &HostConfig) -> usize {
    let input = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(WIDTH, 4000.0),
        )),
        ..Default::default()
    };
    let output = ctx.run_ui(input, |ui| {
        let _ = SurfaceView::new(surface)
            .host_config(config)
            .timestamp("2026-01-01T00:00:00.000Z")
            .show(ui);
    });
    let shapes = output.shapes.len();
    std::hint::black_box(ctx.tessellate(output.shapes, output.pixels_per_point));
    shapes
}

/// The median of [`SAMPLES`] samples, each what `sample` returns.
fn median(mut sample: impl FnMut() -> Duration) -> Duration {
    let mut samples: Vec<Duration> = (0..SAMPLES).map(|_| sample()).collect();
    samples.sort();
    samples[samples.len() / 2]
}

/// How long one run of `work` took (its result kept from the optimizer).
fn timed<T>(work: impl FnOnce() -> T) -> Duration {
    let start = Instant::now();
    std::hint::black_box(work());
    start.elapsed()
}

fn bench(c: &mut Criterion) {
    let streams = examples();
    let largest = streams
        .iter()
        .max_by_key(|(_, text)| text.len())
        .expect("43 streams")
        .clone();
    let web = Web::start(&streams, &largest.1);
    let surfaces = web.eval("A2uiBench.check()");
    assert_eq!(
        surfaces.as_u64(),
        Some(43),
        "the web processor applied every stream"
    );
    assert_eq!(parse_apply(&streams), 43, "every stream made one surface");
    assert_eq!(
        parse_apply_unchecked(&streams),
        43,
        "every stream made one surface"
    );

    let config = HostConfig::light();
    let mut surface = process_str(&largest.1)
        .processor
        .surfaces()
        .values()
        .next()
        .expect("the largest example has a surface")
        .clone();
    let ctx = egui::Context::default();
    mcpapp_egui::install_image_loaders(&ctx);
    for _ in 0..3 {
        frame(&ctx, &mut surface, &config);
    }
    let drawn = web.eval("A2uiBench.frame(1)");
    eprintln!(
        "largest example: {} ({} bytes); the web renderer drew {} elements, ours {} shapes",
        largest.0.display(),
        largest.1.len(),
        drawn["elements"],
        frame(&ctx, &mut surface, &config)
    );

    let mut group = c.benchmark_group("a2ui parse + apply, 43 example streams");
    group.sampling_mode(SamplingMode::Flat).sample_size(20);
    group.bench_function("mcpapp_a2ui::process_str", |b| {
        b.iter(|| parse_apply(&streams));
    });
    group.bench_function("mcpapp_a2ui Processor::apply, no checks", |b| {
        b.iter(|| parse_apply_unchecked(&streams));
    });
    group.bench_function("@a2ui/web_core MessageProcessor", |b| {
        b.iter_custom(|iterations| web.time("parseApply", iterations, 20));
    });
    group.finish();
    let mut group = c.benchmark_group("a2ui one frame of the largest example");
    group.sampling_mode(SamplingMode::Flat).sample_size(20);
    group.bench_function("mcpapp_egui::SurfaceView", |b| {
        b.iter(|| frame(&ctx, &mut surface, &config));
    });
    group.bench_function("@a2ui/lit <a2ui-surface>", |b| {
        b.iter_custom(|iterations| web.time("frame", iterations, 10));
    });
    group.finish();

    print_medians(&web, &streams, &ctx, &mut surface, &config);
}

/// Both sides' medians of [`SAMPLES`] samples, measured here one after the other, and the
/// ratios.
fn print_medians(
    web: &Web,
    streams: &[(PathBuf, String)],
    ctx: &egui::Context,
    surface: &mut Surface,
    config: &HostConfig,
) {
    // The medians side by side, measured here in one run.
    let ours_apply = median(|| timed(|| parse_apply(streams)));
    let ours_unchecked = median(|| timed(|| parse_apply_unchecked(streams)));
    // `performance.now()` is coarse in a page (100 µs or more): each web sample is the mean
    // of several iterations.
    let web_apply = median(|| web.time("parseApply", 10, 10) / 10);
    let ours_frame = median(|| timed(|| frame(ctx, surface, config)));
    let web_frame = median(|| web.time("frame", 5, 5) / 5);
    let ratio = |web: Duration, ours: Duration| web.as_secs_f64() / ours.as_secs_f64();
    eprintln!(
        "\nmedians of {SAMPLES} samples (web / ours):\n  parse + apply, 43 streams: ours \
         {ours_apply:?} checked (schemas, structure, lines), {ours_unchecked:?} unchecked; web \
         {web_apply:?} (unchecked) ({:.2}× checked, {:.2}× unchecked)\n  one frame of the \
         largest: ours {ours_frame:?}, web {web_frame:?} ({:.1}×)",
        ratio(web_apply, ours_apply),
        ratio(web_apply, ours_unchecked),
        ratio(web_frame, ours_frame),
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
