//! Fixed-point number formatting as `formatNumber()` and `string()` produce it
//! (upstream: d3-format's `,.Nf` with the locale table of Adaptive Expressions).

use crate::js;

/// Separators of one locale.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct NumberLocale {
    decimal: &'static str,
    thousands: &'static str,
    /// Indian grouping (3 then 2s) instead of groups of 3.
    indian: bool,
}

const EN: NumberLocale = NumberLocale {
    decimal: ".",
    thousands: ",",
    indian: false,
};
const COMMA_DOT: NumberLocale = NumberLocale {
    decimal: ",",
    thousands: ".",
    indian: false,
};
const COMMA_SPACE: NumberLocale = NumberLocale {
    decimal: ",",
    thousands: "\u{a0}",
    indian: false,
};

/// The separators for a locale name (exact names from the upstream table; anything
/// else, including no locale, formats like `en-US`).
pub(crate) fn locale(name: Option<&str>) -> NumberLocale {
    match name.unwrap_or("en-US") {
        "ar-MA" | "it-IT" | "ca-ES" | "es-ES" | "ar-DZ" | "nl-NL" | "es-BO" | "ar-TN" | "pt-BR"
        | "ar-LY" | "pl-PL" | "mk-MK" | "de-DE" => COMMA_DOT,
        "uk-UA" | "sv-SE" | "fi-FI" | "cs-CZ" | "fr-CA" | "ru-RU" | "hu-HU" | "fr-FR" => {
            COMMA_SPACE
        }
        "en-IN" => NumberLocale { indian: true, ..EN },
        _ => EN,
    }
}

/// JavaScript `Number.prototype.toFixed` for a finite, non-negative `x < 1e21`:
/// rounds the exact binary value half-up at `digits` decimals.
fn to_fixed(x: f64, digits: usize) -> String {
    // 1100 fraction digits hold the exact expansion of any double.
    let exact = format!("{x:.1100}");
    let (int_part, frac_part) = exact.split_once('.').unwrap_or((exact.as_str(), ""));
    let mut number: Vec<u8> = int_part
        .bytes()
        .chain(frac_part.bytes().take(digits))
        .collect();
    let round_up = frac_part.as_bytes().get(digits).is_some_and(|d| *d >= b'5');
    if round_up {
        let mut i = number.len();
        loop {
            if i == 0 {
                number.insert(0, b'1');
                break;
            }
            i -= 1;
            if let Some(d) = number.get_mut(i) {
                if *d == b'9' {
                    *d = b'0';
                } else {
                    *d += 1;
                    break;
                }
            }
        }
    }
    let split = number.len() - digits;
    let (int_digits, frac_digits) = number.split_at(split);
    let int_text = String::from_utf8_lossy(int_digits).into_owned();
    if digits == 0 {
        int_text
    } else {
        format!("{int_text}.{}", String::from_utf8_lossy(frac_digits))
    }
}

fn group(int_digits: &str, locale: NumberLocale) -> String {
    let chars: Vec<char> = int_digits.chars().collect();
    let mut groups: Vec<String> = Vec::new();
    let mut end = chars.len();
    let mut size = 3;
    while end > 0 {
        let start = end.saturating_sub(size);
        groups.push(chars.get(start..end).unwrap_or(&[]).iter().collect());
        end = start;
        if locale.indian {
            size = 2;
        }
    }
    groups.reverse();
    groups.join(locale.thousands)
}

/// d3-format `,.{digits}f`: grouped integer part, locale separators, and the Unicode
/// minus sign `−` for negative values that do not round to zero.
pub(crate) fn format_fixed(x: f64, digits: usize, locale: NumberLocale) -> String {
    if !x.is_finite() {
        return js::number_to_string(x);
    }
    let digits = digits.min(20);
    let negative = x < 0.0 || (x == 0.0 && x.is_sign_negative());
    let magnitude = x.abs();
    let body = if magnitude >= 1e21 {
        js::number_to_string(magnitude)
    } else {
        let fixed = to_fixed(magnitude, digits);
        let (int_part, frac_part) = fixed.split_once('.').unwrap_or((fixed.as_str(), ""));
        let grouped = group(int_part, locale);
        if frac_part.is_empty() {
            grouped
        } else {
            format!("{grouped}{}{frac_part}", locale.decimal)
        }
    };
    let rounds_to_zero = body.chars().all(|c| !c.is_ascii_digit() || c == '0');
    if negative && !rounds_to_zero {
        format!("\u{2212}{body}")
    } else {
        body
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_d3_fixed_formatting() {
        let en = locale(None);
        assert_eq!(format_fixed(2000.0, 0, en), "2,000");
        assert_eq!(format_fixed(1_234_567.891, 3, en), "1,234,567.891");
        assert_eq!(format_fixed(0.125, 2, en), "0.13");
        assert_eq!(format_fixed(1.005, 2, en), "1.00");
        assert_eq!(format_fixed(-1234.5, 1, en), "\u{2212}1,234.5");
        assert_eq!(format_fixed(-0.001, 2, en), "0.00");
        assert_eq!(format_fixed(999.99, 1, en), "1,000.0");
        assert_eq!(format_fixed(1234.5, 2, locale(Some("de-DE"))), "1.234,50");
        assert_eq!(
            format_fixed(1234.5, 2, locale(Some("fr-FR"))),
            "1\u{a0}234,50"
        );
        assert_eq!(
            format_fixed(1_234_567.0, 0, locale(Some("en-IN"))),
            "12,34,567"
        );
    }
}
