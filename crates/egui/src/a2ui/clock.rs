//! The timestamp an `action` message carries, read from the system clock.

use std::time::{SystemTime, UNIX_EPOCH};

/// Now, as ISO 8601 in UTC to the millisecond (`2026-01-31T09:05:00.000Z`): the timestamp
/// of the `action` messages a surface view sends.
#[must_use]
pub fn now_iso8601() -> String {
    let since = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    iso8601(since.as_secs(), since.subsec_millis())
}

/// Seconds since the Unix epoch as ISO 8601 in UTC (the proleptic Gregorian calendar, by
/// days from the epoch: Howard Hinnant's `civil_from_days`).
fn iso8601(secs: u64, millis: u32) -> String {
    let days = i64::try_from(secs / 86_400).unwrap_or(0);
    let rest = secs % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{millis:03}Z",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

#[cfg(test)]
mod tests {
    use super::iso8601;

    #[test]
    fn formats_utc_dates() {
        assert_eq!(iso8601(0, 0), "1970-01-01T00:00:00.000Z");
        assert_eq!(iso8601(951_782_400, 5), "2000-02-29T00:00:00.005Z");
        assert_eq!(iso8601(1_798_761_599, 999), "2026-12-31T23:59:59.999Z");
    }
}
