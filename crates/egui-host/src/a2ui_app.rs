//! An A2UI app as the GUI keeps it: its session (run here, on the GUI thread, speaking to the
//! host through its port) and why the user's last action was not sent.

use std::time::Instant;

use mcpapp_egui::SurfaceEvent;
use mcpapp_host::{A2uiSession, ViewEnd};
use serde_json::Value;

/// An A2UI app: the session holds the surfaces the view draws and edits.
#[derive(Debug)]
pub(crate) struct A2uiApp {
    pub(crate) session: A2uiSession,
    end: ViewEnd,
    /// Why the user's last action was not sent.
    pub(crate) problem: Option<String>,
    /// Whether the host still listens.
    connected: bool,
}

impl A2uiApp {
    /// The app of a new session: it says `ui/initialize` at once.
    pub(crate) fn new(session: A2uiSession, end: ViewEnd) -> Self {
        let mut app = Self {
            session,
            end,
            problem: None,
            connected: true,
        };
        let first = app.session.start();
        app.send(first);
        app
    }

    pub(crate) fn send(&self, messages: Vec<Value>) {
        crate::app::send_to_host(&self.end, messages);
    }

    /// Gives the host's waiting messages to the session and sends what is due; returns when
    /// the next save is due, if one waits.
    pub(crate) fn keep_alive(&mut self, now: Instant) -> Option<Instant> {
        let session = &mut self.session;
        crate::app::receive_from_host(&mut self.end, &mut self.connected, |m| {
            session.on_host_message(m)
        });
        let flushed = self.session.flush(now);
        self.send(flushed);
        self.session.save_due()
    }

    /// Sends a pending save at once (the host is closing).
    pub(crate) fn flush_now(&mut self) {
        let later =
            Instant::now() + mcpapp_host::SAVE_DEBOUNCE + std::time::Duration::from_millis(1);
        let flushed = self.session.flush(later);
        self.send(flushed);
    }

    /// What the user did on a surface this frame, as messages to the host.
    pub(crate) fn act(&mut self, event: Option<&SurfaceEvent>, data_changed: bool, now: Instant) {
        if data_changed {
            self.session.data_changed(now);
        }
        let sent = match event {
            Some(SurfaceEvent::Action(action)) => self.session.action(action),
            Some(SurfaceEvent::OpenUrl { url }) => self.session.open_link(url),
            Some(SurfaceEvent::Blocked { .. }) | None => return,
        };
        match sent {
            Ok(messages) => {
                self.problem = None;
                self.send(messages);
            }
            Err(e) => self.problem = Some(e.to_string()),
        }
    }
}

/// Draws an A2UI app natively: the notice while it is locked, every surface in the order of
/// their ids, what could not be applied (folded), and the problem or notice under it. The
/// first event of the frame goes to the session; what the embedder may want to know of it is
/// returned.
pub(crate) fn show(
    ui: &mut egui::Ui,
    app: &mut A2uiApp,
    config: &mcpapp_card::HostConfig,
    locked: bool,
    closed: bool,
) -> Option<crate::AppViewEvent> {
    use crate::AppViewEvent;
    ui.vertical(|ui| {
        if locked && !closed {
            ui.weak("The model is replying; the view waits.");
        }
        show_problems(ui, app.session.problems());
        let ids: Vec<String> = app.session.processor().surfaces().keys().cloned().collect();
        if ids.is_empty() {
            ui.weak("Waiting for the tool result…");
        }
        let (mut event, mut changed) = (None, false);
        for id in ids {
            let Some(surface) = app.session.processor_mut().surface_mut(&id) else {
                continue;
            };
            let output = ui
                .push_id(("mcpapp-surface", &id), |ui| {
                    mcpapp_egui::SurfaceView::new(surface)
                        .host_config(config)
                        .disabled(locked)
                        .show(ui)
                })
                .inner;
            changed |= output.data_changed;
            event = event.or(output.event);
        }
        app.act(event.as_ref(), changed, Instant::now());
        let told = match &event {
            Some(SurfaceEvent::Action(action)) => {
                Some(AppViewEvent::ToolCalled(action.name.clone()))
            }
            Some(SurfaceEvent::OpenUrl { url }) => Some(AppViewEvent::LinkRequested(url.clone())),
            Some(SurfaceEvent::Blocked { message, .. }) => {
                Some(AppViewEvent::NotSent(message.clone()))
            }
            None => None,
        };
        let told = match &app.problem {
            Some(problem) if told.is_some() => Some(AppViewEvent::NotSent(problem.clone())),
            _ => told,
        };
        if let Some(text) = app.problem.as_deref().or(app.session.notice()) {
            ui.add_space(4.0);
            ui.label(egui::RichText::new(text).color(ui.visuals().warn_fg_color));
        }
        told
    })
    .inner
}

/// What of the app's A2UI could not be applied, folded under one line that says how much.
fn show_problems(ui: &mut egui::Ui, problems: &[mcpapp_a2ui::Diagnostic]) {
    if problems.is_empty() {
        return;
    }
    let heading = match problems.len() {
        1 => "1 part of this view could not be shown".to_owned(),
        n => format!("{n} parts of this view could not be shown"),
    };
    egui::CollapsingHeader::new(egui::RichText::new(heading).color(ui.visuals().warn_fg_color))
        .id_salt("mcpapp-a2ui-problems")
        .show(ui, |ui| {
            for problem in problems {
                ui.label(egui::RichText::new(problem.to_string()).small());
            }
        });
}
