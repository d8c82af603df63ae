//! Images and media.

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Map, Value};

use super::{Action, Dimension, ElementCommon};
use crate::enums::{HorizontalAlignment, ImageSize, ImageStyle};

/// An image.
#[derive(Debug, Clone, Default, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Image {
    /// The image: `https`, `http` or a `data:` URI.
    pub url: String,
    /// What the image shows, for screen readers and while it loads.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alt_text: Option<String>,
    /// A colour behind transparent images (`#RRGGBB` or `#AARRGGBB`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub background_color: Option<String>,
    /// Horizontal position within the container.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub horizontal_alignment: Option<HorizontalAlignment>,
    /// What clicking the image does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub select_action: Option<Box<Action>>,
    /// The approximate size.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size: Option<ImageSize>,
    /// How the image is drawn.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub style: Option<ImageStyle>,
    /// An exact width, which overrides `size`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub width: Option<Dimension>,
    /// An exact height, which overrides `size`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub height: Option<Dimension>,
    /// Load the image even when it is not visible.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub force_load: Option<bool>,
    /// Properties of every element.
    #[serde(flatten)]
    pub common: ElementCommon,
}

/// A row of images, all of one size.
#[derive(Debug, Clone, Default, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImageSet {
    /// The images.
    pub images: Vec<Image>,
    /// The size of every image.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub image_size: Option<ImageSize>,
    /// Properties of every element.
    #[serde(flatten)]
    pub common: ElementCommon,
}

/// A video or audio clip. Hosts without playback show the poster and a link.
#[derive(Debug, Clone, Default, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Media {
    /// The clip in one or more formats.
    pub sources: Vec<MediaSource>,
    /// An image shown before playback.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub poster: Option<String>,
    /// What the clip shows, for screen readers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alt_text: Option<String>,
    /// Captions.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub caption_sources: Vec<CaptionSource>,
    /// Properties of every element.
    #[serde(flatten)]
    pub common: ElementCommon,
}

/// One format of a media clip.
#[derive(Debug, Clone, Default, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct MediaSource {
    /// Where the clip is.
    pub url: String,
    /// Its mime type (`video/mp4`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mime_type: Option<String>,
    /// Properties this model does not know, kept as they were.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// Captions for a media clip.
#[derive(Debug, Clone, Default, PartialEq, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CaptionSource {
    /// Where the captions are.
    pub url: String,
    /// Their mime type (`vtt`).
    pub mime_type: String,
    /// Their label (the language, say).
    pub label: String,
    /// Properties this model does not know, kept as they were.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}
