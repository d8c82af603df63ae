//! Card and A2UI findings printed the way compilers print theirs, one per line
//! (`file:line:col: severity[code]: message (at /pointer)`): what `mcpapp validate`, `render`
//! and `snapshot` print, and what an editor or a CI log can jump from.

use std::fmt::Display;
use std::io::{self, Write};

use mcpapp_card::Severity;

/// A finding of either checker: a card's [`mcpapp_card::Diagnostic`] or an A2UI stream's
/// [`mcpapp_a2ui::Diagnostic`], displayed as `line:col: severity[code]: …`.
pub trait Finding: Display {
    /// How bad it is.
    fn severity(&self) -> Severity;
    /// Whether it knows its line in the source (its display then starts with it).
    fn has_line(&self) -> bool;
}

impl Finding for mcpapp_card::Diagnostic {
    fn severity(&self) -> Severity {
        self.severity
    }

    fn has_line(&self) -> bool {
        self.line.is_some()
    }
}

impl Finding for mcpapp_a2ui::Diagnostic {
    fn severity(&self) -> Severity {
        self.severity
    }

    fn has_line(&self) -> bool {
        self.line.is_some()
    }
}

/// Writes the findings of one file, each as `FILE:LINE:COL: …` (`FILE: …` when its line is
/// unknown), informational ones only when `verbose`. Returns how many errors and warnings it
/// wrote.
pub fn write_findings<F: Finding>(
    out: &mut impl Write,
    file: &str,
    findings: &[F],
    verbose: bool,
) -> io::Result<(usize, usize)> {
    let (mut errors, mut warnings) = (0usize, 0usize);
    for finding in findings {
        match finding.severity() {
            Severity::Error => errors += 1,
            Severity::Warning => warnings += 1,
            Severity::Info if !verbose => continue,
            Severity::Info => {}
        }
        let sep = if finding.has_line() { ":" } else { ": " };
        writeln!(out, "{file}{sep}{finding}")?;
    }
    Ok((errors, warnings))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "tests")]

    use super::*;

    #[test]
    fn card_findings_read_like_a_compilers() {
        let parsed = mcpapp_card::parse_str(
            "{\"type\": \"McpApp\",\n \"body\": [{\"type\": \"Nope\"}], \"x-odd\": 1}",
        );
        let mut out = Vec::new();
        let (errors, warnings) =
            write_findings(&mut out, "card.json", &parsed.diagnostics, true).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.lines().count(), parsed.diagnostics.len());
        assert!(text.lines().all(|l| l.starts_with("card.json:")), "{text}");
        let count = |s| {
            parsed
                .diagnostics
                .iter()
                .filter(|d| d.severity == s)
                .count()
        };
        assert_eq!(
            (errors, warnings),
            (count(Severity::Error), count(Severity::Warning))
        );
    }

    #[test]
    fn informational_findings_wait_for_verbose_and_unplaced_ones_get_a_space() {
        let report = mcpapp_a2ui::process_str("not json");
        assert!(!report.diagnostics.is_empty());
        let mut out = Vec::new();
        let (errors, _) = write_findings(&mut out, "s.jsonl", &report.diagnostics, false).unwrap();
        assert!(errors > 0);
        let text = String::from_utf8(out).unwrap();
        for (line, finding) in text.lines().zip(&report.diagnostics) {
            let sep = if finding.line.is_some() { ":" } else { ": " };
            assert_eq!(line, format!("s.jsonl{sep}{finding}"));
        }
        let info = mcpapp_card::Diagnostic::new(mcpapp_card::Code::ALL[0], "", "fyi")
            .with_severity(Severity::Info);
        let mut quiet = Vec::new();
        assert_eq!(
            write_findings(&mut quiet, "c", std::slice::from_ref(&info), false).unwrap(),
            (0, 0)
        );
        assert!(quiet.is_empty());
        let mut loud = Vec::new();
        write_findings(&mut loud, "c", &[info], true).unwrap();
        let loud = String::from_utf8(loud).unwrap();
        assert!(
            loud.starts_with("c: info[") && loud.ends_with("fyi (at the root)\n"),
            "{loud}"
        );
    }
}
