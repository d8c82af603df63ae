//! One A2UI stream file on screen: its text, the surfaces the stream builds (kept while a
//! newer version of the file builds none), and its findings with their lines and columns.

use std::path::{Path, PathBuf};

use mcpapp_a2ui::{Diagnostic, Processor, Severity};

use super::document::watch_path;

/// One A2UI stream file and everything shown about it.
#[derive(Debug)]
pub struct StreamDocument {
    /// The file, as given on the command line.
    pub path: PathBuf,
    /// Where change notifications for the file arrive.
    watch_path: PathBuf,
    /// The file's text as last read.
    pub source: String,
    /// The surfaces shown: those of the last version of the file that built any.
    pub processor: Processor,
    /// The findings about the file as it is now.
    pub diagnostics: Vec<Diagnostic>,
    /// Why the file cannot be read now, if it cannot.
    pub read_error: Option<String>,
    /// Whether the surfaces shown come from an earlier version of the file (the current one
    /// builds none).
    pub stale: bool,
    /// How many times the file was read again.
    pub reloads: u64,
}

impl StreamDocument {
    /// Reads and processes the stream file (an error when it cannot be read).
    pub fn open(path: &Path) -> Result<Self, String> {
        let bytes =
            std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let mut document = Self {
            path: path.to_owned(),
            watch_path: watch_path(path),
            source: String::from_utf8_lossy(&bytes).into_owned(),
            processor: Processor::new(),
            diagnostics: Vec::new(),
            read_error: None,
            stale: false,
            reloads: 0,
        };
        document.rebuild();
        Ok(document)
    }

    /// The file name to show in lists and titles.
    pub fn name(&self) -> String {
        self.path.display().to_string()
    }

    /// The folder whose changes concern this document.
    pub fn watched_folders(&self) -> Vec<PathBuf> {
        self.watch_path
            .parent()
            .map(Path::to_owned)
            .into_iter()
            .collect()
    }

    /// Reacts to a change of the file at `changed` (a path as the watcher reports it).
    /// Returns whether anything shown changed.
    pub fn file_changed(&mut self, changed: &Path) -> bool {
        if changed != self.watch_path {
            return false;
        }
        let changed = match std::fs::read(&self.path) {
            Ok(bytes) => {
                let text = String::from_utf8_lossy(&bytes).into_owned();
                let changed = text != self.source || self.read_error.is_some();
                self.read_error = None;
                self.source = text;
                changed
            }
            Err(e) => {
                self.read_error = Some(format!("cannot read {}: {e}", self.path.display()));
                true
            }
        };
        if changed {
            self.reloads += 1;
            self.rebuild();
        }
        changed
    }

    /// Processes the text again from the start (a stream is applied in order, so an edit
    /// anywhere rebuilds every surface), keeping the last surfaces if this version builds
    /// none. Values typed into the surfaces are not kept: the stream's data model is what the
    /// file says.
    fn rebuild(&mut self) {
        if self.read_error.is_some() {
            self.stale = !self.processor.surfaces().is_empty();
            return;
        }
        let report = mcpapp_a2ui::process_str(&self.source);
        self.diagnostics = report.diagnostics;
        if report.processor.surfaces().is_empty() {
            self.stale = !self.processor.surfaces().is_empty();
        } else {
            self.processor = report.processor;
            self.stale = false;
        }
    }

    /// The 1-based line of the source a finding points at, when it has one.
    pub fn place(diagnostic: &Diagnostic) -> Option<usize> {
        diagnostic.line
    }

    /// How many errors and warnings the file has.
    pub fn counts(&self) -> (usize, usize) {
        let count = |s| self.diagnostics.iter().filter(|d| d.severity == s).count();
        (count(Severity::Error), count(Severity::Warning))
    }

    /// The problems that are not findings, with how bad they are: the file cannot be read
    /// (an error), the surfaces shown are older ones (a warning).
    pub fn problems(&self) -> Vec<(Severity, String)> {
        let mut problems = Vec::new();
        if let Some(e) = &self.read_error {
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
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "tests")]

    use super::*;

    const CREATE: &str = r#"{"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}"#;

    fn text(words: &str) -> String {
        format!(
            r#"{{"version": "v0.9", "updateComponents": {{"surfaceId": "s", "components": [{{"id": "root", "component": "Text", "text": "{words}"}}]}}}}"#
        )
    }

    fn temp_file(name: &str, content: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("mcpapp-preview-a2ui-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, content).unwrap();
        path
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
    fn a_saved_change_is_processed_again() {
        let path = temp_file("reload.jsonl", &format!("{CREATE}\n{}\n", text("one")));
        let mut doc = StreamDocument::open(&path).unwrap();
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
        let path = temp_file("broken.jsonl", &format!("{CREATE}\n{}\n", text("kept")));
        let mut doc = StreamDocument::open(&path).unwrap();
        std::fs::write(&path, format!("{CREATE}\n{{\"version\": \"v0.9\", \n")).unwrap();
        assert!(doc.file_changed(&watch_path(&path)));
        // The createSurface line still builds a surface: it is shown, empty, with the error.
        assert!(!doc.stale);
        let error = doc.diagnostics.iter().find(|d| d.is_error()).unwrap();
        assert_eq!(error.code.as_str(), "json-syntax");
        assert_eq!(StreamDocument::place(error), Some(2));
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
        assert!(doc.read_error.is_some());
        assert_eq!(doc.problems().len(), 2);
    }
}
