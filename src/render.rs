//! `mcpapp render FILE -o OUT.png`: a card, or the surfaces of an A2UI stream, drawn headless
//! into PNG images.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use mcpapp_card::HostConfig;
use mcpapp_preview::Format;
use mcpapp_render::{Preset, RenderError, RenderOptions, write_findings};

use crate::validate;

/// Arguments of `mcpapp render`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The card or A2UI file (`-` reads standard input). A2UI is recognised by its content
    /// or a `.a2ui.json` / `.jsonl` name.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Where to write the image (PNG). An A2UI stream with several surfaces writes one image
    /// per surface, `OUT.SURFACE.png`.
    #[arg(short, long, value_name = "OUT.png")]
    output: PathBuf,
    /// Read FILE as this format instead of recognising it: card or a2ui.
    #[arg(long, value_enum, value_name = "FORMAT")]
    format: Option<Format>,
    /// The card's (or surface's) width in logical pixels.
    #[arg(long, value_name = "N", default_value_t = 400)]
    width: u32,
    /// The built-in theme: light, dark or high-contrast [default: light]. With --host-config,
    /// the theme the file's values are applied over.
    #[arg(long, value_name = "THEME")]
    theme: Option<Preset>,
    /// A host config (the Adaptive Cards JSON format); the keys it lacks take the official
    /// defaults, or the --theme's values when a theme is given.
    #[arg(long, value_name = "F")]
    host_config: Option<PathBuf>,
    /// Treat FILE as a card template and fill it with this data (JSON) first.
    #[arg(long, value_name = "DATA.json")]
    data: Option<PathBuf>,
    /// Pixels per logical pixel (2 for a high-density image).
    #[arg(long, value_name = "S", default_value_t = 1.0)]
    scale: f32,
    /// Also print informational findings (unknown properties that are kept, fallbacks used).
    #[arg(short, long)]
    verbose: bool,
}

/// Runs the command and returns its exit status: 0 when the card has no error, 1 when it has
/// (what can be drawn is still drawn), 2 when a file cannot be read or the card cannot be
/// rendered.
pub fn run(args: &Args) -> ExitCode {
    match render(args) {
        Ok(code) => code,
        Err(message) => {
            let _ = writeln!(io::stderr(), "mcpapp: {message}");
            ExitCode::from(2)
        }
    }
}

fn render(args: &Args) -> Result<ExitCode, String> {
    let mut out = io::stdout().lock();
    let data = args.data.as_ref().map(validate::read_data).transpose()?;
    let options = RenderOptions {
        width: logical(args.width),
        host_config: host_config(args, &mut out)?,
        scale: args.scale,
        state: None,
    };
    let file = validate::display_name(&args.file);
    let bytes = validate::read(&args.file).map_err(|e| format!("cannot read {file}: {e}"))?;
    if validate::format_of(&args.file, &bytes, args.format) == Format::A2ui {
        if args.data.is_some() {
            return Err(format!(
                "{file} is A2UI: --data fills card templates (a stream carries its data)"
            ));
        }
        return render_stream(&file, &bytes, &args.output, &options, args.verbose);
    }
    let parsed = mcpapp_preview::parse_card(&bytes, data.as_ref());
    // The report goes to standard output like `mcpapp validate`'s; a closed pipe is no reason
    // not to write the image.
    let _ = write_findings(&mut out, &file, &parsed.diagnostics, args.verbose);
    let has_errors = parsed.has_errors();
    let Some(card) = parsed.card else {
        let _ = writeln!(out, "{file}: nothing to render");
        return Ok(ExitCode::from(1));
    };
    let image = mcpapp_render::render_card(&card, &options)
        .map_err(|e| format!("cannot render {file}: {e}"))?;
    mcpapp_render::write_png(&image, &args.output)
        .map_err(|e| format!("cannot write {}: {e}", args.output.display()))?;
    let _ = writeln!(
        out,
        "wrote {} ({}×{} px)",
        args.output.display(),
        image.width(),
        image.height()
    );
    Ok(if has_errors {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// An A2UI stream: its findings printed like `validate`'s, then its surfaces drawn, into
/// `output` when there is one, else into `OUT.SURFACE.png` beside it. The exit status is 0
/// without errors, 1 with errors or no surface (what can be drawn is still drawn); `Err` is
/// for exit 2 (an image that cannot be rendered or written).
fn render_stream(
    file: &str,
    bytes: &[u8],
    output: &Path,
    options: &RenderOptions,
    verbose: bool,
) -> Result<ExitCode, String> {
    let mut out = io::stdout().lock();
    let report = mcpapp_preview::process_stream(bytes);
    // A closed pipe is no reason not to write the images.
    let _ = write_findings(&mut out, file, &report.diagnostics, verbose);
    let written = mcpapp_render::write_surfaces(&report.processor, output, options, |image| {
        let (path, surface) = (image.path.display(), &image.surface);
        let (width, height) = (image.width, image.height);
        let _ = writeln!(out, "wrote {path} ({width}×{height} px, surface {surface})");
    });
    match written {
        Ok(0) => {
            let _ = writeln!(
                out,
                "{file}: nothing to render (the stream creates no surface)"
            );
            Ok(ExitCode::from(1))
        }
        Ok(_) if report.is_ok() => Ok(ExitCode::SUCCESS),
        Ok(_) => Ok(ExitCode::from(1)),
        Err(RenderError::Surface { surface, source }) => Err(format!(
            "cannot render the surface {surface:?} of {file}: {source}"
        )),
        Err(e) => Err(e.to_string()),
    }
}

/// The host config of `--theme` and `--host-config`; the file's ignored values are printed as
/// warnings.
fn host_config(args: &Args, out: &mut impl Write) -> Result<HostConfig, String> {
    let theme = args
        .theme
        .map_or_else(HostConfig::light, Preset::host_config);
    let Some(path) = &args.host_config else {
        return Ok(theme);
    };
    let bytes = validate::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let read = if args.theme.is_some() {
        theme.merge_json(&bytes)
    } else {
        HostConfig::parse(&bytes)
    };
    let (config, warnings) = read.map_err(|e| format!("{}: {e}", path.display()))?;
    for w in warnings {
        let _ = writeln!(
            out,
            "{}: warning[host-config]: {} (at {})",
            path.display(),
            w.message,
            w.pointer
        );
    }
    Ok(config)
}

/// A width in logical pixels as egui's `f32`.
#[expect(
    clippy::cast_precision_loss,
    reason = "exact below 2^24; the renderer refuses widths above 8192 anyway"
)]
fn logical(width: u32) -> f32 {
    width as f32
}
