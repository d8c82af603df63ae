//! Carousels: one page at a time, buttons to turn pages, and pages that turn on a timer.

use egui::{Response, Sense, Ui, Vec2};
use mcpapp_card::enums::Spacing;
use mcpapp_card::model::Carousel;

use super::layout::BoxLook;
use super::{Drawer, Scope};

/// Where a carousel is: the page shown, how many there are, and whether the last leads back to
/// the first.
#[derive(Clone, Copy)]
struct Pages {
    /// The page shown (0-based, always less than `count`).
    current: usize,
    /// How many pages there are (at least one).
    count: usize,
    /// Whether the pages turn round: the last leads to the first and back.
    loops: bool,
}

impl Pages {
    /// Whether there is a page before the current one.
    fn can_back(self) -> bool {
        self.loops || self.current > 0
    }

    /// Whether there is a page after the current one.
    fn can_forward(self) -> bool {
        self.loops || self.current + 1 < self.count
    }

    /// The page before the current one (the last, from the first).
    fn previous(self) -> usize {
        (self.current + self.count - 1) % self.count
    }

    /// The page after the current one (the first, from the last).
    fn next(self) -> usize {
        (self.current + 1) % self.count
    }
}

impl Drawer<'_, '_> {
    /// Draws a carousel: the current page, the buttons under it, and turns the page when the
    /// user or the timer asks.
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
        let at = Pages {
            current,
            count: pages,
            loops: carousel.loops.unwrap_or(false),
        };
        ui.vertical(|ui| {
            self.carousel_page(ui, carousel, current, scope);
            ui.add_space(self.theme.spacing(Spacing::Small));
            let next = self.page_buttons(ui, at);
            let now = ui.input(|i| i.time);
            let next = self.timed_turn(ui, carousel.timer, at, next, now, scope);
            if next != current {
                self.state.carousel_pages.insert(scope.path.clone(), next);
                self.view_changed = true;
                // The new page's timer starts now.
                let next_key = ui.make_persistent_id(("mcpapp-carousel-since", &scope.path, next));
                ui.data_mut(|d| d.insert_temp(next_key, now));
            }
        })
        .response
    }

    /// Draws a carousel's page as a box; the carousel's height, if it has one, is the page's
    /// minimum height.
    fn carousel_page<'c>(
        &mut self,
        ui: &mut Ui,
        carousel: &'c Carousel,
        current: usize,
        scope: &Scope<'c>,
    ) {
        let Some(page) = carousel.pages.get(current) else {
            return;
        };
        let look = BoxLook {
            min_height: carousel
                .height_in_pixels
                .map(|p| p.0)
                .or(page.box_props.min_height.map(|p| p.0)),
            ..BoxLook::of(&page.box_props)
        };
        let page_scope = scope.child(&format!("pages/{current}"));
        self.boxed(ui, &look, &page_scope, |r, ui, scope| {
            r.elements(ui, &page.items, &scope.child("items"));
        });
    }

    /// Draws the previous and next buttons around "page / pages", and returns the page the
    /// user turned to (the current one if none was clicked).
    fn page_buttons(&self, ui: &mut Ui, at: Pages) -> usize {
        let mut next = at.current;
        ui.horizontal(|ui| {
            if self.page_button(ui, at.can_back(), "‹", "Previous page") {
                next = at.previous();
            }
            ui.add_space(6.0);
            ui.label(format!("{} / {}", at.current + 1, at.count));
            ui.add_space(6.0);
            if self.page_button(ui, at.can_forward(), "›", "Next page") {
                next = at.next();
            }
        });
        next
    }

    /// One small page-turning button showing `glyph`, named `label` for the pointer's hover
    /// and for assistive technology; whether it was clicked.
    fn page_button(&self, ui: &mut Ui, can_turn: bool, glyph: &str, label: &str) -> bool {
        ui.add_enabled(!self.disabled && can_turn, egui::Button::new(glyph).small())
            .on_hover_text(label)
            .widget_info_label(label)
            .clicked()
    }

    /// `timer`: the pages turn by themselves every so many milliseconds, except while the
    /// pointer rests on the carousel (someone is reading) or the card is disabled; without
    /// `loop` they stop at the last page. Returns the page to show: `next` when the user
    /// already turned the page, else the timer's choice.
    fn timed_turn(
        &self,
        ui: &Ui,
        timer: Option<u32>,
        at: Pages,
        next: usize,
        now: f64,
        scope: &Scope<'_>,
    ) -> usize {
        // When the current page was first shown (or last hovered): the timer counts from then.
        let since_key = ui.make_persistent_id(("mcpapp-carousel-since", &scope.path, at.current));
        let since = ui.data_mut(|d| *d.get_temp_mut_or_insert_with(since_key, || now));
        if let Some(timer) = timer.filter(|t| *t > 0)
            && next == at.current
            && !self.disabled
            && at.count > 1
            && at.can_forward()
        {
            let period = f64::from(timer) / 1000.0;
            let hovered = ui.rect_contains_pointer(ui.min_rect());
            if hovered {
                ui.data_mut(|d| d.insert_temp(since_key, now));
            } else if now - since >= period {
                return at.next();
            } else {
                ui.ctx()
                    .request_repaint_after(std::time::Duration::from_secs_f64(
                        period - (now - since),
                    ));
            }
        }
        next
    }
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
