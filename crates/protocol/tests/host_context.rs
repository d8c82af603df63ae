//! The host context: reading, tolerance, and the partial-update helpers.

mod common;

use common::round_trip;
use mcpapp_protocol::{
    ContainerDimensions, DisplayMode, HostContext, Platform, RequestId, STYLE_VARIABLE_KEYS,
    SafeAreaInsets, Theme,
};
use serde_json::json;

fn full_context() -> serde_json::Value {
    json!({
        "toolInfo": {"id": 4, "tool": {"name": "get-time", "inputSchema": {"type": "object"}}},
        "theme": "light",
        "styles": {"variables": {"--color-text-primary": "light-dark(#171717, #fafafa)"}, "css": {"fonts": "@import url('https://fonts.example/x.css');"}},
        "displayMode": "inline",
        "availableDisplayModes": ["inline", "fullscreen", "pip", "window"],
        "containerDimensions": {"maxHeight": 600.0, "width": 400.0},
        "locale": "nb-NO",
        "timeZone": "Europe/Oslo",
        "userAgent": "mcpapp/0.1",
        "platform": "desktop",
        "deviceCapabilities": {"touch": false, "hover": true},
        "safeAreaInsets": {"top": 0.0, "right": 0.0, "bottom": 24.0, "left": 0.0}
    })
}

#[test]
fn full_context_round_trips() {
    let context: HostContext = round_trip(&full_context());
    let tool_info = context.tool_info.as_ref().unwrap();
    assert_eq!(tool_info.id, Some(RequestId::Number(4)));
    assert_eq!(tool_info.tool.name, "get-time");
    assert_eq!(context.theme, Some(Theme::Light));
    assert_eq!(context.platform, Some(Platform::Desktop));
    assert_eq!(context.available_display_modes.as_ref().unwrap().len(), 4);
    assert_eq!(
        context.safe_area_insets,
        Some(SafeAreaInsets {
            top: 0.0,
            right: 0.0,
            bottom: 24.0,
            left: 0.0
        })
    );
    assert_eq!(
        context.container_dimensions,
        Some(ContainerDimensions {
            max_height: Some(600.0),
            width: Some(400.0),
            ..ContainerDimensions::default()
        })
    );
}

#[test]
fn unknown_members_and_values_never_fail_and_survive() {
    let json = json!({
        "theme": "high-contrast",
        "platform": "watch",
        "displayMode": "standalone",
        "viewport": {"width": 800},
        "vendorFlag": true
    });
    let context: HostContext = round_trip(&json);
    assert_eq!(context.theme, Some(Theme::Other("high-contrast".into())));
    assert_eq!(context.platform.as_ref().unwrap().as_str(), "watch");
    assert!(!context.display_mode.as_ref().unwrap().is_known());
    assert_eq!(context.extra["viewport"]["width"], 800);
    assert!(round_trip::<HostContext>(&json!({})).is_empty());
}

#[test]
fn merge_is_shallow_like_the_views() {
    let mut context: HostContext = serde_json::from_value(full_context()).unwrap();
    let update: HostContext = serde_json::from_value(json!({
        "theme": "dark",
        "styles": {"variables": {"--font-sans": "Inter"}},
        "extraKey": 1
    }))
    .unwrap();
    context.merge(update);
    assert_eq!(context.theme, Some(Theme::Dark));
    // `styles` is replaced whole, not merged inside: that is what `{...old, ...partial}` does.
    let styles = context.styles.as_ref().unwrap();
    assert_eq!(styles.variables.as_ref().unwrap().len(), 1);
    assert_eq!(styles.css, None);
    // Untouched members stay.
    assert_eq!(context.locale.as_deref(), Some("nb-NO"));
    assert_eq!(context.extra["extraKey"], 1);
}

#[test]
fn changes_since_yields_the_partial_update_to_send() {
    let before: HostContext = serde_json::from_value(full_context()).unwrap();
    let mut after = before.clone();
    assert!(
        after.changes_since(&before).is_empty(),
        "nothing changed, nothing to send"
    );

    after.display_mode = Some(DisplayMode::Fullscreen);
    after.theme = Some(Theme::Dark);
    after.locale = None; // Removal cannot be expressed by a partial update.
    after.extra.insert("vendor".into(), json!("x"));
    let changes = after.changes_since(&before);
    assert_eq!(
        serde_json::to_value(&changes).unwrap(),
        json!({"displayMode": "fullscreen", "theme": "dark", "vendor": "x"})
    );
    // Applying the changes to the old context gives the new one, except for the removal.
    let mut merged = before.clone();
    merged.merge(changes);
    after.locale = before.locale.clone();
    assert_eq!(merged, after);
}

#[test]
fn display_mode_values() {
    assert_eq!(DisplayMode::default(), DisplayMode::Inline);
    assert_eq!(
        DisplayMode::KNOWN,
        ["inline", "fullscreen", "pip", "window"]
    );
    assert_eq!(DisplayMode::from("pip"), DisplayMode::Pip);
    // Equality follows the wire string, whatever the variant used to build it.
    assert_eq!(DisplayMode::Other("pip".into()), DisplayMode::Pip);
    assert_eq!(DisplayMode::Window.to_string(), "window");
}

#[test]
fn style_variable_keys_are_the_standard_set() {
    // 10 background + 10 text + 10 border + 7 ring colors, 2 families, 4 weights,
    // 4 + 7 sizes, 4 + 7 line heights, 6 radii, 1 border width, 4 shadows.
    assert_eq!(STYLE_VARIABLE_KEYS.len(), 76);
    let unique: std::collections::HashSet<_> = STYLE_VARIABLE_KEYS.iter().collect();
    assert_eq!(unique.len(), STYLE_VARIABLE_KEYS.len());
    assert!(STYLE_VARIABLE_KEYS.iter().all(|key| key.starts_with("--")));
    assert!(STYLE_VARIABLE_KEYS.contains(&"--color-ring-warning"));
    assert!(STYLE_VARIABLE_KEYS.contains(&"--shadow-hairline"));
}
