//! Apps' downloads (`ui/download-file`), asked of the user before anything is saved: the host
//! checked the files ([`mcpapp_host::HostEvent::DownloadFile`]); [`crate::AppView`] shows what
//! the app wants to save and where, and saves only when the user agrees, into the user's
//! downloads folder or [`crate::HandleOptions::downloads_folder`] (never over an existing
//! file). An embedder with a policy of its own
//! answers with [`crate::HostHandle::answer_download`] instead.

use std::path::PathBuf;
use std::sync::Arc;

use egui::{RichText, Ui};
use mcpapp_host::{Download, DownloadContent, InstanceId, save_downloads};
use serde_json::Value;
use tokio::sync::mpsc;

use crate::EguiHostError;
use crate::worker::Command;

/// An app's download waiting for the user.
pub struct PendingDownload {
    instance: InstanceId,
    request: Value,
    files: Vec<Download>,
    folder: Option<PathBuf>,
    answered: bool,
    commands: mpsc::UnboundedSender<Command>,
}

impl std::fmt::Debug for PendingDownload {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PendingDownload")
            .field("instance", &self.instance)
            .field("files", &self.files.len())
            .field("answered", &self.answered)
            .finish_non_exhaustive()
    }
}

impl PendingDownload {
    pub(crate) fn new(
        instance: InstanceId,
        request: Value,
        files: Vec<Download>,
        folder: Option<PathBuf>,
        commands: mpsc::UnboundedSender<Command>,
    ) -> Self {
        Self {
            instance,
            request,
            files,
            folder,
            answered: false,
            commands,
        }
    }

    /// The app that asks.
    #[must_use]
    pub fn instance(&self) -> InstanceId {
        self.instance
    }

    /// The files, as the host checked them.
    #[must_use]
    pub fn files(&self) -> &[Download] {
        &self.files
    }

    /// Where they would be saved (the user's downloads folder, when the platform has one).
    #[must_use]
    pub fn folder(&self) -> Option<&PathBuf> {
        self.folder.as_ref()
    }

    /// Saves them somewhere else than the downloads folder (tests, an embedder's choice).
    pub fn set_folder(&mut self, folder: PathBuf) {
        self.folder = Some(folder);
    }

    /// Whether it has been answered.
    #[must_use]
    pub fn is_answered(&self) -> bool {
        self.answered
    }

    /// Saves the files (links are returned for the browser) and tells the app; an error
    /// (no folder, a write that failed) tells the app it failed.
    ///
    /// # Errors
    /// [`EguiHostError::NoDownloadsFolder`], or [`EguiHostError::Host`] with the file that
    /// could not be written.
    pub fn save(&mut self) -> Result<(Vec<PathBuf>, Vec<String>), EguiHostError> {
        let saved = match &self.folder {
            Some(folder) => {
                save_downloads(folder, &self.files).map_err(|e| EguiHostError::Host(Arc::new(e)))
            }
            None => Err(EguiHostError::NoDownloadsFolder),
        };
        self.answer(saved.as_ref().map(|_| ()).map_err(ToString::to_string));
        let links = self
            .files
            .iter()
            .filter_map(|f| match &f.content {
                DownloadContent::Link(url) => Some(url.clone()),
                DownloadContent::Bytes(_) => None,
            })
            .collect();
        saved.map(|paths| (paths, links))
    }

    /// The user said no.
    pub fn decline(&mut self) {
        self.answer(Err("the user did not save it".to_owned()));
    }

    /// Tells the app the outcome of a download you handled yourself (once; later answers are
    /// ignored).
    pub fn answer(&mut self, outcome: Result<(), String>) {
        if !self.answered {
            self.answered = true;
            // The worker only stops when the handle is dropped.
            let _ = self.commands.send(Command::DownloadDone {
                instance: self.instance,
                request: self.request.clone(),
                outcome,
            });
        }
    }
}

/// What the user did with an app's download.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum DownloadEvent {
    /// Saved: the files written, and the links to open in the browser (with your link policy).
    Saved {
        /// The files written.
        paths: Vec<PathBuf>,
        /// The links the app gave instead of files.
        links: Vec<String>,
    },
    /// Saving failed; the app was told.
    Failed(EguiHostError),
    /// The user said no; the app was told.
    Declined,
}

