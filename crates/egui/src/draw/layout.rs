//! Boxes of elements (containers, columns, table cells, carousel pages, shown cards) and
//! column sets.

use egui::{Color32, CornerRadius, Frame, Margin, Response, Sense, Stroke, Ui, UiBuilder, Vec2};
use mcpapp_card::enums::{ContainerStyle, Spacing, VerticalAlignment};
use mcpapp_card::model::{
    Action, BackgroundImage, BoxProps, Column, ColumnSet, ColumnWidth, Container,
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

impl<'c> BoxLook<'c> {
    /// The look a box's own properties give it (style, minimum height, alignment, background
    /// image, select action), padded and bled as by default: containers, columns and carousel
    /// pages start from it and change what their element adds.
    pub(crate) fn of(props: &'c BoxProps) -> Self {
        Self {
            style: props.style,
            min_height: props.min_height.map(|p| p.0),
            vertical: props.vertical_content_alignment,
            background: props.background_image.as_ref(),
            select_action: props.select_action.as_deref(),
            always_pad: false,
            padding: None,
            bleed: false,
        }
    }
}

/// How a box is set apart from its parent, worked out from its look and its parent's scope.
struct Chrome {
    /// Whether the box's style differs from its parent's: only then it has a background and
    /// a border of its own.
    styled: bool,
    /// The padding inside the box.
    pad: f32,
    /// The background of its style (transparent when not set apart).
    fill: Color32,
    /// The border of its style (none when not set apart).
    border: Stroke,
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
        let (chrome, inner_scope) = self.chrome(look, scope);
        let id = ui.make_persistent_id(("mcpapp-box", &scope.path));
        let sense = if look.select_action.is_some() && !self.disabled {
            Sense::click()
        } else {
            Sense::hover()
        };
        let response = ui
            .scope_builder(UiBuilder::new().id_salt(id).sense(sense), |ui| {
                self.frame(look, &chrome, scope).show(ui, |ui| {
                    self.box_content(ui, look, &chrome, id, &inner_scope, add);
                });
            })
            .response;
        if let Some(action) = look.select_action {
            self.select_action(ui, &response, action, scope);
        }
        response
    }

    /// How a box is set apart from its parent, and the scope of its content (its style, and
    /// whether it has padding a child may bleed into).
    fn chrome<'c>(&self, look: &BoxLook<'c>, scope: &Scope<'c>) -> (Chrome, Scope<'c>) {
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
        let chrome = Chrome {
            styled,
            pad,
            fill,
            border,
        };
        (chrome, inner_scope)
    }

    /// The frame of a box: its background, border, rounded corners and padding.
    fn frame(&self, look: &BoxLook<'_>, chrome: &Chrome, scope: &Scope<'_>) -> Frame {
        let t = self.theme;
        // A bleeding box reaches over its parent's padding to the parent's edges.
        let bleed = if look.bleed && chrome.styled && scope.padded {
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
            .fill(chrome.fill)
            .stroke(chrome.border)
            .corner_radius(CornerRadius::same(clamp_u8(t.config.corner_radius)))
            .inner_margin(Margin::same(clamp_i8(chrome.pad)))
    }

    /// Draws what is inside a box's frame: its content, as tall as the box's minimum height
    /// at least, over its background image.
    fn box_content<'c>(
        &mut self,
        ui: &mut Ui,
        look: &BoxLook<'c>,
        chrome: &Chrome,
        id: egui::Id,
        scope: &Scope<'c>,
        add: impl FnOnce(&mut Self, &mut Ui, &Scope<'c>),
    ) {
        // Fill the width, except while an auto column is measured: then the box is as wide
        // as its content.
        if !ui.is_sizing_pass() {
            ui.set_width(ui.available_width());
        }
        // The background goes under the content, but its size is known only after it:
        // reserve its place in the paint order now.
        let background_slot = look.background.map(|_| ui.painter().add(egui::Shape::Noop));
        // A minimum height is the box's outer height, padding included.
        let min =
            (look.min_height.unwrap_or(0.0) - 2.0 * (chrome.pad + chrome.border.width)).max(0.0);
        let top = ui.cursor().top();
        self.aligned(
            ui,
            look.vertical,
            min,
            id.with("content-height"),
            scope,
            add,
        );
        let used = ui.cursor().top() - top;
        if used < min {
            ui.add_space(min - used);
        }
        if let (Some(slot), Some(bg)) = (background_slot, look.background) {
            let rect = ui.min_rect().expand(chrome.pad);
            if let Some(shape) = background_shape(ui, bg, rect) {
                ui.painter().set(slot, shape);
            }
        }
    }

    /// Draws a box's content placed by its vertical alignment in the `min` height. The
    /// offset needs the content's height, known from the last frame (kept under
    /// `content_key`); a change asks for one more frame.
    fn aligned<'c>(
        &mut self,
        ui: &mut Ui,
        vertical: Option<VerticalAlignment>,
        min: f32,
        content_key: egui::Id,
        scope: &Scope<'c>,
        add: impl FnOnce(&mut Self, &mut Ui, &Scope<'c>),
    ) {
        let last: f32 = ui.data(|d| d.get_temp(content_key)).unwrap_or(0.0);
        let free = (min - last).max(0.0);
        let offset = match vertical {
            Some(VerticalAlignment::Center) => free / 2.0,
            Some(VerticalAlignment::Bottom) => free,
            _ => 0.0,
        };
        ui.add_space(offset);
        let start = ui.cursor().top();
        add(self, ui, scope);
        let height = ui.cursor().top() - start;
        if (height - last).abs() > 0.5 {
            ui.data_mut(|d| d.insert_temp(content_key, height));
            ui.ctx().request_repaint();
        }
    }

    pub(crate) fn container<'c>(
        &mut self,
        ui: &mut Ui,
        c: &'c Container,
        scope: &Scope<'c>,
    ) -> Response {
        let look = BoxLook {
            bleed: c.bleed == Some(true),
            ..BoxLook::of(&c.box_props)
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
                                min_height: Some(
                                    row_height
                                        .max(column.box_props.min_height.map_or(0.0, |p| p.0)),
                                ),
                                ..BoxLook::of(&column.box_props)
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
        let chrome = match column.box_props.style {
            Some(style) if style != scope.style => {
                let border = self.theme.style(style).border_color.map_or(0.0, |_| 1.0);
                2.0 * (self.theme.padding() + border)
            }
            _ => 0.0,
        };
        (measured + chrome + 1.0).min(max)
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
