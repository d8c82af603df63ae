//! The data a card template is filled with, and the tab that edits it (edits fill the card
//! again; they are never saved).

use std::path::{Path, PathBuf};

use eframe::egui::{ScrollArea, TextEdit, Ui};
use mcpapp_card::Severity;
use serde_json::Value;

use crate::diagnostics::severity_color;

/// The data a card template is filled with.
#[derive(Debug, Clone)]
pub struct TemplateData {
    /// The file the data comes from.
    pub path: PathBuf,
    /// The text in the data editor (the file's, until it is edited).
    pub text: String,
    /// The last data that was JSON.
    pub value: Option<Value>,
    /// Why the text is not usable (not JSON, or the file cannot be read).
    pub error: Option<String>,
}

impl TemplateData {
    pub(crate) fn read(path: &Path) -> Self {
        let mut data = Self {
            path: path.to_owned(),
            text: String::new(),
            value: None,
            error: None,
        };
        data.reload();
        data
    }

    /// Reads the file again (edits in the editor are replaced). Returns whether the data
    /// changed.
    pub(crate) fn reload(&mut self) -> bool {
        match std::fs::read(&self.path) {
            Ok(bytes) => {
                let text = String::from_utf8_lossy(&bytes).into_owned();
                if text == self.text && self.error.is_none() {
                    return false;
                }
                self.set_text(text)
            }
            Err(e) => {
                self.error = Some(format!("cannot read {}: {e}", self.path.display()));
                false
            }
        }
    }

    /// Takes new text; returns whether it is JSON (and so the card must be filled again).
    pub(crate) fn set_text(&mut self, text: String) -> bool {
        self.text = text;
        match serde_json::from_str::<Value>(&self.text) {
            Ok(value) => {
                self.value = Some(value);
                self.error = None;
                true
            }
            Err(e) => {
                self.error = Some(format!("the data is not JSON: {e}"));
                false
            }
        }
    }
}

/// Draws the data tab; returns the edited text when it changed this frame.
pub fn show(ui: &mut Ui, data: Option<&TemplateData>) -> Option<String> {
    let Some(data) = data else {
        ui.label(
            "This card is not filled with data. To preview a template, give --data DATA.json \
             or put NAME.data.json beside NAME.json.",
        );
        return None;
    };
    ui.horizontal_wrapped(|ui| {
        ui.weak("From");
        ui.monospace(data.path.display().to_string());
        ui.weak("\u{b7} edits fill the card again; they are not saved.");
    });
    if let Some(e) = &data.error {
        ui.colored_label(severity_color(ui, Severity::Error), e);
    }
    let mut text = data.text.clone();
    let changed = ScrollArea::vertical()
        .id_salt("data")
        .auto_shrink(false)
        .show(ui, |ui| {
            ui.add(
                TextEdit::multiline(&mut text)
                    .code_editor()
                    .desired_width(f32::INFINITY)
                    .desired_rows(24),
            )
            .changed()
        })
        .inner;
    changed.then_some(text)
}
