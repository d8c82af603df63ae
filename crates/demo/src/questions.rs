//! Servers' questions in the transcript: each waiting question of the thread on screen, as a
//! card the user answers (a URL question asks before its page opens in the browser), and each
//! sampling request as a card where the user approves and writes the reply (the demo has no
//! model).

use egui::Ui;
use mcpapp_card::HostConfig;
use mcpapp_egui_host::{HostHandle, QuestionView, SampleView};

/// Draws the questions asked in `thread`, locked while its model replies.
pub(crate) fn show(ui: &mut Ui, host: &mut HostHandle, thread: &str, config: &HostConfig) {
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
}
