//! The diagnostics panel: every finding about the file shown (severity, code, message, line and
//! column, JSON pointer), plus the problems that are not findings (the file or its data cannot
//! be read, an older card is shown). Clicking a finding asks for its place in the source.

use eframe::egui::{
    self, Align2, Color32, FontId, RichText, ScrollArea, Sense, Shape, Stroke, TextWrapMode, Ui,
    UiBuilder, vec2,
};
use mcpapp_card::{Diagnostic, Severity};

use super::document::Document;

/// The colour of a severity, readable on the current panel background.
pub fn severity_color(ui: &Ui, severity: Severity) -> Color32 {
    let dark = ui.visuals().dark_mode;
    match (severity, dark) {
        (Severity::Error, false) => Color32::from_rgb(0xC4, 0x2B, 0x1C),
        (Severity::Error, true) => Color32::from_rgb(0xFF, 0x6B, 0x5E),
        (Severity::Warning, false) => Color32::from_rgb(0xB3, 0x6B, 0x00),
        (Severity::Warning, true) => Color32::from_rgb(0xFF, 0xB9, 0x3D),
        (Severity::Info, false) => Color32::from_rgb(0x1F, 0x6F, 0xC5),
        (Severity::Info, true) => Color32::from_rgb(0x6C, 0xB6, 0xFF),
    }
}

/// A round badge with the severity's sign: `×` error, `!` warning, `i` info.
pub fn severity_icon(ui: &mut Ui, severity: Severity) {
    let size = 16.0;
    let (rect, _) = ui.allocate_exact_size(vec2(size, size), Sense::hover());
    let color = severity_color(ui, severity);
    let sign = match severity {
        Severity::Error => "\u{d7}",
        Severity::Warning => "!",
        Severity::Info => "i",
    };
    let painter = ui.painter();
    painter.circle_filled(rect.center(), size / 2.0, color);
    let text = if ui.visuals().dark_mode {
        Color32::BLACK
    } else {
        Color32::WHITE
    };
    painter.text(
        rect.center(),
        Align2::CENTER_CENTER,
        sign,
        FontId::proportional(13.0),
        text,
    );
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
        return "No findings: the card is valid.".to_owned();
    }
    let plural = |n: usize, word: &str| {
        if n == 1 {
            format!("{n} {word}")
        } else {
            format!("{n} {word}s")
        }
    };
    let mut parts = vec![plural(errors, "error"), plural(warnings, "warning")];
    if infos > 0 {
        parts.push(format!("{infos} info"));
    }
    parts.join(", ")
}

/// Draws the panel; returns the index of the finding clicked this frame.
pub fn show(ui: &mut Ui, doc: &Document, selected: Option<usize>) -> Option<usize> {
    let mut clicked = None;
    ui.horizontal(|ui| {
        ui.label(RichText::new("Diagnostics").strong());
        let (errors, warnings) = doc.counts();
        let color = if errors > 0 {
            severity_color(ui, Severity::Error)
        } else if warnings > 0 {
            severity_color(ui, Severity::Warning)
        } else {
            ui.visuals().text_color()
        };
        let text = if doc.diagnostics.is_empty() && (doc.card.is_none() || doc.stale) {
            "No findings about the card.".to_owned()
        } else {
            summary(&doc.diagnostics)
        };
        ui.label(RichText::new(text).color(color));
        if doc.diagnostics.iter().any(|d| doc.place(d).is_some()) {
            ui.weak("\u{b7} click one to see it in the source");
        }
    });
    ui.separator();
    ScrollArea::vertical()
        .auto_shrink(false)
        .id_salt("diagnostics")
        .show(ui, |ui| {
            for (severity, problem) in doc.problems() {
                ui.horizontal_wrapped(|ui| {
                    severity_icon(ui, severity);
                    ui.label(RichText::new(problem).color(severity_color(ui, severity)));
                });
            }
            for (i, d) in doc.diagnostics.iter().enumerate() {
                if row(ui, doc, d, selected == Some(i)) {
                    clicked = Some(i);
                }
            }
        });
    clicked
}

/// One finding as a panel row shows it, whatever the format it is about.
pub struct FindingRow<'a> {
    /// Its weight (an A2UI finding's in the card scale).
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
    /// Whether clicking shows it in the source.
    pub in_source: bool,
}

/// One finding: a head line (icon, severity, code, place, pointer) and the message under it.
/// Returns whether it was clicked.
pub fn finding_row(ui: &mut Ui, f: &FindingRow<'_>, selected: bool) -> bool {
    let background = ui.painter().add(Shape::Noop);
    let color = severity_color(ui, f.severity);
    let response = ui
        .scope_builder(UiBuilder::new().sense(Sense::click()), |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal(|ui| {
                severity_icon(ui, f.severity);
                ui.label(RichText::new(&f.word).color(color).strong());
                ui.label(RichText::new(f.code).monospace().color(color));
                ui.label(RichText::new(&f.at).monospace().strong());
                if !f.pointer.is_empty() {
                    ui.add(
                        egui::Label::new(RichText::new(f.pointer).monospace().weak())
                            .wrap_mode(TextWrapMode::Truncate),
                    );
                }
            });
            ui.horizontal(|ui| {
                ui.add_space(22.0);
                ui.add(egui::Label::new(f.message).wrap_mode(TextWrapMode::Wrap));
            });
        })
        .response;
    let response = if f.in_source {
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

/// A card finding's row: its place is in the file or in the expanded template.
fn row(ui: &mut Ui, doc: &Document, d: &Diagnostic, selected: bool) -> bool {
    let place = doc.place(d);
    let at = match (d.line, d.column) {
        (Some(line), Some(column)) => format!("{line}:{column}"),
        (Some(line), None) => line.to_string(),
        _ => match place {
            Some(super::document::Place::Expanded(line)) => format!("expanded {line}"),
            _ => "\u{2013}".to_owned(),
        },
    };
    let finding = FindingRow {
        severity: d.severity,
        word: d.severity.to_string(),
        code: d.code.as_str(),
        at,
        pointer: &d.pointer,
        message: &d.message,
        in_source: place.is_some(),
    };
    finding_row(ui, &finding, selected)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_counts_each_severity() {
        let parsed = mcpapp_card::parse(
            br#"{"type": "McpApp", "body": [{"type": "Fancy"}],
                "actions": [{"type": "Action.OpenUrl", "title": "x", "url": "javascript:x"}]}"#,
        );
        assert_eq!(summary(&parsed.diagnostics), "1 error, 1 warning");
        assert_eq!(summary(&[]), "No findings: the card is valid.");
    }
}
