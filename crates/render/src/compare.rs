//! Comparing a rendered image with a baseline, with `egui_kittest`'s semantics (both use
//! [`dify`]): a pixel fails when its weighted squared YIQ distance exceeds the threshold and
//! it is not an anti-aliasing difference; the images match when at most
//! `max_failed_pixels` pixels fail and they have the same size.

use image::{Rgba, RgbaImage};

/// How strict a comparison is. The defaults are `egui_kittest`'s.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CompareOptions {
    /// The largest per-pixel difference that still counts as equal: the weighted squared
    /// distance in YIQ colour space (0 is exact; the default 0.6 forgives the 1/255 rounding
    /// differences between software and hardware rasterisers).
    pub threshold: f32,
    /// How many pixels may fail the threshold before the images differ (default 0).
    pub max_failed_pixels: usize,
}

impl Default for CompareOptions {
    /// Threshold 0.6, no failing pixel allowed.
    fn default() -> Self {
        Self {
            threshold: 0.6,
            max_failed_pixels: 0,
        }
    }
}

/// The result of comparing two images.
#[derive(Debug, Clone, PartialEq)]
pub struct Comparison {
    /// Whether the images match: same size, and at most `max_failed_pixels` failing pixels.
    pub passed: bool,
    /// How many pixels differ by more than the threshold. When the sizes differ, the images
    /// are compared on a canvas as large as both (transparent where an image has no pixel),
    /// so this also counts the pixels only one of them has.
    pub failed_pixels: usize,
    /// When any pixel fails: the expected image faded to grey, with failing pixels in red and
    /// differences forgiven as anti-aliasing in yellow.
    pub diff: Option<RgbaImage>,
    /// Whether the images have different sizes (they never match then).
    pub size_mismatch: bool,
}

/// How much of the expected image shows under the marked pixels of a diff.
const DIFF_BACKGROUND_ALPHA: f32 = 0.25;

/// Compares `actual` with the baseline `expected`.
pub fn compare(expected: &RgbaImage, actual: &RgbaImage, options: &CompareOptions) -> Comparison {
    let size_mismatch = expected.dimensions() != actual.dimensions();
    if !size_mismatch && expected.as_raw() == actual.as_raw() {
        return Comparison {
            passed: true,
            failed_pixels: 0,
            diff: None,
            size_mismatch: false,
        };
    }
    let (left, right) = if size_mismatch {
        let width = expected.width().max(actual.width());
        let height = expected.height().max(actual.height());
        (pad(expected, width, height), pad(actual, width, height))
    } else {
        (expected.clone(), actual.clone())
    };
    let (failed_pixels, diff) = match dify::diff::get_results(
        left,
        right,
        options.threshold,
        true,
        Some(DIFF_BACKGROUND_ALPHA),
        &None,
        &None,
    ) {
        Some((failed, image)) => {
            let failed = usize::try_from(failed).unwrap_or(0);
            (failed, (failed > 0).then_some(image))
        }
        None => (0, None),
    };
    Comparison {
        passed: !size_mismatch && failed_pixels <= options.max_failed_pixels,
        failed_pixels,
        diff,
        size_mismatch,
    }
}

/// `image` on a transparent canvas of `width × height` (at the top left).
fn pad(image: &RgbaImage, width: u32, height: u32) -> RgbaImage {
    let mut canvas = RgbaImage::from_pixel(width, height, Rgba([0, 0, 0, 0]));
    image::imageops::replace(&mut canvas, image, 0, 0);
    canvas
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing, reason = "tests")]

    use super::*;

    fn square(color: [u8; 4]) -> RgbaImage {
        RgbaImage::from_pixel(8, 8, Rgba(color))
    }

    #[test]
    fn identical_images_pass_without_a_diff() {
        let a = square([10, 20, 30, 255]);
        let c = compare(&a, &a.clone(), &CompareOptions::default());
        assert!(c.passed);
        assert_eq!(
            (c.failed_pixels, c.diff.is_none(), c.size_mismatch),
            (0, true, false)
        );
    }

    #[test]
    fn a_one_step_rounding_difference_is_below_the_default_threshold() {
        let c = compare(
            &square([100, 100, 100, 255]),
            &square([101, 100, 100, 255]),
            &CompareOptions::default(),
        );
        assert!(c.passed);
        assert_eq!(c.failed_pixels, 0);
    }

    #[test]
    fn a_changed_pixel_fails_and_is_red_in_the_diff() {
        let a = square([255, 255, 255, 255]);
        let mut b = a.clone();
        b.put_pixel(3, 3, Rgba([0, 0, 0, 255]));
        let c = compare(&a, &b, &CompareOptions::default());
        assert!(!c.passed);
        assert_eq!(c.failed_pixels, 1);
        let diff = c.diff.unwrap();
        assert_eq!(diff.get_pixel(3, 3), &Rgba([255, 0, 0, 255]));
        let allowed = CompareOptions {
            max_failed_pixels: 1,
            ..CompareOptions::default()
        };
        assert!(compare(&a, &b, &allowed).passed);
    }

    #[test]
    fn different_sizes_never_match() {
        let a = square([255, 255, 255, 255]);
        let b = RgbaImage::from_pixel(8, 10, Rgba([255, 255, 255, 255]));
        let c = compare(&a, &b, &CompareOptions::default());
        assert!(c.size_mismatch);
        assert!(!c.passed);
        assert_eq!(c.failed_pixels, 16);
        assert_eq!(c.diff.unwrap().dimensions(), (8, 10));
    }
}
