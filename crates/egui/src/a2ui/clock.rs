//! The timestamp an `action` message carries, read from the system clock.

use std::time::{SystemTime, UNIX_EPOCH};

use mcpapp_card::template::datetime;

/// Now, as ISO 8601 in UTC to the millisecond (`2026-01-31T09:05:00.000Z`): the timestamp
/// of the `action` messages a surface view sends.
#[must_use]
pub fn now_iso8601() -> String {
    let since = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    datetime::to_iso(i64::try_from(since.as_millis()).unwrap_or(i64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn now_is_a_utc_timestamp_to_the_millisecond() {
        let now = now_iso8601();
        assert_eq!(now.len(), "2026-01-31T09:05:00.000Z".len(), "{now}");
        assert!(now.ends_with('Z') && now.get(10..11) == Some("T"), "{now}");
        assert!(datetime::parse_iso(&now).is_some(), "{now}");
    }
}
