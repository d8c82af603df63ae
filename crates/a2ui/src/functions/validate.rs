//! The validation functions: `required`, `regex`, `length`, `numeric`, `email`.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use regex::{Regex, RegexBuilder};
use serde_json::Value;

use super::Args;
use crate::coerce;
use crate::error::A2uiError;
use crate::limits::{MAX_REGEX_PATTERN, MAX_REGEX_SIZE, truncate_text};

/// Present: not `null`, not `""`, not `[]`.
pub(super) fn required(args: &Args<'_, '_>) -> Result<Value, A2uiError> {
    let value = args.get("value")?;
    let present = match &value {
        Value::Null => false,
        Value::String(s) => !s.is_empty(),
        Value::Array(items) => !items.is_empty(),
        _ => true,
    };
    Ok(Value::Bool(present))
}

/// Compiles a pattern the way a check uses it (unanchored search, like JavaScript's
/// `RegExp.test`), bounded in length and compiled size.
pub fn compile_regex(pattern: &str) -> Result<Regex, A2uiError> {
    let refuse = |reason: String| A2uiError::InvalidRegex {
        pattern: truncate_text(pattern.to_owned(), 80),
        reason,
    };
    if pattern.len() > MAX_REGEX_PATTERN {
        return Err(refuse(format!("longer than {MAX_REGEX_PATTERN} bytes")));
    }
    RegexBuilder::new(pattern)
        .size_limit(MAX_REGEX_SIZE)
        .dfa_size_limit(MAX_REGEX_SIZE)
        .build()
        .map_err(|e| refuse(e.to_string()))
}

/// How many compiled patterns are kept: a renderer evaluates an input's checks on every
/// frame, and compiling a pattern costs far more than matching it.
const REGEX_CACHE: usize = 64;

/// A compiled pattern, from the cache when it was compiled before.
pub(crate) fn cached_regex(pattern: &str) -> Result<Regex, A2uiError> {
    static CACHE: OnceLock<Mutex<HashMap<String, Regex>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(regex) = cache.lock().ok().and_then(|c| c.get(pattern).cloned()) {
        return Ok(regex);
    }
    let regex = compile_regex(pattern)?;
    if let Ok(mut cache) = cache.lock() {
        if cache.len() >= REGEX_CACHE {
            cache.clear();
        }
        cache.insert(pattern.to_owned(), regex.clone());
    }
    Ok(regex)
}

pub(super) fn regex(args: &Args<'_, '_>) -> Result<Value, A2uiError> {
    let Some(Value::String(pattern)) = args.raw("pattern") else {
        return Err(args.invalid("`pattern` must be a string"));
    };
    let regex = cached_regex(pattern)?;
    Ok(Value::Bool(regex.is_match(&args.text("value")?)))
}

/// Length in characters between `min` and `max` (each optional).
pub(super) fn length(args: &Args<'_, '_>) -> Result<Value, A2uiError> {
    let value = args.get("value")?;
    // A list's length counts its items (a `ChoicePicker`'s selection); text counts characters.
    let length = match &value {
        Value::Array(items) => items.len(),
        other => coerce::to_text(other).chars().count(),
    };
    #[expect(
        clippy::cast_precision_loss,
        reason = "lengths are far below 2^52; the comparison is with JSON numbers"
    )]
    let length = length as f64;
    Ok(Value::Bool(in_range(args, length)?))
}

/// A number (or text that reads as one) between `min` and `max`; false when not a number.
pub(super) fn numeric(args: &Args<'_, '_>) -> Result<Value, A2uiError> {
    let Some(number) = coerce::to_number_opt(&args.get("value")?) else {
        return Ok(Value::Bool(false));
    };
    Ok(Value::Bool(in_range(args, number)?))
}

fn in_range(args: &Args<'_, '_>, x: f64) -> Result<bool, A2uiError> {
    let bound = |name: &str| -> Result<Option<f64>, A2uiError> {
        match args.opt(name)? {
            None => Ok(None),
            Some(v) => coerce::to_number_opt(&v)
                .map(Some)
                .ok_or_else(|| args.invalid(format!("`{name}` must be a number"))),
        }
    };
    let min = bound("min")?;
    let max = bound("max")?;
    Ok(min.is_none_or(|m| x >= m) && max.is_none_or(|m| x <= m))
}

/// Something@something.tld, with no spaces (the implementation guide's pattern).
pub(super) fn email(args: &Args<'_, '_>) -> Result<Value, A2uiError> {
    static EMAIL: OnceLock<Option<Regex>> = OnceLock::new();
    let regex = EMAIL.get_or_init(|| Regex::new(r"^[^\s@]+@[^\s@]+\.[^\s@]+$").ok());
    let text = args.text("value")?;
    Ok(Value::Bool(
        regex.as_ref().is_some_and(|r| r.is_match(&text)),
    ))
}
