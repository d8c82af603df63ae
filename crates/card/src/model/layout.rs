//! Containers, columns, fact sets and action sets.

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Map, Value};

use super::{Action, BoxProps, ColumnWidth, Element, ElementCommon, Px};
use crate::enums::{ContainerStyle, HorizontalAlignment};

/// A group of elements, with an optional style and background.
#[derive(Debug, Clone, Default, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Container {
    /// The elements, top to bottom.
    #[serde(default)]
    pub items: Vec<Element>,
    /// The box's action, style, alignment, background, height and direction.
    #[serde(flatten)]
    pub box_props: BoxProps,
    /// Whether the style's background reaches the parent's edges.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bleed: Option<bool>,
    /// Properties of every element.
    #[serde(flatten)]
    pub common: ElementCommon,
}

/// Columns side by side.
#[derive(Debug, Clone, Default, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ColumnSet {
    /// The columns, in reading order.
    pub columns: Vec<Column>,
    /// What clicking the set does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub select_action: Option<Box<Action>>,
    /// The style (background colour).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub style: Option<ContainerStyle>,
    /// Whether the style's background reaches the parent's edges.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bleed: Option<bool>,
    /// The minimum height.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_height: Option<Px>,
    /// Horizontal position of the columns when they do not fill the width.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub horizontal_alignment: Option<HorizontalAlignment>,
    /// Properties of every element.
    #[serde(flatten)]
    pub common: ElementCommon,
}

/// One column of a [`ColumnSet`].
#[derive(Debug, Clone, Default, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Column {
    /// The elements, top to bottom.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub items: Vec<Element>,
    /// The width; hosts treat a missing width as `stretch`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub width: Option<ColumnWidth>,
    /// The box's action, style, alignment, background, height and direction.
    #[serde(flatten)]
    pub box_props: BoxProps,
    /// Horizontal position of the items.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub horizontal_alignment: Option<HorizontalAlignment>,
    /// Whether the style's background reaches the parent's edges.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bleed: Option<bool>,
    /// Properties of every element; a column's `fallback` is a column.
    #[serde(flatten)]
    pub common: ElementCommon<Column>,
}

/// Title–value pairs in two aligned columns.
#[derive(Debug, Clone, Default, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct FactSet {
    /// The pairs.
    pub facts: Vec<Fact>,
    /// Properties of every element.
    #[serde(flatten)]
    pub common: ElementCommon,
}

/// One title–value pair.
#[derive(Debug, Clone, Default, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Fact {
    /// The title.
    pub title: String,
    /// The value.
    pub value: String,
    /// Properties this model does not know, kept as they were.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// A row of buttons inside the body.
#[derive(Debug, Clone, Default, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ActionSet {
    /// The actions.
    pub actions: Vec<Action>,
    /// Horizontal position of the buttons.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub horizontal_alignment: Option<HorizontalAlignment>,
    /// Properties of every element.
    #[serde(flatten)]
    pub common: ElementCommon,
}
