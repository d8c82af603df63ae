//! One card file on screen: its text, the card read from it (kept while a newer version cannot
//! be read), its diagnostics, its template data, and the state of its inputs.

use std::path::{Path, PathBuf};

use mcpapp_card::{Card, Diagnostic, Severity};
use mcpapp_egui::CardState;
use serde_json::Value;

use super::pretty::PrettyJson;

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
    fn read(path: &Path) -> Self {
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
    fn reload(&mut self) -> bool {
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
    fn set_text(&mut self, text: String) -> bool {
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

/// One card file and everything shown about it.
#[derive(Debug)]
pub struct Document {
    /// The file, as given on the command line.
    pub path: PathBuf,
    /// Where change notifications for the file arrive (its folder resolved, then its name).
    watch_path: PathBuf,
    /// The file's text as last read.
    pub source: String,
    /// The template data, when the card is a template.
    pub data: Option<TemplateData>,
    /// Where data beside the file would be (watched, so it can be added later).
    beside: Vec<PathBuf>,
    /// Whether the data was given with `--data` (then a file beside the card is not looked
    /// for).
    explicit_data: bool,
    /// The card shown: the last one that could be read.
    pub card: Option<Card>,
    /// The state of the card's inputs (kept across reloads where the inputs still fit).
    pub state: CardState,
    /// The findings about the file as it is now.
    pub diagnostics: Vec<Diagnostic>,
    /// Why the file cannot be read now, if it cannot.
    pub read_error: Option<String>,
    /// Whether the card shown comes from an earlier version of the file (the current one
    /// could not be read into a card).
    pub stale: bool,
    /// For a template: the expanded card, for findings that point into it.
    pub expanded: Option<PrettyJson>,
    /// How many times the file or its data was read again.
    pub reloads: u64,
}

/// Where a diagnostic is in the text the preview can show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// A 1-based line of the card file.
    Source(usize),
    /// A 1-based line of the expanded template.
    Expanded(usize),
}

impl Document {
    /// Reads the card file (an error when it cannot be read), and its template data: the
    /// given data file, or else `NAME.data.json` beside `NAME.json` (or `NAME.template.json`)
    /// if there is one.
    pub fn open(path: &Path, data: Option<&Path>) -> Result<Self, String> {
        let bytes =
            std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let beside = data_beside(path);
        let data_path = data
            .map(Path::to_owned)
            .or_else(|| beside.iter().find(|p| p.is_file()).cloned());
        let mut document = Self {
            path: path.to_owned(),
            watch_path: watch_path(path),
            source: String::from_utf8_lossy(&bytes).into_owned(),
            data: data_path.as_deref().map(TemplateData::read),
            beside: beside.iter().map(|p| watch_path(p)).collect(),
            explicit_data: data.is_some(),
            card: None,
            state: CardState::default(),
            diagnostics: Vec::new(),
            read_error: None,
            stale: false,
            expanded: None,
            reloads: 0,
        };
        document.rebuild();
        Ok(document)
    }

    /// The file name to show in lists and titles.
    pub fn name(&self) -> String {
        self.path.display().to_string()
    }

    /// The folders whose changes concern this document.
    pub fn watched_folders(&self) -> Vec<PathBuf> {
        let mut folders: Vec<PathBuf> = [Some(&self.watch_path), self.data_watch_path().as_ref()]
            .into_iter()
            .flatten()
            .chain(&self.beside)
            .filter_map(|p| p.parent().map(Path::to_owned))
            .collect();
        folders.sort();
        folders.dedup();
        folders
    }

    fn data_watch_path(&self) -> Option<PathBuf> {
        self.data.as_ref().map(|d| watch_path(&d.path))
    }

    /// Reacts to a change of the file at `changed` (a path as the watcher reports it).
    /// Returns whether anything shown changed.
    pub fn file_changed(&mut self, changed: &Path) -> bool {
        let mut rebuild = false;
        if changed == self.watch_path {
            rebuild |= self.reload_source();
        }
        if self.data_watch_path().as_deref() == Some(changed) {
            rebuild |= self.data.as_mut().is_some_and(TemplateData::reload);
            // A data file that cannot be read or is no JSON is shown as such.
            rebuild |= self.data.as_ref().is_some_and(|d| d.error.is_some());
        } else if !self.explicit_data
            && self.data.is_none()
            && self.beside.iter().any(|p| p == changed)
            && changed.is_file()
        {
            self.data = Some(TemplateData::read(changed));
            rebuild = true;
        }
        if rebuild {
            self.reloads += 1;
            self.rebuild();
        }
        rebuild
    }

    /// Reads the card file again; returns whether its text changed (or it cannot be read).
    fn reload_source(&mut self) -> bool {
        match std::fs::read(&self.path) {
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
        }
    }

    /// Takes the text of the data editor: the card is filled again if it is JSON; if not,
    /// the error is shown and the last card stays.
    pub fn set_data_text(&mut self, text: String) {
        if let Some(data) = &mut self.data
            && data.set_text(text)
        {
            self.rebuild();
        }
    }

    /// Reads the card from the text (filling the template first), keeping the last card if
    /// this one cannot be read, and the input values that still fit.
    fn rebuild(&mut self) {
        if self.read_error.is_some() {
            self.stale = self.card.is_some();
            return;
        }
        let parsed = if let Some(data) = &self.data {
            let Some(value) = &data.value else {
                // Data that was never JSON: nothing to fill the template with.
                self.diagnostics.clear();
                self.stale = self.card.is_some();
                return;
            };
            self.expanded = expand(&self.source, value);
            mcpapp_card::parse_template(self.source.as_bytes(), value)
        } else {
            self.expanded = None;
            mcpapp_card::parse(self.source.as_bytes())
        };
        self.diagnostics = parsed.diagnostics;
        match parsed.card {
            Some(card) => {
                let mut state = CardState::new(&card);
                if self.card.is_some() {
                    state.restore(&card, &self.state);
                }
                self.state = state;
                self.card = Some(card);
                self.stale = false;
            }
            None => self.stale = self.card.is_some(),
        }
    }

    /// Where a diagnostic is: its line in the file, or for a finding about an expanded
    /// template, its line in the expanded card.
    pub fn place(&self, diagnostic: &Diagnostic) -> Option<Place> {
        if let Some(line) = diagnostic.line {
            return Some(Place::Source(line));
        }
        self.expanded
            .as_ref()
            .and_then(|e| e.line_of(&diagnostic.pointer))
            .map(Place::Expanded)
    }

    /// How many errors and warnings the file has.
    pub fn counts(&self) -> (usize, usize) {
        let count = |s| self.diagnostics.iter().filter(|d| d.severity == s).count();
        (count(Severity::Error), count(Severity::Warning))
    }

    /// The problems that are not diagnostics of the card, with how bad they are: the file or
    /// its data cannot be read (errors), and the card shown is an older one (a warning).
    pub fn problems(&self) -> Vec<(Severity, String)> {
        let mut problems = Vec::new();
        if let Some(e) = &self.read_error {
            problems.push((Severity::Error, e.clone()));
        }
        if let Some(e) = self.data.as_ref().and_then(|d| d.error.as_ref()) {
            problems.push((Severity::Error, format!("template data: {e}")));
        }
        if self.stale {
            problems.push((
                Severity::Warning,
                "the card shown is the last one that could be read; the file as it is now \
                 gives no card"
                    .to_owned(),
            ));
        }
        problems
    }
}

/// The template expanded with the data, printed for reading (nothing when it does not
/// expand: the diagnostics say why).
fn expand(source: &str, data: &Value) -> Option<PrettyJson> {
    let template: Value = serde_json::from_str(source).ok()?;
    let expanded = mcpapp_card::template::expand(&template, data).ok()?;
    Some(PrettyJson::new(&expanded))
}

/// Where the data of a template may be, first match first: `NAME.data.json` beside
/// `NAME.json`, and `NAME.data.json` beside `NAME.template.json` (nothing for a file that is
/// itself data).
fn data_beside(path: &Path) -> Vec<PathBuf> {
    let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else {
        return Vec::new();
    };
    let inner = Path::new(stem);
    let kind = inner.extension().and_then(|e| e.to_str());
    if kind.is_some_and(|e| e.eq_ignore_ascii_case("data")) {
        return Vec::new();
    }
    let mut candidates = vec![path.with_file_name(format!("{stem}.data.json"))];
    if kind.is_some_and(|e| e.eq_ignore_ascii_case("template"))
        && let Some(name) = inner.file_stem().and_then(|s| s.to_str())
    {
        candidates.push(path.with_file_name(format!("{name}.data.json")));
    }
    candidates
}

/// The path change notifications name a file by: its folder resolved (symbolic links, `..`),
/// then its name. The file itself is not resolved, since it may not exist yet.
pub fn watch_path(path: &Path) -> PathBuf {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_owned(),
        _ => PathBuf::from("."),
    };
    let folder = std::fs::canonicalize(&folder).unwrap_or(folder);
    match path.file_name() {
        Some(name) => folder.join(name),
        None => folder,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("mcpapp-preview-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    const GOOD: &str = r#"{"type": "McpApp", "body": [{"type": "Input.Text", "id": "name"}]}"#;

    #[test]
    fn a_file_that_stops_being_json_keeps_the_last_card() {
        let dir = temp_dir("reload");
        let path = dir.join("card.json");
        std::fs::write(&path, GOOD).unwrap();
        let mut doc = Document::open(&path, None).unwrap();
        assert!(doc.card.is_some());
        assert!(doc.diagnostics.is_empty());
        doc.state.values.set(
            "name",
            mcpapp_card::InputValue::Text("typed before the edit".into()),
        );

        std::fs::write(&path, "{\"type\": \"McpApp\", \"body\": [").unwrap();
        assert!(doc.file_changed(&watch_path(&path)));
        assert!(doc.card.is_some(), "the last good card stays");
        assert!(doc.stale);
        assert_eq!(doc.counts().0, 1);
        assert_eq!(doc.diagnostics[0].code.as_str(), "json-syntax");
        assert_eq!(doc.problems().len(), 1);

        // A version with another element: new card, the typed value survives.
        let next = r#"{"type": "McpApp", "body": [{"type": "TextBlock", "text": "Hi"},
            {"type": "Input.Text", "id": "name"}]}"#;
        std::fs::write(&path, next).unwrap();
        assert!(doc.file_changed(&watch_path(&path)));
        assert!(!doc.stale);
        assert_eq!(doc.card.as_ref().unwrap().body.len(), 2);
        assert_eq!(
            doc.state.values.get("name"),
            Some(&mcpapp_card::InputValue::Text(
                "typed before the edit".into()
            ))
        );
        assert_eq!(doc.reloads, 2);

        // The same text again (a save without changes, our own read): nothing to do.
        assert!(!doc.file_changed(&watch_path(&path)));
        // Another file in the folder is none of this document's business.
        assert!(!doc.file_changed(&dir.join("other.json")));
    }

    #[test]
    fn a_card_with_errors_is_still_shown_with_them() {
        let dir = temp_dir("errors");
        let path = dir.join("card.json");
        std::fs::write(
            &path,
            "{\n  \"type\": \"McpApp\",\n  \"actions\": [\n    {\"type\": \"Action.OpenUrl\", \"title\": \"x\", \"url\": \"javascript:alert(1)\"}\n  ]\n}\n",
        )
        .unwrap();
        let doc = Document::open(&path, None).unwrap();
        assert!(doc.card.is_some());
        let error = doc.diagnostics.iter().find(|d| d.is_error()).unwrap();
        assert_eq!(doc.place(error), Some(Place::Source(4)));
    }

    #[test]
    fn templates_take_data_beside_them_and_from_the_editor() {
        let dir = temp_dir("template");
        let path = dir.join("hello.json");
        std::fs::write(
            &path,
            r#"{"type": "McpApp", "body": [{"type": "TextBlock", "text": "Hello ${name}"},
                {"type": "Image", "url": "${picture}"}]}"#,
        )
        .unwrap();
        std::fs::write(dir.join("hello.data.json"), r#"{"name": "Ada"}"#).unwrap();
        let mut doc = Document::open(&path, None).unwrap();
        let data = doc.data.as_ref().unwrap();
        assert_eq!(data.path, dir.join("hello.data.json"));
        let text = |doc: &Document| {
            serde_json::to_value(doc.card.as_ref().unwrap()).unwrap()["body"][0]["text"].clone()
        };
        assert_eq!(text(&doc), "Hello Ada");

        doc.set_data_text(r#"{"name": "Grace"}"#.to_owned());
        assert_eq!(text(&doc), "Hello Grace");

        doc.set_data_text(r#"{"name": "#.to_owned());
        assert!(doc.data.as_ref().unwrap().error.is_some());
        assert_eq!(
            text(&doc),
            "Hello Grace",
            "invalid data keeps the last card"
        );
        assert_eq!(doc.problems().len(), 1);

        // Findings about the expanded card point into it.
        doc.set_data_text(r#"{"name": "Grace", "picture": "javascript:alert(1)"}"#.to_owned());
        let finding = doc
            .diagnostics
            .iter()
            .find(|d| d.pointer.starts_with("/body/1"))
            .unwrap();
        assert!(matches!(doc.place(finding), Some(Place::Expanded(_))));
    }

    #[test]
    fn a_data_file_added_later_is_picked_up() {
        let dir = temp_dir("later");
        let path = dir.join("late.json");
        std::fs::write(
            &path,
            r#"{"type": "McpApp", "body": [{"type": "TextBlock", "text": "${greeting}"}]}"#,
        )
        .unwrap();
        let mut doc = Document::open(&path, None).unwrap();
        assert!(doc.data.is_none());
        let data = dir.join("late.data.json");
        std::fs::write(&data, r#"{"greeting": "Hi"}"#).unwrap();
        assert!(doc.file_changed(&watch_path(&data)));
        assert!(doc.data.is_some());
    }

    #[test]
    fn data_beside_a_card() {
        assert_eq!(
            data_beside(Path::new("a/b.json")),
            vec![PathBuf::from("a/b.data.json")]
        );
        assert_eq!(
            data_beside(Path::new("a/b.template.json")),
            vec![
                PathBuf::from("a/b.template.data.json"),
                PathBuf::from("a/b.data.json")
            ]
        );
        assert!(data_beside(Path::new("a/b.data.json")).is_empty());
    }
}
