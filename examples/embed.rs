//! MCP Apps in an eframe app: `cargo run --example embed` (a desktop; `$MCPAPP_BIN` or `mcpapp`
//! serves flights). Apps come with what they ask the user (questions, samples, downloads).

use mcpapp_egui_host::{AppView, EguiHostError, HandleOptions, HostHandle, HostUpdate};
use mcpapp_egui_host::{PendingView, ToolCall};
use mcpapp_host::mcp::ServerSpec;

/// A host that makes `call` once its server is connected, and shows the apps.
pub(crate) struct Embed {
    pub(crate) host: HostHandle,
    pub(crate) call: ToolCall,
    pub(crate) error: Option<EguiHostError>,
}

impl Embed {
    /// One frame: the host's news, what belongs to no app, then every app with its own.
    pub(crate) fn frame(&mut self, ui: &mut egui::Ui) {
        for update in self.host.poll() {
            match update {
                HostUpdate::ServerConnected { .. } => _ = self.host.call(self.call.clone()),
                HostUpdate::ServerFailed { error, .. } | HostUpdate::CallFailed { error, .. } => {
                    self.error = Some(error);
                }
                _ => {}
            }
        }
        if let Some(error) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, error.to_string());
        }
        ui.add(PendingView::new(
            self.host.pending_mut(),
            ui.visuals().dark_mode,
        ));
        for app in self.host.apps_mut() {
            ui.add(AppView::new(app)); // a card's submit becomes `tools/call`
        }
    }
}

impl eframe::App for Embed {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        egui::ScrollArea::vertical().show(ui, |ui| self.frame(ui));
    }
}

fn main() -> eframe::Result {
    let bin = std::env::var("MCPAPP_BIN").unwrap_or_else(|_| "mcpapp".to_owned());
    let server = ServerSpec::stdio(bin, ["serve-example", "flights"]);
    let booking = serde_json::json!({ "booking_id": "FL-12345-ABC" });
    let call = ToolCall::new("flights", "request_cancellation_reason").arguments(booking);
    let options = HandleOptions::default().sampled_by_user(); // no model here
    let app: eframe::AppCreator<'_> = Box::new(|cc| {
        mcpapp_egui::install(&cc.egui_ctx); // fonts, image loaders
        let host = HostHandle::start(Some(&cc.egui_ctx), options)?;
        host.connect("flights", server);
        let (call, error) = (call?, None);
        Ok(Box::new(Embed { host, call, error }))
    });
    eframe::run_native("embed", eframe::NativeOptions::default(), app)
}
