//! A card app inside an existing eframe app, through public APIs only: `cargo build --release`,
//! then `cargo run --example embed`. The flights example server runs as a child process,
//! `$MCPAPP_BIN serve-example flights` (by default `target/release/mcpapp` when it exists, else
//! `mcpapp` from `PATH`); its `request_cancellation_reason` tool opens a card. Needs a desktop.

use mcpapp_egui_host::{AppView, HandleOptions, HostHandle, HostUpdate};
use mcpapp_host::mcp::ServerSpec;
use mcpapp_protocol::DisplayMode;

struct Embed {
    host: HostHandle,
    /// What went wrong, if anything (the server did not start, the call failed).
    error: Option<String>,
}

impl eframe::App for Embed {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        // Once per frame, before drawing: what the host says, and the apps' views kept alive.
        for update in self.host.poll() {
            match update {
                HostUpdate::ServerConnected { server, .. } => {
                    let arguments = serde_json::json!({ "booking_id": "FL-12345-ABC" });
                    let arguments = arguments.as_object().cloned().unwrap_or_default();
                    let tool = "request_cancellation_reason";
                    self.host
                        .call_tool(server, tool, arguments, "call-1", DisplayMode::Inline);
                }
                HostUpdate::ServerFailed { error, .. } | HostUpdate::CallFailed { error, .. } => {
                    self.error = Some(error);
                }
                _ => {}
            }
        }
        let frame = egui::Frame::central_panel(ui.style()).fill(mcpapp_egui::backdrop(false));
        egui::CentralPanel::default().frame(frame).show(ui, |ui| {
            if let Some(error) = &self.error {
                ui.colored_label(ui.visuals().error_fg_color, error);
            }
            egui::ScrollArea::vertical().show(ui, |ui| {
                for app in self.host.apps_mut() {
                    AppView::new(app).show(ui); // a card: submits become `tools/call`
                }
            });
        });
    }
}

#[expect(clippy::print_stderr, reason = "the example's one message")]
fn main() -> eframe::Result {
    if std::env::var_os("DISPLAY").is_none() && std::env::var_os("WAYLAND_DISPLAY").is_none() {
        eprintln!("embed: no desktop here (neither DISPLAY nor WAYLAND_DISPLAY is set)");
        std::process::exit(2);
    }
    let release = "target/release/mcpapp";
    let bin = std::env::var("MCPAPP_BIN").unwrap_or_else(|_| {
        let found = std::path::Path::new(release).exists();
        (if found { release } else { "mcpapp" }).to_owned()
    });
    eframe::run_native(
        "mcpapp embed",
        eframe::NativeOptions::default(),
        Box::new(|cc| {
            mcpapp_egui::install(&cc.egui_ctx); // fonts, image loaders
            cc.egui_ctx.set_theme(egui::Theme::Light); // the host's default theme
            let host = HostHandle::start(Some(&cc.egui_ctx), HandleOptions::default())?;
            let server = ServerSpec::stdio(bin, ["serve-example", "flights"]);
            host.connect("flights", server);
            Ok(Box::new(Embed { host, error: None }))
        }),
    )
}
