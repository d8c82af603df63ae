//! What the preview starts with: the options an embedder or a command line gives, and the
//! documents and themes read from the files they name.

use std::path::{Path, PathBuf};

use crate::PreviewError;
use crate::card::CardDocument;
use crate::settings::{HostConfigFile, ThemeChoice, Themes, WidthPreset};
use crate::stream::StreamDocument;

/// The format of a file: one window shows cards or A2UI streams, not both.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Format {
    /// An Adaptive Card (or card template).
    Card,
    /// A2UI v0.9 server messages: one, an array, JSONL or the examples' wrapper.
    A2ui,
}

impl Format {
    /// The format's name in messages and `--json` output.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Card => "card",
            Self::A2ui => "a2ui",
        }
    }

    /// The format of a file: by its name (`.a2ui.json`, `.jsonl`) or else its content, the
    /// rule every `mcpapp` command sorts files by.
    pub fn detect(path: &Path, bytes: &[u8]) -> Self {
        if mcpapp_render::is_a2ui_file(path, bytes) {
            Self::A2ui
        } else {
            Self::Card
        }
    }
}

/// A screenshot of the window after some frames, after which the window closes (for tests
/// and documentation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScreenshotOptions {
    /// Where the PNG goes.
    pub path: PathBuf,
    /// How many frames to draw first.
    pub frames: u32,
}

/// How the preview starts.
#[derive(Debug, Clone, PartialEq)]
pub struct PreviewOptions {
    /// The card or A2UI stream files; each is read again when it changes.
    pub files: Vec<PathBuf>,
    /// Read every file as this format instead of recognising it.
    pub format: Option<Format>,
    /// Fill each card file as a template with this data (without it, `NAME.data.json`
    /// beside `NAME.json` or `NAME.template.json` is used when there is one).
    pub data: Option<PathBuf>,
    /// A host config (Adaptive Cards JSON) offered as a theme, and started with.
    pub host_config: Option<PathBuf>,
    /// The theme to start with (by default the host config file's, else light).
    pub theme: Option<ThemeChoice>,
    /// The width to start with.
    pub width: WidthPreset,
    /// Start locked, as while a response is being generated.
    pub disabled: bool,
    /// Take a screenshot, then close the window.
    pub screenshot: Option<ScreenshotOptions>,
}

impl PreviewOptions {
    /// Shows `files` with the defaults: their own format, light theme, 400 points wide.
    pub fn new(files: Vec<PathBuf>) -> Self {
        Self {
            files,
            format: None,
            data: None,
            host_config: None,
            theme: None,
            width: WidthPreset::W400,
            disabled: false,
            screenshot: None,
        }
    }

    /// The one format of the files (an error for a mix, or a file that cannot be read).
    pub fn format(&self) -> Result<Format, PreviewError> {
        if let Some(format) = self.format {
            return Ok(format);
        }
        let mut found: Option<Format> = None;
        for path in &self.files {
            let bytes = std::fs::read(path).map_err(|source| PreviewError::Read {
                path: path.clone(),
                source,
            })?;
            let format = Format::detect(path, &bytes);
            match found {
                Some(earlier) if earlier != format => {
                    return Err(PreviewError::MixedFormats {
                        path: path.clone(),
                        found: format.as_str(),
                        earlier: earlier.as_str(),
                    });
                }
                _ => found = Some(format),
            }
        }
        Ok(found.unwrap_or(Format::Card))
    }
}

/// Everything a preview starts with, read: the documents of one kind and the view settings.
pub struct Setup<D> {
    /// The files, read.
    pub documents: Vec<D>,
    /// The themes to choose from.
    pub themes: Themes,
    /// The theme shown first.
    pub theme: ThemeChoice,
    /// The width shown first.
    pub width: WidthPreset,
    /// Whether the view starts locked.
    pub disabled: bool,
}

impl Setup<CardDocument> {
    /// Reads the files as cards (templates filled with `options.data` or the data beside
    /// them).
    pub fn cards(options: &PreviewOptions) -> Result<Self, PreviewError> {
        let documents = options
            .files
            .iter()
            .map(|path| CardDocument::open(path, options.data.as_deref()))
            .collect::<Result<Vec<_>, _>>()?;
        Self::with(documents, options)
    }
}

