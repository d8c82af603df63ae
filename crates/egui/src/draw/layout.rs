//! Containers, columns, tables, carousels and fact sets.

use egui::{
    Align, Color32, CornerRadius, Frame, Margin, Response, Sense, Stroke, Ui, UiBuilder, Vec2,
};
use mcpapp_card::enums::{ContainerStyle, FontType, Spacing, VerticalAlignment};
use mcpapp_card::model::{
    Action, BackgroundImage, Carousel, Column, ColumnSet, ColumnWidth, Container, FactSet, Table,
};

use super::{Drawer, Scope};

/// What a container-like box (container, column, cell, page) looks like.
pub(crate) struct BoxLook<'c> {
    pub(crate) style: Option<ContainerStyle>,
    pub(crate) min_height: Option<f32>,
    pub(crate) vertical: Option<VerticalAlignment>,
    pub(crate) background: Option<&'c BackgroundImage>,
    pub(crate) select_action: Option<&'c Action>,
    /// Padding even without a style of its own (table cells, ShowCard cards).
    pub(crate) always_pad: bool,
    /// Padding other than the host config's (table cells use the cell spacing).
    pub(crate) padding: Option<f32>,
    /// Whether the style's background reaches into the parent's padding, to its edges.
    pub(crate) bleed: bool,
}

impl Drawer<'_, '_> {
    /// Draws a box of elements: its style's background and padding when its style differs
    /// from its parent's, a minimum height, vertical alignment of its content, and a
    /// `selectAction` that makes the whole box clickable.
    pub(crate) fn boxed<'c>(
        &mut self,
        ui: &mut Ui,
        look: &BoxLook<'c>,
        scope: &Scope<'c>,
        add: impl FnOnce(&mut Self, &mut Ui, &Scope<'c>),
    ) -> Response {
        let t = self.theme;
        let styled = look.style.is_some_and(|s| s != scope.style);
        let mut inner_scope = scope.styled(look.style);
        let pad = if styled || look.always_pad {
            look.padding.unwrap_or_else(|| t.padding())
        } else {
            0.0
        };
        inner_scope.padded = pad > 0.0;
        let fill = if styled {
            t.background(inner_scope.style)
        } else {
            Color32::TRANSPARENT
        };
        let border = if styled {
            t.style(inner_scope.style)
                .border_color
                .map_or(Stroke::NONE, |c| Stroke::new(1.0, crate::theme::color32(c)))
        } else {
            Stroke::NONE
        };
        let id = ui.make_persistent_id(("mcpapp-box", &scope.path));
        let sense = if look.select_action.is_some() && !self.disabled {
            Sense::click()
        } else {
            Sense::hover()
        };
        let response = ui
            .scope_builder(UiBuilder::new().id_salt(id).sense(sense), |ui| {
                // A bleeding box reaches over its parent's padding to the parent's edges.
                let bleed = if look.bleed && styled && scope.padded {
                    -clamp_i8(t.padding())
                } else {
                    0
                };
                Frame::new()
                    .outer_margin(Margin {
                        left: bleed,
                        right: bleed,
                        top: 0,
                        bottom: 0,
                    })
                    .fill(fill)
                    .stroke(border)
                    .corner_radius(CornerRadius::same(clamp_u8(t.config.corner_radius)))
                    .inner_margin(Margin::same(clamp_i8(pad)))
                    .show(ui, |ui| {
                        // Fill the width, except while an auto column is measured: then the
                        // box is as wide as its content.
                        if !ui.is_sizing_pass() {
                            ui.set_width(ui.available_width());
                        }
                        // The background goes under the content, but its size is known only
                        // after it: reserve its place in the paint order now.
                        let background_slot =
                            look.background.map(|_| ui.painter().add(egui::Shape::Noop));
                        // A minimum height is the box's outer height, padding included.
                        let min =
                            (look.min_height.unwrap_or(0.0) - 2.0 * (pad + border.width)).max(0.0);
                        // Vertical alignment needs the content's height, known from the last
                        // frame; a change asks for one more frame.
                        let content_key = id.with("content-height");
                        let last: f32 = ui.data(|d| d.get_temp(content_key)).unwrap_or(0.0);
                        let free = (min - last).max(0.0);
                        let offset = match look.vertical {
                            Some(VerticalAlignment::Center) => free / 2.0,
                            Some(VerticalAlignment::Bottom) => free,
                            _ => 0.0,
                        };
                        let top = ui.cursor().top();
                        ui.add_space(offset);
                        let start = ui.cursor().top();
                        add(self, ui, &inner_scope);
                        let height = ui.cursor().top() - start;
                        if (height - last).abs() > 0.5 {
                            ui.data_mut(|d| d.insert_temp(content_key, height));
                            ui.ctx().request_repaint();
                        }
                        let used = ui.cursor().top() - top;
                        if used < min {
                            ui.add_space(min - used);
                        }
                        if let (Some(slot), Some(bg)) = (background_slot, look.background) {
                            let rect = ui.min_rect().expand(pad);
                            if let Some(shape) = background_shape(ui, bg, rect) {
                                ui.painter().set(slot, shape);
                            }
                        }
                    });
            })
            .response;
        if let Some(action) = look.select_action {
            self.select_action(ui, &response, action, scope);
        }
        response
    }

