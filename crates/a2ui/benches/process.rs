//! Parse + check + apply every official example stream (43), as `process_str` does it: the
//! input read, each message checked against the official schema and the catalog's rules,
//! applied to its surface, and the surfaces' structure checked at the end.
//!
//! `cargo bench -p mcpapp-a2ui --bench process`; throughput is reported in streams per
//! second.

#![expect(
    clippy::expect_used,
    reason = "a benchmark without its corpus has nothing to measure"
)]

use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mcpapp_a2ui::process_str;

fn streams() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/corpus/a2ui/catalogs");
    let mut files = Vec::new();
    for catalog in ["basic", "minimal"] {
        for entry in std::fs::read_dir(root.join(catalog).join("examples")).expect("examples") {
            files.push(entry.expect("an example").path());
        }
    }
    files.sort();
    files
        .iter()
        .map(|p| std::fs::read_to_string(p).expect("an example stream"))
        .collect()
}

fn bench(c: &mut Criterion) {
    let streams = streams();
    let bytes: usize = streams.iter().map(String::len).sum();
    let mut group = c.benchmark_group(format!(
        "examples ({} streams, {bytes} bytes)",
        streams.len()
    ));
    group.throughput(Throughput::Elements(streams.len() as u64));
    group.bench_function("process_str", |b| {
        b.iter(|| {
            for text in &streams {
                let report = process_str(std::hint::black_box(text));
                assert!(report.is_ok());
            }
        });
    });
    group.bench_function("serde_json alone", |b| {
        b.iter(|| {
            for text in &streams {
                let value: serde_json::Value =
                    serde_json::from_str(std::hint::black_box(text)).expect("JSON");
                std::hint::black_box(value);
            }
        });
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
