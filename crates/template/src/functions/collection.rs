//! Collection functions: lambdas (`select`, `where`, `foreach`, `any`, `all`),
//! slicing, set operations, sorting, and object property helpers.

use serde_json::{Map, Value, json};

use super::{MANY, Spec, arg, f, lambda, num_arg, str_arg};
use crate::ast::Expr;
use crate::eval::{EvalError, EvalResult, Evaluator, soft};
use crate::js;
use crate::memory;

pub(super) const SPECS: &[Spec] = &[
    lambda("select", select),
    lambda("foreach", select),
    lambda("where", where_),
    lambda("any", |ev, e, s| quantifier(ev, e, s, false)),
    lambda("all", |ev, e, s| quantifier(ev, e, s, true)),
    f("createArray", 0, MANY, create_array),
    f("first", 1, 1, |ev, e, s| end_item(ev, e, s, false)),
    f("last", 1, 1, |ev, e, s| end_item(ev, e, s, true)),
    f("count", 1, 1, count),
    f("empty", 1, 1, empty),
    f("contains", 2, 2, contains),
    f("take", 2, 2, take),
    f("skip", 2, 2, skip),
    f("subArray", 2, 3, sub_array),
    f("union", 1, MANY, union),
    f("intersection", 1, MANY, intersection),
    f("unique", 1, 1, unique),
    f("reverse", 1, 1, reverse),
    f("flatten", 1, 2, flatten),
    f("indicesAndValues", 1, 1, indices_and_values),
    f("sortBy", 1, 2, |ev, e, s| sort_common(ev, e, s, false)),
    f("sortByDescending", 1, 2, |ev, e, s| {
        sort_common(ev, e, s, true)
    }),
    f("getProperty", 1, 2, get_property),
    f("setProperty", 3, 3, set_property),
    f("addProperty", 3, 3, add_property),
    f("removeProperty", 2, 2, remove_property),
    f("merge", 1, MANY, merge),
];

fn text(exprs: &[Expr], i: usize) -> String {
    exprs.get(i).map_or_else(String::new, ToString::to_string)
}

/// Upstream `convertToList`: arrays as is, objects as `{key, value}` entries.
fn to_list(value: Option<Value>) -> Option<Vec<Value>> {
    match value? {
        Value::Array(items) => Some(items),
        Value::Object(map) => Some(
            map.into_iter()
                .map(|(key, value)| json!({"key": key, "value": value}))
                .collect(),
        ),
        _ => None,
    }
}

/// Evaluates the lambda body once per item, feeding `(item, result)` to `visit`,
/// which returns `true` to stop.
fn each(
    ev: &mut Evaluator<'_, '_>,
    exprs: &[Expr],
    subst: bool,
    items: Vec<Value>,
    mut visit: impl FnMut(Value, Result<Option<Value>, String>) -> Result<bool, EvalError>,
) -> Result<(), EvalError> {
    let (Some(name), Some(body)) = (exprs.get(1).and_then(Expr::as_identifier), exprs.get(2))
    else {
        return soft("lambda functions take a collection, a variable name and an expression");
    };
    for item in items {
        let result = ev.with_local(name, item.clone(), |ev| match ev.eval(body, subst) {
            Ok(v) => Ok(Ok(v)),
            Err(EvalError::Soft(message)) => Ok(Err(message)),
            Err(other) => Err(other),
        })?;
        if visit(item, result)? {
            break;
        }
    }
    Ok(())
}

/// `select` / `foreach`: maps each item; the first failing item fails the call.
fn select(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let instance = ev.eval(exprs.first().unwrap_or(&Expr::Literal(None)), subst)?;
    if !instance.as_ref().is_some_and(js::js_truthy) {
        return soft(format!("'{}' evaluated to null.", text(exprs, 0)));
    }
    let Some(items) = to_list(instance) else {
        return soft(format!(
            "{} is not a collection or structure object to run Foreach",
            text(exprs, 0)
        ));
    };
    let mut out = Vec::with_capacity(items.len());
    let mut failure = None;
    each(ev, exprs, subst, items, |_, result| match result {
        Ok(v) => {
            out.push(v.unwrap_or(Value::Null));
            Ok(false)
        }
        Err(message) => {
            failure = Some(message);
            Ok(true)
        }
    })?;
    match failure {
        Some(message) => soft(message),
        None => Ok(Some(Value::Array(out))),
    }
}

