//! How a host presents itself to views, and its policies.

use std::time::Duration;

use mcpapp_protocol::DisplayMode;

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
            ],
            duplicate_policy: DuplicatePolicy::default(),
            teardown_timeout: Duration::from_secs(2),
            limits: AppLimits::default(),
        }
    }
}
