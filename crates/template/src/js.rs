//! JavaScript value semantics over `serde_json::Value`.
//!
//! The official engine runs in JavaScript, so numbers are doubles, `0` and `""` are
//! truthy for Adaptive Expressions, numbers print the way `Number.prototype.toString`
//! prints them, and so on. Everything here that walks a value takes a depth budget so
//! that deep data cannot overflow the stack.

use serde_json::{Map, Number, Value};

use crate::budget::{Budget, LimitHit};

/// The number as a double, if the value is a number.
pub(crate) fn as_f64(value: &Value) -> Option<f64> {
    match value {
        Value::Number(n) => n.as_f64(),
        _ => None,
    }
}

/// `FunctionUtils.isNumber` on an optional value.
pub(crate) fn num_of(value: Option<&Value>) -> Option<f64> {
    value.and_then(as_f64)
}

/// `Number.isInteger`.
pub(crate) fn is_integer(x: f64) -> bool {
    x.is_finite() && x.fract() == 0.0
}

/// JavaScript `Math.round`: to the nearest integer, halves towards +infinity.
pub(crate) fn math_round(y: f64) -> f64 {
    if !y.is_finite() {
        return y;
    }
    let floor = y.floor();
    if y - floor >= 0.5 { floor + 1.0 } else { floor }
}

/// A double as an `i64` when it is an integer in range.
#[expect(
    clippy::cast_possible_truncation,
    reason = "range and integrality are checked first"
)]
pub(crate) fn to_i64(x: f64) -> Option<i64> {
    if is_integer(x) && x.abs() < 9.0e18 {
        Some(x as i64)
    } else {
        None
    }
}

/// A double as a JSON value the way `JSON.stringify` would write it: integers without
/// a fraction (so they compare equal to integers parsed from JSON text), non-finite
/// values as `null`.
pub(crate) fn number(x: f64) -> Value {
    if let Some(i) = to_i64(x) {
        return Value::Number(Number::from(i));
    }
    Number::from_f64(x).map_or(Value::Null, Value::Number)
}

/// A usize (a length or an index) as a JSON number.
pub(crate) fn count(n: usize) -> Value {
    Value::Number(Number::from(u64::try_from(n).unwrap_or(u64::MAX)))
}

/// `Number.prototype.toString()` for a double.
pub(crate) fn number_to_string(x: f64) -> String {
    if x.is_nan() {
        return "NaN".to_owned();
    }
    if x.is_infinite() {
        return if x > 0.0 { "Infinity" } else { "-Infinity" }.to_owned();
    }
    if x == 0.0 {
        return "0".to_owned();
    }
    // `{:e}` yields the shortest round-trip digits, which is also what JavaScript uses;
    // only the placement of the decimal point differs.
    let sci = format!("{:e}", x.abs());
    let (mantissa, exponent) = sci.split_once('e').unwrap_or((sci.as_str(), "0"));
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let e: i64 = exponent.parse().unwrap_or(0);
    let k = i64::try_from(digits.len()).unwrap_or(1);
    let n = e + 1;
    let sign = if x < 0.0 { "-" } else { "" };
    let zeros = |count: i64| "0".repeat(usize::try_from(count).unwrap_or(0));
    let body = if k <= n && n <= 21 {
        format!("{digits}{}", zeros(n - k))
    } else if 0 < n && n <= 21 {
        let split = usize::try_from(n).unwrap_or(0);
        let (int, frac) = digits.split_at(split.min(digits.len()));
        format!("{int}.{frac}")
    } else if -6 < n && n <= 0 {
        format!("0.{}{digits}", zeros(-n))
    } else {
        let (first, rest) = digits.split_at(1.min(digits.len()));
        let dot = if rest.is_empty() {
            String::new()
        } else {
            format!(".{rest}")
        };
        let exp_sign = if n > 0 { "+" } else { "-" };
        format!("{first}{dot}e{exp_sign}{}", (n - 1).abs())
    };
    format!("{sign}{body}")
}

/// JavaScript `toString` of a JSON number, keeping integers exact.
pub(crate) fn json_number_to_string(n: &Number) -> String {
    if n.is_i64() || n.is_u64() {
        return n.to_string();
    }
    number_to_string(n.as_f64().unwrap_or(f64::NAN))
}

