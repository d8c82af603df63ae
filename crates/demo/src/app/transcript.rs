//! The thread on screen and the apps in their places: inline in the transcript with the
//! demo's buttons above them, side by side in the workspace, or alone in fullscreen.

use egui::{RichText, ScrollArea, Ui};
use mcpapp_card::HostConfig;
use mcpapp_egui_host::{AppViewEvent, HostedApp, ToolCall};
use mcpapp_host::InstanceId;
use mcpapp_protocol::{ContentBlock, DisplayMode};
use serde_json::{Map, Value};

use crate::conversation::{Call, Entry, new_tool_call_id};
use crate::embed::Embed;

use super::DemoApp;

/// What the user asked of an app through the demo's own buttons.
pub(super) enum AppAction {
    Mode(DisplayMode),
    Close,
    /// What the user did in the app or answered under it.
    Did(AppViewEvent),
}

impl DemoApp {
    /// The thread on screen: messages, tool calls with their apps, and the open form. [`Self::ui`]
    /// draws it in the middle of the window; call [`Self::poll`] first when drawing it alone.
    pub fn transcript(&mut self, ui: &mut Ui) {
        self.transcript_with(ui, &mut Embed::placeholders());
    }

    pub(super) fn transcript_with(&mut self, ui: &mut Ui, embed: &mut Embed<'_>) {
        let config = self.config();
        let mut actions = Vec::new();
        let mut chosen_call = None;
        let mut notes = Vec::new();
        ScrollArea::vertical()
            .stick_to_bottom(true)
            .auto_shrink(false)
            .show(ui, |ui| {
                ui.set_max_width(ui.available_width().min(760.0));
                let Some(thread) = self.conversation.thread(&self.conversation.current) else {
                    return;
                };
                if thread.entries.is_empty() && self.palette.is_idle() {
                    ui.weak(
                        "Pick a tool on the left: the demo calls it as the agent would, \
                         and its app shows here.",
                    );
                }
                for entry in &thread.entries {
                    match entry {
                        Entry::User { text } => {
                            ui.label(RichText::new(format!("You: {text}")).strong());
                        }
                        Entry::Call(call) => {
                            ui.weak(format!(
                                "{}: {}({})",
                                call.server, call.tool, call.arguments
                            ));
                            let app = self
                                .instances
                                .get(&call.tool_call_id)
                                .and_then(|i| self.host.as_mut()?.app_mut(*i));
                            match app {
                                Some(app)
                                    if *app.display_mode() == DisplayMode::Inline
                                        || app.is_closed() =>
                                {
                                    actions.extend(app_with_controls(ui, app, &config, embed));
                                }
                                Some(app) => {
                                    let place = match app.display_mode() {
                                        DisplayMode::Pip => "picture in picture".to_owned(),
                                        other => other.to_string(),
                                    };
                                    ui.weak(format!("{} is in the {place}.", app.title()));
                                }
                                None => call_outcome(ui, call),
                            }
                        }
                    }
                    ui.add_space(10.0);
                }
                if let Some(host) = self.host.as_mut() {
                    notes = crate::questions::show(ui, host, &config);
                }
                if let Some(chosen) = self.palette.form(ui, &config) {
                    chosen_call = Some(chosen);
                }
            });
        self.act(actions);
        for line in notes {
            self.note(&line);
        }
        if let Some(chosen) = chosen_call {
            self.call(&chosen.server, &chosen.tool, chosen.arguments, chosen.mode);
        }
    }

