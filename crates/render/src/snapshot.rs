//! Snapshot checks of a directory of cards and A2UI streams: each card (each surface of a
//! stream) rendered in each variant (theme × width) and compared with its committed baseline
//! image.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use mcpapp_card::Severity;
use serde::Deserialize;

use crate::compare::CompareOptions;
use crate::render::render_card;
use crate::snapshot_a2ui::{check_stream, find_streams, is_a2ui_file};
use crate::snapshot_report::{Outcome, SnapshotCase, SnapshotReport, Variant};
use crate::snapshot_variant::check_variant;
use mcpapp_card::host_config::Preset;

/// The name of the optional configuration file in a card directory.
pub const CONFIG_FILE: &str = "snapshot.toml";

/// The folder of baselines in a card directory, unless [`SnapshotOptions::baselines`] says
/// otherwise.
pub const BASELINES_DIR: &str = "__snapshots__";

/// What [`check_dir`] checks and how. An empty list or `None` takes the value of the
/// directory's `snapshot.toml`, else the default.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SnapshotOptions {
    /// The themes (default: light).
    pub themes: Vec<Preset>,
    /// The card widths in logical pixels (default: 400).
    pub widths: Vec<u32>,
    /// [`CompareOptions::threshold`] (default 0.6).
    pub threshold: Option<f32>,
    /// [`CompareOptions::max_failed_pixels`] (default 0).
    pub max_failed_pixels: Option<usize>,
    /// Write the rendered image as the baseline wherever it is missing or does not match,
    /// and count those cases as passed.
    pub update: bool,
    /// Where the baselines are (default: `DIR/__snapshots__`).
    pub baselines: Option<PathBuf>,
}

/// The `snapshot.toml` of a card directory.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct Config {
    themes: Vec<Preset>,
    widths: Vec<u32>,
    threshold: Option<f32>,
    max_failed_pixels: Option<usize>,
}

/// A card file found in a directory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardFile {
    /// The file name without `.json`: the first part of its snapshots' names.
    pub name: String,
    /// The card (or template) file.
    pub path: PathBuf,
    /// The `NAME.data.json` beside it, which makes the card a template filled with that data
    /// (for `NAME.template.json`, `NAME.data.json` too).
    pub data: Option<PathBuf>,
}

/// The cards of a directory: every `*.json` file (any case of the extension) except
/// `*.data.json` and A2UI streams ([`crate::find_streams`]), by name. A card `NAME.json` (or `NAME.template.json`) with a
/// `NAME.data.json` beside it is a template filled with that data. Subdirectories are not
/// searched.
pub fn find_cards(dir: &Path) -> std::io::Result<Vec<CardFile>> {
    let mut cards = Vec::new();
    for (path, file_name) in files_in(dir)? {
        let Some(name) = strip_suffix_ignore_case(&file_name, ".json") else {
            continue;
        };
        if strip_suffix_ignore_case(name, ".data").is_some() || name.is_empty() {
            continue;
        }
        if is_a2ui_file(&path, &std::fs::read(&path).unwrap_or_default()) {
            continue;
        }
        // `NAME.data.json`, or for `NAME.template.json` also `NAME.data.json`.
        let data = std::iter::once(name)
            .chain(name.strip_suffix(".template"))
            .map(|stem| dir.join(format!("{stem}.data.json")))
            .find(|data| data.is_file());
        cards.push(CardFile {
            name: name.to_owned(),
            data,
            path,
        });
    }
    cards.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(cards)
}

/// The regular files of a directory, with their names; a name that is not UTF-8 is no card's
/// or stream's, and its file is left out. Subdirectories are not searched.
pub(crate) fn files_in(dir: &Path) -> std::io::Result<Vec<(PathBuf, String)>> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        let name = path.file_name().and_then(|n| n.to_str()).map(str::to_owned);
        if let Some(name) = name.filter(|_| path.is_file()) {
            files.push((path, name));
        }
    }
    Ok(files)
}

pub(crate) fn strip_suffix_ignore_case<'a>(s: &'a str, suffix: &str) -> Option<&'a str> {
    let cut = s.len().checked_sub(suffix.len())?;
    let (head, tail) = (s.get(..cut)?, s.get(cut..)?);
    tail.eq_ignore_ascii_case(suffix).then_some(head)
}

