//! Image sizes (`imageSizes`) and image sets (`imageSet`).

use crate::enums::ImageSize;

section! {
    /// What each image size name means: the width in pixels (the height follows the aspect
    /// ratio).
    #[derive(Copy)]
    pub struct ImageSizes {
        /// `small`.
        pub small: f32 => positive_px("small"),
        /// `medium`.
        pub medium: f32 => positive_px("medium"),
        /// `large`.
        pub large: f32 => positive_px("large"),
    }
}

impl ImageSizes {
    /// The official defaults: 40, 80, 160.
    pub const ADAPTIVE_CARDS: Self = Self {
        small: 40.0,
        medium: 80.0,
        large: 160.0,
    };

    /// The width in pixels of a size name; `None` for `auto` and `stretch`, whose width
    /// comes from the image and the container.
    pub fn get(&self, size: ImageSize) -> Option<f32> {
        match size {
            ImageSize::Small => Some(self.small),
            ImageSize::Medium => Some(self.medium),
            ImageSize::Large => Some(self.large),
            ImageSize::Auto | ImageSize::Stretch => None,
        }
    }
}

section! {
    /// `ImageSet` elements.
    #[derive(Copy)]
    pub struct ImageSetConfig {
        /// The size of the images when the set does not say.
        pub image_size: ImageSize => enumeration("imageSize"),
        /// The tallest an image of the set may be, in pixels.
        pub max_image_height: f32 => positive_px("maxImageHeight"),
    }
}

impl ImageSetConfig {
    /// The official defaults: medium images, at most 100 px tall.
    pub const ADAPTIVE_CARDS: Self = Self {
        image_size: ImageSize::Medium,
        max_image_height: 100.0,
    };
}
