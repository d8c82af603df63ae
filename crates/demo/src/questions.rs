//! Servers' questions in the transcript: each waiting question of the thread on screen, as a
//! card the user answers (a URL question asks before its page opens in the browser), and each
//! sampling request as a card where the user approves and writes the reply (the demo has no
//! model).

use egui::Ui;
use mcpapp_card::HostConfig;
use mcpapp_egui_host::{HostHandle, QuestionEvent, QuestionView, SampleView};

/// Draws the questions asked in `thread`, locked while its model replies; a URL the user
/// agreed to open goes to the system browser.
pub(crate) fn show(ui: &mut Ui, host: &mut HostHandle, thread: &str, config: &HostConfig) {
    let locked = host.is_generating(thread);
    for question in host.questions_mut().filter(|q| q.thread() == thread) {
        let (_, event) = QuestionView::new(question)
            .host_config(config)
            .locked(locked)
            .show(ui);
        if let Some(QuestionEvent::OpenUrl(url)) = event {
            ui.ctx().open_url(egui::OpenUrl::new_tab(url));
        }
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