    pub(crate) fn container<'c>(
        &mut self,
        ui: &mut Ui,
        c: &'c Container,
        scope: &Scope<'c>,
    ) -> Response {
        let look = BoxLook {
            style: c.style,
            min_height: c.min_height.map(|p| p.0),
            vertical: c.vertical_content_alignment,
            background: c.background_image.as_ref(),
            select_action: c.select_action.as_deref(),
            always_pad: false,
            padding: None,
            bleed: c.bleed == Some(true),
        };
        self.boxed(ui, &look, scope, |r, ui, scope| {
            r.elements(ui, &c.items, &scope.child("items"));
        })
    }

    pub(crate) fn column_set<'c>(
        &mut self,
        ui: &mut Ui,
        set: &'c ColumnSet,
        scope: &Scope<'c>,
    ) -> Response {
        let look = BoxLook {
            style: set.style,
            min_height: set.min_height.map(|p| p.0),
            vertical: None,
            background: None,
            select_action: set.select_action.as_deref(),
            always_pad: false,
            padding: None,
            bleed: set.bleed == Some(true),
        };
        self.boxed(ui, &look, scope, |r, ui, scope| {
            r.columns(ui, set, scope);
        })
    }

    fn columns<'c>(&mut self, ui: &mut Ui, set: &'c ColumnSet, scope: &Scope<'c>) {
        let visible: Vec<(usize, &Column)> = set
            .columns
            .iter()
            .enumerate()
            .filter(|(_, c)| {
                self.state
                    .is_visible(c.common.id.as_deref(), c.common.is_visible)
            })
            .collect();
        if visible.is_empty() {
            return;
        }
        let total = ui.available_width();
        let gaps: Vec<f32> = visible
            .iter()
            .enumerate()
            .map(|(i, (_, c))| {
                if i == 0 {
                    0.0
                } else {
                    self.theme
                        .spacing(c.common.spacing.unwrap_or(Spacing::Default))
                }
            })
            .collect();
        let widths = self.column_widths(ui, &visible, total - gaps.iter().sum::<f32>(), scope);
        let row_key = ui.make_persistent_id(("mcpapp-row", &scope.path));
        let row_height: f32 = ui.data(|d| d.get_temp(row_key)).unwrap_or(0.0);
        let mut tallest = 0.0_f32;
        ui.horizontal_top(|ui| {
            for (((i, column), width), gap) in visible.iter().zip(&widths).zip(&gaps) {
                if *gap > 0.0 {
                    if column.common.separator == Some(true) {
                        let (rect, _) = ui.allocate_exact_size(
                            Vec2::new(*gap, row_height.max(1.0)),
                            Sense::hover(),
                        );
                        ui.painter()
                            .vline(rect.center().x, rect.y_range(), self.theme.separator());
                    } else {
                        ui.add_space(*gap);
                    }
                }
                let column_scope = scope.child(&format!("columns/{i}"));
                let response = ui
                    .allocate_ui_with_layout(
                        Vec2::new(*width, row_height),
                        egui::Layout::top_down(super::text::align(column.horizontal_alignment)),
                        |ui| {
                            ui.set_width(*width);
                            let look = BoxLook {
                                style: column.style,
                                min_height: Some(
                                    row_height.max(column.min_height.map_or(0.0, |p| p.0)),
                                ),
                                vertical: column.vertical_content_alignment,
                                background: column.background_image.as_ref(),
                                select_action: column.select_action.as_deref(),
                                always_pad: false,
                                padding: None,
                                bleed: false,
                            };
                            self.boxed(ui, &look, &column_scope, |r, ui, scope| {
                                r.elements(ui, &column.items, &scope.child("items"));
                            })
                        },
                    )
                    .inner;
                tallest = tallest.max(response.rect.height());
            }
        });
        if (tallest - row_height).abs() > 0.5 {
            ui.data_mut(|d| d.insert_temp(row_key, tallest));
            ui.ctx().request_repaint();
        }
    }

    /// The widths of a set's columns: pixels as given, `auto` as wide as the content,
    /// weights and `stretch` (weight 1) sharing what is left.
    fn column_widths<'c>(
        &mut self,
        ui: &mut Ui,
        columns: &[(usize, &'c Column)],
        total: f32,
        scope: &Scope<'c>,
    ) -> Vec<f32> {
        let mut widths = vec![0.0_f32; columns.len()];
        let mut weights = vec![0.0_f32; columns.len()];
        let mut fixed = 0.0;
        for (slot, (i, column)) in columns.iter().enumerate() {
            let (w, weight) = match column.width.unwrap_or(ColumnWidth::Stretch) {
                ColumnWidth::Pixels(px) => (px.0, 0.0),
                ColumnWidth::Weight(weight) => (0.0, weight),
                ColumnWidth::Stretch => (0.0, 1.0),
                ColumnWidth::Auto => (
                    self.measure_column(ui, column, total, &scope.child(&format!("columns/{i}"))),
                    0.0,
                ),
            };
            if let (Some(wslot), Some(weight_slot)) = (widths.get_mut(slot), weights.get_mut(slot))
            {
                *wslot = w;
                *weight_slot = weight;
            }
            fixed += w;
        }
        let remaining = (total - fixed).max(0.0);
        let weight_sum: f32 = weights.iter().sum();
        if weight_sum > 0.0 {
            for (w, weight) in widths.iter_mut().zip(&weights) {
                if *weight > 0.0 {
                    *w = remaining * weight / weight_sum;
                }
            }
        }
        // Never wider than the row: when pixel and auto columns alone overflow it, they shrink
        // in proportion (the weighted ones got nothing left).
        let sum: f32 = widths.iter().sum();
        if sum > total && sum > 0.0 {
            for w in &mut widths {
                *w *= total / sum;
            }
        }
        widths.iter().map(|w| w.max(1.0)).collect()
    }

    /// How wide an `auto` column's content is, from a sizing pass that draws nothing.
    fn measure_column<'c>(
        &mut self,
        ui: &mut Ui,
        column: &'c Column,
        max: f32,
        scope: &Scope<'c>,
    ) -> f32 {
        let id = ui.make_persistent_id(("mcpapp-measure", &scope.path));
        // A child that is not placed in the parent's layout: measuring takes no space.
        let mut child = ui.new_child(
            UiBuilder::new()
                .id_salt(id)
                .max_rect(egui::Rect::from_min_size(
                    ui.cursor().min,
                    Vec2::new(max, f32::INFINITY),
                ))
                .sizing_pass()
                .invisible(),
        );
        let was = self.disabled;
        self.disabled = true;
        self.elements(&mut child, &column.items, &scope.child("items"));
        self.disabled = was;
        let measured = child.min_rect().width();
        // What the column's box adds around its content: padding and border, when its style
        // sets it apart; one more pixel so text measured to fit is not cut by rounding.
        let chrome = match column.style {
            Some(style) if style != scope.style => {
                let border = self.theme.style(style).border_color.map_or(0.0, |_| 1.0);
                2.0 * (self.theme.padding() + border)
            }
            _ => 0.0,
        };
        (measured + chrome + 1.0).min(max)
    }

    pub(crate) fn fact_set<'c>(
        &mut self,
        ui: &mut Ui,
        set: &'c FactSet,
        scope: &Scope<'c>,
    ) -> Response {
        let t = self.theme;
        let cfg = &t.config.fact_set;
        let title_look = super::text::Look {
            font: t.font_id(FontType::Default, cfg.title.size),
            color: t.text_color(scope.style, cfg.title.color, cfg.title.is_subtle),
            bold: t.is_bold(FontType::Default, cfg.title.weight),
            wrap: true,
            max_lines: None,
            align: Align::LEFT,
        };
        let value_look = super::text::Look {
            font: t.font_id(FontType::Default, cfg.value.size),
            color: t.text_color(scope.style, cfg.value.color, cfg.value.is_subtle),
            bold: t.is_bold(FontType::Default, cfg.value.weight),
            wrap: true,
            max_lines: None,
            align: Align::LEFT,
        };
        let link = t.text_color(scope.style, mcpapp_card::enums::Color::Accent, false);
        let total = ui.available_width();
        // The titles' column is as wide as the longest title, up to the host's maximum.
        let longest = set
            .facts
            .iter()
            .map(|f| {
                ui.fonts_mut(|fonts| {
                    fonts
                        .layout_no_wrap(f.title.clone(), title_look.font.clone(), title_look.color)
                        .size()
                        .x
                })
            })
            .fold(0.0_f32, f32::max);
        let title_width = (longest + 2.0)
            .min(cfg.title.max_width.unwrap_or(f32::INFINITY))
            .min(total * 0.45);
        let gap = cfg.spacing;
        let sizing = ui.is_sizing_pass();
        ui.vertical(|ui| {
            for (i, fact) in set.facts.iter().enumerate() {
                if i > 0 {
                    ui.add_space(t.spacing(Spacing::Small));
                }
                ui.horizontal_top(|ui| {
                    ui.allocate_ui_with_layout(
                        Vec2::new(title_width, 0.0),
                        egui::Layout::top_down(Align::Min),
                        |ui| {
                            ui.set_width(title_width);
                            self.markdown(ui, &fact.title, &title_look, link, scope);
                        },
                    );
                    ui.add_space(gap);
                    let rest = ui.available_width();
                    ui.allocate_ui_with_layout(
                        Vec2::new(rest, 0.0),
                        egui::Layout::top_down(Align::Min),
                        |ui| {
                            if !sizing {
                                ui.set_width(rest);
                            }
                            self.markdown(ui, &fact.value, &value_look, link, scope);
                        },
                    );
                });
            }
        })
        .response
    }

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
                    style: cell.and_then(|c| c.style).or(row.style),
                    min_height: Some(row_height),
                    vertical: cell
                        .and_then(|c| c.vertical_content_alignment)
                        .or(row.vertical_cell_content_alignment)
                        .or(table.vertical_cell_content_alignment),
                    background: cell.and_then(|c| c.background_image.as_ref()),
                    select_action: cell.and_then(|c| c.select_action.as_deref()),
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

    pub(crate) fn carousel<'c>(
        &mut self,
        ui: &mut Ui,
        carousel: &'c Carousel,
        scope: &Scope<'c>,
    ) -> Response {
        let pages = carousel.pages.len();
        if pages == 0 {
            return ui.allocate_response(Vec2::ZERO, Sense::hover());
        }
        let initial = carousel
            .initial_page
            .map_or(0, |p| p as usize)
            .min(pages - 1);
        let current = self
            .state
            .carousel_pages
            .get(&scope.path)
            .copied()
            .unwrap_or(initial)
            .min(pages - 1);
        let loops = carousel.loops.unwrap_or(false);
        ui.vertical(|ui| {
            if let Some(page) = carousel.pages.get(current) {
                let look = BoxLook {
                    style: page.style,
                    min_height: carousel
                        .height_in_pixels
                        .map(|p| p.0)
                        .or(page.min_height.map(|p| p.0)),
                    vertical: page.vertical_content_alignment,
                    background: page.background_image.as_ref(),
                    select_action: page.select_action.as_deref(),
                    always_pad: false,
                    padding: None,
                    bleed: false,
                };
                let page_scope = scope.child(&format!("pages/{current}"));
                self.boxed(ui, &look, &page_scope, |r, ui, scope| {
                    r.elements(ui, &page.items, &scope.child("items"));
                });
            }
            ui.add_space(self.theme.spacing(Spacing::Small));
            let mut next = current;
            ui.horizontal(|ui| {
                let can_back = loops || current > 0;
                let can_forward = loops || current + 1 < pages;
                if ui
                    .add_enabled(!self.disabled && can_back, egui::Button::new("‹").small())
                    .on_hover_text("Previous page")
                    .widget_info_label("Previous page")
                    .clicked()
                {
                    next = (current + pages - 1) % pages;
                }
                ui.add_space(6.0);
                ui.label(format!("{} / {pages}", current + 1));
                ui.add_space(6.0);
                if ui
                    .add_enabled(
                        !self.disabled && can_forward,
                        egui::Button::new("›").small(),
                    )
                    .on_hover_text("Next page")
                    .widget_info_label("Next page")
                    .clicked()
                {
                    next = (current + 1) % pages;
                }
            });
            // `timer`: the pages turn by themselves every so many milliseconds, except while
            // the pointer rests on the carousel (someone is reading) or the card is disabled;
            // without `loop` they stop at the last page.
            let since_key = ui.make_persistent_id(("mcpapp-carousel-since", &scope.path, current));
            let now = ui.input(|i| i.time);
            let since = ui.data_mut(|d| *d.get_temp_mut_or_insert_with(since_key, || now));
            if let Some(timer) = carousel.timer.filter(|t| *t > 0)
                && next == current
                && !self.disabled
                && pages > 1
                && (loops || current + 1 < pages)
            {
                let period = f64::from(timer) / 1000.0;
                let hovered = ui.rect_contains_pointer(ui.min_rect());
                if hovered {
                    ui.data_mut(|d| d.insert_temp(since_key, now));
                } else if now - since >= period {
                    next = (current + 1) % pages;
                } else {
                    ui.ctx()
                        .request_repaint_after(std::time::Duration::from_secs_f64(
                            period - (now - since),
                        ));
                }
            }
            if next != current {
                self.state.carousel_pages.insert(scope.path.clone(), next);
                self.view_changed = true;
                let next_key = ui.make_persistent_id(("mcpapp-carousel-since", &scope.path, next));
                ui.data_mut(|d| d.insert_temp(next_key, now));
            }
        })
        .response
    }
}

