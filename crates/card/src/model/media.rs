//! Images and media.

use super::{Action, Dimension};
use crate::enums::{HorizontalAlignment, ImageSize, ImageStyle};
use compact_str::CompactString;

element! {
    /// An image.
    pub struct Image {
        /// The image: `https`, `http` or a `data:` URI.
        pub url: CompactString,
        /// What the image shows, for screen readers and while it loads.
        pub alt_text: Option<CompactString>,
        /// A colour behind transparent images (`#RRGGBB` or `#AARRGGBB`).
        pub background_color: Option<CompactString>,
        /// Horizontal position within the container.
        pub horizontal_alignment: Option<HorizontalAlignment>,
        /// What clicking the image does.
        pub select_action: Option<Box<Action>>,
        /// The approximate size.
        pub size: Option<ImageSize>,
        /// How the image is drawn.
        pub style: Option<ImageStyle>,
        /// An exact width, which overrides `size`.
        pub width: Option<Dimension>,
        /// An exact height, which overrides `size`.
        pub height: Option<Dimension>,
        /// Load the image even when it is not visible.
        pub force_load: Option<bool>,
    }
}

element! {
    /// A row of images, all of one size.
    pub struct ImageSet {
        /// The images.
        pub images: Vec<Image>,
        /// The size of every image.
        pub image_size: Option<ImageSize>,
    }
}

element! {
    /// A video or audio clip. Hosts without playback show the poster and a link.
    pub struct Media {
        /// The clip in one or more formats.
        pub sources: Vec<MediaSource>,
        /// An image shown before playback.
        pub poster: Option<CompactString>,
        /// What the clip shows, for screen readers.
        pub alt_text: Option<CompactString>,
        /// Captions.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub caption_sources: Vec<CaptionSource>,
    }
}

model_struct! {
    /// One format of a media clip.
    #[derive(Default)]
    pub struct MediaSource {
        /// Where the clip is.
        pub url: CompactString,
        /// Its mime type (`video/mp4`).
        pub mime_type: Option<CompactString>,
    }
    extra;
}

model_struct! {
    /// Captions for a media clip.
    #[derive(Default)]
    pub struct CaptionSource {
        /// Where the captions are.
        pub url: CompactString,
        /// Their mime type (`vtt`).
        pub mime_type: CompactString,
        /// Their label (the language, say).
        pub label: CompactString,
    }
    extra;
}
