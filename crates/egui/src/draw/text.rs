//! Text: `TextBlock` (with its markdown subset) and `RichTextBlock`, laid out as egui galleys.
//! Links and runs with a `selectAction` are clickable ranges of the galley.

use std::ops::Range;
use std::sync::Arc;

use egui::text::{LayoutJob, TextFormat, TextWrapping};
use egui::{Align, Color32, CursorIcon, FontId, Galley, Response, Sense, Stroke, Ui, Vec2};
use mcpapp_card::Action;
use mcpapp_card::enums::{
    Color as ColorName, FontSize, FontType, FontWeight, HorizontalAlignment, TextBlockStyle,
};
use mcpapp_card::model::{Inline, RichTextBlock, TextBlock};

use super::{Drawer, Scope};
use crate::markdown::{self, Span};

/// What clicking a range of text does.
pub(crate) enum Click<'c> {
    /// A markdown link.
    Url(String),
    /// A text run's `selectAction`.
    Action(&'c Action),
}

/// How a block of text looks.
pub(crate) struct Look {
    pub(crate) font: FontId,
    pub(crate) color: Color32,
    pub(crate) bold: bool,
    pub(crate) wrap: bool,
    pub(crate) max_lines: Option<u32>,
    pub(crate) align: Align,
}

pub(crate) fn align(a: Option<HorizontalAlignment>) -> Align {
    match a {
        Some(HorizontalAlignment::Center) => Align::Center,
        Some(HorizontalAlignment::Right) => Align::RIGHT,
        Some(HorizontalAlignment::Left) | None => Align::LEFT,
    }
}

/// One section of a layout job, with what the drawer needs beyond egui's format.
struct Section<'c> {
    text: String,
    format: TextFormat,
    bold: bool,
    click: Option<Click<'c>>,
}

/// Sections laid out for a galley: the job as drawn, the job of the bold pass, and what the
/// clickable ranges do.
struct Jobs<'c> {
    /// The text as drawn.
    job: LayoutJob,
    /// The same text for the bold pass: only bold sections visible, with no background and
    /// no lines (they are drawn once, by `job`).
    bold_job: LayoutJob,
    /// The byte ranges of the text that are clickable, and what a click there does.
    clicks: Vec<(Range<usize>, Click<'c>)>,
    /// Whether any section is bold.
    any_bold: bool,
}

/// Lays out sections as the two jobs of a galley, wrapped to `width` as `look` says.
fn jobs<'c>(sections: Vec<Section<'c>>, look: &Look, width: f32) -> Jobs<'c> {
    let mut job = LayoutJob::default();
    let mut bold_job = LayoutJob::default();
    let mut clicks: Vec<(Range<usize>, Click<'_>)> = Vec::new();
    let mut any_bold = false;
    for s in sections {
        let start = job.text.len();
        job.append(&s.text, 0.0, s.format.clone());
        let mut bold_format = s.format.clone();
        if !s.bold {
            bold_format.color = Color32::TRANSPARENT;
        }
        bold_format.background = Color32::TRANSPARENT;
        bold_format.underline = Stroke::NONE;
        bold_format.strikethrough = Stroke::NONE;
        bold_job.append(&s.text, 0.0, bold_format);
        any_bold |= s.bold;
        if let Some(click) = s.click {
            clicks.push((start..job.text.len(), click));
        }
    }
    for j in [&mut job, &mut bold_job] {
        j.wrap = TextWrapping {
            max_width: width,
            max_rows: if look.wrap {
                look.max_lines.map_or(usize::MAX, |n| n as usize)
            } else {
                1
            },
            break_anywhere: false,
            overflow_character: Some('…'),
        };
        j.halign = look.align;
    }
    Jobs {
        job,
        bold_job,
        clicks,
        any_bold,
    }
}

/// Draws the bold pass over a galley drawn at `origin`. egui's fonts have one weight: bold
/// is the text drawn again, offset by a stroke that grows with the size (two passes for large
/// text). All-bold text draws the galley itself again; else `bold_job` shows only its bold
/// sections.
fn paint_bold(
    ui: &Ui,
    galley: &Arc<Galley>,
    bold_job: LayoutJob,
    origin: egui::Pos2,
    look: &Look,
    stroke: f32,
) {
    let bold_galley = if look.bold {
        galley.clone()
    } else {
        ui.fonts_mut(|f| f.layout_job(bold_job))
    };
    let mut offsets = vec![stroke];
    if stroke > 0.7 {
        offsets.push(stroke / 2.0);
    }
    for dx in offsets {
        ui.painter()
            .galley(origin + Vec2::new(dx, 0.0), bold_galley.clone(), look.color);
    }
}