/// `where`: keeps the items for which the body is true; over an object, keeps entries.
fn where_(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let instance = ev.eval(exprs.first().unwrap_or(&Expr::Literal(None)), subst)?;
    let was_object = matches!(instance, Some(Value::Object(_)));
    let Some(items) = to_list(instance) else {
        return soft(format!(
            "{} is not a collection or structure object to run Where",
            text(exprs, 0)
        ));
    };
    let mut kept = Vec::new();
    each(ev, exprs, subst, items, |item, result| {
        if result.is_ok_and(|v| js::truthy(v.as_ref())) {
            kept.push(item);
        }
        Ok(false)
    })?;
    if was_object {
        let mut map = Map::new();
        for entry in kept {
            if let (Some(Value::String(k)), Some(v)) =
                (entry.get("key").cloned(), entry.get("value").cloned())
            {
                map.insert(k, v);
            }
        }
        return Ok(Some(Value::Object(map)));
    }
    Ok(Some(Value::Array(kept)))
}

fn quantifier(
    ev: &mut Evaluator<'_, '_>,
    exprs: &[Expr],
    subst: bool,
    want_all: bool,
) -> EvalResult {
    let instance = ev.eval(exprs.first().unwrap_or(&Expr::Literal(None)), subst)?;
    let Some(items) = to_list(instance) else {
        return soft(format!(
            "{} is not a collection or structure object to run Any",
            text(exprs, 0)
        ));
    };
    let mut result = want_all;
    each(ev, exprs, subst, items, |_, r| {
        let hit = r.is_ok_and(|v| js::truthy(v.as_ref()));
        if hit != want_all {
            result = !want_all;
            return Ok(true);
        }
        Ok(false)
    })?;
    Ok(Some(Value::Bool(result)))
}

fn create_array(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let values = ev.args(exprs, subst)?;
    Ok(Some(Value::Array(
        values
            .into_iter()
            .map(|v| v.unwrap_or(Value::Null))
            .collect(),
    )))
}

fn end_item(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool, last: bool) -> EvalResult {
    let values = ev.args(exprs, subst)?;
    Ok(match values.into_iter().next().flatten() {
        Some(Value::String(s)) => {
            let units: Vec<u16> = s.encode_utf16().collect();
            let unit = if last { units.last() } else { units.first() };
            unit.map(|u| Value::String(String::from_utf16_lossy(&[*u])))
        }
        Some(Value::Array(items)) => {
            if last {
                items.into_iter().next_back()
            } else {
                items.into_iter().next()
            }
        }
        _ => None,
    })
}

fn count(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let values = ev.args(exprs, subst)?;
    match arg(&values, 0) {
        Some(Value::String(s)) => Ok(Some(js::count(s.encode_utf16().count()))),
        Some(Value::Array(items)) => Ok(Some(js::count(items.len()))),
        Some(Value::Object(map)) => Ok(Some(js::count(map.len()))),
        _ => soft(format!(
            "{} must be a string, list, map or object.",
            text(exprs, 0)
        )),
    }
}

/// `empty(x)`: a comparison upstream, so `x` is read without substitution and a
/// number or boolean (not a container) gives `false`.
fn empty(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], _: bool) -> EvalResult {
    let value = match exprs.first().map(|e| ev.eval(e, false)).transpose() {
        Ok(v) => v.flatten(),
        Err(EvalError::Soft(_)) => return Ok(Some(Value::Bool(false))),
        Err(other) => return Err(other),
    };
    let result = match value {
        None | Some(Value::Null) => true,
        Some(Value::String(s)) => s.is_empty(),
        Some(Value::Array(items)) => items.is_empty(),
        Some(Value::Object(map)) => map.is_empty(),
        Some(Value::Number(_) | Value::Bool(_)) => false,
    };
    Ok(Some(Value::Bool(result)))
}

