#![cfg(test)] // clippy.toml's allowances for tests hold in every function here
//! The card app submits what the native renderer submits: for every example card and every
//! vendored corpus card with inputs, the same typed values go into the card app (the official
//! Adaptive Cards renderer in headless Chromium, behind our bridge and host) and into
//! `mcpapp_card::prepare_submit`, and each top-level `Action.Submit` / `Action.Execute` gives
//! the same `tools/call` both ways.

mod support;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use mcpapp_card::{Action, Card, Element, InputValue, InputValues, prepare_submit, tool_call};
use mcpapp_host::{HostOptions, Runtime};
use mcpapp_html::{BridgeOptions, HeadlessChromium, HtmlResource, LocalBridge, Tab};
use mcpapp_protocol::Theme;
use mcpapp_server::{CARD_APP_URI, card_app_html, card_result};
use serde_json::{Value, json};
use support::session::{browser, open_app};

const WAIT: Duration = Duration::from_secs(20);

/// Every card file with at least one input and one top-level submitting action.
fn cards() -> Vec<(String, Card)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    collect(&root.join("examples/cards"), &mut files);
    collect(&root.join("tests/corpus/adaptive-cards"), &mut files);
    files.sort();
    files
        .into_iter()
        .filter(|path| {
            let name = path.to_string_lossy();
            // Templates are filled before they are cards; their expanded forms are here.
            !name.contains("/Templates/") && !name.ends_with(".data.json")
        })
        .filter_map(|path| {
            let text = std::fs::read_to_string(&path).ok()?;
            let card = mcpapp_card::parse_str(&text).card?;
            let submits = card
                .actions
                .iter()
                .any(|a| matches!(a, Action::Submit(_) | Action::Execute(_)));
            (submits && !card.inputs().is_empty())
                .then(|| (path.strip_prefix(root).unwrap().display().to_string(), card))
        })
        .collect()
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "json") {
            out.push(path);
        }
    }
}

/// The value a user gives each input: something valid where the card's rules make that
/// easy (its default, the smallest number allowed, the first choices).
fn typed_values(card: &Card) -> InputValues {
    let mut values = InputValues::initial(card);
    for input in card.inputs() {
        let Some(id) = input.id() else { continue };
        let value = match input {
            Element::InputText(t) => {
                let max = t
                    .max_length
                    .map_or(12, |m| usize::try_from(m).unwrap_or(12));
                let text: String = format!("typed {id}").chars().take(max.max(1)).collect();
                InputValue::Text(text)
            }
            Element::InputNumber(n) => InputValue::Text(
                n.min
                    .map_or_else(|| "7".to_owned(), mcpapp_card::format_number),
            ),
            Element::InputDate(_) => InputValue::Text("2026-12-01".to_owned()),
            Element::InputTime(_) => InputValue::Text("13:45".to_owned()),
            Element::InputToggle(_) => InputValue::Toggle(true),
            Element::InputChoiceSet(c) => {
                let take = if c.is_multi_select == Some(true) {
                    2
                } else {
                    1
                };
                InputValue::Choices(
                    c.choices
                        .iter()
                        .take(take)
                        .map(|ch| ch.value.to_string())
                        .collect(),
                )
            }
            _ => continue,
        };
        values.set(id, value);
    }
    values
}

/// Puts `values` into the rendered card's controls as a user would leave them.
fn fill_script(values: &InputValues) -> String {
    let values = serde_json::to_string(values).unwrap();
    format!(
        r#"(() => {{
  const values = {values};
  for (const input of mcpappCardApp.rendered.getAllInputs()) {{
    // Inputs of a show card that is not open have no controls yet.
    if (!(input.id in values) || !input.renderedElement) continue;
    const value = values[input.id];
    switch (input.getJsonTypeName()) {{
      case "Input.Toggle": input._checkboxInputElement.checked = value === true; break;
      case "Input.ChoiceSet": {{
        const chosen = Array.isArray(value) ? value : [];
        if (input._selectElement) input._selectElement.value = chosen[0] ?? "";
        else if (input._toggleInputs) for (const t of input._toggleInputs) t.checked = chosen.includes(t.value);
        else if (input._textInput) input._textInput.value = chosen[0] ?? "";
        break;
      }}
      default: if (input.renderedInputControlElement) input.renderedInputControlElement.value = String(value);
    }}
  }}
  return true;
}})()"#
    )
}

/// The card app showing `card` as a tool result, through a host runtime and a bridge.
async fn show(browser: &HeadlessChromium, card: &Card) -> (Runtime, Tab) {
    show_in(browser, card, Theme::Light).await
}

/// [`show`], the host in `theme`.
async fn show_in(browser: &HeadlessChromium, card: &Card, theme: Theme) -> (Runtime, Tab) {
    let options = HostOptions {
        theme,
        ..HostOptions::default()
    };
    let (mut runtime, instance) =
        open_app(options, CARD_APP_URI, &json!({}), &card_result(card)).await;
    let bridge = LocalBridge::start(HtmlResource::new(card_app_html()), BridgeOptions::default())
        .await
        .unwrap();
    let tab = browser.open(&bridge.url()).await.unwrap();
    runtime.attach(instance, Box::new(bridge));
    let deadline = Instant::now() + WAIT;
    loop {
        let _ = runtime.next_event_within(Duration::from_millis(20)).await;
        let shown = tab
            .evaluate_in(
                "about:srcdoc",
                "!!(window.mcpappCardApp && mcpappCardApp.rendered)",
            )
            .await
            .unwrap();
        if shown.first().and_then(|v| v.value.as_ref().ok()) == Some(&json!(true)) {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the card app never showed the card"
        );
    }
    (runtime, tab)
}

