//! A card app inside an existing eframe app, through public APIs only: a `HostHandle` runs the
//! host on a worker thread, connects the flights example server as a child process, calls its
//! `request_cancellation_reason` tool as an agent would, and `AppView` draws the card it opens.
//!
//! ```sh
//! cargo build --release            # the server is `target/release/mcpapp serve-example flights`
//! cargo run --example embed        # or MCPAPP_BIN=/path/to/mcpapp cargo run --example embed
//! ```
//!
//! The server binary is `$MCPAPP_BIN`, else `target/release/mcpapp` when it exists, else
//! `mcpapp` in `PATH`. The example needs a desktop (X11 or Wayland).

use std::process::ExitCode;

use mcpapp_egui_host::{AppView, HandleOptions, HostHandle, HostUpdate};
use mcpapp_host::mcp::ServerSpec;
use mcpapp_protocol::DisplayMode;

struct Embed {
    host: HostHandle,
    /// What went wrong, if anything (the server did not start, the call failed).
    problem: Option<String>,
}

impl eframe::App for Embed {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
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
                    self.problem = Some(error);
                }
                _ => {}
            }
        }
        let frame = egui::Frame::central_panel(ui.style()).fill(mcpapp_egui::backdrop(false));
        egui::CentralPanel::default().frame(frame).show(ui, |ui| {
            if let Some(problem) = &self.problem {
                ui.colored_label(ui.visuals().error_fg_color, problem);
            }
            egui::ScrollArea::vertical().show(ui, |ui| {
                for app in self.host.apps_mut() {
                    AppView::new(app).show(ui);
                }
            });
        });
    }
}

#[expect(
    clippy::print_stderr,
    reason = "an example's only way to say why it stopped"
)]
fn main() -> ExitCode {
    if std::env::var_os("DISPLAY").is_none() && std::env::var_os("WAYLAND_DISPLAY").is_none() {
        eprintln!("embed: no desktop here (neither DISPLAY nor WAYLAND_DISPLAY is set)");
        return ExitCode::from(2);
    }
    let bin = std::env::var("MCPAPP_BIN").unwrap_or_else(|_| {
        let release = "target/release/mcpapp";
        let found = std::path::Path::new(release).exists();
        (if found { release } else { "mcpapp" }).to_owned()
    });
    let run = eframe::run_native(
        "mcpapp embed",
        eframe::NativeOptions::default(),
        Box::new(|cc| {
            mcpapp_render::setup_context(&cc.egui_ctx);
            cc.egui_ctx.set_theme(egui::Theme::Light);
            let host = HostHandle::start(Some(&cc.egui_ctx), HandleOptions::default())?;
            host.connect(
                "flights",
                ServerSpec::stdio(bin, ["serve-example", "flights"]),
            );
            Ok(Box::new(Embed {
                host,
                problem: None,
            }))
        }),
    );
    if let Err(e) = run {
        eprintln!("embed: {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
