//! The protocol's type conversions, for values read from the data model or returned by
//! functions: to a string (for display and interpolation), a boolean, a number.

use serde_json::{Number, Value};

/// A value as text: `null` is `""`, numbers and booleans as JavaScript writes them, objects
/// and arrays as JSON.
#[must_use]
pub fn to_text(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => number_text(n),
        Value::Array(_) | Value::Object(_) => serde_json::to_string(value).unwrap_or_default(),
    }
}

/// A number as JavaScript's `String(n)` writes it: `10`, not `10.0`.
#[must_use]
pub fn number_text(n: &Number) -> String {
    match n.as_f64() {
        Some(f) if n.is_f64() => float_text(f),
        _ => n.to_string(),
    }
}

/// A float as JavaScript writes it (integers without a fraction; no exponent forms).
pub(crate) fn float_text(f: f64) -> String {
    if f.is_nan() {
        "NaN".to_owned()
    } else if f.is_infinite() {
        if f > 0.0 { "Infinity" } else { "-Infinity" }.to_owned()
    } else if f == 0.0 {
        "0".to_owned()
    } else {
        // Rust prints the shortest digits that read back as `f`, never with an exponent.
        f.to_string()
    }
}

/// A value as a boolean: booleans as they are; the strings `"true"` and `"false"` (any
/// case); a number is true unless zero; `null` is false; objects and arrays are true.
#[must_use]
pub fn to_bool(value: &Value) -> bool {
    match value {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::String(s) => s.eq_ignore_ascii_case("true"),
        Value::Number(n) => n.as_f64().is_some_and(|f| f != 0.0 && !f.is_nan()),
        Value::Array(_) | Value::Object(_) => true,
    }
}

/// A value as a number, when it is one or a string that reads as one.
#[must_use]
pub fn to_number_opt(value: &Value) -> Option<f64> {
    match value {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => {
            let t = s.trim();
            if t.is_empty() {
                None
            } else {
                t.parse::<f64>().ok().filter(|f| f.is_finite())
            }
        }
        _ => None,
    }
}

/// A value as a number, `0` when it is not one (the protocol's coercion).
#[must_use]
pub fn to_number(value: &Value) -> f64 {
    if value.as_bool() == Some(true) {
        return 1.0;
    }
    to_number_opt(value).unwrap_or(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn conversions_follow_the_table() {
        assert_eq!(to_text(&json!(null)), "");
        assert_eq!(to_text(&json!(10.0)), "10");
        assert_eq!(to_text(&json!(1.5)), "1.5");
        assert_eq!(to_text(&json!(-3)), "-3");
        assert_eq!(to_text(&json!({"a": [1]})), r#"{"a":[1]}"#);
        assert!(to_bool(&json!("TRUE")));
        assert!(!to_bool(&json!("yes")));
        assert!(to_bool(&json!(2)));
        assert!(!to_bool(&json!(0)));
        assert_eq!(to_number(&json!(" 2.5 ")).to_string(), "2.5");
        assert_eq!(to_number(&json!("x")).to_string(), "0");
        assert_eq!(to_number(&json!(null)).to_string(), "0");
        assert_eq!(to_number_opt(&json!("x")), None);
    }
}
