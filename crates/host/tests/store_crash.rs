#![cfg(test)] // clippy.toml's allowances for tests hold in every function here
//! Crash safety of the `SQLite` store: a writer process is killed with SIGKILL in the middle of
//! its writes, again and again; after each kill every entry must read back as a whole value the
//! writer wrote (its old or its new one), never a mix, never corrupt, and never older than a save
//! the writer had been told succeeded.
//!
//! The writer is this test binary itself: the parent re-runs it with `MCPAPP_STORE_WRITER` set,
//! and only `writer_child` runs, writing until it is killed.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use mcpapp_host::store::{SqliteStore, StateKey, StateStore};
use serde_json::{Value, json};

/// The database the writer writes; set only in the child.
const WRITER_ENV: &str = "MCPAPP_STORE_WRITER";
/// The first generation the writer writes.
const START_ENV: &str = "MCPAPP_STORE_WRITER_START";
/// How many entries the writer cycles through.
const KEYS: usize = 6;
/// Payload characters per value: a few KB, so that a write spans several pages and takes time.
const PAYLOAD: usize = 6000;
/// Kills in one run of the test (about 4 s): enough that a store without a journal fails most
/// runs.
const ITERATIONS: usize = 150;
/// A bound on the whole test, far above its usual few seconds, so that a hang fails instead of
/// blocking CI.
const DEADLINE: Duration = Duration::from_mins(2);

fn key(index: usize) -> StateKey {
    StateKey::new(
        "crash-server",
        "crash-tool",
        "crash-thread",
        format!("call-{index}"),
    )
}

/// splitmix64: a fixed-seed generator, so every run does the same thing (up to timing).
fn next(seed: &mut u64) -> u64 {
    *seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *seed;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The payload of generation `generation` of entry `index`: different for every value.
fn payload(generation: u64, index: usize) -> String {
    let mut seed = generation.wrapping_mul(1_000_003) ^ index as u64;
    (0..PAYLOAD)
        .map(|_| char::from(b'a' + (next(&mut seed) % 26) as u8))
        .collect()
}

/// FNV-1a, enough to tell a torn payload from a whole one.
fn checksum(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn state(generation: u64, index: usize) -> Value {
    let payload = payload(generation, index);
    json!({
        "generation": generation,
        "key": index,
        "checksum": checksum(&payload),
        "payload": payload,
    })
}

/// The child: writes generation after generation, one entry at a time, printing `SAVED index
/// generation` after each save returned, until it is killed. Does nothing in a normal test run.
#[test]
fn writer_child() {
    let Some(path) = std::env::var_os(WRITER_ENV) else {
        return;
    };
    let start: u64 = std::env::var(START_ENV).unwrap().parse().unwrap();
    let store = SqliteStore::open(Path::new(&path)).unwrap();
    let mut out = std::io::stdout().lock();
    // On a line of its own: the test harness has just printed `test writer_child ... `.
    writeln!(out, "\nREADY").unwrap();
    out.flush().unwrap();
    for generation in start.. {
        for index in 0..KEYS {
            store.save(&key(index), &state(generation, index)).unwrap();
            writeln!(out, "SAVED {index} {generation}").unwrap();
            out.flush().unwrap();
        }
    }
}

/// What one run of the writer reported before it died.
struct Run {
    ready: bool,
    /// The last generation of each entry whose save returned.
    saved: [u64; KEYS],
    saves: usize,
}

/// Starts the writer at `start`, kills it `delay` after it is ready (or after it started, when
/// `early`), and collects what it reported.
fn run_writer(exe: &Path, path: &Path, start: u64, delay: Duration, early: bool) -> Run {
    let stderr = std::fs::File::create(path.with_extension("writer-stderr")).unwrap();
    let mut child = Command::new(exe)
        .args(["--exact", "writer_child", "--nocapture", "--test-threads=1"])
        .env(WRITER_ENV, path)
        .env(START_ENV, start.to_string())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (lines_tx, lines) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if lines_tx.send(line.unwrap()).is_err() {
                break;
            }
        }
    });

    let mut run = Run {
        ready: false,
        saved: [0; KEYS],
        saves: 0,
    };
    let take = |line: &str, run: &mut Run| {
        if line == "READY" {
            run.ready = true;
        } else if let Some(rest) = line.strip_prefix("SAVED ") {
            let (index, generation) = rest.split_once(' ').unwrap();
            let index: usize = index.parse().unwrap();
            run.saved[index] = generation.parse().unwrap();
            run.saves += 1;
        }
    };
    if !early {
        // Wait until the writer has opened the store, so that the kill lands among the writes.
        let give_up = Instant::now() + Duration::from_secs(30);
        while !run.ready {
            let line = give_up
                .checked_duration_since(Instant::now())
                .ok_or(mpsc::RecvTimeoutError::Timeout)
                .and_then(|left| lines.recv_timeout(left));
            match line {
                Ok(line) => take(&line, &mut run),
                Err(error) => {
                    child.kill().unwrap();
                    child.wait().unwrap();
                    let log = std::fs::read_to_string(path.with_extension("writer-stderr"));
                    panic!("the writer never said READY ({error}): {log:?}");
                }
            }
        }
    }
    std::thread::sleep(delay);
    // `kill` is SIGKILL on Unix: no destructor, no flush, no cleanup runs in the writer.
    child.kill().unwrap();
    child.wait().unwrap();
    reader.join().unwrap();
    for line in lines.try_iter() {
        take(&line, &mut run);
    }
    run
}

