//! Parse + validate over the whole corpus, next to `serde_json` parsing the same bytes alone,
//! and then next to Adaptive Cards JS reading the same files under Node (see `acjs/`).
//!
//! `cargo bench -p mcpapp-card --bench parse`; throughput is reported in cards per second.
//! The comparison with Adaptive Cards JS runs after the criterion groups (not in `--test`,
//! `--list` or `--profile-time` runs, whatever the filter): the two take turns for a few
//! seconds, and it prints both medians and fastest rounds, their ratios and our share of the
//! tokenizing floor. On a loaded machine the fastest rounds are the steadier figures: Node's
//! collector and compiler threads suffer more from other load than our single thread does.

#![expect(
    clippy::expect_used,
    reason = "a benchmark without its corpus has nothing to measure"
)]

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

mod acjs;

/// The corpus files the bench reads: every card of tests/corpus/adaptive-cards, not the host
/// configs, templates or template data.
fn corpus_files() -> Vec<PathBuf> {
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
}

fn corpus() -> Vec<Vec<u8>> {
    corpus_files()
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

/// The worst cases of the card limits, each on one line: text blocks with many unknown
/// properties (a warning each, located on a 4 MiB line), and many inputs beside an action whose
/// data has as many keys (every input id checked against the data).
fn worst_cases() -> Vec<(&'static str, Vec<u8>)> {
    let mut unknown = String::from(r#"{"type":"McpApp","body":["#);
    let mut n = 0;
    while unknown.len() < 3_900_000 {
        if n > 0 {
            unknown.push(',');
        }
        unknown.push_str(r#"{"type":"TextBlock","text":"x""#);
        for k in 0..20 {
            let _ = write!(unknown, r#","unknownProperty{n}_{k}":1"#);
        }
        unknown.push('}');
        n += 1;
    }
    unknown.push_str("]}");
    let mut shadowing = String::from(r#"{"type":"McpApp","body":["#);
    let inputs = 5_000;
    for i in 0..inputs {
        if i > 0 {
            shadowing.push(',');
        }
        let _ = write!(shadowing, r#"{{"type":"Input.Text","id":"i{i}"}}"#);
    }
    shadowing.push_str(r#"],"actions":[{"type":"Action.Submit","title":"Go","data":{"#);
    for i in 0..inputs {
        if i > 0 {
            shadowing.push(',');
        }
        let _ = write!(shadowing, r#""k{i}":1"#);
    }
    shadowing.push_str("}}]}");
    vec![
        ("one 4 MiB line of unknown properties", unknown.into_bytes()),
        (
            "5,000 inputs beside 5,000 data keys",
            shadowing.into_bytes(),
        ),
    ]
}

fn worst(c: &mut Criterion) {
    let mut group = c.benchmark_group("worst case");
    group.sample_size(10);
    for (name, card) in worst_cases() {
        group.throughput(Throughput::Bytes(card.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| std::hint::black_box(mcpapp_card::parse(&card)));
        });
    }
    group.finish();
}

/// Our reader beside Adaptive Cards JS, measured in this run.
fn versus_acjs(_: &mut Criterion) {
    let quick =
        std::env::args().any(|a| matches!(a.as_str(), "--test" | "--list" | "--profile-time"));
    if !quick {
        acjs::compare(&corpus_files(), &corpus());
    }
}

criterion_group!(benches, bench, worst, versus_acjs);
criterion_main!(benches);