/// Checks the cards and A2UI streams of `dir` against their baselines.
///
/// Every card of `dir` ([`find_cards`]: `NAME.json`, filled with `NAME.data.json` when that
/// exists) is read, then rendered in each variant (each theme at each width, scale 1) and
/// compared with `__snapshots__/NAME.THEME.WIDTH.png`:
///
/// - a match is `ok`;
/// - a mismatch writes the rendering as `NAME.THEME.WIDTH.new.png` and the differences as
///   `.diff.png` beside the baseline;
/// - a missing baseline is a failure too, with the `.new.png` written;
/// - with [`SnapshotOptions::update`], a missing or mismatching baseline is written instead,
///   and the case passes (`updated`); baselines that match are left alone;
/// - a card with errors is not rendered (`invalid`, with its diagnostics).
///
/// The A2UI streams of `dir` ([`crate::find_streams`]: `*.jsonl`, `*.a2ui.json`, `*.json`
/// that is A2UI) are processed and each surface they build is checked the same way, the
/// first as `NAME.THEME.WIDTH.png`, another as `NAME.SURFACE.THEME.WIDTH.png`; a stream with
/// errors is not rendered (`invalid`, with its findings).
///
/// Stale `.new.png` and `.diff.png` files of a case are removed when it is checked.
///
/// The variants and the comparison come from `options`, else from `dir/snapshot.toml`, else
/// from the defaults:
///
/// ```toml
/// themes = ["light", "dark"]      # light, dark, high-contrast; default ["light"]
/// widths = [400]                  # logical pixels; default [400]
/// threshold = 0.6                 # per-pixel YIQ distance; default 0.6
/// max_failed_pixels = 0           # default 0
/// ```
pub fn check_dir(dir: &Path, options: &SnapshotOptions) -> SnapshotReport {
    let baselines = options
        .baselines
        .clone()
        .unwrap_or_else(|| dir.join(BASELINES_DIR));
    let mut report = SnapshotReport {
        dir: dir.to_owned(),
        baselines,
        cases: Vec::new(),
        errors: Vec::new(),
        unused_baselines: Vec::new(),
    };
    let config = match read_config(&dir.join(CONFIG_FILE)) {
        Ok(config) => config,
        Err(error) => {
            report.errors.push(error);
            return report;
        }
    };
    let found = find_cards(dir).and_then(|cards| Ok((cards, find_streams(dir)?)));
    let (cards, streams) = match found {
        Ok((cards, streams)) if cards.is_empty() && streams.is_empty() => {
            report.errors.push(format!(
                "{} has no card (*.json) and no A2UI stream (*.jsonl, *.a2ui.json)",
                dir.display()
            ));
            return report;
        }
        Ok(found) => found,
        Err(e) => {
            report
                .errors
                .push(format!("cannot read the directory {}: {e}", dir.display()));
            return report;
        }
    };
    let (variants, compare_options) = variants_and_comparison(options, &config);
    let mut expected = BTreeSet::new();
    for card in &cards {
        for variant in &variants {
            expected.insert(format!("{}.{variant}.png", card.name));
        }
        report.cases.extend(check_card(
            card,
            &variants,
            &report.baselines,
            &compare_options,
            options.update,
        ));
    }
    for stream in &streams {
        report.cases.extend(check_stream(
            stream,
            &variants,
            &report.baselines,
            &compare_options,
            options.update,
            &mut expected,
        ));
    }
    report.unused_baselines = unused_baselines(&report.baselines, &expected);
    report
}

/// The variants and the comparison: from the options, else the directory's `snapshot.toml`,
/// else the defaults.
fn variants_and_comparison(
    options: &SnapshotOptions,
    config: &Config,
) -> (Vec<Variant>, CompareOptions) {
    let pick = |given: &[u32], from_file: &[u32], default: u32| -> Vec<u32> {
        [given, from_file]
            .into_iter()
            .find(|v| !v.is_empty())
            .map_or_else(|| vec![default], <[u32]>::to_vec)
    };
    let themes: Vec<Preset> = [&options.themes, &config.themes]
        .into_iter()
        .find(|v| !v.is_empty())
        .map_or_else(|| vec![Preset::Light], Clone::clone);
    let widths = pick(&options.widths, &config.widths, 400);
    let defaults = CompareOptions::default();
    let compare_options = CompareOptions {
        threshold: options
            .threshold
            .or(config.threshold)
            .unwrap_or(defaults.threshold),
        max_failed_pixels: options
            .max_failed_pixels
            .or(config.max_failed_pixels)
            .unwrap_or(defaults.max_failed_pixels),
    };
    let variants: Vec<Variant> = themes
        .iter()
        .flat_map(|&theme| widths.iter().map(move |&width| Variant { theme, width }))
        .collect();
    (variants, compare_options)
}

