//! What the preview needs of a kind of document, so that one window, one diagnostics panel
//! and one inspector serve cards and A2UI streams alike.

use std::path::{Path, PathBuf};

use eframe::egui::Ui;
use mcpapp_card::{HostConfig, Severity};

use crate::data::TemplateData;

/// Where a finding is in the text the preview can show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// A 1-based line of the file, and the 1-based column when known.
    Source(usize, Option<usize>),
    /// A 1-based line of the expanded template (a finding about a filled card template).
    Expanded(usize),
}

/// One finding as the diagnostics panel shows it, whatever the format it is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding<'a> {
    /// Its weight (an A2UI finding's in the card scale, for the shared colours and badges).
    pub severity: Severity,
    /// The severity as the finding says it.
    pub word: String,
    /// Its stable code.
    pub code: &'a str,
    /// Where it is (`line:column`, …), or a dash.
    pub at: String,
    /// Its JSON pointer (may be empty).
    pub pointer: &'a str,
    /// What it says.
    pub message: &'a str,
    /// Where clicking it leads in the source, if anywhere.
    pub place: Option<Place>,
}

/// What an action of the view reported, as the inspector shows it. Worked out when the
/// action happened, since what it sends depends on the state of that moment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Logged {
    /// 1 for the first action of the session, and so on, so a repeat of a click is visible.
    pub number: u64,
    /// The file whose view reported it.
    pub file: String,
    /// One line: what happened.
    pub headline: String,
    /// Exactly what it sends (or why nothing is sent).
    pub details: String,
}

/// A kind of file the preview shows: a card (or card template) or an A2UI stream.
pub trait Previewed {
    /// The name to show in lists and titles.
    fn name(&self) -> String;

    /// The folders whose changes concern this document.
    fn watched_folders(&self) -> Vec<PathBuf>;

    /// Reacts to a change of the file at `changed` (a path as the watcher reports it).
    /// Returns whether anything shown changed.
    fn file_changed(&mut self, changed: &Path) -> bool;

    /// The file's text as last read.
    fn source(&self) -> &str;

    /// The filled template, printed, when the document is a template with data.
    fn expanded(&self) -> Option<&str> {
        None
    }

    /// Whether the kind is filled with template data (then the side panel has a data tab).
    fn takes_data(&self) -> bool {
        false
    }

    /// The template data the data tab edits, when there is any.
    fn data(&self) -> Option<&TemplateData> {
        None
    }

    /// Takes the text of the data editor (a kind without data ignores it).
    fn set_data_text(&mut self, text: String) {
        let _ = text;
    }

    /// Every finding about the file as it is now, in order.
    fn findings(&self) -> Vec<Finding<'_>>;

    /// The problems that are not findings (the file cannot be read, an older version is
    /// shown), with how bad they are.
    fn problems(&self) -> Vec<(Severity, String)>;

    /// The line above the findings: how many of each severity.
    fn summary(&self) -> String;

    /// What the view says when it shows an older version of the file, if it does.
    fn stale_note(&self) -> Option<&'static str>;

    /// Draws the card or the surfaces in `ui`; returns what an action reported this frame,
    /// as `(headline, details)`.
    fn show(
        &mut self,
        ui: &mut Ui,
        config: &HostConfig,
        disabled: bool,
    ) -> Option<(String, String)>;

    /// The inspector's hint before any action.
    fn nothing_yet(&self) -> &'static str;

    /// The live state under the last action: its title and the state as pretty JSON.
    fn live_state(&self) -> (&'static str, String);

    /// How many errors and warnings the file has.
    fn counts(&self) -> (usize, usize) {
        let findings = self.findings();
        let count = |s| findings.iter().filter(|f| f.severity == s).count();
        (count(Severity::Error), count(Severity::Warning))
    }
}

/// The summary of findings by severity (`noun` is what is valid when there are none).
pub fn summary(severities: impl Iterator<Item = Severity>, noun: &str) -> String {
    let (mut errors, mut warnings, mut infos) = (0usize, 0usize, 0usize);
    for severity in severities {
        match severity {
            Severity::Error => errors += 1,
            Severity::Warning => warnings += 1,
            Severity::Info => infos += 1,
        }
    }
    if errors + warnings + infos == 0 {
        return format!("No findings: the {noun} is valid.");
    }
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    let mut parts = vec![plural(errors, "error"), plural(warnings, "warning")];
    if infos > 0 {
        parts.push(format!("{infos} info"));
    }
    parts.join(", ")
}

/// Where a finding is, in words: `line:column`, the line, else `fallback`.
pub fn at(line: Option<usize>, column: Option<usize>, fallback: impl FnOnce() -> String) -> String {
    match (line, column) {
        (Some(line), Some(column)) => format!("{line}:{column}"),
        (Some(line), None) => line.to_string(),
        (None, _) => fallback(),
    }
}

/// The text shown for a finding without a place.
pub const NOWHERE: &str = "\u{2013}";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_counts_each_severity() {
        let severities = [
            Severity::Error,
            Severity::Warning,
            Severity::Error,
            Severity::Info,
        ];
        assert_eq!(
            summary(severities.into_iter(), "card"),
            "2 errors, 1 warning, 1 info"
        );
        assert_eq!(
            summary(std::iter::empty(), "stream"),
            "No findings: the stream is valid."
        );
    }

    #[test]
    fn a_place_is_line_and_column_else_the_fallback() {
        assert_eq!(at(Some(4), Some(17), String::new), "4:17");
        assert_eq!(at(Some(4), None, String::new), "4");
        assert_eq!(at(None, Some(3), || NOWHERE.to_owned()), NOWHERE);
    }
}
