//! Drawing a card: the drawer walks the card model and draws each element with egui,
//! collecting what the user does into the card state and one output event.

mod actions;
mod carousel;
mod facts;
mod inputs;
mod layout;
mod media;
mod table;
mod text;

use std::collections::BTreeMap;

use egui::{Response, Ui};
use mcpapp_card::enums::{ContainerStyle, Spacing};
use mcpapp_card::model::{ElementCommon, Fallback};
use mcpapp_card::rules::{UrlUse, check_url};
use mcpapp_card::{Card, Element, SubmitError, prepare_submit, tool_call};

pub(crate) use layout::{clamp_i8, clamp_u8};

use crate::output::CardEvent;
use crate::theme::Theme;
use mcpapp_card::CardState;

/// The features (by `requires` name) this drawer has, with their versions.
const FEATURES: &[(&str, (u32, u32))] = &[("adaptiveCards", (1, 6)), ("mcpapp", (0, 1))];

/// Whether this drawer meets an element's `requires`.
fn meets(requires: Option<&BTreeMap<String, String>>) -> bool {
    let Some(requires) = requires else {
        return true;
    };
    requires.iter().all(|(name, version)| {
        let wanted = version
            .split_once('.')
            .and_then(|(a, b)| Some((a.trim().parse().ok()?, b.trim().parse().ok()?)))
            .or_else(|| version.trim().parse().ok().map(|a| (a, 0)));
        FEATURES
            .iter()
            .find(|(feature, _)| feature.eq_ignore_ascii_case(name))
            .is_some_and(|(_, have)| version == "*" || wanted.is_some_and(|w| *have >= w))
    })
}

/// The element to draw for `element`: itself when this drawer meets its `requires`, else
/// its fallback (followed as far as needed), else nothing.
fn supported(element: &Element) -> Option<&Element> {
    first_supported(element, |e| {
        (e.common().requires.as_ref(), e.common().fallback.as_ref())
    })
}

/// The action to show for `action`, as [`supported`] does for elements.
pub(crate) fn supported_action(action: &mcpapp_card::Action) -> Option<&mcpapp_card::Action> {
    first_supported(action, |a| {
        (a.common().requires.as_ref(), a.common().fallback.as_ref())
    })
}

/// The first of `item` and its chain of fallbacks whose `requires` this drawer meets (a
/// chain longer than 16 shows nothing); `parts` gives an item's `requires` and `fallback`.
fn first_supported<'a, T>(
    item: &'a T,
    parts: impl Fn(
        &'a T,
    ) -> (
        Option<&'a BTreeMap<String, String>>,
        Option<&'a Fallback<T>>,
    ),
) -> Option<&'a T> {
    let mut current = item;
    for _ in 0..16 {
        let (requires, fallback) = parts(current);
        if meets(requires) {
            return Some(current);
        }
        match fallback {
            Some(Fallback::Item(next)) => current = next,
            _ => return None,
        }
    }
    None
}

/// A count as a float, for layout arithmetic (counts of buttons or characters are small).
pub(crate) fn count_f32(n: usize) -> f32 {
    u16::try_from(n).map_or(f32::from(u16::MAX), f32::from)
}

/// Where an element sits: the chain of cards it belongs to (innermost first, for the inputs
/// a submit gathers), the style of the container around it (for colours), and its place
/// in the card (the key of its state).
#[derive(Clone)]
pub(crate) struct Scope<'c> {
    pub(crate) cards: Vec<&'c Card>,
    pub(crate) style: ContainerStyle,
    pub(crate) path: String,
    /// Inside a table's header row: text takes the column header style.
    pub(crate) header: bool,
    /// Whether the box around has padding a child may bleed into.
    pub(crate) padded: bool,
}

impl<'c> Scope<'c> {
    pub(crate) fn child(&self, segment: &str) -> Scope<'c> {
        Scope {
            cards: self.cards.clone(),
            style: self.style,
            path: format!("{}/{segment}", self.path),
            header: self.header,
            padded: self.padded,
        }
    }

    pub(crate) fn styled(&self, style: Option<ContainerStyle>) -> Scope<'c> {
        let mut s = self.clone();
        if let Some(style) = style {
            s.style = style;
        }
        s
    }
}

/// The drawer of one card for one frame.
pub(crate) struct Drawer<'s, 't> {
    pub(crate) theme: Theme<'t>,
    pub(crate) state: &'s mut CardState,
    pub(crate) event: Option<CardEvent>,
    pub(crate) changed: bool,
    /// Whether what is shown changed (a visibility toggle, a `ShowCard`, a carousel page).
    pub(crate) view_changed: bool,
    pub(crate) disabled: bool,
}

