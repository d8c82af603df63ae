//! One card file on screen: its text, the card read from it (kept while a newer version cannot
//! be read), its diagnostics, its template data, and the state of its inputs.

use std::path::{Path, PathBuf};

use eframe::egui::Ui;
use mcpapp_card::{Card, Diagnostic, HostConfig, Severity};
use mcpapp_egui::{CardState, CardView};
use serde_json::Value;

use crate::PreviewError;
use crate::data::TemplateData;
use crate::file::WatchedFile;
use crate::inspector::card as inspector;
use crate::kind::{self, Finding, Place, Previewed};
use crate::pretty::PrettyJson;
use crate::watcher::watch_path;

/// One card file and everything shown about it.
#[derive(Debug)]
pub struct CardDocument {
    /// The card file.
    pub file: WatchedFile,
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
    /// Whether the card shown comes from an earlier version of the file (the current one
    /// could not be read into a card).
    pub stale: bool,
    /// For a template: the expanded card, for findings that point into it.
    pub expanded: Option<PrettyJson>,
    /// How many times the file or its data was read again.
    pub reloads: u64,
}

impl CardDocument {
    /// Reads the card file (an error when it cannot be read), and its template data: the
    /// given data file, or else `NAME.data.json` beside `NAME.json` (or `NAME.template.json`)
    /// if there is one.
    pub fn open(path: &Path, data: Option<&Path>) -> Result<Self, PreviewError> {
        let file = WatchedFile::open(path)?;
        let beside = data_beside(path);
        let data_path = data
            .map(Path::to_owned)
            .or_else(|| beside.iter().find(|p| p.is_file()).cloned());
        let mut document = Self {
            file,
            data: data_path.as_deref().map(TemplateData::read),
            beside: beside.iter().map(|p| watch_path(p)).collect(),
            explicit_data: data.is_some(),
            card: None,
            state: CardState::default(),
            diagnostics: Vec::new(),
            stale: false,
            expanded: None,
            reloads: 0,
        };
        document.rebuild();
        Ok(document)
    }

    fn data_watch_path(&self) -> Option<PathBuf> {
        self.data.as_ref().map(|d| watch_path(&d.path))
    }

    /// Reads the card from the text (filling the template first), keeping the last card if
    /// this one cannot be read, and the input values that still fit.
    fn rebuild(&mut self) {
        if self.file.read_error.is_some() {
            self.stale = self.card.is_some();
            return;
        }
        let source = &self.file.text;
        let parsed = if let Some(data) = &self.data {
            let Some(value) = &data.value else {
                // Data that was never JSON: nothing to fill the template with.
                self.diagnostics.clear();
                self.stale = self.card.is_some();
                return;
            };
            self.expanded = expand(source, value);
            mcpapp_card::parse_template(source.as_bytes(), value)
        } else {
            self.expanded = None;
            mcpapp_card::parse(source.as_bytes())
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
            return Some(Place::Source(line, diagnostic.column));
        }
        self.expanded
            .as_ref()
            .and_then(|e| e.line_of(&diagnostic.pointer))
            .map(Place::Expanded)
    }
}

impl Previewed for CardDocument {
    fn name(&self) -> String {
        self.file.name()
    }

    fn watched_folders(&self) -> Vec<PathBuf> {
        let mut folders: Vec<PathBuf> = self
            .file
            .folder()
            .into_iter()
            .chain(
                self.data_watch_path()
                    .iter()
                    .chain(&self.beside)
                    .filter_map(|p| p.parent().map(Path::to_owned)),
            )
            .collect();
        folders.sort();
        folders.dedup();
        folders
    }

