//! The host's look, told to HTML apps: the standard style variables of MCP Apps
//! (`hostContext.styles.variables`: colours, fonts, sizes, radii, shadows) and the font
//! stylesheet (`styles.css.fonts`), derived from the card host config of the active theme, so
//! an HTML app that uses them looks like the cards beside it. Every standard variable is given
//! (the SDK's schema asks for all of them).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use mcpapp_card::HostConfig;
use mcpapp_card::host_config::Color;
use mcpapp_protocol::{HostCss, HostStyles, Theme};

/// The style variables and font stylesheet of `theme`, from our built-in host config of that
/// theme ([`HostConfig::light`], [`HostConfig::dark`]).
#[must_use]
pub fn theme_styles(theme: &Theme) -> HostStyles {
    let config = if *theme == Theme::Dark {
        HostConfig::dark()
    } else {
        HostConfig::light()
    };
    host_styles(&config, *theme == Theme::Dark)
}

/// The style variables and font stylesheet of a card host config; `dark` deepens shadows.
#[must_use]
pub fn host_styles(config: &HostConfig, dark: bool) -> HostStyles {
    let mut variables = BTreeMap::new();
    colors(config, &mut variables);
    fonts(config, &mut variables);
    shapes(config, dark, &mut variables);
    HostStyles {
        variables: Some(variables),
        css: Some(HostCss {
            fonts: Some(font_faces(config)),
        }),
    }
}

/// `#RRGGBB`, `transparent`, or `rgba(…)` when partly opaque: CSS every browser reads.
fn css(color: Color) -> String {
    if color.a == 255 {
        format!("#{:02X}{:02X}{:02X}", color.r, color.g, color.b)
    } else if color.a == 0 {
        "transparent".to_owned()
    } else {
        format!(
            "rgba({}, {}, {}, {:.2})",
            color.r,
            color.g,
            color.b,
            f32::from(color.a) / 255.0
        )
    }
}

fn set(variables: &mut BTreeMap<String, String>, name: &str, value: String) {
    variables.insert(name.to_owned(), value);
}

/// Backgrounds, texts, borders and focus rings from the container styles.
fn colors(config: &HostConfig, v: &mut BTreeMap<String, String>) {
    let styles = &config.container_styles;
    let text = &styles.default.foreground_colors;
    let background = styles.default.background_color;
    let border = |style: &mcpapp_card::host_config::ContainerStyleConfig| {
        style.border_color.unwrap_or(config.separator.line_color)
    };
    let faded = text.default.subtle.with_alpha(0x80);
    for (name, color) in [
        ("primary", background),
        ("secondary", styles.emphasis.background_color),
        ("tertiary", config.separator.line_color),
        ("inverse", text.default.default),
        ("ghost", Color::TRANSPARENT),
        ("info", styles.accent.background_color),
        ("danger", styles.attention.background_color),
        ("success", styles.good.background_color),
        ("warning", styles.warning.background_color),
        (
            "disabled",
            styles.emphasis.background_color.with_alpha(0x80),
        ),
    ] {
        set(v, &format!("--color-background-{name}"), css(color));
    }
    for (name, color) in [
        ("primary", text.default.default),
        ("secondary", text.default.subtle),
        ("tertiary", faded),
        ("inverse", background),
        ("ghost", faded),
        ("info", text.accent.default),
        ("danger", text.attention.default),
        ("success", text.good.default),
        ("warning", text.warning.default),
        ("disabled", faded),
    ] {
        set(v, &format!("--color-text-{name}"), css(color));
    }
    for (name, color) in [
        ("primary", border(&styles.default)),
        ("secondary", border(&styles.emphasis)),
        ("tertiary", config.separator.line_color),
        ("inverse", text.default.default),
        ("ghost", Color::TRANSPARENT),
        ("info", border(&styles.accent)),
        ("danger", border(&styles.attention)),
        ("success", border(&styles.good)),
        ("warning", border(&styles.warning)),
        ("disabled", border(&styles.default).with_alpha(0x80)),
    ] {
        set(v, &format!("--color-border-{name}"), css(color));
    }
    for (name, color) in [
        ("primary", text.accent.default),
        ("secondary", text.default.subtle),
        ("inverse", background),
        ("info", text.accent.default),
        ("danger", text.attention.default),
        ("success", text.good.default),
        ("warning", text.warning.default),
    ] {
        set(v, &format!("--color-ring-{name}"), css(color));
    }
}

