//! Expands the 38 official sample templates with their data and compares the result
//! with the outputs of the official engine (`Templates.expanded/`).

mod support;

use serde_json::Value;
use support::{corpus, read};

/// (name, template, data, expected) for every case: each sample template with its data and
/// the official engine's expansion (`Templates.expanded/`, named as the template).
fn cases() -> Vec<(String, Value, Value, Value)> {
    let expanded = corpus().join("Templates.expanded");
    support::templates()
        .into_iter()
        .map(|(name, template, data)| {
            let file = if name.starts_with("Elements/") {
                name.clone()
            } else {
                format!("{name}.json")
            };
            let expected = read(&expanded.join(file));
            (name, template, data, expected)
        })
        .collect()
}

/// Cases whose templates call date functions. SOURCE.md warns that their golden
/// outputs may depend on the clock and time zone of the machine that produced them,
/// so they are compared loosely (see [`loose_eq`]).
fn uses_dates(template: &Value) -> bool {
    let text = template.to_string();
    [
        "utcNow(",
        "formatDateTime(",
        "formatEpoch(",
        "formatTicks(",
        "getPastTime(",
        "getFutureTime(",
        "addDays(",
    ]
    .iter()
    .any(|f| text.contains(f))
}

const NAMES: [&str; 19] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
    "sunday",
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
];

/// Whether a string contains something that looks like a rendered date or time.
fn looks_like_date(s: &str) -> bool {
    let shape: String = s
        .chars()
        .map(|c| if c.is_ascii_digit() { '0' } else { c })
        .collect();
    let lower = s.to_lowercase();
    shape.contains("0000-00-00")
        || shape.contains("00:00")
        || shape.contains("0:00")
        || NAMES.iter().any(|n| lower.contains(n))
}

/// Date-insensitive form of a string: digits, month and weekday names and AM/PM are
/// blanked out, so `2019-05-04T20:00:00+00:00` and `2019-05-05T04:00:00+08:00` agree.
fn blank_dates(s: &str) -> String {
    let mut lower = s.to_lowercase();
    for name in NAMES {
        lower = lower.replace(name, "<name>");
    }
    lower
        .replace(" am", " <m>")
        .replace(" pm", " <m>")
        .chars()
        .map(|c| if c.is_ascii_digit() { '0' } else { c })
        .collect()
}

/// Same JSON shape and equal values, except that strings which look like dates only
/// need to agree once their date parts are blanked out.
fn loose_eq(actual: &Value, expected: &Value) -> bool {
    match (actual, expected) {
        (Value::String(a), Value::String(e)) => {
            a == e || (looks_like_date(a) && looks_like_date(e) && blank_dates(a) == blank_dates(e))
        }
        (Value::Array(a), Value::Array(e)) => {
            a.len() == e.len() && a.iter().zip(e).all(|(x, y)| loose_eq(x, y))
        }
        (Value::Object(a), Value::Object(e)) => {
            a.len() == e.len()
                && a.iter()
                    .all(|(k, v)| e.get(k).is_some_and(|w| loose_eq(v, w)))
        }
        (a, e) => a == e,
    }
}

#[test]
fn corpus_has_38_cases() {
    let cases = cases();
    assert_eq!(cases.len(), 38);
    assert_eq!(
        cases
            .iter()
            .filter(|c| c.0.starts_with("Elements/"))
            .count(),
        10
    );
}

#[test]
fn every_template_expands_to_the_official_output() {
    let mut failures = Vec::new();
    for (name, template, data, expected) in cases() {
        let actual = match mcpapp_template::expand(&template, &data) {
            Ok(v) => v,
            Err(e) => {
                failures.push(format!("{name}: error {e}"));
                continue;
            }
        };
        let ok = if uses_dates(&template) {
            loose_eq(&actual, &expected)
        } else {
            actual == expected
        };
        if !ok {
            failures.push(format!(
                "{name}:\n  actual:   {}\n  expected: {}",
                serde_json::to_string(&actual).unwrap(),
                serde_json::to_string(&expected).unwrap()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of 38 differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The golden outputs were produced on a UTC machine and this crate always works in
/// UTC, so even the date-dependent cases match exactly today. This guards the date
/// code against regressions that the loose comparison would let through.
#[test]
fn date_cases_match_exactly_in_utc() {
    let mut checked = 0;
    for (name, template, data, expected) in cases() {
        if uses_dates(&template) {
            checked += 1;
            let actual = mcpapp_template::expand(&template, &data).unwrap();
            assert_eq!(actual, expected, "{name}");
        }
    }
    assert!(checked >= 5, "only {checked} date cases found");
}

#[test]
fn loose_comparison_only_forgives_dates() {
    let a =
        serde_json::json!({"t": "**{{DATE(2018-03-15T12:00:00+00:00, SHORT)}}**", "n": "Tuesday"});
    let b =
        serde_json::json!({"t": "**{{DATE(2018-03-15T20:00:00+08:00, SHORT)}}**", "n": "Monday"});
    assert!(loose_eq(&a, &b));
    assert!(!loose_eq(
        &serde_json::json!({"t": "price 100"}),
        &serde_json::json!({"t": "price 200"})
    ));
    assert!(!loose_eq(
        &serde_json::json!([1]),
        &serde_json::json!([1, 2])
    ));
}
