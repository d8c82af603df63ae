//! What the embedder changes while apps are open: the theme, the duplicate policy, an app's
//! display mode.

use mcpapp_protocol::messages::HostContextChanged;
use mcpapp_protocol::{DisplayMode, HostContext};

use super::{AppHost, DuplicatePolicy, HostEvent, HostOptions, InstanceId, Phase, wire};

impl AppHost {
    /// Changes the theme: every open view is told (`host-context-changed`), and views opened
    /// later start with it.
    pub fn set_theme(&mut self, theme: mcpapp_protocol::Theme) {
        if self.options.theme == theme {
            return;
        }
        self.options.theme = theme;
        let open: Vec<InstanceId> = self
            .instances
            .iter()
            .filter(|(_, i)| matches!(i.phase, Phase::Starting | Phase::Ready))
            .map(|(id, _)| *id)
            .collect();
        let message = wire::notify::<HostContextChanged>(&HostContext {
            theme: Some(self.options.theme.clone()),
            ..HostContext::default()
        });
        for id in open {
            self.send_view(id, message.clone());
        }
    }

    /// What a second call of a tool open in a window does from now on.
    pub fn set_duplicate_policy(&mut self, policy: DuplicatePolicy) {
        self.options.duplicate_policy = policy;
    }

    /// The host's options as they are now.
    pub fn options(&self) -> &HostOptions {
        &self.options
    }

    /// The embedder moves an app to another display mode (the user dragged it out of the
    /// conversation, made it fullscreen): the view is told, and
    /// [`HostEvent::DisplayModeChanged`] follows, as when the app asks itself. A mode the
    /// host does not offer is refused (`false`).
    pub fn set_display_mode(&mut self, instance: InstanceId, mode: DisplayMode) -> bool {
        if !self.options.display_modes.contains(&mode) {
            return false;
        }
        self.change_display_mode(instance, mode);
        true
    }

    /// Records and announces a new display mode (nothing when it is the current one).
    pub(super) fn change_display_mode(&mut self, instance: InstanceId, mode: DisplayMode) {
        let Some(i) = self.instances.get_mut(&instance) else {
            return;
        };
        if i.spec.display_mode == mode {
            return;
        }
        i.spec.display_mode = mode.clone();
        self.send_view(
            instance,
            wire::notify::<HostContextChanged>(&HostContext {
                display_mode: Some(mode.clone()),
                ..HostContext::default()
            }),
        );
        self.event(HostEvent::DisplayModeChanged { instance, mode });
    }
}
