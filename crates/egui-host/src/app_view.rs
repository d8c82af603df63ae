//! The app view widget: any open app in any `Ui`.

use std::time::Instant;

use egui::{Response, RichText, Role, Ui, Widget, WidgetInfo};
use mcpapp_card::HostConfig;
use mcpapp_egui::CardView;
use mcpapp_host::InstanceId;

use crate::app::{Body, CardApp, HostedApp, HtmlApp, HtmlStatus};
use crate::downloads::DownloadEvent;

/// What the user did with an app this frame that its embedder may want to know. The app's
/// messages already went to the host; nothing here needs an answer.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum AppViewEvent {
    /// A card action or an A2UI event became a `tools/call` to this tool.
    ToolCalled(String),
    /// A card link became `ui/open-link` (the host decides; [`crate::HostUpdate::Event`]
    /// brings the [`mcpapp_host::HostEvent::OpenLink`]).
    LinkRequested(String),
    /// The user's action was not sent, with the reason shown on the card.
    NotSent(String),
    /// The user asked to see an HTML app in its own window.
    PresentRequested,
    /// The user answered a server's question or sampling request (the host checks the
    /// answer; a refusal shows on the question).
    QuestionAnswered(InstanceId),
    /// The user answered an app's download: saved (with the links to open with your link
    /// policy), failed, or declined. The app was told.
    Download(DownloadEvent),
}

/// What showing an app reported.
#[derive(Debug)]
pub struct AppViewOutput {
    /// The response covering the whole app.
    pub response: Response,
    /// What the user did, if anything.
    pub event: Option<AppViewEvent>,
}

/// Draws an open app and everything that waits for the user on its behalf: a card or A2UI
/// surfaces natively (the lock, the notice under it, submits, events and links to the host),
/// an HTML app in a webview of the window ([`Self::in_window`]) or as a framed placeholder
/// with a button that opens it in a window of its own; under it, its server's questions and
/// sampling requests and its downloads, in the same theme.
///
/// ```no_run
/// # fn demo(ui: &mut egui::Ui, app: &mut mcpapp_egui_host::HostedApp) {
/// let output = mcpapp_egui_host::AppView::new(app).show(ui);
/// # }
/// ```
#[must_use = "an app view does nothing until it is shown"]
pub struct AppView<'a> {
    pub(crate) app: &'a mut HostedApp,
    config: Option<&'a HostConfig>,
    #[cfg(feature = "webview")]
    window: Option<InWindow<'a>>,
}

/// The window an HTML app is drawn in, and its webviews.
#[cfg(feature = "webview")]
struct InWindow<'a> {
    webviews: &'a mut crate::Webviews,
    parent: &'a dyn wry::raw_window_handle::HasWindowHandle,
}

impl<'a> AppView<'a> {
    /// A view of `app`.
    pub fn new(app: &'a mut HostedApp) -> Self {
        Self {
            app,
            config: None,
            #[cfg(feature = "webview")]
            window: None,
        }
    }

    /// Draws an HTML app inside the window `parent` (in eframe: the `Frame`), in a webview of
    /// `webviews` placed where this view is, instead of a placeholder that opens it in a
    /// window of its own. Its height follows the size the app reports (`size-changed`),
    /// within 80–4,000 points.
    #[cfg(feature = "webview")]
    pub fn in_window(
        mut self,
        webviews: &'a mut crate::Webviews,
        parent: &'a dyn wry::raw_window_handle::HasWindowHandle,
    ) -> Self {
        self.window = Some(InWindow { webviews, parent });
        self
    }

