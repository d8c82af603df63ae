//! What the host tells a view about its surroundings (`McpUiHostContext`).

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::{RequestId, Tool};

open_enum! {
    /// How a view is presented.
    ///
    /// The spec knows `inline`, `fullscreen` and `pip`. `window` is mcpapp's own "workspace"
    /// mode (a view in its own window, see DESIGN.md), not part of the spec: the SDK validates
    /// display modes against the spec's list, so a host must only show `window` to views that
    /// declared it in `appCapabilities.availableDisplayModes` (card views do), never to
    /// arbitrary HTML views.
    #[derive(Default)]
    pub enum DisplayMode {
        /// In the conversation flow (the default).
        #[default]
        Inline => "inline",
        /// Taking over the whole screen or window.
        Fullscreen => "fullscreen",
        /// Picture-in-picture: a floating overlay.
        Pip => "pip",
        /// mcpapp's workspace mode: the view in a window of its own (not in the spec).
        Window => "window",
    }
}

open_enum! {
    /// The host's color theme.
    pub enum Theme {
        /// Light.
        Light => "light",
        /// Dark.
        Dark => "dark",
    }
}

open_enum! {
    /// The kind of platform the host runs on.
    pub enum Platform {
        /// A web page.
        Web => "web",
        /// A desktop application.
        Desktop => "desktop",
        /// A mobile application.
        Mobile => "mobile",
    }
}

/// The CSS variables the spec standardises for `styles.variables`.
///
/// Hosts may send any subset (spacing is deliberately absent); values are CSS strings and
/// should use `light-dark()` so they follow the theme.
pub const STYLE_VARIABLE_KEYS: &[&str] = &[
    "--color-background-primary",
    "--color-background-secondary",
    "--color-background-tertiary",
    "--color-background-inverse",
    "--color-background-ghost",
    "--color-background-info",
    "--color-background-danger",
    "--color-background-success",
    "--color-background-warning",
    "--color-background-disabled",
    "--color-text-primary",
    "--color-text-secondary",
    "--color-text-tertiary",
    "--color-text-inverse",
    "--color-text-ghost",
    "--color-text-info",
    "--color-text-danger",
    "--color-text-success",
    "--color-text-warning",
    "--color-text-disabled",
    "--color-border-primary",
    "--color-border-secondary",
    "--color-border-tertiary",
    "--color-border-inverse",
    "--color-border-ghost",
    "--color-border-info",
    "--color-border-danger",
    "--color-border-success",
    "--color-border-warning",
    "--color-border-disabled",
    "--color-ring-primary",
    "--color-ring-secondary",
    "--color-ring-inverse",
    "--color-ring-info",
    "--color-ring-danger",
    "--color-ring-success",
    "--color-ring-warning",
    "--font-sans",
    "--font-mono",
    "--font-weight-normal",
    "--font-weight-medium",
    "--font-weight-semibold",
    "--font-weight-bold",
    "--font-text-xs-size",
    "--font-text-sm-size",
    "--font-text-md-size",
    "--font-text-lg-size",
    "--font-heading-xs-size",
    "--font-heading-sm-size",
    "--font-heading-md-size",
    "--font-heading-lg-size",
    "--font-heading-xl-size",
    "--font-heading-2xl-size",
    "--font-heading-3xl-size",
    "--font-text-xs-line-height",
    "--font-text-sm-line-height",
    "--font-text-md-line-height",
    "--font-text-lg-line-height",
    "--font-heading-xs-line-height",
    "--font-heading-sm-line-height",
    "--font-heading-md-line-height",
    "--font-heading-lg-line-height",
    "--font-heading-xl-line-height",
    "--font-heading-2xl-line-height",
    "--font-heading-3xl-line-height",
    "--border-radius-xs",
    "--border-radius-sm",
    "--border-radius-md",
    "--border-radius-lg",
    "--border-radius-xl",
    "--border-radius-full",
    "--border-width-regular",
    "--shadow-hairline",
    "--shadow-sm",
    "--shadow-md",
    "--shadow-lg",
];

wire_struct! {
    /// The tool call a view was created for.
    #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
    pub struct ToolInfo {
        /// JSON-RPC id of the `tools/call` request (what extended `save-state` calls `toolCallId`).
        #[serde(default)]
        pub id: Option<RequestId>,
        /// The tool's definition.
        pub tool: Tool,
    }
}

wire_struct! {
    /// Theming the host hands to views.
    #[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
    pub struct HostStyles {
        /// CSS variable values by name (see [`STYLE_VARIABLE_KEYS`]); unknown names are allowed.
        #[serde(default)]
        pub variables: Option<BTreeMap<String, String>>,
        /// CSS blocks the view may inject.
        #[serde(default)]
        pub css: Option<HostCss>,
    }
}

wire_struct! {
    /// CSS blocks for views.
    #[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
    pub struct HostCss {
        /// `@font-face` rules and/or `@import` statements.
        #[serde(default)]
        pub fonts: Option<String>,
    }
}

