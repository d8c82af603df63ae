//! The host config: every real host config of the corpus loads with the values it declares,
//! colours parse, missing and bad values take their defaults (bad ones with a warning), and
//! the built-in themes are readable (WCAG contrast).

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here
#![expect(
    clippy::float_cmp,
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    reason = "tests; the floats compared are small integers read from JSON, the casts round 0–255"
)]

use std::path::{Path, PathBuf};

use mcpapp_card::HostConfig;
use mcpapp_card::enums::{
    Color as ColorName, ContainerStyle, FontSize, FontType, FontWeight, ImageSize, Spacing,
};
use mcpapp_card::host_config::{
    ActionAlignment, Color, ForegroundColors, HostConfigWarning, IconPlacement, Orientation,
    ShowCardActionMode,
};

// ---------------------------------------------------------------------------------------------
// The corpus

/// The background of `style` in `config`, which most host configs of the corpus set.
fn background(config: &HostConfig, style: ContainerStyle) -> Color {
    config.container_style(style).background_color
}

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/corpus/adaptive-cards/HostConfig")
}

fn corpus_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .collect();
    files.sort();
    files
}

/// Loads a corpus host config, which must read without warnings.
fn load(name: &str) -> HostConfig {
    let bytes = std::fs::read(corpus_dir().join(name)).unwrap();
    let (config, warnings) = HostConfig::parse(&bytes).unwrap();
    assert!(warnings.is_empty(), "{name}: {warnings:?}");
    config
}

fn rgb(hex: u32) -> Color {
    Color::from_rgb24(hex)
}

fn argb(hex: u32) -> Color {
    Color::from_argb32(hex)
}

