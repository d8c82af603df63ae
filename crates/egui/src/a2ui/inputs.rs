//! Inputs and buttons: each input shows its value from the data model, writes edits back
//! through the binding, and shows its failing checks under it; a `Button` is disabled while
//! one of its checks fails.

use egui::{Response, RichText, TextEdit, Ui};
use mcpapp_a2ui::{Child, Fired, Node, to_bool, to_number, to_text};
use mcpapp_card::enums::FontSize;
use serde_json::Value;

use super::draw::Drawer;
use super::output::SurfaceEvent;
use super::text::neutralise;

impl Drawer<'_, '_> {
    /// A `Button`: its child's text as its label; disabled while a check fails (the first
    /// failing message is shown under it); a click fires its action.
    pub(crate) fn button(&mut self, ui: &mut Ui, node: &Node) -> Response {
        let (label, name) = Self::slot(node, "/child")
            .map(|c| (self.plain(ui, c, 0, true), self.plain(ui, c, 0, false)))
            .unwrap_or_default();
        let failing = self.failing_checks(node);
        let variant = self.word(node, "variant").unwrap_or_default();
        let accent = ui.visuals().hyperlink_color;
        let mut button = match variant.as_str() {
            "primary" => {
                egui::Button::new(RichText::new(&label).color(egui::Color32::WHITE)).fill(accent)
            }
            "borderless" => egui::Button::new(RichText::new(&label).color(accent)).frame(false),
            _ => egui::Button::new(label.as_str()),
        };
        button = button.min_size(egui::Vec2::new(0.0, 28.0));
        let enabled = !self.disabled && failing.is_empty();
        let natural = self.natural;
        let response = stack(ui, |ui| {
            // At its own width (in a row beside a weighted child) a button is as wide as its
            // label and its message: wrapping them to what is left would stand them on end.
            if natural {
                ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
            }
            let r = ui.add_enabled(enabled, button);
            let r = match failing.first() {
                Some(first) => r.on_disabled_hover_text(first.as_str()),
                None => r,
            };
            self.show_checks(ui, failing.get(..1).unwrap_or_default());
            r
        })
        .inner;
        if name != label {
            response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, &name));
        }
        if response.clicked() && enabled {
            self.clicked = true;
            self.fire(node);
        }
        response
    }

    /// What using a component's action does now.
    fn fire(&mut self, node: &Node) {
        let timestamp = self
            .timestamp
            .clone()
            .unwrap_or_else(super::clock::now_iso8601);
        match self.surface.fire(&node.id, &node.scope, &timestamp) {
            Ok(Fired::Event(message)) => self.emit(SurfaceEvent::Action(message)),
            Ok(Fired::OpenUrl(url)) => self.open_url(url.as_str()),
            Ok(Fired::Blocked(message)) => self.emit(SurfaceEvent::Blocked {
                component: node.id.clone(),
                message,
            }),
            Ok(Fired::Nothing) | Err(_) => {}
        }
    }

    /// The text of a subtree, for a button's label: its texts, and its icons as symbols
    /// (`visible`, when the fonts have them) or as words (for the accessible name).
    fn plain(&self, ui: &Ui, child: &Child, depth: usize, visible: bool) -> String {
        let Child::Node { node, .. } = child else {
            return String::new();
        };
        if depth > 8 {
            return String::new();
        }
        match node.component.as_str() {
            "Text" => self.text_of(node, "text"),
            "Icon" => {
                let name = self.text_of(node, "name");
                let glyph = super::content::icon_glyph(&name);
                let font = egui::FontId::proportional(self.size(FontSize::Default));
                if visible && super::content::has_glyphs(ui, &font, glyph) {
                    glyph.to_owned()
                } else {
                    super::content::icon_words(&name)
                }
            }
            _ => node
                .children
                .iter()
                .map(|c| self.plain(ui, c, depth + 1, visible))
                .filter(|s| !s.is_empty())
                .collect::<Vec<_>>()
                .join(" "),
        }
    }

    /// A field label above an input (small, strong); the input is labelled by it.
    fn field_label(&self, ui: &mut Ui, label: &str) -> Option<egui::Id> {
        (!label.is_empty()).then(|| {
            ui.label(
                RichText::new(label)
                    .size(self.size(FontSize::Small))
                    .color(ui.visuals().strong_text_color()),
            )
            .id
        })
    }

    /// A `TextField`: short or long text, a number, or obscured.
    pub(crate) fn text_field(&mut self, ui: &mut Ui, node: &Node) -> Response {
        let label = self.text_of(node, "label");
        let variant = self.word(node, "variant").unwrap_or_default();
        let mut value = self.text_of(node, "value");
        let failing = self.input_checks(ui, node);
        let (response, edited) = stack(ui, |ui| {
            let label_id = self.field_label(ui, &label);
            let edit = if variant == "longText" {
                TextEdit::multiline(&mut value).desired_rows(3)
            } else {
                TextEdit::singleline(&mut value).password(variant == "obscured")
            };
            let mut r = ui.add_enabled(
                !self.disabled,
                edit.desired_width(if self.natural {
                    200.0
                } else {
                    ui.available_width()
                })
                .id_salt(self.id_of(node, "edit")),
            );
            if let Some(id) = label_id {
                r = r.labelled_by(id);
            }
            self.show_checks(ui, &failing);
            let changed = r.changed();
            (r, changed)
        })
        .inner;
        if edited {
            let new = if variant == "number" {
                value
                    .trim()
                    .parse::<f64>()
                    .ok()
                    .and_then(serde_json::Number::from_f64)
                    .map_or(Value::String(value), Value::Number)
            } else {
                Value::String(value)
            };
            self.write(ui, node, new);
        }
        response
    }

    /// A `CheckBox`: a boolean.
    pub(crate) fn check_box(&mut self, ui: &mut Ui, node: &Node) -> Response {
        let label = self.text_of(node, "label");
        let mut value = to_bool(&self.value(node, "value"));
        let failing = self.input_checks(ui, node);
        let response = stack(ui, |ui| {
            let r = ui.add_enabled(
                !self.disabled,
                egui::Checkbox::new(&mut value, label.as_str()),
            );
            self.show_checks(ui, &failing);
            r
        })
        .inner;
        if response.changed() {
            self.write(ui, node, Value::Bool(value));
        }
        response
    }

    /// A `ChoicePicker`: one choice (radio buttons or chips) or several (check boxes or
    /// chips), optionally with a filter; the value is the list of chosen option values.
    pub(crate) fn choice_picker(&mut self, ui: &mut Ui, node: &Node) -> Response {
        let label = self.text_of(node, "label");
        let single = self.word(node, "variant").as_deref() == Some("mutuallyExclusive");
        let chips = self.word(node, "displayStyle").as_deref() == Some("chips");
        let filterable = self
            .surface
            .component(&node.id)
            .and_then(|c| c.properties.get("filterable"))
            .is_some_and(to_bool);
        let options = self.options(node);
        let mut chosen: Vec<String> = match self.value(node, "value") {
            Value::Array(items) => items.iter().map(to_text).collect(),
            Value::Null => Vec::new(),
            other => vec![to_text(&other)],
        };
        let failing = self.input_checks(ui, node);
        let filter_id = self.id_of(node, "filter");
        let mut changed = false;
        let enabled = !self.disabled;
        let response = stack(ui, |ui| {
            let _ = self.field_label(ui, &label);
            let mut filter: String = ui.data(|d| d.get_temp(filter_id)).unwrap_or_default();
            if filterable
                && ui
                    .add(TextEdit::singleline(&mut filter).hint_text("Filter"))
                    .changed()
            {
                ui.data_mut(|d| d.insert_temp(filter_id, filter.clone()));
            }
            let needle = filter.to_lowercase();
            let mut draw = |ui: &mut Ui| {
                for (text, value) in &options {
                    if !needle.is_empty() && !text.to_lowercase().contains(&needle) {
                        continue;
                    }
                    let mut on = chosen.contains(value);
                    let r = if chips {
                        ui.add_enabled(enabled, egui::Button::selectable(on, text.as_str()))
                    } else if single {
                        ui.add_enabled(enabled, egui::RadioButton::new(on, text.as_str()))
                    } else {
                        ui.add_enabled(enabled, egui::Checkbox::new(&mut on, text.as_str()))
                    };
                    if r.clicked() {
                        changed = true;
                        let was = chosen.contains(value);
                        if single {
                            chosen = vec![value.clone()];
                        } else if was {
                            chosen.retain(|v| v != value);
                        } else {
                            chosen.push(value.clone());
                        }
                    }
                }
            };
            if chips {
                ui.horizontal_wrapped(|ui| draw(ui));
            } else {
                draw(ui);
            }
            self.show_checks(ui, &failing);
        })
        .response;
        if changed {
            self.write(
                ui,
                node,
                Value::Array(chosen.into_iter().map(Value::String).collect()),
            );
        }
        response
    }

    /// A `ChoicePicker`'s options: (label, value).
    fn options(&self, node: &Node) -> Vec<(String, String)> {
        let context = self.surface.context(&node.scope);
        self.surface
            .component(&node.id)
            .and_then(|c| c.properties.get("options"))
            .and_then(Value::as_array)
            .map(|options| {
                options
                    .iter()
                    .map(|o| {
                        let label = o
                            .get("label")
                            .and_then(|l| context.resolve_text(l).ok())
                            .unwrap_or_default();
                        let value = o.get("value").map(to_text).unwrap_or_default();
                        (neutralise(&label), value)
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// A `Slider`: a number between `min` (0 by default) and `max`.
    pub(crate) fn slider(&mut self, ui: &mut Ui, node: &Node) -> Response {
        let label = self.text_of(node, "label");
        let min = self.number(node, "min").unwrap_or(0.0);
        let max = self.number(node, "max").unwrap_or(100.0).max(min);
        let mut value = to_number(&self.value(node, "value")).clamp(min, max);
        let failing = self.input_checks(ui, node);
        let whole = min.fract() == 0.0 && max.fract() == 0.0 && max - min >= 10.0;
        let response = stack(ui, |ui| {
            let _ = self.field_label(ui, &label);
            if !self.natural {
                ui.spacing_mut().slider_width = (ui.available_width() - 72.0).max(80.0);
            }
            let mut slider = egui::Slider::new(&mut value, min..=max);
            if whole {
                slider = slider.integer();
            }
            let r = ui.add_enabled(!self.disabled, slider);
            self.show_checks(ui, &failing);
            r
        })
        .inner;
        response.widget_info(|| egui::WidgetInfo::slider(!self.disabled, value, &label));
        if response.changed()
            && let Some(n) = serde_json::Number::from_f64(value)
        {
            self.write(ui, node, Value::Number(n));
        }
        response
    }

    fn number(&self, node: &Node, property: &str) -> Option<f64> {
        match self.value(node, property) {
            Value::Null => None,
            v => Some(to_number(&v)).filter(|n| n.is_finite()),
        }
    }

    /// A `DateTimeInput`: ISO 8601 text (a date, a time, or both), as typed.
    pub(crate) fn date_time(&mut self, ui: &mut Ui, node: &Node) -> Response {
        let label = self.text_of(node, "label");
        let component = self.surface.component(&node.id);
        let flag = |name: &str| {
            component
                .and_then(|c| c.properties.get(name))
                .is_none_or(to_bool)
        };
        let hint = match (flag("enableDate"), flag("enableTime")) {
            (true, false) => "YYYY-MM-DD",
            (false, true) => "HH:MM",
            _ => "YYYY-MM-DDTHH:MM",
        };
        let mut value = self.text_of(node, "value");
        let failing = self.input_checks(ui, node);
        let response = stack(ui, |ui| {
            let label_id = self.field_label(ui, &label);
            let mut r = ui.add_enabled(
                !self.disabled,
                TextEdit::singleline(&mut value)
                    .hint_text(hint)
                    .desired_width(220.0)
                    .id_salt(self.id_of(node, "edit")),
            );
            if let Some(id) = label_id {
                r = r.labelled_by(id);
            }
            self.show_checks(ui, &failing);
            r
        })
        .inner;
        if response.changed() {
            self.write(ui, node, Value::String(value));
        }
        response
    }
}

/// Draws an input and what goes under it top to bottom, aligned as the column it is in
/// aligns its children (`ui.vertical` would align them to the start).
fn stack<R>(ui: &mut Ui, add: impl FnOnce(&mut Ui) -> R) -> egui::InnerResponse<R> {
    let align = ui.layout().horizontal_align();
    ui.with_layout(egui::Layout::top_down(align), add)
}