fn contains(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let values = ev.args(exprs, subst)?;
    let found = match (arg(&values, 0), arg(&values, 1)) {
        (Some(Value::String(hay)), Some(Value::String(needle))) => hay.contains(needle.as_str()),
        (Some(Value::Array(items)), needle) => {
            let mut found = false;
            for item in items {
                if js::common_equals(Some(item), needle, ev.budget, 0)? {
                    found = true;
                    break;
                }
            }
            found
        }
        (Some(container), Some(Value::String(key))) => {
            let mut cost = 0;
            let found = memory::access_property(container, key, &mut cost).is_some();
            ev.budget.work(cost)?;
            found
        }
        _ => false,
    };
    Ok(Some(Value::Bool(found)))
}

fn count_arg(values: &[Option<Value>], i: usize, exprs: &[Expr]) -> Result<i64, EvalError> {
    num_arg(values, i).and_then(js::to_i64).map_or_else(
        || soft(format!("{} is not an integer.", text(exprs, i))),
        Ok,
    )
}

fn clamp(i: i64, len: usize) -> usize {
    usize::try_from(i.max(0)).unwrap_or(usize::MAX).min(len)
}

fn take(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let values = ev.args(exprs, subst)?;
    let n = count_arg(&values, 1, exprs)?;
    match values.into_iter().next().flatten() {
        Some(Value::Array(mut items)) => {
            items.truncate(clamp(n, items.len()));
            Ok(Some(Value::Array(items)))
        }
        Some(Value::String(s)) => {
            let units: Vec<u16> = s.encode_utf16().collect();
            let cut = units.get(..clamp(n, units.len())).unwrap_or(&[]);
            ev.string(String::from_utf16_lossy(cut))
        }
        _ => soft(format!("{} is not array or string.", text(exprs, 0))),
    }
}

fn skip(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let values = ev.args(exprs, subst)?;
    let n = count_arg(&values, 1, exprs)?;
    match values.into_iter().next().flatten() {
        Some(Value::Array(items)) => {
            let start = clamp(n, items.len());
            Ok(Some(Value::Array(items.into_iter().skip(start).collect())))
        }
        _ => soft(format!("{} is not array.", text(exprs, 0))),
    }
}

fn sub_array(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let values = ev.args(exprs, subst)?;
    let start = count_arg(&values, 1, exprs)?;
    let Some(Value::Array(items)) = values.first().cloned().flatten() else {
        return soft(format!("{} is not array.", text(exprs, 0)));
    };
    let end = if exprs.len() > 2 {
        count_arg(&values, 2, exprs)?
    } else {
        i64::try_from(items.len()).unwrap_or(i64::MAX)
    };
    let (Ok(s), Ok(e)) = (usize::try_from(start), usize::try_from(end)) else {
        return soft(format!("{start}..{end} is out of range"));
    };
    match items.get(s..e) {
        Some(slice) => Ok(Some(Value::Array(slice.to_vec()))),
        None => soft(format!("{start}..{end} is out of range")),
    }
}

/// JavaScript `Set` identity: primitives by value, objects and arrays never equal.
fn same_value(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Array(_) | Value::Object(_), _) | (_, Value::Array(_) | Value::Object(_)) => false,
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        _ => a == b,
    }
}

fn dedupe(items: Vec<Value>, budget: &mut crate::budget::Budget) -> Result<Vec<Value>, EvalError> {
    let mut out: Vec<Value> = Vec::with_capacity(items.len());
    for item in items {
        budget.work(u64::try_from(out.len()).unwrap_or(u64::MAX))?;
        if !out.iter().any(|o| same_value(o, &item)) {
            out.push(item);
        }
    }
    Ok(out)
}

fn lists(
    ev: &mut Evaluator<'_, '_>,
    exprs: &[Expr],
    subst: bool,
) -> Result<Vec<Vec<Value>>, EvalError> {
    let values = ev.args(exprs, subst)?;
    values
        .into_iter()
        .enumerate()
        .map(|(i, v)| match v {
            Some(Value::Array(items)) => Ok(items),
            _ => soft(format!("{} is not a list or array.", text(exprs, i))),
        })
        .collect()
}

