//! A file the preview shows, read again when it changes: its text as last read, or why it
//! cannot be read now (the text of the last read stays).

use std::path::{Path, PathBuf};

use crate::PreviewError;
use crate::watcher::watch_path;

/// A watched file and its last text.
#[derive(Debug, Clone)]
pub struct WatchedFile {
    /// The file, as given.
    pub path: PathBuf,
    /// Where change notifications for the file arrive (its folder resolved, then its name).
    watch_path: PathBuf,
    /// The file's text as last read (bytes that are not UTF-8 replaced, then reported by the
    /// JSON reader where they break it).
    pub text: String,
    /// Why the file cannot be read now, if it cannot.
    pub read_error: Option<String>,
}

impl WatchedFile {
    /// Reads the file; one that cannot be read is an error.
    pub fn open(path: &Path) -> Result<Self, PreviewError> {
        let bytes = std::fs::read(path).map_err(|source| PreviewError::Read {
            path: path.to_owned(),
            source,
        })?;
        Ok(Self {
            path: path.to_owned(),
            watch_path: watch_path(path),
            text: String::from_utf8_lossy(&bytes).into_owned(),
            read_error: None,
        })
    }

    /// The file name to show in lists and titles.
    pub fn name(&self) -> String {
        self.path.display().to_string()
    }

    /// Whether a change notification for `changed` is about this file.
    pub fn is(&self, changed: &Path) -> bool {
        changed == self.watch_path
    }

    /// The folder whose changes concern this file.
    pub fn folder(&self) -> Option<PathBuf> {
        self.watch_path.parent().map(Path::to_owned)
    }

    /// Reads the file again; returns whether its text changed (or it cannot be read).
    pub fn reload(&mut self) -> bool {
        match std::fs::read(&self.path) {
            Ok(bytes) => {
                let text = String::from_utf8_lossy(&bytes).into_owned();
                let changed = text != self.text || self.read_error.is_some();
                self.read_error = None;
                self.text = text;
                changed
            }
            Err(e) => {
                self.read_error = Some(format!("cannot read {}: {e}", self.path.display()));
                true
            }
        }
    }
}