#[test]
fn every_corpus_host_config_loads_without_warnings() {
    let files = corpus_files();
    assert_eq!(files.len(), 17, "{files:?}");
    for path in files {
        let bytes = std::fs::read(&path).unwrap();
        let (config, warnings) =
            HostConfig::parse(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(warnings.is_empty(), "{}: {warnings:?}", path.display());
        // The model written back reads as the same model.
        let written = serde_json::to_vec(&config).unwrap();
        let (again, warnings) = HostConfig::parse(&written).unwrap();
        assert!(warnings.is_empty(), "{}: {warnings:?}", path.display());
        assert_eq!(again, config, "{}", path.display());
    }
}

/// Every value of every corpus file replaced by values of the wrong kind: the file still
/// loads, and any warning points exactly at the replaced value.
#[test]
fn a_bad_value_anywhere_warns_only_there() {
    fn leaves(value: &serde_json::Value, pointer: String, out: &mut Vec<String>) {
        if let Some(obj) = value.as_object() {
            for (key, inner) in obj {
                let key = key.replace('~', "~0").replace('/', "~1");
                leaves(inner, format!("{pointer}/{key}"), out);
            }
        }
        out.push(pointer);
    }
    let replacements = [
        serde_json::json!("x"),
        serde_json::json!({}),
        serde_json::json!(1e9),
    ];
    let (mut mutations, mut warned) = (0, 0);
    for path in corpus_files() {
        let original: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        let mut pointers = Vec::new();
        leaves(&original, String::new(), &mut pointers);
        for pointer in pointers.iter().filter(|p| !p.is_empty()) {
            for replacement in &replacements {
                let mut mutated = original.clone();
                *mutated.pointer_mut(pointer).unwrap() = replacement.clone();
                let (_, warnings) = HostConfig::parse_value(&mutated)
                    .unwrap_or_else(|e| panic!("{} {pointer}: {e}", path.display()));
                for warning in &warnings {
                    assert_eq!(&warning.pointer, pointer, "{}: {warning}", path.display());
                }
                mutations += 1;
                warned += usize::from(!warnings.is_empty());
            }
        }
    }
    println!("{warned} of {mutations} mutations warned");
    // Not vacuous: nearly every key of the real files is one the reader knows.
    assert!(warned * 10 > mutations * 8, "{warned} of {mutations}");
}

#[test]
fn teams_light() {
    let c = load("microsoft-teams-light.json");
    assert!(c.supports_interactivity);
    let fg = &c.container_styles.default.foreground_colors;
    assert_eq!(fg.accent.default, rgb(0x62_64_A7));
    assert_eq!(fg.accent.subtle, rgb(0x8B_8C_C7));
    assert_eq!(fg.default.default, argb(0xFF25_2424));
    assert_eq!(fg.default.subtle, Color::rgba(0x25, 0x24, 0x24, 0xBF));
    assert_eq!(fg.light.subtle, argb(0xFFF3_F2F1));
    assert_eq!(c.font_size(FontType::Default, FontSize::Medium), 14.0);
    assert_eq!(c.font_size(FontType::Default, FontSize::Large), 18.0);
    assert_eq!(c.font_size(FontType::Monospace, FontSize::ExtraLarge), 24.0);
    assert_eq!(c.font_weight(FontType::Default, FontWeight::Bolder), 600);
    assert_eq!(
        c.font_types.default.font_family,
        "'Segoe UI', Tahoma, Geneva, Verdana, sans-serif"
    );
    assert_eq!(c.actions.max_actions, 6);
    assert_eq!(c.actions.button_spacing, 8.0);
    assert_eq!(c.actions.show_card.style, ContainerStyle::Emphasis);
    assert_eq!(c.actions.action_alignment, ActionAlignment::Left);
    assert_eq!(c.spacing_px(Spacing::Small), 8.0);
    assert_eq!(c.spacing_px(Spacing::Padding), 16.0);
    assert_eq!(c.image_size_px(ImageSize::Medium), Some(52.0));
    let emphasis = c.container_style(ContainerStyle::Emphasis);
    assert_eq!(emphasis.background_color, argb(0xFFF9_F8F7));
    assert_eq!(emphasis.border_color, Some(rgb(0x66_66_66)));
    assert_eq!(
        c.container_styles.default.border_color,
        Some(rgb(0xCC_CC_CC))
    );
    assert_eq!(c.fact_set.spacing, 16.0);
    // The file spells `wrap` as `warp`: ignored, so the default stays.
    assert!(c.fact_set.title.wrap);
    assert_eq!(c.fact_set.title.weight, FontWeight::Bolder);
}

#[test]
fn teams_dark() {
    let c = load("microsoft-teams-dark.json");
    assert_eq!(background(&c, ContainerStyle::Default), rgb(0x2D_2C_2C));
    assert_eq!(background(&c, ContainerStyle::Emphasis), rgb(0x29_28_28));
    let fg = &c.container_styles.default.foreground_colors;
    assert_eq!(fg.default.default, Color::WHITE);
    assert_eq!(fg.accent.default, rgb(0xA6_A7_DC));
    assert_eq!(fg.attention.subtle, argb(0xE5D7_4654));
    assert_eq!(c.actions.max_actions, 6);
}

#[test]
fn cortana_skills() {
    let classic = load("cortana-skills-classic.json");
    assert_eq!(classic.separator.line_color, rgb(0x99_99_99));
    assert_eq!(classic.font_size(FontType::Default, FontSize::Small), 13.0);
    assert_eq!(background(&classic, ContainerStyle::Default), Color::BLACK);
    assert_eq!(
        background(&classic, ContainerStyle::Emphasis),
        argb(0x33FF_FFFF)
    );
    assert_eq!(
        classic.container_styles.emphasis.border_color,
        Some(argb(0x33CC_CCCC))
    );
    assert_eq!(classic.image_size_px(ImageSize::Large), Some(320.0));
    assert_eq!(classic.actions.button_spacing, 5.0);
    assert_eq!(classic.actions.action_alignment, ActionAlignment::Stretch);
    assert_eq!(classic.actions.show_card.inline_top_margin, 20.0);
    assert_eq!(classic.image_set.image_size, ImageSize::Small);
    assert_eq!(classic.fact_set.spacing, 12.0);
    assert_eq!(classic.spacing.padding, 10.0);

    let dark = load("cortana-skills-dark.json");
    assert_eq!(dark.spacing.extra_large, 32.0);
    assert_eq!(dark.separator.line_color, rgb(0x50_50_50));
    assert_eq!(background(&dark, ContainerStyle::Default), rgb(0x22_22_22));
    assert_eq!(dark.actions.icon_size, 20.0);
    assert_eq!(dark.actions.icon_placement, IconPlacement::LeftOfTitle);
    assert_eq!(dark.fact_set.title.max_width, Some(150.0));
    assert_eq!(
        dark.text_color(ContainerStyle::Default, ColorName::Accent, false),
        rgb(0x82_C7_FF)
    );

    let light = load("cortana-skills-light.json");
    assert_eq!(
        background(&light, ContainerStyle::Emphasis),
        rgb(0xF2_F2_F2)
    );
    assert_eq!(background(&light, ContainerStyle::Good), rgb(0x10_7C_10));
    assert_eq!(
        light.font_types.monospace.font_family,
        "Courier New, Courier, monospace"
    );
    assert_eq!(light.font_size(FontType::Default, FontSize::Medium), 16.0);
}

#[test]
fn outlook_desktop() {
    let c = load("outlook-desktop.json");
    assert_eq!(
        [
            Spacing::Small,
            Spacing::Default,
            Spacing::Medium,
            Spacing::Large,
            Spacing::ExtraLarge
        ]
        .map(|s| c.spacing_px(s)),
        [10.0, 20.0, 30.0, 40.0, 50.0]
    );
    assert_eq!(c.spacing_px(Spacing::Padding), 20.0);
    // Alpha first: black at 8/255, not a blue.
    assert_eq!(
        background(&c, ContainerStyle::Emphasis),
        Color::rgba(0, 0, 0, 8)
    );
    // Set at the root rather than under `actions`.
    assert!(c.actions.pre_expand_single_show_card_action);
    assert_eq!(c.actions.button_spacing, 10.0);
}

#[test]
fn render_to_image_has_no_interactivity_and_default_actions() {
    let c = load("render-to-image.json");
    assert!(!c.supports_interactivity);
    assert_eq!(c.actions.max_actions, 5);
    assert_eq!(c.actions.button_spacing, 20.0);
    assert_eq!(c.actions.show_card.action_mode, ShowCardActionMode::Inline);
    assert_eq!(c.spacing.padding, 10.0);
}

#[test]
fn sample_inputs() {
    let c = load("sample.json");
    let label = &c.inputs.label;
    assert_eq!(label.input_spacing, Spacing::Small);
    assert_eq!(label.required_inputs.suffix.as_deref(), Some(" (required)"));
    assert_eq!(label.required_inputs.weight, FontWeight::Bolder);
    assert_eq!(label.required_inputs.size, FontSize::Medium);
    assert_eq!(label.required_inputs.color, ColorName::Default);
    assert_eq!(label.optional_inputs.color, ColorName::Dark);
    assert!(label.optional_inputs.is_subtle);
    assert_eq!(label.optional_inputs.suffix, None);
    let error = &c.inputs.error_message;
    assert_eq!(error.spacing, Spacing::Small);
    assert_eq!(error.size, FontSize::Small);
    assert_eq!(error.weight, FontWeight::Bolder);
    assert_eq!(error.color, ColorName::Attention);
    assert_eq!(c.actions.show_card.inline_top_margin, 8.0);
    assert_eq!(background(&c, ContainerStyle::Accent), rgb(0xD7_E7_FA));
    assert_eq!(c.fact_set.spacing, 8.0);
}

#[test]
fn skype_and_webchat() {
    let skype = load("skype.json");
    assert_eq!(
        skype.actions.show_card.action_mode,
        ShowCardActionMode::Popup
    );
    assert_eq!(skype.actions.actions_orientation, Orientation::Vertical);
    assert_eq!(background(&skype, ContainerStyle::Default), rgb(0xEA_EA_EA));
    assert_eq!(skype.container_styles.default.border_color, None);
    assert_eq!(skype.fact_set.spacing, 5.0);

    let webchat = load("webchat.json");
    assert_eq!(webchat.actions.max_actions, 100);
    assert_eq!(
        webchat.font_types.default.font_family,
        "Calibri, sans-serif"
    );
    assert_eq!(webchat.actions.actions_orientation, Orientation::Vertical);
    let fg = &webchat.container_styles.emphasis.foreground_colors;
    assert_eq!(fg.accent.subtle, argb(0x881F_6BF1));
    assert_eq!(
        webchat.text_color(ContainerStyle::Default, ColorName::Accent, false),
        rgb(0x00_63_B1)
    );
}

#[test]
fn test_variant() {
    let c = load("testVariantHostConfig.json");
    assert_eq!(c.spacing.small, 5.0);
    assert_eq!(c.separator.line_thickness, 2.0);
    assert_eq!(c.font_types.default.font_family, "Times New Roman");
    assert_eq!(
        [ImageSize::Small, ImageSize::Medium, ImageSize::Large].map(|s| c.image_size_px(s)),
        [Some(20.0), Some(40.0), Some(80.0)]
    );
    assert_eq!(c.actions.max_actions, 3);
    assert_eq!(c.actions.spacing, Spacing::Small);
    assert_eq!(c.actions.action_alignment, ActionAlignment::Left);
    assert_eq!(c.fact_set.title.color, ColorName::Attention);
    assert_eq!(c.fact_set.title.size, FontSize::Small);
    assert_eq!(c.fact_set.title.max_width, Some(100.0));
    assert_eq!(c.fact_set.value.color, ColorName::Warning);
    assert_eq!(c.fact_set.value.weight, FontWeight::Lighter);
}

#[test]
fn viva_connections() {
    let dark = load("viva-connections-dark.json");
    assert_eq!(
        [ImageSize::Small, ImageSize::Medium, ImageSize::Large].map(|s| dark.image_size_px(s)),
        [Some(72.0), Some(164.0), Some(256.0)]
    );
    assert_eq!(background(&dark, ContainerStyle::Default), rgb(0x1B_1A_19));
    assert_eq!(dark.font_size(FontType::Default, FontSize::Large), 24.0);
    assert_eq!(
        dark.font_weight(FontType::Monospace, FontWeight::Lighter),
        300
    );
    assert!(dark.actions.pre_expand_single_show_card_action);
    assert_eq!(dark.separator.line_color, rgb(0x29_28_27));

    let light = load("viva-connections-light.json");
    assert_eq!(
        background(&light, ContainerStyle::Emphasis),
        rgb(0xFA_F9_F8)
    );
    assert_eq!(
        light.text_color(ContainerStyle::Default, ColorName::Default, false),
        rgb(0x32_31_30)
    );
    assert_eq!(light.separator.line_color, rgb(0xED_EB_E9));
}

#[test]
fn widgets_with_legacy_font_keys_and_partial_styles() {
    let dark = load("widget-dark.json");
    assert_eq!(
        dark.font_weight(FontType::Default, FontWeight::Lighter),
        400
    );
    assert_eq!(
        dark.font_size(FontType::Default, FontSize::ExtraLarge),
        28.0
    );
    let style = &dark.container_styles.default;
    assert_eq!(style.foreground_colors.default.default, Color::WHITE);
    assert_eq!(style.foreground_colors.default.subtle, argb(0xC5FF_FFFF));
    // Not in the file: the official defaults.
    assert_eq!(
        style.foreground_colors.light,
        ForegroundColors::ADAPTIVE_CARDS.light
    );
    assert_eq!(style.background_color, Color::TRANSPARENT);
    assert_eq!(dark.actions.max_actions, 5);
    assert_eq!(dark.separator.line_color, Color::WHITE);

    let light = load("widget-light.json");
    assert_eq!(
        light.text_color(ContainerStyle::Default, ColorName::Accent, false),
        rgb(0x00_3E_92)
    );
    assert_eq!(light.separator.line_color, rgb(0x33_33_33));
    assert_eq!(light.font_size(FontType::Monospace, FontSize::Medium), 18.0);
}

#[test]
fn windows() {
    let notification = load("windows-notification.json");
    assert_eq!(
        background(&notification, ContainerStyle::Default),
        rgb(0x1F_1F_1F)
    );
    assert_eq!(
        background(&notification, ContainerStyle::Emphasis),
        argb(0x19FF_FFFF)
    );
    assert_eq!(
        notification.text_color(ContainerStyle::Default, ColorName::Default, true),
        argb(0x88FF_FFFF)
    );

    let timeline = load("windows-timeline.json");
    assert!(!timeline.supports_interactivity);
    assert_eq!(timeline.spacing.small, 4.0);
    assert_eq!(timeline.spacing.default, 12.0);
    assert_eq!(
        background(&timeline, ContainerStyle::Accent),
        argb(0x882E_89FC)
    );
    assert!(!timeline.fact_set.title.wrap);
    assert_eq!(timeline.image_size_px(ImageSize::Large), Some(120.0));
    assert_eq!(timeline.font_types.monospace.font_family, "Segoe UI Mono");
    assert_eq!(
        timeline.font_weight(FontType::Monospace, FontWeight::Bolder),
        700
    );
}

// ---------------------------------------------------------------------------------------------
// Colours

#[test]
fn colours_parse_in_three_forms() {
    assert_eq!(Color::parse("#F80"), Some(Color::rgb(0xFF, 0x88, 0x00)));
    assert_eq!(Color::parse("#0063B1"), Some(Color::rgb(0x00, 0x63, 0xB1)));
    assert_eq!(Color::parse("#0063b1"), Some(Color::rgb(0x00, 0x63, 0xB1)));
    // Alpha first.
    assert_eq!(Color::parse("#08000000"), Some(Color::rgba(0, 0, 0, 0x08)));
    assert_eq!(
        Color::parse("#80FF0000"),
        Some(Color::rgba(0xFF, 0, 0, 0x80))
    );
    assert_eq!(Color::parse(" #FFFFFF "), Some(Color::WHITE));
}

#[test]
fn bad_colours_are_none() {
    for bad in [
        "",
        "#",
        "FFFFFF",
        "#FFFF",
        "#FFFFF",
        "#FFFFFFF",
        "#FFFFFFFFF",
        "#GGGGGG",
        "#12 456",
        "red",
        "rgb(0,0,0)",
        "#ééé",
        "##FFFFFF",
    ] {
        assert_eq!(Color::parse(bad), None, "{bad:?}");
    }
}

#[test]
fn colours_display_as_aarrggbb_and_read_back() {
    let color = Color::rgba(0x12, 0x34, 0x56, 0x78);
    assert_eq!(color.to_string(), "#78123456");
    assert_eq!(Color::parse(&color.to_string()), Some(color));
    assert_eq!(Color::rgb(0, 0x63, 0xB1).to_string(), "#FF0063B1");
}

// ---------------------------------------------------------------------------------------------
// Defaults, bad values, errors

fn parse(json: &str) -> (HostConfig, Vec<HostConfigWarning>) {
    HostConfig::parse(json.as_bytes()).unwrap()
}

#[test]
fn missing_keys_take_the_official_defaults() {
    let (config, warnings) = parse("{}");
    assert!(warnings.is_empty());
    assert_eq!(config, HostConfig::adaptive_cards());
    // The values of the official renderer (`host-config.ts`).
    assert_eq!(
        [
            Spacing::None,
            Spacing::Small,
            Spacing::Default,
            Spacing::Medium,
            Spacing::Large,
            Spacing::ExtraLarge,
            Spacing::Padding
        ]
        .map(|s| config.spacing_px(s)),
        [0.0, 3.0, 8.0, 20.0, 30.0, 40.0, 15.0]
    );
    assert_eq!(config.separator.line_thickness, 1.0);
    assert_eq!(config.separator.line_color, rgb(0xEE_EE_EE));
    assert_eq!(
        [
            FontSize::Small,
            FontSize::Default,
            FontSize::Medium,
            FontSize::Large,
            FontSize::ExtraLarge
        ]
        .map(|s| config.font_size(FontType::Default, s)),
        [12.0, 14.0, 17.0, 21.0, 26.0]
    );
    assert_eq!(
        [FontWeight::Lighter, FontWeight::Default, FontWeight::Bolder]
            .map(|w| config.font_weight(FontType::Monospace, w)),
        [200, 400, 600]
    );
    assert_eq!(
        [
            ImageSize::Auto,
            ImageSize::Stretch,
            ImageSize::Small,
            ImageSize::Medium,
            ImageSize::Large
        ]
        .map(|s| config.image_size_px(s)),
        [None, None, Some(40.0), Some(80.0), Some(160.0)]
    );
    assert_eq!(config.actions.max_actions, 5);
    assert_eq!(config.actions.button_spacing, 20.0);
    assert_eq!(
        config.actions.show_card.action_mode,
        ShowCardActionMode::Inline
    );
    assert_eq!(config.actions.show_card.inline_top_margin, 16.0);
    assert_eq!(config.actions.show_card.style, ContainerStyle::Emphasis);
    assert_eq!(config.fact_set.title.weight, FontWeight::Bolder);
    assert_eq!(config.fact_set.value.weight, FontWeight::Default);
    assert_eq!(config.fact_set.spacing, 10.0);
    assert_eq!(config.image_set.image_size, ImageSize::Medium);
    assert_eq!(config.image_set.max_image_height, 100.0);
    assert_eq!(config.table.cell_spacing, 8.0);
    assert_eq!(config.text_styles.heading.size, FontSize::Large);
    assert_eq!(config.text_styles.column_header.weight, FontWeight::Bolder);
    assert_eq!(
        config.inputs.label.required_inputs.suffix.as_deref(),
        Some(" *")
    );
    assert_eq!(config.corner_radius, 4.0);
}

#[test]
fn a_partial_object_changes_only_its_keys() {
    let (config, warnings) = parse(r#"{"spacing": {"small": 5}, "cornerRadius": 0}"#);
    assert!(warnings.is_empty());
    let defaults = HostConfig::adaptive_cards();
    assert_eq!(config.spacing.small, 5.0);
    assert_eq!(config.spacing.default, defaults.spacing.default);
    assert_eq!(config.corner_radius, 0.0);
    assert_eq!(config.actions, defaults.actions);
}

#[test]
#[expect(
    clippy::too_many_lines,
    reason = "a table of wrong values, one per host config member, read top to bottom"
)]
fn wrong_values_warn_with_a_pointer_and_keep_the_default() {
    let (config, warnings) = parse(
        r##"{
            "supportsInteractivity": "yes",
            "spacing": {"small": "wide", "medium": -4, "large": 31},
            "separator": {"lineColor": "#GG0000", "lineThickness": 2},
            "containerStyles": {
                "default": {"backgroundColor": 12, "foregroundColors": {"accent": {"default": "blue", "subtle": "#123"}}},
                "emphasis": []
            },
            "actions": {"maxActions": -1, "actionAlignment": "middle", "showCard": {"style": "fancy"}, "buttonSpacing": 12},
            "fontTypes": {"default": {"fontWeights": {"bolder": 5000, "lighter": 100}}},
            "factSet": {"title": {"weight": "heavy", "maxWidth": true}},
            "inputs": {"label": {"requiredInputs": {"suffix": 7}}},
            "textStyles": "big"
        }"##,
    );
    let defaults = HostConfig::adaptive_cards();
    let pointers: Vec<&str> = warnings.iter().map(|w| w.pointer.as_str()).collect();
    assert_eq!(
        pointers,
        [
            "/supportsInteractivity",
            "/fontTypes/default/fontWeights/bolder",
            "/spacing/small",
            "/spacing/medium",
            "/separator/lineColor",
            "/containerStyles/default/backgroundColor",
            "/containerStyles/default/foregroundColors/accent/default",
            "/containerStyles/emphasis",
            "/actions/maxActions",
            "/actions/showCard/style",
            "/actions/actionAlignment",
            "/factSet/title/weight",
            "/factSet/title/maxWidth",
            "/textStyles",
            "/inputs/label/requiredInputs/suffix",
        ],
        "{warnings:#?}"
    );
    // The bad values keep their defaults…
    assert!(config.supports_interactivity);
    assert_eq!(config.spacing.small, defaults.spacing.small);
    assert_eq!(config.spacing.medium, defaults.spacing.medium);
    assert_eq!(config.separator.line_color, defaults.separator.line_color);
    assert_eq!(config.font_types.default.font_weights.bolder, 600);
    let style = &config.container_styles.default;
    assert_eq!(
        style.background_color,
        background(&defaults, ContainerStyle::Default)
    );
    assert_eq!(
        style.foreground_colors.accent.default,
        ForegroundColors::ADAPTIVE_CARDS.accent.default
    );
    assert_eq!(config.actions.max_actions, 5);
    assert_eq!(config.actions.action_alignment, ActionAlignment::Left);
    assert_eq!(config.actions.show_card.style, ContainerStyle::Emphasis);
    assert_eq!(config.fact_set.title.weight, FontWeight::Bolder);
    assert_eq!(config.fact_set.title.max_width, Some(150.0));
    assert_eq!(config.text_styles, defaults.text_styles);
    assert_eq!(
        config.inputs.label.required_inputs.suffix.as_deref(),
        Some(" *")
    );
    // …and the good ones beside them are kept.
    assert_eq!(config.spacing.large, 31.0);
    assert_eq!(config.separator.line_thickness, 2.0);
    assert_eq!(style.foreground_colors.accent.subtle, rgb(0x11_22_33));
    assert_eq!(config.actions.button_spacing, 12.0);
    assert_eq!(config.font_types.default.font_weights.lighter, 100);
    // Messages say what was wrong and what was used.
    let message = |pointer: &str| {
        warnings
            .iter()
            .find(|w| w.pointer == pointer)
            .map(ToString::to_string)
            .unwrap()
    };
    assert_eq!(
        message("/separator/lineColor"),
        "/separator/lineColor: `#GG0000` is not a colour (#RGB, #RRGGBB or #AARRGGBB); the \
         default #FFEEEEEE is used"
    );
    assert_eq!(
        message("/supportsInteractivity"),
        "/supportsInteractivity: expected a boolean, found a string; the default true is used"
    );
    assert!(message("/actions/actionAlignment").contains("`middle`"));
}

