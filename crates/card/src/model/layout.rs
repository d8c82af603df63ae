//! Containers, columns, fact sets and action sets.

use super::{Action, BoxProps, ColumnWidth, Element, ElementCommon, Px};
use crate::enums::{ContainerStyle, HorizontalAlignment};
use compact_str::CompactString;

element! {
    /// A group of elements, with an optional style and background.
    pub struct Container {
        /// The elements, top to bottom.
        #[serde(default)]
        pub items: Vec<Element>,
        /// The box's action, style, alignment, background, height and direction.
        #[serde(flatten)]
        pub box_props: BoxProps,
        /// Whether the style's background reaches the parent's edges.
        pub bleed: Option<bool>,
    }
}

element! {
    /// Columns side by side.
    pub struct ColumnSet {
        /// The columns, in reading order.
        pub columns: Vec<Column>,
        /// What clicking the set does.
        pub select_action: Option<Box<Action>>,
        /// The style (background colour).
        pub style: Option<ContainerStyle>,
        /// Whether the style's background reaches the parent's edges.
        pub bleed: Option<bool>,
        /// The minimum height.
        pub min_height: Option<Px>,
        /// Horizontal position of the columns when they do not fill the width.
        pub horizontal_alignment: Option<HorizontalAlignment>,
    }
}

model_struct! {
    /// One column of a [`ColumnSet`].
    #[derive(Default)]
    pub struct Column {
        /// The elements, top to bottom.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub items: Vec<Element>,
        /// The width; hosts treat a missing width as `stretch`.
        pub width: Option<ColumnWidth>,
        /// The box's action, style, alignment, background, height and direction.
        #[serde(flatten)]
        pub box_props: BoxProps,
        /// Horizontal position of the items.
        pub horizontal_alignment: Option<HorizontalAlignment>,
        /// Whether the style's background reaches the parent's edges.
        pub bleed: Option<bool>,
        /// Properties of every element; a column's `fallback` is a column.
        #[serde(flatten)]
        pub common: ElementCommon<Column>,
    }
}

element! {
    /// Title–value pairs in two aligned columns.
    pub struct FactSet {
        /// The pairs.
        pub facts: Vec<Fact>,
    }
}

model_struct! {
    /// One title–value pair.
    #[derive(Default)]
    pub struct Fact {
        /// The title.
        pub title: CompactString,
        /// The value.
        pub value: CompactString,
    }
    extra;
}

element! {
    /// A row of buttons inside the body.
    pub struct ActionSet {
        /// The actions.
        pub actions: Vec<Action>,
        /// Horizontal position of the buttons.
        pub horizontal_alignment: Option<HorizontalAlignment>,
    }
}
