//! Minimal UTC calendar arithmetic and timestamp parsing for the date functions: the one home
//! of calendar code in mcpapp (the card renderer's `{{DATE()}}`/`{{TIME()}}` use it too).
//!
//! Instants are milliseconds since the Unix epoch, like JavaScript `Date`. Upstream
//! evaluates dates in the host's time zone in a few places; this crate always uses UTC,
//! which is what the official engine produces on a UTC machine (the corpus outputs were
//! generated that way). Timestamps without an offset are therefore read as UTC.

pub(crate) mod format;

/// JavaScript's `Date` range: ±100,000,000 days around the epoch.
const MAX_MS: i64 = 8_640_000_000_000_000;

/// Milliseconds per day.
pub(crate) const DAY_MS: i64 = 86_400_000;

/// The months' English names, January first.
pub const MONTH_NAMES: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// The weekdays' English names, Sunday first (as [`Fields::weekday`] counts).
pub const WEEKDAY_NAMES: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];

/// Broken-down UTC fields of an instant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fields {
    /// The year (proleptic Gregorian).
    pub year: i64,
    /// 1-12.
    pub month: u32,
    /// 1-31.
    pub day: u32,
    /// 0-23.
    pub hour: u32,
    /// 0-59.
    pub minute: u32,
    /// 0-59.
    pub second: u32,
    /// 0-999.
    pub millisecond: u32,
    /// 0 = Sunday.
    pub weekday: u32,
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
pub(crate) fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date of a day number (inverse of [`days_from_civil`]).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (
        year,
        u32::try_from(month).unwrap_or(1),
        u32::try_from(day).unwrap_or(1),
    )
}

/// Whether `ms` is inside JavaScript's `Date` range.
pub(crate) fn in_range(ms: i64) -> bool {
    (-MAX_MS..=MAX_MS).contains(&ms)
}

/// The UTC fields of an instant (milliseconds since the Unix epoch).
pub fn fields(ms: i64) -> Fields {
    let days = ms.div_euclid(DAY_MS);
    let rem = ms.rem_euclid(DAY_MS);
    let (year, month, day) = civil_from_days(days);
    let part = |divisor: i64, modulo: i64| u32::try_from((rem / divisor) % modulo).unwrap_or(0);
    Fields {
        year,
        month,
        day,
        hour: part(3_600_000, 24),
        minute: part(60_000, 60),
        second: part(1000, 60),
        millisecond: part(1, 1000),
        weekday: u32::try_from((days + 4).rem_euclid(7)).unwrap_or(0),
    }
}

/// Days in a month.
pub(crate) fn month_length(year: i64, month: u32) -> u32 {
    match month {
        4 | 6 | 9 | 11 => 30,
        2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        2 => 28,
        _ => 31,
    }
}

/// The instant of a UTC date and time, if the fields are valid.
pub(crate) fn from_fields(
    year: i64,
    month: u32,
    day: u32,
    h: u32,
    mi: u32,
    s: u32,
    ms: u32,
) -> Option<i64> {
    if !(1..=12).contains(&month)
        || day == 0
        || day > month_length(year, month)
        || h > 24
        || mi > 59
        || s > 59
    {
        return None;
    }
    if h == 24 && (mi, s, ms) != (0, 0, 0) {
        return None;
    }
    let time =
        i64::from(h) * 3_600_000 + i64::from(mi) * 60_000 + i64::from(s) * 1000 + i64::from(ms);
    let total = days_from_civil(year, month, day)
        .checked_mul(DAY_MS)?
        .checked_add(time)?;
    in_range(total).then_some(total)
}

/// Adds calendar months the way dayjs does: the day is clamped to the target month.
pub(crate) fn add_months(ms: i64, months: i64) -> Option<i64> {
    let f = fields(ms);
    let total = f
        .year
        .checked_mul(12)?
        .checked_add(i64::from(f.month) - 1)?
        .checked_add(months)?;
    let (year, month) = (
        total.div_euclid(12),
        u32::try_from(total.rem_euclid(12) + 1).ok()?,
    );
    let day = f.day.min(month_length(year, month));
    from_fields(year, month, day, f.hour, f.minute, f.second, f.millisecond)
}

/// An instant as ISO 8601 in UTC to the millisecond (`2026-01-31T09:05:00.000Z`), as
/// JavaScript's `Date.prototype.toISOString()` writes it.
pub fn to_iso(ms: i64) -> String {
    format::render(ms, format::DEFAULT_DAYJS_FORMAT)
}

