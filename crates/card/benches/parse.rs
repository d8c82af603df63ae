//! Parse + validate over the whole corpus, next to `serde_json` parsing the same bytes alone.
//!
//! `cargo bench -p mcpapp-card --bench parse`; throughput is reported in cards per second.

#![expect(
    clippy::expect_used,
    reason = "a benchmark without its corpus has nothing to measure"
)]

use std::path::{Path, PathBuf};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn corpus() -> Vec<Vec<u8>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/corpus/adaptive-cards");
    let mut files: Vec<PathBuf> = Vec::new();
    let mut stack = vec![root.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("corpus folder") {
            let path = entry.expect("corpus entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "json") {
                let rel = path
                    .strip_prefix(&root)
                    .expect("inside the corpus")
                    .to_string_lossy()
                    .into_owned();
                if !rel.starts_with("HostConfig")
                    && !rel.starts_with("Templates")
                    && !rel.ends_with(".data.json")
                {
                    files.push(path);
                }
            }
        }
    }
    files.sort();
    files
        .iter()
        .map(|p| std::fs::read(p).expect("corpus card"))
        .collect()
}

fn bench(c: &mut Criterion) {
    let cards = corpus();
    let bytes: usize = cards.iter().map(Vec::len).sum();
    let mut group = c.benchmark_group(format!("corpus ({} cards, {bytes} bytes)", cards.len()));
    group.throughput(Throughput::Elements(cards.len() as u64));
    group.bench_function("serde_json::Value alone", |b| {
        b.iter(|| {
            for card in &cards {
                let v: serde_json::Value = serde_json::from_slice(card).expect("corpus JSON");
                std::hint::black_box(v);
            }
        });
    });
    // The floor of any reader built on serde_json: tokenizing the text and nothing else.
    group.bench_function("serde_json tokenizing only (IgnoredAny)", |b| {
        b.iter(|| {
            for card in &cards {
                let v: serde::de::IgnoredAny = serde_json::from_slice(card).expect("corpus JSON");
                std::hint::black_box(v);
            }
        });
    });
    group.bench_function("mcpapp parse + validate", |b| {
        b.iter(|| {
            for card in &cards {
                std::hint::black_box(mcpapp_card::parse(card));
            }
        });
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
