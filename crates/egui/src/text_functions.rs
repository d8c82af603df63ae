//! The text functions of `TextBlock`: `{{DATE(2017-02-14T06:08:39Z, SHORT)}}` and
//! `{{TIME(2017-02-14T06:08:39Z)}}`, replaced by the date or time written out. Dates are shown
//! in UTC (a card renders the same everywhere); an argument that is not an RFC 3339 timestamp
//! leaves the text as it was, as the official renderers do.

use mcpapp_card::template::datetime::{self, Fields, MONTH_NAMES, WEEKDAY_NAMES};

/// Replaces every `{{DATE(…)}}` and `{{TIME(…)}}` in `text`.
pub(crate) fn apply(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains("{{") {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("{{") {
        let (before, from) = rest.split_at(start);
        out.push_str(before);
        let replaced = from.find("}}").and_then(|end| {
            let inner = from.get(2..end)?;
            Some((function(inner.trim())?, end + 2))
        });
        if let Some((value, len)) = replaced {
            out.push_str(&value);
            rest = from.get(len..).unwrap_or_default();
        } else {
            out.push_str("{{");
            rest = from.get(2..).unwrap_or_default();
        }
    }
    out.push_str(rest);
    std::borrow::Cow::Owned(out)
}

fn function(call: &str) -> Option<String> {
    let (name, args) = call.split_once('(')?;
    let args = args.strip_suffix(')')?;
    let mut parts = args.split(',').map(str::trim);
    let stamp = rfc3339(parts.next()?)?;
    let format = parts.next().unwrap_or("COMPACT");
    match name.trim() {
        "DATE" => Some(date(&stamp, format)),
        "TIME" => Some(time(&stamp)),
        _ => None,
    }
}

/// An RFC 3339 timestamp (`YYYY-MM-DDTHH:MM[:SS[.fff]]` with `Z` or `±HH:MM`), as UTC
/// fields; the calendar is the templating engine's.
fn rfc3339(s: &str) -> Option<Fields> {
    let zoned = s.ends_with(['Z', 'z'])
        || s.len() > 6
            && s.get(s.len() - 6..)
                .is_some_and(|z| z.starts_with(['+', '-']) && z.get(3..4) == Some(":"));
    let timed = matches!(s.get(10..11), Some("T" | "t" | " ")) && s.get(13..14) == Some(":");
    (zoned && timed)
        .then(|| datetime::parse_iso(s))
        .flatten()
        .map(datetime::fields)
}

fn date(stamp: &Fields, format: &str) -> String {
    let month = usize::try_from(stamp.month.saturating_sub(1))
        .ok()
        .and_then(|m| MONTH_NAMES.get(m))
        .copied()
        .unwrap_or("");
    let weekday = usize::try_from(stamp.weekday)
        .ok()
        .and_then(|d| WEEKDAY_NAMES.get(d))
        .copied()
        .unwrap_or("");
    match format.to_ascii_uppercase().as_str() {
        "LONG" => format!("{weekday}, {month} {}, {}", stamp.day, stamp.year),
        "SHORT" => format!(
            "{}, {} {}, {}",
            weekday.get(..3).unwrap_or(weekday),
            month.get(..3).unwrap_or(month),
            stamp.day,
            stamp.year
        ),
        _ => format!("{}/{}/{}", stamp.month, stamp.day, stamp.year),
    }
}

fn time(stamp: &Fields) -> String {
    let (h, suffix) = match stamp.hour {
        0 => (12, "AM"),
        1..=11 => (stamp.hour, "AM"),
        12 => (12, "PM"),
        _ => (stamp.hour - 12, "PM"),
    };
    format!("{h}:{:02} {suffix}", stamp.minute)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_and_times() {
        assert_eq!(
            apply("Sent {{DATE(2017-02-14T06:08:39Z, SHORT)}} at {{TIME(2017-02-14T06:08:39Z)}}"),
            "Sent Tue, Feb 14, 2017 at 6:08 AM"
        );
        assert_eq!(
            apply("{{DATE(2017-02-14T06:08:39Z, LONG)}}"),
            "Tuesday, February 14, 2017"
        );
        assert_eq!(apply("{{DATE(2017-02-14T06:08:39Z)}}"), "2/14/2017");
        assert_eq!(apply("{{TIME(2017-02-14T23:30:00-02:00)}}"), "1:30 AM");
        assert_eq!(
            apply("{{DATE(2017-02-14T23:30:00-02:00, LONG)}}"),
            "Wednesday, February 15, 2017"
        );
    }

    #[test]
    fn anything_else_stays() {
        assert_eq!(
            apply("{{DATE(yesterday)}} {{ x }} {{"),
            "{{DATE(yesterday)}} {{ x }} {{"
        );
        assert_eq!(apply("plain"), "plain");
    }
}
