//! Container styles (`containerStyles`): the background, border and text colours of each
//! `style` a container, column or card can take.

use serde_with::skip_serializing_none;

use super::color::Color;
use crate::enums::{CardEnum, Color as ColorName, ContainerStyle};

// `customStyles` (named styles beyond the six) are not read: cards can only name the six
// built-in styles in our model, so a custom one could never be used.
section! {
    /// The colours of each container style.
    pub struct ContainerStyles {
        /// `default`: the card itself and unstyled containers.
        pub default: ContainerStyleConfig => section("default"),
        /// `emphasis`: set apart from its surroundings (and `Action.ShowCard` cards by default).
        pub emphasis: ContainerStyleConfig => section("emphasis"),
        /// `good`: success.
        pub good: ContainerStyleConfig => section("good"),
        /// `attention`: danger.
        pub attention: ContainerStyleConfig => section("attention"),
        /// `warning`: caution.
        pub warning: ContainerStyleConfig => section("warning"),
        /// `accent`: the accent colour.
        pub accent: ContainerStyleConfig => section("accent"),
    }
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
        ContainerStyle::ALL
            .iter()
            .map(move |&style| (style, self.get(style)))
    }
}

section! {
    /// The colours of one container style.
    #[skip_serializing_none]
    pub struct ContainerStyleConfig {
        /// The background. [`Color::TRANSPARENT`] when the host config sets none: the official
        /// renderer then paints no background, and whatever is behind the card shows through.
        pub background_color: Color => color("backgroundColor"),
        /// The border: the grid lines of a table whose `gridStyle` is this style, and the edge of
        /// a container where the host draws one. `None` when the host config sets none.
        pub border_color: Option<Color> => optional_color("borderColor"),
        /// The text colours on this background.
        pub foreground_colors: ForegroundColors => section("foregroundColors"),
    }
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
}

section! {
    /// The text colour of each colour name, on one background.
    #[derive(Copy, Eq, Hash)]
    pub struct ForegroundColors {
        /// `default`.
        pub default: FontColorConfig => section("default"),
        /// `dark`: a dark colour whatever the theme (for text over light pictures).
        pub dark: FontColorConfig => section("dark"),
        /// `light`: a light colour whatever the theme (for text over dark pictures).
        pub light: FontColorConfig => section("light"),
        /// `accent`.
        pub accent: FontColorConfig => section("accent"),
        /// `good`.
        pub good: FontColorConfig => section("good"),
        /// `warning`.
        pub warning: FontColorConfig => section("warning"),
        /// `attention`.
        pub attention: FontColorConfig => section("attention"),
    }
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
}

section! {
    /// One colour name's text colour, normal and subtle (`isSubtle: true`).
    #[derive(Copy, Eq, Hash)]
    pub struct FontColorConfig {
        /// The normal colour.
        pub default: Color => color("default"),
        /// The subtle colour: less prominent, often the normal one with less opacity.
        pub subtle: Color => color("subtle"),
        /// The background behind a highlighted `TextRun` (`highlight: true`) of this colour.
        pub highlight_colors: HighlightColors => section("highlightColors"),
    }
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
}

section! {
    /// The backgrounds of highlighted text, for normal and subtle text.
    #[derive(Copy, Eq, Hash)]
    pub struct HighlightColors {
        /// Behind normal text.
        pub default: Color => color("default"),
        /// Behind subtle text.
        pub subtle: Color => color("subtle"),
    }
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
}
