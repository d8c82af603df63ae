//! Carousels (Adaptive Cards 1.6).

use schemars::JsonSchema;
use serde::Serialize;

use super::{BoxProps, Element, ElementCommon, Px};
use crate::enums::CarouselOrientation;

/// Pages shown one at a time, with navigation between them.
#[derive(Debug, Clone, Default, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Carousel {
    /// The pages.
    #[serde(default)]
    pub pages: Vec<CarouselPage>,
    /// Milliseconds before moving to the next page on its own.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timer: Option<u32>,
    /// The page shown first (0-based).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub initial_page: Option<u32>,
    /// Whether the last page leads back to the first.
    #[serde(rename = "loop", skip_serializing_if = "Option::is_none")]
    pub loops: Option<bool>,
    /// The direction pages move in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub orientation: Option<CarouselOrientation>,
    /// A fixed height for every page.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub height_in_pixels: Option<Px>,
    /// Right-to-left layout.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rtl: Option<bool>,
    /// Properties of every element.
    #[serde(flatten)]
    pub common: ElementCommon,
}

/// One page of a carousel: a container.
#[derive(Debug, Clone, Default, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CarouselPage {
    /// The elements, top to bottom.
    #[serde(default)]
    pub items: Vec<Element>,
    /// The box's action, style, alignment, background, height and direction.
    #[serde(flatten)]
    pub box_props: BoxProps,
    /// Properties of every element.
    #[serde(flatten)]
    pub common: ElementCommon,
}