    /// Draws cards and A2UI surfaces with this host config; by default the built-in light or dark theme, as the
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
            builtin = HostConfig::for_dark(dark);
            &builtin
        };
        #[cfg(feature = "webview")]
        let height = self.app.reported_height();
        #[cfg(feature = "webview")]
        let mut window = self.window;
        let app = self.app;
        let inner = ui.push_id(("mcpapp-app", instance.0), |ui| {
            let event = match &mut app.body {
                Body::Card(card) => show_card(ui, card, config, locked, closed),
                Body::A2ui(a2ui) => crate::a2ui_app::show(ui, a2ui, config, locked, closed),
                #[cfg(feature = "webview")]
                Body::Html(html) if window.is_some() => {
                    if let Some(window) = window.as_mut() {
                        show_html_in_window(ui, html, &title, instance, closed, height, window);
                    }
                    None
                }
                Body::Html(html) => show_html(ui, html, &title, instance, closed),
            };
            // What the user answers under the app counts over what they did in it: both
            // cannot happen in one frame (one click).
            app.pending.show(ui, config).or(event)
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
            show_refusals(ui, &html.refused, instance);
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

/// The height of an HTML app's webview when the app has not said (points).
#[cfg(feature = "webview")]
const DEFAULT_HTML_HEIGHT: f32 = 360.0;

/// Draws an HTML app in a webview of the window, on the rectangle allocated here: the title
/// above it, a frame around it. The webview covers the part of the rectangle that can be seen
/// (the app shifted inside it when cut off); a closed app's webview is destroyed.
#[cfg(feature = "webview")]
fn show_html_in_window(
    ui: &mut Ui,
    html: &mut HtmlApp,
    title: &str,
    instance: InstanceId,
    closed: bool,
    reported: Option<f32>,
    window: &mut InWindow<'_>,
) {
    ui.label(RichText::new(title).strong());
    show_refusals(ui, &html.refused, instance);
    if closed {
        window.webviews.remove(instance);
        ui.weak("This app has been closed.");
        return;
    }
    if let HtmlStatus::Failed(why) = &html.status {
        ui.weak(format!("Not shown: {why}"));
        return;
    }
    let height = reported.unwrap_or(DEFAULT_HTML_HEIGHT).clamp(80.0, 4_000.0);
    let size = egui::vec2(ui.available_width(), height);
    // A place in egui's focus order: Tab reaches the app through it.
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::focusable_noninteractive());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::WebView, true, title));
    if response.gained_focus() {
        let forward = !ui.input(|i| i.modifiers.shift);
        window.webviews.give_focus(instance, forward);
    }
    ui.painter().rect_stroke(
        rect,
        2.0,
        ui.visuals().widgets.noninteractive.bg_stroke,
        egui::StrokeKind::Outside,
    );
    if ui.is_sizing_pass() {
        // A window's first frame only measures (a pip window opening): the webview stays put
        // until the next frame gives its real place.
        window.webviews.keep(instance, ui.ctx());
        return;
    }
    let host_origin = crate::webview::origin_of(&html.url);
    let placement = crate::webview::Placement {
        parent: window.parent,
        instance,
        url: &html.url,
        allowed: vec![host_origin, html.proxy_origin.clone()],
        rect,
        clip: ui.clip_rect(),
        visible: ui.is_visible(),
        focus_id: response.id,
    };
    match window.webviews.place(&placement, ui.ctx()) {
        Ok(()) => html.status = HtmlStatus::Embedded,
        Err(why) => html.status = HtmlStatus::Failed(why),
    }
}

/// What the host refused of the app's declared sandbox, folded under one line that says how
/// many: the user sees why an app cannot reach what it asked for.
fn show_refusals(ui: &mut Ui, refused: &[String], instance: InstanceId) {
    if refused.is_empty() {
        return;
    }
    let heading = if refused.len() == 1 {
        "The host refused 1 entry of this app's sandbox".to_owned()
    } else {
        format!(
            "The host refused {} entries of this app's sandbox",
            refused.len()
        )
    };
    egui::CollapsingHeader::new(RichText::new(heading).color(ui.visuals().warn_fg_color))
        .id_salt(("mcpapp-sandbox-refused", instance.0))
        .show(ui, |ui| {
            for line in refused {
                ui.label(RichText::new(line).small());
            }
        });
}

/// The sentence telling where an HTML app is shown, and whether it may be opened now.
fn html_status(status: &HtmlStatus) -> (String, bool) {
    match status {
        HtmlStatus::Waiting => ("An HTML app: it opens in its own window.".to_owned(), true),
        HtmlStatus::Opening => ("Opening its window…".to_owned(), false),
        HtmlStatus::Shown => ("Shown in its own window.".to_owned(), false),
        HtmlStatus::Embedded => ("Shown in this window.".to_owned(), false),
        HtmlStatus::Failed(why) => (format!("Not shown: {why}"), false),
    }
}

impl Widget for AppView<'_> {
    /// Draws the app; use [`AppView::show`] to get what the user did.
    fn ui(self, ui: &mut Ui) -> Response {
        self.show(ui).response
    }
}
