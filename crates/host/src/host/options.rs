//! How a host presents itself to views, and its policies.

use std::time::Duration;

use mcpapp_protocol::{ContainerDimensions, DisplayMode};

use super::AppLimits;

/// What to do when the same tool is called again while an instance of it is open in a window.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DuplicatePolicy {
    /// Close the oldest open instance, open the new one.
    ReplaceOldest,
    /// Close every open instance of the tool, open the new one.
    ReplaceAll,
    /// Keep them all.
    #[default]
    NewInstance,
    /// Ask the embedder ([`HostEvent::DuplicateInstance`](super::HostEvent::DuplicateInstance), answered by
    /// [`AppHost::resolve_duplicate`](super::AppHost::resolve_duplicate)).
    Ask,
}

/// How the host presents itself to views, and its policies.
#[derive(Debug, Clone)]
pub struct HostOptions {
    /// The host's name, in `hostInfo`.
    pub name: String,
    /// The host's version, in `hostInfo`.
    pub version: String,
    /// `light` or `dark`.
    pub theme: mcpapp_protocol::Theme,
    /// The user's locale (BCP 47).
    pub locale: String,
    /// The user's time zone (IANA).
    pub time_zone: String,
    /// The display modes the host offers.
    pub display_modes: Vec<DisplayMode>,
    /// What a second call of a tool open in a window does.
    pub duplicate_policy: DuplicatePolicy,
    /// How long a view has to answer `ui/resource-teardown` before it is closed anyway.
    pub teardown_timeout: Duration,
    /// What one app may ask of the host: rates and calls in flight.
    pub limits: AppLimits,
    /// The room an app has in each display mode (`containerDimensions`); an embedder that
    /// knows an app's exact room tells it with
    /// [`AppHost::set_container_dimensions`](super::AppHost::set_container_dimensions).
    pub container: ContainerSizes,
}

/// The room an app has in each display mode, in CSS pixels, told to it as
/// `hostContext.containerDimensions` when it starts and whenever its mode changes.
#[derive(Debug, Clone, PartialEq)]
pub struct ContainerSizes {
    /// In the conversation: as tall as the app asks, within the host's bounds.
    pub inline: ContainerDimensions,
    /// In a window of its own.
    pub window: ContainerDimensions,
    /// Filling the host's window.
    pub fullscreen: ContainerDimensions,
    /// Picture in picture.
    pub pip: ContainerDimensions,
}

impl Default for ContainerSizes {
    /// Inline: at most 960 wide and 4,000 tall (the tallest an in-window webview is made);
    /// window and fullscreen: at most a 4K screen; picture in picture: at most 480 × 360.
    fn default() -> Self {
        let bounded = |width: f64, height: f64| ContainerDimensions {
            max_width: Some(width),
            max_height: Some(height),
            ..ContainerDimensions::default()
        };
        Self {
            inline: bounded(960.0, 4000.0),
            window: bounded(3840.0, 2160.0),
            fullscreen: bounded(3840.0, 2160.0),
            pip: bounded(480.0, 360.0),
        }
    }
}

impl ContainerSizes {
    /// The room of `mode` (a mode this host does not know gets the window's).
    #[must_use]
    pub fn for_mode(&self, mode: &DisplayMode) -> ContainerDimensions {
        match mode {
            DisplayMode::Inline => self.inline,
            DisplayMode::Fullscreen => self.fullscreen,
            DisplayMode::Pip => self.pip,
            DisplayMode::Window | DisplayMode::Other(_) => self.window,
        }
    }
}

impl Default for HostOptions {
    fn default() -> Self {
        Self {
            name: "mcpapp".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            theme: mcpapp_protocol::Theme::Light,
            locale: "en-US".to_owned(),
            time_zone: "UTC".to_owned(),
            display_modes: vec![
                DisplayMode::Inline,
                DisplayMode::Window,
                DisplayMode::Fullscreen,
                DisplayMode::Pip,
            ],
            duplicate_policy: DuplicatePolicy::default(),
            teardown_timeout: Duration::from_secs(2),
            limits: AppLimits::default(),
            container: ContainerSizes::default(),
        }
    }
}
