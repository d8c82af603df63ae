//! Operators and logic: arithmetic, comparison, `&& || !`, `if`, `exists`, `concat`,
//! `coalesce` (`??`).

use std::cmp::Ordering;

use serde_json::Value;

use super::{MANY, Spec, arg, f};
use crate::ast::Expr;
use crate::eval::{EvalError, EvalResult, Evaluator, soft};
use crate::js;

pub(super) const SPECS: &[Spec] = &[
    f("+", 2, MANY, add),
    f("-", 2, MANY, subtract),
    f("*", 2, MANY, multiply),
    f("/", 2, MANY, divide),
    f("%", 2, 2, modulo),
    f("^", 2, MANY, power),
    f("==", 2, 2, equal),
    f("!=", 2, 2, not_equal),
    f("<", 2, 2, less),
    f("<=", 2, 2, less_or_equal),
    f(">", 2, 2, greater),
    f(">=", 2, 2, greater_or_equal),
    f("exists", 1, 1, exists),
    f("&&", 1, MANY, and),
    f("||", 1, MANY, or),
    f("!", 1, 1, not),
    f("if", 3, 3, if_),
    f("concat", 1, MANY, concat),
    f("coalesce", 1, MANY, coalesce),
];

/// Evaluates all arguments and checks each is a number (`verifyNumber`).
fn numbers(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> Result<Vec<f64>, EvalError> {
    let mut out = Vec::with_capacity(exprs.len());
    for e in exprs {
        match js::num_of(ev.eval(e, subst)?.as_ref()) {
            Some(x) => out.push(x),
            None => return soft(format!("{e} is not a number.")),
        }
    }
    Ok(out)
}

fn fold(values: &[f64], op: impl Fn(f64, f64) -> f64) -> Value {
    let mut iter = values.iter().copied();
    let first = iter.next().unwrap_or(f64::NAN);
    js::number(iter.fold(first, op))
}

/// `+`: numeric addition, or string concatenation when either side is a string.
fn add(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let mut values = Vec::with_capacity(exprs.len());
    for e in exprs {
        let v = ev.eval(e, subst)?;
        if !matches!(v, None | Some(Value::String(_) | Value::Number(_))) {
            return soft(format!("{e} is neither a number nor string"));
        }
        values.push(v);
    }
    let mut acc: Option<Value> = values.first().cloned().flatten();
    for next in values.into_iter().skip(1) {
        let (a, b) = (acc.as_ref(), next.as_ref());
        let (an, bn) = (js::num_of(a), js::num_of(b));
        acc = match (an, bn) {
            (Some(x), Some(y)) => Some(js::number(x + y)),
            (Some(_), None) if b.is_none() => {
                return soft(
                    "Operator '+' or add cannot be applied to operands of type 'number' and null object.",
                );
            }
            (None, Some(_)) if a.is_none() => {
                return soft(
                    "Operator '+' or add cannot be applied to operands of type 'number' and null object.",
                );
            }
            _ => {
                let mut s = js::interpolation_string(a, ev.budget, 0)?;
                s.push_str(&js::interpolation_string(b, ev.budget, 0)?);
                ev.string(s)?
            }
        };
    }
    Ok(acc)
}

fn subtract(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    Ok(Some(fold(&numbers(ev, exprs, subst)?, |a, b| a - b)))
}

fn multiply(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    Ok(Some(fold(&numbers(ev, exprs, subst)?, |a, b| a * b)))
}

/// `/`: integer operands give a floored integer result, as upstream.
fn divide(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let values = numbers(ev, exprs, subst)?;
    for (i, v) in values.iter().enumerate().skip(1) {
        if *v == 0.0 {
            let divisor = exprs.get(i).map_or_else(String::new, ToString::to_string);
            return soft(format!("Cannot divide by 0 from {divisor}"));
        }
    }
    Ok(Some(fold(&values, |a, b| {
        let q = a / b;
        if js::is_integer(a) && js::is_integer(b) {
            q.floor()
        } else {
            q
        }
    })))
}

fn modulo(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let mut values = Vec::new();
    for e in exprs {
        match js::num_of(ev.eval(e, subst)?.as_ref()) {
            Some(x) if js::is_integer(x) => values.push(x),
            _ => return soft(format!("{e} is not a integer.")),
        }
    }
    match values.as_slice() {
        [_, b] if *b == 0.0 => soft("Cannot mod by 0."),
        [a, b] => Ok(Some(js::number(a % b))),
        _ => soft("% takes two arguments"),
    }
}

fn power(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    Ok(Some(fold(&numbers(ev, exprs, subst)?, f64::powf)))
}

/// Upstream `ComparisonEvaluator`: children are evaluated without substitution and a
/// failing child makes the comparison `false` instead of an error.
fn comparison(
    ev: &mut Evaluator<'_, '_>,
    exprs: &[Expr],
    not_null: bool,
    test: impl FnOnce(&mut Evaluator<'_, '_>, &[Option<Value>]) -> Result<bool, EvalError>,
) -> EvalResult {
    let mut values = Vec::with_capacity(exprs.len());
    for e in exprs {
        match ev.eval(e, false) {
            Ok(v) if not_null && matches!(v, None | Some(Value::Null)) => {
                return Ok(Some(Value::Bool(false)));
            }
            Ok(v) => values.push(v),
            Err(EvalError::Soft(_)) => return Ok(Some(Value::Bool(false))),
            Err(other) => return Err(other),
        }
    }
    Ok(Some(Value::Bool(test(ev, &values)?)))
}

fn equal(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], _: bool) -> EvalResult {
    comparison(ev, exprs, false, |ev, v| {
        Ok(js::common_equals(arg(v, 0), arg(v, 1), ev.budget, 0)?)
    })
}

