//! Text styles (`textStyles`) and fact sets (`factSet`): named sets of text properties.

use serde::Serializer;

use crate::enums::{Color as ColorName, FontSize, FontType, FontWeight};

section! {
    /// The text of a `TextBlock` with a `style`.
    #[derive(Copy, Eq, Hash)]
    pub struct TextStyles {
        /// `style: "heading"`.
        pub heading: TextStyleConfig => section("heading"),
        /// `style: "columnHeader"` (Adaptive Cards 1.6), and the cells of a table's header row.
        pub column_header: TextStyleConfig => section("columnHeader"),
    }
}

impl TextStyles {
    /// The official defaults: headings large and bolder, column headers bolder.
    pub const ADAPTIVE_CARDS: Self = Self {
        heading: TextStyleConfig {
            size: FontSize::Large,
            weight: FontWeight::Bolder,
            ..TextStyleConfig::PLAIN
        },
        column_header: TextStyleConfig {
            weight: FontWeight::Bolder,
            ..TextStyleConfig::PLAIN
        },
    };
}

section! {
    /// The properties a text style gives a `TextBlock`; the block's own properties win.
    #[derive(Copy, Eq, Hash)]
    pub struct TextStyleConfig {
        /// Size.
        pub size: FontSize => enumeration("size"),
        /// Weight.
        pub weight: FontWeight => font_weight("weight"),
        /// Colour name.
        pub color: ColorName => enumeration("color"),
        /// Whether the subtle colour is used.
        pub is_subtle: bool => bool("isSubtle"),
        /// Font type.
        pub font_type: FontType => enumeration("fontType"),
    }
}

impl TextStyleConfig {
    /// Plain text: every property `default`, not subtle.
    pub const PLAIN: Self = Self {
        size: FontSize::Default,
        weight: FontWeight::Default,
        color: ColorName::Default,
        is_subtle: false,
        font_type: FontType::Default,
    };
}

section! {
    /// `FactSet` elements.
    #[derive(Copy)]
    pub struct FactSetConfig {
        /// The titles (left column).
        pub title: TextConfig => section("title"),
        /// The values (right column).
        pub value: TextConfig => section("value"),
        /// The space between the title and value columns, in pixels.
        pub spacing: f32 => px("spacing"),
    }
}

impl FactSetConfig {
    /// The official defaults: bolder titles at most 150 px wide, plain values, 10 px apart.
    pub const ADAPTIVE_CARDS: Self = Self {
        title: TextConfig {
            weight: FontWeight::Bolder,
            max_width: Some(150.0),
            ..TextConfig::PLAIN
        },
        value: TextConfig::PLAIN,
        spacing: 10.0,
    };
}

section! {
    /// The text of one column of a fact set.
    #[derive(Copy)]
    pub struct TextConfig {
        /// Size.
        pub size: FontSize => enumeration("size"),
        /// Weight.
        pub weight: FontWeight => font_weight("weight"),
        /// Colour name.
        pub color: ColorName => enumeration("color"),
        /// Whether the subtle colour is used.
        pub is_subtle: bool => bool("isSubtle"),
        /// Whether long text wraps (otherwise it is cut with an ellipsis).
        pub wrap: bool => bool("wrap"),
        /// The widest the column may be, in pixels; `None` for no limit (`0` in the JSON).
        #[serde(serialize_with = "max_width_or_zero")]
        pub max_width: Option<f32> => optional_px("maxWidth"),
        /// Font type.
        pub font_type: FontType => enumeration("fontType"),
    }
}

impl TextConfig {
    /// Plain wrapping text: every property `default`, not subtle, no width limit.
    pub const PLAIN: Self = Self {
        size: FontSize::Default,
        weight: FontWeight::Default,
        color: ColorName::Default,
        is_subtle: false,
        wrap: true,
        max_width: None,
        font_type: FontType::Default,
    };
}

/// Writes no limit as `0`, the schema's spelling, so that it reads back as no limit rather
/// than as the default limit.
#[expect(
    clippy::ref_option,
    clippy::trivially_copy_pass_by_ref,
    reason = "serde's serialize_with passes a reference to the field"
)]
fn max_width_or_zero<S: Serializer>(
    max_width: &Option<f32>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.serialize_f32(max_width.unwrap_or(0.0))
}
