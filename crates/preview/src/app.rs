//! The preview's own window: the widget filling an eframe window whose title follows the file
//! shown and whose chrome follows the theme, and the screenshot that closes it.

use std::sync::Arc;

use eframe::egui::{self, Context, Ui, ViewportCommand};

use crate::PreviewError;
use crate::card::CardDocument;
use crate::kind::Previewed;
use crate::options::{Format, PreviewOptions, ScreenshotOptions, Setup};
use crate::screenshot::{Outcome, Screenshot};
use crate::stream::StreamDocument;
use crate::widget::PreviewWidget;

/// The window's size: it fits a 1280×900 screen with room for a title bar.
const WINDOW_SIZE: [f32; 2] = [1280.0, 860.0];

/// The preview window's application.
pub struct PreviewApp<D> {
    widget: PreviewWidget<D>,
    screenshot: Option<Screenshot>,
    title: String,
    dark_chrome: Option<bool>,
}

impl<D: Previewed> PreviewApp<D> {
    /// Sets the window up around the widget; `screenshot` is taken after its frames.
    pub fn new(ctx: &Context, setup: Setup<D>, screenshot: Option<Screenshot>) -> Self {
        mcpapp_egui::install(ctx);
        Self {
            widget: PreviewWidget::new(ctx, setup),
            screenshot,
            title: String::new(),
            dark_chrome: None,
        }
    }

    /// The title names the file shown; the preview's own panels are dark around a dark theme.
    fn update_window(&mut self, ctx: &Context) {
        if let Some(doc) = self.widget.current() {
            let title = title(&doc.name());
            if title != self.title {
                ctx.send_viewport_cmd(ViewportCommand::Title(title.clone()));
                self.title = title;
            }
        }
        let dark = self.widget.theme().is_dark();
        if self.dark_chrome != Some(dark) {
            ctx.set_theme(if dark {
                egui::Theme::Dark
            } else {
                egui::Theme::Light
            });
            self.dark_chrome = Some(dark);
        }
    }
}

impl<D: Previewed> eframe::App for PreviewApp<D> {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        if let Some(screenshot) = &mut self.screenshot {
            screenshot.frame(&ctx);
        }
        self.update_window(&ctx);
        self.widget.show(ui);
    }
}

fn title(name: &str) -> String {
    format!("mcpapp preview \u{2014} {name}")
}

/// The files read and ready to show, in a window for their format.
pub struct Preview {
    window: Window,
    screenshot: Option<ScreenshotOptions>,
}

/// The window to open: for cards or for A2UI streams.
enum Window {
    Cards(Setup<CardDocument>),
    Streams(Setup<StreamDocument>),
}

impl Preview {
    /// Reads everything the window starts with: an error when a file cannot be read, the
    /// files mix formats, or the options do not go together.
    pub fn open(options: &PreviewOptions) -> Result<Self, PreviewError> {
        let window = match options.format()? {
            Format::Card => Window::Cards(Setup::cards(options)?),
            Format::A2ui => Window::Streams(Setup::streams(options)?),
        };
        Ok(Self {
            window,
            screenshot: options.screenshot.clone(),
        })
    }

    /// Opens the window and waits for it to close (or for the screenshot to be saved).
    pub fn run(self) -> Result<(), PreviewError> {
        let first = match &self.window {
            Window::Cards(setup) => setup.documents.first().map(Previewed::name),
            Window::Streams(setup) => setup.documents.first().map(Previewed::name),
        };
        let mut viewport = egui::ViewportBuilder::default()
            .with_title(first.as_deref().map(title).unwrap_or_default())
            .with_app_id("mcpapp-preview")
            .with_inner_size(WINDOW_SIZE)
            .with_min_inner_size([640.0, 480.0]);
        if self.screenshot.is_some() {
            // No window manager places the window under Xvfb; the origin keeps it whole.
            viewport = viewport.with_position([0.0, 0.0]);
        }
        let options = eframe::NativeOptions {
            viewport,
            renderer: eframe::Renderer::Wgpu,
            ..eframe::NativeOptions::default()
        };
        let outcome: Option<Outcome> = self.screenshot.as_ref().map(|_| Arc::default());
        let screenshot = self
            .screenshot
            .zip(outcome.clone())
            .map(|(s, outcome)| Screenshot::new(s.path, s.frames, outcome));
        let window = self.window;
        eframe::run_native(
            "mcpapp preview",
            options,
            Box::new(move |cc| -> Result<Box<dyn eframe::App>, _> {
                let ctx = &cc.egui_ctx;
                Ok(match window {
                    Window::Cards(setup) => Box::new(PreviewApp::new(ctx, setup, screenshot)),
                    Window::Streams(setup) => Box::new(PreviewApp::new(ctx, setup, screenshot)),
                })
            }),
        )
        .map_err(|e| PreviewError::Window(e.to_string()))?;
        let Some(outcome) = outcome else {
            return Ok(());
        };
        let taken = outcome.lock().map(|mut o| o.take()).unwrap_or_default();
        match taken {
            Some(result) => result.map_err(PreviewError::Screenshot),
            None => Err(PreviewError::Screenshot(
                "the window closed before the screenshot was taken".to_owned(),
            )),
        }
    }
}

/// Reads the files of `options` and shows them in a window until it is closed.
pub fn run(options: &PreviewOptions) -> Result<(), PreviewError> {
    Preview::open(options)?.run()
}
