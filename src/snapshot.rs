//! `mcpapp snapshot DIR`: the cards and A2UI streams of a directory rendered and compared with
//! their baselines.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use mcpapp_render::{Outcome, Preset, SnapshotOptions};

/// Arguments of `mcpapp snapshot`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The directory of cards and A2UI streams: each card `NAME.json` (filled with
    /// `NAME.data.json` when there is one) is compared with
    /// `DIR/__snapshots__/NAME.THEME.WIDTH.png`; each A2UI stream (`NAME.jsonl`,
    /// `NAME.a2ui.json`, or a `NAME.json` that is A2UI) the same way for its first surface,
    /// and as `NAME.SURFACE.THEME.WIDTH.png` for any other.
    #[arg(value_name = "DIR")]
    dir: PathBuf,
    /// Write the renderings as the baselines where these are missing or differ.
    #[arg(long)]
    update: bool,
    /// A theme to render, repeatable: light, dark, high-contrast [default: DIR/snapshot.toml's
    /// `themes`, else light].
    #[arg(long = "theme", value_name = "THEME")]
    themes: Vec<Preset>,
    /// A card (or surface) width in logical pixels, repeatable [default: DIR/snapshot.toml's `widths`,
    /// else 400].
    #[arg(long = "width", value_name = "N")]
    widths: Vec<u32>,
    /// The per-pixel difference still counted as equal, a weighted squared YIQ distance
    /// [default: DIR/snapshot.toml's `threshold`, else 0.6].
    #[arg(long, value_name = "X")]
    threshold: Option<f32>,
    /// How many pixels may differ by more than the threshold [default: DIR/snapshot.toml's
    /// `max_failed_pixels`, else 0].
    #[arg(long, value_name = "N")]
    max_failed_pixels: Option<usize>,
}

/// Runs the command and returns its exit status: 0 when every case matches (or was updated),
/// 1 when any mismatches, lacks its baseline or is an invalid card or stream, 2 when the
/// directory or a file cannot be read or rendered.
pub fn run(args: &Args) -> ExitCode {
    let options = SnapshotOptions {
        themes: args.themes.clone(),
        widths: args.widths.clone(),
        threshold: args.threshold,
        max_failed_pixels: args.max_failed_pixels,
        update: args.update,
        baselines: None,
    };
    let report = mcpapp_render::check_dir(&args.dir, &options);
    if let Err(e) = report.write_text(&mut io::stdout().lock())
        && e.kind() != io::ErrorKind::BrokenPipe
    {
        let _ = writeln!(io::stderr(), "mcpapp: cannot write the report: {e}");
    }
    let failed = report
        .cases
        .iter()
        .any(|c| matches!(c.outcome, Outcome::Failed { .. }));
    if !report.errors.is_empty() || failed {
        ExitCode::from(2)
    } else if report.passed() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
