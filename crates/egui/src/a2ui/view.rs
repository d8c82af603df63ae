//! The surface view widget.

use egui::{CornerRadius, Frame, Margin, Response, Stroke, Ui, UiBuilder, Widget};
use mcpapp_a2ui::Surface;
use mcpapp_card::HostConfig;
use mcpapp_card::enums::ContainerStyle;

use super::draw::Drawer;
use super::output::SurfaceOutput;
use crate::theme::Theme;

/// Shows an A2UI surface in any [`Ui`], as wide as the space it is given.
///
/// The surface is the state: inputs write their values into its data model (two-way
/// binding), so the embedder keeps it (in its [`mcpapp_a2ui::Processor`]) from frame to frame.
///
/// ```no_run
/// # fn demo(ui: &mut egui::Ui, processor: &mut mcpapp_a2ui::Processor) {
/// if let Some(surface) = processor.surface_mut("booking") {
///     let output = mcpapp_egui::SurfaceView::new(surface).show(ui);
///     if let Some(event) = output.event {
///         // an action message to send, a link to open, or an action a check blocked
///     }
/// }
/// # }
/// ```
#[must_use = "a surface view does nothing until it is shown"]
pub struct SurfaceView<'a> {
    surface: &'a mut Surface,
    config: Option<&'a HostConfig>,
    disabled: bool,
    framed: bool,
    timestamp: Option<String>,
}

impl<'a> SurfaceView<'a> {
    /// A view of `surface`, which its inputs edit.
    pub fn new(surface: &'a mut Surface) -> Self {
        Self {
            surface,
            config: None,
            disabled: false,
            framed: true,
            timestamp: None,
        }
    }

    crate::view::view_setters! {
        /// Locks the surface: inputs and buttons are drawn disabled and ignore clicks.
        disabled;
        /// Whether to draw the surface's own background, padding and rounded corners (default
        /// `true`).
        framed;
    }

    /// The timestamp (ISO 8601) an `action` message fired this frame carries; by default the
    /// system clock's now, in UTC.
    pub fn timestamp(mut self, timestamp: impl Into<String>) -> Self {
        self.timestamp = Some(timestamp.into());
        self
    }

    /// Draws the surface and reports what the user did.
    pub fn show(self, ui: &mut Ui) -> SurfaceOutput {
        let fallback = HostConfig::default();
        let config = self.config.unwrap_or(&fallback);
        let theme = Theme::new(config);
        let salt = ui.make_persistent_id(("mcpapp-a2ui", self.surface.id()));
        let accent = super::draw::primary_color(self.surface);
        let mut drawer = Drawer {
            theme,
            surface: self.surface,
            event: None,
            changed: false,
            disabled: self.disabled,
            timestamp: self.timestamp,
            clicked: false,
            salt,
            natural: false,
        };
        let pad = if self.framed { theme.padding() } else { 0.0 };
        let frame = Frame::new()
            .fill(if self.framed {
                theme.background(ContainerStyle::Default)
            } else {
                egui::Color32::TRANSPARENT
            })
            .inner_margin(Margin::same(crate::draw::clamp_i8(pad)))
            .corner_radius(CornerRadius::same(crate::draw::clamp_u8(
                config.corner_radius,
            )))
            .stroke(Stroke::NONE);
        let response = ui
            .scope_builder(UiBuilder::new().id_salt(salt), |ui| {
                let mut visuals = theme.visuals();
                if let Some(accent) = accent {
                    visuals.hyperlink_color = accent;
                    visuals.selection.bg_fill = accent.gamma_multiply(0.35);
                    visuals.selection.stroke = Stroke::new(1.0, accent);
                }
                *ui.visuals_mut() = visuals;
                frame
                    .show(ui, |ui| {
                        ui.set_width(ui.available_width());
                        drawer.root(ui);
                    })
                    .response
            })
            .inner;
        SurfaceOutput {
            response,
            event: drawer.event,
            data_changed: drawer.changed,
        }
    }
}

impl Widget for SurfaceView<'_> {
    /// Draws the surface; use [`SurfaceView::show`] to get what the user did.
    fn ui(self, ui: &mut Ui) -> Response {
        self.show(ui).response
    }
}
