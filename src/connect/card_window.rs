//! A card app in a native window: the card session runs here, on the GUI thread, and speaks
//! to the host through its channel port; closing the window closes the view.

use std::time::{Duration, Instant};

use super::card_peer::CardPeer;
use eframe::egui;
use mcpapp_egui::{CardEvent, CardState, CardView};

/// How often the window looks for the host's messages while nothing else happens.
const POLL: Duration = Duration::from_millis(50);

/// A card window waiting to be shown on the main thread.
pub struct CardWindow {
    title: String,
    peer: CardPeer,
}

impl CardWindow {
    /// A window titled `title` for the card of `peer`.
    pub fn new(title: String, peer: CardPeer) -> Self {
        Self { title, peer }
    }

    /// Shows the window until it is closed.
    pub fn show(self) -> Result<(), String> {
        let options = eframe::NativeOptions {
            viewport: egui::ViewportBuilder::default()
                .with_title(self.title.clone())
                .with_app_id("mcpapp-connect")
                .with_inner_size([520.0, 640.0]),
            renderer: eframe::Renderer::Wgpu,
            ..eframe::NativeOptions::default()
        };
        eframe::run_native(
            "mcpapp connect",
            options,
            Box::new(move |cc| {
                mcpapp_render::setup_context(&cc.egui_ctx);
                Ok(Box::new(CardApp::new(self.peer)))
            }),
        )
        .map_err(|e| format!("cannot show the card window: {e}"))
    }
}

struct CardApp {
    peer: CardPeer,
    state: CardState,
    shown: mcpapp_card::Card,
    problem: Option<String>,
}

impl CardApp {
    fn new(peer: CardPeer) -> Self {
        let shown = peer.session.card().clone();
        Self {
            state: CardState::new(&shown),
            shown,
            peer,
            problem: None,
        }
    }

    /// The host's messages since the last frame; a new card keeps the inputs it still has.
    /// Returns `false` once the host has let the view go (the app was closed).
    fn receive(&mut self) -> bool {
        if !self.peer.pump() {
            return false;
        }
        if self.peer.session.card() != &self.shown {
            let card = self.peer.session.card().clone();
            let mut state = CardState::new(&card);
            state.restore(&card, &self.state);
            self.state = state;
            self.shown = card;
        }
        if let Some(restored) = self.peer.session.take_restored() {
            self.state.values = restored;
        }
        true
    }
}

impl eframe::App for CardApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        if !self.receive() {
            ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
            return;
        }
        let theme = if self.peer.session.is_dark() {
            egui::Theme::Dark
        } else {
            egui::Theme::Light
        };
        ui.ctx().set_theme(theme);
        let config = if self.peer.session.is_dark() {
            mcpapp_card::HostConfig::dark()
        } else {
            mcpapp_card::HostConfig::light()
        };
        let backdrop = if self.peer.session.is_dark() {
            egui::Color32::from_gray(24)
        } else {
            egui::Color32::from_gray(236)
        };
        egui::CentralPanel::default()
            .frame(egui::Frame::central_panel(ui.style()).fill(backdrop))
            .show(ui, |ui| self.card(ui, &config));
        ui.ctx().request_repaint_after(POLL);
    }
}

impl CardApp {
    /// The card, its notice, and what the user did with it this frame.
    fn card(&mut self, ui: &mut egui::Ui, config: &mcpapp_card::HostConfig) {
        egui::ScrollArea::vertical().show(ui, |ui| {
            if self.peer.session.is_locked() {
                ui.weak("The model is replying; the card waits.");
            }
            let output = CardView::new(&self.shown, &mut self.state)
                .host_config(config)
                .disabled(self.peer.session.is_locked())
                .show(ui);
            let now = Instant::now();
            if output.inputs_changed {
                self.peer.session.inputs_changed(&self.state.values, now);
            }
            let sent = match output.event {
                Some(CardEvent::Submit { tool_call, .. }) => Some(tool_call.and_then(|call| {
                    self.peer
                        .session
                        .call_tool(&call)
                        .map_err(|e| e.to_string())
                })),
                Some(CardEvent::OpenUrl { url }) => {
                    Some(self.peer.session.open_link(&url).map_err(|e| e.to_string()))
                }
                Some(CardEvent::Invalid { .. }) | None => None,
            };
            match sent {
                Some(Ok(messages)) => {
                    self.problem = None;
                    self.peer.send(messages);
                }
                Some(Err(e)) => self.problem = Some(e),
                None => {}
            }
            let flushed = self.peer.session.flush(now);
            self.peer.send(flushed);
            if let Some(text) = self.problem.as_deref().or(self.peer.session.notice()) {
                ui.separator();
                ui.label(text);
            }
        });
    }
}
