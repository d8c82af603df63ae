//! Layout components: `Column`, `Card`, `Tabs`, `Modal` and `Divider` (`Row` is in `row.rs`).

use egui::{Align, CornerRadius, Frame, Layout, Margin, Response, RichText, Stroke, Ui, Vec2};
use mcpapp_a2ui::Node;
use mcpapp_card::enums::{ContainerStyle, FontSize};
use serde_json::Value;

use super::draw::{Drawer, GAP};
use crate::draw::{clamp_i8, clamp_u8};

/// A cross-axis alignment word as an egui layout (`stretch`, the default, fills).
pub(crate) fn cross(word: Option<&str>) -> (Align, bool) {
    match word {
        Some("start") => (Align::Min, false),
        Some("center") => (Align::Center, false),
        Some("end") => (Align::Max, false),
        _ => (Align::Min, true),
    }
}

impl Drawer<'_, '_> {
    /// A `Column`: children top to bottom.
    pub(crate) fn column(&mut self, ui: &mut Ui, node: &Node) -> Response {
        let (align, fill) = cross(self.word(node, "align").as_deref());
        // At its own width (in a row), a column cannot centre or fill: it has no width yet.
        let layout = if self.natural {
            Layout::top_down(Align::Min)
        } else {
            Layout::top_down(align).with_cross_justify(fill)
        };
        ui.with_layout(layout, |ui| {
            for child in &node.children {
                self.child(ui, child);
            }
        })
        .response
    }

    /// A `Card`: its child on a raised panel.
    pub(crate) fn card(&mut self, ui: &mut Ui, node: &Node) -> Response {
        let theme = self.theme;
        let pad = theme.padding();
        Frame::new()
            .fill(theme.background(ContainerStyle::Emphasis))
            .stroke(theme.separator())
            .corner_radius(CornerRadius::same(clamp_u8(
                theme.config.corner_radius.max(8.0),
            )))
            .inner_margin(Margin::same(clamp_i8(pad)))
            .show(ui, |ui| {
                if !self.natural {
                    ui.set_width(ui.available_width());
                }
                if let Some(child) = Self::slot(node, "/child") {
                    self.child(ui, child);
                }
            })
            .response
    }

    /// A `Divider`: a line across the row or column it is in.
    pub(crate) fn divider(&mut self, ui: &mut Ui, node: &Node) -> Response {
        let vertical = self.word(node, "axis").as_deref() == Some("vertical");
        let separator = egui::Separator::default().spacing(GAP);
        ui.add(if vertical {
            separator.vertical()
        } else {
            separator.horizontal()
        })
    }

    /// `Tabs`: a bar of titles and the chosen tab's child (the choice is view state, kept
    /// in egui's memory).
    pub(crate) fn tabs(&mut self, ui: &mut Ui, node: &Node) -> Response {
        let id = self.id_of(node, "tab");
        let titles: Vec<String> = self
            .surface
            .component(&node.id)
            .and_then(|c| c.properties.get("tabs"))
            .and_then(Value::as_array)
            .map(|tabs| {
                tabs.iter()
                    .map(|t| {
                        t.get("title")
                            .and_then(|v| self.surface.context(&node.scope).resolve_text(v).ok())
                            .map(|s| super::text::neutralise(&s))
                            .unwrap_or_default()
                    })
                    .collect()
            })
            .unwrap_or_default();
        let count = titles.len();
        let mut chosen: usize = ui.data(|d| d.get_temp(id)).unwrap_or(0);
        if chosen >= count {
            chosen = 0;
        }
        let accent = ui.visuals().hyperlink_color;
        ui.vertical(|ui| {
            ui.horizontal_wrapped(|ui| {
                for (i, title) in titles.iter().enumerate() {
                    let selected = i == chosen;
                    let text = RichText::new(title).size(self.size(FontSize::Default));
                    let tab = ui.add(egui::Button::selectable(
                        selected,
                        if selected { text.color(accent) } else { text },
                    ));
                    tab.widget_info(|| {
                        egui::WidgetInfo::selected(egui::Role::Tab, true, selected, title)
                    });
                    if selected {
                        let r = tab.rect;
                        ui.painter()
                            .hline(r.x_range(), r.bottom() + 1.0, Stroke::new(2.0, accent));
                    }
                    if tab.clicked() && i != chosen {
                        ui.data_mut(|d| d.insert_temp(id, i));
                        ui.ctx().request_repaint();
                    }
                }
            });
            ui.separator();
            if let Some(child) = Self::slot(node, &format!("/tabs/{chosen}/child")) {
                self.child(ui, child);
            }
        })
        .response
    }

    /// A `Modal`: its trigger in place; using the trigger opens the content in an egui
    /// modal window, which Escape, a click outside or its Close button closes.
    pub(crate) fn modal(&mut self, ui: &mut Ui, node: &Node) -> Response {
        let id = self.id_of(node, "open");
        let before = std::mem::replace(&mut self.clicked, false);
        let response = match Self::slot(node, "/trigger") {
            Some(trigger) => self.child(ui, trigger),
            None => ui.label(self.subtle("(a modal without a trigger)")),
        };
        if self.clicked {
            ui.data_mut(|d| d.insert_temp(id, true));
        }
        self.clicked |= before;
        let open: bool = ui.data(|d| d.get_temp(id)).unwrap_or(false);
        if open {
            let visuals = ui.visuals().clone();
            let width = ui.available_width().clamp(240.0, 480.0);
            let modal = egui::Modal::new(id.with("window")).show(ui.ctx(), |ui| {
                *ui.visuals_mut() = visuals;
                ui.spacing_mut().item_spacing = Vec2::splat(GAP);
                ui.set_width(width);
                if let Some(content) = Self::slot(node, "/content") {
                    self.child(ui, content);
                }
                ui.with_layout(Layout::right_to_left(Align::Min), |ui| ui.button("Close"))
                    .inner
                    .clicked()
            });
            if modal.inner || modal.should_close() {
                ui.data_mut(|d| d.insert_temp(id, false));
            }
        }
        response
    }
}
