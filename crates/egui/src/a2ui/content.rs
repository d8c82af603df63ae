//! What shows content: `Text` (with the markdown subset cards use), `Image`, `Icon`, and
//! `Video`/`AudioPlayer` as a poster with a link to open.

use egui::load::{SizeHint, TexturePoll};
use egui::text::{LayoutJob, TextFormat};
use egui::{Align2, CornerRadius, FontId, Label, Response, RichText, Sense, Stroke, Ui, Vec2};
use mcpapp_a2ui::Node;
use mcpapp_card::enums::{Color as ColorName, FontSize};
use mcpapp_card::rules::{UrlUse, check_url};

use super::draw::Drawer;
use crate::markdown;

impl Drawer<'_, '_> {
    /// A `Text`: its variant as a size (headings, body, caption), markdown as cards read it.
    pub(crate) fn text(&mut self, ui: &mut Ui, node: &Node) -> Response {
        let text = self.text_of(node, "text");
        let variant = self.word(node, "variant").unwrap_or_default();
        let (size, strong, subtle) = match variant.as_str() {
            "h1" => (FontSize::ExtraLarge, true, false),
            "h2" => (FontSize::Large, true, false),
            "h3" => (FontSize::Medium, true, false),
            "h4" | "h5" => (FontSize::Default, true, false),
            "caption" => (FontSize::Small, false, true),
            _ => (FontSize::Default, false, false),
        };
        let font = FontId::proportional(self.size(size));
        let color = if strong {
            ui.visuals().strong_text_color()
        } else {
            self.color(ColorName::Default, subtle)
        };
        let link = ui.visuals().hyperlink_color;
        let mut job = LayoutJob::default();
        // Byte ranges of links in the laid-out text, with their targets.
        let mut links: Vec<(std::ops::Range<usize>, String)> = Vec::new();
        for (i, block) in markdown::parse(&text).iter().enumerate() {
            if i > 0 {
                job.append("\n", 0.0, TextFormat::simple(font.clone(), color));
            }
            let indent = f32::from(u8::try_from(block.depth.min(8)).unwrap_or(8)) * 12.0;
            if let Some(marker) = &block.marker {
                job.append(
                    &format!("{marker} "),
                    indent,
                    TextFormat::simple(font.clone(), color),
                );
            }
            for span in &block.spans {
                let mut format = TextFormat::simple(font.clone(), color);
                format.italics = span.italic;
                if span.bold || strong {
                    format.color = ui.visuals().strong_text_color();
                }
                if span.strikethrough {
                    format.strikethrough = Stroke::new(1.0, color);
                }
                let start = job.text.len();
                if let Some(target) = &span.link {
                    format.color = link;
                    format.underline = Stroke::new(1.0, link);
                    links.push((start..start + span.text.len(), target.clone()));
                }
                job.append(&span.text, 0.0, format);
            }
        }
        job.wrap.max_width = ui.available_width().max(1.0);
        if links.is_empty() {
            return ui.add(Label::new(job).wrap());
        }
        self.linked_text(ui, job, &links)
    }