fn digits(s: &str, len: usize) -> Option<u32> {
    if s.len() == len && s.bytes().all(|b| b.is_ascii_digit()) {
        s.parse().ok()
    } else {
        None
    }
}

/// Parses ISO 8601 forms (`2019-07-15`, `2019-07-15T18:33:12.5+08:00`, with `T` or a
/// space, offsets `Z`, `±HH:MM` or `±HHMM`) into milliseconds since the Unix epoch. A missing
/// offset means UTC.
pub fn parse_iso(s: &str) -> Option<i64> {
    let s = s.trim();
    let (date, rest) = s.split_at(s.find(['T', 't', ' ']).unwrap_or(s.len()));
    let mut date_parts = date.split('-');
    let year = i64::from(digits(date_parts.next()?, 4)?);
    let month = date_parts.next().map_or(Some(1), |m| digits(m, 2))?;
    let day = date_parts.next().map_or(Some(1), |d| digits(d, 2))?;
    if date_parts.next().is_some() {
        return None;
    }
    let rest = rest.get(1..).unwrap_or("");
    if rest.is_empty() {
        return from_fields(year, month, day, 0, 0, 0, 0);
    }
    let zone_at = rest.find(['Z', 'z', '+', '-']).unwrap_or(rest.len());
    let (time, zone) = rest.split_at(zone_at);
    let offset_minutes = parse_offset(zone)?;
    let mut time_parts = time.split(':');
    let hour = digits(time_parts.next()?, 2)?;
    let minute = digits(time_parts.next()?, 2)?;
    let (second, millis) = match time_parts.next() {
        None => (0, 0),
        Some(sec) => {
            let (whole, frac) = sec.split_once('.').unwrap_or((sec, ""));
            let second = digits(whole, 2)?;
            if !frac.bytes().all(|b| b.is_ascii_digit()) || (sec.contains('.') && frac.is_empty()) {
                return None;
            }
            let millis = format!("{frac:0<3}")
                .get(..3)
                .and_then(|m| m.parse().ok())
                .unwrap_or(0);
            (second, millis)
        }
    };
    if time_parts.next().is_some() {
        return None;
    }
    let local = from_fields(year, month, day, hour, minute, second, millis)?;
    let utc = local - offset_minutes * 60_000;
    in_range(utc).then_some(utc)
}

/// `Z`, `+HH:MM`, `+HHMM`, `+HH` or nothing, as minutes east of UTC.
fn parse_offset(zone: &str) -> Option<i64> {
    if zone.is_empty() || zone.eq_ignore_ascii_case("z") {
        return Some(0);
    }
    let sign = match zone.as_bytes().first()? {
        b'+' => 1,
        b'-' => -1,
        _ => return None,
    };
    let body = zone.get(1..)?.replace(':', "");
    let (h, m) = match body.len() {
        2 => (digits(&body, 2)?, 0),
        4 => (digits(body.get(..2)?, 2)?, digits(body.get(2..)?, 2)?),
        _ => return None,
    };
    if h > 23 || m > 59 {
        return None;
    }
    Some(sign * i64::from(h * 60 + m))
}

const MONTHS: [&str; 12] = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];