impl Setup<StreamDocument> {
    /// Reads the files as A2UI streams (which carry their data, so `options.data` is refused).
    pub fn streams(options: &PreviewOptions) -> Result<Self, PreviewError> {
        if options.data.is_some() {
            return Err(PreviewError::Options(
                "--data fills card templates; A2UI streams carry their data",
            ));
        }
        let documents = options
            .files
            .iter()
            .map(|path| StreamDocument::open(path))
            .collect::<Result<Vec<_>, _>>()?;
        Self::with(documents, options)
    }
}

impl<D> Setup<D> {
    /// The view settings of `options` around `documents`.
    fn with(documents: Vec<D>, options: &PreviewOptions) -> Result<Self, PreviewError> {
        let file = options
            .host_config
            .as_deref()
            .map(HostConfigFile::open)
            .transpose()?;
        let theme = match (options.theme, &file) {
            (Some(ThemeChoice::File), None) => {
                return Err(PreviewError::Options(
                    "--theme file needs --host-config FILE",
                ));
            }
            (Some(theme), _) => theme,
            (None, Some(_)) => ThemeChoice::File,
            (None, None) => ThemeChoice::Light,
        };
        Ok(Self {
            documents,
            themes: Themes::new(file),
            theme,
            width: options.width,
            disabled: options.disabled,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_files::temp_file;

    const CARD: &str = r#"{"type": "McpApp", "body": []}"#;
    const STREAM: &str =
        r#"{"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": "c"}}"#;

    #[test]
    fn a2ui_is_recognised_in_every_input_form() {
        let plain = Path::new("x.json");
        let jsonl = format!("{STREAM}\n{STREAM}\n");
        let array = format!("[{STREAM}]");
        let wrapper = format!(r#"{{"name": "n", "messages": [{STREAM}]}}"#);
        for text in [STREAM, jsonl.as_str(), array.as_str(), wrapper.as_str()] {
            assert_eq!(
                Format::detect(plain, text.as_bytes()),
                Format::A2ui,
                "{text}"
            );
        }
    }

    #[test]
    fn cards_and_other_json_are_cards_unless_named() {
        let card = br#"{"type": "AdaptiveCard", "body": []}"#;
        assert_eq!(Format::detect(Path::new("c.json"), card), Format::Card);
        assert_eq!(
            Format::detect(Path::new("c.json"), b"not json"),
            Format::Card
        );
        assert_eq!(Format::detect(Path::new("c.A2UI.json"), card), Format::A2ui);
        assert_eq!(Format::detect(Path::new("c.jsonl"), b""), Format::A2ui);
    }

    #[test]
    fn one_window_shows_one_format() {
        let card = temp_file("options", "one.json", CARD);
        let stream = temp_file("options", "two.jsonl", STREAM);
        let options = PreviewOptions::new(vec![card.clone()]);
        assert_eq!(options.format().unwrap(), Format::Card);
        let options = PreviewOptions::new(vec![stream.clone()]);
        assert_eq!(options.format().unwrap(), Format::A2ui);
        let mixed = PreviewOptions::new(vec![card, stream])
            .format()
            .unwrap_err();
        assert!(
            mixed.to_string().ends_with(
                "two.jsonl is a2ui, but an earlier file is card: preview cards and A2UI \
                 streams in separate windows"
            ),
            "{mixed}"
        );
        let missing = PreviewOptions::new(vec![PathBuf::from("/no/such/file.json")]);
        assert!(matches!(missing.format(), Err(PreviewError::Read { .. })));
    }

    #[test]
    fn the_theme_follows_the_host_config_unless_chosen() {
        let card = temp_file("options", "themed.json", CARD);
        let mut options = PreviewOptions::new(vec![card]);
        assert_eq!(Setup::cards(&options).unwrap().theme, ThemeChoice::Light);
        options.theme = Some(ThemeChoice::File);
        assert!(matches!(
            Setup::cards(&options),
            Err(PreviewError::Options(_))
        ));
        options.host_config = Some(temp_file("options", "host.json", "{}"));
        options.theme = None;
        assert_eq!(Setup::cards(&options).unwrap().theme, ThemeChoice::File);
        options.theme = Some(ThemeChoice::Dark);
        assert_eq!(Setup::cards(&options).unwrap().theme, ThemeChoice::Dark);
    }

    #[test]
    fn streams_refuse_template_data() {
        let stream = temp_file("options", "data.jsonl", STREAM);
        let mut options = PreviewOptions::new(vec![stream]);
        assert_eq!(Setup::streams(&options).unwrap().documents.len(), 1);
        options.data = Some(PathBuf::from("data.json"));
        assert!(matches!(
            Setup::streams(&options),
            Err(PreviewError::Options(_))
        ));
    }
}
