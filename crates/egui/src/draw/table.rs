//! Tables: columns sized by pixels or weight, rows as tall as their tallest cell, grid lines.

use egui::{CornerRadius, Response, Sense, Stroke, Ui, Vec2};
use mcpapp_card::enums::ContainerStyle;
use mcpapp_card::model::{ColumnWidth, Table};

use super::layout::BoxLook;
use super::{Drawer, Scope};

impl Drawer<'_, '_> {
    /// Draws a table: its rows top to bottom, every cell a box (padded by the cell spacing)
    /// with the grid's lines around it unless they are turned off.
    pub(crate) fn table<'c>(
        &mut self,
        ui: &mut Ui,
        table: &'c Table,
        scope: &Scope<'c>,
    ) -> Response {
        let t = self.theme;
        let total = ui.available_width();
        let columns = table.rows.iter().map(|r| r.cells.len()).max().unwrap_or(0);
        if columns == 0 {
            return ui.allocate_response(Vec2::ZERO, Sense::hover());
        }
        // Pixel columns as given; the others share the rest by weight (default 1).
        let mut weights = Vec::with_capacity(columns);
        let mut fixed = 0.0;
        for c in 0..columns {
            match table.columns.get(c).and_then(|d| d.width) {
                Some(ColumnWidth::Pixels(px)) => {
                    weights.push((px.0, 0.0));
                    fixed += px.0;
                }
                Some(ColumnWidth::Weight(w)) => weights.push((0.0, w)),
                _ => weights.push((0.0, 1.0)),
            }
        }
        let weight_sum: f32 = weights.iter().map(|(_, w)| w).sum();
        let free = (total - fixed).max(0.0);
        let widths: Vec<f32> = weights
            .iter()
            .map(|(px, w)| {
                if *w > 0.0 {
                    free * w / weight_sum.max(0.001)
                } else {
                    *px
                }
            })
            .collect();
        let grid_style = table.grid_style.unwrap_or(ContainerStyle::Default);
        let stroke = if table.show_grid_lines == Some(false) {
            Stroke::NONE
        } else {
            let border = t
                .style(grid_style)
                .border_color
                .map_or(t.separator().color, crate::theme::color32);
            Stroke::new(1.0, border)
        };
        ui.vertical(|ui| {
            for r in 0..table.rows.len() {
                self.table_row(ui, table, r, &widths, stroke, scope);
            }
        })
        .response
    }

    /// One row of a table: its cells side by side, all as tall as the tallest (known from the
    /// last frame), each with its grid lines.
    fn table_row<'c>(
        &mut self,
        ui: &mut Ui,
        table: &'c Table,
        r: usize,
        widths: &[f32],
        stroke: Stroke,
        scope: &Scope<'c>,
    ) {
        let Some(row) = table.rows.get(r) else { return };
        let header = table.first_row_as_headers != Some(false) && r == 0;
        let cell_padding = self.theme.config.table.cell_spacing;
        let row_key = ui.make_persistent_id(("mcpapp-table-row", &scope.path, r));
        let row_height: f32 = ui.data(|d| d.get_temp(row_key)).unwrap_or(0.0);
        let mut tallest = 0.0_f32;
        ui.horizontal_top(|ui| {
            for (c, width) in widths.iter().enumerate() {
                let cell = row.cells.get(c);
                let mut cell_scope = scope.child(&format!("rows/{r}/cells/{c}"));
                cell_scope.header = header;
                let horizontal = table
                    .columns
                    .get(c)
                    .and_then(|d| d.horizontal_cell_content_alignment)
                    .or(row.horizontal_cell_content_alignment)
                    .or(table.horizontal_cell_content_alignment);
                let look = BoxLook {
                    style: cell.and_then(|c| c.box_props.style).or(row.style),
                    min_height: Some(row_height),
                    vertical: cell
                        .and_then(|c| c.box_props.vertical_content_alignment)
                        .or(row.vertical_cell_content_alignment)
                        .or(table.vertical_cell_content_alignment),
                    background: cell.and_then(|c| c.box_props.background_image.as_ref()),
                    select_action: cell.and_then(|c| c.box_props.select_action.as_deref()),
                    always_pad: true,
                    padding: Some(cell_padding),
                    bleed: false,
                };
                let response = ui
                    .allocate_ui_with_layout(
                        Vec2::new(*width, row_height),
                        egui::Layout::top_down(super::text::align(horizontal)),
                        |ui| {
                            ui.set_width(*width);
                            self.boxed(ui, &look, &cell_scope, |r, ui, scope| {
                                if let Some(cell) = cell {
                                    r.elements(ui, &cell.items, &scope.child("items"));
                                }
                            })
                        },
                    )
                    .inner;
                if stroke.width > 0.0 {
                    ui.painter().rect_stroke(
                        response.rect,
                        CornerRadius::ZERO,
                        stroke,
                        egui::StrokeKind::Middle,
                    );
                }
                tallest = tallest.max(response.rect.height());
            }
        });
        if (tallest - row_height).abs() > 0.5 {
            ui.data_mut(|d| d.insert_temp(row_key, tallest));
            ui.ctx().request_repaint();
        }
    }
}