#[test]
fn keys_and_values_are_read_in_any_case() {
    let (config, warnings) = parse(
        r#"{
            "Actions": {"MaxActions": 2, "ActionsOrientation": "VERTICAL", "iconPlacement": "AboveTitle"},
            "imageSet": {"imageSize": "Large"},
            "factSet": {"value": {"weight": "Normal", "size": "ExtraLarge"}}
        }"#,
    );
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(config.actions.max_actions, 2);
    assert_eq!(config.actions.actions_orientation, Orientation::Vertical);
    assert_eq!(config.actions.icon_placement, IconPlacement::AboveTitle);
    assert_eq!(config.image_set.image_size, ImageSize::Large);
    assert_eq!(config.fact_set.value.weight, FontWeight::Default);
    assert_eq!(config.fact_set.value.size, FontSize::ExtraLarge);
}

#[test]
fn nulls_and_unknown_keys_are_ignored_silently() {
    let (config, warnings) = parse(
        r#"{"spacing": null, "containerStyles": {"default": {"backgroundColor": null}},
            "media": {"allowInlinePlayback": false}, "somethingNew": [1, 2]}"#,
    );
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(config, HostConfig::adaptive_cards());
}

#[test]
fn pixel_strings_and_empty_suffixes() {
    let (config, warnings) = parse(
        r#"{"actions": {"iconSize": "24px"}, "inputs": {"label": {"requiredInputs": {"suffix": ""}}},
            "factSet": {"title": {"maxWidth": 0}}}"#,
    );
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(config.actions.icon_size, 24.0);
    assert_eq!(config.inputs.label.required_inputs.suffix, None);
    assert_eq!(config.fact_set.title.max_width, None);
}

