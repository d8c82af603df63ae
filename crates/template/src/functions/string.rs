//! String functions. Positions and lengths count UTF-16 code units, as in JavaScript.

use serde_json::Value;

use super::{Spec, arg, f, num_arg, string_or_undefined};
use crate::ast::Expr;
use crate::eval::{EvalError, EvalResult, Evaluator, soft};
use crate::js;

pub(super) const SPECS: &[Spec] = &[
    f("length", 1, 1, length),
    f("toLower", 1, 2, to_lower),
    f("toUpper", 1, 2, to_upper),
    f("trim", 1, 1, trim),
    f("substring", 2, 3, substring),
    f("replace", 3, 3, replace),
    f("replaceIgnoreCase", 3, 3, replace_ignore_case),
    f("split", 1, 2, split),
    f("join", 2, 3, join),
    f("indexOf", 2, 2, |ev, e, s| position(ev, e, s, false)),
    f("lastIndexOf", 2, 2, |ev, e, s| position(ev, e, s, true)),
    f("startsWith", 2, 2, starts_with),
    f("endsWith", 2, 2, ends_with),
    f("countWord", 1, 1, count_word),
    f("addOrdinal", 1, 1, add_ordinal),
    f("sentenceCase", 1, 2, sentence_case),
    f("titleCase", 1, 2, title_case),
    f("EOL", 0, 0, eol),
];

/// Evaluates the arguments and reads them as strings-or-undefined (`verifyStringOrNull`).
fn strings(
    ev: &mut Evaluator<'_, '_>,
    exprs: &[Expr],
    subst: bool,
) -> Result<Vec<String>, EvalError> {
    let values = ev.args(exprs, subst)?;
    (0..values.len())
        .map(|i| string_or_undefined(&values, i, exprs))
        .collect()
}

fn first(strings: &[String]) -> &str {
    strings.first().map_or("", String::as_str)
}

fn utf16_len(s: &str) -> usize {
    s.encode_utf16().count()
}

/// UTF-16 position of a byte offset.
fn utf16_pos(s: &str, byte: usize) -> usize {
    s.get(..byte).map_or(0, utf16_len)
}

fn length(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let s = strings(ev, exprs, subst)?;
    Ok(Some(js::count(utf16_len(first(&s)))))
}

fn to_lower(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let s = strings(ev, exprs, subst)?;
    ev.string(first(&s).to_lowercase())
}

fn to_upper(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let s = strings(ev, exprs, subst)?;
    ev.string(first(&s).to_uppercase())
}

fn trim(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let s = strings(ev, exprs, subst)?;
    ev.string(first(&s).trim().to_owned())
}

fn as_index(value: Option<f64>, what: &Expr) -> Result<usize, EvalError> {
    match value.and_then(js::to_i64) {
        Some(i) => {
            usize::try_from(i).or_else(|_| soft(format!("{what}={i} which is out of range")))
        }
        None => soft(format!("{what} is not an integer.")),
    }
}

/// `substring(s, start, length?)`.
fn substring(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let values = ev.args(exprs, subst)?;
    let text = match arg(&values, 0) {
        Some(Value::String(s)) => s.clone(),
        None => return ev.string(String::new()),
        Some(_) => {
            return soft(format!(
                "{} is neither a string nor a null object.",
                exprs.first().map_or_else(String::new, ToString::to_string)
            ));
        }
    };
    let units: Vec<u16> = text.encode_utf16().collect();
    let start_expr = exprs.get(1).unwrap_or(&Expr::Literal(None)).clone();
    let start = as_index(num_arg(&values, 1), &start_expr)?;
    if start > units.len() {
        return soft(format!(
            "{start_expr}={start} which is out of range for {text}"
        ));
    }
    let len = match exprs.get(2) {
        None => units.len() - start,
        Some(len_expr) => as_index(num_arg(&values, 2), len_expr)?,
    };
    let Some(slice) = units.get(start..start.saturating_add(len)) else {
        return soft(format!("{len} is out of range for {text}"));
    };
    ev.string(String::from_utf16_lossy(slice))
}

/// The text, the string to find and its replacement, for `replace` and `replaceIgnoreCase`:
/// a soft failure when the string to find is empty, as upstream.
fn replace_args(s: &[String]) -> Result<(&str, &str, &str), EvalError> {
    let old = s.get(1).map_or("", String::as_str);
    if old.is_empty() {
        return soft(format!("{old} should be a string with length at least 1"));
    }
    Ok((first(s), old, s.get(2).map_or("", String::as_str)))
}

fn replace(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let s = strings(ev, exprs, subst)?;
    let (text, old, new) = replace_args(&s)?;
    let count = text.matches(old).count();
    ev.budget
        .check_string_len(text.len().saturating_add(count.saturating_mul(new.len())))?;
    ev.string(text.replace(old, new))
}

/// Upstream builds a regular expression from the pattern; this crate matches it
/// literally (ignoring case), which is the same unless the pattern has metacharacters.
fn replace_ignore_case(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let s = strings(ev, exprs, subst)?;
    let (text, old, new) = replace_args(&s)?;
    let needle: Vec<char> = old.chars().flat_map(char::to_lowercase).collect();
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    // Each position compares up to the pattern's length: that is the work charged, so a long
    // text times a long pattern hits the work limit instead of running on.
    let per_position = 1 + u64::try_from(needle.len()).unwrap_or(u64::MAX) / 4;
    while i < chars.len() {
        ev.budget.work(per_position)?;
        let window: Vec<char> = chars
            .get(i..)
            .unwrap_or(&[])
            .iter()
            .take(needle.len())
            .flat_map(|c| c.to_lowercase())
            .collect();
        if window == needle && chars.len() - i >= needle.len() {
            out.push_str(new);
            i += needle.len();
        } else {
            out.extend(chars.get(i));
            i += 1;
        }
        ev.budget.check_string_len(out.len())?;
    }
    ev.string(out)
}

