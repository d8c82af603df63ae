//! Space between elements (`spacing`), separator lines (`separator`) and table cells
//! (`table`).

use serde::Serialize;

use super::color::Color;
use super::reader::{Object, Reader};
use crate::enums::Spacing;

/// What each spacing name means, in pixels.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SpacingConfig {
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
    /// The padding inside a card or a styled container, and the `padding` spacing.
    pub padding: f32,
}

impl SpacingConfig {
    /// The official defaults: 3, 8, 20, 30, 40, padding 15.
    pub const ADAPTIVE_CARDS: Self = Self {
        small: 3.0,
        default: 8.0,
        medium: 20.0,
        large: 30.0,
        extra_large: 40.0,
        padding: 15.0,
    };

    /// The pixels of a spacing name; `none` is 0.
    pub fn get(&self, spacing: Spacing) -> f32 {
        match spacing {
            Spacing::None => 0.0,
            Spacing::Small => self.small,
            Spacing::Default => self.default,
            Spacing::Medium => self.medium,
            Spacing::Large => self.large,
            Spacing::ExtraLarge => self.extra_large,
            Spacing::Padding => self.padding,
        }
    }

    pub(super) fn read(&mut self, r: &mut Reader, obj: &Object) {
        r.px(obj, "small", &mut self.small);
        r.px(obj, "default", &mut self.default);
        r.px(obj, "medium", &mut self.medium);
        r.px(obj, "large", &mut self.large);
        r.px(obj, "extraLarge", &mut self.extra_large);
        r.px(obj, "padding", &mut self.padding);
    }
}

/// The line drawn by `separator: true`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SeparatorConfig {
    /// Thickness in pixels; 0 draws nothing (the space stays).
    pub line_thickness: f32,
    /// Colour of the line.
    pub line_color: Color,
}

impl SeparatorConfig {
    /// The official default: 1 px, `#EEEEEE`.
    pub const ADAPTIVE_CARDS: Self = Self {
        line_thickness: 1.0,
        line_color: Color::from_rgb24(0xEE_EE_EE),
    };

    pub(super) fn read(&mut self, r: &mut Reader, obj: &Object) {
        r.px(obj, "lineThickness", &mut self.line_thickness);
        r.color(obj, "lineColor", &mut self.line_color);
    }
}

/// Tables (Adaptive Cards 1.5).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TableConfig {
    /// Space between cells in pixels, and the padding inside a cell.
    pub cell_spacing: f32,
}

impl TableConfig {
    /// The official default: 8 px.
    pub const ADAPTIVE_CARDS: Self = Self { cell_spacing: 8.0 };

    pub(super) fn read(&mut self, r: &mut Reader, obj: &Object) {
        r.px(obj, "cellSpacing", &mut self.cell_spacing);
    }
}