#[test]
fn legacy_root_font_keys_set_the_default_font() {
    let (config, warnings) = parse(
        r#"{"fontFamily": "Calibri", "fontSizes": {"default": 13}, "fontWeights": {"bolder": 700}}"#,
    );
    assert!(warnings.is_empty());
    assert_eq!(config.font_types.default.font_family, "Calibri");
    assert_eq!(config.font_size(FontType::Default, FontSize::Default), 13.0);
    assert_eq!(
        config.font_weight(FontType::Default, FontWeight::Bolder),
        700
    );
    assert_eq!(
        config.font_size(FontType::Monospace, FontSize::Default),
        14.0
    );

    // `fontTypes` wins key by key.
    let (config, _) = parse(
        r#"{"fontSizes": {"default": 13, "small": 11}, "fontTypes": {"default": {"fontSizes": {"default": 15}}}}"#,
    );
    assert_eq!(config.font_size(FontType::Default, FontSize::Default), 15.0);
    assert_eq!(config.font_size(FontType::Default, FontSize::Small), 11.0);
}

#[test]
fn only_non_objects_are_errors() {
    assert!(matches!(
        HostConfig::parse(b"{not json"),
        Err(mcpapp_card::Error::HostConfigNotJson(_))
    ));
    assert!(matches!(
        HostConfig::parse(b"\xFF\xFE"),
        Err(mcpapp_card::Error::HostConfigNotJson(_))
    ));
    let err = HostConfig::parse(b"[1, 2]").unwrap_err();
    assert!(matches!(
        err,
        mcpapp_card::Error::HostConfigNotAnObject { found: "an array" }
    ));
    assert_eq!(
        err.to_string(),
        "the host config must be a JSON object, not an array"
    );
    assert!(HostConfig::from_json(b"null").is_err());
    // `from_json` drops the warnings, not the config.
    let config = HostConfig::from_json(br#"{"spacing": {"small": "x", "large": 33}}"#).unwrap();
    assert_eq!(config.spacing.large, 33.0);
}

#[test]
fn merge_adjusts_a_built_in_theme() {
    let dark = HostConfig::dark();
    let (config, warnings) = dark
        .merge_json(br#"{"cornerRadius": 0, "actions": {"maxActions": 3}}"#)
        .unwrap();
    assert!(warnings.is_empty());
    assert_eq!(config.corner_radius, 0.0);
    assert_eq!(config.actions.max_actions, 3);
    assert_eq!(config.container_styles, dark.container_styles);
}

#[test]
fn built_in_themes_round_trip_and_default_is_light() {
    assert_eq!(HostConfig::default(), HostConfig::light());
    for theme in [
        HostConfig::adaptive_cards(),
        HostConfig::light(),
        HostConfig::dark(),
        HostConfig::high_contrast(),
    ] {
        let value = serde_json::to_value(&theme).unwrap();
        assert_eq!(
            value["containerStyles"]["default"]["backgroundColor"]
                .as_str()
                .map(str::len),
            Some(9)
        );
        let (again, warnings) = HostConfig::parse_value(&value).unwrap();
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(again, theme);
    }
}

// ---------------------------------------------------------------------------------------------
// Contrast of the built-in themes (WCAG 2.x)

/// The relative luminance of an opaque colour.
fn luminance(c: Color) -> f64 {
    let channel = |v: u8| {
        let v = f64::from(v) / 255.0;
        if v <= 0.040_45 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)
}

/// `top` drawn over `bottom` (straight alpha, in sRGB as browsers blend).
fn over(top: Color, bottom: Color) -> Color {
    let a = f64::from(top.a) / 255.0;
    let mix = |t: u8, b: u8| (f64::from(t) * a + f64::from(b) * (1.0 - a)).round() as u8;
    Color::rgb(
        mix(top.r, bottom.r),
        mix(top.g, bottom.g),
        mix(top.b, bottom.b),
    )
}

/// The contrast ratio of text over a background, itself over the white page behind the card.
fn contrast(text: Color, background: Color) -> f64 {
    let background = over(background, Color::WHITE);
    let text = over(text, background);
    let (a, b) = (luminance(text), luminance(background));
    (a.max(b) + 0.05) / (a.min(b) + 0.05)
}

#[test]
fn the_contrast_helper_knows_the_extremes() {
    assert!((contrast(Color::BLACK, Color::WHITE) - 21.0).abs() < 1e-9);
    assert!((contrast(Color::WHITE, Color::WHITE) - 1.0).abs() < 1e-9);
    // #767676 on white is the classic 4.5:1 grey.
    assert!((contrast(rgb(0x76_76_76), Color::WHITE) - 4.54).abs() < 0.01);
}

fn check_theme(
    name: &str,
    theme: &HostConfig,
    normal: f64,
    subtle: f64,
    styles: &[ContainerStyle],
) {
    let names = [
        ColorName::Default,
        ColorName::Accent,
        ColorName::Good,
        ColorName::Warning,
        ColorName::Attention,
    ];
    for &style in styles {
        let config = theme.container_style(style);
        for color in names {
            let ratio = contrast(config.text_color(color, false), config.background_color);
            assert!(
                ratio >= normal,
                "{name} {style} {color}: {ratio:.2} < {normal}"
            );
            let ratio = contrast(config.text_color(color, true), config.background_color);
            assert!(
                ratio >= subtle,
                "{name} {style} subtle {color}: {ratio:.2} < {subtle}"
            );
        }
    }
}

#[test]
fn light_and_dark_text_is_readable() {
    for (name, theme) in [("light", HostConfig::light()), ("dark", HostConfig::dark())] {
        // The brief's bar: default text on default and emphasis backgrounds…
        for style in [ContainerStyle::Default, ContainerStyle::Emphasis] {
            let c = theme.container_style(style);
            assert!(contrast(c.text_color(ColorName::Default, false), c.background_color) >= 4.5);
            assert!(contrast(c.text_color(ColorName::Default, true), c.background_color) >= 3.0);
        }
        // …and ours: every coloured text on every style.
        let all: Vec<ContainerStyle> = theme.container_styles.iter().map(|(s, _)| s).collect();
        check_theme(name, &theme, 4.5, 3.0, &all);
    }
}

#[test]
fn high_contrast_text_reaches_7_to_1() {
    let theme = HostConfig::high_contrast();
    let all: Vec<ContainerStyle> = theme.container_styles.iter().map(|(s, _)| s).collect();
    check_theme("high contrast", &theme, 7.0, 7.0, &all);
    for (style, config) in theme.container_styles.iter() {
        for color in [ColorName::Dark, ColorName::Light] {
            for subtle in [false, true] {
                let ratio = contrast(config.text_color(color, subtle), config.background_color);
                assert!(ratio >= 7.0, "{style} {color} {subtle}: {ratio:.2}");
            }
        }
    }
    assert!(theme.separator.line_thickness > HostConfig::light().separator.line_thickness);
}

#[test]
fn print_contrast_ratios() {
    // Not an assertion: the measured ratios, for the record (`--nocapture`).
    for (name, theme) in [
        ("light", HostConfig::light()),
        ("dark", HostConfig::dark()),
        ("high contrast", HostConfig::high_contrast()),
    ] {
        for style in [ContainerStyle::Default, ContainerStyle::Emphasis] {
            let c = theme.container_style(style);
            let normal = contrast(c.text_color(ColorName::Default, false), c.background_color);
            let subtle = contrast(c.text_color(ColorName::Default, true), c.background_color);
            let accent = contrast(c.text_color(ColorName::Accent, false), c.background_color);
            let style = style.to_string();
            println!(
                "{name:>13} {style:>8}: default {normal:5.2}  subtle {subtle:5.2}  accent {accent:5.2}"
            );
        }
    }
}
