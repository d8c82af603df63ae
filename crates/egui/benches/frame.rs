//! One frame of a card (layout + tessellation, no GPU) at width 400: every corpus card, and a
//! synthetic card of 500 elements. `cargo bench -p mcpapp-egui --bench frame`.

#![expect(
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::print_stderr,
    reason = "a benchmark without its corpus has nothing to measure; it reports on stderr"
)]

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use mcpapp_card::{Card, HostConfig};
use mcpapp_egui::{CardState, CardView};

fn corpus() -> Vec<(String, Card)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/corpus/adaptive-cards");
    let mut files: Vec<PathBuf> = Vec::new();
    for version in ["v1.0", "v1.1", "v1.2", "v1.3", "v1.4", "v1.5", "v1.6"] {
        for kind in ["Elements", "Scenarios"] {
            if let Ok(entries) = std::fs::read_dir(root.join(version).join(kind)) {
                files.extend(entries.filter_map(|e| e.ok().map(|e| e.path())));
            }
        }
    }
    files.sort();
    files
        .into_iter()
        .filter_map(|p| {
            let card = mcpapp_card::parse(&std::fs::read(&p).ok()?).card?;
            Some((p.strip_prefix(&root).ok()?.display().to_string(), card))
        })
        .collect()
}

/// 500 elements of every common kind: text, facts, inputs, columns, containers.
fn synthetic() -> Card {
    let mut body = Vec::new();
    for i in 0..100 {
        body.push(serde_json::json!({"type": "TextBlock", "text": format!("Item **{i}**: a line of text that wraps at 400 pixels, with [a link](https://example.com/{i})"), "wrap": true}));
        body.push(serde_json::json!({"type": "FactSet", "facts": [{"title": "Owner", "value": "Team A"}, {"title": "Due", "value": "Friday"}]}));
        body.push(serde_json::json!({"type": "Input.Text", "id": format!("note{i}"), "label": "Note", "placeholder": "Type here"}));
        body.push(serde_json::json!({"type": "ColumnSet", "columns": [
            {"type": "Column", "width": "auto", "items": [{"type": "TextBlock", "text": "Left"}]},
            {"type": "Column", "width": "stretch", "items": [{"type": "TextBlock", "text": "Right side text", "wrap": true}]}]}));
        body.push(serde_json::json!({"type": "Container", "style": "emphasis", "items": [{"type": "Input.Toggle", "id": format!("t{i}"), "title": "Done"}]}));
    }
    let card = serde_json::json!({"type": "McpApp", "body": body, "actions": [{"type": "Action.Submit", "title": "Save", "data": {"mcp_tool_name": "save"}}]});
    mcpapp_card::parse_value(card)
        .card
        .expect("the synthetic card is valid")
}

/// Lays out and tessellates one frame of `card`.
fn frame(ctx: &egui::Context, card: &Card, state: &mut CardState, config: &HostConfig) -> usize {
    let input = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(400.0, 4000.0),
        )),
        ..Default::default()
    };
    let output = ctx.run_ui(input, |ui| {
        let _ = CardView::new(card, state).host_config(config).show(ui);
    });
    let primitives = ctx.tessellate(output.shapes, output.pixels_per_point);
    primitives.len()
}

/// A context that has drawn `card` a few times, so fonts and layout caches are warm, as they
/// are for a card on screen.
fn warm(card: &Card) -> (egui::Context, CardState) {
    let ctx = egui::Context::default();
    mcpapp_egui::install_image_loaders(&ctx);
    let mut state = CardState::new(card);
    let config = HostConfig::light();
    for _ in 0..3 {
        frame(&ctx, card, &mut state, &config);
    }
    (ctx, state)
}

fn bench(c: &mut Criterion) {
    let config = HostConfig::light();
    let cards = corpus();
    // Per-card medians over the corpus, measured directly (criterion would need a group per
    // card); criterion then measures the median card, the slowest card and the synthetic one.
    let mut medians: Vec<(Duration, String)> = cards
        .iter()
        .map(|(name, card)| {
            let (ctx, mut state) = warm(card);
            let mut samples: Vec<Duration> = (0..31)
                .map(|_| {
                    let start = Instant::now();
                    frame(&ctx, card, &mut state, &config);
                    start.elapsed()
                })
                .collect();
            samples.sort();
            (samples[15], name.clone())
        })
        .collect();
    medians.sort();
    let median_card = &medians[medians.len() / 2];
    let slowest = &medians[medians.len() - 1];
    eprintln!(
        "corpus ({} cards): median card {:?} ({}), slowest {:?} ({})",
        medians.len(),
        median_card.0,
        median_card.1,
        slowest.0,
        slowest.1
    );
    let mut group = c.benchmark_group("frame at width 400");
    for (label, name) in [
        ("median corpus card", &median_card.1),
        ("slowest corpus card", &slowest.1),
    ] {
        let card = &cards
            .iter()
            .find(|(n, _)| n == name)
            .expect("a corpus card")
            .1;
        let (ctx, mut state) = warm(card);
        group.bench_function(format!("{label}: {name}"), |b| {
            b.iter(|| frame(&ctx, card, &mut state, &config));
        });
    }
    let card = synthetic();
    let (ctx, mut state) = warm(&card);
    group.bench_function("synthetic card, 500 elements", |b| {
        b.iter(|| frame(&ctx, &card, &mut state, &config));
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