impl PendingDownload {
    /// Asks the user about the download: the files with their sizes, the folder, Save and
    /// Don't save. Saves or declines when the user says.
    pub(crate) fn show(&mut self, ui: &mut Ui) -> Option<DownloadEvent> {
        let download = self;
        let inner = ui.push_id(("mcpapp-download", download.instance.0), |ui| {
            ui.label(RichText::new("An app wants to save files for you").strong());
            for file in &download.files {
                let what = match &file.content {
                    DownloadContent::Bytes(bytes) => {
                        format!("{} ({})", file.name, size(bytes.len()))
                    }
                    DownloadContent::Link(url) => {
                        format!("{} (from {})", file.name, mcpapp_host::printable(url))
                    }
                };
                ui.label(mcpapp_host::printable(&what).into_owned());
            }
            match &download.folder {
                Some(folder) => {
                    ui.label(RichText::new(format!("Into {}", folder.display())).weak())
                }
                None => ui.colored_label(
                    ui.visuals().error_fg_color,
                    "This system has no downloads folder.",
                ),
            };
            let mut event = None;
            ui.add_enabled_ui(!download.answered, |ui| {
                ui.horizontal(|ui| {
                    if ui
                        .add_enabled(download.folder.is_some(), egui::Button::new("Save"))
                        .clicked()
                    {
                        event = Some(match download.save() {
                            Ok((paths, links)) => DownloadEvent::Saved { paths, links },
                            Err(why) => DownloadEvent::Failed(why),
                        });
                    }
                    if ui.button("Don't save").clicked() {
                        download.decline();
                        event = Some(DownloadEvent::Declined);
                    }
                });
            });
            event
        });
        inner.inner
    }
}

/// A size in bytes, KiB or MiB.
fn size(bytes: usize) -> String {
    #[expect(
        clippy::cast_precision_loss,
        reason = "sizes shown to one decimal; downloads are at most 32 MiB"
    )]
    let b = bytes as f64;
    if bytes < 1024 {
        format!("{bytes} bytes")
    } else if bytes < 1024 * 1024 {
        format!("{:.1} KiB", b / 1024.0)
    } else {
        format!("{:.1} MiB", b / (1024.0 * 1024.0))
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::panic, reason = "tests fail loudly")]

    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;

    use super::*;

    fn pending(folder: &std::path::Path) -> (PendingDownload, mpsc::UnboundedReceiver<Command>) {
        let (commands, received) = mpsc::unbounded_channel();
        let download = PendingDownload::new(
            InstanceId(3),
            serde_json::json!(11),
            vec![Download {
                name: "forecast.csv".into(),
                mime_type: Some("text/csv".into()),
                content: DownloadContent::Bytes(b"day,high\nMon,12\n".to_vec()),
            }],
            Some(folder.to_path_buf()),
            commands,
        );
        (download, received)
    }

    fn outcome(received: &mut mpsc::UnboundedReceiver<Command>) -> Result<(), String> {
        match received.try_recv() {
            Ok(Command::DownloadDone {
                instance,
                request,
                outcome,
            }) => {
                assert_eq!((instance, request), (InstanceId(3), serde_json::json!(11)));
                outcome
            }
            _ => panic!("no answer was sent"),
        }
    }

    #[test]
    fn nothing_is_saved_until_the_user_says_save() {
        let folder = tempfile::tempdir().unwrap();
        let (mut download, mut received) = pending(folder.path());
        let mut event = None;
        let mut harness = Harness::new_ui(|ui| {
            let happened = download.show(ui);
            if happened.is_some() {
                event = happened;
            }
        });
        harness.run();
        harness.get_by_label_contains("forecast.csv (16 bytes)");
        assert!(std::fs::read_dir(folder.path()).unwrap().next().is_none());
        assert!(received.try_recv().is_err(), "not answered yet");
        harness.get_by_label("Save").click();
        harness.run();
        drop(harness);
        let saved = folder.path().join("forecast.csv");
        assert_eq!(
            std::fs::read_to_string(&saved).unwrap(),
            "day,high\nMon,12\n"
        );
        assert!(
            matches!(&event, Some(DownloadEvent::Saved { paths, links })
                if *paths == [saved.clone()] && links.is_empty()),
            "{event:?}"
        );
        assert_eq!(outcome(&mut received), Ok(()));
    }

    #[test]
    fn dont_save_saves_nothing_and_tells_the_app() {
        let folder = tempfile::tempdir().unwrap();
        let (mut download, mut received) = pending(folder.path());
        let mut harness = Harness::new_ui(|ui| {
            let _ = download.show(ui);
        });
        harness.run();
        harness.get_by_label("Don't save").click();
        harness.run();
        drop(harness);
        assert!(std::fs::read_dir(folder.path()).unwrap().next().is_none());
        assert!(outcome(&mut received).is_err());
        assert!(download.is_answered());
    }
}
