//! A read-only view of a text with line numbers, that can scroll to a line and highlight it
//! (the place of a diagnostic). Only the visible lines are drawn, so a large card stays fast.

use eframe::egui::{
    Align2, Color32, FontId, Pos2, Rect, ScrollArea, Sense, Stroke, Ui, pos2, vec2,
};

/// Where the view points: the line highlighted and the one to scroll to on the next frame.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SourceView {
    /// The highlighted line (1-based) and column (1-based, in characters), if any.
    pub highlight: Option<(usize, Option<usize>)>,
    /// A line to bring into view on the next frame.
    pub scroll_to: Option<usize>,
}

impl SourceView {
    /// Highlights `line` (and marks `column`) and scrolls to it.
    pub fn jump(&mut self, line: usize, column: Option<usize>) {
        self.highlight = Some((line, column));
        self.scroll_to = Some(line);
    }
}

const FONT_SIZE: f32 = 13.0;
/// Space between the line numbers and the text, in points.
const GUTTER_GAP: f32 = 10.0;

#[expect(
    clippy::cast_precision_loss,
    reason = "line and column counts of a card are far below 2^24"
)]
fn to_f32(n: usize) -> f32 {
    n as f32
}

/// Draws `text` with line numbers, filling the space given.
pub fn show(ui: &mut Ui, id_salt: &str, text: &str, view: &mut SourceView) {
    let font = FontId::monospace(FONT_SIZE);
    let (row_height, char_width) = ui
        .ctx()
        .fonts_mut(|f| (f.row_height(&font), f.glyph_width(&font, '0')));
    let total = text.lines().count().max(1);
    let longest = text.lines().map(|l| l.chars().count()).max().unwrap_or(0);
    let digits = total.to_string().len().max(3);
    let gutter = to_f32(digits) * char_width + GUTTER_GAP;
    let content_width = gutter + to_f32(longest + 2) * char_width;

    let mut area = ScrollArea::both().auto_shrink(false).id_salt(id_salt);
    if let Some(line) = view.scroll_to.take() {
        let offset = to_f32(line.saturating_sub(1)) * row_height - ui.available_height() / 3.0;
        area = area.vertical_scroll_offset(offset.max(0.0));
        // A column past the right edge is brought to the middle; otherwise the text starts
        // at its left edge.
        let column = view.highlight.and_then(|(_, c)| c).unwrap_or(1);
        let x = gutter + to_f32(column) * char_width;
        let width = ui.available_width();
        let sideways = if x > width - 4.0 * char_width {
            x - width / 2.0
        } else {
            0.0
        };
        area = area.horizontal_scroll_offset(sideways);
    }
    let visuals = ui.visuals().clone();
    area.show_viewport(ui, |ui, viewport| {
        let (rect, _) = ui.allocate_exact_size(
            vec2(
                content_width.max(ui.available_width()),
                to_f32(total) * row_height,
            ),
            Sense::hover(),
        );
        let painter = ui.painter();
        // The gutter stays put while the text scrolls sideways under it.
        let gutter_rect = Rect::from_min_size(
            pos2(rect.left() + viewport.left(), rect.top()),
            vec2(gutter - GUTTER_GAP / 2.0, rect.height()),
        );
        let first = to_index(viewport.top() / row_height);
        let count = to_index(viewport.height() / row_height) + 2;
        let text_color = visuals.text_color();
        let weak = visuals.weak_text_color();
        let highlight_fill = visuals.selection.bg_fill.gamma_multiply(0.45);
        for (index, line) in text.lines().enumerate().skip(first).take(count) {
            let number = index + 1;
            let top = rect.top() + to_f32(index) * row_height;
            let row = Rect::from_min_size(pos2(rect.left(), top), vec2(rect.width(), row_height));
            let highlighted = view.highlight.filter(|(l, _)| *l == number);
            if highlighted.is_some() {
                painter.rect_filled(row, 0.0, highlight_fill);
            }
            painter.text(
                pos2(rect.left() + gutter, top),
                Align2::LEFT_TOP,
                line.replace('\t', "    "),
                font.clone(),
                text_color,
            );
            if let Some((_, Some(column))) = highlighted {
                let x = rect.left() + gutter + to_f32(column.saturating_sub(1)) * char_width;
                painter.line_segment(
                    [Pos2::new(x, top), Pos2::new(x, top + row_height)],
                    Stroke::new(2.0, visuals.selection.stroke.color),
                );
            }
        }
        // Opaque, so the text scrolled sideways under the gutter is hidden.
        painter.rect_filled(gutter_rect, 0.0, visuals.panel_fill);
        painter.rect_filled(gutter_rect, 0.0, visuals.faint_bg_color);
        for index in (first..total).take(count) {
            let number = index + 1;
            let top = rect.top() + to_f32(index) * row_height;
            if view.highlight.is_some_and(|(l, _)| l == number) {
                painter.rect_filled(
                    Rect::from_min_size(
                        pos2(gutter_rect.left(), top),
                        vec2(gutter_rect.width(), row_height),
                    ),
                    0.0,
                    highlight_fill,
                );
            }
            painter.text(
                pos2(gutter_rect.right() - GUTTER_GAP / 2.0, top),
                Align2::RIGHT_TOP,
                number.to_string(),
                font.clone(),
                if view.highlight.is_some_and(|(l, _)| l == number) {
                    text_color
                } else {
                    weak
                },
            );
        }
        painter.line_segment(
            [gutter_rect.right_top(), gutter_rect.right_bottom()],
            Stroke::new(1.0, Color32::from_gray(128).gamma_multiply(0.4)),
        );
    });
}

#[expect(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    reason = "a non-negative row position, clamped before the cast"
)]
fn to_index(rows: f32) -> usize {
    rows.max(0.0).floor() as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_jump_highlights_and_scrolls_once() {
        let mut view = SourceView::default();
        view.jump(12, Some(7));
        assert_eq!(view.highlight, Some((12, Some(7))));
        assert_eq!(view.scroll_to.take(), Some(12));
        assert_eq!(view.scroll_to, None);
    }

    #[test]
    fn row_positions_never_go_negative() {
        assert_eq!(to_index(-3.0), 0);
        assert_eq!(to_index(2.7), 2);
    }
}
