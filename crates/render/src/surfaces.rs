//! Every surface of an A2UI stream drawn into a PNG file of its own, named by the surface's id
//! (`mcpapp render STREAM -o OUT.png` writes `OUT.SURFACE.png` for each when there are
//! several).

use std::path::{Path, PathBuf};

use mcpapp_a2ui::Processor;

use crate::png::write_png;
use crate::render::{RenderError, RenderOptions, render_surface};

/// One surface's image, written by [`write_surfaces`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SurfaceImage {
    /// The surface's id made safe for a file name ([`file_safe`]).
    pub surface: String,
    /// Where the image was written.
    pub path: PathBuf,
    /// Its width in pixels.
    pub width: u32,
    /// Its height in pixels.
    pub height: u32,
}

/// Draws every surface of `processor`, in id order: into `output` when there is one, else
/// each into `OUT.SURFACE.png` beside it ([`surface_path`]). `wrote` hears of each image as it
/// is written, so that what was written before a failure is still known. Returns how many
/// were written (0 when there is no surface).
pub fn write_surfaces(
    processor: &Processor,
    output: &Path,
    options: &RenderOptions,
    mut wrote: impl FnMut(&SurfaceImage),
) -> Result<usize, RenderError> {
    let surfaces = processor.surfaces();
    let single = surfaces.len() == 1;
    for surface in surfaces.values() {
        let path = if single {
            output.to_owned()
        } else {
            surface_path(output, surface.id())
        };
        let image = render_surface(surface, options).map_err(|source| RenderError::Surface {
            surface: surface.id().to_owned(),
            source: Box::new(source),
        })?;
        write_png(&image, &path).map_err(|e| RenderError::Write {
            path: path.clone(),
            reason: e.to_string(),
        })?;
        wrote(&SurfaceImage {
            surface: file_safe(surface.id()),
            path,
            width: image.width(),
            height: image.height(),
        });
    }
    Ok(surfaces.len())
}

/// `OUT.png` → `OUT.SURFACE.png`: where a surface's image goes beside `output` (the surface
/// id made safe for a file name).
pub fn surface_path(output: &Path, surface_id: &str) -> PathBuf {
    let stem = output
        .file_stem()
        .map_or_else(|| "surface".into(), |s| s.to_string_lossy().into_owned());
    let extension = output
        .extension()
        .map_or_else(|| "png".into(), |e| e.to_string_lossy().into_owned());
    output.with_file_name(format!("{stem}.{}.{extension}", file_safe(surface_id)))
}

/// A surface id made safe for a file name (ids come from agents): ASCII letters, digits,
/// `-` and `_` kept, anything else `_`, at most 64 characters; `surface` for an empty id.
pub fn file_safe(id: &str) -> String {
    let safe: String = id
        .chars()
        .take(64)
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if safe.is_empty() {
        "surface".to_owned()
    } else {
        safe
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn surface_ids_become_safe_file_names() {
        assert_eq!(file_safe("main-surface_1"), "main-surface_1");
        assert_eq!(file_safe("../../etc/passwd"), "______etc_passwd");
        assert_eq!(file_safe(""), "surface");
        assert_eq!(file_safe(&"x".repeat(100)).len(), 64);
    }

    #[test]
    fn each_surface_gets_its_own_file_beside_the_output() {
        assert_eq!(
            surface_path(Path::new("out/shot.png"), "main"),
            Path::new("out/shot.main.png")
        );
        assert_eq!(
            surface_path(Path::new("shot"), "a/b"),
            Path::new("shot.a_b.png")
        );
    }

    #[test]
    fn a_stream_without_surfaces_writes_nothing() {
        let written = write_surfaces(
            &Processor::default(),
            Path::new("never.png"),
            &RenderOptions::default(),
            |_| unreachable!("no surface"),
        );
        assert!(matches!(written, Ok(0)));
        assert!(!Path::new("never.png").exists());
    }
}
