//! One frame of the demo's transcript with 50 open card apps at width 800 (layout +
//! tessellation, no GPU), and the process's resident memory with those apps open.
//! `cargo bench -p mcpapp-demo --bench transcript`.
//!
//! The flights example serves the cards over streamable HTTP from this same process (so its
//! memory is counted too); the apps are real: 50 agent calls of `request_cancellation_reason`
//! through the host, each a card session with its own port, state and view.

#![expect(
    clippy::expect_used,
    clippy::print_stderr,
    reason = "a benchmark that cannot set up has nothing to measure; it reports on stderr"
)]

use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use mcpapp_demo::{DemoApp, DemoOptions};
use mcpapp_host::mcp::ServerSpec;
use mcpapp_host::store::MemoryStore;
use mcpapp_protocol::DisplayMode;
use serde_json::json;

const APPS: usize = 50;
const WIDTH: f32 = 800.0;

/// Lays out and tessellates one frame of the transcript; returns the number of primitives.
fn frame(ctx: &egui::Context, app: &mut DemoApp) -> usize {
    let input = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(WIDTH, 900.0),
        )),
        ..Default::default()
    };
    let output = ctx.run_ui(input, |ui| {
        app.poll(ui.ctx());
        app.transcript(ui);
    });
    ctx.tessellate(output.shapes, output.pixels_per_point).len()
}

/// Frames until `done` holds (the host works on its own thread meanwhile).
fn frames_until(
    ctx: &egui::Context,
    app: &mut DemoApp,
    what: &str,
    done: impl Fn(&DemoApp) -> bool,
) {
    let until = Instant::now() + Duration::from_mins(1);
    while !done(app) {
        assert!(Instant::now() < until, "timed out waiting for {what}");
        frame(ctx, app);
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// The resident set of this process, in MiB (Linux), from `/proc/self/status`.
fn resident_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let kib: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kib / 1024.0)
}

fn bench(c: &mut Criterion) {
    let server = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .expect("a runtime for the example server");
    let (url_tx, url_rx) = std::sync::mpsc::channel();
    server.spawn(async move {
        let address = "127.0.0.1:0".parse().expect("a loopback address");
        let _ = mcpapp_examples::serve(
            "flights",
            mcpapp_examples::Transport::Http(address),
            &mcpapp_examples::Options::default(),
            |url| {
                let _ = url_tx.send(url.to_owned());
            },
        )
        .await;
    });
    let url = url_rx
        .recv_timeout(Duration::from_secs(20))
        .expect("the flights example listens");
    eprintln!(
        "resident before the demo: {:.1} MiB",
        resident_mib().unwrap_or(f64::NAN)
    );

    let ctx = egui::Context::default();
    let mut app = DemoApp::new(DemoOptions {
        servers: vec![("flights".to_owned(), ServerSpec::http(url))],
        store: Arc::new(MemoryStore::default()),
        setup: Some(mcpapp_egui::install),
        in_window: false,
        allow_private_origins: false,
    });
    frames_until(&ctx, &mut app, "the server", |app| {
        app.host().is_some_and(|h| !h.servers().is_empty())
    });
    for _ in 0..APPS {
        app.call(
            "flights",
            "request_cancellation_reason",
            json!({"booking_id": "FL-12345-ABC"})
                .as_object()
                .cloned()
                .unwrap_or_default(),
            DisplayMode::Inline,
        );
    }
    frames_until(&ctx, &mut app, "50 card apps", |app| {
        app.host().is_some_and(|h| {
            h.apps()
                .filter(|a| a.card().is_some_and(|c| !c.actions.is_empty()))
                .count()
                == APPS
        })
    });
    for _ in 0..5 {
        frame(&ctx, &mut app);
    }
    eprintln!(
        "resident with {APPS} card apps open: {:.1} MiB",
        resident_mib().unwrap_or(f64::NAN)
    );

    c.bench_function("transcript of 50 card apps at 800 px", |b| {
        b.iter(|| frame(&ctx, &mut app));
    });
    drop(app);
    server.shutdown_timeout(Duration::from_secs(1));
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30).measurement_time(Duration::from_secs(5));
    targets = bench
}
criterion_main!(benches);
