//! The preview window for A2UI streams: a toolbar (width, theme, response lock), the files,
//! every surface the current stream builds, its diagnostics, and a side panel with the
//! source and the action inspector. The card window's pieces (themes, widths, source view,
//! watcher, screenshot) are shared.

use std::path::PathBuf;

use eframe::egui::{
    self, CentralPanel, Context, Frame, Margin, Panel, Rect, RichText, ScrollArea, Ui, UiBuilder,
    ViewportCommand, vec2,
};
use mcpapp_egui::SurfaceView;

use super::diagnostics::severity_color;
use super::document::watch_path;
use super::screenshot::Screenshot;
use super::settings::{ThemeChoice, Themes, WidthPreset};
use super::source::{self, SourceView};
use super::surface::StreamDocument;
use super::surface_diagnostics;
use super::surface_inspector::{self, LoggedSurfaceEvent};
use super::watcher::FileWatcher;

/// The tabs of the side panel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tab {
    Source,
    Inspector,
}

/// What the window starts with.
pub struct SurfaceSetup {
    /// The stream files, read.
    pub documents: Vec<StreamDocument>,
    /// The themes to choose from.
    pub themes: Themes,
    /// The theme shown first.
    pub theme: ThemeChoice,
    /// The width shown first.
    pub width: WidthPreset,
    /// Whether the surfaces start locked.
    pub disabled: bool,
    /// The screenshot to take, if one is asked for.
    pub screenshot: Option<Screenshot>,
}

/// The A2UI preview application.
pub struct SurfacePreviewApp {
    documents: Vec<StreamDocument>,
    current: usize,
    themes: Themes,
    theme: ThemeChoice,
    width: WidthPreset,
    disabled: bool,
    tab: Tab,
    selected: Option<usize>,
    source_view: SourceView,
    last_event: Option<LoggedSurfaceEvent>,
    events: u64,
    watcher: FileWatcher,
    host_config_path: Option<PathBuf>,
    screenshot: Option<Screenshot>,
    title: String,
    dark_chrome: Option<bool>,
}

impl SurfacePreviewApp {
    /// Starts watching the files and sets the window up.
    pub fn new(ctx: &Context, setup: SurfaceSetup) -> Self {
        mcpapp_egui::install(ctx);
        let host_config_path = setup.themes.file.as_ref().map(|f| watch_path(&f.path));
        let watcher = FileWatcher::for_preview(
            ctx,
            setup
                .documents
                .iter()
                .flat_map(StreamDocument::watched_folders),
            host_config_path.as_deref(),
        );
        let mut app = Self {
            documents: setup.documents,
            current: 0,
            themes: setup.themes,
            theme: setup.theme,
            width: setup.width,
            disabled: setup.disabled,
            tab: Tab::Source,
            selected: None,
            source_view: SourceView::default(),
            last_event: None,
            events: 0,
            watcher,
            host_config_path,
            screenshot: setup.screenshot,
            title: String::new(),
            dark_chrome: None,
        };
        app.show_first_finding();
        app
    }

    /// Re-reads the files whose changes have settled.
    fn poll_files(&mut self, ctx: &Context) {
        let (changed, next) = self.watcher.poll();
        let mut current_changed = false;
        for path in changed {
            for (i, doc) in self.documents.iter_mut().enumerate() {
                if doc.file_changed(&path) && i == self.current {
                    current_changed = true;
                }
            }
            if self.host_config_path.as_ref() == Some(&path)
                && let Some(file) = &mut self.themes.file
            {
                file.reload();
            }
        }
        if current_changed {
            self.show_first_finding();
        }
        if let Some(next) = next {
            ctx.request_repaint_after(next);
        }
    }

    fn update_window(&mut self, ctx: &Context) {
        if let Some(doc) = self.documents.get(self.current) {
            let title = format!("mcpapp preview \u{2014} {}", doc.name());
            if title != self.title {
                ctx.send_viewport_cmd(ViewportCommand::Title(title.clone()));
                self.title = title;
            }
        }
        let dark = self.theme.is_dark();
        if self.dark_chrome != Some(dark) {
            ctx.set_theme(if dark {
                egui::Theme::Dark
            } else {
                egui::Theme::Light
            });
            self.dark_chrome = Some(dark);
        }
    }

    fn toolbar(&mut self, ui: &mut Ui) {
        ui.horizontal_wrapped(|ui| {
            if let Some(doc) = self.documents.get(self.current) {
                ui.label(RichText::new(doc.name()).strong().size(15.0));
            }
            ui.separator();
            ui.label("Width:");
            for preset in WidthPreset::ALL {
                ui.selectable_value(&mut self.width, preset, preset.label());
            }
            ui.separator();
            ui.label("Theme:");
            for (choice, label) in self.themes.choices() {
                ui.selectable_value(&mut self.theme, choice, label);
            }
            ui.separator();
            ui.checkbox(&mut self.disabled, "disabled (response lock)");
            ui.separator();
            match &self.watcher.error {
                Some(e) => {
                    ui.colored_label(severity_color(ui, mcpapp_card::Severity::Error), e);
                }
                None => {
                    ui.weak("live reload on");
                }
            }
        });
    }

