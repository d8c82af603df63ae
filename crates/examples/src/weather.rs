//! A weather forecast with a view per kind of client: `get_forecast(city, days)` opens the HTML
//! app `ui://weather/forecast` (a page of our own speaking the standard MCP Apps messages) for
//! clients that show HTML, answers with a card for clients that show cards, and with text for
//! the rest. A client that shows both gets the one it lists first.
//!
//! The forecast is made up, but stable: the same city on the same day gets the same weather,
//! so a person can refresh it and tests can compare it.
//!
//! ```text
//! mcpapp serve-example weather
//! ```

use std::fmt::Write as _;

use mcpapp_card::Card;
use mcpapp_card::builder::{ItemsBuilder, TextBuilder};
use mcpapp_card::enums::FontWeight;
use mcpapp_protocol::{
    CARD_MIME_TYPE, CallToolResult, ContentBlock, HTML_MIME_TYPE, ResourceCsp, Visibility,
};
use mcpapp_server::{CardBuilder, ClientUi, Error, UiResource};
use mcpapp_template::datetime::{self, Fields};
use rmcp::model::ErrorData;
use serde::Serialize;
use serde_json::{Map, Value, json};

use crate::support::{Call, Example, ExampleTool, card_app, now, rmcp_tool};

const FORECAST: &str = "get_forecast";
/// The HTML app's view.
pub const FORECAST_URI: &str = "ui://weather/forecast";
const PAGE: &str = include_str!("weather.html");
/// The views the server has for `get_forecast`, in no order of its own: the client's wins.
const VIEWS: [&str; 2] = [HTML_MIME_TYPE, CARD_MIME_TYPE];
const DEFAULT_DAYS: u64 = 5;
const MAX_DAYS: u64 = 7;
const MAX_CITY: usize = 80;

/// One day of a forecast.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Day {
    /// `YYYY-MM-DD`.
    pub date: String,
    /// `Mon`, `Tue`, …
    pub weekday: &'static str,
    /// `clear`, `rain`, …
    pub condition: &'static str,
    /// The day's high, °C.
    pub high_c: i64,
    /// The night's low, °C.
    pub low_c: i64,
    /// Chance of rain, percent.
    pub precipitation_pct: u64,
    /// Wind, km/h.
    pub wind_kmh: u64,
}

/// A forecast: the tool result's `structuredContent`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Forecast {
    /// The city as asked.
    pub city: String,
    /// The day it was made, `YYYY-MM-DD`.
    pub issued: String,
    /// From the day it was made on.
    pub days: Vec<Day>,
}

const CONDITIONS: [&str; 9] = [
    "clear",
    "partly cloudy",
    "cloudy",
    "light rain",
    "rain",
    "thunderstorms",
    "fog",
    "windy",
    "snow",
];
/// FNV-1a: a hash that is the same in every run (std's is seeded per process).
fn stable_hash(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The calendar fields of a day (days since 1970-01-01), at midnight UTC.
fn calendar(days: i64) -> Fields {
    datetime::fields(days.saturating_mul(86_400_000))
}

fn iso_date(days: i64) -> String {
    let Fields {
        year, month, day, ..
    } = calendar(days);
    format!("{year:04}-{month:02}-{day:02}")
}

/// `Mon`, `Tue`, …: the first three letters of the weekday's name.
fn weekday(days: i64) -> &'static str {
    let name = usize::try_from(calendar(days).weekday)
        .ok()
        .and_then(|i| datetime::WEEKDAY_NAMES.get(i))
        .copied()
        .unwrap_or("?");
    name.get(..3).unwrap_or(name)
}

