//! Container styles (`containerStyles`): the background, border and text colours of each
//! `style` a container, column or card can take.

use serde::Serialize;
use serde_with::skip_serializing_none;

use super::color::Color;
use super::reader::{Object, Reader};
use crate::enums::{Color as ColorName, ContainerStyle};

/// The colours of each container style.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ContainerStyles {
    /// `default`: the card itself and unstyled containers.
    pub default: ContainerStyleConfig,
    /// `emphasis`: set apart from its surroundings (and `Action.ShowCard` cards by default).
    pub emphasis: ContainerStyleConfig,
    /// `good`: success.
    pub good: ContainerStyleConfig,
    /// `attention`: danger.
    pub attention: ContainerStyleConfig,
    /// `warning`: caution.
    pub warning: ContainerStyleConfig,
    /// `accent`: the accent colour.
    pub accent: ContainerStyleConfig,
}

impl ContainerStyles {
    /// The official defaults: no backgrounds, no borders, the official text colours.
    pub fn adaptive_cards() -> Self {
        let style = ContainerStyleConfig::adaptive_cards();
        Self {
            default: style.clone(),
            emphasis: style.clone(),
            good: style.clone(),
            attention: style.clone(),
            warning: style.clone(),
            accent: style,
        }
    }

    /// The colours of one style.
    pub fn get(&self, style: ContainerStyle) -> &ContainerStyleConfig {
        match style {
            ContainerStyle::Default => &self.default,
            ContainerStyle::Emphasis => &self.emphasis,
            ContainerStyle::Good => &self.good,
            ContainerStyle::Attention => &self.attention,
            ContainerStyle::Warning => &self.warning,
            ContainerStyle::Accent => &self.accent,
        }
    }

    /// `(style, its colours)` for every style, in declaration order.
    pub fn iter(&self) -> impl Iterator<Item = (ContainerStyle, &ContainerStyleConfig)> {
        [
            (ContainerStyle::Default, &self.default),
            (ContainerStyle::Emphasis, &self.emphasis),
            (ContainerStyle::Good, &self.good),
            (ContainerStyle::Attention, &self.attention),
            (ContainerStyle::Warning, &self.warning),
            (ContainerStyle::Accent, &self.accent),
        ]
        .into_iter()
    }

    // `customStyles` (named styles beyond the six) are not read: cards can only name the six
    // built-in styles in our model, so a custom one could never be used.
    pub(super) fn read(&mut self, r: &mut Reader, obj: &Object) {
        r.object(obj, "default", |r, o| self.default.read(r, o));
        r.object(obj, "emphasis", |r, o| self.emphasis.read(r, o));
        r.object(obj, "good", |r, o| self.good.read(r, o));
        r.object(obj, "attention", |r, o| self.attention.read(r, o));
        r.object(obj, "warning", |r, o| self.warning.read(r, o));
        r.object(obj, "accent", |r, o| self.accent.read(r, o));
    }
}

/// The colours of one container style.
#[skip_serializing_none]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ContainerStyleConfig {
    /// The background. [`Color::TRANSPARENT`] when the host config sets none: the official
    /// renderer then paints no background, and whatever is behind the card shows through.
    pub background_color: Color,
    /// The border: the grid lines of a table whose `gridStyle` is this style, and the edge of
    /// a container where the host draws one. `None` when the host config sets none.
    pub border_color: Option<Color>,
    /// The text colours on this background.
    pub foreground_colors: ForegroundColors,
}

impl ContainerStyleConfig {
    /// The official default: transparent, no border, the official text colours.
    pub fn adaptive_cards() -> Self {
        Self {
            background_color: Color::TRANSPARENT,
            border_color: None,
            foreground_colors: ForegroundColors::ADAPTIVE_CARDS,
        }
    }

    /// The colour of text in this style: its colour name, subtle or not.
    pub fn text_color(&self, color: ColorName, is_subtle: bool) -> Color {
        self.foreground_colors.get(color).get(is_subtle)
    }

    fn read(&mut self, r: &mut Reader, obj: &Object) {
        r.color(obj, "backgroundColor", &mut self.background_color);
        r.optional_color(obj, "borderColor", &mut self.border_color);
        r.object(obj, "foregroundColors", |r, o| {
            self.foreground_colors.read(r, o);
        });
    }
}

/// The text colour of each colour name, on one background.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ForegroundColors {
    /// `default`.
    pub default: FontColorConfig,
    /// `dark`: a dark colour whatever the theme (for text over light pictures).
    pub dark: FontColorConfig,
    /// `light`: a light colour whatever the theme (for text over dark pictures).
    pub light: FontColorConfig,
    /// `accent`.
    pub accent: FontColorConfig,
    /// `good`.
    pub good: FontColorConfig,
    /// `warning`.
    pub warning: FontColorConfig,
    /// `attention`.
    pub attention: FontColorConfig,
}

