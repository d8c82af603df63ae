//! What waits for the user in the transcript and belongs to no app: servers' questions asked
//! during a tool call without a view, as cards the user answers (a URL question asks before
//! its page opens in the browser), and sampling requests, where the user approves and writes
//! the reply (the demo has no model). An app's own questions, sampling requests and downloads
//! are drawn under it by `AppView`. Downloads are saved into the downloads folder only when
//! the user agrees.

use egui::Ui;
use mcpapp_card::HostConfig;
use mcpapp_egui_host::{AppViewEvent, DownloadEvent, HostHandle, PendingView};

/// Draws what waits for the user and belongs to no app (the host shows only the thread on
/// screen's, locked while its model replies); what became of it, for the demo's notes.
pub(crate) fn show(ui: &mut Ui, host: &mut HostHandle, config: &HostConfig) -> Vec<String> {
    if host.pending().is_empty() {
        return Vec::new();
    }
    // A URL the user agrees to open comes back from the host as an `OpenLink`, opened with
    // the demo's link policy like an app's.
    let output = PendingView::new(host.pending_mut(), ui.visuals().dark_mode)
        .host_config(config)
        .show(ui);
    ui.add_space(10.0);
    let Some(event) = output.event else {
        return Vec::new();
    };
    answered(&event)
}

/// What the user's answer did, as the demo's notes; the links a saved download gave instead
/// of files open in the browser by the host's one link policy (a refused or failed link is
/// noted, never opened).
pub(crate) fn answered(event: &AppViewEvent) -> Vec<String> {
    match event {
        AppViewEvent::Download(DownloadEvent::Saved { paths, links }) => {
            let saved = paths.iter().map(|p| format!("saved {}", p.display()));
            let refused = links.iter().filter_map(|link| {
                mcpapp_egui_host::open_link(link)
                    .err()
                    .map(|e| format!("cannot open {link}: {e}"))
            });
            saved.chain(refused).collect()
        }
        AppViewEvent::Download(DownloadEvent::Failed(why)) => {
            vec![format!("download not saved: {why}")]
        }
        AppViewEvent::Download(DownloadEvent::Declined) => vec!["download not saved".to_owned()],
        _ => Vec::new(),
    }
}
