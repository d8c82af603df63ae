//! What the embedder changes while apps are open: the theme (and with it the style
//! variables), the duplicate policy, an app's display mode and room, the sandbox it runs in.

use mcpapp_protocol::messages::HostContextChanged;
use mcpapp_protocol::{
    ContainerDimensions, DisplayMode, HostContext, LoggingLevel, SandboxCapability,
};

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
        // The style variables follow the theme.
        let message = wire::notify::<HostContextChanged>(&HostContext {
            theme: Some(self.options.theme.clone()),
            styles: Some(super::theme_styles(&self.options.theme)),
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
        // The room of the old mode does not hold in the new one.
        i.container = None;
        // Told in the view's words, with the modes available to it (which hold it).
        let Some(i) = self.instances.get(&instance) else {
            return;
        };
        let told = Self::told_mode(i, &mode);
        let modes = self.told_modes(i);
        let container = self.container_of(instance);
        self.send_view(
            instance,
            wire::notify::<HostContextChanged>(&HostContext {
                display_mode: Some(told),
                available_display_modes: Some(modes),
                container_dimensions: Some(container),
                ..HostContext::default()
            }),
        );
        self.event(HostEvent::DisplayModeChanged { instance, mode });
    }

    /// The room an app has now (`containerDimensions`): what the embedder said with
    /// [`Self::set_container_dimensions`], else its display mode's
    /// ([`HostOptions::container`](super::HostOptions::container)).
    #[must_use]
    pub fn container_of(&self, instance: InstanceId) -> ContainerDimensions {
        self.instances
            .get(&instance)
            .map_or_else(ContainerDimensions::default, |i| {
                i.container
                    .unwrap_or_else(|| self.options.container.for_mode(&i.spec.display_mode))
            })
    }

    /// The embedder knows an app's exact room (its webview's rectangle, say): the app is told
    /// when it changes. Sizes that are not finite and positive are dropped.
    pub fn set_container_dimensions(&mut self, instance: InstanceId, room: ContainerDimensions) {
        let fit = |v: Option<f64>| v.filter(|v| v.is_finite() && *v > 0.0);
        let room = ContainerDimensions {
            height: fit(room.height),
            max_height: fit(room.max_height),
            width: fit(room.width),
            max_width: fit(room.max_width),
        };
        let Some(i) = self.instances.get_mut(&instance) else {
            return;
        };
        if i.container == Some(room) {
            return;
        }
        i.container = Some(room);
        self.send_view(
            instance,
            wire::notify::<HostContextChanged>(&HostContext {
                container_dimensions: Some(room),
                ..HostContext::default()
            }),
        );
    }

    /// The sandbox the embedder runs an app's view in (the permissions and CSP origins its
    /// bridge applied), told to the view in `hostCapabilities.sandbox`. Set it before the view
    /// initializes (when the view is built).
    pub fn set_sandbox(&mut self, instance: InstanceId, sandbox: SandboxCapability) {
        if let Some(i) = self.instances.get_mut(&instance) {
            i.sandbox = Some(sandbox);
        }
    }

    /// What the app declared for its sandbox and the embedder's bridge refused (a CSP origin,
    /// a permission), each in words with the reason: told to the user as warnings about the
    /// app, once per app (not again when its view is recreated), so that an app that cannot
    /// reach what it declared is no mystery.
    pub fn sandbox_refused(&mut self, instance: InstanceId, refused: Vec<String>) {
        let Some(i) = self.instances.get_mut(&instance) else {
            return;
        };
        if refused.is_empty() || std::mem::replace(&mut i.sandbox_told, true) {
            return;
        }
        for line in refused {
            self.log(
                Some(instance),
                LoggingLevel::Warning,
                format!("the app's sandbox: {line}"),
            );
        }
    }
}