    /// Text with links: drawn as one galley; a click on a link opens it (by the link rule).
    fn linked_text(
        &mut self,
        ui: &mut Ui,
        job: LayoutJob,
        links: &[(std::ops::Range<usize>, String)],
    ) -> Response {
        let galley = ui.fonts_mut(|f| f.layout_job(job));
        let (space, _) = ui.allocate_exact_size(galley.size(), Sense::hover());
        // Only the text is clickable, not the rest of a line a layout stretched it to.
        let rect = egui::Rect::from_min_size(space.min, galley.size());
        let response = ui.interact(rect, ui.auto_id_with("a2ui-links"), Sense::click());
        let origin = rect.left_top();
        ui.painter()
            .galley(origin, galley.clone(), ui.visuals().text_color());
        let text = galley.text().to_owned();
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &text));
        let at = |pos: egui::Pos2| {
            let cursor = galley.cursor_from_pos(pos - origin);
            let index = galley
                .text()
                .char_indices()
                .nth(cursor.index.0)
                .map_or(galley.text().len(), |(i, _)| i);
            links
                .iter()
                .find(|(range, _)| range.contains(&index))
                .map(|(_, target)| target.clone())
        };
        if response.hover_pos().and_then(at).is_some() {
            ui.ctx().set_cursor_icon(egui::CursorIcon::PointingHand);
        }
        if response.clicked() && !self.disabled {
            // A click without a pointer (assistive technology, the keyboard) means the text's
            // one link, when it has only one.
            let target = match (response.interact_pointer_pos(), links) {
                (Some(pos), _) => at(pos),
                (None, [(_, only)]) => Some(only.clone()),
                (None, _) => None,
            };
            if let Some(target) = target {
                self.open_url(&target);
            }
        }
        response
    }

    /// An `Image`: loaded by the context's image loaders (`data:` URIs by ours, `http(s)`
    /// only when the embedder installed a loader), else a placeholder with its description.
    pub(crate) fn image(&mut self, ui: &mut Ui, node: &Node) -> Response {
        let url = self.text_of(node, "url");
        let description = self.text_of(node, "description");
        let variant = self.word(node, "variant").unwrap_or_default();
        let available = if self.natural {
            ui.available_width().min(160.0)
        } else {
            ui.available_width()
        };
        let square = match variant.as_str() {
            "icon" => Some(24.0),
            "avatar" => Some(48.0),
            "smallFeature" => Some(64.0),
            "mediumFeature" => Some(120.0),
            _ => None,
        };
        let allowed = check_url(&url, UrlUse::Resource).is_ok();
        let poll = allowed
            .then(|| {
                ui.ctx()
                    .try_load_texture(&url, egui::TextureOptions::LINEAR, SizeHint::default())
                    .ok()
            })
            .flatten();
        let natural = match &poll {
            Some(TexturePoll::Ready { texture }) => Some(texture.size),
            Some(TexturePoll::Pending { size }) => *size,
            None => None,
        };
        let size = match (square, variant.as_str()) {
            (Some(s), _) => Vec2::splat(s),
            (None, "header") => Vec2::new(available, 160.0),
            (None, "largeFeature") => Vec2::new(available, 200.0),
            // Not loaded (yet): a banner across a column, a thumbnail beside things in a row.
            _ => natural.map_or(
                if self.natural {
                    Vec2::splat(48.0)
                } else {
                    Vec2::new(available, 140.0)
                },
                |n| {
                    let w = n.x.min(available).max(1.0);
                    Vec2::new(w, w * n.y / n.x.max(1.0))
                },
            ),
        };
        let (rect, response) = ui.allocate_exact_size(size, Sense::hover());
        let radius = if variant == "avatar" {
            CornerRadius::same(crate::draw::clamp_u8(size.x / 2.0))
        } else {
            CornerRadius::same(4)
        };
        if let Some(TexturePoll::Ready { texture }) = poll {
            egui::Image::from_texture(texture)
                .corner_radius(radius)
                .paint_at(ui, rect);
        } else {
            self.placeholder(ui, rect, radius, &description);
        }
        let label = if description.is_empty() {
            "Image".to_owned()
        } else {
            description.clone()
        };
        let response = if description.is_empty() {
            response
        } else {
            response.on_hover_text_at_pointer(&description)
        };
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &label));
        response
    }

    /// Where an image is not shown: a box with its description.
    fn placeholder(&self, ui: &Ui, rect: egui::Rect, radius: CornerRadius, description: &str) {
        // Apart from a card's own background (`faint_bg_color` is that).
        ui.painter().rect(
            rect,
            radius,
            ui.visuals().extreme_bg_color,
            Stroke::new(1.0, ui.visuals().widgets.noninteractive.bg_stroke.color),
            egui::StrokeKind::Inside,
        );
        if rect.width() > 40.0 {
            ui.painter().with_clip_rect(rect).text(
                rect.center(),
                Align2::CENTER_CENTER,
                if description.is_empty() {
                    "Image"
                } else {
                    description
                },
                FontId::proportional(self.size(FontSize::Small)),
                self.color(ColorName::Default, true),
            );
        }
    }

    /// An `Icon`: the catalog's icon names as symbols the built-in fonts have.
    pub(crate) fn icon(&mut self, ui: &mut Ui, node: &Node) -> Response {
        let name = self.text_of(node, "name");
        let font = FontId::proportional(self.size(FontSize::Medium));
        let glyph = icon_glyph(&name);
        let color = self.color(ColorName::Accent, false);
        let response = if has_glyphs(ui, &font, glyph) {
            ui.label(RichText::new(glyph).font(font).color(color))
        } else {
            // The fonts in use lack the symbol: a ring with the name's initial.
            let side = font.size + 4.0;
            let (rect, response) = ui.allocate_exact_size(Vec2::splat(side), Sense::hover());
            ui.painter()
                .circle_stroke(rect.center(), side / 2.0 - 1.0, Stroke::new(1.5, color));
            let initial: String = name.chars().take(1).flat_map(char::to_uppercase).collect();
            ui.painter().text(
                rect.center(),
                Align2::CENTER_CENTER,
                initial,
                FontId::proportional(font.size * 0.6),
                color,
            );
            response
        };
        let words = icon_words(&name);
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &words));
        response
    }

    /// A `Video` or an `AudioPlayer`: a poster (nothing is played in the host) with a link
    /// to open the media, when its URL passes the link rule.
    pub(crate) fn media(&mut self, ui: &mut Ui, node: &Node) -> Response {
        let video = node.component == "Video";
        let description = self.text_of(node, "description");
        let url = self
            .surface
            .url(&node.id, "url", &node.scope)
            .ok()
            .map(|u| u.to_string())
            .filter(|u| check_url(u, UrlUse::Link).is_ok());
        let height = if video { 160.0 } else { 48.0 };
        let width = if self.natural {
            ui.available_width().min(240.0)
        } else {
            ui.available_width()
        };
        let (rect, response) = ui.allocate_exact_size(Vec2::new(width, height), Sense::hover());
        ui.painter().rect(
            rect,
            CornerRadius::same(6),
            ui.visuals().extreme_bg_color,
            Stroke::new(1.0, ui.visuals().widgets.noninteractive.bg_stroke.color),
            egui::StrokeKind::Inside,
        );
        let kind = if video { "Video" } else { "Audio" };
        let title = if description.is_empty() {
            kind.to_owned()
        } else {
            format!("{kind}: {description}")
        };
        let font = FontId::proportional(self.size(FontSize::Default));
        let play = if has_glyphs(ui, &font, "\u{25B6}") {
            "\u{25B6}  "
        } else {
            ""
        };
        ui.painter().with_clip_rect(rect).text(
            rect.left_center() + Vec2::new(12.0, 0.0),
            Align2::LEFT_CENTER,
            format!("{play}{title}"),
            font,
            self.color(ColorName::Default, false),
        );
        response.widget_info(|| {
            egui::WidgetInfo::labeled(
                if video {
                    egui::Role::Video
                } else {
                    egui::Role::Audio
                },
                true,
                &title,
            )
        });
        if let Some(url) = url {
            let open = ui.add(egui::Link::new(if video {
                "Open video"
            } else {
                "Open audio"
            }));
            if open.clicked() && !self.disabled {
                self.open_url(&url);
            }
        }
        response
    }
}

