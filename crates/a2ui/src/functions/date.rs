//! `formatDate`: an instant (ISO 8601 text, or milliseconds since the epoch) written with a
//! Unicode TR35 pattern (`yyyy-MM-dd`, `EEEE, d MMMM`, `h:mm a`), in UTC with English names,
//! on the house calendar (`mcpapp_template::datetime`). Text in single quotes is literal
//! (`''` is a quote); `Y` (week-based year) is written as the calendar year. The pattern `ISO`
//! gives the instant in ISO 8601 (`2026-01-16T14:30:05.000Z`), as the reference renderer does.

use mcpapp_template::datetime::{self, MONTH_NAMES, WEEKDAY_NAMES};
use serde_json::Value;

use super::Args;
use crate::error::A2uiError;

/// The longest pattern honoured (a pattern is a few tokens; longer ones are refused).
pub const MAX_PATTERN: usize = 256;

/// Formats an instant (milliseconds since the Unix epoch) with a TR35 pattern.
pub fn format_date(ms: i64, pattern: &str) -> Result<String, A2uiError> {
    if pattern.len() > MAX_PATTERN {
        return Err(A2uiError::InvalidArguments {
            function: "formatDate".to_owned(),
            reason: format!("the pattern is longer than {MAX_PATTERN} bytes"),
        });
    }
    if pattern == "ISO" {
        return format_date(ms, "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'");
    }
    let f = datetime::fields(ms);
    let chars: Vec<char> = pattern.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        if c == '\'' {
            i += 1;
            if chars.get(i) == Some(&'\'') {
                out.push('\'');
                i += 1;
                continue;
            }
            while let Some(&q) = chars.get(i) {
                i += 1;
                if q == '\'' {
                    if chars.get(i) == Some(&'\'') {
                        out.push('\'');
                        i += 1;
                        continue;
                    }
                    break;
                }
                out.push(q);
            }
            continue;
        }
        let run = chars.iter().skip(i).take_while(|x| **x == c).count();
        i += run;
        if !c.is_ascii_alphabetic() {
            out.extend(std::iter::repeat_n(c, run));
            continue;
        }
        token(&mut out, c, run, &f);
    }
    Ok(out)
}

fn pad(out: &mut String, n: impl Into<i64>, width: usize) {
    let n = n.into();
    if n < 0 {
        out.push('-');
    }
    let digits = n.unsigned_abs().to_string();
    out.extend(std::iter::repeat_n('0', width.saturating_sub(digits.len())));
    out.push_str(&digits);
}

fn token(out: &mut String, c: char, run: usize, f: &datetime::Fields) {
    let month = MONTH_NAMES
        .get(usize::try_from(f.month).unwrap_or(1).saturating_sub(1))
        .copied()
        .unwrap_or_default();
    let weekday = WEEKDAY_NAMES
        .get(usize::try_from(f.weekday).unwrap_or(0))
        .copied()
        .unwrap_or_default();
    let hour12 = match f.hour % 12 {
        0 => 12,
        h => h,
    };
    match (c, run) {
        ('y' | 'Y' | 'u', 2) => pad(out, f.year.rem_euclid(100), 2),
        ('y' | 'Y' | 'u', n) => pad(out, f.year, n),
        ('M' | 'L', 1 | 2) => pad(out, f.month, run),
        ('M' | 'L', 3) => out.push_str(month.get(..3).unwrap_or(month)),
        ('M' | 'L', 4) => out.push_str(month),
        ('M' | 'L', _) => out.push_str(month.get(..1).unwrap_or(month)),
        ('d', n) => pad(out, f.day, n.min(2)),
        ('E' | 'e' | 'c', 1..=3) => out.push_str(weekday.get(..3).unwrap_or(weekday)),
        ('E' | 'e' | 'c', 4) => out.push_str(weekday),
        ('E' | 'e' | 'c', _) => out.push_str(weekday.get(..1).unwrap_or(weekday)),
        ('a', _) => out.push_str(if f.hour < 12 { "AM" } else { "PM" }),
        ('h', n) => pad(out, hour12, n.min(2)),
        ('H', n) => pad(out, f.hour, n.min(2)),
        ('K', n) => pad(out, f.hour % 12, n.min(2)),
        ('k', n) => pad(out, if f.hour == 0 { 24 } else { f.hour }, n.min(2)),
        ('m', n) => pad(out, f.minute, n.min(2)),
        ('s', n) => pad(out, f.second, n.min(2)),
        ('S', n) => {
            let millis = format!("{:03}", f.millisecond);
            let shown: String = millis
                .chars()
                .chain(std::iter::repeat('0'))
                .take(n)
                .collect();
            out.push_str(&shown);
        }
        ('G', 1..=3) => out.push_str(if f.year > 0 { "AD" } else { "BC" }),
        ('G', _) => out.push_str(if f.year > 0 {
            "Anno Domini"
        } else {
            "Before Christ"
        }),
        ('z' | 'O' | 'v' | 'V', _) => out.push_str("UTC"),
        ('X', _) => out.push('Z'),
        ('Z' | 'x', _) => out.push_str("+0000"),
        (other, n) => out.extend(std::iter::repeat_n(other, n)),
    }
}

/// The instant a value names: ISO 8601 text, or milliseconds since the epoch.
fn instant(value: &Value) -> Option<i64> {
    match value {
        Value::String(text) => datetime::parse_iso(text),
        Value::Number(n) => n.as_i64().or_else(|| {
            n.as_f64()
                .filter(|f| f.is_finite() && f.abs() < 8.64e15)
                .map(|f| {
                    #[expect(
                        clippy::cast_possible_truncation,
                        reason = "bounded to JavaScript's Date range just above"
                    )]
                    let ms = f.trunc() as i64;
                    ms
                })
        }),
        _ => None,
    }
}

pub(super) fn format_date_call(args: &Args<'_, '_>) -> Result<Value, A2uiError> {
    let pattern = args.text("format")?;
    // Like the reference renderer: nothing, or a value that is no date, formats as "".
    let Some(ms) = instant(&args.get("value")?) else {
        return Ok(Value::String(String::new()));
    };
    format_date(ms, &pattern).map(Value::String)
}