/// Adaptive Expressions truthiness (`isLogicTrue`): only `false`, `null` and undefined
/// are false; `0` and `""` are true.
pub(crate) fn truthy(value: Option<&Value>) -> bool {
    match value {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => true,
    }
}

/// JavaScript truthiness, used where the engine tests `if (!instance)`.
pub(crate) fn js_truthy(value: &Value) -> bool {
    match value {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64().is_some_and(|x| x != 0.0 && !x.is_nan()),
        Value::String(s) => !s.is_empty(),
        Value::Array(_) | Value::Object(_) => true,
    }
}

/// The JavaScript `toString()` the official engine applies to each piece of an
/// interpolated string. Unlike JavaScript, `null`/undefined print as an empty string
/// instead of throwing.
pub(crate) fn interpolation_string(
    value: Option<&Value>,
    budget: &Budget,
    depth: usize,
) -> Result<String, LimitHit> {
    budget.depth(depth)?;
    Ok(match value {
        None | Some(Value::Null) => String::new(),
        Some(Value::Bool(b)) => b.to_string(),
        Some(Value::Number(n)) => json_number_to_string(n),
        Some(Value::String(s)) => s.clone(),
        Some(Value::Object(_)) => "[object Object]".to_owned(),
        Some(Value::Array(items)) => {
            let mut out = String::new();
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&interpolation_string(Some(item), budget, depth + 1)?);
                budget.check_string_len(out.len())?;
            }
            out
        }
    })
}

/// `JSON.stringify` (numbers in JavaScript form, no whitespace).
pub(crate) fn json_stringify(
    value: &Value,
    budget: &Budget,
    depth: usize,
) -> Result<String, LimitHit> {
    let mut out = String::new();
    write_json(value, budget, depth, &mut out)?;
    Ok(out)
}

fn write_json(
    value: &Value,
    budget: &Budget,
    depth: usize,
    out: &mut String,
) -> Result<(), LimitHit> {
    budget.depth(depth)?;
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => out.push_str(&json_number_to_string(n)),
        Value::String(s) => out.push_str(&Value::String(s.clone()).to_string()),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json(item, budget, depth + 1, out)?;
            }
            out.push(']');
        }
        Value::Object(map) => {
            out.push('{');
            for (i, (key, item)) in map.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&Value::String(key.clone()).to_string());
                out.push(':');
                write_json(item, budget, depth + 1, out)?;
            }
            out.push('}');
        }
    }
    budget.check_string_len(out.len())
}

/// `InternalFunctionUtils.commonStringify`, used by `string()` and `concat()`.
pub(crate) fn common_stringify(value: Option<&Value>, budget: &Budget) -> Result<String, LimitHit> {
    Ok(match value {
        None | Some(Value::Null) => String::new(),
        Some(v @ (Value::Array(_) | Value::Object(_))) => {
            let json = json_stringify(v, budget, 0)?;
            json.trim_start_matches(['\'', '"'])
                .trim_end_matches(['\'', '"'])
                .to_owned()
        }
        Some(other) => interpolation_string(Some(other), budget, 0)?,
    })
}

/// `FunctionUtils.commonEquals`: deep equality with numbers compared by value.
pub(crate) fn common_equals(
    left: Option<&Value>,
    right: Option<&Value>,
    budget: &Budget,
    depth: usize,
) -> Result<bool, LimitHit> {
    budget.depth(depth)?;
    let (left, right) = match (left, right) {
        (None | Some(Value::Null), None | Some(Value::Null)) => return Ok(true),
        (None | Some(Value::Null), _) | (_, None | Some(Value::Null)) => return Ok(false),
        (Some(l), Some(r)) => (l, r),
    };
    Ok(match (left, right) {
        (Value::Array(xs), Value::Array(ys)) => {
            if xs.len() != ys.len() {
                return Ok(false);
            }
            for (item, other) in xs.iter().zip(ys) {
                if !common_equals(Some(item), Some(other), budget, depth + 1)? {
                    return Ok(false);
                }
            }
            true
        }
        (Value::Object(xs), Value::Object(ys)) => {
            if xs.len() != ys.len() {
                return Ok(false);
            }
            for (key, item) in xs {
                let Some(other) = ys.get(key) else {
                    return Ok(false);
                };
                if !common_equals(Some(item), Some(other), budget, depth + 1)? {
                    return Ok(false);
                }
            }
            true
        }
        (Value::Number(l), Value::Number(r)) => match (l.as_f64(), r.as_f64()) {
            // Upstream treats numbers closer than EPSILON as equal.
            (Some(lf), Some(rf)) => (lf - rf).abs() < f64::EPSILON || lf.total_cmp(&rf).is_eq(),
            _ => false,
        },
        (Value::String(l), Value::String(r)) => l == r,
        (Value::Bool(l), Value::Bool(r)) => l == r,
        _ => false,
    })
}