impl Drawer<'_, '_> {
    /// Draws a card's body and actions.
    pub(crate) fn card<'c>(&mut self, ui: &mut Ui, card: &'c Card, scope: &Scope<'c>) {
        let body_scope = scope.child("body");
        self.elements(ui, &card.body, &body_scope);
        if !card.actions.is_empty() {
            let space = self.theme.spacing(self.theme.config.actions.spacing);
            ui.add_space(space);
            self.action_bar(ui, &card.actions, &scope.child("actions"));
        }
    }

    /// Draws a list of elements top to bottom, with their spacing and separators.
    pub(crate) fn elements<'c>(&mut self, ui: &mut Ui, elements: &'c [Element], scope: &Scope<'c>) {
        let mut first = true;
        for (i, declared) in elements.iter().enumerate() {
            // An element whose `requires` this host does not meet is replaced by its fallback.
            let Some(element) = supported(declared) else {
                continue;
            };
            let common = element.common();
            if !self
                .state
                .is_visible(common.id.as_deref(), common.is_visible)
            {
                continue;
            }
            if !first {
                self.gap(ui, common);
            }
            first = false;
            let scope = scope.child(&i.to_string());
            self.element(ui, element, &scope);
        }
    }

    /// The space (and separator line) before an element that is not the first.
    pub(crate) fn gap<F>(&self, ui: &mut Ui, common: &ElementCommon<F>) {
        let space = self
            .theme
            .spacing(common.spacing.unwrap_or(Spacing::Default));
        if common.separator == Some(true) {
            ui.add_space(space / 2.0);
            let stroke = self.theme.separator();
            let (rect, _) = ui.allocate_exact_size(
                egui::vec2(ui.available_width(), stroke.width),
                egui::Sense::hover(),
            );
            ui.painter().hline(rect.x_range(), rect.center().y, stroke);
            ui.add_space(space / 2.0);
        } else {
            ui.add_space(space);
        }
    }

    fn element<'c>(&mut self, ui: &mut Ui, element: &'c Element, scope: &Scope<'c>) -> Response {
        match element {
            Element::TextBlock(e) => self.text_block(ui, e, scope),
            Element::RichTextBlock(e) => self.rich_text_block(ui, e, scope),
            Element::Image(e) => self.image(ui, e, scope),
            Element::ImageSet(e) => self.image_set(ui, e, scope),
            Element::Media(e) => self.media(ui, e, scope),
            Element::FactSet(e) => self.fact_set(ui, e, scope),
            Element::Container(e) => self.container(ui, e, scope),
            Element::ColumnSet(e) => self.column_set(ui, e, scope),
            Element::ActionSet(e) => {
                let align = text::align(e.horizontal_alignment);
                ui.with_layout(egui::Layout::top_down(align), |ui| {
                    self.action_bar(ui, &e.actions, &scope.child("actions"));
                })
                .response
            }
            Element::Table(e) => self.table(ui, e, scope),
            Element::Carousel(e) => self.carousel(ui, e, scope),
            Element::InputText(e) => self.input_text(ui, e, scope),
            Element::InputNumber(e) => self.input_number(ui, e, scope),
            Element::InputDate(e) => self.input_date(ui, e, scope),
            Element::InputTime(e) => self.input_time(ui, e, scope),
            Element::InputToggle(e) => self.input_toggle(ui, e, scope),
            Element::InputChoiceSet(e) => self.input_choice_set(ui, e, scope),
        }
    }

    /// Records an event; the first of a frame wins.
    pub(crate) fn emit(&mut self, event: CardEvent) {
        keep_first(&mut self.event, event);
    }

    /// A link the user clicked: reported when it is safe to open.
    pub(crate) fn open_url(&mut self, url: &str) {
        if let Some(url) = openable_link(url) {
            self.emit(CardEvent::OpenUrl { url });
        }
    }

    /// Does what an action does when the user triggers it.
    pub(crate) fn trigger(&mut self, action: &mcpapp_card::Action, scope: &Scope<'_>) {
        use mcpapp_card::Action;
        if self.disabled {
            return;
        }
        match action {
            Action::Submit(_) | Action::Execute(_) => {
                let action_id = action.common().id.as_deref().map(str::to_owned);
                match prepare_submit(&scope.cards, action, &self.state.values) {
                    Ok(data) => {
                        self.state.errors.clear();
                        let tool_call = tool_call(action, data.clone()).map_err(|e| e.to_string());
                        self.emit(CardEvent::Submit {
                            action_id,
                            title: action.title().map(str::to_owned),
                            data,
                            tool_call,
                        });
                    }
                    Err(SubmitError::Invalid(errors)) => {
                        self.state.errors = errors
                            .iter()
                            .map(|e| (e.id.clone(), e.message.clone()))
                            .collect();
                        self.emit(CardEvent::Invalid { action_id, errors });
                    }
                    Err(_) => {}
                }
            }
            Action::OpenUrl(a) => self.open_url(&a.url),
            Action::ToggleVisibility(t) => {
                for target in &t.target_elements {
                    let id = target.element_id.as_str();
                    let current = self.state.visibility.get(id).copied().unwrap_or_else(|| {
                        scope
                            .cards
                            .last()
                            .and_then(|root| root.element_by_id(id))
                            .is_none_or(|e| e.common().is_visible != Some(false))
                    });
                    let next = target.is_visible.unwrap_or(!current);
                    self.state.visibility.insert(id.to_string(), next);
                }
                self.view_changed = true;
            }
            Action::ShowCard(_) => self.toggle_show_card(scope),
        }
    }

    /// Marks an input's value as changed: its error goes, the host may save.
    pub(crate) fn input_changed(&mut self, id: &str) {
        self.changed = true;
        self.state.errors.remove(id);
    }
}

/// Puts `event` in `slot` unless an earlier one of this frame is there: the card and surface
/// drawers both report one event a frame, the first the user caused.
pub(crate) fn keep_first<E>(slot: &mut Option<E>, event: E) {
    if slot.is_none() {
        *slot = Some(event);
    }
}

/// `url` to report as a link to open, or `None` when the card link rule refuses it: the one
/// check the card and surface drawers both make before they hand a link to the embedder.
pub(crate) fn openable_link(url: &str) -> Option<String> {
    check_url(url, UrlUse::Link).is_ok().then(|| url.to_owned())
}
