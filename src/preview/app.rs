//! The preview window: a toolbar (width, theme, response lock), the files, the card, its
//! diagnostics, and a side panel with the source, the template data and the action inspector.

use std::path::PathBuf;

use eframe::egui::{
    self, CentralPanel, Context, Frame, Margin, Panel, Rect, RichText, ScrollArea, TextEdit, Ui,
    UiBuilder, ViewportCommand, vec2,
};
use mcpapp_card::Severity;
use mcpapp_egui::CardView;

use super::diagnostics;
use super::document::{Document, Place, watch_path};
use super::inspector::{self, LoggedEvent};
use super::screenshot::Screenshot;
use super::settings::{ThemeChoice, Themes, WidthPreset};
use super::source::{self, SourceView};
use super::watcher::FileWatcher;

/// The tabs of the side panel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tab {
    Source,
    Data,
    Inspector,
}

/// What the window starts with.
pub struct Setup {
    /// The files, read.
    pub documents: Vec<Document>,
    /// The themes to choose from.
    pub themes: Themes,
    /// The theme shown first.
    pub theme: ThemeChoice,
    /// The width shown first.
    pub width: WidthPreset,
    /// Whether the card starts locked.
    pub disabled: bool,
    /// The screenshot to take, if one is asked for.
    pub screenshot: Option<Screenshot>,
}

/// The preview application.
pub struct PreviewApp {
    documents: Vec<Document>,
    current: usize,
    themes: Themes,
    theme: ThemeChoice,
    width: WidthPreset,
    disabled: bool,
    tab: Tab,
    /// The finding last clicked, in the current document.
    selected: Option<usize>,
    source_view: SourceView,
    expanded_view: SourceView,
    /// Whether the source tab shows the expanded template rather than the file.
    show_expanded: bool,
    last_event: Option<LoggedEvent>,
    events: u64,
    watcher: FileWatcher,
    host_config_path: Option<PathBuf>,
    screenshot: Option<Screenshot>,
    title: String,
    dark_chrome: Option<bool>,
}

impl PreviewApp {
    /// Starts watching the files and sets the window up.
    pub fn new(ctx: &Context, setup: Setup) -> Self {
        mcpapp_egui::install(ctx);
        let host_config_path = setup.themes.file.as_ref().map(|f| watch_path(&f.path));
        let watcher = FileWatcher::for_preview(
            ctx,
            setup.documents.iter().flat_map(Document::watched_folders),
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
            expanded_view: SourceView::default(),
            show_expanded: false,
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
            // Lines and findings moved: the old selection means nothing now.
            self.show_first_finding();
        }
        if let Some(next) = next {
            ctx.request_repaint_after(next);
        }
    }

    fn select_file(&mut self, index: usize) {
        if index != self.current {
            self.current = index;
            self.show_expanded = false;
            self.show_first_finding();
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
            let error = diagnostics::severity_color(ui, Severity::Error);
            if let Some(e) = &self.watcher.error {
                ui.colored_label(error, e);
            } else {
                ui.weak("live reload on");
            }
            if let Some(file) = &self.themes.file {
                if let Some(e) = &file.error {
                    ui.colored_label(error, e);
                } else if !file.warnings.is_empty() {
                    ui.colored_label(
                        diagnostics::severity_color(ui, Severity::Warning),
                        format!("{}: {} ignored", file.label(), file.warnings.len()),
                    )
                    .on_hover_text(file.warnings.join("\n"));
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
                let mut text = egui::text::LayoutJob::default();
                let style = ui.style().clone();
                RichText::new(doc.name()).append_to(
                    &mut text,
                    &style,
                    egui::FontSelection::Default,
                    egui::Align::Center,
                );
                let counts = [(errors, Severity::Error), (warnings, Severity::Warning)];
                for (k, (n, severity)) in counts.into_iter().filter(|(n, _)| *n > 0).enumerate() {
                    let lead = if k == 0 { "\n" } else { " \u{b7} " };
                    let plural = if n == 1 { "" } else { "s" };
                    RichText::new(format!("{lead}{n} {severity}{plural}"))
                        .color(diagnostics::severity_color(ui, severity))
                        .append_to(
                            &mut text,
                            &style,
                            egui::FontSelection::Default,
                            egui::Align::Center,
                        );
                }
                if ui.selectable_label(i == self.current, text).clicked() {
                    chosen = Some(i);
                }
            }
        });
        if let Some(i) = chosen {
            self.select_file(i);
        }
    }

