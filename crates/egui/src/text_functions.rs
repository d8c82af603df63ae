//! The text functions of `TextBlock`: `{{DATE(2017-02-14T06:08:39Z, SHORT)}}` and
//! `{{TIME(2017-02-14T06:08:39Z)}}`, replaced by the date or time written out. Dates are shown
//! in UTC (a card renders the same everywhere); an argument that is not an RFC 3339 timestamp
//! leaves the text as it was, as the official renderers do.

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
    let stamp = Stamp::parse(parts.next()?)?;
    let format = parts.next().unwrap_or("COMPACT");
    match name.trim() {
        "DATE" => Some(stamp.date(format)),
        "TIME" => Some(stamp.time()),
        _ => None,
    }
}

struct Stamp {
    year: i64,
    month: u32,
    day: u32,
    hour: u32,
    minute: u32,
}

const MONTHS: [&str; 12] = [
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
const WEEKDAYS: [&str; 7] = [
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
];

impl Stamp {
    /// Reads `YYYY-MM-DDTHH:MM[:SS[.fff]](Z|±HH:MM)`, converted to UTC.
    fn parse(s: &str) -> Option<Self> {
        let num = |from: usize, to: usize| -> Option<i64> { s.get(from..to)?.parse().ok() };
        if s.get(4..5)? != "-" || s.get(7..8)? != "-" || !matches!(s.get(10..11)?, "T" | "t" | " ")
        {
            return None;
        }
        let (year, month, day) = (num(0, 4)?, num(5, 7)?, num(8, 10)?);
        let (hour, minute) = (num(11, 13)?, num(14, 16)?);
        let zone = s.get(16..)?;
        let zone = zone.trim_start_matches(|c: char| c == ':' || c.is_ascii_digit() || c == '.');
        let offset_minutes = match zone {
            "Z" | "z" => 0,
            z if z.len() == 6 && (z.starts_with('+') || z.starts_with('-')) => {
                let sign = if z.starts_with('-') { -1 } else { 1 };
                let h: i64 = z.get(1..3)?.parse().ok()?;
                let m: i64 = z.get(4..6)?.parse().ok()?;
                sign * (h * 60 + m)
            }
            _ => return None,
        };
        if !(1..=12).contains(&month) || !(1..=31).contains(&day) || hour > 23 || minute > 59 {
            return None;
        }
        let days = days_from_civil(year, month, day);
        let total = days * 1440 + hour * 60 + minute - offset_minutes;
        let (days, minutes) = (total.div_euclid(1440), total.rem_euclid(1440));
        let (year, month, day) = civil_from_days(days);
        Some(Self {
            year,
            month: u32::try_from(month).ok()?,
            day: u32::try_from(day).ok()?,
            hour: u32::try_from(minutes / 60).ok()?,
            minute: u32::try_from(minutes % 60).ok()?,
        })
    }

    fn date(&self, format: &str) -> String {
        let month = MONTHS.get(self.month as usize - 1).copied().unwrap_or("");
        let weekday = WEEKDAYS
            .get(usize::try_from(weekday(self.year, self.month, self.day)).unwrap_or(0))
            .copied()
            .unwrap_or("");
        match format.to_ascii_uppercase().as_str() {
            "LONG" => format!("{weekday}, {month} {}, {}", self.day, self.year),
            "SHORT" => format!(
                "{}, {} {}, {}",
                weekday.get(..3).unwrap_or(weekday),
                month.get(..3).unwrap_or(month),
                self.day,
                self.year
            ),
            _ => format!("{}/{}/{}", self.month, self.day, self.year),
        }
    }

    fn time(&self) -> String {
        let (h, suffix) = match self.hour {
            0 => (12, "AM"),
            1..=11 => (self.hour, "AM"),
            12 => (12, "PM"),
            _ => (self.hour - 12, "PM"),
        };
        format!("{h}:{:02} {suffix}", self.minute)
    }
}

/// Days since 1970-01-01 of a date (Howard Hinnant's algorithm).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date of a day since 1970-01-01.
fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// 0 = Monday.
fn weekday(y: i64, m: u32, d: u32) -> i64 {
    (days_from_civil(y, i64::from(m), i64::from(d)) + 3).rem_euclid(7)
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
