//! The action inspector: what the view's last action would send (worked out by the document's
//! kind: [`card`], [`stream`]), which the preview shows and never sends or opens, and the
//! view's state, live.

pub mod card;
pub mod stream;

use eframe::egui::{self, RichText, ScrollArea, TextWrapMode, Ui};

use crate::Logged;
use crate::kind::Previewed;

/// Draws the inspector: the last action, then the live state of `doc`.
pub fn show(ui: &mut Ui, last: Option<&Logged>, doc: &impl Previewed) {
    ScrollArea::vertical()
        .auto_shrink(false)
        .id_salt("inspector")
        .show(ui, |ui| {
            ui.label(RichText::new("Last action").strong());
            match last {
                None => {
                    ui.weak(doc.nothing_yet());
                }
                Some(logged) => {
                    ui.horizontal_wrapped(|ui| {
                        ui.label(RichText::new(format!("#{}", logged.number)).weak());
                        ui.label(RichText::new(&logged.headline).strong());
                        ui.weak(format!("from {}", logged.file));
                    });
                    code_block(ui, &logged.details);
                }
            }
            ui.add_space(10.0);
            let (title, state) = doc.live_state();
            ui.label(RichText::new(title).strong());
            code_block(ui, &state);
        });
}

fn code_block(ui: &mut Ui, text: &str) {
    egui::Frame::group(ui.style())
        .fill(ui.visuals().extreme_bg_color)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.add(
                egui::Label::new(RichText::new(text).monospace())
                    .wrap_mode(TextWrapMode::Wrap)
                    .selectable(true),
            );
        });
}

/// `value` as pretty JSON, or why it cannot be printed.
fn pretty(value: &impl serde::Serialize) -> String {
    serde_json::to_string_pretty(value).unwrap_or_else(|e| format!("(cannot print: {e})"))
}
