//! `Row`: children left to right. A child with a `weight` takes that share of the width the
//! others leave (their widths last frame: a row settles in a frame or two). Without weights,
//! `spaceBetween`, `spaceAround`, `spaceEvenly` and `stretch` give each child an equal cell
//! (the first aligned to the start and the last to the end, for `spaceBetween`), and
//! `start`, `center` and `end` place the children at their own widths. `align` places each
//! child across the row's height (last frame's).

use egui::{Align, Layout, Response, Ui, Vec2};
use mcpapp_a2ui::{Child, Node};
use serde_json::Value;

use super::draw::{Drawer, GAP};

/// What a row knows before drawing: its children's sizes last frame and where they go.
struct Plan {
    weights: Vec<Option<f32>>,
    total_weight: f32,
    /// The width weighted children share.
    free: f32,
    /// The width of an equal cell, when the row uses them.
    cell: Option<f32>,
    lead: f32,
    last_widths: Vec<f32>,
    last_heights: Vec<f32>,
    settled: bool,
}

impl Plan {
    /// A child's cell: its width, whether the width is fixed (else the child takes its own),
    /// and how the child is aligned in it.
    fn cell(
        &self,
        i: usize,
        count: usize,
        justify: &str,
        available: f32,
        used: f32,
    ) -> (f32, bool, Align) {
        let weight = self
            .weights
            .get(i)
            .copied()
            .flatten()
            .filter(|_| self.total_weight > 0.0);
        match (weight, self.cell) {
            (Some(w), _) => (self.free * w / self.total_weight, true, Align::Min),
            (None, Some(cell)) => {
                let align = match justify {
                    "spaceBetween" if i == 0 => Align::Min,
                    "spaceBetween" if i + 1 == count => Align::Max,
                    "stretch" => Align::Min,
                    _ => Align::Center,
                };
                (cell, true, align)
            }
            // Its width as if the row started here: what it takes does not depend on where
            // it is placed.
            (None, None) => ((available - used).max(1.0), false, Align::Min),
        }
    }

    /// How far down a child starts for the row's `align`.
    fn offset(&self, i: usize, align: &str) -> f32 {
        if !self.settled {
            return 0.0;
        }
        let row = self.last_heights.iter().copied().fold(0.0, f32::max);
        let spare = (row - self.last_heights.get(i).copied().unwrap_or(0.0)).max(0.0);
        match align {
            "center" => spare / 2.0,
            "end" => spare,
            _ => 0.0,
        }
    }
}

impl Drawer<'_, '_> {
    /// See the module docs.
    pub(crate) fn row(&mut self, ui: &mut Ui, node: &Node) -> Response {
        let id = self.id_of(node, "sizes");
        let justify = self.word(node, "justify").unwrap_or_default();
        let align = self.word(node, "align").unwrap_or_default();
        let available = ui.available_width();
        let plan = self.plan(ui, node, id, &justify, available);
        let count = node.children.len();
        let outer_natural = self.natural;
        let mut widths = Vec::with_capacity(count);
        let mut heights = Vec::with_capacity(count);
        let response = ui
            .allocate_ui_with_layout(
                Vec2::new(available, 0.0),
                Layout::left_to_right(Align::Min),
                |ui| {
                    ui.spacing_mut().item_spacing.x = GAP;
                    ui.add_space(plan.lead);
                    let mut used = 0.0;
                    for (i, child) in node.children.iter().enumerate() {
                        let (width, fixed, inner) = plan.cell(i, count, &justify, available, used);
                        let offset = plan.offset(i, &align);
                        self.natural = outer_natural || !fixed;
                        let drawn = ui.allocate_ui_with_layout(
                            Vec2::new(width.max(1.0), 0.0),
                            Layout::top_down(inner),
                            |ui| {
                                if fixed {
                                    ui.set_width(width.max(1.0));
                                }
                                ui.add_space(offset);
                                self.child(ui, child).rect.height()
                            },
                        );
                        let taken = drawn.response.rect.width();
                        used += taken + GAP;
                        widths.push(taken);
                        heights.push(drawn.inner);
                    }
                },
            )
            .response;
        self.natural = outer_natural;
        let moved = |now: &[f32], then: &[f32]| {
            now.len() != then.len() || now.iter().zip(then).any(|(a, b)| (a - b).abs() > 0.5)
        };
        if moved(&widths, &plan.last_widths) || moved(&heights, &plan.last_heights) {
            ui.data_mut(|d| d.insert_temp(id, (widths, heights)));
            ui.ctx().request_repaint();
        }
        response
    }

    fn plan(&self, ui: &Ui, node: &Node, id: egui::Id, justify: &str, available: f32) -> Plan {
        let (last_widths, last_heights): (Vec<f32>, Vec<f32>) =
            ui.data(|d| d.get_temp(id)).unwrap_or_default();
        let weights: Vec<Option<f32>> = node.children.iter().map(|c| self.weight(c)).collect();
        let count = node.children.len();
        let settled = last_widths.len() == count;
        let gaps = GAP * crate::draw::count_f32(count.saturating_sub(1));
        let natural: f32 = weights
            .iter()
            .zip(&last_widths)
            .filter(|(w, _)| w.is_none())
            .map(|(_, width)| *width)
            .sum();
        let total_weight: f32 = weights.iter().flatten().sum();
        let free = (available - natural - gaps).max(0.0);
        let cells = total_weight <= 0.0
            && count > 0
            && matches!(
                justify,
                "spaceBetween" | "spaceAround" | "spaceEvenly" | "stretch"
            );
        let lead = match justify {
            _ if !settled || total_weight > 0.0 || cells => 0.0,
            "center" => free / 2.0,
            "end" => free,
            _ => 0.0,
        };
        Plan {
            weights,
            total_weight,
            free,
            cell: cells.then(|| (available - gaps) / crate::draw::count_f32(count.max(1))),
            lead,
            last_widths,
            last_heights,
            settled,
        }
    }

    /// A child's `weight`, when it has a positive one.
    fn weight(&self, child: &Child) -> Option<f32> {
        let Child::Node { node, .. } = child else {
            return None;
        };
        let weight = self
            .surface
            .component(&node.id)
            .and_then(|c| c.properties.get("weight"))
            .and_then(Value::as_f64)
            .filter(|w| w.is_finite() && *w > 0.0)?;
        #[expect(
            clippy::cast_possible_truncation,
            reason = "a layout weight, at most a million; f32 is plenty"
        )]
        let weight = weight.min(1e6) as f32;
        Some(weight)
    }
}