    fn diagnostics(&mut self, ui: &mut Ui) {
        let Some(doc) = self.documents.get(self.current) else {
            return;
        };
        if let Some(clicked) = diagnostics::show(ui, doc, self.selected) {
            self.go_to(clicked);
            self.tab = Tab::Source;
        }
    }

    /// Selects a finding and shows its place in the source view.
    fn go_to(&mut self, index: usize) {
        let Some(doc) = self.documents.get(self.current) else {
            return;
        };
        let Some(d) = doc.diagnostics.get(index) else {
            return;
        };
        self.selected = Some(index);
        match doc.place(d) {
            Some(Place::Source(line)) => {
                self.show_expanded = false;
                self.source_view.jump(line, d.column);
            }
            Some(Place::Expanded(line)) => {
                self.show_expanded = true;
                self.expanded_view.jump(line, None);
            }
            None => {}
        }
    }

    /// Points the source view at the first error (or else warning) that has a place, so a
    /// broken save shows where it broke.
    fn show_first_finding(&mut self) {
        self.selected = None;
        self.source_view = SourceView::default();
        self.expanded_view = SourceView::default();
        let Some(doc) = self.documents.get(self.current) else {
            return;
        };
        let first = [Severity::Error, Severity::Warning]
            .into_iter()
            .find_map(|severity| {
                doc.diagnostics
                    .iter()
                    .position(|d| d.severity == severity && doc.place(d).is_some())
            });
        if let Some(index) = first {
            self.go_to(index);
        }
    }

    fn side_panel(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.tab, Tab::Source, "Source");
            ui.selectable_value(&mut self.tab, Tab::Data, "Template data");
            ui.selectable_value(&mut self.tab, Tab::Inspector, "Action inspector");
        });
        ui.separator();
        let Some(doc) = self.documents.get_mut(self.current) else {
            return;
        };
        match self.tab {
            Tab::Source => {
                if doc.expanded.is_some() {
                    ui.horizontal(|ui| {
                        ui.selectable_value(&mut self.show_expanded, false, "template file");
                        ui.selectable_value(&mut self.show_expanded, true, "expanded card");
                    });
                }
                match (&doc.expanded, self.show_expanded) {
                    (Some(expanded), true) => {
                        source::show(ui, "expanded", &expanded.text, &mut self.expanded_view);
                    }
                    _ => source::show(ui, "source", &doc.source, &mut self.source_view),
                }
            }
            Tab::Data => data_tab(ui, doc),
            Tab::Inspector => inspector::show(ui, self.last_event.as_ref(), &doc.state),
        }
    }

    fn card(&mut self, ui: &mut Ui) {
        let config = self.themes.config(self.theme);
        let Some(doc) = self.documents.get_mut(self.current) else {
            return;
        };
        let mut event = None;
        ScrollArea::vertical()
            .auto_shrink(false)
            .id_salt("card")
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
                            diagnostics::severity_color(ui, Severity::Warning),
                            "Showing the last card that could be read (see the diagnostics).",
                        );
                    }
                    match &doc.card {
                        Some(card) => {
                            let output = CardView::new(card, &mut doc.state)
                                .host_config(config)
                                .disabled(self.disabled)
                                .show(ui);
                            event = output.event;
                        }
                        None => {
                            ui.label(
                                "No card to show yet: the diagnostics below say what is \
                                     wrong.",
                            );
                        }
                    }
                });
            });
        if let Some(event) = event {
            self.events += 1;
            self.last_event = Some(LoggedEvent {
                number: self.events,
                file: doc.name(),
                event,
            });
            self.tab = Tab::Inspector;
        }
    }
}

fn data_tab(ui: &mut Ui, doc: &mut Document) {
    let Some(data) = &doc.data else {
        ui.label(
            "This card is not filled with data. To preview a template, give --data DATA.json \
             or put NAME.data.json beside NAME.json.",
        );
        return;
    };
    ui.horizontal_wrapped(|ui| {
        ui.weak("From");
        ui.monospace(data.path.display().to_string());
        ui.weak("\u{b7} edits fill the card again; they are not saved.");
    });
    if let Some(e) = &data.error {
        ui.colored_label(diagnostics::severity_color(ui, Severity::Error), e);
    }
    let mut text = data.text.clone();
    let changed = ScrollArea::vertical()
        .id_salt("data")
        .auto_shrink(false)
        .show(ui, |ui| {
            ui.add(
                TextEdit::multiline(&mut text)
                    .code_editor()
                    .desired_width(f32::INFINITY)
                    .desired_rows(24),
            )
            .changed()
        })
        .inner;
    if changed {
        doc.set_data_text(text);
    }
}

impl eframe::App for PreviewApp {
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
            .show(ui, |ui| self.card(ui));
    }
}
