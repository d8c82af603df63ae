//! The preview as a widget an embedder puts in any `egui::Ui`: a toolbar (width, theme,
//! response lock), the files, the card or surfaces of the current one, its diagnostics, and a
//! side panel with the source, the template data (cards) and the action inspector. The files
//! are read again as they are saved.

use std::path::PathBuf;

use eframe::egui::{
    self, CentralPanel, Context, Frame, Margin, Panel, Rect, RichText, ScrollArea, Ui, UiBuilder,
    vec2,
};
use mcpapp_card::Severity;

use crate::diagnostics::{self, severity_color};
use crate::kind::{Logged, Place, Previewed};
use crate::options::Setup;
use crate::settings::{ThemeChoice, Themes, WidthPreset};
use crate::source::{self, SourceView};
use crate::watcher::{FileWatcher, watch_path};
use crate::{data, inspector};

/// The tabs of the side panel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tab {
    Source,
    Data,
    Inspector,
}

/// The preview of cards (`PreviewWidget<CardDocument>`) or of A2UI streams
/// (`PreviewWidget<StreamDocument>`).
pub struct PreviewWidget<D> {
    documents: Vec<D>,
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
    last: Option<Logged>,
    events: u64,
    watcher: FileWatcher,
    host_config_path: Option<PathBuf>,
}

impl<D: Previewed> PreviewWidget<D> {
    /// Starts watching the files (a change asks `ctx` for a repaint).
    pub fn new(ctx: &Context, setup: Setup<D>) -> Self {
        let host_config_path = setup.themes.file.as_ref().map(|f| watch_path(&f.path));
        let watcher = FileWatcher::for_preview(
            ctx,
            setup.documents.iter().flat_map(Previewed::watched_folders),
            host_config_path.as_deref(),
        );
        let mut widget = Self {
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
            last: None,
            events: 0,
            watcher,
            host_config_path,
        };
        widget.show_first_finding();
        widget
    }

    /// The document shown.
    pub fn current(&self) -> Option<&D> {
        self.documents.get(self.current)
    }

    /// The theme shown.
    pub fn theme(&self) -> ThemeChoice {
        self.theme
    }

    /// The last action the view reported, as the inspector shows it.
    pub fn last_action(&self) -> Option<&Logged> {
        self.last.as_ref()
    }

    /// Takes in the files' changes, then draws everything in `ui`, which it fills.
    pub fn show(&mut self, ui: &mut Ui) {
        self.poll_files(ui.ctx());
        Panel::top("toolbar")
            .frame(Frame::side_top_panel(ui.style()).inner_margin(Margin::symmetric(8, 6)))
            .show(ui, |ui| self.toolbar(ui));
        padded_panel(Panel::bottom("diagnostics"), 210.0, ui.style())
            .show(ui, |ui| self.diagnostics(ui));
        if self.documents.len() > 1 {
            Panel::left("files")
                .resizable(true)
                .default_size(210.0)
                .show(ui, |ui| self.files(ui));
        }
        padded_panel(Panel::right("side"), 470.0, ui.style()).show(ui, |ui| self.side_panel(ui));
        let backdrop = mcpapp_egui::backdrop(self.theme.is_dark());
        CentralPanel::default()
            .frame(Frame::central_panel(ui.style()).fill(backdrop))
            .show(ui, |ui| self.view(ui));
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
            let error = severity_color(ui, Severity::Error);
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
                        severity_color(ui, Severity::Warning),
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
                let append = |text_part: RichText, job: &mut egui::text::LayoutJob| {
                    text_part.append_to(
                        job,
                        &style,
                        egui::FontSelection::Default,
                        egui::Align::Center,
                    );
                };
                append(RichText::new(doc.name()), &mut text);
                let counts = [(errors, Severity::Error), (warnings, Severity::Warning)];
                for (k, (n, severity)) in counts.into_iter().filter(|(n, _)| *n > 0).enumerate() {
                    let lead = if k == 0 { "\n" } else { " \u{b7} " };
                    let plural = if n == 1 { "" } else { "s" };
                    let part = RichText::new(format!("{lead}{n} {severity}{plural}"))
                        .color(severity_color(ui, severity));
                    append(part, &mut text);
                }
                if ui.selectable_label(i == self.current, text).clicked() {
                    chosen = Some(i);
                }
            }
        });
        if let Some(i) = chosen.filter(|&i| i != self.current) {
            self.current = i;
            self.show_expanded = false;
            self.show_first_finding();
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
        let Some(finding) = doc.findings().into_iter().nth(index) else {
            return;
        };
        self.selected = Some(index);
        match finding.place {
            Some(Place::Source(line, column)) => {
                self.show_expanded = false;
                self.source_view.jump(line, column);
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
        let findings = doc.findings();
        let first = [Severity::Error, Severity::Warning]
            .into_iter()
            .find_map(|severity| {
                findings
                    .iter()
                    .position(|f| f.severity == severity && f.place.is_some())
            });
        if let Some(index) = first {
            self.go_to(index);
        }
    }

    fn side_panel(&mut self, ui: &mut Ui) {
        let Some(doc) = self.documents.get_mut(self.current) else {
            return;
        };
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.tab, Tab::Source, "Source");
            if doc.takes_data() {
                ui.selectable_value(&mut self.tab, Tab::Data, "Template data");
            }
            ui.selectable_value(&mut self.tab, Tab::Inspector, "Action inspector");
        });
        ui.separator();
        match self.tab {
            Tab::Source => {
                if let Some(expanded) = doc.expanded() {
                    ui.horizontal(|ui| {
                        ui.selectable_value(&mut self.show_expanded, false, "template file");
                        ui.selectable_value(&mut self.show_expanded, true, "expanded card");
                    });
                    if self.show_expanded {
                        source::show(ui, "expanded", expanded, &mut self.expanded_view);
                        return;
                    }
                }
                source::show(ui, "source", doc.source(), &mut self.source_view);
            }
            Tab::Data => {
                if let Some(text) = data::show(ui, doc.data()) {
                    doc.set_data_text(text);
                }
            }
            Tab::Inspector => inspector::show(ui, self.last.as_ref(), &*doc),
        }
    }

    /// The card or surfaces, in the chosen width, centred.
    fn view(&mut self, ui: &mut Ui) {
        let config = self.themes.config(self.theme);
        let Some(doc) = self.documents.get_mut(self.current) else {
            return;
        };
        let mut action = None;
        ScrollArea::vertical()
            .auto_shrink(false)
            .id_salt("view")
            .show(ui, |ui| {
                let available = ui.available_width();
                let width = self.width.width_in(available);
                let left = ((available - width) / 2.0).max(0.0);
                let column = Rect::from_min_size(
                    ui.cursor().min + vec2(left, 0.0),
                    vec2(width, ui.available_height()),
                );
                ui.scope_builder(UiBuilder::new().max_rect(column), |ui| {
                    if let Some(note) = doc.stale_note() {
                        ui.colored_label(severity_color(ui, Severity::Warning), note);
                    }
                    action = doc.show(ui, config, self.disabled);
                });
            });
        if let Some((headline, details)) = action {
            self.events += 1;
            self.last = Some(Logged {
                number: self.events,
                file: doc.name(),
                headline,
                details,
            });
            self.tab = Tab::Inspector;
        }
    }
}

/// A resizable panel `size` points across, framed as a side panel with room around what it
/// holds: the diagnostics and the side panel sit the same way.
fn padded_panel(panel: Panel, size: f32, style: &egui::Style) -> Panel {
    panel
        .resizable(true)
        .default_size(size)
        .frame(Frame::side_top_panel(style).inner_margin(Margin::same(8)))
}
