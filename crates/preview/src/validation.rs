//! A validation report over card and A2UI files, as `mcpapp validate` prints it: one JSON
//! document (`--json`, for tools), or compiler-style lines and a summary (for people).

use std::io::{self, Write};

use serde::Serialize;
use serde_json::Value;

use crate::checked::{Findings, check};
use crate::options::Format;

/// The report of one file.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FileReport {
    /// The file as named to the user (`<stdin>` for standard input).
    pub file: String,
    /// `card` or `a2ui` (absent when the file could not be read).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub format: Option<&'static str>,
    /// Whether it is valid (an unreadable file is not).
    pub valid: bool,
    /// Why it could not be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// What was found.
    pub diagnostics: Findings,
}

impl FileReport {
    /// The file `file` with this content, checked in `format` ([`check`]).
    pub fn checked(file: String, bytes: &[u8], format: Format, data: Option<&Value>) -> Self {
        let checked = check(bytes, format, data);
        Self {
            file,
            format: Some(format.as_str()),
            valid: checked.valid,
            error: None,
            diagnostics: checked.findings,
        }
    }

    /// The file `file`, which could not be read.
    pub fn unreadable(file: String, error: String) -> Self {
        Self {
            file,
            format: None,
            valid: false,
            error: Some(error),
            diagnostics: Findings::Card(Vec::new()),
        }
    }
}

/// The reports of every file checked.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct ValidationReport {
    /// The files, in the order they were given.
    pub files: Vec<FileReport>,
}

impl ValidationReport {
    /// Whether a file could not be read.
    pub fn any_unreadable(&self) -> bool {
        self.files.iter().any(|f| f.error.is_some())
    }

    /// Whether every file is valid.
    pub fn all_valid(&self) -> bool {
        self.files.iter().all(|f| f.valid)
    }

    /// The report as one pretty-printed JSON document, then a new line.
    pub fn write_json(&self, out: &mut impl Write) -> io::Result<()> {
        serde_json::to_writer_pretty(&mut *out, self)?;
        writeln!(out)
    }

    /// The report for people: each file's findings like a compiler's (informational ones only
    /// when `verbose`), then how many files are valid and how many errors and warnings there
    /// are.
    pub fn write_human(&self, out: &mut impl Write, verbose: bool) -> io::Result<()> {
        let (mut errors, mut warnings) = (0usize, 0usize);
        for report in &self.files {
            if let Some(e) = &report.error {
                writeln!(out, "{}: error: cannot read the file: {e}", report.file)?;
                continue;
            }
            let (e, w) = report.diagnostics.write(out, &report.file, verbose)?;
            errors += e;
            warnings += w;
        }
        let files = self.files.len();
        let valid = self.files.iter().filter(|r| r.valid).count();
        writeln!(
            out,
            "{files} file{} checked: {valid} valid, {} invalid ({errors} error{}, {warnings} warning{})",
            plural(files),
            files - valid,
            plural(errors),
            plural(warnings),
        )
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "tests")]

    use super::*;

    fn report() -> ValidationReport {
        ValidationReport {
            files: vec![
                FileReport::checked(
                    "ok.json".to_owned(),
                    br#"{"type": "McpApp", "body": []}"#,
                    Format::Card,
                    None,
                ),
                FileReport::unreadable("gone.json".to_owned(), "no such file".to_owned()),
            ],
        }
    }

    #[test]
    fn people_read_the_findings_then_a_summary() {
        let report = report();
        assert!(report.any_unreadable() && !report.all_valid());
        let mut out = Vec::new();
        report.write_human(&mut out, false).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("gone.json: error: cannot read the file: no such file\n"));
        assert!(text.ends_with("2 files checked: 1 valid, 1 invalid (0 errors, 0 warnings)\n"));
    }

    #[test]
    fn tools_read_one_json_document() {
        let mut out = Vec::new();
        report().write_json(&mut out).unwrap();
        let json: Value = serde_json::from_slice(&out).unwrap();
        let files = json["files"].as_array().unwrap();
        assert_eq!(files[0]["format"], "card");
        assert_eq!(files[0]["valid"], true);
        assert!(files[0].get("error").is_none());
        assert!(files[1].get("format").is_none());
        assert_eq!(files[1]["error"], "no such file");
        assert_eq!(files[1]["diagnostics"], serde_json::json!([]));
    }
}
