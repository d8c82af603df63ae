//! Text styles (`textStyles`) and fact sets (`factSet`): named sets of text properties.

use serde::{Serialize, Serializer};

use super::reader::{Object, Reader};
use crate::enums::{Color as ColorName, FontSize, FontType, FontWeight};

/// The text of a `TextBlock` with a `style`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TextStyles {
    /// `style: "heading"`.
    pub heading: TextStyleConfig,
    /// `style: "columnHeader"` (Adaptive Cards 1.6), and the cells of a table's header row.
    pub column_header: TextStyleConfig,
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

    pub(super) fn read(&mut self, r: &mut Reader, obj: &Object) {
        r.object(obj, "heading", |r, o| self.heading.read(r, o));
        r.object(obj, "columnHeader", |r, o| self.column_header.read(r, o));
    }
}

/// The properties a text style gives a `TextBlock`; the block's own properties win.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TextStyleConfig {
    /// Size.
    pub size: FontSize,
    /// Weight.
    pub weight: FontWeight,
    /// Colour name.
    pub color: ColorName,
    /// Whether the subtle colour is used.
    pub is_subtle: bool,
    /// Font type.
    pub font_type: FontType,
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

    fn read(&mut self, r: &mut Reader, obj: &Object) {
        r.enumeration(obj, "size", &mut self.size);
        r.font_weight(obj, "weight", &mut self.weight);
        r.enumeration(obj, "color", &mut self.color);
        r.bool(obj, "isSubtle", &mut self.is_subtle);
        r.enumeration(obj, "fontType", &mut self.font_type);
    }
}

/// `FactSet` elements.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FactSetConfig {
    /// The titles (left column).
    pub title: TextConfig,
    /// The values (right column).
    pub value: TextConfig,
    /// The space between the title and value columns, in pixels.
    pub spacing: f32,
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

    pub(super) fn read(&mut self, r: &mut Reader, obj: &Object) {
        r.object(obj, "title", |r, o| self.title.read(r, o));
        r.object(obj, "value", |r, o| self.value.read(r, o));
        r.px(obj, "spacing", &mut self.spacing);
    }
}

/// The text of one column of a fact set.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TextConfig {
    /// Size.
    pub size: FontSize,
    /// Weight.
    pub weight: FontWeight,
    /// Colour name.
    pub color: ColorName,
    /// Whether the subtle colour is used.
    pub is_subtle: bool,
    /// Whether long text wraps (otherwise it is cut with an ellipsis).
    pub wrap: bool,
    /// The widest the column may be, in pixels; `None` for no limit (`0` in the JSON).
    #[serde(serialize_with = "max_width_or_zero")]
    pub max_width: Option<f32>,
    /// Font type.
    pub font_type: FontType,
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

    fn read(&mut self, r: &mut Reader, obj: &Object) {
        r.enumeration(obj, "size", &mut self.size);
        r.font_weight(obj, "weight", &mut self.weight);
        r.enumeration(obj, "color", &mut self.color);
        r.bool(obj, "isSubtle", &mut self.is_subtle);
        r.bool(obj, "wrap", &mut self.wrap);
        r.optional_px(obj, "maxWidth", &mut self.max_width);
        r.enumeration(obj, "fontType", &mut self.font_type);
    }
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
