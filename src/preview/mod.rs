//! `mcpapp preview FILE...`: a window for card authors. It shows the card as a host draws it
//! (at chat widths, in the built-in themes or a host config file, locked or not), re-reads
//! the files as they are saved, lists the diagnostics and shows each one in the source, fills
//! templates with data that can be edited, and shows what the card's actions would send.
//!
//! A2UI streams get a window of their own ([`surface_app`]): every surface the stream builds,
//! its findings with line and column, and for each action the `action` message and the
//! `tools/call` a host makes of it.
//!
//! `--screenshot OUT.png` takes a picture of the window after a few frames and exits, for
//! tests and documentation.

mod app;
mod diagnostics;
mod document;
mod inspector;
mod pretty;
mod screenshot;
mod settings;
mod source;
mod surface;
mod surface_app;
mod surface_diagnostics;
mod surface_inspector;
mod watcher;

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};

use eframe::egui;

use app::{PreviewApp, Setup};
use document::Document;
use surface::StreamDocument;
use surface_app::{SurfacePreviewApp, SurfaceSetup};

use crate::a2ui::{self, Format};
use screenshot::{Outcome, Screenshot};
use settings::{HostConfigFile, ThemeChoice, Themes, WidthPreset};

/// Arguments of `mcpapp preview`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Card files, or A2UI stream files, to show; each is read again when it changes. A2UI
    /// is recognised by its content or a `.a2ui.json` / `.jsonl` name; one window shows
    /// cards or A2UI streams, not both.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Read every FILE as this format instead of recognising it: card or a2ui.
    #[arg(long, value_enum, value_name = "FORMAT")]
    format: Option<Format>,
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

/// The window's size: it fits a 1280×900 screen with room for a title bar.
const WINDOW_SIZE: [f32; 2] = [1280.0, 860.0];

/// Runs the command and returns its exit status: 0 when the window was closed (or the
/// screenshot saved), 1 when the window or the screenshot failed, 2 when a file cannot be read.
pub fn run(args: &Args) -> ExitCode {
    let opened = match formats(args) {
        Ok(Format::Card) => open(args).map(|(setup, outcome)| (Window::Cards(setup), outcome)),
        Ok(Format::A2ui) => {
            open_streams(args).map(|(setup, outcome)| (Window::Streams(setup), outcome))
        }
        Err(message) => Err(message),
    };
    match opened {
        Ok(setup) => show(args, setup),
        Err(message) => {
            let _ = writeln!(io::stderr().lock(), "mcpapp: {message}");
            ExitCode::from(2)
        }
    }
}

/// The window to open: for cards or for A2UI streams.
enum Window {
    Cards(Setup),
    Streams(SurfaceSetup),
}

/// The one format of the files (an error for a mix, or a file that cannot be read).
fn formats(args: &Args) -> Result<Format, String> {
    let mut found: Option<Format> = None;
    for path in &args.files {
        let bytes =
            std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let format = a2ui::detect(path, &bytes, args.format);
        match found {
            Some(other) if other != format => {
                return Err(format!(
                    "{} is {}, but an earlier file is {}: preview cards and A2UI streams in                      separate windows",
                    path.display(),
                    format.as_str(),
                    other.as_str()
                ));
            }
            _ => found = Some(format),
        }
    }
    Ok(found.unwrap_or(Format::Card))
}

/// The theme to start with, from `--theme` and `--host-config`.
fn start_theme(args: &Args, file: Option<&HostConfigFile>) -> Result<ThemeChoice, String> {
    Ok(match (args.theme, file) {
        (Some(ThemeChoice::File), None) => {
            return Err("--theme file needs --host-config FILE".to_owned());
        }
        (Some(theme), _) => theme,
        (None, Some(_)) => ThemeChoice::File,
        (None, None) => ThemeChoice::Light,
    })
}