wire_struct! {
    /// The space the view's container offers, in CSS pixels.
    ///
    /// Per axis: `height` (or `width`) set means fixed, the view fills it; otherwise `max_height`
    /// (or `max_width`) bounds a view-sized container; neither means unbounded. Setting both on one
    /// axis is not meaningful.
    #[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
    pub struct ContainerDimensions {
        /// Fixed height.
        #[serde(default)]
        pub height: Option<f64>,
        /// Maximum height of a flexible container.
        #[serde(default)]
        pub max_height: Option<f64>,
        /// Fixed width.
        #[serde(default)]
        pub width: Option<f64>,
        /// Maximum width of a flexible container.
        #[serde(default)]
        pub max_width: Option<f64>,
    }
}

wire_struct! {
    /// Input capabilities of the device.
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
    pub struct DeviceCapabilities {
        /// Touch input is available.
        #[serde(default)]
        pub touch: Option<bool>,
        /// Hover is available.
        #[serde(default)]
        pub hover: Option<bool>,
    }
}

/// Insets the view should keep clear (notches, rounded corners), in CSS pixels.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SafeAreaInsets {
    /// Top inset.
    pub top: f64,
    /// Right inset.
    pub right: f64,
    /// Bottom inset.
    pub bottom: f64,
    /// Left inset.
    pub left: f64,
}

wire_struct! {
    /// Everything the host tells a view about its surroundings.
    ///
    /// Sent whole in the `ui/initialize` result and partially (changed members only) in
    /// `ui/notifications/host-context-changed`; every member is optional and unknown members are
    /// kept in `extra`, so a context from a newer host still reads.
    #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
    pub struct HostContext {
        /// The tool call the view was created for; hosts must send it at initialization.
        #[serde(default)]
        pub tool_info: Option<ToolInfo>,
        /// Color theme.
        #[serde(default)]
        pub theme: Option<Theme>,
        /// CSS variables and fonts.
        #[serde(default)]
        pub styles: Option<HostStyles>,
        /// How the view is shown now.
        #[serde(default)]
        pub display_mode: Option<DisplayMode>,
        /// The modes the host offers.
        #[serde(default)]
        pub available_display_modes: Option<Vec<DisplayMode>>,
        /// The container's size constraints.
        #[serde(default)]
        pub container_dimensions: Option<ContainerDimensions>,
        /// BCP 47 language tag, e.g. `en-US`.
        #[serde(default)]
        pub locale: Option<String>,
        /// IANA time zone, e.g. `Europe/Oslo`.
        #[serde(default)]
        pub time_zone: Option<String>,
        /// Identifies the host application.
        #[serde(default)]
        pub user_agent: Option<String>,
        /// Kind of platform.
        #[serde(default)]
        pub platform: Option<Platform>,
        /// Input capabilities.
        #[serde(default)]
        pub device_capabilities: Option<DeviceCapabilities>,
        /// Safe-area insets.
        #[serde(default)]
        pub safe_area_insets: Option<SafeAreaInsets>,
    }
    extra: "Members this crate does not know, kept as sent.";
}

/// Calls the macro `$then` with every member of [`HostContext`] but `extra`: `merge` and
/// `changes_since` treat each member alike, and destructure the context with this one list, so a
/// member added to the type and not here does not compile.
macro_rules! with_members {
    ($then:ident) => {
        $then!(
            tool_info theme styles display_mode available_display_modes container_dimensions
            locale time_zone user_agent platform device_capabilities safe_area_insets
        )
    };
}

/// `new` when it differs from `old`; an absent `new` stays absent (see
/// [`HostContext::changes_since`]).
fn changed<T: PartialEq + Clone>(new: Option<&T>, old: Option<&T>) -> Option<T> {
    if new == old { None } else { new.cloned() }
}

/// `update` when present, else `current`.
fn overlay<T>(current: &mut Option<T>, update: Option<T>) {
    if update.is_some() {
        *current = update;
    }
}

impl HostContext {
    /// Whether no member is set (a change notification with nothing to say).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }

    /// Applies a partial update the way views do: a shallow merge where every member present in
    /// `update` replaces the current one wholesale.
    pub fn merge(&mut self, update: Self) {
        macro_rules! merge {
            ($($member:ident)*) => {
                let Self { $($member,)* extra } = update;
                $(overlay(&mut self.$member, $member);)*
                self.extra.extend(extra);
            };
        }
        with_members!(merge);
    }

    /// The partial context to send in `host-context-changed` when the context moves from
    /// `previous` to `self`: the members that differ, compared whole, as the reference host does.
    ///
    /// A member present before and absent now cannot be expressed by a partial update (views
    /// merge, they never delete), so it is not part of the result. Send nothing when the result
    /// [`is_empty`](Self::is_empty).
    #[must_use]
    pub fn changes_since(&self, previous: &Self) -> Self {
        macro_rules! changes {
            ($($member:ident)*) => {{
                let Self { $($member,)* extra } = self;
                Self {
                    $($member: changed($member.as_ref(), previous.$member.as_ref()),)*
                    extra: extra
                        .iter()
                        .filter(|(key, value)| previous.extra.get(key.as_str()) != Some(value))
                        .map(|(key, value)| (key.clone(), value.clone()))
                        .collect(),
                }
            }};
        }
        with_members!(changes)
    }
}