    /// The agent calls a tool in the thread on screen: the call joins the transcript, and its
    /// app (or result) follows.
    pub fn call(
        &mut self,
        server: &str,
        tool: &str,
        arguments: Map<String, Value>,
        mode: DisplayMode,
    ) {
        let tool_call_id = new_tool_call_id(&mut self.calls);
        if let Some(host) = &self.host {
            let call = ToolCall::new(server, tool)
                .arguments(&arguments)
                .map(|call| call.id(&tool_call_id).display_mode(mode));
            if let Ok(call) = call {
                host.call(call);
            }
        }
        if let Some(thread) = self.conversation.current_mut() {
            thread.entries.push(Entry::Call(Box::new(Call {
                server: server.to_owned(),
                tool: tool.to_owned(),
                tool_call_id,
                arguments: Value::Object(arguments),
                app: None,
                result: None,
                error: None,
            })));
            self.dirty = true;
        }
    }

    /// Apps in window mode, side by side with the conversation.
    pub(super) fn workspace(
        &mut self,
        ui: &mut Ui,
        windowed: &[InstanceId],
        embed: &mut Embed<'_>,
    ) {
        ui.heading("Workspace");
        let config = self.config();
        let mut actions = Vec::new();
        ScrollArea::vertical().auto_shrink(false).show(ui, |ui| {
            for instance in windowed {
                if let Some(app) = self.host.as_mut().and_then(|h| h.app_mut(*instance)) {
                    ui.label(RichText::new(app.title()).strong());
                    actions.extend(app_with_controls(ui, app, &config, embed));
                    ui.add_space(12.0);
                }
            }
        });
        self.act(actions);
    }

    pub(super) fn fullscreen(&mut self, ui: &mut Ui, instance: InstanceId, embed: &mut Embed<'_>) {
        let config = self.config();
        let mut actions = Vec::new();
        if let Some(app) = self.host.as_mut().and_then(|h| h.app_mut(instance)) {
            ScrollArea::vertical().auto_shrink(false).show(ui, |ui| {
                actions.extend(app_with_controls(ui, app, &config, embed));
            });
        }
        self.act(actions);
    }

    pub(super) fn act(&mut self, actions: Vec<(InstanceId, AppAction)>) {
        let Some(host) = &self.host else { return };
        let mut notes = Vec::new();
        for (instance, action) in actions {
            match action {
                AppAction::Mode(mode) => host.set_display_mode(instance, mode),
                AppAction::Close => host.close(instance),
                AppAction::Did(event) => notes.extend(crate::questions::answered(&event)),
            }
        }
        for line in notes {
            self.note(&line);
        }
    }
}

/// An app with the demo's buttons above it: where it is shown, and close.
fn app_with_controls(
    ui: &mut Ui,
    app: &mut HostedApp,
    config: &HostConfig,
    embed: &mut Embed<'_>,
) -> Option<(InstanceId, AppAction)> {
    let instance = app.instance();
    let mut action = None;
    if !app.is_closed() {
        ui.horizontal(|ui| {
            for (mode, label) in [
                (DisplayMode::Inline, "Inline"),
                (DisplayMode::Window, "Window"),
                (DisplayMode::Fullscreen, "Fullscreen"),
                (DisplayMode::Pip, "PiP"),
            ] {
                if *app.display_mode() != mode && ui.small_button(label).clicked() {
                    action = Some((instance, AppAction::Mode(mode)));
                }
            }
            if ui.small_button("Close").clicked() {
                action = Some((instance, AppAction::Close));
            }
        });
    }
    if let Some(event) = embed.show(ui, app, config) {
        action = action.or(Some((instance, AppAction::Did(event))));
    }
    action
}

/// What a call without an open app shows: its result's text, its error, or that it runs.
fn call_outcome(ui: &mut Ui, call: &Call) {
    if let Some(error) = &call.error {
        ui.label(RichText::new(error).color(ui.visuals().error_fg_color));
    } else if let Some(result) = &call.result {
        let text: Vec<&str> = result
            .content
            .iter()
            .filter_map(ContentBlock::as_text)
            .collect();
        ui.label(if text.is_empty() {
            "(no text)".to_owned()
        } else {
            text.join("\n")
        });
    } else if call.app.is_some() {
        ui.weak("The app comes back when its server is connected.");
    } else {
        ui.weak("Calling…");
    }
}
