//! Space between elements (`spacing`), separator lines (`separator`) and table cells
//! (`table`).

use super::color::Color;
use crate::enums::Spacing;

section! {
    /// What each spacing name means, in pixels.
    #[derive(Copy)]
    pub struct SpacingConfig {
        /// `small`.
        pub small: f32 => px("small"),
        /// `default`.
        pub default: f32 => px("default"),
        /// `medium`.
        pub medium: f32 => px("medium"),
        /// `large`.
        pub large: f32 => px("large"),
        /// `extraLarge`.
        pub extra_large: f32 => px("extraLarge"),
        /// The padding inside a card or a styled container, and the `padding` spacing.
        pub padding: f32 => px("padding"),
    }
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
}

section! {
    /// The line drawn by `separator: true`.
    #[derive(Copy)]
    pub struct SeparatorConfig {
        /// Thickness in pixels; 0 draws nothing (the space stays).
        pub line_thickness: f32 => px("lineThickness"),
        /// Colour of the line.
        pub line_color: Color => color("lineColor"),
    }
}

impl SeparatorConfig {
    /// The official default: 1 px, `#EEEEEE`.
    pub const ADAPTIVE_CARDS: Self = Self {
        line_thickness: 1.0,
        line_color: Color::from_rgb24(0xEE_EE_EE),
    };
}

section! {
    /// Tables (Adaptive Cards 1.5).
    #[derive(Copy)]
    pub struct TableConfig {
        /// Space between cells in pixels, and the padding inside a cell.
        pub cell_spacing: f32 => px("cellSpacing"),
    }
}

impl TableConfig {
    /// The official default: 8 px.
    pub const ADAPTIVE_CARDS: Self = Self { cell_spacing: 8.0 };
}
