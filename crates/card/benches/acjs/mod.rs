//! Adaptive Cards JS measured in the same run as our reader: `parse.mjs` beside this file reads
//! the same corpus files under Node, and our reader and `serde_json`'s tokenizer are timed the
//! same way (the median of whole-corpus rounds), just before and after it, so that the ratio
//! compares like with like on a machine whose load changes.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// How long each side is timed, after a warm-up.
const BUDGET: Duration = Duration::from_secs(3);

/// What the Node harness prints.
struct AcJs {
    engine: String,
    cards: u64,
    median_ms: f64,
}

/// Times our reader, the tokenizing floor and Adaptive Cards JS over `files` and prints the
/// figures with the ratios. Says so, and gives no number, when Node is missing or fails.
#[expect(
    clippy::print_stdout,
    reason = "the comparison is this bench's report, printed after criterion's"
)]
pub fn compare(files: &[PathBuf], cards: &[Vec<u8>]) {
    let ours_before = rounds(cards, |card| {
        std::hint::black_box(mcpapp_card::parse(card));
    });
    let floor_before = rounds(cards, tokenize);
    let acjs = run_node(files);
    let mut ours = rounds(cards, |card| {
        std::hint::black_box(mcpapp_card::parse(card));
    });
    let mut floor = rounds(cards, tokenize);
    ours.extend(ours_before);
    floor.extend(floor_before);
    let (ours, floor) = (median(&mut ours), median(&mut floor));

    println!();
    println!(
        "Same run, median time of one round over the corpus ({} cards):",
        cards.len()
    );
    println!("  mcpapp parse + validate                 {ours:8.3} ms");
    println!(
        "  serde_json tokenizing only (IgnoredAny) {floor:8.3} ms   floor share {:.0}% (floor / ours)",
        100.0 * floor / ours
    );
    match acjs {
        Ok(js) => {
            println!(
                "  Adaptive Cards JS ({}) {:8.3} ms   {} cards",
                js.engine, js.median_ms, js.cards
            );
            println!(
                "  mcpapp is {:.1}x faster than Adaptive Cards JS",
                js.median_ms / ours
            );
        }
        Err(why) => println!("  Adaptive Cards JS: not measured: {why}"),
    }
    println!();
}

fn tokenize(card: &[u8]) {
    if let Ok(v) = serde_json::from_slice::<serde::de::IgnoredAny>(card) {
        std::hint::black_box(v);
    }
}

/// The time of each whole-corpus round (ms) over [`BUDGET`], after a warm-up.
fn rounds(cards: &[Vec<u8>], read: impl Fn(&[u8])) -> Vec<f64> {
    let round = || {
        let start = Instant::now();
        for card in cards {
            read(card);
        }
        start.elapsed().as_secs_f64() * 1000.0
    };
    let warm = Instant::now();
    while warm.elapsed() < Duration::from_millis(500) {
        round();
    }
    let mut times = Vec::new();
    let start = Instant::now();
    while times.len() < 30 || start.elapsed() < BUDGET {
        times.push(round());
    }
    times
}

fn median(times: &mut [f64]) -> f64 {
    times.sort_by(f64::total_cmp);
    let n = times.len();
    match (
        times.get(n / 2),
        n.checked_sub(1).and_then(|i| times.get(i / 2)),
    ) {
        (Some(hi), Some(lo)) => f64::midpoint(*hi, *lo),
        _ => f64::NAN,
    }
}

fn run_node(files: &[PathBuf]) -> Result<AcJs, String> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/acjs/parse.mjs");
    let output = Command::new("node")
        .arg(&script)
        .arg("--seconds")
        .arg(BUDGET.as_secs().to_string())
        .args(files)
        .output()
        .map_err(|e| format!("`node` could not be run ({e}); Node 20 or newer is needed"))?;
    if !output.status.success() {
        return Err(format!(
            "{} failed ({}): {}",
            script.display(),
            output.status,
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    let line = String::from_utf8_lossy(&output.stdout);
    let v: serde_json::Value = serde_json::from_str(line.trim())
        .map_err(|e| format!("unexpected output from {}: {e}", script.display()))?;
    let median_ms = v
        .get("median_ms")
        .and_then(serde_json::Value::as_f64)
        .ok_or_else(|| format!("no median_ms in {}'s output", script.display()))?;
    Ok(AcJs {
        engine: v
            .get("engine")
            .and_then(serde_json::Value::as_str)
            .unwrap_or("adaptivecards")
            .to_owned(),
        cards: v
            .get("cards")
            .and_then(serde_json::Value::as_u64)
            .unwrap_or(0),
        median_ms,
    })
}
