//! Text elements.

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Map, Value};

use super::{Action, ElementCommon};
use crate::enums::{Color, FontSize, FontType, FontWeight, HorizontalAlignment, TextBlockStyle};

/// A block of text. `text` may use a markdown subset: `**bold**`, `_italic_`, `[links](url)`,
/// bullet (`- `) and numbered (`1. `) lists.
#[derive(Debug, Clone, Default, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TextBlock {
    /// The text.
    pub text: String,
    /// The colour.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub color: Option<Color>,
    /// The font family.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub font_type: Option<FontType>,
    /// Horizontal position within the container.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub horizontal_alignment: Option<HorizontalAlignment>,
    /// Whether the text is toned down.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub is_subtle: Option<bool>,
    /// The most lines shown when wrapping.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_lines: Option<u32>,
    /// The size.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size: Option<FontSize>,
    /// The weight.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub weight: Option<FontWeight>,
    /// Whether long text wraps (default: cut off).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wrap: Option<bool>,
    /// The role of the text (a heading, say).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub style: Option<TextBlockStyle>,
    /// Properties of every element.
    #[serde(flatten)]
    pub common: ElementCommon,
}

/// Text made of runs, each formatted on its own.
#[derive(Debug, Clone, Default, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RichTextBlock {
    /// The runs, in order.
    #[schemars(schema_with = "super::common::inlines_schema")]
    pub inlines: Vec<Inline>,
    /// Horizontal position within the container.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub horizontal_alignment: Option<HorizontalAlignment>,
    /// Properties of every element.
    #[serde(flatten)]
    pub common: ElementCommon,
}

/// One piece of a [`RichTextBlock`]. Cards may write a plain string; it is read as a
/// [`TextRun`] with only its text.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(tag = "type")]
pub enum Inline {
    /// A run of text.
    TextRun(TextRun),
}

/// A run of text with its own formatting. No markdown.
#[derive(Debug, Clone, Default, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TextRun {
    /// The text.
    pub text: String,
    /// The colour.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub color: Option<Color>,
    /// The font family.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub font_type: Option<FontType>,
    /// Whether the run is highlighted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub highlight: Option<bool>,
    /// Whether the run is toned down.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub is_subtle: Option<bool>,
    /// Italic.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub italic: Option<bool>,
    /// What clicking the run does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub select_action: Option<Box<Action>>,
    /// The size.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size: Option<FontSize>,
    /// Struck through.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub strikethrough: Option<bool>,
    /// Underlined.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub underline: Option<bool>,
    /// The weight.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub weight: Option<FontWeight>,
    /// Properties this model does not know, kept as they were.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}
