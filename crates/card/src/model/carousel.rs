//! Carousels (Adaptive Cards 1.6).

use super::{BoxProps, Element, Px};
use crate::enums::CarouselOrientation;

element! {
    /// Pages shown one at a time, with navigation between them.
    pub struct Carousel {
        /// The pages.
        #[serde(default)]
        pub pages: Vec<CarouselPage>,
        /// Milliseconds before moving to the next page on its own.
        pub timer: Option<u32>,
        /// The page shown first (0-based).
        pub initial_page: Option<u32>,
        /// Whether the last page leads back to the first.
        #[serde(rename = "loop")]
        pub loops: Option<bool>,
        /// The direction pages move in.
        pub orientation: Option<CarouselOrientation>,
        /// A fixed height for every page.
        pub height_in_pixels: Option<Px>,
        /// Right-to-left layout.
        pub rtl: Option<bool>,
    }
}

element! {
    /// One page of a carousel: a container.
    pub struct CarouselPage {
        /// The elements, top to bottom.
        #[serde(default)]
        pub items: Vec<Element>,
        /// The box's action, style, alignment, background, height and direction.
        #[serde(flatten)]
        pub box_props: BoxProps,
    }
}
