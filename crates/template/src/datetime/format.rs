//! Date formatting in two stages, as upstream does it: the .NET-style format string
//! of the template (`yyyy-MM-dd hh:mm tt`) is translated to a dayjs format, which is
//! then rendered in UTC with English names. Letters the translation passes through
//! unchanged still mean something to dayjs (`Z` prints `+00:00`, `A` prints `AM`), which
//! is why `'yyyy-MM-ddTHH:mm:ssZ'` renders as `2018-03-15T12:00:00+00:00`.

use super::{Fields, fields};

/// The default output format (`toISOString`).
pub(crate) const DEFAULT_DAYJS_FORMAT: &str = "YYYY-MM-DDTHH:mm:ss.SSS[Z]";

use super::{MONTH_NAMES as MONTHS, WEEKDAY_NAMES as WEEKDAYS};

/// Upstream `timestampFormatter`: empty means the default format; a format the
/// translation rejects (`f`, `ff`, `g`, `r`, `u`, an unclosed quote) is handed to dayjs
/// untranslated.
pub(crate) fn template_format(format: &str) -> String {
    if format.is_empty() {
        return DEFAULT_DAYJS_FORMAT.to_owned();
    }
    to_dayjs(format).unwrap_or_else(|| format.to_owned())
}

/// Translates a .NET custom date format to dayjs tokens (upstream
/// `convertCSharpDateTimeToDayjs`), or `None` where upstream throws.
fn to_dayjs(format: &str) -> Option<String> {
    let format = match format {
        "R" | "r" | "U" | "u" => return None,
        "O" | "o" => "YYYY-MM-DDTHH:mm:ss.SSS0000Z",
        other => other,
    };
    let mut out = String::new();
    let chars: Vec<char> = format.chars().collect();
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        let run = chars
            .get(i..)
            .unwrap_or(&[])
            .iter()
            .take_while(|x| **x == c)
            .count();
        match c {
            'd' | 'f' | 'F' | 'h' | 'H' | 'm' | 'M' | 's' | 't' | 'y' | 'z' | 'g' => {
                let cap = match c {
                    'd' | 'M' | 'y' => 4,
                    'f' | 'F' | 'z' => 3,
                    'g' => 1,
                    _ => 2,
                };
                let n = run.min(cap);
                out.push_str(token(c, n)?);
                // Upstream's state machine keeps absorbing a letter past its longest
                // token without emitting it.
                i += run;
                continue;
            }
            'K' => out.push('Z'),
            '%' => {}
            '\\' => {
                out.push(*chars.get(i + 1)?);
                i += 2;
                continue;
            }
            '\'' | '`' => {
                let close = chars
                    .get(i + 1..)
                    .unwrap_or(&[])
                    .iter()
                    .position(|x| *x == c)?;
                out.extend(chars.get(i + 1..i + 1 + close).unwrap_or(&[]));
                i += close + 2;
                continue;
            }
            other => out.push(other),
        }
        i += 1;
    }
    Some(out)
}

fn token(c: char, n: usize) -> Option<&'static str> {
    Some(match (c, n) {
        ('d', 1) => "D",
        ('d', 2) => "DD",
        ('d', 3) => "ddd",
        ('d', _) => "dddd",
        ('f' | 'F', 3) => "SSS",
        ('h', 1) => "h",
        ('h', _) => "hh",
        ('H', 1) => "H",
        ('H', _) => "HH",
        ('m', 1) => "m",
        ('m', _) => "mm",
        ('M', 1) => "M",
        ('M', 2) => "MM",
        ('M', 3) => "MMM",
        ('M', _) => "MMMM",
        ('s', 1) => "s",
        ('s', _) => "ss",
        ('t', _) => "A",
        ('y', 1 | 2) => "YY",
        ('y', _) => "YYYY",
        ('z', 1 | 2) => "ZZ",
        ('z', _) => "Z",
        _ => return None,
    })
}

fn pad(n: impl std::fmt::Display, width: usize) -> String {
    format!("{n:0>width$}")
}

/// Renders `ms` with a dayjs format string, in UTC.
pub(crate) fn render(ms: i64, format: &str) -> String {
    let instant = Named::new(fields(ms));
    let chars: Vec<char> = format.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        let rest = chars.get(i..).unwrap_or(&[]);
        let run = rest.iter().take_while(|x| **x == c).count();
        let (text, used) = instant.token(c, rest, run);
        out.push_str(&text);
        i += used;
    }
    out
}

/// An instant's fields with what dayjs tokens print besides them: the 12-hour clock hour and
/// the English month and weekday names.
struct Named {
    fields: Fields,
    /// 1-12 (midnight and noon are 12).
    hour12: u32,
    month: &'static str,
    weekday: &'static str,
}

