//! What a snapshot check found: each case (a card or surface in one variant) and its outcome,
//! counted and printed as `mcpapp snapshot` prints them.

use std::fmt;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use mcpapp_card::host_config::Preset;
use mcpapp_card::{Diagnostic, Severity};

use crate::findings::write_findings;

/// One rendering of a card: a theme and a width.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Variant {
    /// The theme.
    pub theme: Preset,
    /// The width in logical pixels.
    pub width: u32,
}

impl fmt::Display for Variant {
    /// `light.400`, as in snapshot file names.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.theme, self.width)
    }
}

/// What became of one case.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// The rendering matches the baseline.
    Ok,
    /// The baseline was missing or did not match, and was (re)written (update mode).
    Updated {
        /// The baseline written.
        baseline: PathBuf,
    },
    /// The rendering does not match the baseline.
    Mismatch {
        /// How many pixels fail the threshold.
        failed_pixels: usize,
        /// The baseline's size in pixels.
        expected_size: (u32, u32),
        /// The rendering's size in pixels.
        actual_size: (u32, u32),
        /// The rendering, written beside the baseline as `NAME.THEME.WIDTH.new.png`.
        new: PathBuf,
        /// The differences, written as `NAME.THEME.WIDTH.diff.png` (when any pixel fails).
        diff: Option<PathBuf>,
    },
    /// There is no baseline yet.
    Missing {
        /// The rendering, written beside where the baseline belongs, as `.new.png`.
        new: PathBuf,
    },
    /// The card has errors; it is not rendered (the diagnostics include its warnings).
    Invalid {
        /// What the card reader found.
        diagnostics: Vec<Diagnostic>,
    },
    /// The A2UI stream has errors or builds no surface; it is not rendered (the
    /// diagnostics include its warnings).
    InvalidStream {
        /// What the A2UI processor found.
        diagnostics: Vec<mcpapp_a2ui::Diagnostic>,
    },
    /// The card or its data could not be read, or the rendering or a file write failed.
    Failed {
        /// What went wrong.
        error: String,
    },
}

impl Outcome {
    /// Whether the case passes (ok or updated).
    pub fn passed(&self) -> bool {
        matches!(self, Self::Ok | Self::Updated { .. })
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Ok => f.write_str("ok"),
            Self::Updated { baseline } => write!(f, "updated {}", baseline.display()),
            Self::Mismatch {
                failed_pixels,
                expected_size: (ew, eh),
                actual_size: (aw, ah),
                new,
                diff,
            } => {
                if (ew, eh) == (aw, ah) {
                    write!(f, "mismatch: {failed_pixels} pixels differ")?;
                } else {
                    write!(
                        f,
                        "mismatch: the size changed from {ew}×{eh} to {aw}×{ah} px \
                         ({failed_pixels} pixels differ)"
                    )?;
                }
                write!(f, "; new image {}", new.display())?;
                if let Some(diff) = diff {
                    write!(f, ", differences {}", diff.display())?;
                }
                Ok(())
            }
            Self::Missing { new } => write!(f, "missing baseline; new image {}", new.display()),
            Self::Invalid { diagnostics } => {
                let count = |s: Severity| diagnostics.iter().filter(|d| d.severity == s).count();
                let (errors, warnings) = (count(Severity::Error), count(Severity::Warning));
                write!(
                    f,
                    "invalid card ({errors} error{}, {warnings} warning{})",
                    plural(errors),
                    plural(warnings)
                )
            }
            Self::InvalidStream { diagnostics } => {
                let count = |s| diagnostics.iter().filter(|d| d.severity == s).count();
                let errors = count(mcpapp_a2ui::Severity::Error);
                let warnings = count(mcpapp_a2ui::Severity::Warning);
                if errors == 0 {
                    return f.write_str("the A2UI stream creates no surface");
                }
                write!(
                    f,
                    "invalid A2UI stream ({errors} error{}, {warnings} warning{})",
                    plural(errors),
                    plural(warnings)
                )
            }
            Self::Failed { error } => write!(f, "failed: {error}"),
        }
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// One card in one variant (or the card as a whole, when it cannot be rendered at all).
#[derive(Debug, Clone, PartialEq)]
pub struct SnapshotCase {
    /// The card's name (its file name without `.json`).
    pub name: String,
    /// The card file.
    pub card: PathBuf,
    /// The variant; `None` when the outcome is the card's as a whole (invalid, unreadable).
    pub variant: Option<Variant>,
    /// What became of it.
    pub outcome: Outcome,
}

impl SnapshotCase {
    /// The one case of a file whose outcome is the file's as a whole (it cannot be read, or it
    /// is invalid): no variant of it is drawn.
    pub(crate) fn whole(name: &str, file: &Path, outcome: Outcome) -> Vec<Self> {
        vec![Self {
            name: name.to_owned(),
            card: file.to_path_buf(),
            variant: None,
            outcome,
        }]
    }

    /// `NAME.THEME.WIDTH` (the baseline's name without `.png`), or `NAME` for the whole card.
    pub fn id(&self) -> String {
        match self.variant {
            Some(v) => format!("{}.{v}", self.name),
            None => self.name.clone(),
        }
    }
}

impl fmt::Display for SnapshotCase {
    /// `NAME.THEME.WIDTH: OUTCOME`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.id(), self.outcome)
    }
}

