//! Font families, sizes and weights (`fontTypes`, and the older top-level `fontFamily`,
//! `fontSizes`, `fontWeights`).

use crate::enums::{FontSize, FontType, FontWeight};

section! {
    /// The two font types a text can ask for (`fontType`).
    pub struct FontTypes {
        /// The ordinary font.
        pub default: FontTypeConfig => section("default"),
        /// The fixed-width font.
        pub monospace: FontTypeConfig => section("monospace"),
    }
}

impl FontTypes {
    /// The configuration of one font type.
    pub fn get(&self, font_type: FontType) -> &FontTypeConfig {
        match font_type {
            FontType::Default => &self.default,
            FontType::Monospace => &self.monospace,
        }
    }
}

// The same keys at the root of a host config are the pre-1.2 way to set the default font, so
// `HostConfig` reads the root with this section too.
section! {
    /// One font: its family and what each size and weight name means.
    pub struct FontTypeConfig {
        /// A CSS-style list of families, best first: `"'Segoe UI', Tahoma, sans-serif"`. A native
        /// renderer picks the first family it has and otherwise its own default.
        pub font_family: String => string("fontFamily"),
        /// Sizes in pixels.
        pub font_sizes: FontSizes => section("fontSizes"),
        /// Weights on the CSS scale.
        pub font_weights: FontWeights => section("fontWeights"),
    }
}

impl FontTypeConfig {
    /// The official renderer's default font type: Segoe UI, sizes 12/14/17/21/26 px, weights
    /// 200/400/600.
    pub fn adaptive_cards_default() -> Self {
        Self {
            font_family: "Segoe UI,Segoe,Segoe WP,Helvetica Neue,Helvetica,sans-serif".to_owned(),
            font_sizes: FontSizes::ADAPTIVE_CARDS,
            font_weights: FontWeights::ADAPTIVE_CARDS,
        }
    }

    /// The official renderer's monospace font type: Courier New, same sizes and weights.
    pub fn adaptive_cards_monospace() -> Self {
        Self {
            font_family: "'Courier New', Courier, monospace".to_owned(),
            ..Self::adaptive_cards_default()
        }
    }
}

section! {
    /// What each size name means, in pixels.
    #[derive(Copy)]
    pub struct FontSizes {
        /// `small`.
        pub small: f32 => positive_px("small"),
        /// `default`.
        pub default: f32 => positive_px("default"),
        /// `medium`.
        pub medium: f32 => positive_px("medium"),
        /// `large`.
        pub large: f32 => positive_px("large"),
        /// `extraLarge`.
        pub extra_large: f32 => positive_px("extraLarge"),
    }
}

impl FontSizes {
    /// The official defaults: 12, 14, 17, 21, 26.
    pub const ADAPTIVE_CARDS: Self = Self {
        small: 12.0,
        default: 14.0,
        medium: 17.0,
        large: 21.0,
        extra_large: 26.0,
    };

    /// The size in pixels of a size name.
    pub fn get(&self, size: FontSize) -> f32 {
        match size {
            FontSize::Small => self.small,
            FontSize::Default => self.default,
            FontSize::Medium => self.medium,
            FontSize::Large => self.large,
            FontSize::ExtraLarge => self.extra_large,
        }
    }
}

section! {
    /// What each weight name means, on the CSS scale (400 normal, 700 bold).
    #[derive(Copy, Eq, Hash)]
    pub struct FontWeights {
        /// `lighter`.
        pub lighter: u16 => weight("lighter"),
        /// `default`.
        pub default: u16 => weight("default"),
        /// `bolder`.
        pub bolder: u16 => weight("bolder"),
    }
}

impl FontWeights {
    /// The official defaults: 200, 400, 600.
    pub const ADAPTIVE_CARDS: Self = Self {
        lighter: 200,
        default: 400,
        bolder: 600,
    };

    /// The CSS weight of a weight name.
    pub fn get(&self, weight: FontWeight) -> u16 {
        match weight {
            FontWeight::Lighter => self.lighter,
            FontWeight::Default => self.default,
            FontWeight::Bolder => self.bolder,
        }
    }
}
