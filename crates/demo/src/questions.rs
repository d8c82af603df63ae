//! What waits for the user in the transcript: each server question of the thread on screen,
//! as a card the user answers (a URL question asks before its page opens in the browser),
//! each sampling request as a card where the user approves and writes the reply (the demo has
//! no model), and each app's download, saved into the downloads folder only when the user
//! agrees.

use egui::Ui;
use mcpapp_card::HostConfig;
use mcpapp_egui_host::{DownloadEvent, DownloadView, HostHandle, QuestionView, SampleView};

/// Draws the questions asked in `thread`, locked while its model replies, and the apps'
/// downloads; returns what became of the downloads answered, for the demo's notes.
pub(crate) fn show(
    ui: &mut Ui,
    host: &mut HostHandle,
    thread: &str,
    config: &HostConfig,
) -> Vec<String> {
    let locked = host.is_generating(thread);
    for question in host.questions_mut().filter(|q| q.thread() == thread) {
        // A URL the user agrees to open comes back from the host as an `OpenLink`, opened
        // with the demo's link policy like an app's.
        ui.add(
            QuestionView::new(question)
                .host_config(config)
                .locked(locked),
        );
        ui.add_space(10.0);
    }
    for sample in host.samples_mut().filter(|s| s.thread() == thread) {
        let _ = SampleView::new(sample)
            .host_config(config)
            .locked(locked)
            .show(ui);
        ui.add_space(10.0);
    }
    let mut notes = Vec::new();
    for download in host.downloads_mut() {
        let (_, event) = DownloadView::new(download).show(ui);
        match event {
            Some(DownloadEvent::Saved { paths, links }) => {
                notes.extend(paths.iter().map(|p| format!("saved {}", p.display())));
                for link in links {
                    if let Err(e) = mcpapp_egui_host::open_link(&link) {
                        notes.push(format!("cannot open {link}: {e}"));
                    }
                }
            }
            Some(DownloadEvent::Failed(why)) => notes.push(format!("download not saved: {why}")),
            Some(DownloadEvent::Declined) => notes.push("download not saved".to_owned()),
            Some(_) | None => {}
        }
        ui.add_space(10.0);
    }
    notes
}
