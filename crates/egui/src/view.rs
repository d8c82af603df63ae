//! The card view widget.

use egui::{CornerRadius, Frame, Margin, Response, Stroke, Ui, UiBuilder, Widget};
use mcpapp_card::enums::ContainerStyle;
use mcpapp_card::{Card, HostConfig};

use crate::draw::{Drawer, Scope};
use crate::output::CardOutput;
use crate::theme::Theme;
use mcpapp_card::CardState;

/// The builder setters the card and surface views share (`host_config`, `disabled` and
/// `framed`): both keep the same three options and set them the same way, so they are written
/// once here; each view gives its own docs for `disabled` and `framed`.
macro_rules! view_setters {
    (
        $(#[$disabled:meta])*
        disabled;
        $(#[$framed:meta])*
        framed;
    ) => {
        /// Draws with this host config (default: [`HostConfig::light`]).
        pub fn host_config(mut self, config: &'a HostConfig) -> Self {
            self.config = Some(config);
            self
        }

        $(#[$disabled])*
        pub fn disabled(mut self, disabled: bool) -> Self {
            self.disabled = disabled;
            self
        }

        $(#[$framed])*
        pub fn framed(mut self, framed: bool) -> Self {
            self.framed = framed;
            self
        }
    };
}
pub(crate) use view_setters;

/// Shows a card in any [`Ui`], as wide as the space it is given.
///
/// ```no_run
/// # fn demo(ui: &mut egui::Ui, card: &mcpapp_card::Card, state: &mut mcpapp_egui::CardState) {
/// let output = mcpapp_egui::CardView::new(card, state).show(ui);
/// if let Some(event) = output.event {
///     // a submit, an invalid submit, or a link to open
/// }
/// # }
/// ```
#[must_use = "a card view does nothing until it is shown"]
pub struct CardView<'a> {
    card: &'a Card,
    state: &'a mut CardState,
    config: Option<&'a HostConfig>,
    disabled: bool,
    framed: bool,
}

impl<'a> CardView<'a> {
    /// A view of `card` whose inputs live in `state`.
    pub fn new(card: &'a Card, state: &'a mut CardState) -> Self {
        Self {
            card,
            state,
            config: None,
            disabled: false,
            framed: true,
        }
    }

    view_setters! {
        /// Locks the card: inputs and actions are drawn disabled and ignore clicks (while the
        /// model is generating a response, say).
        disabled;
        /// Whether to draw the card's own background, padding and rounded corners (default
        /// `true`); a host that frames cards itself turns this off.
        framed;
    }

    /// Draws the card and reports what the user did.
    pub fn show(self, ui: &mut Ui) -> CardOutput {
        let fallback = HostConfig::default();
        let config = self.config.unwrap_or(&fallback);
        let theme = Theme::new(config);
        let mut drawer = Drawer {
            theme,
            state: self.state,
            event: None,
            changed: false,
            view_changed: false,
            disabled: self.disabled,
        };
        let style = self.card.box_props.style.unwrap_or(ContainerStyle::Default);
        let scope = Scope {
            cards: vec![self.card],
            style,
            path: String::new(),
            header: false,
            padded: self.framed,
        };
        let pad = if self.framed { theme.padding() } else { 0.0 };
        let frame = Frame::new()
            .fill(if self.framed {
                theme.background(style)
            } else {
                egui::Color32::TRANSPARENT
            })
            .inner_margin(Margin::same(crate::draw::clamp_i8(pad)))
            .corner_radius(CornerRadius::same(crate::draw::clamp_u8(
                config.corner_radius,
            )))
            .stroke(if self.framed {
                theme
                    .style(style)
                    .border_color
                    .map_or(Stroke::NONE, |c| Stroke::new(1.0, crate::theme::color32(c)))
            } else {
                Stroke::NONE
            });
        let card = self.card;
        let response = ui
            .scope_builder(UiBuilder::new().id_salt("mcpapp-card"), |ui| {
                *ui.visuals_mut() = theme.visuals();
                // The card places everything with explicit spacing (its host config's); set
                // once here, every nested ui shares this style instead of copying its own.
                ui.spacing_mut().item_spacing = egui::Vec2::ZERO;
                frame
                    .show(ui, |ui| {
                        ui.set_width(ui.available_width());
                        if let Some(min) = card.box_props.min_height {
                            ui.set_min_height(min.0);
                        }
                        drawer.card(ui, card, &scope);
                    })
                    .response
            })
            .inner;
        CardOutput {
            response,
            event: drawer.event,
            inputs_changed: drawer.changed,
            state_changed: drawer.changed || drawer.view_changed,
        }
    }
}

impl Widget for CardView<'_> {
    /// Draws the card; use [`CardView::show`] to get what the user did.
    fn ui(self, ui: &mut Ui) -> Response {
        self.show(ui).response
    }
}