impl Drawer<'_, '_> {
    pub(crate) fn text_block(
        &mut self,
        ui: &mut Ui,
        block: &TextBlock,
        scope: &Scope<'_>,
    ) -> Response {
        let t = self.theme;
        let heading = block.style == Some(TextBlockStyle::Heading)
            || block.style == Some(TextBlockStyle::ColumnHeader)
            || (scope.header && block.style.is_none());
        let heading_style = if block.style == Some(TextBlockStyle::Heading) {
            &t.config.text_styles.heading
        } else {
            &t.config.text_styles.column_header
        };
        let (def_size, def_weight, def_color, def_subtle, def_font) = if heading {
            (
                heading_style.size,
                heading_style.weight,
                heading_style.color,
                heading_style.is_subtle,
                heading_style.font_type,
            )
        } else {
            (
                FontSize::Default,
                FontWeight::Default,
                ColorName::Default,
                false,
                FontType::Default,
            )
        };
        let font_type = block.font_type.unwrap_or(def_font);
        let look = Look {
            font: t.font_id(font_type, block.size.unwrap_or(def_size)),
            color: t.text_color(
                scope.style,
                block.color.unwrap_or(def_color),
                block.is_subtle.unwrap_or(def_subtle),
            ),
            bold: t.is_bold(font_type, block.weight.unwrap_or(def_weight)),
            wrap: block.wrap.unwrap_or(false),
            max_lines: block.max_lines.filter(|n| *n > 0),
            align: align(block.horizontal_alignment),
        };
        let link = t.text_color(scope.style, ColorName::Accent, false);
        self.markdown(ui, &block.text, &look, link, scope)
    }

    /// Draws markdown text: each paragraph or list item a galley.
    pub(crate) fn markdown(
        &mut self,
        ui: &mut Ui,
        text: &str,
        look: &Look,
        link_color: Color32,
        scope: &Scope<'_>,
    ) -> Response {
        let text = crate::text_functions::apply(text);
        let mut blocks = markdown::parse(&text);
        if look.max_lines.is_some() && blocks.len() > 1 {
            // `maxLines` counts the lines of the whole text, not of each paragraph.
            blocks = vec![join_blocks(blocks)];
        }
        let mut response: Option<Response> = None;
        {
            let gap = look.font.size * 0.3;
            for (i, block) in blocks.iter().enumerate() {
                if i > 0 {
                    ui.add_space(gap);
                }
                let sections: Vec<Section<'_>> = block
                    .spans
                    .iter()
                    .map(|span| span_section(span, look, link_color))
                    .collect();
                let r = match &block.marker {
                    None => self.galley(ui, sections, look, scope),
                    Some(marker) => {
                        ui.horizontal_top(|ui| {
                            let indent = look.font.size
                                * (0.4 + 1.2 * super::count_f32(block.depth.saturating_sub(1)));
                            ui.add_space(indent);
                            let marker_width = look.font.size * 1.4;
                            ui.allocate_ui_with_layout(
                                Vec2::new(marker_width, 0.0),
                                egui::Layout::top_down(Align::RIGHT),
                                |ui| {
                                    ui.label(
                                        egui::RichText::new(marker)
                                            .font(look.font.clone())
                                            .color(look.color),
                                    )
                                },
                            );
                            ui.add_space(look.font.size * 0.4);
                            let item_look = Look {
                                align: Align::LEFT,
                                font: look.font.clone(),
                                ..*look
                            };
                            self.galley(ui, sections, &item_look, scope)
                        })
                        .inner
                    }
                };
                response = Some(match response.take() {
                    Some(prev) => prev.union(r),
                    None => r,
                });
            }
        }
        response.unwrap_or_else(|| ui.allocate_response(Vec2::ZERO, Sense::hover()))
    }

    pub(crate) fn rich_text_block(
        &mut self,
        ui: &mut Ui,
        block: &RichTextBlock,
        scope: &Scope<'_>,
    ) -> Response {
        let t = self.theme;
        let look = Look {
            font: t.font_id(FontType::Default, FontSize::Default),
            color: t.text_color(scope.style, ColorName::Default, false),
            bold: false,
            wrap: true,
            max_lines: None,
            align: align(block.horizontal_alignment),
        };
        let sections: Vec<Section<'_>> = block
            .inlines
            .iter()
            .map(|inline| {
                let Inline::TextRun(run) = inline;
                let font_type = run.font_type.unwrap_or(FontType::Default);
                let color = t.text_color(
                    scope.style,
                    run.color.unwrap_or(ColorName::Default),
                    run.is_subtle.unwrap_or(false),
                );
                let mut format = TextFormat::simple(
                    t.font_id(font_type, run.size.unwrap_or(FontSize::Default)),
                    color,
                );
                format.italics = run.italic.unwrap_or(false);
                if run.strikethrough.unwrap_or(false) {
                    format.strikethrough = Stroke::new(1.0, color);
                }
                if run.underline.unwrap_or(false) || run.select_action.is_some() {
                    format.underline = Stroke::new(1.0, color);
                }
                if run.highlight.unwrap_or(false) {
                    format.background = t
                        .text_color(scope.style, ColorName::Warning, false)
                        .gamma_multiply(0.35);
                }
                Section {
                    text: run.text.to_string(),
                    format,
                    bold: t.is_bold(font_type, run.weight.unwrap_or(FontWeight::Default)),
                    click: run.select_action.as_deref().map(Click::Action),
                }
            })
            .collect();
        self.galley(ui, sections, &look, scope)
    }

