//! Type conversions and tests: `string`, `int`, `float`, `bool`, `json`,
//! `jsonStringify`, `formatNumber`, `uriComponent`, `isString`...

use serde_json::Value;

use super::{Spec, arg, f, locale_arg, num_arg};
use crate::ast::Expr;
use crate::eval::{EvalResult, Evaluator, soft};
use crate::js;
use crate::numfmt;

pub(super) const SPECS: &[Spec] = &[
    f("string", 1, 2, string),
    f("int", 1, 1, int),
    f("float", 1, 1, float),
    f("bool", 1, 1, bool_),
    f("json", 1, 1, json),
    f("jsonStringify", 1, 1, json_stringify),
    f("formatNumber", 2, 3, format_number),
    f("uriComponent", 1, 1, uri_component),
    f("isString", 1, 1, is_string),
    f("isInteger", 1, 1, is_integer),
    f("isFloat", 1, 1, is_float),
    f("isArray", 1, 1, is_array),
    f("isObject", 1, 1, is_object),
    f("isBoolean", 1, 1, is_boolean),
];

fn first_text(exprs: &[Expr]) -> String {
    exprs.first().map_or_else(String::new, ToString::to_string)
}

/// `string(x, locale?)`: numbers are grouped with the precision of their own
/// JavaScript text (`2000` → `"2,000"`, `1.5` → `"1.5"`), objects become JSON.
fn string(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let values = ev.args(exprs, subst)?;
    let text = match arg(&values, 0) {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => {
            let x = n.as_f64().unwrap_or(f64::NAN);
            let plain = js::number_to_string(x);
            let precision = plain.split_once('.').map_or(0, |(_, frac)| frac.len());
            numfmt::format_fixed(x, precision, numfmt::locale(locale_arg(&values, 2)))
        }
        other => js::common_stringify(other, ev.budget)?,
    };
    ev.string(text)
}

/// `int(x)`: JavaScript `parseInt` of the text of `x`.
fn int(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let values = ev.args(exprs, subst)?;
    match arg(&values, 0) {
        Some(Value::String(s)) => match js::parse_int(s) {
            Some(x) => Ok(Some(js::number(x))),
            None => soft(format!("parameter {s} is not a valid number string.")),
        },
        Some(Value::Number(n)) => {
            let text = js::json_number_to_string(n);
            Ok(js::parse_int(&text).map(js::number))
        }
        _ => Ok(None),
    }
}

fn float(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let values = ev.args(exprs, subst)?;
    match arg(&values, 0) {
        Some(Value::String(s)) => match js::parse_float(s) {
            Some(x) if !x.is_nan() => Ok(Some(js::number(x))),
            _ => soft(format!("parameter {s} is not a valid number string.")),
        },
        Some(v @ Value::Number(_)) => Ok(Some(v.clone())),
        _ => Ok(None),
    }
}

/// `bool(x)`: numbers are true unless 0; anything whose text contains "false"
/// (any case) is false; otherwise the expression truthiness. A comparison upstream,
/// so `x` is read without substitution and a failure gives `false`.
fn bool_(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], _: bool) -> EvalResult {
    let values = match ev.args(exprs, false) {
        Ok(v) => v,
        Err(crate::eval::EvalError::Soft(_)) => return Ok(Some(Value::Bool(false))),
        Err(other) => return Err(other),
    };
    let value = arg(&values, 0);
    let result = if let Some(x) = js::num_of(value) {
        x != 0.0
    } else {
        let text = match value {
            None => "undefined".to_owned(),
            Some(Value::Null) => "null".to_owned(),
            Some(other) => js::interpolation_string(Some(other), ev.budget, 0)?,
        };
        if text.to_lowercase().contains("false") {
            false
        } else {
            js::truthy(value)
        }
    };
    Ok(Some(Value::Bool(result)))
}

fn json(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let values = ev.args(exprs, subst)?;
    let Some(Value::String(text)) = arg(&values, 0) else {
        return soft(format!("{} is not a string.", first_text(exprs)));
    };
    ev.budget.work_bytes(text.len())?;
    match serde_json::from_str::<Value>(text.trim()) {
        Ok(parsed) => {
            let (nodes, _) = js::measure(&parsed, ev.budget, 0)?;
            ev.budget.work(nodes)?;
            Ok(Some(parsed))
        }
        Err(e) => soft(format!("{} is not valid JSON: {e}", first_text(exprs))),
    }
}

fn json_stringify(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let values = ev.args(exprs, subst)?;
    match arg(&values, 0) {
        Some(v) => {
            let text = js::json_stringify(v, ev.budget, 0)?;
            ev.string(text)
        }
        None => Ok(None),
    }
}

/// `formatNumber(x, precision, locale?)`: rounds half-up to `precision` decimals
/// (like `Math.round(x * 10^p) / 10^p`), then groups thousands.
fn format_number(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let values = ev.args(exprs, subst)?;
    let Some(x) = num_arg(&values, 0) else {
        return soft(format!(
            "formatNumber first argument {} must be a number",
            first_text(exprs)
        ));
    };
    let Some(precision) = num_arg(&values, 1) else {
        return soft("formatNumber second argument must be a number");
    };
    let Some(digits) = js::to_i64(precision).and_then(|p| usize::try_from(p).ok()) else {
        return soft(format!(
            "formatNumber precision {} is not a valid precision",
            js::number_to_string(precision)
        ));
    };
    if let Some(bad) = arg(&values, 2).filter(|v| !v.is_string()) {
        return soft(format!(
            "formatNumber third argument {bad} is not a valid locale"
        ));
    }
    let digits = digits.min(20);
    let scale = 10f64.powi(i32::try_from(digits).unwrap_or(20));
    let rounded = js::math_round(x * scale) / scale;
    let text = numfmt::format_fixed(rounded, digits, numfmt::locale(locale_arg(&values, 3)));
    ev.string(text)
}

const HEX: &[u8; 16] = b"0123456789ABCDEF";

/// `encodeURIComponent`.
fn uri_component(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let values = ev.args(exprs, subst)?;
    let text = js::interpolation_string(arg(&values, 0), ev.budget, 0)?;
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.push('%');
            out.extend(HEX.get(usize::from(byte >> 4)).map(|d| char::from(*d)));
            out.extend(HEX.get(usize::from(byte & 0xF)).map(|d| char::from(*d)));
        }
    }
    ev.string(out)
}

fn test(
    ev: &mut Evaluator<'_, '_>,
    exprs: &[Expr],
    subst: bool,
    check: fn(Option<&Value>) -> bool,
) -> EvalResult {
    let values = ev.args(exprs, subst)?;
    Ok(Some(Value::Bool(check(arg(&values, 0)))))
}

fn is_string(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    test(ev, exprs, subst, |v| matches!(v, Some(Value::String(_))))
}

fn is_integer(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    test(ev, exprs, subst, |v| {
        js::num_of(v).is_some_and(js::is_integer)
    })
}

fn is_float(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    test(ev, exprs, subst, |v| {
        js::num_of(v).is_some_and(|x| !js::is_integer(x))
    })
}

fn is_array(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    test(ev, exprs, subst, |v| matches!(v, Some(Value::Array(_))))
}

/// JavaScript `typeof x === 'object'`: true for objects, arrays and null.
fn is_object(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    test(ev, exprs, subst, |v| {
        matches!(v, Some(Value::Object(_) | Value::Array(_) | Value::Null))
    })
}

fn is_boolean(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    test(ev, exprs, subst, |v| matches!(v, Some(Value::Bool(_))))
}
