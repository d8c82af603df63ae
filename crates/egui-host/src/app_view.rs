//! The app view widget: any open app in any `Ui`.

use std::time::Instant;

use egui::{Response, RichText, Role, Ui, Widget, WidgetInfo};
use mcpapp_card::HostConfig;
use mcpapp_card::host_config::Theme;
use mcpapp_egui::CardView;
use mcpapp_host::InstanceId;

use crate::app::{Body, CardApp, HostedApp, HtmlApp, HtmlStatus};

/// What the user did with an app this frame that its embedder may want to know. The app's
/// messages already went to the host; nothing here needs an answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AppViewEvent {
    /// A card action became a `tools/call` to this tool.
    ToolCalled(String),
    /// A card link became `ui/open-link` (the host decides; [`crate::HostUpdate::Event`]
    /// brings the [`mcpapp_host::HostEvent::OpenLink`]).
    LinkRequested(String),
    /// The user's action was not sent, with the reason shown on the card.
    NotSent(String),
    /// The user asked to see an HTML app in its own window.
    PresentRequested,
}

/// What showing an app reported.
#[derive(Debug)]
pub struct AppViewOutput {
    /// The response covering the whole app.
    pub response: Response,
    /// What the user did, if anything.
    pub event: Option<AppViewEvent>,
}

/// Draws an open app: a card natively (the lock, the notice under it, submits and links to
/// the host), an HTML app as a framed placeholder with its title, its state and a button that
/// opens it in a window of its own.
///
/// ```no_run
/// # fn demo(ui: &mut egui::Ui, app: &mut mcpapp_egui_host::HostedApp) {
/// let output = mcpapp_egui_host::AppView::new(app).show(ui);
/// # }
/// ```
#[must_use = "an app view does nothing until it is shown"]
pub struct AppView<'a> {
    app: &'a mut HostedApp,
    config: Option<&'a HostConfig>,
}

impl<'a> AppView<'a> {
    /// A view of `app`.
    pub fn new(app: &'a mut HostedApp) -> Self {
        Self { app, config: None }
    }

    /// Draws cards with this host config; by default the built-in light or dark theme, as the
    /// host's theme says.
    pub fn host_config(mut self, config: &'a HostConfig) -> Self {
        self.config = Some(config);
        self
    }

    /// Draws the app and reports what the user did.
    pub fn show(self, ui: &mut Ui) -> AppViewOutput {
        let title = self.app.title().to_owned();
        let instance = self.app.instance();
        let locked = self.app.is_locked();
        let closed = self.app.is_closed();
        let dark = self.app.is_dark();
        let builtin;
        let config = if let Some(config) = self.config {
            config
        } else {
            builtin = Theme::for_dark(dark).host_config();
            &builtin
        };
        let inner = ui.push_id(("mcpapp-app", instance.0), |ui| match &mut self.app.body {
            Body::Card(card) => show_card(ui, card, config, locked, closed),
            Body::Html(html) => show_html(ui, html, &title, instance, closed),
        });
        let response = inner.response;
        // Assistive technology hears the app's title and whether it can be used now.
        let label = if closed {
            format!("{title} (closed)")
        } else if locked {
            format!("{title} (locked)")
        } else {
            title
        };
        response.widget_info(|| WidgetInfo::labeled(Role::Group, !locked, &label));
        AppViewOutput {
            response,
            event: inner.inner,
        }
    }
}

/// Draws a card app natively: the notice while it is locked, the card itself, and the problem
/// or session notice under it. The card's event goes to the session; what the embedder may
/// want to know of it is returned.
fn show_card(
    ui: &mut Ui,
    card: &mut CardApp,
    config: &HostConfig,
    locked: bool,
    closed: bool,
) -> Option<AppViewEvent> {
    ui.vertical(|ui| {
        if locked && !closed {
            ui.weak("The model is replying; the card waits.");
        }
        let output = CardView::new(&card.shown, &mut card.state)
            .host_config(config)
            .disabled(locked)
            .show(ui);
        let event = embedder_event(output.event.as_ref());
        card.act(output.event, output.state_changed, Instant::now());
        // The session may refuse what the user did: the embedder hears that instead.
        let event = match &card.problem {
            Some(problem) if event.is_some() => Some(AppViewEvent::NotSent(problem.clone())),
            _ => event,
        };
        if let Some(text) = card.problem.as_deref().or(card.session.notice()) {
            ui.add_space(4.0);
            ui.label(RichText::new(text).color(ui.visuals().warn_fg_color));
        }
        event
    })
    .inner
}

/// What a card's event means to the embedder: a tool call or a link request; nothing for the
/// rest (an invalid submit shows its errors on the card).
fn embedder_event(event: Option<&mcpapp_egui::CardEvent>) -> Option<AppViewEvent> {
    match event {
        Some(mcpapp_egui::CardEvent::Submit {
            tool_call: Ok(call),
            ..
        }) => Some(AppViewEvent::ToolCalled(call.name.clone())),
        Some(mcpapp_egui::CardEvent::OpenUrl { url }) => {
            Some(AppViewEvent::LinkRequested(url.clone()))
        }
        _ => None,
    }
}

/// Draws an HTML app's placeholder: a frame with its title, where it is shown, and a button
/// that asks for its own window (only while it waits for one, and the app is open).
fn show_html(
    ui: &mut Ui,
    html: &mut HtmlApp,
    title: &str,
    instance: InstanceId,
    closed: bool,
) -> Option<AppViewEvent> {
    let frame = egui::Frame::group(ui.style()).inner_margin(12.0);
    frame
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new(title).strong());
            let (status, can_open) = html_status(&html.status);
            ui.weak(status);
            let mut event = None;
            let button = ui.add_enabled(
                can_open && !closed,
                egui::Button::new("Open in its own window"),
            );
            if button.clicked() {
                html.present(instance);
                event = Some(AppViewEvent::PresentRequested);
            }
            event
        })
        .inner
}

/// The sentence telling where an HTML app is shown, and whether it may be opened now.
fn html_status(status: &HtmlStatus) -> (String, bool) {
    match status {
        HtmlStatus::Waiting => ("An HTML app: it opens in its own window.".to_owned(), true),
        HtmlStatus::Opening => ("Opening its window…".to_owned(), false),
        HtmlStatus::Shown => ("Shown in its own window.".to_owned(), false),
        HtmlStatus::Failed(why) => (format!("Not shown: {why}"), false),
    }
}

impl Widget for AppView<'_> {
    /// Draws the app; use [`AppView::show`] to get what the user did.
    fn ui(self, ui: &mut Ui) -> Response {
        self.show(ui).response
    }
}