    fn file_changed(&mut self, changed: &Path) -> bool {
        let mut rebuild = false;
        if self.file.is(changed) {
            rebuild |= self.file.reload();
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

    fn source(&self) -> &str {
        &self.file.text
    }

    fn expanded(&self) -> Option<&str> {
        self.expanded.as_ref().map(|e| e.text.as_str())
    }

    fn takes_data(&self) -> bool {
        true
    }

    fn data(&self) -> Option<&TemplateData> {
        self.data.as_ref()
    }

    /// The card is filled again if the text is JSON; if not, the error is shown and the last
    /// card stays.
    fn set_data_text(&mut self, text: String) {
        if let Some(data) = &mut self.data
            && data.set_text(text)
        {
            self.rebuild();
        }
    }

    fn findings(&self) -> Vec<Finding<'_>> {
        self.diagnostics
            .iter()
            .map(|d| {
                let place = self.place(d);
                Finding {
                    severity: d.severity,
                    word: d.severity.to_string(),
                    code: d.code.as_str(),
                    at: kind::at(d.line, d.column, || match place {
                        Some(Place::Expanded(line)) => format!("expanded {line}"),
                        _ => kind::NOWHERE.to_owned(),
                    }),
                    pointer: &d.pointer,
                    message: &d.message,
                    place,
                }
            })
            .collect()
    }

    /// The file or its data cannot be read (errors), and the card shown is an older one (a
    /// warning).
    fn problems(&self) -> Vec<(Severity, String)> {
        let mut problems = Vec::new();
        if let Some(e) = &self.file.read_error {
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

    fn summary(&self) -> String {
        if self.diagnostics.is_empty() && (self.card.is_none() || self.stale) {
            "No findings about the card.".to_owned()
        } else {
            kind::summary(self.diagnostics.iter().map(|d| d.severity), "card")
        }
    }

    fn stale_note(&self) -> Option<&'static str> {
        self.stale
            .then_some("Showing the last card that could be read (see the diagnostics).")
    }

    fn show(
        &mut self,
        ui: &mut Ui,
        config: &HostConfig,
        disabled: bool,
    ) -> Option<(String, String)> {
        let Some(card) = &self.card else {
            ui.label("No card to show yet: the diagnostics below say what is wrong.");
            return None;
        };
        let event = CardView::new(card, &mut self.state)
            .host_config(config)
            .disabled(disabled)
            .show(ui)
            .event?;
        Some((inspector::headline(&event), inspector::details(&event)))
    }

    fn nothing_yet(&self) -> &'static str {
        "Nothing yet: click an action of the card."
    }

    fn live_state(&self) -> (&'static str, String) {
        ("Input state (live)", inspector::state_json(&self.state))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_files::temp_file;

    const GOOD: &str = r#"{"type": "McpApp", "body": [{"type": "Input.Text", "id": "name"}]}"#;

    #[test]
    fn a_file_that_stops_being_json_keeps_the_last_card() {
        let path = temp_file("reload", "card.json", GOOD);
        let dir = path.parent().unwrap();
        let mut doc = CardDocument::open(&path, None).unwrap();
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
        let path = temp_file(
            "errors",
            "card.json",
            "{\n  \"type\": \"McpApp\",\n  \"actions\": [\n    {\"type\": \"Action.OpenUrl\", \"title\": \"x\", \"url\": \"javascript:alert(1)\"}\n  ]\n}\n",
        );
        let doc = CardDocument::open(&path, None).unwrap();
        assert!(doc.card.is_some());
        let error = doc.diagnostics.iter().find(|d| d.is_error()).unwrap();
        assert_eq!(doc.place(error), Some(Place::Source(4, error.column)));
    }

    #[test]
    fn templates_take_data_beside_them_and_from_the_editor() {
        let path = temp_file(
            "template",
            "hello.json",
            r#"{"type": "McpApp", "body": [{"type": "TextBlock", "text": "Hello ${name}"},
                {"type": "Image", "url": "${picture}"}]}"#,
        );
        let dir = path.parent().unwrap();
        std::fs::write(dir.join("hello.data.json"), r#"{"name": "Ada"}"#).unwrap();
        let mut doc = CardDocument::open(&path, None).unwrap();
        let data = doc.data.as_ref().unwrap();
        assert_eq!(data.path, dir.join("hello.data.json"));
        let text = |doc: &CardDocument| {
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
        let path = temp_file(
            "later",
            "late.json",
            r#"{"type": "McpApp", "body": [{"type": "TextBlock", "text": "${greeting}"}]}"#,
        );
        let dir = path.parent().unwrap();
        let mut doc = CardDocument::open(&path, None).unwrap();
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
