//! Where the demo draws HTML apps this frame: in webviews inside its window (feature
//! `webview`), or as placeholders that open them in a window of their own.

use egui::Ui;
use mcpapp_card::HostConfig;
use mcpapp_egui_host::{AppView, AppViewEvent, HostedApp, PipEvent, PipWindow};

/// How this frame draws HTML apps.
pub(crate) struct Embed<'a> {
    #[cfg(feature = "webview")]
    window: Option<(
        &'a mut mcpapp_egui_host::Webviews,
        &'a dyn mcpapp_egui_host::HasWindowHandle,
    )>,
    #[cfg(not(feature = "webview"))]
    window: std::marker::PhantomData<&'a ()>,
}

impl Embed<'_> {
    /// Placeholders with an "Open in its own window" button.
    pub(crate) fn placeholders() -> Self {
        Self {
            #[cfg(feature = "webview")]
            window: None,
            #[cfg(not(feature = "webview"))]
            window: std::marker::PhantomData,
        }
    }

    /// Draws `app` the way this frame draws HTML apps (cards are always drawn natively), and
    /// what waits for the user under it; what the user did.
    pub(crate) fn show(
        &mut self,
        ui: &mut Ui,
        app: &mut HostedApp,
        config: &HostConfig,
    ) -> Option<AppViewEvent> {
        self.view(app, config).show(ui).event
    }

    /// Draws `app` in picture-in-picture: a small window above the rest, HTML apps the way
    /// this frame draws them.
    pub(crate) fn pip(
        &mut self,
        ctx: &egui::Context,
        app: &mut HostedApp,
        config: &HostConfig,
    ) -> Option<PipEvent> {
        PipWindow::new(self.view(app, config)).show(ctx)
    }

    /// `app`'s view with `config`, its HTML in this frame's webviews where there are some.
    #[cfg_attr(
        not(feature = "webview"),
        expect(clippy::unused_self, reason = "the webview build reads it")
    )]
    fn view<'v>(&'v mut self, app: &'v mut HostedApp, config: &'v HostConfig) -> AppView<'v> {
        let view = AppView::new(app).host_config(config);
        #[cfg(feature = "webview")]
        let view = match &mut self.window {
            Some((webviews, parent)) => view.in_window(webviews, *parent),
            None => view,
        };
        view
    }
}

#[cfg(feature = "webview")]
impl<'a> Embed<'a> {
    /// Webviews of `parent`, the demo's window.
    pub(crate) fn in_window(
        webviews: &'a mut mcpapp_egui_host::Webviews,
        parent: &'a dyn mcpapp_egui_host::HasWindowHandle,
    ) -> Self {
        Self {
            window: Some((webviews, parent)),
        }
    }
}