fn read_config(path: &Path) -> Result<Config, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Config::default()),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    toml::from_str(&text).map_err(|e| format!("{}: {}", path.display(), e.to_string().trim_end()))
}

/// The cases of one card: one per variant, or one for the whole card when it cannot be read.
fn check_card(
    card: &CardFile,
    variants: &[Variant],
    baselines: &Path,
    compare_options: &CompareOptions,
    update: bool,
) -> Vec<SnapshotCase> {
    let whole = |outcome| SnapshotCase::whole(&card.name, &card.path, outcome);
    let parsed = match read_card(card) {
        Ok(parsed) => parsed,
        Err(error) => return whole(Outcome::Failed { error }),
    };
    let card_model = match parsed.card {
        Some(model)
            if !parsed
                .diagnostics
                .iter()
                .any(|d| d.severity == Severity::Error) =>
        {
            model
        }
        _ => {
            return whole(Outcome::Invalid {
                diagnostics: parsed
                    .diagnostics
                    .into_iter()
                    .filter(|d| d.severity != Severity::Info)
                    .collect(),
            });
        }
    };
    variants
        .iter()
        .map(|&variant| SnapshotCase {
            name: card.name.clone(),
            card: card.path.clone(),
            variant: Some(variant),
            outcome: check_variant(
                |options| render_card(&card_model, options),
                &baselines.join(format!("{}.{variant}", card.name)),
                variant,
                compare_options,
                update,
            ),
        })
        .collect()
}

fn read_card(card: &CardFile) -> Result<mcpapp_card::Parsed, String> {
    let bytes = std::fs::read(&card.path)
        .map_err(|e| format!("cannot read {}: {e}", card.path.display()))?;
    Ok(match &card.data {
        None => mcpapp_card::parse(&bytes),
        Some(path) => {
            let data =
                std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let data: serde_json::Value = serde_json::from_slice(&data)
                .map_err(|e| format!("{} is not JSON: {e}", path.display()))?;
            mcpapp_card::parse_template(&bytes, &data)
        }
    })
}

/// The `*.png` files of `baselines` (not `.new`, `.diff`, `.old`) that no case expects.
fn unused_baselines(baselines: &Path, expected: &BTreeSet<String>) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(baselines) else {
        return Vec::new();
    };
    let mut unused: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|path| {
            path.extension().is_some_and(|e| e == "png")
                && path
                    .file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|name| {
                        ![".new.png", ".diff.png", ".old.png"]
                            .iter()
                            .any(|s| name.ends_with(s))
                            && !expected.contains(name)
                    })
        })
        .collect();
    unused.sort();
    unused
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing, reason = "tests")]

    use super::*;

    #[test]
    fn config_reads_the_documented_keys_and_refuses_others() {
        let config: Config = toml::from_str(
            "themes = [\"light\", \"high-contrast\"]\nwidths = [320, 480]\nthreshold = 0.1\nmax_failed_pixels = 3\n",
        )
        .unwrap();
        assert_eq!(config.themes, [Preset::Light, Preset::HighContrast]);
        assert_eq!(config.widths, [320, 480]);
        assert_eq!(config.threshold, Some(0.1));
        assert_eq!(config.max_failed_pixels, Some(3));
        assert!(toml::from_str::<Config>("theme = [\"light\"]").is_err());
        assert!(toml::from_str::<Config>("themes = [\"sepia\"]").is_err());
    }

    #[test]
    fn cards_are_json_files_but_not_data_files() {
        let dir = std::env::temp_dir().join(format!("mcpapp-render-find-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for name in [
            "b.json",
            "a.JSON",
            "b.data.json",
            "c.data.json",
            "d.template.json",
            "d.data.json",
            "notes.txt",
        ] {
            std::fs::write(dir.join(name), "{}").unwrap();
        }
        let cards = find_cards(&dir).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        let names: Vec<_> = cards.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["a", "b", "d.template"]);
        assert!(cards[0].data.is_none());
        assert!(cards[1].data.as_ref().unwrap().ends_with("b.data.json"));
        assert!(cards[2].data.as_ref().unwrap().ends_with("d.data.json"));
    }

    #[test]
    fn suffixes_are_cut_in_any_case() {
        assert_eq!(strip_suffix_ignore_case("x.Json", ".json"), Some("x"));
        assert_eq!(strip_suffix_ignore_case("json", ".json"), None);
        assert_eq!(strip_suffix_ignore_case("é.json", ".json"), Some("é"));
    }
}