fn not_equal(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], _: bool) -> EvalResult {
    comparison(ev, exprs, false, |ev, v| {
        Ok(!js::common_equals(arg(v, 0), arg(v, 1), ev.budget, 0)?)
    })
}

fn order(values: &[Option<Value>]) -> Result<Ordering, EvalError> {
    match (arg(values, 0), arg(values, 1)) {
        (Some(Value::Number(a)), Some(Value::Number(b))) => {
            let (a, b) = (
                a.as_f64().unwrap_or(f64::NAN),
                b.as_f64().unwrap_or(f64::NAN),
            );
            // NaN compares false every way round in JavaScript.
            Ok(a.partial_cmp(&b).unwrap_or(Ordering::Equal))
        }
        (Some(Value::String(a)), Some(Value::String(b))) => Ok(utf16_cmp(a, b)),
        (a, b) => soft(format!(
            "{} and {} must be comparable.",
            a.map_or_else(|| "undefined".to_owned(), ToString::to_string),
            b.map_or_else(|| "undefined".to_owned(), ToString::to_string)
        )),
    }
}

/// JavaScript compares strings by UTF-16 code units.
fn utf16_cmp(a: &str, b: &str) -> Ordering {
    a.encode_utf16().cmp(b.encode_utf16())
}

fn less(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], _: bool) -> EvalResult {
    comparison(ev, exprs, true, |_, v| Ok(order(v)? == Ordering::Less))
}

fn less_or_equal(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], _: bool) -> EvalResult {
    comparison(ev, exprs, true, |_, v| Ok(order(v)? != Ordering::Greater))
}

fn greater(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], _: bool) -> EvalResult {
    comparison(ev, exprs, true, |_, v| Ok(order(v)? == Ordering::Greater))
}

fn greater_or_equal(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], _: bool) -> EvalResult {
    comparison(ev, exprs, true, |_, v| Ok(order(v)? != Ordering::Less))
}

/// `exists(x)`: true unless `x` is null or undefined.
fn exists(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], _: bool) -> EvalResult {
    comparison(ev, exprs, true, |_, _| Ok(true))
}

/// Evaluates a condition without substitution; a soft error counts as `None`.
fn condition(
    ev: &mut Evaluator<'_, '_>,
    expr: &Expr,
) -> Result<Result<Option<Value>, ()>, EvalError> {
    match ev.eval(expr, false) {
        Ok(v) => Ok(Ok(v)),
        Err(EvalError::Soft(_)) => Ok(Err(())),
        Err(other) => Err(other),
    }
}

fn and(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], _: bool) -> EvalResult {
    for e in exprs {
        match condition(ev, e)? {
            Ok(v) if js::truthy(v.as_ref()) => {}
            _ => return Ok(Some(Value::Bool(false))),
        }
    }
    Ok(Some(Value::Bool(true)))
}

/// `||`: `true` as soon as one operand is truthy; otherwise, like upstream, the value
/// of the last operand (so `missing || false` is `false` but `a || missing` is undefined).
fn or(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], _: bool) -> EvalResult {
    let mut last = None;
    for e in exprs {
        match condition(ev, e)? {
            Ok(v) if js::truthy(v.as_ref()) => return Ok(Some(Value::Bool(true))),
            Ok(v) => last = v,
            Err(()) => last = None,
        }
    }
    Ok(last)
}

fn not(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], _: bool) -> EvalResult {
    let Some(e) = exprs.first() else {
        return soft("! takes one argument");
    };
    Ok(Some(Value::Bool(match condition(ev, e)? {
        Ok(v) => !js::truthy(v.as_ref()),
        Err(()) => true,
    })))
}

/// `if(c, a, b)` and `c ? a : b`; only the chosen branch is evaluated.
fn if_(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let [c, then, otherwise] = exprs else {
        return soft("if takes three arguments");
    };
    let chosen = match condition(ev, c)? {
        Ok(v) if js::truthy(v.as_ref()) => then,
        _ => otherwise,
    };
    ev.eval(chosen, subst)
}

/// `concat(...)` and `&`: joins lists, otherwise stringifies and joins text.
fn concat(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let values = ev.args(exprs, subst)?;
    let mut iter = values.into_iter();
    let mut acc = iter.next().flatten();
    for next in iter {
        let absent = |v: &Option<Value>| matches!(v, None | Some(Value::Null));
        acc = match (acc, next) {
            (a, b) if absent(&a) && absent(&b) => None,
            (a, Some(Value::Array(b))) if absent(&a) => Some(Value::Array(b)),
            (Some(Value::Array(a)), b) if absent(&b) => Some(Value::Array(a)),
            (Some(Value::Array(mut a)), Some(Value::Array(b))) => {
                ev.budget.work(u64::try_from(b.len()).unwrap_or(u64::MAX))?;
                a.extend(b);
                Some(Value::Array(a))
            }
            (a, b) => {
                let mut s = js::common_stringify(a.as_ref(), ev.budget)?;
                s.push_str(&js::common_stringify(b.as_ref(), ev.budget)?);
                ev.string(s)?
            }
        };
    }
    Ok(acc)
}

fn coalesce(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let values = ev.args(exprs, subst)?;
    Ok(values.into_iter().flatten().find(|v| !v.is_null()))
}
