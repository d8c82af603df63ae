//! What a person does with a native app, done by a script: fill a field, press a button. For
//! `mcpapp connect --fill/--press` and for embedders' tests; the same checks apply as to a
//! click (a card's input validation, an A2UI component's `checks`), and the result goes
//! through the app's session to the host like the click's.

use std::time::Instant;

use mcpapp_a2ui::{Fired, Node, Pointer, Processor};
use mcpapp_card::{Card, InputValue};
use mcpapp_egui::{CardEvent, SurfaceEvent};
use serde_json::Value;

use crate::EguiHostError;
use crate::app::{Body, HostedApp};

impl HostedApp {
    /// Fills the field `id` with `value`, as typed: a card input's id (text, a number, a
    /// toggle's `true`/`false`, a choice's value), or the id of an A2UI component whose
    /// `value` is bound to the data model (outside templates).
    pub fn fill(&mut self, id: &str, value: &Value) -> Result<(), EguiHostError> {
        let now = Instant::now();
        match &mut self.body {
            Body::Card(card) => {
                let input = card
                    .shown
                    .element_by_id(id)
                    .filter(|e| e.is_input())
                    .ok_or_else(|| EguiHostError::NoSuchField(id.to_owned()))?;
                let text = match value {
                    Value::String(s) => s.clone(),
                    other => other.to_string(),
                };
                let filled = mcpapp_card::value_from_text(input, Some(&text))
                    .unwrap_or(InputValue::Text(text));
                card.state.values.set(id, filled);
                card.act(None, true, now);
                Ok(())
            }
            Body::A2ui(app) => {
                let processor = app.session.processor_mut();
                let surface = surface_with(processor, id)
                    .ok_or_else(|| EguiHostError::NoSuchField(id.to_owned()))?;
                surface
                    .set_bound(id, "value", &Pointer::root(), value.clone())
                    .map_err(|e| EguiHostError::NoSuchField(format!("{id}: {e}")))?;
                app.act(None, true, now);
                Ok(())
            }
            Body::Html(_) => Err(EguiHostError::NotNative),
        }
    }

    /// Presses the button (A2UI) or action (card) labelled `label`, the first one in reading
    /// order when several are: its checks run first, and a failing one is the error, as the
    /// user would see it at the field.
    pub fn press(&mut self, label: &str) -> Result<(), EguiHostError> {
        let now = Instant::now();
        match &mut self.body {
            Body::Card(card) => {
                let event = card_press(&card.shown, &card.state.values, label)?;
                card.act(Some(event), false, now);
                card.problem
                    .clone()
                    .map_or(Ok(()), |p| Err(EguiHostError::NotSent(p)))
            }
            Body::A2ui(app) => {
                let (surface_id, node) = find_button(app.session.processor(), label)
                    .ok_or_else(|| EguiHostError::NoSuchButton(label.to_owned()))?;
                let surface = app
                    .session
                    .processor()
                    .surface(&surface_id)
                    .ok_or_else(|| EguiHostError::NoSuchButton(label.to_owned()))?;
                let fired = surface
                    .fire(&node.id, &node.scope, &mcpapp_egui::now_iso8601())
                    .map_err(|e| EguiHostError::NotSent(e.to_string()))?;
                let event = match fired {
                    Fired::Event(action) => SurfaceEvent::Action(action),
                    Fired::OpenUrl(url) => SurfaceEvent::OpenUrl {
                        url: url.to_string(),
                    },
                    Fired::Blocked(message) => return Err(EguiHostError::Blocked(message)),
                    Fired::Nothing => return Ok(()),
                };
                app.act(Some(&event), false, now);
                app.problem
                    .clone()
                    .map_or(Ok(()), |p| Err(EguiHostError::NotSent(p)))
            }
            Body::Html(_) => Err(EguiHostError::NotNative),
        }
    }
}

/// The card event of pressing the action titled `label`: a submit with the inputs' values
/// (refused with the first invalid input's error), or a link.
fn card_press(
    card: &Card,
    values: &mcpapp_card::InputValues,
    label: &str,
) -> Result<CardEvent, EguiHostError> {
    let action = card
        .actions_all()
        .into_iter()
        .find(|a| a.title() == Some(label))
        .ok_or_else(|| EguiHostError::NoSuchButton(label.to_owned()))?;
    if let mcpapp_card::Action::OpenUrl(open) = action {
        return Ok(CardEvent::OpenUrl {
            url: open.url.to_string(),
        });
    }
    let data = mcpapp_card::prepare_submit(&[card], action, values)
        .map_err(|e| EguiHostError::Blocked(e.to_string()))?;
    let tool_call = mcpapp_card::tool_call(action, data.clone()).map_err(|e| e.to_string());
    Ok(CardEvent::Submit {
        action_id: action.common().id.as_deref().map(str::to_owned),
        title: action.title().map(str::to_owned),
        data,
        tool_call,
    })
}

/// The surface that has a component `id`.
fn surface_with<'p>(
    processor: &'p mut Processor,
    id: &str,
) -> Option<&'p mut mcpapp_a2ui::Surface> {
    let key = processor
        .surfaces()
        .iter()
        .find(|(_, s)| s.component(id).is_some())
        .map(|(key, _)| key.clone())?;
    processor.surface_mut(&key)
}

/// The first `Button` labelled `label`, in reading order, with its surface's id.
fn find_button(processor: &Processor, label: &str) -> Option<(String, Node)> {
    for (id, surface) in processor.surfaces() {
        let tree = surface.tree();
        let mut stack: Vec<&Node> = tree.root.iter().collect();
        while let Some(node) = stack.pop() {
            if node.component == "Button" && mcpapp_a2ui::button_label(surface, node) == label {
                return Some((id.clone(), node.clone()));
            }
            stack.extend(node.children.iter().rev().filter_map(|c| match c {
                mcpapp_a2ui::Child::Node { node, .. } => Some(node),
                _ => None,
            }));
        }
    }
    None
}
