//! The diagnostics panel of an A2UI stream: every finding (severity, code, line and column,
//! which message, JSON pointer, message) and the problems that are not findings. Clicking a
//! finding asks for its place in the source.

use eframe::egui::{
    self, RichText, ScrollArea, Sense, Shape, Stroke, TextWrapMode, Ui, UiBuilder, vec2,
};
use mcpapp_a2ui::{Diagnostic, Severity};

use super::diagnostics::{severity_color, severity_icon};
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

/// One finding: a head line and the message under it. Returns whether it was clicked.
fn row(ui: &mut Ui, d: &Diagnostic, selected: bool) -> bool {
    let background = ui.painter().add(Shape::Noop);
    let severity = card_severity(d.severity);
    let color = severity_color(ui, severity);
    let response = ui
        .scope_builder(UiBuilder::new().sense(Sense::click()), |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal(|ui| {
                severity_icon(ui, severity);
                ui.label(RichText::new(d.severity.to_string()).color(color).strong());
                ui.label(RichText::new(d.code.as_str()).monospace().color(color));
                ui.label(RichText::new(place_text(d)).monospace().strong());
                if !d.pointer.is_empty() {
                    ui.add(
                        egui::Label::new(RichText::new(&d.pointer).monospace().weak())
                            .wrap_mode(TextWrapMode::Truncate),
                    );
                }
            });
            ui.horizontal(|ui| {
                ui.add_space(22.0);
                ui.add(egui::Label::new(&d.message).wrap_mode(TextWrapMode::Wrap));
            });
        })
        .response;
    let response = if d.line.is_some() {
        response.on_hover_text("Show it in the source")
    } else {
        response
    };
    let rect = response.rect.expand2(vec2(2.0, 1.0));
    let fill = if selected {
        Some(ui.visuals().selection.bg_fill.gamma_multiply(0.5))
    } else if response.hovered() {
        Some(ui.visuals().widgets.hovered.weak_bg_fill)
    } else {
        None
    };
    if let Some(fill) = fill {
        ui.painter()
            .set(background, Shape::rect_filled(rect, 3.0, fill));
    }
    ui.painter().line_segment(
        [rect.left_bottom(), rect.right_bottom()],
        Stroke::new(1.0, ui.visuals().widgets.noninteractive.bg_stroke.color),
    );
    ui.add_space(2.0);
    response.clicked()
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