/// The forecast for `city`, `count` days from day `today` (days since 1970-01-01).
#[must_use]
pub fn forecast(city: &str, count: u64, today: i64) -> Forecast {
    let place = stable_hash(&city.trim().to_lowercase());
    // A climate per city: a base temperature from -6 to 25 °C.
    let base = i64::try_from(place % 32).unwrap_or(0) - 6;
    let days = (0..count.min(MAX_DAYS))
        .map(|offset| {
            let day = today + i64::try_from(offset).unwrap_or(0);
            let seed = stable_hash(&format!("{place}:{day}"));
            let mut condition = CONDITIONS
                .get(usize::try_from(seed % 9).unwrap_or(0))
                .copied()
                .unwrap_or("clear");
            let swing = i64::try_from(seed >> 8 & 7).unwrap_or(0) - 3;
            let high = base + swing;
            if condition == "snow" && high > 2 {
                condition = "rain";
            }
            let precipitation = match condition {
                "rain" | "thunderstorms" | "snow" => 60 + (seed >> 16) % 40,
                "light rain" | "fog" => 30 + (seed >> 16) % 30,
                _ => (seed >> 16) % 25,
            };
            Day {
                date: iso_date(day),
                weekday: weekday(day),
                condition,
                high_c: high,
                low_c: high - 4 - i64::try_from(seed >> 24 & 3).unwrap_or(0),
                precipitation_pct: precipitation,
                wind_kmh: 5 + (seed >> 32) % (if condition == "windy" { 50 } else { 25 }),
            }
        })
        .collect();
    Forecast {
        city: city.trim().to_owned(),
        issued: iso_date(today),
        days,
    }
}

/// The forecast in words, for the model and for clients without UI.
#[must_use]
pub fn summary(forecast: &Forecast) -> String {
    let mut text = format!(
        "Forecast for {} ({} days from {}):",
        forecast.city,
        forecast.days.len(),
        forecast.issued
    );
    for d in &forecast.days {
        let _ = write!(
            text,
            "\n- {} {}: {}, high {} °C, low {} °C, {} % chance of rain, wind {} km/h",
            d.weekday, d.date, d.condition, d.high_c, d.low_c, d.precipitation_pct, d.wind_kmh
        );
    }
    text
}

/// The card variant of a forecast: the days as facts, a page per day (a carousel), the wind
/// behind a "Details" toggle, a note behind "About", and a choice of how many days to show,
/// which calls `get_forecast` again (a read-only tool: nothing to sign).
pub fn forecast_card(forecast: &Forecast) -> Result<Card, ErrorData> {
    let failed =
        |e: mcpapp_card::Error| ErrorData::internal_error(format!("the forecast card: {e}"), None);
    let count = forecast.days.len().to_string();
    let pages = forecast.days.iter().map(|d| {
        ItemsBuilder::new()
            .text_with(format!("{} {}", d.weekday, d.date), |t| {
                t.weight(FontWeight::Bolder).no_wrap()
            })
            .text(format!(
                "{}, high {} °C, low {} °C",
                d.condition, d.high_c, d.low_c
            ))
    });
    let wind = forecast
        .days
        .iter()
        .fold(ItemsBuilder::new().id("details").hidden(), |details, d| {
            details.text(format!("{}: wind {} km/h", d.weekday, d.wind_kmh))
        });
    let about = CardBuilder::new()
        .text("A made-up forecast of the mcpapp weather example.")
        .build()
        .map_err(failed)?;
    CardBuilder::new()
        .heading(format!(
            "{}: {}-day forecast",
            forecast.city,
            forecast.days.len()
        ))
        .text_with(format!("Issued {}", forecast.issued), TextBuilder::subtle)
        .fact_set(forecast.days.iter().map(|d| {
            (
                format!("{} {}", d.weekday, d.date.get(5..).unwrap_or(&d.date)),
                format!(
                    "{}, {}° / {}°, {} % rain",
                    d.condition, d.high_c, d.low_c, d.precipitation_pct
                ),
            )
        }))
        .input_choice(
            "days",
            "Days",
            [("3 days", "3"), ("5 days", "5"), ("7 days", "7")],
            |c| c.value(count),
        )
        .carousel(pages)
        .container(wind)
        .submit("Show", FORECAST, json!({ "city": forecast.city }))
        .toggle_visibility("Details", ["details"])
        .show_card("About", about)
        .build()
        .map_err(failed)
}