/// Families, weights, text and heading sizes and their line heights.
fn fonts(config: &HostConfig, v: &mut BTreeMap<String, String>) {
    let default = &config.font_types.default;
    set(v, "--font-sans", default.font_family.clone());
    set(
        v,
        "--font-mono",
        config.font_types.monospace.font_family.clone(),
    );
    let weights = default.font_weights;
    set(v, "--font-weight-normal", weights.default.to_string());
    set(
        v,
        "--font-weight-medium",
        weights.default.midpoint(weights.bolder).to_string(),
    );
    set(v, "--font-weight-semibold", weights.bolder.to_string());
    set(
        v,
        "--font-weight-bold",
        weights.bolder.saturating_add(100).min(900).to_string(),
    );
    let sizes = default.font_sizes;
    let px = |size: f32| format!("{}px", size.round());
    for (name, size) in [
        ("xs", sizes.small),
        ("sm", sizes.default),
        ("md", sizes.medium),
        ("lg", sizes.large),
    ] {
        set(v, &format!("--font-text-{name}-size"), px(size));
        set(
            v,
            &format!("--font-text-{name}-line-height"),
            px(size * 1.4),
        );
    }
    // Headings grow from the card's largest sizes by a steady ratio.
    for (name, size) in [
        ("xs", sizes.medium),
        ("sm", sizes.large),
        ("md", sizes.extra_large),
        ("lg", sizes.extra_large * 1.2),
        ("xl", sizes.extra_large * 1.45),
        ("2xl", sizes.extra_large * 1.75),
        ("3xl", sizes.extra_large * 2.1),
    ] {
        set(v, &format!("--font-heading-{name}-size"), px(size));
        set(
            v,
            &format!("--font-heading-{name}-line-height"),
            px(size * 1.25),
        );
    }
}

/// Corner radii, the border width and shadows.
fn shapes(config: &HostConfig, dark: bool, v: &mut BTreeMap<String, String>) {
    let radius = config.corner_radius.max(0.0);
    let px = |size: f32| format!("{}px", size.round());
    for (name, size) in [
        ("xs", radius / 2.0),
        ("sm", radius),
        ("md", radius * 2.0),
        ("lg", radius * 3.0),
        ("xl", radius * 4.0),
    ] {
        set(v, &format!("--border-radius-{name}"), px(size));
    }
    set(v, "--border-radius-full", "9999px".to_owned());
    set(
        v,
        "--border-width-regular",
        px(config.separator.line_thickness.max(1.0)),
    );
    // Shadows read on a dark background only when much stronger.
    let shade = if dark { 0.5 } else { 0.1 };
    let hairline = css(config.separator.line_color);
    set(v, "--shadow-hairline", format!("0 0 0 1px {hairline}"));
    set(
        v,
        "--shadow-sm",
        format!("0 1px 2px rgba(0, 0, 0, {shade:.2})"),
    );
    set(
        v,
        "--shadow-md",
        format!("0 4px 8px rgba(0, 0, 0, {:.2})", shade * 1.2),
    );
    set(
        v,
        "--shadow-lg",
        format!("0 12px 24px rgba(0, 0, 0, {:.2})", shade * 1.5),
    );
}

/// `@font-face` rules that make the first family of each stack resolve to a font installed
/// here (the stacks name Windows fonts first): local sources only, since an app's CSP lets no
/// font load from elsewhere unless its server asked for it.
fn font_faces(config: &HostConfig) -> String {
    let mut css = String::new();
    for (stack, fallbacks) in [
        (
            &config.font_types.default.font_family,
            ["Segoe UI", "Ubuntu", "Cantarell", "DejaVu Sans", "Arial"],
        ),
        (
            &config.font_types.monospace.font_family,
            [
                "Cascadia Mono",
                "Consolas",
                "Ubuntu Mono",
                "DejaVu Sans Mono",
                "Courier New",
            ],
        ),
    ] {
        let Some(first) = stack
            .split(',')
            .map(|f| f.trim().trim_matches(['\'', '"']))
            .find(|f| !f.is_empty())
        else {
            continue;
        };
        // A family name that could break out of the rule is left out.
        if first.contains(['{', '}', ';', '"', '\\', '\n', '<']) {
            continue;
        }
        let sources: Vec<String> = std::iter::once(first)
            .chain(fallbacks.iter().copied().filter(|f| *f != first))
            .map(|f| format!("local(\"{f}\")"))
            .collect();
        let _ = writeln!(
            css,
            "@font-face {{ font-family: \"{first}\"; src: {}; }}",
            sources.join(", ")
        );
    }
    css
}
