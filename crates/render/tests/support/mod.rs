//! What the A2UI snapshot test and the A2UI web bench share: the vendored official example
//! streams.

#![allow(
    clippy::expect_used,
    reason = "a missing corpus fails the test or bench loudly"
)]
#![allow(dead_code, reason = "the bench and the test each use part of it")]

use std::path::{Path, PathBuf};

/// The repository's root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every official example stream of both catalogs, `(CATALOG-STEM, path)`, sorted.
pub fn a2ui_examples() -> Vec<(String, PathBuf)> {
    let mut out = Vec::new();
    for catalog in ["basic", "minimal"] {
        let dir = root()
            .join("tests/corpus/a2ui/catalogs")
            .join(catalog)
            .join("examples");
        for entry in std::fs::read_dir(&dir).expect("the vendored A2UI corpus") {
            let path = entry.expect("a corpus entry").path();
            if path.extension().is_some_and(|x| x == "json") {
                let stem = path.file_stem().unwrap_or_default().to_string_lossy();
                out.push((format!("{catalog}-{stem}"), path));
            }
        }
    }
    out.sort();
    out
}