/// Number of JSON nodes and string bytes in a value, for output accounting.
pub(crate) fn measure(
    value: &Value,
    budget: &Budget,
    depth: usize,
) -> Result<(u64, u64), LimitHit> {
    budget.depth(depth)?;
    let len = |s: &str| u64::try_from(s.len()).unwrap_or(u64::MAX);
    Ok(match value {
        Value::String(s) => (1, len(s)),
        Value::Array(items) => {
            let mut total = (1, 0);
            for item in items {
                let (n, b) = measure(item, budget, depth + 1)?;
                total = (total.0 + n, total.1 + b);
            }
            total
        }
        Value::Object(map) => {
            let mut total = (1, 0);
            for (key, item) in map {
                let (n, b) = measure(item, budget, depth + 1)?;
                total = (total.0 + n, total.1 + b + len(key));
            }
            total
        }
        _ => (1, 0),
    })
}

/// Copies a value while charging one work unit per node, so that repeatedly copying a
/// large data subtree is bounded by [`Limits::max_work`](crate::Limits::max_work).
pub(crate) fn clone_charged(
    value: &Value,
    budget: &mut Budget,
    depth: usize,
) -> Result<Value, LimitHit> {
    budget.depth(depth)?;
    budget.work(1)?;
    Ok(match value {
        Value::String(s) => {
            budget.work_bytes(s.len())?;
            Value::String(s.clone())
        }
        Value::Array(items) => {
            let mut out = Vec::with_capacity(items.len());
            for item in items {
                out.push(clone_charged(item, budget, depth + 1)?);
            }
            Value::Array(out)
        }
        Value::Object(map) => {
            let mut out = Map::new();
            for (key, item) in map {
                out.insert(key.clone(), clone_charged(item, budget, depth + 1)?);
            }
            Value::Object(out)
        }
        other => other.clone(),
    })
}

/// JavaScript `parseInt(s, 10)`: leading whitespace, optional sign, then digits.
pub(crate) fn parse_int(s: &str) -> Option<f64> {
    let t = s.trim_start();
    let (neg, rest) = match t.as_bytes().first() {
        Some(b'-') => (true, t.get(1..).unwrap_or("")),
        Some(b'+') => (false, t.get(1..).unwrap_or("")),
        _ => (false, t),
    };
    let digits: &str = rest
        .split(|c: char| !c.is_ascii_digit())
        .next()
        .unwrap_or("");
    if digits.is_empty() {
        return None;
    }
    let x: f64 = digits.parse().ok()?;
    Some(if neg { -x } else { x })
}

/// JavaScript `parseFloat(s)`: the longest numeric prefix after leading whitespace.
pub(crate) fn parse_float(s: &str) -> Option<f64> {
    let t = s.trim_start();
    for word in ["Infinity", "+Infinity", "-Infinity"] {
        if t.starts_with(word) {
            return Some(if word.starts_with('-') {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            });
        }
    }
    let bytes = t.as_bytes();
    let mut end = 0;
    let mut best = None;
    let mut seen_digit = false;
    let mut seen_dot = false;
    let mut seen_exp = false;
    while let Some(&c) = bytes.get(end) {
        let ok = match c {
            b'0'..=b'9' => {
                seen_digit = true;
                true
            }
            b'+' | b'-' => end == 0 || matches!(bytes.get(end - 1), Some(b'e' | b'E')),
            b'.' if !seen_dot && !seen_exp => {
                seen_dot = true;
                true
            }
            b'e' | b'E' if seen_digit && !seen_exp => {
                seen_exp = true;
                true
            }
            _ => false,
        };
        if !ok {
            break;
        }
        end += 1;
        if let Some(Ok(x)) = t.get(..end).map(str::parse::<f64>) {
            best = Some(x);
        }
    }
    best
}
