//! A host config as egui colours, fonts and spacing.

use egui::{Color32, FontFamily, FontId, Stroke, Visuals};
use mcpapp_card::HostConfig;
use mcpapp_card::enums::{
    Color as ColorName, ContainerStyle, FontSize, FontType, FontWeight, Spacing,
};
use mcpapp_card::host_config::{Color, ContainerStyleConfig};

/// The host config a card is drawn with, and what follows from it.
#[derive(Clone, Copy)]
pub(crate) struct Theme<'a> {
    pub(crate) config: &'a HostConfig,
}

/// An egui colour from a host config colour.
pub(crate) fn color32(c: Color) -> Color32 {
    Color32::from_rgba_unmultiplied(c.r, c.g, c.b, c.a)
}

impl<'a> Theme<'a> {
    pub(crate) fn new(config: &'a HostConfig) -> Self {
        Self { config }
    }

    pub(crate) fn style(self, style: ContainerStyle) -> &'a ContainerStyleConfig {
        self.config.container_style(style)
    }

    /// The background of a container style.
    pub(crate) fn background(self, style: ContainerStyle) -> Color32 {
        color32(self.style(style).background_color)
    }

    /// A text colour on a container of `style`.
    pub(crate) fn text_color(
        self,
        style: ContainerStyle,
        name: ColorName,
        subtle: bool,
    ) -> Color32 {
        let colors = &self.style(style).foreground_colors;
        let pair = match name {
            ColorName::Default => &colors.default,
            ColorName::Dark => &colors.dark,
            ColorName::Light => &colors.light,
            ColorName::Accent => &colors.accent,
            ColorName::Good => &colors.good,
            ColorName::Warning => &colors.warning,
            ColorName::Attention => &colors.attention,
        };
        color32(if subtle { pair.subtle } else { pair.default })
    }

    pub(crate) fn font_id(self, font_type: FontType, size: FontSize) -> FontId {
        let family = match font_type {
            FontType::Monospace => FontFamily::Monospace,
            FontType::Default => FontFamily::Proportional,
        };
        let px = self.config.font_size(font_type, size);
        // egui's monospace face (Hack) has a larger x-height than its proportional one: at the
        // same pixel size it looks a size bigger.
        let px = if font_type == FontType::Monospace {
            px * 0.88
        } else {
            px
        };
        FontId::new(px, family)
    }

    /// Whether a weight is drawn bold (egui's fonts have one weight; bold is drawn twice,
    /// offset by a fraction of a pixel).
    pub(crate) fn is_bold(self, font_type: FontType, weight: FontWeight) -> bool {
        self.config.font_weight(font_type, weight) >= 600
    }

    pub(crate) fn spacing(self, spacing: Spacing) -> f32 {
        self.config.spacing_px(spacing)
    }

    pub(crate) fn padding(self) -> f32 {
        self.config.spacing.padding
    }

    pub(crate) fn separator(self) -> Stroke {
        Stroke::new(
            self.config.separator.line_thickness,
            color32(self.config.separator.line_color),
        )
    }

    /// Whether the card's default background is dark.
    pub(crate) fn is_dark(self) -> bool {
        let c = self.style(ContainerStyle::Default).background_color;
        let luma = 0.2126 * f32::from(c.r) + 0.7152 * f32::from(c.g) + 0.0722 * f32::from(c.b);
        luma < 128.0
    }

    /// egui visuals for the widgets inside a card (inputs, buttons), matching its colours.
    pub(crate) fn visuals(self) -> Visuals {
        let mut v = if self.is_dark() {
            Visuals::dark()
        } else {
            Visuals::light()
        };
        let text = self.text_color(ContainerStyle::Default, ColorName::Default, false);
        let accent = self.text_color(ContainerStyle::Default, ColorName::Accent, false);
        let background = self.background(ContainerStyle::Default);
        let emphasis = self.background(ContainerStyle::Emphasis);
        v.override_text_color = Some(text);
        v.hyperlink_color = accent;
        v.selection.bg_fill = accent.gamma_multiply(0.35);
        v.selection.stroke = Stroke::new(1.0, accent);
        v.extreme_bg_color = if self.is_dark() {
            background.gamma_multiply(0.7)
        } else {
            Color32::WHITE
        };
        v.panel_fill = background;
        v.window_fill = emphasis;
        v.faint_bg_color = emphasis;
        let radius = self.config.corner_radius;
        for w in [
            &mut v.widgets.noninteractive,
            &mut v.widgets.inactive,
            &mut v.widgets.hovered,
            &mut v.widgets.active,
            &mut v.widgets.open,
        ] {
            w.fg_stroke.color = text;
            #[expect(
                clippy::cast_possible_truncation,
                clippy::cast_sign_loss,
                reason = "a corner radius of a few pixels"
            )]
            let r = radius.clamp(0.0, 255.0) as u8;
            w.corner_radius = egui::CornerRadius::same(r);
        }
        v.widgets.inactive.bg_stroke = Stroke::new(1.0, self.separator().color);
        v.widgets.hovered.bg_stroke = Stroke::new(1.0, accent);
        v.widgets.active.bg_stroke = Stroke::new(1.5, accent);
        v
    }
}

/// The page behind cards in a host's window (the conversation's backdrop), for the light or
/// the dark theme: a shade apart from the cards' own backgrounds so that their edges show.
/// Every window of ours that shows cards (preview, connect, demo) uses it.
pub fn backdrop(dark: bool) -> egui::Color32 {
    if dark {
        egui::Color32::from_gray(24)
    } else {
        egui::Color32::from_gray(236)
    }
}
