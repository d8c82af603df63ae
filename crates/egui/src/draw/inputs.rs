//! Inputs: a label (with the required marker), the control, and the error from the last
//! submit under it. Values live in the card state as text (numbers, dates and times too, so a
//! half-typed value is not lost) and are checked when a submit leaves the card.

use egui::{Id, Response, RichText, TextEdit, Ui};
use mcpapp_card::InputValue;
use mcpapp_card::enums::{
    ChoiceInputStyle, Color as ColorName, FontType, InputLabelPosition, TextInputStyle,
};
use mcpapp_card::model::{
    ChoiceSetInput, DateInput, InputCommon, NumberInput, TextInput, TimeInput, ToggleInput,
};

use super::{Drawer, Scope};

impl Drawer<'_, '_> {
    /// An input laid out with its label: above it (the default) or beside it
    /// (`labelPosition: inline`, the label `labelWidth` wide), the control drawn by `control`
    /// (given the input's id, empty when it has none, and the label's id for its accessible
    /// name), and the error of the last submit under both.
    fn labelled<R>(
        &mut self,
        ui: &mut Ui,
        input: &InputCommon,
        id: Option<&str>,
        scope: &Scope<'_>,
        control: impl FnOnce(&mut Self, &mut Ui, &str, Option<Id>) -> R,
    ) -> egui::InnerResponse<R> {
        let id = id.unwrap_or_default();
        let inline = input.label_position == Some(InputLabelPosition::Inline)
            && input.label.as_deref().is_some_and(|l| !l.trim().is_empty());
        ui.vertical(|ui| {
            let inner = if inline {
                ui.horizontal_top(|ui| {
                    let width = label_width(input.label_width.as_ref(), ui.available_width());
                    let label = ui
                        .allocate_ui_with_layout(
                            egui::vec2(width, 0.0),
                            egui::Layout::top_down(egui::Align::Min),
                            |ui| {
                                ui.set_width(width);
                                self.label(ui, input, scope, false)
                            },
                        )
                        .inner;
                    ui.vertical(|ui| control(self, ui, id, label)).inner
                })
                .inner
            } else {
                let label = self.label(ui, input, scope, true);
                control(self, ui, id, label)
            };
            self.error(ui, id, scope);
            inner
        })
    }

    /// Draws an input's label (with the spacing under it when it is `above` the control);
    /// returns its id for the control's accessible name.
    fn label(
        &mut self,
        ui: &mut Ui,
        input: &InputCommon,
        scope: &Scope<'_>,
        above: bool,
    ) -> Option<Id> {
        let text = input.label.as_deref().filter(|l| !l.trim().is_empty())?;
        let t = self.theme;
        let required = input.is_required == Some(true);
        let cfg = if required {
            &t.config.inputs.label.required_inputs
        } else {
            &t.config.inputs.label.optional_inputs
        };
        let suffix = if required {
            cfg.suffix.clone().unwrap_or_else(|| " *".to_owned())
        } else {
            cfg.suffix.clone().unwrap_or_default()
        };
        let color = t.text_color(scope.style, cfg.color, cfg.is_subtle);
        let mut job = egui::text::LayoutJob::default();
        let font = t.font_id(FontType::Default, cfg.size);
        job.append(text, 0.0, egui::TextFormat::simple(font.clone(), color));
        if !suffix.is_empty() {
            let attention = t.text_color(scope.style, ColorName::Attention, false);
            job.append(&suffix, 0.0, egui::TextFormat::simple(font, attention));
        }
        let response = ui.add(egui::Label::new(job).wrap());
        if above {
            ui.add_space(t.spacing(t.config.inputs.label.input_spacing));
        }
        Some(response.id)
    }

    /// Draws the error of an input, if its last submit found one.
    fn error(&self, ui: &mut Ui, id: &str, scope: &Scope<'_>) {
        if let Some(message) = self.state.errors.get(id) {
            let t = self.theme;
            let cfg = &t.config.inputs.error_message;
            ui.add_space(t.spacing(cfg.spacing));
            ui.label(
                RichText::new(message)
                    .color(t.text_color(scope.style, ColorName::Attention, false))
                    .font(t.font_id(FontType::Default, cfg.size)),
            );
        }
    }

