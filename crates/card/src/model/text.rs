//! Text elements.

use compact_str::CompactString;
use schemars::JsonSchema;
use serde::Serialize;

use super::Action;
use crate::enums::{Color, FontSize, FontType, FontWeight, HorizontalAlignment, TextBlockStyle};

element! {
    /// A block of text. `text` may use a markdown subset: `**bold**`, `_italic_`, `[links](url)`,
    /// bullet (`- `) and numbered (`1. `) lists.
    pub struct TextBlock {
        /// The text.
        pub text: CompactString,
        /// The colour.
        pub color: Option<Color>,
        /// The font family.
        pub font_type: Option<FontType>,
        /// Horizontal position within the container.
        pub horizontal_alignment: Option<HorizontalAlignment>,
        /// Whether the text is toned down.
        pub is_subtle: Option<bool>,
        /// The most lines shown when wrapping.
        pub max_lines: Option<u32>,
        /// The size.
        pub size: Option<FontSize>,
        /// The weight.
        pub weight: Option<FontWeight>,
        /// Whether long text wraps (default: cut off).
        pub wrap: Option<bool>,
        /// The role of the text (a heading, say).
        pub style: Option<TextBlockStyle>,
    }
}

element! {
    /// Text made of runs, each formatted on its own.
    pub struct RichTextBlock {
        /// The runs, in order.
        #[schemars(schema_with = "super::common::inlines_schema")]
        pub inlines: Vec<Inline>,
        /// Horizontal position within the container.
        pub horizontal_alignment: Option<HorizontalAlignment>,
    }
}

/// One piece of a [`RichTextBlock`]. Cards may write a plain string; it is read as a
/// [`TextRun`] with only its text.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(tag = "type")]
pub enum Inline {
    /// A run of text.
    TextRun(TextRun),
}

model_struct! {
    /// A run of text with its own formatting. No markdown.
    #[derive(Default)]
    pub struct TextRun {
        /// The text.
        pub text: CompactString,
        /// The colour.
        pub color: Option<Color>,
        /// The font family.
        pub font_type: Option<FontType>,
        /// Whether the run is highlighted.
        pub highlight: Option<bool>,
        /// Whether the run is toned down.
        pub is_subtle: Option<bool>,
        /// Italic.
        pub italic: Option<bool>,
        /// What clicking the run does.
        pub select_action: Option<Box<Action>>,
        /// The size.
        pub size: Option<FontSize>,
        /// Struck through.
        pub strikethrough: Option<bool>,
        /// Underlined.
        pub underline: Option<bool>,
        /// The weight.
        pub weight: Option<FontWeight>,
    }
    extra;
}