/// The HTML app: a self-contained page (no scripts, styles or data from elsewhere), so it asks
/// for no origins and no permissions and gets the host's strictest sandbox.
pub fn forecast_view() -> Result<UiResource, Error> {
    UiResource::html(FORECAST_URI, "forecast", PAGE)?
        .title("Weather forecast")
        .description("The days of a forecast, with refresh, units and a question for the chat.")
        .csp(ResourceCsp::default())
        .map(|view| view.prefers_border(true))
}

fn forecast_tool() -> mcpapp_protocol::Tool {
    mcpapp_protocol::Tool {
        name: FORECAST.to_owned(),
        title: Some("Weather forecast".to_owned()),
        description: Some("The weather forecast for a city, day by day.".to_owned()),
        input_schema: json!({
            "type": "object",
            "properties": {
                "city": {"type": "string", "description": "The city, e.g. Oslo."},
                "days": {"type": "integer", "minimum": 1, "maximum": MAX_DAYS,
                         "description": "How many days, from today (default 5)."}
            },
            "required": ["city"]
        })
        .as_object()
        .cloned()
        .unwrap_or_default(),
        ..mcpapp_protocol::Tool::default()
    }
}

fn field_error(field: &str, message: &str) -> ErrorData {
    ErrorData::invalid_params(
        format!("`{field}`: {message}"),
        Some(json!({"fields": [{"field": field, "message": message}]})),
    )
}

/// Reads `city` and `days` from a call's arguments. `days` may be a number or, as a card's
/// choice set sends it, a numeric string.
fn read_args(args: &Map<String, Value>) -> Result<(String, u64), ErrorData> {
    let city = match args.get("city") {
        Some(Value::String(city)) if !city.trim().is_empty() => city.trim(),
        Some(Value::String(_)) | None => return Err(field_error("city", "a city is required")),
        Some(_) => return Err(field_error("city", "must be a string")),
    };
    if city.chars().count() > MAX_CITY {
        return Err(field_error("city", "must be at most 80 characters"));
    }
    let days = match args.get("days") {
        None | Some(Value::Null) => Some(DEFAULT_DAYS),
        Some(Value::Number(n)) => n.as_u64(),
        Some(Value::String(s)) => s.trim().parse().ok(),
        Some(_) => None,
    }
    .filter(|d| (1..=MAX_DAYS).contains(d))
    .ok_or_else(|| field_error("days", "must be a whole number from 1 to 7"))?;
    if let Some(unknown) = args.keys().find(|k| !matches!(k.as_str(), "city" | "days")) {
        return Err(field_error(unknown, "is not an argument of get_forecast"));
    }
    Ok((city.to_owned(), days))
}

/// The forecast a call asks for, from today (by the system clock).
fn requested(args: &Map<String, Value>) -> Result<Forecast, ErrorData> {
    let (city, days) = read_args(args)?;
    let today = i64::try_from(now() / 86_400).unwrap_or(0);
    Ok(forecast(&city, days, today))
}

/// The weather server. It keeps no state: a forecast depends only on the city and the day.
#[derive(Clone, Default)]
pub struct Server;

impl Example for Server {
    const NAME: &'static str = "mcpapp-weather";

    fn tools(client: &ClientUi) -> Vec<ExampleTool> {
        let tool = forecast_tool();
        if client.preferred_view(&VIEWS) == Some(HTML_MIME_TYPE)
            && let Ok(view) = forecast_view()
            && let Ok(opened) = view.opened_by(tool.clone(), &[Visibility::Model, Visibility::App])
        {
            return vec![(rmcp_tool(&opened), Some(HTML_MIME_TYPE))];
        }
        vec![(rmcp_tool(&tool), None)]
    }

    fn resources() -> Vec<UiResource> {
        forecast_view().into_iter().collect()
    }

