//! Where the test fixtures are. Each test crate uses a part of this module.

#![allow(dead_code, reason = "each test crate uses a different part")]
#![allow(
    clippy::unwrap_used,
    clippy::panic,
    reason = "test helpers fail loudly"
)]

use std::path::{Path, PathBuf};

/// The repository root.
pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The vendored corpus of real Adaptive Cards (`tests/corpus`).
pub fn corpus() -> PathBuf {
    repo().join("tests/corpus/adaptive-cards")
}

/// Every `.json` file under `dir`, sorted.
pub fn json_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let entries = std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display()));
        for entry in entries {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "json") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The corpus cards: everything but host configs, template data, templates and their
/// expansions (those have their own tests).
pub fn corpus_cards() -> Vec<PathBuf> {
    let root = corpus();
    json_files(&root)
        .into_iter()
        .filter(|p| {
            let rel = p
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            !rel.starts_with("HostConfig")
                && !rel.starts_with("Templates")
                && !rel.ends_with(".data.json")
        })
        .collect()
}

/// The example cards.
pub fn example_cards() -> Vec<PathBuf> {
    json_files(&repo().join("examples/cards"))
}
