//! Images, image sets and media. An image that is not loaded (still loading, refused by the
//! embedder's policy, or broken) shows its alt text in a placeholder of the same size.

use egui::load::{SizeHint, TexturePoll};
use egui::{Align, CornerRadius, Rect, Response, Sense, Stroke, TextureOptions, Ui, Vec2};
use mcpapp_card::enums::{Color as ColorName, FontSize, FontType, ImageSize, ImageStyle};
use mcpapp_card::model::{Dimension, Image, ImageSet, Media};

use super::text::align;
use super::{Drawer, Scope};
use crate::theme::color32;

impl Drawer<'_, '_> {
    /// Draws an image of a card's body, where its horizontal alignment puts it. (Image sets
    /// and media posters place theirs themselves, with [`Self::image_here`].)
    pub(crate) fn image<'c>(
        &mut self,
        ui: &mut Ui,
        image: &'c Image,
        scope: &Scope<'c>,
    ) -> Response {
        let align = align(image.horizontal_alignment);
        let layout = egui::Layout::top_down(align);
        ui.with_layout(layout, |ui| self.image_here(ui, image, scope, None))
            .inner
    }

    /// Draws an image where the layout puts it: its texture (or a placeholder until it is
    /// loaded) on its background colour, its alt text as hover text and accessible name, and
    /// its `selectAction`. `forced` is the size an image set gives its images.
    fn image_here<'c>(
        &mut self,
        ui: &mut Ui,
        image: &'c Image,
        scope: &Scope<'c>,
        forced: Option<ImageSize>,
    ) -> Response {
        let available = ui.available_width();
        let poll =
            ui.ctx()
                .try_load_texture(&image.url, TextureOptions::LINEAR, SizeHint::default());
        let natural = match &poll {
            Ok(TexturePoll::Ready { texture }) => Some(texture.size),
            Ok(TexturePoll::Pending { size }) => *size,
            Err(_) => None,
        };
        let person = image.style == Some(ImageStyle::Person);
        let size = self.image_size(image, forced, natural, available);
        let sense = if image.select_action.is_some() && !self.disabled {
            Sense::click()
        } else {
            Sense::hover()
        };
        let (rect, response) = ui.allocate_exact_size(size, sense);
        let radius = if person {
            CornerRadius::same(super::clamp_u8(size.x.min(size.y) / 2.0))
        } else {
            CornerRadius::ZERO
        };
        if let Some(bg) = image
            .background_color
            .as_deref()
            .and_then(mcpapp_card::host_config::Color::parse)
        {
            ui.painter().rect_filled(rect, radius, color32(bg));
        }
        match poll {
            Ok(TexturePoll::Ready { texture }) => {
                egui::Image::from_texture(texture)
                    .corner_radius(radius)
                    .paint_at(ui, rect);
            }
            _ => self.placeholder(ui, rect, radius, image.alt_text.as_deref(), scope),
        }
        let alt = image.alt_text.clone().unwrap_or_default();
        let response = if alt.is_empty() {
            response
        } else {
            response.on_hover_text_at_pointer(alt.as_str())
        };
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &alt));
        if let Some(action) = &image.select_action {
            self.select_action(ui, &response, action, scope);
        }
        response
    }

    /// The size an image takes: its own width and height when given, else the host's size
    /// for its size kind, else its natural size; the missing one follows the aspect ratio,
    /// and never wider than `available`. `natural` is the image's size, once known.
    fn image_size(
        &self,
        image: &Image,
        forced: Option<ImageSize>,
        natural: Option<Vec2>,
        available: f32,
    ) -> Vec2 {
        let config = self.theme.config;
        let size_kind = forced.or(image.size).unwrap_or(ImageSize::Auto);
        let explicit_w = match image.width {
            Some(Dimension::Pixels(px)) => Some(px.0),
            Some(Dimension::Stretch) => Some(available),
            _ => None,
        };
        let explicit_h = match image.height {
            Some(Dimension::Pixels(px)) => Some(px.0),
            _ => None,
        };
        let person = image.style == Some(ImageStyle::Person);
        // A person's picture is a circle: square, whatever the image's shape.
        let aspect = if person {
            1.0
        } else {
            natural.map_or(1.0, |s| if s.x > 0.0 { s.y / s.x } else { 1.0 })
        };
        let width = explicit_w
            .or_else(|| explicit_h.map(|h| h / aspect.max(0.01)))
            .or_else(|| config.image_size_px(size_kind))
            .or(match size_kind {
                ImageSize::Stretch => Some(available),
                _ => natural.map(|s| s.x),
            })
            // An auto-sized image not loaded (yet): a small placeholder, so it does not
            // squeeze the text beside it.
            .unwrap_or(config.image_sizes.small)
            .min(available)
            .max(1.0);
        // An image whose size is not known yet (loading, or not loaded at all) gets a
        // placeholder of a common photo shape rather than a full-width square.
        let height = explicit_h
            .unwrap_or(if natural.is_some() || person {
                width * aspect
            } else {
                (width * 9.0 / 16.0).min(200.0)
            })
            .max(1.0);
        Vec2::new(width, height)
    }

    /// Where an image is not (yet) shown: a quiet box with the alt text.
    fn placeholder(
        &self,
        ui: &Ui,
        rect: Rect,
        radius: CornerRadius,
        alt: Option<&str>,
        scope: &Scope<'_>,
    ) {
        let t = self.theme;
        let subtle = t.text_color(scope.style, ColorName::Default, true);
        ui.painter()
            .rect_filled(rect, radius, subtle.gamma_multiply(0.08));
        ui.painter().rect_stroke(
            rect,
            radius,
            Stroke::new(1.0, subtle.gamma_multiply(0.35)),
            egui::StrokeKind::Inside,
        );
        // The alt text on one line, cut with an ellipsis; in a box too small to read a word
        // it is left to the tooltip and the accessible name.
        if let Some(alt) = alt.filter(|a| !a.trim().is_empty())
            && rect.width() >= 48.0
            && rect.height() >= 18.0
        {
            let font = t.font_id(FontType::Default, FontSize::Small);
            let mut job = egui::text::LayoutJob::simple_singleline(alt.to_owned(), font, subtle);
            job.wrap = egui::text::TextWrapping::truncate_at_width(rect.width() - 8.0);
            let galley = ui.fonts_mut(|f| f.layout_job(job));
            let pos = rect.center() - galley.size() / 2.0;
            ui.painter().galley(pos, galley, subtle);
        }
    }

    pub(crate) fn image_set<'c>(
        &mut self,
        ui: &mut Ui,
        set: &'c ImageSet,
        scope: &Scope<'c>,
    ) -> Response {
        let size = set
            .image_size
            .unwrap_or(self.theme.config.image_set.image_size);
        let gap = self
            .theme
            .spacing(mcpapp_card::enums::Spacing::Small)
            .max(4.0);
        // An image set shows its images as equals: one size for all (auto and stretch mean
        // the host's image set size), side by side, wrapping.
        let size = match size {
            ImageSize::Auto | ImageSize::Stretch => ImageSize::Medium,
            other => other,
        };
        let edge = self.theme.config.image_size_px(size).unwrap_or(80.0);
        let max_h = self.theme.config.image_set.max_image_height.max(1.0);
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing = Vec2::splat(gap);
            for (i, image) in set.images.iter().enumerate() {
                let scope = scope.child(&format!("images/{i}"));
                ui.allocate_ui_with_layout(
                    Vec2::new(edge, max_h),
                    egui::Layout::top_down(Align::Min),
                    |ui| {
                        ui.set_max_width(edge);
                        self.image_here(ui, image, &scope, Some(size));
                    },
                );
            }
        })
        .response
    }

    pub(crate) fn media<'c>(
        &mut self,
        ui: &mut Ui,
        media: &'c Media,
        scope: &Scope<'c>,
    ) -> Response {
        let width = ui.available_width();
        let height = (width * 9.0 / 16.0).min(360.0);
        let rect_response = if let Some(poster) = &media.poster {
            let poster_image = Image {
                url: poster.clone(),
                alt_text: media.alt_text.clone(),
                size: Some(ImageSize::Stretch),
                ..Image::default()
            };
            self.image_here(ui, &poster_image, scope, None)
        } else {
            let (rect, response) = ui.allocate_exact_size(Vec2::new(width, height), Sense::hover());
            self.placeholder(
                ui,
                rect,
                CornerRadius::same(4),
                media.alt_text.as_deref(),
                scope,
            );
            response
        };
        let link = media.sources.first().map(|s| s.url.clone());
        let label = media
            .alt_text
            .as_deref()
            .map_or_else(|| "Play media".to_owned(), |alt| format!("Play: {alt}"));
        ui.add_space(4.0);
        let clicked = ui
            .with_layout(egui::Layout::top_down(Align::Min), |ui| {
                ui.add_enabled(!self.disabled && link.is_some(), egui::Button::new(label))
                    .on_hover_text("Opens the media in the browser")
                    .clicked()
            })
            .inner;
        if clicked && let Some(url) = link {
            self.open_url(&url);
        }
        rect_response
    }
}