#[test]
#[expect(
    clippy::too_many_lines,
    reason = "the writer process and the checking parent are one scenario"
)]
fn killed_writer_leaves_old_or_new_values() {
    if std::env::var_os(WRITER_ENV).is_some() {
        return;
    }
    let begun = Instant::now();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("store-crash");
    if dir.exists() {
        std::fs::remove_dir_all(&dir).unwrap();
    }
    std::fs::create_dir_all(&dir).unwrap();
    let path: PathBuf = dir.join("state.sqlite3");
    let exe = std::env::current_exe().unwrap();

    let mut rng = 0x5eed_u64;
    // The generation of each entry found after the previous kill (0: none yet).
    let mut seen = [0_u64; KEYS];
    let mut next_start = 1_u64;
    let (mut kills_mid_writes, mut saves, mut entries_checked) = (0, 0, 0);
    for iteration in 0..ITERATIONS {
        assert!(
            begun.elapsed() < DEADLINE,
            "took too long at iteration {iteration}"
        );
        // One kill in five lands during the writer's start-up: while it opens the database,
        // recovers the log of the previous kill, or creates the schema.
        let early = iteration % 5 == 4;
        let delay = Duration::from_millis(if early {
            next(&mut rng) % 15
        } else {
            1 + next(&mut rng) % 50
        });
        let start = next_start;
        let run = run_writer(&exe, &path, start, delay, early);
        saves += run.saves;
        if run.saves > 0 {
            kills_mid_writes += 1;
        }
        // The writer writes generation g to every entry before g + 1, so nothing it can have
        // been writing is newer than this.
        let newest_possible = run.saved.iter().max().copied().unwrap_or(0).max(start - 1) + 1;

        let store = SqliteStore::open(&path).unwrap();
        for (index, seen) in seen.iter_mut().enumerate() {
            let found = store
                .load(&key(index))
                .unwrap_or_else(|error| panic!("iteration {iteration}, entry {index}: {error}"));
            let generation = match found {
                None => 0,
                Some(value) => {
                    let generation = value["generation"].as_u64().unwrap();
                    let payload = value["payload"].as_str().unwrap();
                    assert_eq!(value["checksum"], json!(checksum(payload)), "torn payload");
                    // The whole value is exactly one the writer wrote.
                    assert_eq!(value, state(generation, index), "iteration {iteration}");
                    entries_checked += 1;
                    generation
                }
            };
            assert!(
                generation >= *seen,
                "iteration {iteration}, entry {index}: generation {generation} went back from {seen}"
            );
            assert!(
                generation >= run.saved[index],
                "iteration {iteration}, entry {index}: generation {generation} lost the save of {} the writer was told succeeded",
                run.saved[index]
            );
            assert!(
                generation <= newest_possible,
                "iteration {iteration}: {generation}"
            );
            *seen = generation;
        }
        // The thread lists exactly the entries that have a value, in the order first saved.
        let present: Vec<StateKey> = (0..KEYS).filter(|&i| seen[i] > 0).map(key).collect();
        assert_eq!(store.keys_of_thread("crash-thread").unwrap(), present);
        drop(store);
        let raw = rusqlite::Connection::open(&path).unwrap();
        let check: String = raw
            .query_row("PRAGMA integrity_check", [], |row| row.get(0))
            .unwrap();
        assert_eq!(check, "ok", "iteration {iteration}");
        drop(raw);

        next_start = seen.iter().max().copied().unwrap_or(0).max(start) + 1;
    }
    assert!(
        kills_mid_writes >= ITERATIONS / 2,
        "only {kills_mid_writes} of {ITERATIONS} kills landed among writes"
    );
    eprintln!(
        "store crash test: {ITERATIONS} kills ({kills_mid_writes} after at least one save), \
         {saves} saves acknowledged, {entries_checked} entries checked, {:.1} s",
        begun.elapsed().as_secs_f64()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
