//! What `book_table` takes from the user, read and checked by the server's own rules.

use serde::{Deserialize, Deserializer};
use serde_json::Value;
use validator::Validate;

use super::OPENING;

/// What `book_table` takes from the user, with the server's own rules.
#[derive(Debug, Deserialize, Validate)]
pub(super) struct BookingInputs {
    #[validate(length(min = 1, max = 80, message = "Give a name of at most 80 characters."))]
    pub(super) name: String,
    #[validate(email(message = "Give a valid email address."))]
    pub(super) email: String,
    pub(super) time: String,
    #[serde(deserialize_with = "whole_number")]
    #[validate(range(min = 1, max = 12, message = "A party is 1 to 12 people."))]
    pub(super) party_size: u64,
    #[serde(default)]
    #[validate(length(max = 500, message = "Notes are at most 500 characters."))]
    pub(super) notes: Option<String>,
}

/// A party size as a form sends it: a number, or its text (`"4"`).
pub(super) fn whole_number<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u64, D::Error> {
    let value = Value::deserialize(deserializer)?;
    let number = match &value {
        Value::Number(n) => n
            .as_u64()
            .or_else(|| n.as_f64().filter(|f| f.fract() == 0.0 && *f >= 0.0).map(|f| {
                #[expect(
                    clippy::cast_possible_truncation,
                    clippy::cast_sign_loss,
                    reason = "a whole, non-negative number; absurd sizes saturate and fail the range rule"
                )]
                let whole = f as u64;
                whole
            })),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    };
    number.ok_or_else(|| serde::de::Error::custom("party_size: give a whole number of people"))
}

/// `HH:MM` of a time as the form sends it (`19:00`, `19:00:00`, or a date-time), if it is one
/// within opening hours.
pub(super) fn seating_time(text: &str) -> Result<String, String> {
    let time = text.rsplit('T').next().unwrap_or_default();
    let mut parts = time.split(':');
    let hours: Option<u32> = parts.next().and_then(|h| h.parse().ok());
    let minutes: Option<u32> = parts
        .next()
        .and_then(|m| m.get(..2))
        .and_then(|m| m.parse().ok());
    let (Some(hours), Some(minutes)) = (hours, minutes) else {
        return Err(format!(
            "`{}` is not a time such as 19:30",
            text.chars().take(40).collect::<String>()
        ));
    };
    let at = hours * 60 + minutes;
    if hours > 23 || minutes > 59 || at < OPENING.0 || at > OPENING.1 {
        return Err("we seat guests from 17:00 to 22:00".to_owned());
    }
    Ok(format!("{hours:02}:{minutes:02}"))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "tests")]

    use super::*;

    #[test]
    fn times_are_read_within_opening_hours() {
        assert_eq!(seating_time("19:30").unwrap(), "19:30");
        assert_eq!(seating_time("19:30:00").unwrap(), "19:30");
        assert_eq!(seating_time("2026-12-03T17:00:00Z").unwrap(), "17:00");
        assert!(seating_time("16:59").is_err());
        assert!(seating_time("22:01").is_err());
        assert!(seating_time("noon").is_err());
    }

    #[test]
    fn party_sizes_are_whole_numbers_or_their_text() {
        let read = |v: Value| whole_number(v).ok();
        assert_eq!(read(serde_json::json!(4)), Some(4));
        assert_eq!(read(serde_json::json!(4.0)), Some(4));
        assert_eq!(read(serde_json::json!(" 4 ")), Some(4));
        assert_eq!(read(serde_json::json!(4.5)), None);
        assert_eq!(read(serde_json::json!(-1)), None);
        assert_eq!(read(serde_json::json!([4])), None);
    }
}