fn union(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let all: Vec<Value> = lists(ev, exprs, subst)?.into_iter().flatten().collect();
    Ok(Some(Value::Array(dedupe(all, ev.budget)?)))
}

fn intersection(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let mut sets = lists(ev, exprs, subst)?.into_iter();
    let mut result = sets.next().unwrap_or_default();
    for other in sets {
        ev.budget
            .work(u64::try_from(result.len().saturating_mul(other.len())).unwrap_or(u64::MAX))?;
        result.retain(|item| other.iter().any(|o| same_value(o, item)));
    }
    Ok(Some(Value::Array(dedupe(result, ev.budget)?)))
}

fn unique(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let items = lists(ev, exprs, subst)?
        .into_iter()
        .next()
        .unwrap_or_default();
    Ok(Some(Value::Array(dedupe(items, ev.budget)?)))
}

fn reverse(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let values = ev.args(exprs, subst)?;
    match values.into_iter().next().flatten() {
        Some(Value::String(s)) => {
            let mut units: Vec<u16> = s.encode_utf16().collect();
            units.reverse();
            ev.string(String::from_utf16_lossy(&units))
        }
        Some(Value::Array(mut items)) => {
            items.reverse();
            Ok(Some(Value::Array(items)))
        }
        _ => soft(format!("{} is not a string or list.", text(exprs, 0))),
    }
}

fn flatten(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let values = ev.args(exprs, subst)?;
    let depth = num_arg(&values, 1)
        .filter(|d| *d >= 1.0)
        .map_or(100, |d| js::to_i64(d.floor()).unwrap_or(100));
    let Some(Value::Array(mut items)) = values.into_iter().next().flatten() else {
        return soft(format!("{} is not a list.", text(exprs, 0)));
    };
    for _ in 0..depth.min(i64::try_from(ev.budget.limits.max_depth).unwrap_or(100)) {
        if !items.iter().any(Value::is_array) {
            break;
        }
        ev.budget
            .work(u64::try_from(items.len()).unwrap_or(u64::MAX))?;
        items = items
            .into_iter()
            .flat_map(|item| match item {
                Value::Array(inner) => inner,
                other => vec![other],
            })
            .collect();
    }
    Ok(Some(Value::Array(items)))
}

fn indices_and_values(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let values = ev.args(exprs, subst)?;
    match values.into_iter().next().flatten() {
        Some(Value::Array(items)) => Ok(Some(Value::Array(
            items
                .into_iter()
                .enumerate()
                .map(|(i, v)| json!({"index": i, "value": v}))
                .collect(),
        ))),
        Some(Value::Object(map)) => Ok(Some(Value::Array(
            map.into_iter()
                .map(|(k, v)| json!({"index": k, "value": v}))
                .collect(),
        ))),
        _ => soft(format!("{} is not array or object.", text(exprs, 0))),
    }
}

/// The text JavaScript's default `sort()` compares.
fn sort_text(value: &Value, budget: &crate::budget::Budget) -> Result<String, EvalError> {
    Ok(match value {
        Value::Null => "null".to_owned(),
        other => js::interpolation_string(Some(other), budget, 0)?,
    })
}

fn sort_common(
    ev: &mut Evaluator<'_, '_>,
    exprs: &[Expr],
    subst: bool,
    descending: bool,
) -> EvalResult {
    let values = ev.args(exprs, subst)?;
    let key = str_arg(&values, 1).map(str::to_owned);
    let Some(Value::Array(items)) = values.into_iter().next().flatten() else {
        return soft(format!("{} is not an array", text(exprs, 0)));
    };
    let n = u64::try_from(items.len()).unwrap_or(u64::MAX);
    ev.budget
        .work(n.saturating_mul(u64::from(64 - n.leading_zeros())))?;
    let mut keyed: Vec<(Value, Option<Value>, String)> = Vec::with_capacity(items.len());
    for item in items {
        let field = key
            .as_ref()
            .map(|k| item.get(k).cloned().unwrap_or(Value::Null));
        let label = if key.is_none() {
            sort_text(&item, ev.budget)?
        } else {
            String::new()
        };
        keyed.push((item, field, label));
    }
    keyed.sort_by(|a, b| match (&a.1, &b.1) {
        (Some(Value::Number(x)), Some(Value::Number(y))) => x
            .as_f64()
            .partial_cmp(&y.as_f64())
            .unwrap_or(std::cmp::Ordering::Equal),
        (Some(Value::String(x)), Some(Value::String(y))) => x.encode_utf16().cmp(y.encode_utf16()),
        (Some(_), Some(_)) => std::cmp::Ordering::Equal,
        _ => a.2.encode_utf16().cmp(b.2.encode_utf16()),
    });
    let mut sorted: Vec<Value> = keyed.into_iter().map(|(item, _, _)| item).collect();
    if descending {
        sorted.reverse();
    }
    Ok(Some(Value::Array(sorted)))
}

