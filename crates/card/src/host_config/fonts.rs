//! Font families, sizes and weights (`fontTypes`, and the older top-level `fontFamily`,
//! `fontSizes`, `fontWeights`).

use serde::Serialize;

use super::reader::{Object, Reader};
use crate::enums::{FontSize, FontType, FontWeight};

/// The two font types a text can ask for (`fontType`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FontTypes {
    /// The ordinary font.
    pub default: FontTypeConfig,
    /// The fixed-width font.
    pub monospace: FontTypeConfig,
}

impl FontTypes {
    /// The configuration of one font type.
    pub fn get(&self, font_type: FontType) -> &FontTypeConfig {
        match font_type {
            FontType::Default => &self.default,
            FontType::Monospace => &self.monospace,
        }
    }

    pub(super) fn read(&mut self, r: &mut Reader, obj: &Object) {
        r.object(obj, "default", |r, o| self.default.read(r, o));
        r.object(obj, "monospace", |r, o| self.monospace.read(r, o));
    }
}

/// One font: its family and what each size and weight name means.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FontTypeConfig {
    /// A CSS-style list of families, best first: `"'Segoe UI', Tahoma, sans-serif"`. A native
    /// renderer picks the first family it has and otherwise its own default.
    pub font_family: String,
    /// Sizes in pixels.
    pub font_sizes: FontSizes,
    /// Weights on the CSS scale.
    pub font_weights: FontWeights,
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

    /// Reads `fontFamily`, `fontSizes` and `fontWeights` from `obj`. The same keys at the
    /// root of a host config are the pre-1.2 way to set the default font, so the root is read
    /// with this too.
    pub(super) fn read(&mut self, r: &mut Reader, obj: &Object) {
        r.string(obj, "fontFamily", &mut self.font_family);
        r.object(obj, "fontSizes", |r, o| self.font_sizes.read(r, o));
        r.object(obj, "fontWeights", |r, o| self.font_weights.read(r, o));
    }
}

/// What each size name means, in pixels.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FontSizes {
    /// `small`.
    pub small: f32,
    /// `default`.
    pub default: f32,
    /// `medium`.
    pub medium: f32,
    /// `large`.
    pub large: f32,
    /// `extraLarge`.
    pub extra_large: f32,
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

    fn read(&mut self, r: &mut Reader, obj: &Object) {
        r.positive_px(obj, "small", &mut self.small);
        r.positive_px(obj, "default", &mut self.default);
        r.positive_px(obj, "medium", &mut self.medium);
        r.positive_px(obj, "large", &mut self.large);
        r.positive_px(obj, "extraLarge", &mut self.extra_large);
    }
}

/// What each weight name means, on the CSS scale (400 normal, 700 bold).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FontWeights {
    /// `lighter`.
    pub lighter: u16,
    /// `default`.
    pub default: u16,
    /// `bolder`.
    pub bolder: u16,
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

    fn read(&mut self, r: &mut Reader, obj: &Object) {
        r.weight(obj, "lighter", &mut self.lighter);
        r.weight(obj, "default", &mut self.default);
        r.weight(obj, "bolder", &mut self.bolder);
    }
}
