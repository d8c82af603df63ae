//! The A2UI streams of a snapshot directory: found beside the cards, processed, and each
//! surface they build checked in each variant like a card.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use mcpapp_a2ui::Severity;

use crate::compare::CompareOptions;
use crate::render::render_surface;
use crate::snapshot::{files_in, strip_suffix_ignore_case};
use crate::snapshot_report::{Outcome, SnapshotCase, Variant};
use crate::snapshot_variant::check_variant;
use crate::surfaces::file_safe;

/// Whether a file is A2UI rather than a card: its name ends in `.a2ui.json` or `.jsonl`, or
/// its content is A2UI server messages ([`mcpapp_a2ui::mcp::is_a2ui`]: one message, an
/// array, the examples' `{"name", "messages": [...]}` wrapper) or JSONL whose first non-blank
/// line is one.
pub fn is_a2ui_file(path: &Path, bytes: &[u8]) -> bool {
    let named = path
        .file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|name| {
            strip_suffix_ignore_case(name, ".a2ui.json").is_some()
                || strip_suffix_ignore_case(name, ".jsonl").is_some()
        });
    named || is_a2ui_content(bytes)
}

fn is_a2ui_content(bytes: &[u8]) -> bool {
    if let Ok(value) = serde_json::from_slice::<serde_json::Value>(bytes) {
        return mcpapp_a2ui::mcp::is_a2ui(&value);
    }
    // Not one JSON value: maybe JSONL, told by its first line alone.
    String::from_utf8_lossy(bytes)
        .lines()
        .find(|line| !line.trim().is_empty())
        .and_then(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .is_some_and(|value| mcpapp_a2ui::mcp::is_a2ui(&value))
}

/// An A2UI stream file found in a directory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StreamFile {
    /// The file name without `.a2ui.json`, `.json` or `.jsonl`: the first part of its
    /// snapshots' names.
    pub name: String,
    /// The stream file.
    pub path: PathBuf,
}

/// The A2UI streams of a directory, by name: `*.jsonl`, `*.a2ui.json`, and `*.json` files
/// (not `*.data.json`) whose content is A2UI ([`is_a2ui_file`]). Subdirectories are not
/// searched.
pub fn find_streams(dir: &Path) -> std::io::Result<Vec<StreamFile>> {
    let mut streams = Vec::new();
    for (path, file_name) in files_in(dir)? {
        let name = [".a2ui.json", ".jsonl", ".json"]
            .iter()
            .find_map(|suffix| strip_suffix_ignore_case(&file_name, suffix));
        let Some(name) = name.filter(|n| !n.is_empty()) else {
            continue;
        };
        if strip_suffix_ignore_case(name, ".data").is_some() {
            continue;
        }
        let named = !file_name.to_ascii_lowercase().ends_with(".json")
            || strip_suffix_ignore_case(&file_name, ".a2ui.json").is_some();
        if named || std::fs::read(&path).is_ok_and(|bytes| is_a2ui_content(&bytes)) {
            streams.push(StreamFile {
                name: name.to_owned(),
                path,
            });
        }
    }
    streams.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(streams)
}

/// The cases of one stream: each surface in each variant, or one case for the whole stream
/// when it cannot be read, has errors or builds no surface. The first surface's baselines are
/// `NAME.THEME.WIDTH.png`, another's `NAME.SURFACE.THEME.WIDTH.png`; their file names are
/// added to `expected`.
pub(crate) fn check_stream(
    stream: &StreamFile,
    variants: &[Variant],
    baselines: &Path,
    compare_options: &CompareOptions,
    update: bool,
    expected: &mut BTreeSet<String>,
) -> Vec<SnapshotCase> {
    let whole = |outcome| SnapshotCase::whole(&stream.name, &stream.path, outcome);
    let text = match std::fs::read(&stream.path) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) => {
            return whole(Outcome::Failed {
                error: format!("cannot read {}: {e}", stream.path.display()),
            });
        }
    };
    let report = mcpapp_a2ui::process_str(&text);
    if !report.is_ok() || report.processor.surfaces().is_empty() {
        return whole(Outcome::InvalidStream {
            diagnostics: report
                .diagnostics
                .into_iter()
                .filter(|d| d.severity != Severity::Info)
                .collect(),
        });
    }
    let mut cases = Vec::new();
    for (i, surface) in report.processor.surfaces().values().enumerate() {
        let name = if i == 0 {
            stream.name.clone()
        } else {
            format!("{}.{}", stream.name, file_safe(surface.id()))
        };
        for &variant in variants {
            expected.insert(format!("{name}.{variant}.png"));
            let outcome = check_variant(
                |options| render_surface(surface, options),
                &baselines.join(format!("{name}.{variant}")),
                variant,
                compare_options,
                update,
            );
            cases.push(SnapshotCase {
                name: name.clone(),
                card: stream.path.clone(),
                variant: Some(variant),
                outcome,
            });
        }
    }
    cases
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "tests")]

    use super::*;

    const MESSAGE: &str =
        r#"{"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": "c"}}"#;

    #[test]
    fn streams_are_told_from_cards_by_name_or_content() {
        let dir =
            std::env::temp_dir().join(format!("mcpapp-render-streams-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let files = [
            ("card.json", r#"{"type": "AdaptiveCard"}"#.to_owned()),
            (
                "wrapped.json",
                format!(r#"{{"name": "w", "messages": [{MESSAGE}]}}"#),
            ),
            ("lines.jsonl", format!("{MESSAGE}\n{MESSAGE}\n")),
            ("named.a2ui.json", "{}".to_owned()),
            ("x.data.json", format!("[{MESSAGE}]")),
        ];
        for (name, text) in &files {
            std::fs::write(dir.join(name), text).unwrap();
        }
        let streams = find_streams(&dir).unwrap();
        let cards = crate::find_cards(&dir).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        let names: Vec<_> = streams.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["lines", "named", "wrapped"]);
        let card_names: Vec<_> = cards.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(card_names, ["card"]);
    }

    #[test]
    fn surface_ids_become_safe_names() {
        assert_eq!(file_safe("../x y"), "___x_y");
        assert_eq!(file_safe(""), "surface");
    }
}
