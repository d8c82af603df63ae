//! One A2UI stream file on screen: its text, the surfaces the stream builds (kept while a
//! newer version of the file builds none), and its findings with their lines and columns.

use std::path::{Path, PathBuf};

use eframe::egui::Ui;
use mcpapp_a2ui::{Diagnostic, Processor};
use mcpapp_card::{HostConfig, Severity};
use mcpapp_egui::SurfaceView;

use crate::PreviewError;
use crate::file::WatchedFile;
use crate::inspector::stream as inspector;
use crate::kind::{self, Finding, Place, Previewed};

/// One A2UI stream file and everything shown about it.
#[derive(Debug)]
pub struct StreamDocument {
    /// The stream file.
    pub file: WatchedFile,
    /// The surfaces shown: those of the last version of the file that built any.
    pub processor: Processor,
    /// The findings about the file as it is now.
    pub diagnostics: Vec<Diagnostic>,
    /// Whether the surfaces shown come from an earlier version of the file (the current one
    /// builds none).
    pub stale: bool,
    /// How many times the file was read again.
    pub reloads: u64,
}

impl StreamDocument {
    /// Reads and processes the stream file (an error when it cannot be read).
    pub fn open(path: &Path) -> Result<Self, PreviewError> {
        let mut document = Self {
            file: WatchedFile::open(path)?,
            processor: Processor::new(),
            diagnostics: Vec::new(),
            stale: false,
            reloads: 0,
        };
        document.rebuild();
        Ok(document)
    }

    /// Processes the text again from the start (a stream is applied in order, so an edit
    /// anywhere rebuilds every surface), keeping the last surfaces if this version builds
    /// none. Values typed into the surfaces are not kept: the stream's data model is what the
    /// file says.
    fn rebuild(&mut self) {
        if self.file.read_error.is_some() {
            self.stale = !self.processor.surfaces().is_empty();
            return;
        }
        let report = mcpapp_a2ui::process_str(&self.file.text);
        self.diagnostics = report.diagnostics;
        if report.processor.surfaces().is_empty() {
            self.stale = !self.processor.surfaces().is_empty();
        } else {
            self.processor = report.processor;
            self.stale = false;
        }
    }
}

/// The card severity of the same weight, for the shared colours and badges.
fn card_severity(severity: mcpapp_a2ui::Severity) -> Severity {
    match severity {
        mcpapp_a2ui::Severity::Error => Severity::Error,
        mcpapp_a2ui::Severity::Warning => Severity::Warning,
        mcpapp_a2ui::Severity::Info => Severity::Info,
    }
}

/// Where a finding is: `line:column`, else which message, else a dash.
fn place_text(d: &Diagnostic) -> String {
    kind::at(d.line, d.column, || {
        d.message_index
            .map_or_else(|| kind::NOWHERE.to_owned(), |i| format!("message {i}"))
    })
}

impl Previewed for StreamDocument {
    fn name(&self) -> String {
        self.file.name()
    }

    fn watched_folders(&self) -> Vec<PathBuf> {
        self.file.folder().into_iter().collect()
    }

    fn file_changed(&mut self, changed: &Path) -> bool {
        if !self.file.is(changed) || !self.file.reload() {
            return false;
        }
        self.reloads += 1;
        self.rebuild();
        true
    }

    fn source(&self) -> &str {
        &self.file.text
    }