/// A background image covering `rect` (cropped to keep its aspect ratio), if it is loaded.
fn background_shape(ui: &Ui, bg: &BackgroundImage, rect: egui::Rect) -> Option<egui::Shape> {
    let poll = ui.ctx().try_load_texture(
        &bg.url,
        egui::TextureOptions::LINEAR,
        egui::load::SizeHint::default(),
    );
    let Ok(egui::load::TexturePoll::Ready { texture }) = poll else {
        return None;
    };
    let (tw, th) = (texture.size.x.max(1.0), texture.size.y.max(1.0));
    let scale = (rect.width() / tw)
        .max(rect.height() / th)
        .max(f32::EPSILON);
    let (u, v) = (
        (rect.width() / scale / tw).min(1.0),
        (rect.height() / scale / th).min(1.0),
    );
    let uv = egui::Rect::from_min_max(
        egui::pos2(f32::midpoint(1.0, -u), f32::midpoint(1.0, -v)),
        egui::pos2(f32::midpoint(1.0, u), f32::midpoint(1.0, v)),
    );
    Some(egui::Shape::image(texture.id, rect, uv, Color32::WHITE))
}

/// Gives a button an accessible name other than its text.
trait WidgetInfoLabel {
    fn widget_info_label(self, label: &str) -> Self;
}

impl WidgetInfoLabel for Response {
    fn widget_info_label(self, label: &str) -> Self {
        let enabled = self.enabled();
        self.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, label));
        self
    }
}

#[expect(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    reason = "clamped to the range"
)]
pub(crate) fn clamp_u8(v: f32) -> u8 {
    v.clamp(0.0, 255.0) as u8
}

#[expect(clippy::cast_possible_truncation, reason = "clamped to the range")]
pub(crate) fn clamp_i8(v: f32) -> i8 {
    v.clamp(0.0, 127.0) as i8
}