    fn call(&self, call: &Call<'_>) -> Result<CallToolResult, ErrorData> {
        let forecast = requested(call.args)?;
        if call.client.preferred_view(&VIEWS) == Some(CARD_MIME_TYPE) {
            return Ok(call.client.card_result(&forecast_card(&forecast)?));
        }
        Ok(CallToolResult {
            content: vec![ContentBlock::text(summary(&forecast))],
            structured_content: serde_json::to_value(&forecast).ok(),
            ..CallToolResult::default()
        })
    }
}

/// The weather server's card variant (`mcpapp serve-example weather-card`): one card
/// definition for every client. Hosts that show cards get the forecast card, hosts that show
/// only HTML apps get the same card in the card app ([`mcpapp_server::UiResource::card_app`]),
/// plain clients its text.
#[derive(Clone, Default)]
pub struct CardServer;

impl Example for CardServer {
    const NAME: &'static str = "mcpapp-weather-card";

    fn tools(_client: &ClientUi) -> Vec<ExampleTool> {
        vec![(rmcp_tool(&forecast_tool()), Some(CARD_MIME_TYPE))]
    }

    fn resources() -> Vec<UiResource> {
        card_app()
    }

    fn call(&self, call: &Call<'_>) -> Result<CallToolResult, ErrorData> {
        Ok(call
            .client
            .card_result(&forecast_card(&requested(call.args)?)?))
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing, reason = "tests")]

    use super::*;

    #[test]
    fn dates_are_civil_dates() {
        assert_eq!(iso_date(0), "1970-01-01");
        assert_eq!(iso_date(20_454), "2026-01-01");
        assert_eq!(iso_date(11_016), "2000-02-29");
        // 2026-11-30 was a Monday.
        let day = 20_787;
        assert_eq!(iso_date(day), "2026-11-30");
        assert_eq!(forecast("Oslo", 1, day).days[0].weekday, "Mon");
    }

    #[test]
    fn a_forecast_is_stable_and_plausible() {
        let a = forecast("Oslo", 7, 20_787);
        assert_eq!(a, forecast(" oslo ", 7, 20_787).clone_with_city("Oslo"));
        assert_eq!(a.days.len(), 7);
        for d in &a.days {
            assert!(d.low_c < d.high_c);
            assert!(d.precipitation_pct <= 100);
            assert!(d.condition != "snow" || d.high_c <= 2);
        }
        assert_ne!(a.days, forecast("Lagos", 7, 20_787).days);
    }

    #[test]
    fn the_view_and_the_card_are_valid() {
        let view = forecast_view().unwrap();
        assert_eq!(view.mime_type(), HTML_MIME_TYPE);
        let card = forecast_card(&forecast("Oslo", 5, 20_787)).unwrap();
        let actions: Vec<&str> = card
            .actions
            .iter()
            .map(mcpapp_card::Action::type_name)
            .collect();
        assert_eq!(
            actions,
            [
                "Action.Submit",
                "Action.ToggleVisibility",
                "Action.ShowCard"
            ]
        );
    }

    #[test]
    fn arguments_are_checked_by_name() {
        let args = |v: Value| v.as_object().unwrap().clone();
        assert_eq!(
            read_args(&args(json!({"city": "Oslo", "days": "3"}))).unwrap(),
            ("Oslo".to_owned(), 3)
        );
        for (bad, field) in [
            (json!({}), "city"),
            (json!({"city": "  "}), "city"),
            (json!({"city": 7}), "city"),
            (json!({"city": "Oslo", "days": 0}), "days"),
            (json!({"city": "Oslo", "days": "many"}), "days"),
            (json!({"city": "Oslo", "extra": 1}), "extra"),
        ] {
            let error = read_args(&args(bad)).unwrap_err();
            assert_eq!(error.data.unwrap()["fields"][0]["field"], field);
        }
    }

    impl Forecast {
        fn clone_with_city(mut self, city: &str) -> Self {
            city.clone_into(&mut self.city);
            self
        }
    }
}
