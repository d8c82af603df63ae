//! `render_card` on a real GPU adapter (Mesa's lavapipe in CI): sizes, themes, determinism,
//! and options it refuses.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

use mcpapp_card::{Card, HostConfig};
use mcpapp_render::{CompareOptions, RenderError, RenderOptions, compare, render_card};

fn card() -> Card {
    mcpapp_card::parse(
        br#"{"type": "AdaptiveCard", "version": "1.5", "body": [
            {"type": "TextBlock", "text": "Hello, headless world", "size": "large", "wrap": true},
            {"type": "Input.Text", "id": "name", "label": "Name", "placeholder": "Your name"}
        ], "actions": [{"type": "Action.Submit", "title": "Send"}]}"#,
    )
    .into_valid()
    .unwrap()
}

#[test]
fn the_image_is_as_wide_as_asked_and_as_tall_as_the_card() {
    let card = card();
    let light = render_card(&card, &RenderOptions::default()).unwrap();
    assert_eq!(light.width(), 400);
    assert!((60..400).contains(&light.height()), "{}", light.height());

    let double = render_card(
        &card,
        &RenderOptions {
            width: 300.0,
            scale: 2.0,
            ..RenderOptions::default()
        },
    )
    .unwrap();
    assert_eq!(double.width(), 600);

    let dark = render_card(
        &card,
        &RenderOptions {
            host_config: HostConfig::dark(),
            ..RenderOptions::default()
        },
    )
    .unwrap();
    assert_eq!(dark.dimensions(), light.dimensions());
    // The corner is the page behind the rounded card: the theme's background.
    let bg = |img: &mcpapp_render::image::RgbaImage| img.get_pixel(0, 0).0;
    assert_eq!(bg(&light), [255, 255, 255, 255]);
    assert!(bg(&dark)[0] < 64, "{:?}", bg(&dark));
    assert!(!compare(&light, &dark, &CompareOptions::default()).passed);
}

#[test]
fn rendering_is_deterministic() {
    let card = card();
    let a = render_card(&card, &RenderOptions::default()).unwrap();
    let b = render_card(&card, &RenderOptions::default()).unwrap();
    assert_eq!(a.as_raw(), b.as_raw());
}

#[test]
fn state_is_drawn() {
    let card = card();
    let mut state = mcpapp_egui::CardState::new(&card);
    state.values.set(
        "name",
        mcpapp_card::InputValue::Text("Ferris the crab".into()),
    );
    let empty = render_card(&card, &RenderOptions::default()).unwrap();
    let filled = render_card(
        &card,
        &RenderOptions {
            state: Some(state),
            ..RenderOptions::default()
        },
    )
    .unwrap();
    assert!(!compare(&empty, &filled, &CompareOptions::default()).passed);
}

#[test]
fn bad_options_are_refused() {
    let card = card();
    for (width, scale) in [
        (0.0, 1.0),
        (f32::NAN, 1.0),
        (400.0, 0.0),
        (400.0, 100.0),
        (9000.0, 1.0),
    ] {
        let err = render_card(
            &card,
            &RenderOptions {
                width,
                scale,
                ..RenderOptions::default()
            },
        )
        .unwrap_err();
        assert!(
            matches!(err, RenderError::InvalidOptions(_)),
            "{width} × {scale}: {err}"
        );
    }
}

/// A card of `rows` numbered rows, each a coloured band with its number.
fn tall_card(rows: usize) -> Card {
    let body: Vec<serde_json::Value> = (0..rows)
        .map(|i| {
            serde_json::json!({"type": "Container", "style": if i % 2 == 0 { "accent" } else { "good" },
                "items": [{"type": "TextBlock", "text": format!("Row {i}"), "size": "large"}]})
        })
        .collect();
    mcpapp_card::parse_value(serde_json::json!({"type": "McpApp", "body": body}))
        .into_valid()
        .unwrap()
}

#[test]
fn a_card_taller_than_a_texture_is_drawn_in_tiles_and_stitched() {
    let card = tall_card(260);
    let image = render_card(&card, &RenderOptions::default()).unwrap();
    assert_eq!(image.width(), 400);
    assert!(image.height() > 12_000, "{}", image.height());
    // Every band is drawn, also past the first tile and at the very bottom: no row of the
    // image is left transparent or blank between the tiles.
    let blank_rows = (0..image.height())
        .filter(|y| (0..image.width()).all(|x| image.get_pixel(x, *y).0[3] == 0))
        .count();
    assert_eq!(blank_rows, 0);
    let near_bottom = image.get_pixel(200, image.height() - 30).0;
    let near_top = image.get_pixel(200, 30).0;
    assert_ne!(near_bottom, [255, 255, 255, 255]);
    assert_ne!(near_top, [255, 255, 255, 255]);
}
