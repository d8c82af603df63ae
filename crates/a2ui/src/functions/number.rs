//! `formatNumber` and `formatCurrency`, as `Intl.NumberFormat("en-US")` writes them: digits
//! grouped by three with `,`, a `.` before the fraction, halves rounded away from zero on
//! the number's shortest decimal form (so 1.005 to two places is 1.01, as in a browser).

use serde_json::Value;

use super::Args;
use crate::coerce;
use crate::error::A2uiError;

/// The most fraction digits asked for that are honoured (`Intl` allows 100; nobody reads
/// more than 20).
pub const MAX_DECIMALS: usize = 20;

/// Formats `value` with `decimals` fraction digits exactly (or, when `None`, up to three
/// with trailing zeros dropped), grouped unless `grouping` is false.
#[must_use]
pub fn format_number(value: f64, decimals: Option<usize>, grouping: bool) -> String {
    let (min, max) = decimals.map_or((0, 3), |d| (d.min(MAX_DECIMALS), d.min(MAX_DECIMALS)));
    if value.is_nan() {
        return "NaN".to_owned();
    }
    let body = magnitude(value.abs(), min, max, grouping);
    if value.is_sign_negative() {
        format!("-{body}")
    } else {
        body
    }
}

/// Formats an amount in a currency (ISO 4217 code): the `en-US` symbol for common
/// currencies (`$`, `€`, `£`, `¥`, …), else the code and a no-break space; the currency's
/// usual decimals unless `decimals` says otherwise.
pub fn format_currency(
    value: f64,
    currency: &str,
    decimals: Option<usize>,
    grouping: bool,
) -> Result<String, A2uiError> {
    let code = currency.trim().to_ascii_uppercase();
    if code.len() != 3 || !code.bytes().all(|b| b.is_ascii_uppercase()) {
        return Err(A2uiError::InvalidArguments {
            function: "formatCurrency".to_owned(),
            reason: format!("`{currency}` is not an ISO 4217 currency code"),
        });
    }
    let places = decimals
        .unwrap_or_else(|| usual_decimals(&code))
        .min(MAX_DECIMALS);
    if value.is_nan() {
        return Ok("NaN".to_owned());
    }
    let amount = magnitude(value.abs(), places, places, grouping);
    let sign = if value.is_sign_negative() { "-" } else { "" };
    Ok(match symbol(&code) {
        Some(symbol) => format!("{sign}{symbol}{amount}"),
        None => format!("{sign}{code}\u{a0}{amount}"),
    })
}

fn usual_decimals(code: &str) -> usize {
    match code {
        "JPY" | "KRW" | "VND" | "CLP" | "ISK" | "UGX" | "PYG" | "XAF" | "XOF" | "HUF" => 0,
        "BHD" | "KWD" | "JOD" | "OMR" | "TND" | "IQD" | "LYD" => 3,
        _ => 2,
    }
}

fn symbol(code: &str) -> Option<&'static str> {
    Some(match code {
        "USD" => "$",
        "EUR" => "€",
        "GBP" => "£",
        "JPY" => "¥",
        "INR" => "₹",
        "CNY" => "CN¥",
        "CAD" => "CA$",
        "AUD" => "A$",
        "KRW" => "₩",
        "BRL" => "R$",
        "MXN" => "MX$",
        "HKD" => "HK$",
        "NZD" => "NZ$",
        "ILS" => "₪",
        "VND" => "₫",
        "TWD" => "NT$",
        "PHP" => "₱",
        "XAF" => "FCFA",
        "XOF" => "F\u{202f}CFA",
        _ => return None,
    })
}

/// The digits of a non-negative number, rounded to `max` places, at least `min` places.
fn magnitude(value: f64, min: usize, max: usize, grouping: bool) -> String {
    if value.is_infinite() {
        return "∞".to_owned();
    }
    // The shortest decimal form that reads back as `value`, never in exponent form.
    let text = value.to_string();
    let (int, frac) = text.split_once('.').unwrap_or((&text, ""));
    let mut digits: Vec<u8> = int.bytes().chain(frac.bytes()).map(|b| b - b'0').collect();
    let mut int_len = int.len();
    let keep = int_len + max;
    if digits.len() > keep {
        let round_up = digits.get(keep).is_some_and(|d| *d >= 5);
        digits.truncate(keep);
        if round_up {
            let mut i = keep;
            loop {
                if i == 0 {
                    digits.insert(0, 1);
                    int_len += 1;
                    break;
                }
                i -= 1;
                if let Some(d) = digits.get_mut(i) {
                    if *d == 9 {
                        *d = 0;
                    } else {
                        *d += 1;
                        break;
                    }
                }
            }
        }
    }
    let (int_digits, frac_digits) = digits.split_at(int_len.min(digits.len()));
    let mut frac: Vec<u8> = frac_digits.to_vec();
    while frac.len() > min && frac.last() == Some(&0) {
        frac.pop();
    }
    frac.resize(frac.len().max(min), 0);
    let mut out = String::new();
    let n = int_digits.len();
    for (i, d) in int_digits.iter().enumerate() {
        if grouping && i > 0 && (n - i) % 3 == 0 {
            out.push(',');
        }
        out.push(char::from(b'0' + d));
    }
    if !frac.is_empty() {
        out.push('.');
        out.extend(frac.iter().map(|d| char::from(b'0' + d)));
    }
    out
}

fn decimals(args: &Args<'_, '_>) -> Result<Option<usize>, A2uiError> {
    let Some(value) = args.opt("decimals")? else {
        return Ok(None);
    };
    let n = coerce::to_number(&value);
    if !(0.0..=100.0).contains(&n) {
        return Err(args.invalid("`decimals` must be between 0 and 100"));
    }
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "checked to be in 0..=100 just above"
    )]
    Ok(Some(n.trunc() as usize))
}

fn grouping(args: &Args<'_, '_>) -> Result<bool, A2uiError> {
    Ok(args.opt("grouping")?.is_none_or(|v| coerce::to_bool(&v)))
}

pub(super) fn format_number_call(args: &Args<'_, '_>) -> Result<Value, A2uiError> {
    let Some(value) = coerce::to_number_opt(&args.get("value")?) else {
        return Ok(Value::String(String::new()));
    };
    Ok(Value::String(format_number(
        value,
        decimals(args)?,
        grouping(args)?,
    )))
}

pub(super) fn format_currency_call(args: &Args<'_, '_>) -> Result<Value, A2uiError> {
    let Some(value) = coerce::to_number_opt(&args.get("value")?) else {
        return Ok(Value::String(String::new()));
    };
    let currency = args.text("currency")?;
    format_currency(value, &currency, decimals(args)?, grouping(args)?).map(Value::String)
}