/// Counts of a report's cases by outcome.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Summary {
    /// Cases that match.
    pub ok: usize,
    /// Baselines written.
    pub updated: usize,
    /// Cases that do not match.
    pub mismatch: usize,
    /// Cases without a baseline.
    pub missing: usize,
    /// Cards with errors.
    pub invalid: usize,
    /// Cases that could not be checked.
    pub failed: usize,
}

impl fmt::Display for Summary {
    /// `12 cases: 10 ok, 1 updated, 1 mismatch, 0 missing, 0 invalid, 0 failed`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let total =
            self.ok + self.updated + self.mismatch + self.missing + self.invalid + self.failed;
        write!(
            f,
            "{total} case{}: {} ok, {} updated, {} mismatch, {} missing, {} invalid, {} failed",
            plural(total),
            self.ok,
            self.updated,
            self.mismatch,
            self.missing,
            self.invalid,
            self.failed
        )
    }
}

/// The result of [`check_dir`](crate::check_dir).
#[derive(Debug, Clone, PartialEq)]
pub struct SnapshotReport {
    /// The card directory.
    pub dir: PathBuf,
    /// The baseline directory.
    pub baselines: PathBuf,
    /// Every case, by card name then variant.
    pub cases: Vec<SnapshotCase>,
    /// Problems with the directory itself: it cannot be read, it has no card, its
    /// `snapshot.toml` is wrong. Nothing was checked when there is one.
    pub errors: Vec<String>,
    /// Baselines (`*.png`) that belong to no case: a card or variant that is gone.
    pub unused_baselines: Vec<PathBuf>,
}

impl SnapshotReport {
    /// Whether everything passed: no directory error and every case ok or updated.
    pub fn passed(&self) -> bool {
        self.errors.is_empty() && self.cases.iter().all(|c| c.outcome.passed())
    }

    /// The cases counted by outcome.
    pub fn summary(&self) -> Summary {
        let mut s = Summary::default();
        for case in &self.cases {
            match case.outcome {
                Outcome::Ok => s.ok += 1,
                Outcome::Updated { .. } => s.updated += 1,
                Outcome::Mismatch { .. } => s.mismatch += 1,
                Outcome::Missing { .. } => s.missing += 1,
                Outcome::Invalid { .. } | Outcome::InvalidStream { .. } => s.invalid += 1,
                Outcome::Failed { .. } => s.failed += 1,
            }
        }
        s
    }

    /// The cases that did not pass.
    pub fn failures(&self) -> impl Iterator<Item = &SnapshotCase> {
        self.cases.iter().filter(|c| !c.outcome.passed())
    }

    /// The whole report for a person, as `mcpapp snapshot` prints it: a line per case (an
    /// invalid one followed by its findings, like `mcpapp validate`'s), the baselines no case
    /// uses, the directory's errors, then the summary.
    pub fn write_text(&self, out: &mut impl Write) -> io::Result<()> {
        for case in &self.cases {
            writeln!(out, "{case}")?;
            let file = case.card.display().to_string();
            match &case.outcome {
                Outcome::Invalid { diagnostics } => {
                    write_findings(out, &file, diagnostics, false)?;
                }
                Outcome::InvalidStream { diagnostics } => {
                    write_findings(out, &file, diagnostics, false)?;
                }
                _ => {}
            }
        }
        for path in &self.unused_baselines {
            writeln!(
                out,
                "note: {} belongs to no card and variant checked",
                path.display()
            )?;
        }
        for error in &self.errors {
            writeln!(out, "error: {error}")?;
        }
        writeln!(out, "{}", self.summary())
    }
}

impl fmt::Display for SnapshotReport {
    /// One line per case, then the directory errors and the summary.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for case in &self.cases {
            writeln!(f, "{case}")?;
        }
        for error in &self.errors {
            writeln!(f, "error: {error}")?;
        }
        write!(f, "{}", self.summary())
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "tests")]

    use super::*;

    #[test]
    fn the_text_report_lists_cases_findings_leftovers_and_the_summary() {
        let invalid = mcpapp_card::parse_str("{\"type\": \"McpApp\", \"body\": 3}");
        let report = SnapshotReport {
            dir: "cards".into(),
            baselines: "cards/__snapshots__".into(),
            cases: vec![
                SnapshotCase {
                    name: "ok".to_owned(),
                    card: "cards/ok.json".into(),
                    variant: Some(Variant {
                        theme: Preset::Light,
                        width: 400,
                    }),
                    outcome: Outcome::Ok,
                },
                SnapshotCase {
                    name: "bad".to_owned(),
                    card: "cards/bad.json".into(),
                    variant: None,
                    outcome: Outcome::Invalid {
                        diagnostics: invalid.diagnostics.clone(),
                    },
                },
            ],
            errors: vec!["odd".to_owned()],
            unused_baselines: vec!["cards/__snapshots__/gone.light.400.png".into()],
        };
        let mut out = Vec::new();
        report.write_text(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.first(), Some(&"ok.light.400: ok"));
        assert!(lines.get(1).unwrap().starts_with("bad: invalid card ("));
        assert!(
            lines.get(2).unwrap().starts_with("cards/bad.json"),
            "{text}"
        );
        assert!(text.contains("note: cards/__snapshots__/gone.light.400.png belongs to no card"));
        assert!(text.contains("\nerror: odd\n"));
        assert_eq!(lines.last(), Some(&report.summary().to_string().as_str()));
        assert!(!report.passed());
    }
}
