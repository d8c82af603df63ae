//! `List`: its children in a column (or a scrolling row). A long vertical list is
//! virtualised: it scrolls in a bounded height and only the items in view are drawn, placed
//! by the heights items had when last drawn (an estimate for the others).

use egui::{Align, Layout, Response, ScrollArea, Ui};
use mcpapp_a2ui::Node;

use super::draw::{Drawer, GAP};

/// Lists with more children than this scroll and draw only what is in view.
pub(crate) const VIRTUALISE_AFTER: usize = 30;

/// The height of a virtualised list's viewport, in points.
const LIST_HEIGHT: f32 = 420.0;

/// The height assumed for an item never drawn, before any item was.
const DEFAULT_ITEM_HEIGHT: f32 = 40.0;

impl Drawer<'_, '_> {
    /// See the module docs.
    pub(crate) fn list(&mut self, ui: &mut Ui, node: &Node) -> Response {
        if self.word(node, "direction").as_deref() == Some("horizontal") {
            return ScrollArea::horizontal()
                .id_salt(self.id_of(node, "scroll"))
                .show(ui, |ui| {
                    ui.horizontal(|ui| {
                        for child in &node.children {
                            self.child(ui, child);
                        }
                    })
                })
                .inner
                .response;
        }
        let (align, fill) = match self.word(node, "align").as_deref() {
            Some("center") => (Align::Center, false),
            Some("end") => (Align::Max, false),
            Some("start") => (Align::Min, false),
            _ => (Align::Min, true),
        };
        let layout = Layout::top_down(align).with_cross_justify(fill);
        if node.children.len() <= VIRTUALISE_AFTER {
            return ui
                .with_layout(layout, |ui| {
                    for child in &node.children {
                        self.child(ui, child);
                    }
                })
                .response;
        }
        self.virtual_list(ui, node, layout)
    }

    fn virtual_list(&mut self, ui: &mut Ui, node: &Node, layout: Layout) -> Response {
        let id = self.id_of(node, "heights");
        let mut heights: Vec<Option<f32>> = ui
            .data(|d| d.get_temp(id))
            .unwrap_or_else(|| vec![None; node.children.len()]);
        heights.resize(node.children.len(), None);
        let known: Vec<f32> = heights.iter().flatten().copied().collect();
        let estimate = if known.is_empty() {
            DEFAULT_ITEM_HEIGHT
        } else {
            known.iter().sum::<f32>() / crate::draw::count_f32(known.len())
        };
        let mut changed = false;
        let output = ScrollArea::vertical()
            .id_salt(self.id_of(node, "scroll"))
            .max_height(LIST_HEIGHT)
            .auto_shrink([false, true])
            .show_viewport(ui, |ui, viewport| {
                ui.with_layout(layout, |ui| {
                    ui.spacing_mut().item_spacing.y = 0.0;
                    let mut top = 0.0;
                    let mut skipped = 0.0;
                    for (i, child) in node.children.iter().enumerate() {
                        let height = heights.get(i).copied().flatten().unwrap_or(estimate) + GAP;
                        let visible = top + height >= viewport.min.y && top <= viewport.max.y;
                        top += height;
                        if !visible {
                            skipped += height;
                            continue;
                        }
                        if skipped > 0.0 {
                            ui.add_space(skipped);
                            skipped = 0.0;
                        }
                        let drawn = ui.scope(|ui| self.child(ui, child)).response.rect.height();
                        ui.add_space(GAP);
                        if let Some(slot) = heights.get_mut(i)
                            && slot.is_none_or(|h| (h - drawn).abs() > 0.5)
                        {
                            *slot = Some(drawn);
                            changed = true;
                        }
                    }
                    if skipped > 0.0 {
                        ui.add_space(skipped);
                    }
                })
                .response
            });
        if changed {
            ui.data_mut(|d| d.insert_temp(id, heights));
            ui.ctx().request_repaint();
        }
        output.inner
    }
}