    fn findings(&self) -> Vec<Finding<'_>> {
        self.diagnostics
            .iter()
            .map(|d| Finding {
                severity: card_severity(d.severity),
                word: d.severity.to_string(),
                code: d.code.as_str(),
                at: place_text(d),
                pointer: &d.pointer,
                message: &d.message,
                place: d.line.map(|line| Place::Source(line, d.column)),
            })
            .collect()
    }

    /// The file cannot be read (an error), the surfaces shown are older ones (a warning).
    fn problems(&self) -> Vec<(Severity, String)> {
        let mut problems = Vec::new();
        if let Some(e) = &self.file.read_error {
            problems.push((Severity::Error, e.clone()));
        }
        if self.stale {
            problems.push((
                Severity::Warning,
                "the surfaces shown are the last ones the file built; the file as it is now \
                 builds none"
                    .to_owned(),
            ));
        }
        problems
    }

    fn summary(&self) -> String {
        let severities = self.diagnostics.iter().map(|d| card_severity(d.severity));
        kind::summary(severities, "stream")
    }

    fn stale_note(&self) -> Option<&'static str> {
        self.stale
            .then_some("Showing the last surfaces the file built (see the diagnostics).")
    }

    /// Every surface of the stream, one under the other; the first action reported.
    fn show(
        &mut self,
        ui: &mut Ui,
        config: &HostConfig,
        disabled: bool,
    ) -> Option<(String, String)> {
        let ids: Vec<String> = self.processor.surfaces().keys().cloned().collect();
        if ids.is_empty() {
            ui.label("No surface to show yet: the diagnostics below say what is wrong.");
        }
        let many = ids.len() > 1;
        let mut event = None;
        for id in ids {
            if many {
                ui.weak(format!("surface {id}"));
            }
            let Some(surface) = self.processor.surface_mut(&id) else {
                continue;
            };
            let output = SurfaceView::new(surface)
                .host_config(config)
                .disabled(disabled)
                .show(ui);
            if event.is_none() {
                event = output.event;
            }
            ui.add_space(12.0);
        }
        // The data models of `sendDataModel` surfaces are read as the action happens.
        let event = event?;
        let details = inspector::details(&event, self.processor.client_data_model());
        Some((inspector::headline(&event), details))
    }

    fn nothing_yet(&self) -> &'static str {
        "Nothing yet: use a button or another action of the surface."
    }

    fn live_state(&self) -> (&'static str, String) {
        (
            "Data models (live)",
            inspector::data_models_json(&self.processor),
        )
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "tests")]

    use mcpapp_a2ui::Code;

    use super::*;
    use crate::test_files::temp_file;
    use crate::watcher::watch_path;

    const CREATE: &str = r#"{"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}"#;

    fn text(words: &str) -> String {
        format!(
            r#"{{"version": "v0.9", "updateComponents": {{"surfaceId": "s", "components": [{{"id": "root", "component": "Text", "text": "{words}"}}]}}}}"#
        )
    }

    /// A stream file `name` that creates surface `s` with a text of `words`, opened: where the
    /// reload tests start.
    fn opened(name: &str, words: &str) -> (PathBuf, StreamDocument) {
        let path = temp_file("a2ui", name, &format!("{CREATE}\n{}\n", text(words)));
        let doc = StreamDocument::open(&path).unwrap();
        (path, doc)
    }

    fn shown_text(doc: &StreamDocument) -> String {
        let surface = doc.processor.surface("s").unwrap();
        surface
            .property("root", "text", &mcpapp_a2ui::Pointer::root())
            .unwrap()
            .as_str()
            .unwrap()
            .to_owned()
    }

    #[test]
    fn a_finding_is_placed_by_line_and_column_else_by_message() {
        let mut d = Diagnostic::new(Code::MissingChild, "/x", "no child").in_message(3);
        assert_eq!(place_text(&d), "message 3");
        d.line = Some(4);
        d.column = Some(17);
        assert_eq!(place_text(&d), "4:17");
    }

    #[test]
    fn a_saved_change_is_processed_again() {
        let (path, mut doc) = opened("reload.jsonl", "one");
        assert!(doc.diagnostics.is_empty(), "{:?}", doc.diagnostics);
        assert_eq!(shown_text(&doc), "one");

        // An unrelated path changes nothing; the file's own change is read.
        assert!(!doc.file_changed(Path::new("/elsewhere.jsonl")));
        std::fs::write(&path, format!("{CREATE}\n{}\n", text("two"))).unwrap();
        assert!(doc.file_changed(&watch_path(&path)));
        assert_eq!((shown_text(&doc), doc.reloads), ("two".to_owned(), 1));
        // The same text again is no change.
        assert!(!doc.file_changed(&watch_path(&path)));
    }

    #[test]
    fn a_broken_save_keeps_the_last_surfaces_and_places_the_finding() {
        let (path, mut doc) = opened("broken.jsonl", "kept");
        std::fs::write(&path, format!("{CREATE}\n{{\"version\": \"v0.9\", \n")).unwrap();
        assert!(doc.file_changed(&watch_path(&path)));
        // The createSurface line still builds a surface: it is shown, empty, with the error.
        assert!(!doc.stale);
        let at = doc
            .diagnostics
            .iter()
            .position(Diagnostic::is_error)
            .unwrap();
        let error = &doc.diagnostics[at];
        assert_eq!(error.code.as_str(), "json-syntax");
        assert_eq!(
            doc.findings()[at].place,
            Some(Place::Source(2, error.column))
        );
        assert_eq!(doc.counts().0, 1);

        // A file that builds no surface at all keeps the last ones, and says so.
        std::fs::write(&path, "not json at all").unwrap();
        assert!(doc.file_changed(&watch_path(&path)));
        assert!(doc.stale);
        assert!(doc.processor.surface("s").is_some());
        assert_eq!(doc.problems().len(), 1);

        // A file that is gone is an error, and the surfaces stay.
        std::fs::remove_file(&path).unwrap();
        assert!(doc.file_changed(&watch_path(&path)));
        assert!(doc.file.read_error.is_some());
        assert_eq!(doc.problems().len(), 2);
    }
}
