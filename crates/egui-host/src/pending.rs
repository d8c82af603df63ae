//! What waits for the user: servers' questions, sampling requests and apps' downloads. Those
//! of an app are drawn by its [`crate::AppView`], under the app; those of no app (a question
//! asked during a tool call without a view) by [`PendingView`]. Both report through the same
//! [`AppViewOutput`].

use egui::{Response, Role, Ui, Widget, WidgetInfo};
use mcpapp_card::HostConfig;
use mcpapp_host::InstanceId;

use crate::app_view::{AppViewEvent, AppViewOutput};
use crate::downloads::PendingDownload;
use crate::questions::PendingQuestion;

/// The questions and downloads waiting for the user, of one app or of none.
#[derive(Debug, Default)]
pub struct Pending {
    pub(crate) questions: Vec<PendingQuestion>,
    pub(crate) downloads: Vec<PendingDownload>,
}

impl Pending {
    /// Whether nothing waits.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.questions.is_empty() && self.downloads.is_empty()
    }

    /// The questions and sampling requests, oldest first.
    pub fn questions(&self) -> impl Iterator<Item = &PendingQuestion> {
        self.questions.iter()
    }

    /// The questions and sampling requests, to answer them without drawing them.
    pub fn questions_mut(&mut self) -> impl Iterator<Item = &mut PendingQuestion> {
        self.questions.iter_mut()
    }

    /// The downloads, oldest first.
    pub fn downloads(&self) -> impl Iterator<Item = &PendingDownload> {
        self.downloads.iter()
    }

    /// The downloads, to choose their folder or answer them yourself.
    pub fn downloads_mut(&mut self) -> impl Iterator<Item = &mut PendingDownload> {
        self.downloads.iter_mut()
    }

    /// Takes question `id` out, wherever it is.
    pub(crate) fn take_question(&mut self, id: InstanceId) -> Option<PendingQuestion> {
        let at = self.questions.iter().position(|q| q.id() == id)?;
        Some(self.questions.remove(at))
    }

    /// Drops what has been answered (a URL question stays until the server is done).
    pub(crate) fn forget_answered(&mut self) {
        self.downloads.retain(|d| !d.is_answered());
    }

    /// Moves everything of `other` in here.
    pub(crate) fn adopt(&mut self, other: &mut Self) {
        self.questions.append(&mut other.questions);
        self.downloads.append(&mut other.downloads);
    }

    /// Draws each, one under another, in `config`'s theme; what the user answered this frame.
    pub(crate) fn show(&mut self, ui: &mut Ui, config: &HostConfig) -> Option<AppViewEvent> {
        let mut event = None;
        for question in &mut self.questions {
            ui.add_space(8.0);
            let framed = egui::Frame::group(ui.style()).inner_margin(8.0);
            if framed.show(ui, |ui| question.show(ui, config)).inner {
                event = Some(AppViewEvent::QuestionAnswered(question.id()));
            }
        }
        for download in &mut self.downloads {
            ui.add_space(8.0);
            let framed = egui::Frame::group(ui.style()).inner_margin(8.0);
            if let Some(done) = framed.show(ui, |ui| download.show(ui)).inner {
                event = Some(AppViewEvent::Download(done));
            }
        }
        event
    }
}

/// Draws what waits for the user and belongs to no app ([`crate::HostHandle::pending_mut`]):
/// servers' questions and sampling requests, in the host's theme.
///
/// ```no_run
/// # fn frame(ui: &mut egui::Ui, host: &mut mcpapp_egui_host::HostHandle) {
/// let dark = ui.visuals().dark_mode;
/// let output = mcpapp_egui_host::PendingView::new(host.pending_mut(), dark).show(ui);
/// # }
/// ```
#[must_use = "a pending view does nothing until it is shown"]
pub struct PendingView<'a> {
    pending: &'a mut Pending,
    dark: bool,
    config: Option<&'a HostConfig>,
}

impl<'a> PendingView<'a> {
    /// A view of `pending`, in the built-in light or dark host config.
    pub fn new(pending: &'a mut Pending, dark: bool) -> Self {
        Self {
            pending,
            dark,
            config: None,
        }
    }

    /// Draws with this host config instead.
    pub fn host_config(mut self, config: &'a HostConfig) -> Self {
        self.config = Some(config);
        self
    }

    /// Draws what waits and reports what the user answered.
    pub fn show(self, ui: &mut Ui) -> AppViewOutput {
        let builtin;
        let config = if let Some(config) = self.config {
            config
        } else {
            builtin = HostConfig::for_dark(self.dark);
            &builtin
        };
        let inner = ui.push_id("mcpapp-pending", |ui| {
            ui.vertical(|ui| self.pending.show(ui, config)).inner
        });
        let waiting = self.pending.questions.len() + self.pending.downloads.len();
        inner.response.widget_info(|| {
            WidgetInfo::labeled(Role::Group, true, format!("Waiting for you ({waiting})"))
        });
        AppViewOutput {
            response: inner.response,
            event: inner.inner,
        }
    }
}

impl Widget for PendingView<'_> {
    /// Draws what waits; use [`PendingView::show`] to get what the user answered.
    fn ui(self, ui: &mut Ui) -> Response {
        self.show(ui).response
    }
}