/// The screenshot asked for, and where its outcome will be.
fn screenshot(args: &Args) -> (Option<Screenshot>, Option<Outcome>) {
    let outcome: Option<Outcome> = args.screenshot.as_ref().map(|_| Arc::new(Mutex::new(None)));
    let screenshot = args
        .screenshot
        .clone()
        .zip(outcome.clone())
        .map(|(path, outcome)| Screenshot::new(path, args.frames, outcome));
    (screenshot, outcome)
}

/// Reads everything the A2UI window starts with.
fn open_streams(args: &Args) -> Result<(SurfaceSetup, Option<Outcome>), String> {
    if args.data.is_some() {
        return Err("--data fills card templates; A2UI streams carry their data".to_owned());
    }
    let documents = args
        .files
        .iter()
        .map(|path| StreamDocument::open(path))
        .collect::<Result<Vec<_>, _>>()?;
    let file = args
        .host_config
        .as_deref()
        .map(HostConfigFile::open)
        .transpose()?;
    let theme = start_theme(args, file.as_ref())?;
    let (screenshot, outcome) = screenshot(args);
    Ok((
        SurfaceSetup {
            documents,
            themes: Themes::new(file),
            theme,
            width: args.width,
            disabled: args.disabled,
            screenshot,
        },
        outcome,
    ))
}

/// Reads everything the card window starts with.
fn open(args: &Args) -> Result<(Setup, Option<Outcome>), String> {
    let documents = args
        .files
        .iter()
        .map(|path| Document::open(path, args.data.as_deref()))
        .collect::<Result<Vec<_>, _>>()?;
    let file = args
        .host_config
        .as_deref()
        .map(HostConfigFile::open)
        .transpose()?;
    let theme = start_theme(args, file.as_ref())?;
    let (screenshot, outcome) = screenshot(args);
    Ok((
        Setup {
            documents,
            themes: Themes::new(file),
            theme,
            width: args.width,
            disabled: args.disabled,
            screenshot,
        },
        outcome,
    ))
}

/// Opens the window and waits for it to close.
fn show(args: &Args, (window, outcome): (Window, Option<Outcome>)) -> ExitCode {
    let first = match &window {
        Window::Cards(setup) => setup.documents.first().map(Document::name),
        Window::Streams(setup) => setup.documents.first().map(StreamDocument::name),
    };
    let title = first.map_or_else(String::new, |name| {
        format!("mcpapp preview \u{2014} {name}")
    });
    let mut viewport = egui::ViewportBuilder::default()
        .with_title(title)
        .with_app_id("mcpapp-preview")
        .with_inner_size(WINDOW_SIZE)
        .with_min_inner_size([640.0, 480.0]);
    if args.screenshot.is_some() {
        // No window manager places the window under Xvfb; the origin keeps it whole.
        viewport = viewport.with_position([0.0, 0.0]);
    }
    let options = eframe::NativeOptions {
        viewport,
        renderer: eframe::Renderer::Wgpu,
        ..eframe::NativeOptions::default()
    };
    let result = eframe::run_native(
        "mcpapp preview",
        options,
        Box::new(move |cc| -> Result<Box<dyn eframe::App>, _> {
            Ok(match window {
                Window::Cards(setup) => Box::new(PreviewApp::new(&cc.egui_ctx, setup)),
                Window::Streams(setup) => Box::new(SurfacePreviewApp::new(&cc.egui_ctx, setup)),
            })
        }),
    );
    let mut err = io::stderr().lock();
    if let Err(e) = result {
        let _ = writeln!(err, "mcpapp: cannot show the preview window: {e}");
        return ExitCode::FAILURE;
    }
    let Some(outcome) = outcome else {
        return ExitCode::SUCCESS;
    };
    let taken = outcome.lock().map(|mut o| o.take()).unwrap_or_default();
    match taken {
        Some(Ok(())) => ExitCode::SUCCESS,
        Some(Err(e)) => {
            let _ = writeln!(err, "mcpapp: {e}");
            ExitCode::FAILURE
        }
        None => {
            let _ = writeln!(
                err,
                "mcpapp: the window closed before the screenshot was taken"
            );
            ExitCode::FAILURE
        }
    }
}
