//! Adaptive Cards JS measured in the same run as our reader: `parse.mjs` beside this file reads
//! the same corpus files under Node. The two take turns in short stretches (a few rounds of
//! Adaptive Cards JS, then rounds of ours and of `serde_json`'s tokenizer) for the whole
//! budget, so that both see the same load on a shared machine; each is then summed up by the
//! median (and the fastest) of its whole-corpus rounds.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

/// How long the readers take turns, after their warm-ups.
const BUDGET: Duration = Duration::from_secs(8);
/// Rounds of Adaptive Cards JS in one turn, and of ours (and of the tokenizer).
const JS_ROUNDS: usize = 2;
const OUR_ROUNDS: usize = 10;

/// Times our reader, the tokenizing floor and Adaptive Cards JS over `files`, taking turns,
/// and prints the figures with the ratios. Says so, and gives no number for Adaptive Cards
/// JS, when Node is missing or fails.
#[expect(
    clippy::print_stdout,
    reason = "the comparison is this bench's report, printed after criterion's"
)]
pub fn compare(files: &[PathBuf], cards: &[Vec<u8>]) {
    let parse = |card: &[u8]| {
        std::hint::black_box(mcpapp_card::parse(card));
    };
    // Warm-ups.
    let warm = Instant::now();
    while warm.elapsed() < Duration::from_millis(500) {
        round(cards, parse);
        round(cards, tokenize);
    }
    let mut node = Node::start(files);
    let (mut ours, mut floor, mut js) = (Vec::new(), Vec::new(), Vec::new());
    let start = Instant::now();
    while start.elapsed() < BUDGET {
        if let Ok(n) = &mut node {
            match n.rounds(JS_ROUNDS) {
                Ok(times) => js.extend(times),
                Err(why) => node = Err(why),
            }
        }
        for _ in 0..OUR_ROUNDS {
            ours.push(round(cards, parse));
            floor.push(round(cards, tokenize));
        }
    }
    let engine = node.map(Node::finish);

    let (ours_median, ours_min) = summary(&mut ours);
    let (floor_median, floor_min) = summary(&mut floor);
    println!();
    println!(
        "Same run, taking turns for {} s; time of one round over the corpus ({} cards), median (fastest):",
        BUDGET.as_secs(),
        cards.len()
    );
    println!("  mcpapp parse + validate                 {ours_median:8.3} ms ({ours_min:.3} ms)");
    println!(
        "  serde_json tokenizing only (IgnoredAny) {floor_median:8.3} ms ({floor_min:.3} ms)   floor share {:.0}% ({:.0}%): floor / ours",
        100.0 * floor_median / ours_median,
        100.0 * floor_min / ours_min
    );
    match engine {
        Ok((engine, count)) if !js.is_empty() => {
            let (js_median, js_min) = summary(&mut js);
            println!(
                "  Adaptive Cards JS                       {js_median:8.3} ms ({js_min:.3} ms)   {engine}, {count} cards"
            );
            println!(
                "  mcpapp is {:.1}x faster than Adaptive Cards JS ({:.1}x by the fastest rounds)",
                js_median / ours_median,
                js_min / ours_min
            );
        }
        Ok(_) => println!("  Adaptive Cards JS: not measured: Node timed no round"),
        Err(why) => println!("  Adaptive Cards JS: not measured: {why}"),
    }
    println!();
}

fn tokenize(card: &[u8]) {
    if let Ok(v) = serde_json::from_slice::<serde::de::IgnoredAny>(card) {
        std::hint::black_box(v);
    }
}

/// The time (ms) of one round over the corpus.
fn round(cards: &[Vec<u8>], read: impl Fn(&[u8])) -> f64 {
    let start = Instant::now();
    for card in cards {
        read(card);
    }
    start.elapsed().as_secs_f64() * 1000.0
}

/// The median and the fastest of some times.
fn summary(times: &mut [f64]) -> (f64, f64) {
    times.sort_by(f64::total_cmp);
    let n = times.len();
    let median = match (
        times.get(n / 2),
        n.checked_sub(1).and_then(|i| times.get(i / 2)),
    ) {
        (Some(hi), Some(lo)) => f64::midpoint(*hi, *lo),
        _ => f64::NAN,
    };
    (median, times.first().copied().unwrap_or(f64::NAN))
}

/// `parse.mjs --serve`, warmed up and waiting for turns.
struct Node {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    engine: String,
    cards: u64,
}

impl Node {
    fn start(files: &[PathBuf]) -> Result<Self, String> {
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/acjs/parse.mjs");
        let mut child = Command::new("node")
            .arg(&script)
            .arg("--serve")
            .args(files)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("`node` could not be run ({e}); Node 20 or newer is needed"))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err("no pipes to node".to_owned());
        };
        let mut stdout = BufReader::new(stdout);
        let header = read_json(&mut stdout)?;
        Ok(Self {
            child,
            stdin,
            stdout,
            engine: header
                .get("engine")
                .and_then(serde_json::Value::as_str)
                .unwrap_or("adaptivecards")
                .to_owned(),
            cards: header
                .get("cards")
                .and_then(serde_json::Value::as_u64)
                .unwrap_or(0),
        })
    }

    /// Times `n` rounds of Adaptive Cards JS.
    fn rounds(&mut self, n: usize) -> Result<Vec<f64>, String> {
        writeln!(self.stdin, "{n}").map_err(|e| format!("node stopped listening: {e}"))?;
        let times = read_json(&mut self.stdout)?;
        times
            .as_array()
            .map(|t| t.iter().filter_map(serde_json::Value::as_f64).collect())
            .ok_or_else(|| format!("unexpected answer from node: {times}"))
    }

    /// Ends the Node process; what it ran and on how many cards.
    fn finish(self) -> (String, u64) {
        let Self {
            mut child,
            stdin,
            engine,
            cards,
            ..
        } = self;
        drop(stdin);
        let _ = child.wait();
        (engine, cards)
    }
}

fn read_json(stdout: &mut BufReader<ChildStdout>) -> Result<serde_json::Value, String> {
    let mut line = String::new();
    stdout
        .read_line(&mut line)
        .map_err(|e| format!("reading from node: {e}"))?;
    if line.is_empty() {
        return Err("node ended without an answer (see its error above)".to_owned());
    }
    serde_json::from_str(line.trim())
        .map_err(|e| format!("unexpected output from node ({e}): {line}"))
}