    /// A single- or multi-line text field bound to an input's value, `width` wide.
    fn text_field(&mut self, ui: &mut Ui, field: &Field<'_>, width: f32) -> Response {
        let Field {
            id,
            label,
            hint,
            multiline,
            password,
            max_length,
        } = *field;
        let mut text = self.state.text(id).to_owned();
        let mut edit = if multiline {
            TextEdit::multiline(&mut text).desired_rows(3)
        } else {
            TextEdit::singleline(&mut text)
        };
        edit = edit
            .hint_text(hint)
            .password(password)
            .desired_width(width)
            .id_salt(("mcpapp-input", id));
        if let Some(max) = max_length {
            edit = edit.char_limit(max as usize);
        }
        let response = ui.add_enabled(!self.disabled, edit);
        self.bind(response, label, id, InputValue::Text(text))
    }

    /// Names an input's control by the input's label and, when the user changed it this
    /// frame, stores `value` (what the control now holds) under `id`: text fields and toggles
    /// are bound the same way.
    fn bind(
        &mut self,
        response: Response,
        label: Option<Id>,
        id: &str,
        value: InputValue,
    ) -> Response {
        let response = match label {
            Some(label) => response.labelled_by(label),
            None => response,
        };
        if response.changed() {
            self.state.values.set(id, value);
            self.input_changed(id);
        }
        response
    }