    fn files(&mut self, ui: &mut Ui) {
        ui.label(RichText::new("Files").strong());
        ui.separator();
        let mut chosen = None;
        ScrollArea::vertical().id_salt("files").show(ui, |ui| {
            for (i, doc) in self.documents.iter().enumerate() {
                let (errors, warnings) = doc.counts();
                let label = format!("{}\n{errors} errors \u{b7} {warnings} warnings", doc.name());
                if ui.selectable_label(i == self.current, label).clicked() {
                    chosen = Some(i);
                }
            }
        });
        if let Some(i) = chosen.filter(|&i| i != self.current) {
            self.current = i;
            self.show_first_finding();
        }
    }

    fn diagnostics(&mut self, ui: &mut Ui) {
        let Some(doc) = self.documents.get(self.current) else {
            return;
        };
        if let Some(clicked) = surface_diagnostics::show(ui, doc, self.selected) {
            self.go_to(clicked);
            self.tab = Tab::Source;
        }
    }

    /// Selects a finding and shows its line in the source view.
    fn go_to(&mut self, index: usize) {
        let Some(d) = self
            .documents
            .get(self.current)
            .and_then(|doc| doc.diagnostics.get(index))
        else {
            return;
        };
        self.selected = Some(index);
        if let Some(line) = StreamDocument::place(d) {
            self.source_view.jump(line, d.column);
        }
    }

    /// Points the source view at the first error (or else warning) that has a line.
    fn show_first_finding(&mut self) {
        self.selected = None;
        self.source_view = SourceView::default();
        let Some(doc) = self.documents.get(self.current) else {
            return;
        };
        let first = [mcpapp_a2ui::Severity::Error, mcpapp_a2ui::Severity::Warning]
            .into_iter()
            .find_map(|s| {
                doc.diagnostics
                    .iter()
                    .position(|d| d.severity == s && d.line.is_some())
            });
        if let Some(index) = first {
            self.go_to(index);
        }
    }

    fn side_panel(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.tab, Tab::Source, "Source");
            ui.selectable_value(&mut self.tab, Tab::Inspector, "Action inspector");
        });
        ui.separator();
        let Some(doc) = self.documents.get(self.current) else {
            return;
        };
        match self.tab {
            Tab::Source => source::show(ui, "source", &doc.source, &mut self.source_view),
            Tab::Inspector => {
                surface_inspector::show(ui, self.last_event.as_ref(), &doc.processor);
            }
        }
    }

    /// Every surface of the current stream, in the chosen width, one under the other.
    fn surfaces(&mut self, ui: &mut Ui) {
        let config = self.themes.config(self.theme);
        let Some(doc) = self.documents.get_mut(self.current) else {
            return;
        };
        let mut event = None;
        ScrollArea::vertical()
            .auto_shrink(false)
            .id_salt("surfaces")
            .show(ui, |ui| {
                let available = ui.available_width();
                let width = self.width.width_in(available);
                let left = ((available - width) / 2.0).max(0.0);
                let column = Rect::from_min_size(
                    ui.cursor().min + vec2(left, 0.0),
                    vec2(width, ui.available_height()),
                );
                ui.scope_builder(UiBuilder::new().max_rect(column), |ui| {
                    if doc.stale {
                        ui.colored_label(
                            severity_color(ui, mcpapp_card::Severity::Warning),
                            "Showing the last surfaces the file built (see the diagnostics).",
                        );
                    }
                    let ids: Vec<String> = doc.processor.surfaces().keys().cloned().collect();
                    if ids.is_empty() {
                        ui.label(
                            "No surface to show yet: the diagnostics below say what is wrong.",
                        );
                    }
                    for id in ids {
                        if doc.processor.surfaces().len() > 1 {
                            ui.weak(format!("surface {id}"));
                        }
                        let Some(surface) = doc.processor.surface_mut(&id) else {
                            continue;
                        };
                        let output = SurfaceView::new(surface)
                            .host_config(config)
                            .disabled(self.disabled)
                            .show(ui);
                        if event.is_none() {
                            event = output.event;
                        }
                        ui.add_space(12.0);
                    }
                });
            });
        if let Some(event) = event {
            self.events += 1;
            self.last_event = Some(LoggedSurfaceEvent::new(
                self.events,
                doc.name(),
                event,
                &doc.processor,
            ));
            self.tab = Tab::Inspector;
        }
    }
}

impl eframe::App for SurfacePreviewApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        self.poll_files(&ctx);
        if let Some(screenshot) = &mut self.screenshot {
            screenshot.frame(&ctx);
        }
        self.update_window(&ctx);
        Panel::top("toolbar")
            .frame(Frame::side_top_panel(ui.style()).inner_margin(Margin::symmetric(8, 6)))
            .show(ui, |ui| self.toolbar(ui));
        Panel::bottom("diagnostics")
            .resizable(true)
            .default_size(210.0)
            .frame(Frame::side_top_panel(ui.style()).inner_margin(Margin::same(8)))
            .show(ui, |ui| self.diagnostics(ui));
        if self.documents.len() > 1 {
            Panel::left("files")
                .resizable(true)
                .default_size(210.0)
                .show(ui, |ui| self.files(ui));
        }
        Panel::right("side")
            .resizable(true)
            .default_size(470.0)
            .frame(Frame::side_top_panel(ui.style()).inner_margin(Margin::same(8)))
            .show(ui, |ui| self.side_panel(ui));
        let backdrop = mcpapp_egui::backdrop(self.theme.is_dark());
        CentralPanel::default()
            .frame(Frame::central_panel(ui.style()).fill(backdrop))
            .show(ui, |ui| self.surfaces(ui));
    }
}
