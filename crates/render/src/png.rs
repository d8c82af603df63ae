//! Writing PNG files the same way everywhere: small (baselines are committed) and
//! byte-for-byte reproducible.

use std::io::BufWriter;
use std::path::Path;

use image::RgbaImage;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};

/// Writes `image` as a PNG file at `path` (whatever its extension), compressed with zlib's
/// default level rather than `image`'s fast default: card images come out about half the
/// size. The same image always gives the same bytes.
pub fn write_png(image: &RgbaImage, path: &Path) -> image::ImageResult<()> {
    let file = std::fs::File::create(path)?;
    let encoder = PngEncoder::new_with_quality(
        BufWriter::new(file),
        CompressionType::Default,
        FilterType::Adaptive,
    );
    image.write_with_encoder(encoder)
}
