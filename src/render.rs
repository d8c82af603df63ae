//! `mcpapp render FILE -o OUT.png`: a card, or the surfaces of an A2UI stream, drawn headless
//! into PNG images.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use mcpapp_card::HostConfig;
use mcpapp_render::{RenderOptions, Theme};

use crate::a2ui::{self, Format};
use crate::{render_surfaces, validate};

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
    theme: Option<Theme>,
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
    let host_config = host_config(args, &mut out)?;
    let file = validate::display_name(&args.file);
    let bytes = validate::read(&args.file).map_err(|e| format!("cannot read {file}: {e}"))?;
    if a2ui::detect(&args.file, &bytes, args.format) == Format::A2ui {
        if args.data.is_some() {
            return Err(format!(
                "{file} is A2UI: --data fills card templates (a stream carries its data)"
            ));
        }
        let options = RenderOptions {
            width: logical(args.width),
            host_config,
            scale: args.scale,
            state: None,
        };
        return render_surfaces::render(&file, &bytes, &args.output, &options, args.verbose);
    }
    let parsed = match &data {
        Some(data) => mcpapp_card::parse_template(&bytes, data),
        None => mcpapp_card::parse(&bytes),
    };
    // The report goes to standard output like `mcpapp validate`'s; a closed pipe is no reason
    // not to write the image.
    let _ = validate::write_diagnostics(&mut out, &file, &parsed.diagnostics, args.verbose);
    let has_errors = parsed.has_errors();
    let Some(card) = parsed.card else {
        let _ = writeln!(out, "{file}: nothing to render");
        return Ok(ExitCode::from(1));
    };
    let options = RenderOptions {
        width: logical(args.width),
        host_config,
        scale: args.scale,
        state: None,
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

/// The host config of `--theme` and `--host-config`; the file's ignored values are printed as
/// warnings.
fn host_config(args: &Args, out: &mut impl Write) -> Result<HostConfig, String> {
    let theme = args
        .theme
        .map_or_else(HostConfig::light, Theme::host_config);
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
