//! The diagnostics panel of an A2UI stream: every finding (severity, code, line and column,
//! which message, JSON pointer, message) and the problems that are not findings. Clicking a
//! finding asks for its place in the source.

use eframe::egui::{RichText, ScrollArea, Ui};
use mcpapp_a2ui::{Diagnostic, Severity};

use super::diagnostics::{FindingRow, finding_row, severity_color, severity_icon};
use super::surface::StreamDocument;

/// The card severity of the same weight, for the shared colours and badges.
pub fn card_severity(severity: Severity) -> mcpapp_card::Severity {
    match severity {
        Severity::Error => mcpapp_card::Severity::Error,
        Severity::Warning => mcpapp_card::Severity::Warning,
        Severity::Info => mcpapp_card::Severity::Info,
    }
}

/// The summary line: how many findings of each severity.
pub fn summary(diagnostics: &[Diagnostic]) -> String {
    let count = |s| diagnostics.iter().filter(|d| d.severity == s).count();
    let (errors, warnings, infos) = (
        count(Severity::Error),
        count(Severity::Warning),
        count(Severity::Info),
    );
    if errors + warnings + infos == 0 {
        return "No findings: the stream is valid.".to_owned();
    }
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    let mut parts = vec![plural(errors, "error"), plural(warnings, "warning")];
    if infos > 0 {
        parts.push(format!("{infos} info"));
    }
    parts.join(", ")
}

/// Draws the panel; returns the index of the finding clicked this frame.
pub fn show(ui: &mut Ui, doc: &StreamDocument, selected: Option<usize>) -> Option<usize> {
    let mut clicked = None;
    ui.horizontal(|ui| {
        ui.label(RichText::new("Diagnostics").strong());
        let (errors, warnings) = doc.counts();
        let color = match (errors, warnings) {
            (0, 0) => ui.visuals().text_color(),
            (0, _) => severity_color(ui, mcpapp_card::Severity::Warning),
            _ => severity_color(ui, mcpapp_card::Severity::Error),
        };
        ui.label(RichText::new(summary(&doc.diagnostics)).color(color));
        if doc.diagnostics.iter().any(|d| d.line.is_some()) {
            ui.weak("\u{b7} click one to see it in the source");
        }
    });
    ui.separator();
    ScrollArea::vertical()
        .auto_shrink(false)
        .id_salt("surface-diagnostics")
        .show(ui, |ui| {
            for (severity, problem) in doc.problems() {
                let severity = card_severity(severity);
                ui.horizontal_wrapped(|ui| {
                    severity_icon(ui, severity);
                    ui.label(RichText::new(problem).color(severity_color(ui, severity)));
                });
            }
            for (i, d) in doc.diagnostics.iter().enumerate() {
                if row(ui, d, selected == Some(i)) {
                    clicked = Some(i);
                }
            }
        });
    clicked
}

/// Where a finding is: `line:column`, else which message, else a dash.
fn place_text(d: &Diagnostic) -> String {
    match (d.line, d.column, d.message_index) {
        (Some(line), Some(column), _) => format!("{line}:{column}"),
        (Some(line), None, _) => line.to_string(),
        (None, _, Some(i)) => format!("message {i}"),
        (None, _, None) => "\u{2013}".to_owned(),
    }
}

/// An A2UI finding's row: its place is its line and column, else which message.
fn row(ui: &mut Ui, d: &Diagnostic, selected: bool) -> bool {
    let finding = FindingRow {
        severity: card_severity(d.severity),
        word: d.severity.to_string(),
        code: d.code.as_str(),
        at: place_text(d),
        pointer: &d.pointer,
        message: &d.message,
        in_source: d.line.is_some(),
    };
    finding_row(ui, &finding, selected)
}

#[cfg(test)]
mod tests {
    use mcpapp_a2ui::Code;

    use super::*;

    #[test]
    fn the_summary_counts_each_severity() {
        assert_eq!(summary(&[]), "No findings: the stream is valid.");
        let error = Diagnostic::new(Code::MissingChild, "/x", "no child");
        let warning = Diagnostic::new(Code::UnknownCatalog, "", "unknown");
        assert_eq!(
            summary(&[error.clone(), error, warning]),
            "2 errors, 1 warning"
        );
    }

    #[test]
    fn a_finding_is_placed_by_line_and_column_else_by_message() {
        let mut d = Diagnostic::new(Code::MissingChild, "/x", "no child").in_message(3);
        assert_eq!(place_text(&d), "message 3");
        d.line = Some(4);
        d.column = Some(17);
        assert_eq!(place_text(&d), "4:17");
    }
}
