//! `mcpapp preview FILE...`: the preview window of `mcpapp-preview` for card authors, its
//! options from the command line and its failures printed.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use mcpapp_preview::{Preview, PreviewOptions, ScreenshotOptions, ThemeChoice, WidthPreset};

use crate::inputs::Inputs;

/// Arguments of `mcpapp preview`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The files to show.
    #[command(flatten)]
    inputs: Inputs,
    /// Fill each FILE as a card template with this data (JSON). Without it, `NAME.data.json`
    /// beside `NAME.json` (or `NAME.template.json`) is used when there is one.
    #[arg(long, value_name = "DATA.json")]
    data: Option<PathBuf>,
    /// Offer this host config (Adaptive Cards JSON) as a theme, and start with it.
    #[arg(long, value_name = "HOST.json")]
    host_config: Option<PathBuf>,
    /// The theme to start with.
    #[arg(long, value_enum)]
    theme: Option<ThemeChoice>,
    /// The width to start with.
    #[arg(long, value_enum, default_value = "400")]
    width: WidthPreset,
    /// Start with the card (or surfaces) locked, as while a response is being generated.
    #[arg(long)]
    disabled: bool,
    /// Save a screenshot of the window as PNG after some frames, then close it.
    #[arg(long, value_name = "OUT.png")]
    screenshot: Option<PathBuf>,
    /// How many frames to draw before the screenshot.
    #[arg(long, value_name = "N", default_value_t = 10, requires = "screenshot")]
    frames: u32,
}

/// Runs the command and returns its exit status: 0 when the window was closed (or the
/// screenshot saved), 1 when the window or the screenshot failed, 2 when a file cannot be read.
pub fn run(args: &Args) -> ExitCode {
    let options = PreviewOptions {
        files: args.inputs.files.clone(),
        format: args.inputs.format,
        data: args.data.clone(),
        host_config: args.host_config.clone(),
        theme: args.theme,
        width: args.width,
        disabled: args.disabled,
        screenshot: args.screenshot.clone().map(|path| ScreenshotOptions {
            path,
            frames: args.frames,
        }),
    };
    let (result, status) = match Preview::open(&options) {
        Ok(preview) => (preview.run(), ExitCode::FAILURE),
        Err(e) => (Err(e), ExitCode::from(2)),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(io::stderr().lock(), "mcpapp: {e}");
            status
        }
    }
}