/// A lenient reading of the non-ISO forms JavaScript's `Date` accepts:
/// `03/15/2018 12:00:00`, `Tue, 05 Nov 2019 18:21:00 GMT`, `Nov 5, 2019 6:21 PM`.
fn parse_legacy(s: &str) -> Option<i64> {
    let mut numbers: Vec<u32> = Vec::new();
    let mut month_word = None;
    let mut time: Option<(u32, u32, u32)> = None;
    let mut pm = None;
    let mut offset = 0i64;
    let tokens: Vec<&str> = s.split([' ', ',']).filter(|t| !t.is_empty()).collect();
    for token in tokens {
        let lower = token.to_ascii_lowercase();
        if token.contains(':') {
            let mut parts = token.split(':').map(str::parse::<u32>);
            let h = parts.next()?.ok()?;
            let m = parts.next()?.ok()?;
            let sec = parts.next().transpose().ok()?.unwrap_or(0);
            time = Some((h, m, sec));
        } else if token.contains('/') {
            let parts: Vec<u32> = token
                .split('/')
                .map(str::parse)
                .collect::<Result<_, _>>()
                .ok()?;
            let [m, d, y] = parts.as_slice() else {
                return None;
            };
            month_word = Some(*m);
            numbers.extend([*d, *y]);
        } else if lower == "am" || lower == "pm" {
            pm = Some(lower == "pm");
        } else if matches!(lower.as_str(), "gmt" | "utc" | "z") {
        } else if let Some(zone) = lower
            .strip_prefix("gmt")
            .or_else(|| lower.strip_prefix("utc"))
        {
            offset = parse_offset(zone)?;
        } else if token.starts_with(['+', '-']) {
            offset = parse_offset(token)?;
        } else if let Ok(n) = token.parse::<u32>() {
            numbers.push(n);
        } else if let Some(m) = MONTHS.iter().position(|m| lower.starts_with(m)) {
            month_word = u32::try_from(m + 1).ok();
        } else if !lower.chars().all(|c| c.is_ascii_alphabetic() || c == '.') {
            return None;
        }
    }
    let month = month_word?;
    let (day, year) = match numbers.as_slice() {
        [a, b] if *a > 31 => (*b, *a),
        [a, b] => (*a, *b),
        _ => return None,
    };
    let (mut hour, minute, second) = time.unwrap_or((0, 0, 0));
    match pm {
        Some(true) if hour < 12 => hour += 12,
        Some(false) if hour == 12 => hour = 0,
        _ => {}
    }
    let local = from_fields(i64::from(year), month, day, hour, minute, second, 0)?;
    Some(local - offset * 60_000)
}

/// What `new Date(s)` accepts, reading times without an offset as UTC.
pub(crate) fn parse_lenient(s: &str) -> Option<i64> {
    parse_iso(s).or_else(|| parse_legacy(s))
}

/// Upstream `verifyISOTimestamp`: the string must be exactly what `toISOString()`
/// prints (`2019-06-19T00:00:00.000Z`).
pub(crate) fn parse_strict_iso(s: &str) -> Option<i64> {
    let ms = parse_iso(s)?;
    (to_iso(ms) == s).then_some(ms)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_round_trip() {
        for days in [-800_000, -1, 0, 1, 17_000, 2_932_896] {
            let f = fields(days * DAY_MS);
            assert_eq!(days_from_civil(f.year, f.month, f.day), days);
        }
        let f = fields(1_557_000_000_000);
        assert_eq!(
            (f.year, f.month, f.day, f.hour, f.weekday),
            (2019, 5, 4, 20, 6)
        );
    }

    #[test]
    fn instants_are_written_as_iso_in_utc() {
        assert_eq!(to_iso(0), "1970-01-01T00:00:00.000Z");
        assert_eq!(to_iso(951_782_400_005), "2000-02-29T00:00:00.005Z");
        assert_eq!(to_iso(1_798_761_599_999), "2026-12-31T23:59:59.999Z");
    }

    #[test]
    fn parses_the_forms_the_corpus_uses() {
        let iso = |s| parse_lenient(s).map(to_iso);
        for (text, instant) in [
            ("03/15/2018 12:00:00", "2018-03-15T12:00:00.000Z"),
            ("2019-07-15T18:33:12+0800", "2019-07-15T10:33:12.000Z"),
            ("2017-02-14T06:08:00Z", "2017-02-14T06:08:00.000Z"),
            ("2019-11-05T18:21:07.5+01:00", "2019-11-05T17:21:07.500Z"),
            ("Tue, 05 Nov 2019 18:21:00 GMT", "2019-11-05T18:21:00.000Z"),
            ("Nov 5, 2019", "2019-11-05T00:00:00.000Z"),
        ] {
            assert_eq!(iso(text).as_deref(), Some(instant), "{text}");
        }
        assert_eq!(iso("garbage"), None);
        assert_eq!(iso("2019-02-30"), None);
        assert!(parse_strict_iso("2019-06-19").is_none());
        assert!(parse_strict_iso("2019-06-19T00:00:00.000Z").is_some());
    }

    #[test]
    fn month_arithmetic_clamps_the_day() {
        let jan31 = parse_iso("2019-01-31").unwrap_or_default();
        assert_eq!(
            add_months(jan31, 1).map(to_iso).as_deref(),
            Some("2019-02-28T00:00:00.000Z")
        );
        assert_eq!(
            add_months(jan31, -2).map(to_iso).as_deref(),
            Some("2018-11-30T00:00:00.000Z")
        );
    }
}
