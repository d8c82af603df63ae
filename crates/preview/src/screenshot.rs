//! `--screenshot OUT.png [--frames N]`: after N frames, take a screenshot of the window, save
//! it as PNG, and close the window. Used by tests and for documentation images.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, mpsc};

use eframe::egui::{ColorImage, Context, ScreenshotCallback, ViewportCommand};

/// What became of the screenshot, read once the window has closed.
pub type Outcome = Arc<Mutex<Option<Result<(), String>>>>;

/// A screenshot on its way: counting frames, then waiting for the pixels.
pub struct Screenshot {
    path: PathBuf,
    frames: u32,
    seen: u32,
    requested: bool,
    pixels: mpsc::Receiver<Arc<ColorImage>>,
    send: mpsc::Sender<Arc<ColorImage>>,
    outcome: Outcome,
}

impl Screenshot {
    /// Takes a screenshot into `path` after `frames` frames and reports into `outcome`.
    pub fn new(path: PathBuf, frames: u32, outcome: Outcome) -> Self {
        let (send, pixels) = mpsc::channel();
        Self {
            path,
            frames,
            seen: 0,
            requested: false,
            pixels,
            send,
            outcome,
        }
    }

    /// Called once per frame: keeps frames coming, asks for the pixels when it is time, and
    /// saves them and closes the window once they arrive.
    pub fn frame(&mut self, ctx: &Context) {
        ctx.request_repaint();
        self.seen = self.seen.saturating_add(1);
        if !self.requested && self.seen >= self.frames {
            self.requested = true;
            let send = self.send.clone();
            let wake = ctx.clone();
            ctx.send_viewport_cmd(ViewportCommand::Screenshot(ScreenshotCallback::new(
                move |image| {
                    let _ = send.send(image);
                    wake.request_repaint();
                },
            )));
        }
        if let Ok(image) = self.pixels.try_recv() {
            let result = save_png(&image, &self.path);
            if let Ok(mut outcome) = self.outcome.lock() {
                *outcome = Some(result);
            }
            ctx.send_viewport_cmd(ViewportCommand::Close);
        }
    }
}

/// Saves the pixels as an RGB PNG (a window has no transparency worth keeping).
pub fn save_png(image: &ColorImage, path: &Path) -> Result<(), String> {
    let [width, height] = image.size;
    let rgb: Vec<u8> = image
        .pixels
        .iter()
        .flat_map(|c| {
            let [r, g, b, _] = c.to_srgba_unmultiplied();
            [r, g, b]
        })
        .collect();
    let width = u32::try_from(width).map_err(|e| e.to_string())?;
    let height = u32::try_from(height).map_err(|e| e.to_string())?;
    let buffer = image::RgbImage::from_raw(width, height, rgb)
        .ok_or_else(|| "the screenshot has the wrong number of pixels".to_owned())?;
    buffer
        .save_with_format(path, image::ImageFormat::Png)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use eframe::egui::Color32;

    #[test]
    fn saves_a_png_that_reads_back() {
        let mut image = ColorImage::filled([3, 2], Color32::from_rgb(10, 20, 30));
        image.pixels[5] = Color32::WHITE;
        let path = std::env::temp_dir().join(format!("mcpapp-shot-{}.png", std::process::id()));
        save_png(&image, &path).unwrap();
        let back = image::open(&path).unwrap().to_rgb8();
        assert_eq!(back.dimensions(), (3, 2));
        assert_eq!(back.get_pixel(0, 0).0, [10, 20, 30]);
        assert_eq!(back.get_pixel(2, 1).0, [255, 255, 255]);
        let _ = std::fs::remove_file(path);
    }
}
