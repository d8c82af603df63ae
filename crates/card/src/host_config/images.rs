//! Image sizes (`imageSizes`) and image sets (`imageSet`).

use serde::Serialize;

use super::reader::{Object, Reader};
use crate::enums::ImageSize;

/// What each image size name means: the width in pixels (the height follows the aspect
/// ratio).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ImageSizes {
    /// `small`.
    pub small: f32,
    /// `medium`.
    pub medium: f32,
    /// `large`.
    pub large: f32,
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

    pub(super) fn read(&mut self, r: &mut Reader, obj: &Object) {
        r.positive_px(obj, "small", &mut self.small);
        r.positive_px(obj, "medium", &mut self.medium);
        r.positive_px(obj, "large", &mut self.large);
    }
}

/// `ImageSet` elements.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ImageSetConfig {
    /// The size of the images when the set does not say.
    pub image_size: ImageSize,
    /// The tallest an image of the set may be, in pixels.
    pub max_image_height: f32,
}

impl ImageSetConfig {
    /// The official defaults: medium images, at most 100 px tall.
    pub const ADAPTIVE_CARDS: Self = Self {
        image_size: ImageSize::Medium,
        max_image_height: 100.0,
    };

    pub(super) fn read(&mut self, r: &mut Reader, obj: &Object) {
        r.enumeration(obj, "imageSize", &mut self.image_size);
        r.positive_px(obj, "maxImageHeight", &mut self.max_image_height);
    }
}
