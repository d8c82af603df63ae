//! One case of a snapshot check: a card or surface rendered in one variant and compared with
//! its baseline, the rendering and the differences written beside it when they differ.

use std::path::{Path, PathBuf};

use image::RgbaImage;

use crate::compare::{CompareOptions, compare};
use crate::png::write_png;
use crate::render::{RenderError, RenderOptions};
use crate::snapshot_report::{Outcome, Variant};

/// The files of one case: its baseline, and the rendering and differences written when it
/// does not match.
struct CaseFiles {
    baseline: PathBuf,
    new: PathBuf,
    diff: PathBuf,
}

impl CaseFiles {
    /// The files of the case whose baseline is `stem` + `.png`.
    fn new(stem: &Path) -> Self {
        let with_suffix = |suffix: &str| {
            let mut name = stem.as_os_str().to_owned();
            name.push(suffix);
            PathBuf::from(name)
        };
        Self {
            baseline: with_suffix(".png"),
            new: with_suffix(".new.png"),
            diff: with_suffix(".diff.png"),
        }
    }

    /// Writes `image` as the baseline (update mode).
    fn accept(&self, image: &RgbaImage) -> Outcome {
        match write(&self.baseline, image) {
            Ok(()) => Outcome::Updated {
                baseline: self.baseline.clone(),
            },
            Err(error) => Outcome::Failed { error },
        }
    }
}

/// Checks one rendering, drawn by `render` with the variant's options; `stem` is the
/// baseline's path without `.png`.
pub(crate) fn check_variant(
    render: impl FnOnce(&RenderOptions) -> Result<RgbaImage, RenderError>,
    stem: &Path,
    variant: Variant,
    compare_options: &CompareOptions,
    update: bool,
) -> Outcome {
    let files = CaseFiles::new(stem);
    // Stale results of an earlier run would mislead.
    let _ = std::fs::remove_file(&files.new);
    let _ = std::fs::remove_file(&files.diff);
    let options = RenderOptions {
        width: logical(variant.width),
        host_config: variant.theme.host_config(),
        ..RenderOptions::default()
    };
    let image = match render(&options) {
        Ok(image) => image,
        Err(e) => {
            return Outcome::Failed {
                error: e.to_string(),
            };
        }
    };
    let expected = match image::open(&files.baseline) {
        Ok(expected) => expected.to_rgba8(),
        Err(_) if update => return files.accept(&image),
        Err(image::ImageError::IoError(e)) if e.kind() == std::io::ErrorKind::NotFound => {
            return match write(&files.new, &image) {
                Ok(()) => Outcome::Missing { new: files.new },
                Err(error) => Outcome::Failed { error },
            };
        }
        Err(e) => {
            return Outcome::Failed {
                error: format!("cannot read the baseline {}: {e}", files.baseline.display()),
            };
        }
    };
    against_baseline(&expected, &image, files, compare_options, update)
}

/// Compares a rendering with its baseline: a mismatch writes the rendering and the
/// differences beside it, or, in update mode, the rendering as the baseline.
fn against_baseline(
    expected: &RgbaImage,
    image: &RgbaImage,
    files: CaseFiles,
    compare_options: &CompareOptions,
    update: bool,
) -> Outcome {
    let comparison = compare(expected, image, compare_options);
    if comparison.passed {
        return Outcome::Ok;
    }
    if update {
        return files.accept(image);
    }
    if let Err(error) = write(&files.new, image) {
        return Outcome::Failed { error };
    }
    let diff = match &comparison.diff {
        Some(diff_image) => match write(&files.diff, diff_image) {
            Ok(()) => Some(files.diff),
            Err(error) => return Outcome::Failed { error },
        },
        None => None,
    };
    Outcome::Mismatch {
        failed_pixels: comparison.failed_pixels,
        expected_size: expected.dimensions(),
        actual_size: image.dimensions(),
        new: files.new,
        diff,
    }
}

/// Writes an image, creating its folder first.
fn write(path: &Path, image: &RgbaImage) -> Result<(), String> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)
            .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
    }
    write_png(image, path).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// A width in logical pixels as egui's `f32` (exact below 2^24; larger widths are refused by
/// the renderer anyway).
#[expect(
    clippy::cast_precision_loss,
    reason = "exact for any width the renderer accepts"
)]
fn logical(width: u32) -> f32 {
    width as f32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_case_has_its_baseline_and_its_results_beside_it() {
        let files = CaseFiles::new(Path::new("snaps/card.light.400"));
        assert_eq!(files.baseline, Path::new("snaps/card.light.400.png"));
        assert_eq!(files.new, Path::new("snaps/card.light.400.new.png"));
        assert_eq!(files.diff, Path::new("snaps/card.light.400.diff.png"));
    }

    #[test]
    fn a_rendering_that_fails_is_the_cases_failure() {
        let stem = std::env::temp_dir().join(format!("mcpapp-variant-{}", std::process::id()));
        let outcome = check_variant(
            |_| Err(RenderError::Render("no".to_owned())),
            &stem,
            Variant {
                theme: mcpapp_card::host_config::Preset::Light,
                width: 400,
            },
            &CompareOptions::default(),
            false,
        );
        assert_eq!(
            outcome,
            Outcome::Failed {
                error: RenderError::Render("no".to_owned()).to_string()
            }
        );
    }
}
