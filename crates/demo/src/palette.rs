//! The agent without a model: a palette of the tools the model may call, and for the tool the
//! user picks, a form made from its `inputSchema` (a card, drawn like every other card).

use std::collections::BTreeMap;

use egui::{RichText, Ui};
use mcpapp_card::{Card, CardState, HostConfig};
use mcpapp_egui::{CardEvent, CardView};
use mcpapp_protocol::{DisplayMode, Tool};
use serde_json::{Map, Value};

/// A tool call the user asked for.
#[derive(Debug, Clone, PartialEq)]
pub struct Chosen {
    /// The server's id.
    pub server: String,
    /// The tool.
    pub tool: String,
    /// Its arguments, typed as the schema says.
    pub arguments: Map<String, Value>,
    /// Where its app goes.
    pub mode: DisplayMode,
}

/// The palette and the open form.
#[derive(Debug, Default)]
pub struct Palette {
    picked: Option<Picked>,
    /// Whether the next call's app opens in the workspace instead of the transcript.
    pub in_window: bool,
}

#[derive(Debug)]
struct Picked {
    server: String,
    tool: Tool,
    card: Card,
    state: CardState,
    error: Option<String>,
}

impl Palette {
    /// A button per model-visible tool, by server; a click opens its form.
    pub fn tools(&mut self, ui: &mut Ui, servers: &BTreeMap<String, Vec<Tool>>) {
        for (server, tools) in servers {
            ui.label(RichText::new(server).strong());
            for tool in tools.iter().filter(|t| t.is_model_visible()) {
                let title = tool.title.as_deref().unwrap_or(&tool.name);
                let mut button = ui.button(title);
                if let Some(description) = &tool.description {
                    button = button.on_hover_text(description);
                }
                if button.clicked() {
                    self.pick(server, tool);
                }
            }
            ui.add_space(6.0);
        }
        ui.checkbox(&mut self.in_window, "Open apps in the workspace");
    }

    /// Whether no form is open.
    pub fn is_idle(&self) -> bool {
        self.picked.is_none()
    }

    fn pick(&mut self, server: &str, tool: &Tool) {
        let schema = Value::Object(tool.input_schema.clone());
        let title = tool.title.as_deref().unwrap_or(&tool.name);
        let card = mcpapp_card::form::schema_form(
            &format!("Call {title}"),
            tool.description.as_deref(),
            &schema,
            "Call",
        );
        self.picked = Some(Picked {
            server: server.to_owned(),
            tool: tool.clone(),
            state: CardState::new(&card),
            card,
            error: None,
        });
    }

    /// The open form, if a tool is picked; the call once the user submits it.
    pub fn form(&mut self, ui: &mut Ui, config: &HostConfig) -> Option<Chosen> {
        let picked = self.picked.as_mut()?;
        let output = CardView::new(&picked.card, &mut picked.state)
            .host_config(config)
            .show(ui);
        if let Some(error) = &picked.error {
            ui.label(RichText::new(error).color(ui.visuals().error_fg_color));
        }
        let cancel = ui.button("Cancel").clicked();
        let mut chosen = None;
        if let Some(CardEvent::Submit { .. }) = output.event {
            let schema = Value::Object(picked.tool.input_schema.clone());
            match mcpapp_card::form::form_arguments(&schema, &picked.state.values) {
                Ok(arguments) => {
                    chosen = Some(Chosen {
                        server: picked.server.clone(),
                        tool: picked.tool.name.clone(),
                        arguments,
                        mode: if self.in_window {
                            DisplayMode::Window
                        } else {
                            DisplayMode::Inline
                        },
                    });
                }
                Err(e) => picked.error = Some(e.to_string()),
            }
        }
        if cancel || chosen.is_some() {
            self.picked = None;
        }
        chosen
    }
}