    /// Lays out sections as one galley, draws it (bold sections twice, offset), and handles
    /// clicks on its clickable ranges.
    fn galley(
        &mut self,
        ui: &mut Ui,
        sections: Vec<Section<'_>>,
        look: &Look,
        scope: &Scope<'_>,
    ) -> Response {
        let width = ui.available_width().max(1.0);
        let Jobs {
            job,
            bold_job,
            clicks,
            any_bold,
        } = jobs(sections, look, width);
        let galley: Arc<Galley> = ui.fonts_mut(|f| f.layout_job(job));
        let sense = if clicks.is_empty() {
            Sense::hover()
        } else {
            Sense::click()
        };
        // Left-aligned text (and any text while an auto column is measured) takes only its
        // own width; centred and right-aligned text needs the whole line to place itself.
        // Bold text is drawn wider by its stroke (see below); it must fit where it is measured.
        let bold_stroke = if any_bold || look.bold {
            (look.font.size / 24.0).max(0.45)
        } else {
            0.0
        };
        let own_width = (galley.size().x + bold_stroke).ceil().min(width);
        let size = if ui.is_sizing_pass() || look.align == Align::LEFT {
            Vec2::new(own_width, galley.size().y)
        } else {
            Vec2::new(width, galley.size().y)
        };
        let (rect, response) = ui.allocate_exact_size(size, sense);
        let origin = match look.align {
            Align::Center => egui::pos2(rect.center().x, rect.top()),
            Align::Max => egui::pos2(rect.right(), rect.top()),
            Align::Min => rect.left_top(),
        };
        if ui.is_rect_visible(rect) {
            ui.painter().galley(origin, galley.clone(), look.color);
            if any_bold || look.bold {
                paint_bold(ui, &galley, bold_job, origin, look, bold_stroke);
            }
        }
        let text = galley.text().to_owned();
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &text));
        if !clicks.is_empty() {
            self.clicks(ui, &response, &galley, origin, &clicks, scope);
        }
        response
    }

    /// Handles the clickable ranges of a galley: the pointer over one, a click on one.
    fn clicks(
        &mut self,
        ui: &Ui,
        response: &Response,
        galley: &Galley,
        origin: egui::Pos2,
        clicks: &[(Range<usize>, Click<'_>)],
        scope: &Scope<'_>,
    ) {
        let at = |pos: egui::Pos2| {
            let inside = galley
                .rect
                .translate(origin.to_vec2())
                .expand(2.0)
                .contains(pos);
            if !inside {
                return None;
            }
            let cursor = galley.cursor_from_pos(pos - origin);
            let index = byte_index(galley.text(), cursor.index.0);
            clicks.iter().position(|(range, _)| range.contains(&index))
        };
        if let Some(pos) = response.hover_pos()
            && at(pos).is_some()
        {
            ui.ctx().set_cursor_icon(CursorIcon::PointingHand);
        }
        if response.clicked()
            && !self.disabled
            && let Some(i) = response.interact_pointer_pos().and_then(at)
            && let Some((_, click)) = clicks.get(i)
        {
            match click {
                Click::Url(url) => self.open_url(url),
                Click::Action(action) => self.trigger(action, scope),
            }
        }
    }
}

/// One block of the text of several, paragraphs and items on lines of their own.
fn join_blocks(blocks: Vec<markdown::Block>) -> markdown::Block {
    let mut spans = Vec::new();
    for (i, block) in blocks.into_iter().enumerate() {
        if i > 0 {
            spans.push(Span {
                text: "\n".to_owned(),
                ..Span::default()
            });
        }
        if let Some(marker) = block.marker {
            spans.push(Span {
                text: format!("{marker} "),
                ..Span::default()
            });
        }
        spans.extend(block.spans);
    }
    markdown::Block {
        marker: None,
        depth: 0,
        spans,
    }
}

/// The byte index of a character index in `text`.
fn byte_index(text: &str, char_index: usize) -> usize {
    text.char_indices()
        .nth(char_index)
        .map_or(text.len(), |(i, _)| i)
}

fn span_section<'c>(span: &Span, look: &Look, link_color: Color32) -> Section<'c> {
    let color = if span.link.is_some() {
        link_color
    } else {
        look.color
    };
    let mut format = TextFormat::simple(look.font.clone(), color);
    format.italics = span.italic;
    if span.strikethrough {
        format.strikethrough = Stroke::new(1.0, color);
    }
    if span.link.is_some() {
        format.underline = Stroke::new(1.0, color);
    }
    Section {
        text: span.text.clone(),
        format,
        bold: span.bold || look.bold,
        click: span.link.clone().map(Click::Url),
    }
}
