//! A read-only view of a text with line numbers, that can scroll to a line and highlight it
//! (the place of a diagnostic). Only the visible lines are drawn, so a large card stays fast.

use eframe::egui::{
    Align2, Color32, FontId, Painter, Pos2, Rect, ScrollArea, Sense, Stroke, Ui, Visuals, pos2,
    vec2,
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
    let metrics = Metrics::measure(ui, text);
    let mut area = ScrollArea::both().auto_shrink(false).id_salt(id_salt);
    if let Some(line) = view.scroll_to.take() {
        area = scroll_to_line(area, ui, &metrics, line, view.highlight);
    }
    let visuals = ui.visuals().clone();
    area.show_viewport(ui, |ui, viewport| {
        let (rect, _) = ui.allocate_exact_size(
            vec2(
                metrics.content_width.max(ui.available_width()),
                to_f32(metrics.total) * metrics.row_height,
            ),
            Sense::hover(),
        );
        let page = Page::new(
            ui.painter(),
            &metrics,
            &visuals,
            rect,
            viewport,
            view.highlight,
        );
        page.paint_lines(text);
        page.paint_gutter();
    });
}

/// The sizes a text is laid out with: its font's row and character, and the gutter.
struct Metrics {
    font: FontId,
    row_height: f32,
    char_width: f32,
    /// The number of lines (at least one, so an empty text still shows line 1).
    total: usize,
    /// The width of the line numbers and the gap after them.
    gutter: f32,
    /// The gutter and the longest line, with two characters to spare.
    content_width: f32,
}

impl Metrics {
    fn measure(ui: &Ui, text: &str) -> Self {
        let font = FontId::monospace(FONT_SIZE);
        let (row_height, char_width) = ui
            .ctx()
            .fonts_mut(|f| (f.row_height(&font), f.glyph_width(&font, '0')));
        let total = text.lines().count().max(1);
        let longest = text.lines().map(|l| l.chars().count()).max().unwrap_or(0);
        let digits = total.to_string().len().max(3);
        let gutter = to_f32(digits) * char_width + GUTTER_GAP;
        let content_width = gutter + to_f32(longest + 2) * char_width;
        Self {
            font,
            row_height,
            char_width,
            total,
            gutter,
            content_width,
        }
    }
}

/// `area` scrolled so that `line` is a third of the way down, and sideways if the highlighted
/// column would be out of view.
fn scroll_to_line(
    area: ScrollArea,
    ui: &Ui,
    metrics: &Metrics,
    line: usize,
    highlight: Option<(usize, Option<usize>)>,
) -> ScrollArea {
    let offset = to_f32(line.saturating_sub(1)) * metrics.row_height - ui.available_height() / 3.0;
    // A column past the right edge is brought to the middle; otherwise the text starts
    // at its left edge.
    let column = highlight.and_then(|(_, c)| c).unwrap_or(1);
    let x = metrics.gutter + to_f32(column) * metrics.char_width;
    let width = ui.available_width();
    let sideways = if x > width - 4.0 * metrics.char_width {
        x - width / 2.0
    } else {
        0.0
    };
    area.vertical_scroll_offset(offset.max(0.0))
        .horizontal_scroll_offset(sideways)
}

/// One frame's drawing of the rows in view.
struct Page<'a> {
    painter: &'a Painter,
    metrics: &'a Metrics,
    visuals: &'a Visuals,
    /// The whole text's rect, most of it out of view.
    rect: Rect,
    /// The line numbers' column, pinned to the viewport's left edge.
    gutter_rect: Rect,
    /// The first row in view (0-based).
    first: usize,
    /// How many rows are drawn from `first`.
    count: usize,
    highlight: Option<(usize, Option<usize>)>,
    highlight_fill: Color32,
}

impl<'a> Page<'a> {
    fn new(
        painter: &'a Painter,
        metrics: &'a Metrics,
        visuals: &'a Visuals,
        rect: Rect,
        viewport: Rect,
        highlight: Option<(usize, Option<usize>)>,
    ) -> Self {
        // The gutter stays put while the text scrolls sideways under it.
        let gutter_rect = Rect::from_min_size(
            pos2(rect.left() + viewport.left(), rect.top()),
            vec2(metrics.gutter - GUTTER_GAP / 2.0, rect.height()),
        );
        Self {
            painter,
            metrics,
            visuals,
            rect,
            gutter_rect,
            first: to_index(viewport.top() / metrics.row_height),
            count: to_index(viewport.height() / metrics.row_height) + 2,
            highlight,
            highlight_fill: visuals.selection.bg_fill.gamma_multiply(0.45),
        }
    }

    /// The top of row `index` (0-based).
    fn top(&self, index: usize) -> f32 {
        self.rect.top() + to_f32(index) * self.metrics.row_height
    }

    fn is_highlighted(&self, number: usize) -> bool {
        self.highlight.is_some_and(|(l, _)| l == number)
    }

    /// The visible lines of `text`, the highlighted one on a tinted row with a caret at its
    /// column.
    fn paint_lines(&self, text: &str) {
        let Metrics {
            row_height,
            char_width,
            gutter,
            ..
        } = *self.metrics;
        let rect = self.rect;
        for (index, line) in text.lines().enumerate().skip(self.first).take(self.count) {
            let number = index + 1;
            let top = self.top(index);
            let row = Rect::from_min_size(pos2(rect.left(), top), vec2(rect.width(), row_height));
            let highlighted = self.highlight.filter(|(l, _)| *l == number);
            if highlighted.is_some() {
                self.painter.rect_filled(row, 0.0, self.highlight_fill);
            }
            self.painter.text(
                pos2(rect.left() + gutter, top),
                Align2::LEFT_TOP,
                line.replace('\t', "    "),
                self.metrics.font.clone(),
                self.visuals.text_color(),
            );
            if let Some((_, Some(column))) = highlighted {
                let x = rect.left() + gutter + to_f32(column.saturating_sub(1)) * char_width;
                self.painter.line_segment(
                    [Pos2::new(x, top), Pos2::new(x, top + row_height)],
                    Stroke::new(2.0, self.visuals.selection.stroke.color),
                );
            }
        }
    }

    /// The line numbers in view over an opaque gutter, and the line that ends it.
    fn paint_gutter(&self) {
        let gutter_rect = self.gutter_rect;
        let row_height = self.metrics.row_height;
        // Opaque, so the text scrolled sideways under the gutter is hidden.
        self.painter
            .rect_filled(gutter_rect, 0.0, self.visuals.panel_fill);
        self.painter
            .rect_filled(gutter_rect, 0.0, self.visuals.faint_bg_color);
        for index in (self.first..self.metrics.total).take(self.count) {
            let number = index + 1;
            let top = self.top(index);
            if self.is_highlighted(number) {
                self.painter.rect_filled(
                    Rect::from_min_size(
                        pos2(gutter_rect.left(), top),
                        vec2(gutter_rect.width(), row_height),
                    ),
                    0.0,
                    self.highlight_fill,
                );
            }
            self.painter.text(
                pos2(gutter_rect.right() - GUTTER_GAP / 2.0, top),
                Align2::RIGHT_TOP,
                number.to_string(),
                self.metrics.font.clone(),
                if self.is_highlighted(number) {
                    self.visuals.text_color()
                } else {
                    self.visuals.weak_text_color()
                },
            );
        }
        self.painter.line_segment(
            [gutter_rect.right_top(), gutter_rect.right_bottom()],
            Stroke::new(1.0, Color32::from_gray(128).gamma_multiply(0.4)),
        );
    }
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
