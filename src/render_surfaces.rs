//! `mcpapp render` of an A2UI stream: every surface the stream builds, one PNG each.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use mcpapp_render::RenderOptions;

use crate::a2ui;

/// Processes the stream, prints its findings like `validate`, and draws its surfaces: into
/// `output` when there is one, else into `OUT.SURFACE.png` beside it. The exit status is 0
/// without errors, 1 with errors or no surface (what can be drawn is still drawn); `Err` is
/// for exit 2 (an image that cannot be rendered or written).
pub fn render(
    file: &str,
    bytes: &[u8],
    output: &Path,
    options: &RenderOptions,
    verbose: bool,
) -> Result<ExitCode, String> {
    let mut out = io::stdout().lock();
    let report = a2ui::process(bytes);
    // A closed pipe is no reason not to write the images.
    let _ = a2ui::write_diagnostics(&mut out, file, &report.diagnostics, verbose);
    let surfaces = report.processor.surfaces();
    if surfaces.is_empty() {
        let _ = writeln!(
            out,
            "{file}: nothing to render (the stream creates no surface)"
        );
        return Ok(ExitCode::from(1));
    }
    let single = surfaces.len() == 1;
    for surface in surfaces.values() {
        let path = if single {
            output.to_owned()
        } else {
            path_for(output, surface.id())
        };
        let image = mcpapp_render::render_surface(surface, options).map_err(|e| {
            format!(
                "cannot render the surface {:?} of {file}: {e}",
                surface.id()
            )
        })?;
        mcpapp_render::write_png(&image, &path)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        let _ = writeln!(
            out,
            "wrote {} ({}×{} px, surface {})",
            path.display(),
            image.width(),
            image.height(),
            a2ui::file_safe(surface.id())
        );
    }
    Ok(if report.is_ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// `OUT.png` → `OUT.SURFACE.png` (the surface id made safe for a file name).
fn path_for(output: &Path, surface_id: &str) -> PathBuf {
    let stem = output
        .file_stem()
        .map_or_else(|| "surface".into(), |s| s.to_string_lossy().into_owned());
    let extension = output
        .extension()
        .map_or_else(|| "png".into(), |e| e.to_string_lossy().into_owned());
    output.with_file_name(format!(
        "{stem}.{}.{extension}",
        a2ui::file_safe(surface_id)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_surface_gets_its_own_file_beside_the_output() {
        assert_eq!(
            path_for(Path::new("out/shot.png"), "main"),
            Path::new("out/shot.main.png")
        );
        assert_eq!(
            path_for(Path::new("shot"), "a/b"),
            Path::new("shot.a_b.png")
        );
    }
}
