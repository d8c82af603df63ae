//! The app in a native window: the embedding library's [`AppView`] on the connect session,
//! which the window drives while it is open. A card is drawn natively; an HTML app in a webview
//! inside the window. The server's questions of no app ([`PendingView`]) are drawn above it.

use eframe::egui;
use mcpapp_egui_host::{AppView, AppViewEvent, DEFAULT_PIP_SIZE, DownloadEvent, PendingView};
use mcpapp_protocol::DisplayMode;

use super::report::Report;

use super::session::Session;

/// The webviews an HTML app is shown in.
#[cfg(feature = "webview")]
pub type Webviews = mcpapp_egui_host::Webviews;

/// No webviews in a build without the `webview` feature (an HTML app opens in a browser).
#[cfg(not(feature = "webview"))]
pub enum Webviews {}

/// Shows the session's app until the window is closed or the app ends; an HTML app in
/// `webviews`.
pub fn show(title: &str, session: &mut Session, webviews: Option<Webviews>) -> Result<(), String> {
    let size = if webviews.is_some() {
        [900.0, 720.0]
    } else {
        [520.0, 640.0]
    };
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title(title)
            .with_app_id("mcpapp-connect")
            .with_inner_size(size),
        renderer: eframe::Renderer::Wgpu,
        ..eframe::NativeOptions::default()
    };
    eframe::run_native(
        "mcpapp connect",
        options,
        Box::new(|cc| {
            mcpapp_egui::install(&cc.egui_ctx);
            Ok(Box::new(AppWindow {
                session,
                webviews,
                warm_failed: false,
                size: size.into(),
                shown: None,
            }))
        }),
    )
    .map_err(|e| format!("cannot show the app's window: {e}"))
}

struct AppWindow<'s> {
    session: &'s mut Session,
    webviews: Option<Webviews>,
    /// Whether no page could be kept ready for the app (said once).
    #[cfg_attr(
        not(feature = "webview"),
        expect(dead_code, reason = "set by the webview")
    )]
    warm_failed: bool,
    /// The window's size when the app is not in picture-in-picture.
    size: egui::Vec2,
    /// The display mode the window is arranged for.
    shown: Option<DisplayMode>,
}

impl AppWindow<'_> {
    /// Arranges the window for the app's display mode when it changed (the app asked with
    /// `ui/request-display-mode`, the host granted it): picture-in-picture is a small window
    /// that stays on top, of the room the host declares for it; fullscreen fills the screen;
    /// the other modes are the window as it opened.
    fn follow_mode(&mut self, ctx: &egui::Context, mode: &DisplayMode) {
        if self.shown.as_ref() == Some(mode) {
            return;
        }
        let first = self.shown.is_none();
        self.shown = Some(mode.clone());
        let command = |c| ctx.send_viewport_cmd(c);
        match mode {
            DisplayMode::Pip => {
                command(egui::ViewportCommand::Fullscreen(false));
                command(egui::ViewportCommand::InnerSize(DEFAULT_PIP_SIZE));
                command(egui::ViewportCommand::WindowLevel(
                    egui::WindowLevel::AlwaysOnTop,
                ));
            }
            DisplayMode::Fullscreen if !first => {
                command(egui::ViewportCommand::WindowLevel(
                    egui::WindowLevel::Normal,
                ));
                command(egui::ViewportCommand::Fullscreen(true));
            }
            _ if first => {}
            _ => {
                command(egui::ViewportCommand::Fullscreen(false));
                command(egui::ViewportCommand::WindowLevel(
                    egui::WindowLevel::Normal,
                ));
                command(egui::ViewportCommand::InnerSize(self.size));
            }
        }
    }
}

impl eframe::App for AppWindow<'_> {
    #[cfg_attr(
        not(feature = "webview"),
        expect(unused_variables, reason = "the frame hosts webviews")
    )]
    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        #[cfg(feature = "webview")]
        if let Some(webviews) = &mut self.webviews {
            webviews.begin_frame(ui.ctx());
            // A page kept loaded for the app, which then appears as soon as it is known.
            if let Err(e) = webviews.keep_warm(&mut self.session.host, frame)
                && !self.warm_failed
            {
                self.warm_failed = true;
                self.session
                    .out
                    .line(&format!("note: no page kept ready for the app: {e}"));
            }
        }
        self.session.step();
        if self.session.outcome.is_some() {
            ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
            return;
        }
        let instance = self.session.instance;
        if let Some(mode) = instance
            .and_then(|i| self.session.host.app(i))
            .map(|app| app.display_mode().clone())
        {
            self.follow_mode(ui.ctx(), &mode);
        }
        let host = &mut self.session.host;
        let out = &mut self.session.out;
        let dark = instance
            .and_then(|i| host.app(i))
            .is_some_and(mcpapp_egui_host::HostedApp::is_dark);
        ui.ctx().set_theme(if dark {
            egui::Theme::Dark
        } else {
            egui::Theme::Light
        });
        let config = mcpapp_card::HostConfig::for_dark(dark);
        let backdrop = mcpapp_egui::backdrop(dark);
        let webviews = &mut self.webviews;
        egui::CentralPanel::default()
            .frame(egui::Frame::central_panel(ui.style()).fill(backdrop))
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    // The server's questions of no app first: its call waits for them. The
                    // app's own questions and downloads are drawn under it.
                    if !host.pending().is_empty() {
                        let dark = ui.visuals().dark_mode;
                        let pending = PendingView::new(host.pending_mut(), dark)
                            .host_config(&config)
                            .show(ui);
                        report_download(out, pending.event);
                        ui.separator();
                    }
                    let Some(app) = instance.and_then(|i| host.app_mut(i)) else {
                        if instance.is_none() {
                            ui.weak("Calling the tool; its app appears here.");
                        }
                        return;
                    };
                    let view = AppView::new(app);
                    let shown = match webviews {
                        #[cfg(feature = "webview")]
                        Some(webviews) => view.in_window(webviews, frame).show(ui),
                        #[cfg(not(feature = "webview"))]
                        Some(never) => match *never {},
                        None => view.show(ui),
                    };
                    report_download(out, shown.event);
                });
            });
        // The host is polled on the window's frames; without news, look again soon.
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_millis(100));
    }
}

/// Says what became of a download the user answered; opens the links it gave in the browser.
fn report_download(out: &mut Report, event: Option<AppViewEvent>) {
    let Some(AppViewEvent::Download(event)) = event else {
        return;
    };
    match event {
        DownloadEvent::Saved { paths, links } => {
            for path in paths {
                out.line(&format!("saved {}", path.display()));
            }
            for link in links {
                super::session::open_link(out, &link);
            }
        }
        DownloadEvent::Failed(why) => out.line(&format!("download not saved: {why}")),
        DownloadEvent::Declined => out.line("download not saved: you said no"),
        _ => {}
    }
}