impl Named {
    fn new(fields: Fields) -> Self {
        let hour12 = if fields.hour.is_multiple_of(12) {
            12
        } else {
            fields.hour % 12
        };
        let month = MONTHS
            .get(usize::try_from(fields.month.saturating_sub(1)).unwrap_or(0))
            .copied()
            .unwrap_or("");
        let weekday = WEEKDAYS
            .get(usize::try_from(fields.weekday).unwrap_or(0))
            .copied()
            .unwrap_or("");
        Self {
            fields,
            hour12,
            month,
            weekday,
        }
    }

    /// The text of the token that starts `rest` (whose first character, `c`, repeats `run`
    /// times) and how many characters it used. A character that starts no token is itself.
    fn token(&self, c: char, rest: &[char], run: usize) -> (String, usize) {
        let f = &self.fields;
        // Alternatives in the order of dayjs's REGEX_FORMAT; the first that matches wins.
        match c {
            '[' => bracketed(rest),
            'Y' if run >= 4 => (pad(f.year, 4), 4),
            'Y' if run >= 2 => (last_two_digits(f.year), 2),
            'M' => self.month_token(run),
            'D' => one_or_two_digits(f.day, run),
            'd' => self.weekday_token(run),
            'H' => one_or_two_digits(f.hour, run),
            'h' => one_or_two_digits(self.hour12, run),
            'a' => ((if f.hour < 12 { "am" } else { "pm" }).to_owned(), 1),
            'A' => ((if f.hour < 12 { "AM" } else { "PM" }).to_owned(), 1),
            'm' => one_or_two_digits(f.minute, run),
            's' => one_or_two_digits(f.second, run),
            'Z' => utc_offset(run),
            'S' if run >= 3 => (pad(f.millisecond, 3), 3),
            other => (other.to_string(), 1),
        }
    }

    /// `M` (number), `MM` (padded), `MMM` (short name), `MMMM` (name).
    fn month_token(&self, run: usize) -> (String, usize) {
        match run.min(4) {
            1 => (self.fields.month.to_string(), 1),
            2 => (pad(self.fields.month, 2), 2),
            3 => (self.month.chars().take(3).collect(), 3),
            _ => (self.month.to_owned(), 4),
        }
    }

    /// `d` (number, Sunday 0), `dd` (two letters), `ddd` (short name), `dddd` (name).
    fn weekday_token(&self, run: usize) -> (String, usize) {
        match run.min(4) {
            1 => (self.fields.weekday.to_string(), 1),
            2 => (self.weekday.chars().take(2).collect(), 2),
            3 => (self.weekday.chars().take(3).collect(), 3),
            _ => (self.weekday.to_owned(), 4),
        }
    }
}

/// `[text]` as `text`; a `[` without a closing `]` (or `[]`) is itself.
fn bracketed(rest: &[char]) -> (String, usize) {
    match rest.iter().skip(1).position(|x| *x == ']') {
        Some(close) if close > 0 => (
            rest.get(1..=close).unwrap_or(&[]).iter().collect(),
            close + 2,
        ),
        _ => ("[".to_owned(), 1),
    }
}

/// A one-letter token (`H`) as the bare number, a doubled one (`HH`) as two digits.
fn one_or_two_digits(value: u32, run: usize) -> (String, usize) {
    if run >= 2 {
        (pad(value, 2), 2)
    } else {
        (value.to_string(), 1)
    }
}

/// `YY`: the year's last two digits.
fn last_two_digits(year: i64) -> String {
    let y = year.to_string();
    y.get(y.len().saturating_sub(2)..).unwrap_or("").to_owned()
}

/// `Z` (`+00:00`) or `ZZ` (`+0000`): always UTC here.
fn utc_offset(run: usize) -> (String, usize) {
    if run >= 2 {
        ("+0000".to_owned(), 2)
    } else {
        ("+00:00".to_owned(), 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(ms: i64, cs: &str) -> String {
        render(ms, &template_format(cs))
    }

    #[test]
    fn dotnet_formats_render_like_upstream() {
        let t = 1_557_000_000_000; // 2019-05-04T20:00:00Z, a Saturday
        assert_eq!(show(t, "yyyy-MM-ddTHH:mm:ssZ"), "2019-05-04T20:00:00+00:00");
        assert_eq!(show(t, "MMMM d"), "May 4");
        assert_eq!(show(t, "ddd dd d"), "Sat 04 4");
        assert_eq!(show(t, "dddd"), "Saturday");
        assert_eq!(
            show(t, "hh:mm:ss.fff zzz z K"),
            "08:00:00.000 +00:00 +0000 +00:00"
        );
        assert_eq!(show(t, "h:mm tt"), "8:00 PM");
        assert_eq!(show(t, "o"), "2019-05-04T20:00:00.0000000+00:00");
        assert_eq!(
            show(t, "yy yyy [a] 'lit' HH:mm:ss.ff"),
            "yy yyy a 'lit' 20:00:00.ff"
        );
        assert_eq!(show(t, ""), "2019-05-04T20:00:00.000Z");
        assert_eq!(show(t, "'at' HH"), "pmt 20");
    }
}
