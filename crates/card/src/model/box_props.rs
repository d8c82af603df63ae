//! The properties of a box that holds elements: the card, a container, a column, a table cell,
//! a carousel page.

use super::{Action, BackgroundImage, Px};
use crate::enums::{ContainerStyle, VerticalAlignment};

model_struct! {
    /// What every box of elements has, read and drawn the same wherever it appears: the card's
    /// root, [`super::Container`], [`super::Column`], [`super::TableCell`] and
    /// [`super::CarouselPage`]. `bleed` is not here: the card and a carousel page have none.
    #[derive(Default)]
    pub struct BoxProps {
        /// What clicking anywhere on the box does.
        pub select_action: Option<Box<Action>>,
        /// The style (background colour).
        pub style: Option<ContainerStyle>,
        /// Vertical position of the content when the box is taller than it.
        pub vertical_content_alignment: Option<VerticalAlignment>,
        /// An image behind the content.
        #[serde(default)]
        #[schemars(schema_with = "super::common::background_image_schema")]
        pub background_image: Option<BackgroundImage>,
        /// The minimum height.
        pub min_height: Option<Px>,
        /// Right-to-left layout.
        pub rtl: Option<bool>,
    }
}