/// `getProperty(obj, path)` reads a path from `obj`; `getProperty(path)` from the scope.
fn get_property(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let values = ev.args(exprs, subst)?;
    let (found, path) = if exprs.len() == 1 {
        let Some(path) = str_arg(&values, 0) else {
            return soft(format!(
                "Single parameter {} is not a string.",
                text(exprs, 0)
            ));
        };
        let segments = memory::split_path(path);
        let mut cost = 0;
        let hit = memory::lookup(&ev.roots, &ev.locals, &segments, &mut cost)
            .map(std::borrow::Cow::into_owned);
        ev.budget.work(cost)?;
        (hit, path.to_owned())
    } else {
        let path = js::interpolation_string(arg(&values, 1), ev.budget, 0)?;
        let mut cost = 0;
        let hit = arg(&values, 0)
            .and_then(|scope| memory::walk(scope, &memory::split_path(&path), &mut cost).cloned());
        ev.budget.work(cost)?;
        (hit, path)
    };
    match found {
        Some(v) => Ok(Some(ev.copy(&v)?)),
        None if subst => Ok(Some(Value::String(format!("${{{path}}}")))),
        None => Ok(None),
    }
}

fn object_edit(
    ev: &mut Evaluator<'_, '_>,
    exprs: &[Expr],
    subst: bool,
    edit: impl FnOnce(&mut Map<String, Value>, String, Option<Value>) -> Result<(), String>,
) -> EvalResult {
    let mut values = ev.args(exprs, subst)?.into_iter();
    let target = values.next().flatten();
    let key = js::interpolation_string(values.next().flatten().as_ref(), ev.budget, 0)?;
    let value = values.next().flatten();
    match target {
        Some(Value::Object(mut map)) => match edit(&mut map, key, value) {
            Ok(()) => Ok(Some(Value::Object(map))),
            Err(message) => soft(message),
        },
        other => Ok(other),
    }
}

fn set_property(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    object_edit(ev, exprs, subst, |map, key, value| {
        match value {
            Some(v) => map.insert(key, v),
            None => map.remove(&key),
        };
        Ok(())
    })
}

fn add_property(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    object_edit(ev, exprs, subst, |map, key, value| {
        if map.contains_key(&key) {
            return Err(format!("{key} already exists"));
        }
        if let Some(v) = value {
            map.insert(key, v);
        }
        Ok(())
    })
}

fn remove_property(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    object_edit(ev, exprs, subst, |map, key, _| {
        map.remove(&key);
        Ok(())
    })
}

/// `merge(a, b, ...)`: shallow-merges objects (and arrays of objects), later wins.
fn merge(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let values = ev.args(exprs, subst)?;
    let mut out = Map::new();
    for value in values {
        let objects = match value {
            Some(Value::Object(map)) => vec![map],
            Some(Value::Array(items)) => {
                let mut maps = Vec::new();
                for item in items {
                    match item {
                        Value::Object(map) => maps.push(map),
                        other => {
                            return soft(format!(
                                "The argument {other} in array must be a JSON object."
                            ));
                        }
                    }
                }
                maps
            }
            other => {
                let shown = other.map_or_else(|| "undefined".to_owned(), |v| v.to_string());
                return soft(format!(
                    "The argument {shown} must be a JSON object or array."
                ));
            }
        };
        for map in objects {
            out.extend(map);
        }
    }
    Ok(Some(Value::Object(out)))
}
