//! Fact sets: titles in a column as wide as the longest, values beside them.

use egui::{Align, Response, Ui, Vec2};
use mcpapp_card::enums::{FontType, Spacing};
use mcpapp_card::model::FactSet;

use super::{Drawer, Scope};

impl Drawer<'_, '_> {
    /// Draws a fact set: each fact a row of its title and its value, both markdown.
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
                        .layout_no_wrap(
                            f.title.to_string(),
                            title_look.font.clone(),
                            title_look.color,
                        )
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
}
