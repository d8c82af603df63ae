//! The diagnostics panel: every finding about the file shown (severity, code, message, line and
//! column, JSON pointer), plus the problems that are not findings (the file or its data cannot
//! be read, an older version is shown), for cards and A2UI streams alike. Clicking a finding
//! asks for its place in the source.

use eframe::egui::{
    self, Align2, Color32, FontId, RichText, ScrollArea, Sense, Shape, Stroke, TextWrapMode, Ui,
    UiBuilder, vec2,
};
use mcpapp_card::Severity;

use crate::kind::{Finding, Previewed};

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

/// Draws the panel for `doc`; returns the index of the finding clicked this frame.
pub fn show(ui: &mut Ui, doc: &impl Previewed, selected: Option<usize>) -> Option<usize> {
    let findings = doc.findings();
    let mut clicked = None;
    ui.horizontal(|ui| {
        ui.label(RichText::new("Diagnostics").strong());
        let color = match doc.counts() {
            (0, 0) => ui.visuals().text_color(),
            (0, _) => severity_color(ui, Severity::Warning),
            _ => severity_color(ui, Severity::Error),
        };
        ui.label(RichText::new(doc.summary()).color(color));
        if findings.iter().any(|f| f.place.is_some()) {
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
            for (i, finding) in findings.iter().enumerate() {
                if finding_row(ui, finding, selected == Some(i)) {
                    clicked = Some(i);
                }
            }
        });
    clicked
}

/// One finding: a head line (icon, severity, code, place, pointer) and the message under it.
/// Returns whether it was clicked.
fn finding_row(ui: &mut Ui, f: &Finding<'_>, selected: bool) -> bool {
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
    let response = if f.place.is_some() {
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
