//! What the corpus tests share: the official sample templates (vendored under
//! `tests/corpus/adaptive-cards`) with the data each is expanded with.

#![allow(
    clippy::unwrap_used,
    clippy::panic,
    reason = "test helpers fail loudly on a broken corpus checkout"
)]

use std::path::{Path, PathBuf};

use serde_json::Value;

/// The vendored Adaptive Cards corpus.
pub fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/corpus/adaptive-cards")
}

/// A corpus file, read as JSON.
pub fn read(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every sample template with its data, as `(name, template, data)`, sorted by name within
/// each folder: `Elements/NAME.json` with the folder's shared `Template.data.json`, then
/// `Scenarios/NAME` (from `NAME.template.json`) with the `NAME.data.json` beside it.
pub fn templates() -> Vec<(String, Value, Value)> {
    let root = corpus().join("Templates");
    let names = |folder: &Path| {
        let mut names: Vec<String> = std::fs::read_dir(folder)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        names
    };
    let elements = root.join("Elements");
    let shared_data = read(&elements.join("Template.data.json"));
    let mut out: Vec<_> = names(&elements)
        .into_iter()
        .filter(|n| {
            Path::new(n).extension().is_some_and(|e| e == "json") && n != "Template.data.json"
        })
        .map(|name| {
            let template = read(&elements.join(&name));
            (format!("Elements/{name}"), template, shared_data.clone())
        })
        .collect();
    let scenarios = root.join("Scenarios");
    for name in names(&scenarios) {
        if let Some(stem) = name.strip_suffix(".template.json") {
            let template = read(&scenarios.join(&name));
            let data = read(&scenarios.join(format!("{stem}.data.json")));
            out.push((format!("Scenarios/{stem}"), template, data));
        }
    }
    out
}
