//! What the host says, taken in every frame: the conversation follows the calls, results and
//! apps, an app's message enters the transcript, and the rest goes to the log.

use std::time::{Duration, Instant};

use mcpapp_egui_host::{DuplicateQuestion, HostHandle, HostUpdate};
use mcpapp_host::{CloseReason, HostEvent, InstanceId};
use mcpapp_protocol::{ContentBlock, UiMessageParams};

use crate::conversation::{Call, Entry};

use super::DemoApp;

/// How long the host "responds" to an app's message, with the thread's apps locked.
const RESPONDING: Duration = Duration::from_millis(1500);

impl DemoApp {
    /// Starts the host on the first call, then takes in what it said since the last frame.
    /// [`Self::ui`] calls it; call it yourself when you draw only [`Self::transcript`].
    pub fn poll(&mut self, ctx: &egui::Context) {
        if self.host.is_none() {
            self.start(ctx);
        }
        let updates = self.host.as_mut().map(HostHandle::poll).unwrap_or_default();
        for update in updates {
            if let HostUpdate::Event(HostEvent::OpenLink { instance, url }) = &update
                && self
                    .host
                    .as_ref()
                    .is_some_and(|h| h.question(*instance).is_some())
            {
                // The user agreed to this page in the question's card; an app's link is only
                // noted.
                if let Err(e) = mcpapp_egui_host::open_link(url) {
                    self.note(&format!("cannot open {url}: {e}"));
                }
            }
            self.update(update);
        }
        self.respond(ctx);
        self.save_if_changed();
    }

    /// Saves the conversation when something in it changed since the last save.
    pub(super) fn save_if_changed(&mut self) {
        if std::mem::take(&mut self.dirty)
            && let Err(e) = self.conversation.save(self.store.as_ref())
        {
            self.note(&format!("the conversation was not saved: {e}"));
        }
    }

    /// Takes in one thing the host said.
    fn update(&mut self, update: HostUpdate) {
        match update {
            HostUpdate::ServerConnected { server, tools, .. } => {
                self.note(&format!("{server}: connected, {} tools", tools.len()));
                self.restore(&server);
            }
            HostUpdate::ServerFailed { server, error } => self.note(&format!("{server}: {error}")),
            HostUpdate::CallDone {
                tool_call_id,
                result,
            }
            | HostUpdate::ToolResult {
                tool_call_id,
                result,
            } => {
                if let Some(call) = self.conversation.call_mut(&tool_call_id) {
                    call.result = Some(result);
                    self.dirty = true;
                }
            }
            HostUpdate::CallFailed {
                tool_call_id,
                error,
            } => {
                if let Some(call) = self.conversation.call_mut(&tool_call_id) {
                    call.error = Some(error.to_string());
                    self.dirty = true;
                }
            }
            HostUpdate::AppOpened { instance, spec, .. } => {
                self.instances.insert(spec.tool_call_id.clone(), instance);
                if let Some(call) = self.conversation.call_mut(&spec.tool_call_id) {
                    call.app = Some(*spec);
                    self.dirty = true;
                }
            }
            HostUpdate::AppFailed { instance, error } => {
                self.note(&format!("app {}: {error}", instance.0));
            }
            HostUpdate::AppClosed {
                instance, reason, ..
            } => {
                // An app that closed for good does not come back with its thread or a restart.
                if reason != CloseReason::ThreadSwitched
                    && let Some(call) = self.call_of(instance)
                {
                    call.app = None;
                    self.dirty = true;
                }
            }
            HostUpdate::Event(HostEvent::ChatMessage { message, .. }) => {
                self.user_message(&message);
            }
            HostUpdate::Event(HostEvent::DisplayModeChanged { instance, mode }) => {
                if let Some(spec) = self.call_of(instance).and_then(|c| c.app.as_mut()) {
                    spec.display_mode = mode;
                    self.dirty = true;
                }
            }
            HostUpdate::Event(HostEvent::OpenLink { url, .. }) => {
                self.note(&format!("an app asks to open {url}"));
            }
            HostUpdate::Event(event @ HostEvent::DuplicateInstance { .. }) => {
                if let Some(asked) = self
                    .host
                    .as_ref()
                    .and_then(|host| DuplicateQuestion::from_event(&event, host))
                {
                    self.duplicates.push(asked);
                }
            }
            HostUpdate::Event(HostEvent::Log { level, message, .. }) => {
                self.note(&format!("{level}: {message}"));
            }
            HostUpdate::Event(event) => self.note(&event.to_string()),
            other => self.note(&format!("{other:?}")),
        }
    }

    fn call_of(&mut self, instance: InstanceId) -> Option<&mut Call> {
        let id = self
            .instances
            .iter()
            .find(|(_, i)| **i == instance)?
            .0
            .clone();
        self.conversation.call_mut(&id)
    }

    /// Brings back the apps of `server` that were open when the demo last ran.
    fn restore(&mut self, server: &str) {
        let Some(host) = &self.host else { return };
        for thread in &self.conversation.threads {
            for entry in &thread.entries {
                if let Entry::Call(call) = entry
                    && let Some(spec) = &call.app
                    && call.server == server
                    && !self.instances.contains_key(&call.tool_call_id)
                {
                    host.restore_app(
                        thread.id.clone(),
                        spec.clone(),
                        Some(call.arguments.clone()),
                        call.result.clone(),
                    );
                }
            }
        }
    }

    /// An app's `ui/message`: the user's message in the transcript, then the host "responds"
    /// for a moment with the thread's apps locked, as a chat host's model would.
    fn user_message(&mut self, message: &UiMessageParams) {
        let text: Vec<&str> = message
            .content
            .iter()
            .filter_map(ContentBlock::as_text)
            .collect();
        if let Some(thread) = self.conversation.current_mut() {
            thread.entries.push(Entry::User {
                text: text.join("\n"),
            });
            self.dirty = true;
        }
        if let Some(host) = &mut self.host {
            host.set_generating(self.conversation.current.clone(), true);
            self.responding_until = Some(Instant::now() + RESPONDING);
        }
    }

    pub(super) fn respond(&mut self, ctx: &egui::Context) {
        if let Some(until) = self.responding_until {
            let now = Instant::now();
            if now >= until {
                self.responding_until = None;
                if let Some(host) = &mut self.host {
                    host.set_generating(self.conversation.current.clone(), false);
                }
            } else {
                ctx.request_repaint_after(until - now);
            }
        }
    }
}