    pub(crate) fn input_text<'c>(
        &mut self,
        ui: &mut Ui,
        input: &'c TextInput,
        scope: &Scope<'c>,
    ) -> Response {
        self.labelled(
            ui,
            &input.input,
            input.common.id.as_deref(),
            scope,
            |this, ui, id, label| {
                let multiline = input.is_multiline == Some(true);
                let field = Field {
                    id,
                    label,
                    hint: input.placeholder.as_deref().unwrap_or(""),
                    multiline,
                    password: input.style == Some(TextInputStyle::Password),
                    max_length: input.max_length,
                };
                if let Some(action) = input.inline_action.as_deref() {
                    ui.horizontal(|ui| {
                        let title = super::actions::action_title(action);
                        let button_width = 16.0 + super::count_f32(title.chars().count()) * 7.5;
                        let width = (ui.available_width() - button_width - 8.0).max(40.0);
                        let r = this.text_field(ui, &field, width);
                        let submit_on_enter = !multiline
                            && r.lost_focus()
                            && ui.input(|i| i.key_pressed(egui::Key::Enter));
                        ui.add_space(8.0);
                        let clicked = ui
                            .add_enabled(!this.disabled, egui::Button::new(title))
                            .clicked();
                        if clicked || submit_on_enter {
                            this.trigger(action, scope);
                        }
                        r
                    })
                    .inner
                } else {
                    let width = input_width(ui);
                    this.text_field(ui, &field, width)
                }
            },
        )
        .inner
    }

    pub(crate) fn input_number<'c>(
        &mut self,
        ui: &mut Ui,
        input: &'c NumberInput,
        scope: &Scope<'c>,
    ) -> Response {
        let hint = input.placeholder.as_deref().map_or_else(
            || match (input.min, input.max) {
                (Some(lo), Some(hi)) => format!(
                    "{} – {}",
                    mcpapp_card::format_number(lo),
                    mcpapp_card::format_number(hi)
                ),
                _ => String::new(),
            },
            str::to_owned,
        );
        self.simple_field(ui, &input.input, input.common.id.as_deref(), &hint, scope)
    }

    pub(crate) fn input_date<'c>(
        &mut self,
        ui: &mut Ui,
        input: &'c DateInput,
        scope: &Scope<'c>,
    ) -> Response {
        let hint = input.placeholder.as_deref().unwrap_or("YYYY-MM-DD");
        self.simple_field(ui, &input.input, input.common.id.as_deref(), hint, scope)
    }

    pub(crate) fn input_time<'c>(
        &mut self,
        ui: &mut Ui,
        input: &'c TimeInput,
        scope: &Scope<'c>,
    ) -> Response {
        let hint = input.placeholder.as_deref().unwrap_or("HH:MM");
        self.simple_field(ui, &input.input, input.common.id.as_deref(), hint, scope)
    }

    /// A one-line field with a label and an error: numbers, dates and times.
    fn simple_field(
        &mut self,
        ui: &mut Ui,
        input: &InputCommon,
        id: Option<&str>,
        hint: &str,
        scope: &Scope<'_>,
    ) -> Response {
        self.labelled(ui, input, id, scope, |this, ui, id, label| {
            let width = input_width(ui);
            let field = Field {
                id,
                label,
                hint,
                multiline: false,
                password: false,
                max_length: None,
            };
            this.text_field(ui, &field, width)
        })
        .inner
    }

    pub(crate) fn input_toggle<'c>(
        &mut self,
        ui: &mut Ui,
        input: &'c ToggleInput,
        scope: &Scope<'c>,
    ) -> Response {
        self.labelled(
            ui,
            &input.input,
            input.common.id.as_deref(),
            scope,
            |this, ui, id, label| {
                let mut on = matches!(this.state.values.get(id), Some(InputValue::Toggle(true)));
                let response = ui.add_enabled(
                    !this.disabled,
                    egui::Checkbox::new(&mut on, input.title.as_str()),
                );
                this.bind(response, label, id, InputValue::Toggle(on))
            },
        )
        .inner
    }

    pub(crate) fn input_choice_set<'c>(
        &mut self,
        ui: &mut Ui,
        input: &'c ChoiceSetInput,
        scope: &Scope<'c>,
    ) -> Response {
        self.labelled(
            ui,
            &input.input,
            input.common.id.as_deref(),
            scope,
            |this, ui, id, label| {
                let mut chosen = match this.state.values.get(id) {
                    Some(InputValue::Choices(c)) => c.clone(),
                    _ => Vec::new(),
                };
                let multi = input.is_multi_select == Some(true);
                let style = input.style.unwrap_or(ChoiceInputStyle::Compact);
                let changed = if style == ChoiceInputStyle::Expanded
                    || (multi && style != ChoiceInputStyle::Filtered)
                {
                    this.choice_list(ui, input, &mut chosen, multi)
                } else {
                    this.choice_combo(
                        ui,
                        input,
                        id,
                        label,
                        &mut chosen,
                        multi,
                        style == ChoiceInputStyle::Filtered,
                    )
                };
                if changed {
                    // Keep the card's order, as the official drawer submits it.
                    chosen.sort_by_key(|v| input.choices.iter().position(|c| c.value == *v));
                    this.state.values.set(id, InputValue::Choices(chosen));
                    this.input_changed(id);
                }
            },
        )
        .response
    }

    /// Radio buttons or check boxes.
    fn choice_list(
        &mut self,
        ui: &mut Ui,
        input: &ChoiceSetInput,
        chosen: &mut Vec<String>,
        multi: bool,
    ) -> bool {
        let mut changed = false;
        for (i, choice) in input.choices.iter().enumerate() {
            if i > 0 {
                ui.add_space(2.0);
            }
            let mut on = chosen.iter().any(|v| *v == choice.value);
            let response = if multi {
                ui.add_enabled(
                    !self.disabled,
                    egui::Checkbox::new(&mut on, choice.title.as_str()),
                )
            } else {
                ui.add_enabled(
                    !self.disabled,
                    egui::RadioButton::new(on, choice.title.as_str()),
                )
            };
            if response.clicked() || response.changed() {
                if multi {
                    chosen.retain(|v| *v != choice.value);
                    if on {
                        chosen.push(choice.value.to_string());
                    }
                } else {
                    chosen.clear();
                    chosen.push(choice.value.to_string());
                }
                changed = true;
            }
        }
        changed
    }

    /// A drop-down, with a filter box when `filtered`.
    #[expect(
        clippy::too_many_arguments,
        reason = "the drop-down's parts, each from the card"
    )]
    fn choice_combo(
        &mut self,
        ui: &mut Ui,
        input: &ChoiceSetInput,
        id: &str,
        label: Option<Id>,
        chosen: &mut Vec<String>,
        multi: bool,
        filtered: bool,
    ) -> bool {
        let titles: Vec<&str> = input
            .choices
            .iter()
            .filter(|c| chosen.iter().any(|v| *v == c.value))
            .map(|c| c.title.as_str())
            .collect();
        let selected_text = if titles.is_empty() {
            RichText::new(input.placeholder.as_deref().unwrap_or("Select…")).weak()
        } else {
            RichText::new(titles.join(", "))
        };
        let mut changed = false;
        let filter_id = ui.make_persistent_id(("mcpapp-filter", id));
        let width = input_width(ui);
        let inner = ui.add_enabled_ui(!self.disabled, |ui| {
            egui::ComboBox::from_id_salt(("mcpapp-choice", id))
                .selected_text(selected_text)
                .width(width)
                .show_ui(ui, |ui| {
                    let mut filter: String = ui.data(|d| d.get_temp(filter_id)).unwrap_or_default();
                    if filtered {
                        let r =
                            ui.add(TextEdit::singleline(&mut filter).hint_text("Type to filter"));
                        if r.changed() {
                            ui.data_mut(|d| d.insert_temp(filter_id, filter.clone()));
                        }
                    }
                    let needle = filter.to_lowercase();
                    for choice in &input.choices {
                        if filtered
                            && !needle.is_empty()
                            && !choice.title.to_lowercase().contains(&needle)
                        {
                            continue;
                        }
                        let on = chosen.iter().any(|v| *v == choice.value);
                        if ui.selectable_label(on, choice.title.as_str()).clicked() {
                            if multi {
                                if on {
                                    chosen.retain(|v| *v != choice.value);
                                } else {
                                    chosen.push(choice.value.to_string());
                                }
                            } else {
                                chosen.clear();
                                chosen.push(choice.value.to_string());
                            }
                            changed = true;
                        }
                    }
                })
        });
        let combo = inner.inner.response;
        if let Some(label) = label {
            let _ = combo.labelled_by(label);
        }
        changed
    }
}

