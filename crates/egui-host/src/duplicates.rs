//! The duplicate question as a modal: the same tool was called again while an app of it is
//! open in a window, and the host asks ([`DuplicatePolicy::Ask`]) whether the new one
//! replaces the oldest window, all of them, or opens beside them.

use egui::{Id, Modal, RichText};
use mcpapp_host::{DuplicatePolicy, HostEvent, InstanceId};

use crate::HostHandle;

/// A question of the host about a second window of a tool
/// ([`HostEvent::DuplicateInstance`]), waiting for the user's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DuplicateQuestion {
    /// The new instance, waiting for the answer.
    pub instance: InstanceId,
    /// The windows of the same tool open now.
    pub existing: Vec<InstanceId>,
    /// The tool's title, as its open windows show it.
    pub title: String,
}

impl DuplicateQuestion {
    /// The question an event asks, if it is [`HostEvent::DuplicateInstance`]; the title is
    /// taken from the first open window of the tool in `host`.
    #[must_use]
    pub fn from_event(event: &HostEvent, host: &HostHandle) -> Option<Self> {
        let HostEvent::DuplicateInstance { instance, existing } = event else {
            return None;
        };
        let title = existing
            .iter()
            .find_map(|i| host.app(*i))
            .map_or_else(|| "this tool".to_owned(), |app| app.title().to_owned());
        Some(Self {
            instance: *instance,
            existing: existing.clone(),
            title,
        })
    }
}

/// Asks a [`DuplicateQuestion`] in a modal over the whole window: "Replace oldest",
/// "Replace all", "New instance". Returns the answer the frame it is given; pass it to
/// [`HostHandle::resolve_duplicate`]. Dismissing the modal (Escape, a click beside it) opens
/// the new app beside the others, which closes nothing.
///
/// ```no_run
/// # fn frame(ctx: &egui::Context, host: &mcpapp_egui_host::HostHandle,
/// #          asked: &mcpapp_egui_host::DuplicateQuestion) {
/// if let Some(answer) = mcpapp_egui_host::DuplicateModal::new(asked).show(ctx) {
///     host.resolve_duplicate(asked.instance, answer);
/// }
/// # }
/// ```
#[must_use = "the modal shows nothing until `show` is called"]
pub struct DuplicateModal<'a> {
    question: &'a DuplicateQuestion,
}

impl<'a> DuplicateModal<'a> {
    /// The modal asking `question`.
    pub fn new(question: &'a DuplicateQuestion) -> Self {
        Self { question }
    }

    /// Shows the modal; the user's answer, if given this frame.
    pub fn show(self, ctx: &egui::Context) -> Option<DuplicatePolicy> {
        let question = self.question;
        let response =
            Modal::new(Id::unique(("mcpapp-duplicate", question.instance.0))).show(ctx, |ui| {
                ui.set_max_width(360.0);
                ui.label(RichText::new(format!("{} is already open", question.title)).strong());
                let windows = question.existing.len();
                ui.label(if windows == 1 {
                    "A window of this app is open. What should the new one do?".to_owned()
                } else {
                    format!("{windows} windows of this app are open. What should the new one do?")
                });
                ui.add_space(8.0);
                let mut answer = None;
                ui.horizontal(|ui| {
                    if ui.button("Replace oldest").clicked() {
                        answer = Some(DuplicatePolicy::ReplaceOldest);
                    }
                    if ui.button("Replace all").clicked() {
                        answer = Some(DuplicatePolicy::ReplaceAll);
                    }
                    if ui.button("New instance").clicked() {
                        answer = Some(DuplicatePolicy::NewInstance);
                    }
                });
                answer
            });
        if response.inner.is_some() {
            return response.inner;
        }
        response
            .should_close()
            .then_some(DuplicatePolicy::NewInstance)
    }
}