async fn in_app(tab: &Tab, expression: &str) -> Value {
    let values = tab.evaluate_in("about:srcdoc", expression).await.unwrap();
    match values.into_iter().next().map(|v| v.value) {
        Some(Ok(value)) => value,
        Some(Err(thrown)) => panic!("`{expression}` threw {thrown}"),
        None => panic!("no app frame for `{expression}`"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_card_app_submits_what_the_native_renderer_submits() {
    let Some(browser) = browser().await else {
        return;
    };
    let cards = cards();
    assert!(cards.len() >= 20, "only {} cards with inputs", cards.len());
    let mut compared = 0;
    let mut calls = 0;
    let mut table = Vec::new();
    for (name, card) in &cards {
        let values = typed_values(card);
        let (_runtime, tab) = show(&browser, card).await;
        assert_eq!(in_app(&tab, &fill_script(&values)).await, true, "{name}");
        for (index, action) in card.actions.iter().enumerate() {
            if !matches!(action, Action::Submit(_) | Action::Execute(_)) {
                continue;
            }
            let Ok(native) = prepare_submit(&[card], action, &values) else {
                // Values the card's own rules refuse (a pattern, a range) stop a submit on
                // both sides before any data is built.
                table.push(format!("{name} #{index}: refused by the card's rules"));
                continue;
            };
            let html = in_app(&tab, &format!("mcpappCardApp.payloadAt({index})")).await;
            assert_eq!(html, native, "{name}, action {index}: the submitted data");
            compared += 1;
            // Where the action names a tool, the `tools/call` too.
            let call = in_app(
                &tab,
                &format!(
                    "(() => {{ try {{ return mcpappCardApp.toolCallAt({index}); }}
                       catch (e) {{ return {{ error: String(e.message) }}; }} }})()"
                ),
            )
            .await;
            match tool_call(action, native) {
                Ok(expected) => {
                    let expected = json!({
                        "name": expected.name,
                        "arguments": Value::Object(expected.arguments),
                    });
                    assert_eq!(call, expected, "{name}, action {index}: the tools/call");
                    calls += 1;
                    table.push(format!(
                        "{name} #{index}: same data, same call {}",
                        call["name"]
                    ));
                }
                Err(why) => {
                    assert!(
                        call.get("error").is_some(),
                        "{name} #{index}: {why}, but {call}"
                    );
                    table.push(format!("{name} #{index}: same data; both refuse: {why}"));
                }
            }
        }
        tab.close().await.unwrap();
    }
    eprintln!("{}", table.join("\n"));
    eprintln!("{compared} actions' data compared, {calls} tools/call compared");
    assert!(compared >= 30, "only {compared} actions compared");
    assert!(calls >= 5, "only {calls} tool calls compared");
    browser.close().await;
}

/// The mean brightness (0–255) of an image's pixels.
fn brightness(image: &image::RgbaImage) -> f64 {
    let sum: f64 = image
        .pixels()
        .map(|p| (f64::from(p[0]) + f64::from(p[1]) + f64::from(p[2])) / 3.0)
        .sum();
    let count = f64::from(image.width()) * f64::from(image.height());
    sum / count.max(1.0)
}

/// The same cards drawn natively (egui) and by the card app, light and dark, side by side in
/// `target/card-app-screenshots/` to look at; the card app follows the host's theme.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_card_app_follows_the_hosts_theme_beside_the_native_rendering() {
    let Some(browser) = browser().await else {
        return;
    };
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("card-app-screenshots");
    std::fs::create_dir_all(&out).unwrap();
    for name in ["flight-cancellation", "expense-report"] {
        let path =
            Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("examples/cards/{name}.json"));
        let card = mcpapp_card::parse_str(&std::fs::read_to_string(path).unwrap())
            .card
            .unwrap();
        for (theme, label, config) in [
            (Theme::Light, "light", mcpapp_card::HostConfig::light()),
            (Theme::Dark, "dark", mcpapp_card::HostConfig::dark()),
        ] {
            let native = mcpapp_render::render_card(
                &card,
                &mcpapp_render::RenderOptions {
                    width: 420.0,
                    host_config: config,
                    ..mcpapp_render::RenderOptions::default()
                },
            );
            if let Ok(native) = native {
                mcpapp_render::write_png(&native, &out.join(format!("{name}-native-{label}.png")))
                    .unwrap();
            }
            let dark = theme == Theme::Dark;
            let (_runtime, tab) = show_in(&browser, &card, theme).await;
            tab.set_viewport(440, 700).await.unwrap();
            tokio::time::sleep(Duration::from_millis(300)).await;
            let png = tab.screenshot().await.unwrap();
            std::fs::write(out.join(format!("{name}-html-{label}.png")), &png).unwrap();
            let shot = image::load_from_memory(&png).unwrap().to_rgba8();
            let mean = brightness(&shot);
            if dark {
                assert!(mean < 90.0, "{name}: the dark card is dark ({mean:.0})");
            } else {
                assert!(mean > 180.0, "{name}: the light card is light ({mean:.0})");
            }
            tab.close().await.unwrap();
        }
    }
    eprintln!("screenshots in {}", out.display());
    browser.close().await;
}
