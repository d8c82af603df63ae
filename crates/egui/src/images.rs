//! Images from `data:` URIs, decoded in-process. `http(s)` images are the embedder's business:
//! it installs whatever loader its policy allows (allowed domains, a cache); without one, a
//! card shows the alt text where an image would be. Nothing here does I/O.

use std::collections::HashMap;
use std::io::Cursor;
use std::sync::{Arc, Mutex};

use base64::Engine as _;
use egui::load::{ImageLoadResult, ImageLoader, ImagePoll, LoadError, SizeHint};
use egui::{ColorImage, Context};

/// The largest image decoded, in pixels per side: a card's images are small, and a decoder
/// must not be talked into allocating gigabytes.
const MAX_SIDE: u32 = 4096;

/// Decodes `data:` URI images (PNG, JPEG, GIF, WebP).
#[derive(Default)]
pub struct DataUriLoader {
    cache: Mutex<HashMap<String, Result<Arc<ColorImage>, String>>>,
}

impl DataUriLoader {
    /// The loader's id.
    pub const ID: &'static str = concat!(module_path!(), "::DataUriLoader");
}

/// Installs the loaders a card view needs (once per context; calling again does nothing).
pub fn install_image_loaders(ctx: &Context) {
    if !ctx.is_loader_installed(DataUriLoader::ID) {
        ctx.add_image_loader(Arc::new(DataUriLoader::default()));
    }
}

/// Decodes the payload of a `data:` URI.
pub fn decode_data_uri(uri: &str) -> Result<ColorImage, String> {
    let rest = uri
        .strip_prefix("data:")
        .ok_or_else(|| "not a data: URI".to_owned())?;
    let (meta, payload) = rest
        .split_once(',')
        .ok_or_else(|| "a data: URI needs a comma before its payload".to_owned())?;
    let bytes = if meta.ends_with(";base64") {
        let cleaned: String = payload
            .chars()
            .filter(|c| !c.is_ascii_whitespace())
            .collect();
        base64::engine::general_purpose::STANDARD
            .decode(cleaned.as_bytes())
            .map_err(|e| format!("bad base64: {e}"))?
    } else {
        payload.as_bytes().to_vec()
    };
    let mut reader = image::ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|e| e.to_string())?;
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(u64::from(MAX_SIDE) * u64::from(MAX_SIDE) * 4);
    reader.limits(limits);
    let decoded = reader.decode().map_err(|e| e.to_string())?;
    let rgba = decoded.to_rgba8();
    let size = [rgba.width() as usize, rgba.height() as usize];
    Ok(ColorImage::from_rgba_unmultiplied(size, rgba.as_raw()))
}

impl ImageLoader for DataUriLoader {
    fn id(&self) -> &str {
        Self::ID
    }

    fn load(&self, _ctx: &Context, uri: &str, _size_hint: SizeHint) -> ImageLoadResult {
        if !uri.starts_with("data:") {
            return Err(LoadError::NotSupported);
        }
        let mut cache = self
            .cache
            .lock()
            .map_err(|_| LoadError::Loading("image cache poisoned".to_owned()))?;
        let result = cache
            .entry(uri.to_owned())
            .or_insert_with(|| decode_data_uri(uri).map(Arc::new));
        match result {
            Ok(image) => Ok(ImagePoll::Ready {
                image: image.clone(),
            }),
            Err(e) => Err(LoadError::Loading(e.clone())),
        }
    }

    fn forget(&self, uri: &str) {
        if let Ok(mut cache) = self.cache.lock() {
            cache.remove(uri);
        }
    }

    fn forget_all(&self) {
        if let Ok(mut cache) = self.cache.lock() {
            cache.clear();
        }
    }

    fn byte_size(&self) -> usize {
        self.cache.lock().map_or(0, |cache| {
            cache
                .values()
                .filter_map(|r| r.as_ref().ok())
                .map(|image| image.pixels.len() * 4)
                .sum()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 1×1 red PNG.
    const RED: &str = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC";

    #[test]
    fn decodes_png_data_uris() {
        let image = decode_data_uri(RED).unwrap();
        assert_eq!(image.size, [1, 1]);
        assert_eq!(image.pixels[0].r(), 255);
    }

    #[test]
    fn refuses_garbage() {
        assert!(decode_data_uri("data:image/png;base64,!!!").is_err());
        assert!(decode_data_uri("data:image/png;base64,aGVsbG8=").is_err());
        assert!(decode_data_uri("https://x/y.png").is_err());
        assert!(decode_data_uri("data:no-comma").is_err());
    }
}