/// Inputs fill their container, as in every Adaptive Cards host; while an auto column is
/// measured they ask for a modest width instead of all there is.
/// What a text field shows and binds, from its input.
#[derive(Clone, Copy)]
struct Field<'a> {
    /// The input's id: where its value lives in the card state.
    id: &'a str,
    /// The label naming it, for accessibility.
    label: Option<Id>,
    /// The placeholder.
    hint: &'a str,
    multiline: bool,
    password: bool,
    max_length: Option<u32>,
}

/// The width of an inline label: `labelWidth` as a percentage number or `"Npx"`, else 30 % of
/// the row; never so wide that the control has no room.
fn label_width(declared: Option<&serde_json::Value>, row: f32) -> f32 {
    let wanted = match declared {
        Some(serde_json::Value::Number(n)) => n.as_f64().map(|p| share(row, p)),
        Some(serde_json::Value::String(s)) => {
            let s = s.trim();
            s.strip_suffix("px")
                .and_then(|px| px.trim().parse::<f32>().ok())
                .or_else(|| s.parse::<f64>().ok().map(|p| share(row, p)))
        }
        _ => None,
    };
    wanted
        .filter(|w| w.is_finite() && *w > 0.0)
        .unwrap_or(row * 0.3)
        .clamp(row.min(24.0), row * 0.7)
}

/// `percent` % of `row`.
#[expect(
    clippy::cast_possible_truncation,
    reason = "a layout percentage: f32 is precise enough, and out-of-range values are clamped after"
)]
fn share(row: f32, percent: f64) -> f32 {
    row * (percent / 100.0) as f32
}

fn input_width(ui: &Ui) -> f32 {
    if ui.is_sizing_pass() {
        ui.available_width().min(160.0)
    } else {
        ui.available_width()
    }
}