/// An icon name as words: `skipPrevious` is "skip previous".
pub(crate) fn icon_words(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    for c in name.chars() {
        if c.is_uppercase() && !out.is_empty() {
            out.push(' ');
        }
        out.extend(c.to_lowercase());
    }
    out
}

/// Whether the fonts in use draw every character of `text`.
pub(crate) fn has_glyphs(ui: &Ui, font: &FontId, text: &str) -> bool {
    ui.ctx().fonts_mut(|f| f.has_glyphs(font, text))
}

/// A symbol for an icon name of the basic catalog (a dot for an unknown one).
pub(crate) fn icon_glyph(name: &str) -> &'static str {
    match name {
        "accountCircle" | "person" => "\u{1F464}",
        "add" => "+",
        "arrowBack" => "\u{2190}",
        "arrowForward" => "\u{2192}",
        "attachFile" => "\u{1F4CE}",
        "calendarToday" | "event" => "\u{1F4C5}",
        "call" | "phone" => "\u{1F4DE}",
        "camera" | "photo" => "\u{1F4F7}",
        "check" => "\u{2714}",
        "close" => "\u{2716}",
        "delete" => "\u{1F5D1}",
        "download" => "\u{2B07}",
        "upload" => "\u{2B06}",
        "edit" => "\u{270F}",
        "error" | "warning" => "\u{26A0}",
        "fastForward" | "skipNext" => "\u{23ED}",
        "rewind" | "skipPrevious" => "\u{23EE}",
        "favorite" => "\u{2665}",
        "favoriteOff" => "\u{2661}",
        "folder" => "\u{1F4C1}",
        "help" => "?",
        "home" => "\u{1F3E0}",
        "info" => "\u{2139}",
        "locationOn" => "\u{1F4CD}",
        "lock" => "\u{1F512}",
        "lockOpen" => "\u{1F513}",
        "mail" | "send" => "\u{2709}",
        "menu" => "\u{2630}",
        "moreVert" => "\u{22EE}",
        "moreHoriz" => "\u{22EF}",
        "notifications" => "\u{1F514}",
        "notificationsOff" => "\u{1F515}",
        "pause" => "\u{23F8}",
        "play" => "\u{25B6}",
        "stop" => "\u{23F9}",
        "payment" | "shoppingCart" => "\u{1F6D2}",
        "print" => "\u{1F5B6}",
        "refresh" => "\u{27F3}",
        "search" => "\u{1F50D}",
        "settings" => "\u{2699}",
        "share" => "\u{1F517}",
        "star" => "\u{2605}",
        "starHalf" => "\u{2BE8}",
        "starOff" => "\u{2606}",
        "visibility" => "\u{1F441}",
        "visibilityOff" => "\u{1F576}",
        "volumeUp" | "volumeDown" => "\u{1F50A}",
        "volumeMute" | "volumeOff" => "\u{1F507}",
        _ => "\u{2022}",
    }
}