fn split(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let s = strings(ev, exprs, subst)?;
    let (text, sep) = (first(&s), s.get(1).map_or("", String::as_str));
    let parts: Vec<Value> = if sep.is_empty() {
        text.chars().map(|c| Value::String(c.to_string())).collect()
    } else {
        text.split(sep)
            .map(|p| Value::String(p.to_owned()))
            .collect()
    };
    ev.budget
        .work(u64::try_from(parts.len()).unwrap_or(u64::MAX))?;
    Ok(Some(Value::Array(parts)))
}

/// `join(list, sep, lastSep?)`: items print as JavaScript `Array.join` prints them.
fn join(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let values = ev.args(exprs, subst)?;
    let Some(Value::Array(items)) = arg(&values, 0) else {
        return soft(format!(
            "{} is not a list.",
            exprs.first().map_or_else(String::new, ToString::to_string)
        ));
    };
    let text_of = |i: usize| js::interpolation_string(arg(&values, i), ev.budget, 0);
    let (sep, last_sep) = (text_of(1)?, text_of(2)?);
    let mut out = String::new();
    let n = items.len();
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            let use_last = values.len() == 3 && (i == n - 1 || n < 3);
            out.push_str(if use_last { &last_sep } else { &sep });
        }
        out.push_str(&js::interpolation_string(Some(item), ev.budget, 1)?);
        ev.budget.check_string_len(out.len())?;
    }
    ev.string(out)
}

fn position(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool, last: bool) -> EvalResult {
    let values = ev.args(exprs, subst)?;
    match (arg(&values, 0), arg(&values, 1)) {
        (None | Some(Value::Null | Value::String(_)), None | Some(Value::String(_))) => {
            let hay = arg(&values, 0).and_then(Value::as_str).unwrap_or("");
            let needle = arg(&values, 1).and_then(Value::as_str).unwrap_or("");
            let found = if last {
                if needle.is_empty() {
                    Some(hay.len())
                } else {
                    hay.rfind(needle)
                }
            } else {
                hay.find(needle)
            };
            let mut pos = found.map_or(-1, |b| i64::try_from(utf16_pos(hay, b)).unwrap_or(-1));
            if last && needle.is_empty() {
                pos = (pos - 1).max(0);
            }
            Ok(Some(serde_json::json!(pos)))
        }
        (None | Some(Value::Null | Value::String(_)), _) => soft(format!(
            "Can only look for indexof string in {}",
            exprs.get(1).map_or_else(String::new, ToString::to_string)
        )),
        (Some(Value::Array(items)), needle) => {
            // JavaScript `indexOf` uses strict equality: objects and arrays never match.
            let same = |item: &Value| match (item, needle) {
                (Value::Number(a), Some(Value::Number(b))) => a.as_f64() == b.as_f64(),
                (Value::Array(_) | Value::Object(_), _) | (_, None) => false,
                (other, Some(n)) => other == n,
            };
            let found = if last {
                items.iter().rposition(same)
            } else {
                items.iter().position(same)
            };
            Ok(Some(found.map_or(serde_json::json!(-1), js::count)))
        }
        _ => soft(format!(
            "{} works only on string or list.",
            exprs.first().map_or_else(String::new, ToString::to_string)
        )),
    }
}

fn starts_with(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let s = strings(ev, exprs, subst)?;
    Ok(Some(Value::Bool(
        first(&s).starts_with(s.get(1).map_or("", String::as_str)),
    )))
}

fn ends_with(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let s = strings(ev, exprs, subst)?;
    Ok(Some(Value::Bool(
        first(&s).ends_with(s.get(1).map_or("", String::as_str)),
    )))
}

/// `countWord`: upstream splits the trimmed text on whitespace, so `""` counts 1.
fn count_word(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let s = strings(ev, exprs, subst)?;
    let words = first(&s).split_whitespace().count().max(1);
    Ok(Some(js::count(words)))
}

fn add_ordinal(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let values = ev.args(exprs, subst)?;
    let Some(n) = num_arg(&values, 0).and_then(js::to_i64) else {
        return soft(format!(
            "{} is not a integer.",
            exprs.first().map_or_else(String::new, ToString::to_string)
        ));
    };
    let suffix = if n <= 0 {
        ""
    } else if matches!(n % 100, 11..=13) {
        "th"
    } else {
        match n % 10 {
            1 => "st",
            2 => "nd",
            3 => "rd",
            _ => "th",
        }
    };
    ev.string(format!("{n}{suffix}"))
}

fn sentence_case(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let s = strings(ev, exprs, subst)?;
    let lower = first(&s).to_lowercase();
    let mut chars = lower.chars();
    let out = match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    };
    ev.string(out)
}

/// `titleCase`: capitalizes each run that starts with a word character (`\w\S*`).
fn title_case(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let s = strings(ev, exprs, subst)?;
    let lower = first(&s).to_lowercase();
    let mut out = String::with_capacity(lower.len());
    let mut in_word = false;
    for c in lower.chars() {
        if c.is_whitespace() {
            in_word = false;
            out.push(c);
        } else if !in_word && (c.is_ascii_alphanumeric() || c == '_') {
            in_word = true;
            out.extend(c.to_uppercase());
        } else {
            out.push(c);
        }
    }
    ev.string(out)
}

fn eol(ev: &mut Evaluator<'_, '_>, _: &[Expr], _: bool) -> EvalResult {
    ev.string("\n".to_owned())
}
