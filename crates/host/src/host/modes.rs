//! Display modes as each view hears of them. Views built on the reference SDK validate the
//! host's words strictly: a mode outside the spec's three (our `window`) makes them reject
//! the message, so a view hears of a non-standard mode only if it declared it itself, and
//! a view alone in a window of its own is told it is `fullscreen` (it fills it). Whatever
//! mode a view is told it is in is always among the modes it is told are available.

use mcpapp_protocol::{DisplayMode, RequestDisplayModeParams, RequestDisplayModeResult};
use serde_json::{Map, Value};

use super::{AppHost, Instance, InstanceId, wire};

/// Whether a view that declared `declared` understands `mode`.
fn speaks(declared: &[DisplayMode], mode: &DisplayMode) -> bool {
    matches!(
        mode,
        DisplayMode::Inline | DisplayMode::Fullscreen | DisplayMode::Pip
    ) || declared.contains(mode)
}

impl AppHost {
    /// The mode `i`'s view is told it is in: its own, or the nearest standard one.
    pub(super) fn told_mode(i: &Instance, mode: &DisplayMode) -> DisplayMode {
        if speaks(&i.declared, mode) {
            mode.clone()
        } else {
            DisplayMode::Fullscreen
        }
    }

    /// The modes `i`'s view is told are available: those the host offers that it
    /// understands, and always the one it is told it is in.
    pub(super) fn told_modes(&self, i: &Instance) -> Vec<DisplayMode> {
        let mut modes: Vec<DisplayMode> = self
            .options
            .display_modes
            .iter()
            .filter(|m| speaks(&i.declared, m))
            .cloned()
            .collect();
        let current = Self::told_mode(i, &i.spec.display_mode);
        if !modes.contains(&current) {
            modes.push(current);
        }
        modes
    }

    /// A view's `ui/request-display-mode`: a mode the host offers is taken (the embedder
    /// hears [`HostEvent::DisplayModeChanged`](super::HostEvent::DisplayModeChanged) and
    /// shows the app so); any other leaves the mode as it is. The answer is the mode in
    /// effect, as the view understands it.
    pub(super) fn request_display_mode(
        &mut self,
        instance: InstanceId,
        wanted: RequestDisplayModeParams,
    ) -> Value {
        let current = self.display_mode(instance).unwrap_or_default();
        let mode = if self.options.display_modes.contains(&wanted.mode) {
            wanted.mode
        } else {
            current.clone()
        };
        if mode != current {
            self.change_display_mode(instance, mode.clone());
        }
        let told = self
            .instances
            .get(&instance)
            .map_or(mode.clone(), |i| Self::told_mode(i, &mode));
        wire::result(&RequestDisplayModeResult {
            mode: told,
            extra: Map::new(),
        })
    }
}
