//! Picture-in-picture: an app in a small floating window above everything else in the egui
//! window, of bounded size (the room the host declares for `pip`), that the user can move,
//! send back to the conversation, or close.

use egui::{Align2, Id, Order, Vec2};

use crate::{AppView, AppViewEvent};

/// What the user did with a picture-in-picture window this frame.
#[derive(Debug, Clone)]
pub enum PipEvent {
    /// What the user did with the app in it.
    App(AppViewEvent),
    /// The user asked for the app back in the conversation (set its mode to inline).
    Back,
    /// The user closed the window (close the app).
    Close,
}

/// The room a picture-in-picture app has when the embedder says nothing else: the host's
/// default for `pip`, 480 × 360.
pub const DEFAULT_PIP_SIZE: Vec2 = Vec2::new(480.0, 360.0);

/// Shows an [`AppView`] in a floating, always-on-top egui window of bounded size, in the
/// bottom-right corner at first. A card is drawn natively; an HTML app the way the view
/// draws it (in its webview with `AppView::in_window`, feature `webview`).
///
/// ```no_run
/// # fn frame(ctx: &egui::Context, app: &mut mcpapp_egui_host::HostedApp) {
/// use mcpapp_egui_host::{AppView, PipEvent, PipWindow};
/// match PipWindow::new(AppView::new(app)).show(ctx) {
///     Some(PipEvent::Back) => { /* host.set_display_mode(instance, DisplayMode::Inline) */ }
///     Some(PipEvent::Close) => { /* host.close(instance) */ }
///     _ => {}
/// }
/// # }
/// ```
#[must_use = "the window shows nothing until `show` is called"]
pub struct PipWindow<'a> {
    view: AppView<'a>,
    size: Vec2,
}

impl<'a> PipWindow<'a> {
    /// `view` in picture-in-picture, at most [`DEFAULT_PIP_SIZE`].
    pub fn new(view: AppView<'a>) -> Self {
        Self {
            view,
            size: DEFAULT_PIP_SIZE,
        }
    }

    /// The most room the app has (the host's `containerDimensions` for `pip`); sizes that
    /// are not finite and positive keep the default.
    pub fn max_size(mut self, size: Vec2) -> Self {
        if size.x.is_finite() && size.y.is_finite() && size.x > 0.0 && size.y > 0.0 {
            self.size = size;
        }
        self
    }

    /// Shows the window; what the user did, if anything.
    pub fn show(self, ctx: &egui::Context) -> Option<PipEvent> {
        let title = self.view.app.title().to_owned();
        let instance = self.view.app.instance();
        let size = self.size;
        let mut open = true;
        let mut event = None;
        egui::Window::new(format!("{title} (picture in picture)"))
            .id(Id::unique(("mcpapp-pip", instance.0)))
            .order(Order::Foreground)
            .pivot(Align2::RIGHT_BOTTOM)
            .default_pos(ctx.content_rect().right_bottom() - Vec2::splat(16.0))
            .default_size(size)
            .max_size(size)
            .resizable(true)
            .collapsible(false)
            .open(&mut open)
            .show(ctx, |ui| {
                if ui.small_button("Back to the conversation").clicked() {
                    event = Some(PipEvent::Back);
                }
                egui::ScrollArea::vertical()
                    .max_height(size.y)
                    .auto_shrink([false, true])
                    .show(ui, |ui| {
                        if let Some(what) = self.view.show(ui).event {
                            event = event.take().or(Some(PipEvent::App(what)));
                        }
                    });
            });
        if open { event } else { Some(PipEvent::Close) }
    }
}
