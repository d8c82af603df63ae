//! A card app in a native window: the embedding library's [`AppView`] on the connect
//! session, which the window drives while it is open.

use eframe::egui;
use mcpapp_egui_host::AppView;

use super::session::Session;

/// Shows the session's card app until the window is closed or the app ends.
pub fn show(title: &str, session: &mut Session) -> Result<(), String> {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title(title)
            .with_app_id("mcpapp-connect")
            .with_inner_size([520.0, 640.0]),
        renderer: eframe::Renderer::Wgpu,
        ..eframe::NativeOptions::default()
    };
    eframe::run_native(
        "mcpapp connect",
        options,
        Box::new(|cc| {
            mcpapp_render::setup_context(&cc.egui_ctx);
            Ok(Box::new(CardWindow { session }))
        }),
    )
    .map_err(|e| format!("cannot show the card window: {e}"))
}

struct CardWindow<'s> {
    session: &'s mut Session,
}

impl eframe::App for CardWindow<'_> {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.session.step();
        if self.session.outcome.is_some() {
            ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
            return;
        }
        let instance = self.session.instance;
        let Some(app) = instance.and_then(|i| self.session.host.app_mut(i)) else {
            return;
        };
        let dark = app.is_dark();
        ui.ctx().set_theme(if dark {
            egui::Theme::Dark
        } else {
            egui::Theme::Light
        });
        let backdrop = mcpapp_egui::backdrop(dark);
        egui::CentralPanel::default()
            .frame(egui::Frame::central_panel(ui.style()).fill(backdrop))
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    AppView::new(app).show(ui);
                });
            });
        // The host is polled on the window's frames; without news, look again soon.
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_millis(100));
    }
}