impl ForegroundColors {
    /// The official defaults (`host-config.ts`, `ContainerStyleDefinition`).
    pub const ADAPTIVE_CARDS: Self = Self {
        default: FontColorConfig::argb(0xFF33_3333, 0xEE33_3333),
        dark: FontColorConfig::argb(0xFF00_0000, 0x6600_0000),
        light: FontColorConfig::argb(0xFFFF_FFFF, 0x3300_0000),
        accent: FontColorConfig::argb(0xFF2E_89FC, 0x882E_89FC),
        good: FontColorConfig::argb(0xFF02_8A02, 0xDD02_7502),
        warning: FontColorConfig::argb(0xFFE6_9500, 0xDDE6_9500),
        attention: FontColorConfig::argb(0xFFCC_3300, 0xDDCC_3300),
    };

    /// The colours of one colour name.
    pub fn get(&self, color: ColorName) -> &FontColorConfig {
        match color {
            ColorName::Default => &self.default,
            ColorName::Dark => &self.dark,
            ColorName::Light => &self.light,
            ColorName::Accent => &self.accent,
            ColorName::Good => &self.good,
            ColorName::Warning => &self.warning,
            ColorName::Attention => &self.attention,
        }
    }

    fn read(&mut self, r: &mut Reader, obj: &Object) {
        r.object(obj, "default", |r, o| self.default.read(r, o));
        r.object(obj, "dark", |r, o| self.dark.read(r, o));
        r.object(obj, "light", |r, o| self.light.read(r, o));
        r.object(obj, "accent", |r, o| self.accent.read(r, o));
        r.object(obj, "good", |r, o| self.good.read(r, o));
        r.object(obj, "warning", |r, o| self.warning.read(r, o));
        r.object(obj, "attention", |r, o| self.attention.read(r, o));
    }
}

/// One colour name's text colour, normal and subtle (`isSubtle: true`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FontColorConfig {
    /// The normal colour.
    pub default: Color,
    /// The subtle colour: less prominent, often the normal one with less opacity.
    pub subtle: Color,
    /// The background behind a highlighted `TextRun` (`highlight: true`) of this colour.
    pub highlight_colors: HighlightColors,
}

impl FontColorConfig {
    /// A pair from two opaque `0xRRGGBB` colours, with the official highlight colours.
    pub const fn rgb(default: u32, subtle: u32) -> Self {
        Self {
            default: Color::from_rgb24(default),
            subtle: Color::from_rgb24(subtle),
            highlight_colors: HighlightColors::ADAPTIVE_CARDS,
        }
    }

    /// A pair from two `0xAARRGGBB` colours, with the official highlight colours.
    pub const fn argb(default: u32, subtle: u32) -> Self {
        Self {
            default: Color::from_argb32(default),
            subtle: Color::from_argb32(subtle),
            highlight_colors: HighlightColors::ADAPTIVE_CARDS,
        }
    }

    /// The same colours with other highlight backgrounds.
    #[must_use]
    pub const fn with_highlight(self, highlight_colors: HighlightColors) -> Self {
        Self {
            highlight_colors,
            ..self
        }
    }

    /// The subtle colour or the normal one.
    pub fn get(&self, is_subtle: bool) -> Color {
        if is_subtle { self.subtle } else { self.default }
    }

    fn read(&mut self, r: &mut Reader, obj: &Object) {
        r.color(obj, "default", &mut self.default);
        r.color(obj, "subtle", &mut self.subtle);
        r.object(obj, "highlightColors", |r, o| {
            self.highlight_colors.read(r, o);
        });
    }
}

/// The backgrounds of highlighted text, for normal and subtle text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HighlightColors {
    /// Behind normal text.
    pub default: Color,
    /// Behind subtle text.
    pub subtle: Color,
}

impl HighlightColors {
    /// The official defaults: black at 13 % and 7 % opacity (`#22000000`, `#11000000`).
    pub const ADAPTIVE_CARDS: Self = Self {
        default: Color::from_argb32(0x2200_0000),
        subtle: Color::from_argb32(0x1100_0000),
    };

    /// The background behind subtle or normal text.
    pub fn get(&self, is_subtle: bool) -> Color {
        if is_subtle { self.subtle } else { self.default }
    }

    fn read(&mut self, r: &mut Reader, obj: &Object) {
        r.color(obj, "default", &mut self.default);
        r.color(obj, "subtle", &mut self.subtle);
    }
}
