//! Actions: the button row (with an overflow menu for secondary actions), `Action.ShowCard`
//! expanding inline, and `selectAction` on boxes and images.

use egui::{Color32, CursorIcon, Response, RichText, Ui, Vec2};
use mcpapp_card::Action;
use mcpapp_card::enums::{ActionMode, ActionStyle, Color as ColorName, ContainerStyle};
use mcpapp_card::host_config::{ActionAlignment, Orientation};

use super::{Drawer, Scope};

impl Drawer<'_, '_> {
    /// Draws a row of actions and, below it, the card of the expanded `Action.ShowCard`.
    pub(crate) fn action_bar<'c>(&mut self, ui: &mut Ui, actions: &'c [Action], scope: &Scope<'c>) {
        let config = &self.theme.config.actions;
        let mut primary = Vec::new();
        let mut overflow = Vec::new();
        for (i, declared) in actions.iter().enumerate() {
            let Some(action) = super::supported_action(declared) else {
                continue;
            };
            let secondary = action.common().mode == Some(ActionMode::Secondary);
            if !secondary && primary.len() < config.max_actions {
                primary.push((i, action));
            } else {
                overflow.push((i, action));
            }
        }
        let spacing = config.button_spacing;
        let vertical = config.actions_orientation == Orientation::Vertical;
        let stretch = config.action_alignment == ActionAlignment::Stretch;
        let layout = if vertical {
            egui::Layout::top_down_justified(egui::Align::Min)
        } else {
            // Buttons sit at the top of the row: a centred cross axis would centre them in all
            // the height left below.
            match config.action_alignment {
                ActionAlignment::Center => egui::Layout::left_to_right(egui::Align::Min)
                    .with_main_align(egui::Align::Center)
                    .with_main_justify(false),
                ActionAlignment::Right => egui::Layout::right_to_left(egui::Align::Min),
                _ => egui::Layout::left_to_right(egui::Align::Min).with_main_wrap(true),
            }
        };
        ui.with_layout(layout, |ui| {
            ui.spacing_mut().item_spacing = Vec2::splat(spacing);
            ui.spacing_mut().button_padding = Vec2::new(12.0, 6.0);
            let count = primary.len() + usize::from(!overflow.is_empty());
            let width = if stretch && !vertical && count > 0 {
                let n = super::count_f32(count);
                Some((ui.available_width() - spacing * (n - 1.0)) / n)
            } else {
                None
            };
            for (i, action) in &primary {
                let action_scope = scope.child(&i.to_string());
                let expanded = self.state.expanded.contains(&action_scope.path);
                if self.button(ui, action, expanded, width).clicked() {
                    self.trigger(action, &action_scope);
                }
            }
            if !overflow.is_empty() {
                let menu = egui::containers::menu::MenuButton::new("•••");
                let (response, _) = menu.ui(ui, |ui| {
                    for (i, action) in &overflow {
                        let title = action_title(action);
                        if ui
                            .add_enabled(self.enabled(action), egui::Button::new(title))
                            .clicked()
                        {
                            let action_scope = scope.child(&i.to_string());
                            self.trigger(action, &action_scope);
                            ui.close();
                        }
                    }
                });
                let enabled = !self.disabled;
                response.widget_info(|| {
                    egui::WidgetInfo::labeled(egui::Role::Button, enabled, "More actions")
                });
            }
        });
        self.expanded_show_card(ui, actions, scope);
    }

    /// Draws the card of the row's expanded `Action.ShowCard`, if one is.
    fn expanded_show_card<'c>(&mut self, ui: &mut Ui, actions: &'c [Action], scope: &Scope<'c>) {
        for (i, action) in actions.iter().enumerate() {
            let Action::ShowCard(show) = action else {
                continue;
            };
            let action_scope = scope.child(&i.to_string());
            if !self.state.expanded.contains(&action_scope.path) {
                continue;
            }
            let Some(card) = show.card.as_deref() else {
                continue;
            };
            let show_config = &self.theme.config.actions.show_card;
            ui.add_space(show_config.inline_top_margin);
            let mut cards = vec![card];
            cards.extend(scope.cards.iter().copied());
            let card_scope = Scope {
                cards,
                style: scope.style,
                path: format!("{}/card", action_scope.path),
                header: false,
                padded: false,
            };
            let look = super::layout::BoxLook {
                style: Some(show_config.style),
                min_height: None,
                vertical: None,
                background: None,
                select_action: None,
                always_pad: true,
                padding: None,
                bleed: false,
            };
            self.boxed(ui, &look, &card_scope, |r, ui, scope| {
                r.card(ui, card, scope);
            });
        }
    }

    fn enabled(&self, action: &Action) -> bool {
        !self.disabled && action.common().is_enabled != Some(false)
    }

    /// One action button, styled positive or destructive as asked.
    fn button(
        &mut self,
        ui: &mut Ui,
        action: &Action,
        selected: bool,
        width: Option<f32>,
    ) -> Response {
        let t = self.theme;
        let title = action_title(action);
        let style = action.common().style.unwrap_or(ActionStyle::Default);
        let accent = t.text_color(ContainerStyle::Default, ColorName::Accent, false);
        let attention = t.text_color(ContainerStyle::Default, ColorName::Attention, false);
        let (text, fill) = match style {
            ActionStyle::Positive => (RichText::new(&title).color(on(accent)), Some(accent)),
            ActionStyle::Destructive => {
                (RichText::new(&title).color(on(attention)), Some(attention))
            }
            ActionStyle::Default => (RichText::new(&title).color(accent), None),
        };
        let icon = action.common().icon_url.as_deref().and_then(|url| {
            match ui.ctx().try_load_texture(
                url,
                egui::TextureOptions::LINEAR,
                egui::load::SizeHint::default(),
            ) {
                Ok(egui::load::TexturePoll::Ready { texture }) => Some(texture),
                _ => None,
            }
        });
        let mut button = match icon {
            Some(texture) => {
                let size = t.config.actions.icon_size;
                egui::Button::image_and_text(
                    egui::Image::from_texture(texture).fit_to_exact_size(Vec2::splat(size)),
                    text,
                )
            }
            None => egui::Button::new(text),
        };
        if let Some(fill) = fill {
            button = button.fill(fill);
        }
        button = button.selected(selected);
        if let Some(width) = width {
            button = button.min_size(Vec2::new(width, 0.0));
        }
        let mut response = ui.add_enabled(self.enabled(action), button);
        if let Some(tooltip) = action.common().tooltip.as_deref() {
            response = response.on_hover_text(tooltip);
        }
        if let Action::ShowCard(_) = action {
            let enabled = self.enabled(action);
            response.widget_info(|| {
                let mut info = egui::WidgetInfo::labeled(egui::Role::Button, enabled, &title);
                info.selected = Some(selected);
                info
            });
        }
        response
    }

    /// Opens or closes a ShowCard; opening one closes its siblings in the same row.
    pub(crate) fn toggle_show_card(&mut self, scope: &Scope<'_>) {
        let path = scope.path.clone();
        self.view_changed = true;
        if self.state.expanded.remove(&path) {
            return;
        }
        let row = path.rsplit_once('/').map_or("", |(row, _)| row).to_owned();
        self.state
            .expanded
            .retain(|p| p.rsplit_once('/').is_none_or(|(r, _)| r != row));
        self.state.expanded.insert(path);
    }

    /// Makes a drawn area (a box, an image) do an action when clicked.
    pub(crate) fn select_action(
        &mut self,
        ui: &Ui,
        response: &Response,
        action: &Action,
        scope: &Scope<'_>,
    ) {
        if self.disabled {
            return;
        }
        if response.hovered() {
            ui.ctx().set_cursor_icon(CursorIcon::PointingHand);
            let overlay = self
                .theme
                .text_color(scope.style, ColorName::Accent, false)
                .gamma_multiply(0.08);
            ui.painter().rect_filled(response.rect, 2.0, overlay);
        }
        let label = action_title(action);
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
        if response.clicked() {
            self.trigger(action, scope);
        }
    }
}

/// What an action is called: its title, else its tooltip, else what it does.
pub(crate) fn action_title(action: &Action) -> String {
    let common = action.common();
    common
        .title
        .as_deref()
        .filter(|t| !t.trim().is_empty())
        .or(common.tooltip.as_deref())
        .unwrap_or(match action {
            Action::OpenUrl(_) => "Open link",
            Action::ShowCard(_) => "Show more",
            Action::ToggleVisibility(_) => "Show or hide",
            Action::Submit(_) | Action::Execute(_) => "Submit",
        })
        .to_owned()
}

/// Black or white, whichever reads better on `fill` (dark themes have light accent colours).
fn on(fill: Color32) -> Color32 {
    let channel = |c: u8| {
        let c = f32::from(c) / 255.0;
        if c <= 0.039_28 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    let luminance =
        0.2126 * channel(fill.r()) + 0.7152 * channel(fill.g()) + 0.0722 * channel(fill.b());
    // Contrast with white is 1.05 / (L + 0.05), with black (L + 0.05) / 0.05.
    if 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 {
        Color32::WHITE
    } else {
        Color32::BLACK
    }
}
