//! Math over numbers and numeric lists: `min`, `max`, `sum`, `average`, `range`,
//! `round`, `floor`, `ceiling`, `abs`, `sqrt`.

use serde_json::Value;

use super::{MANY, Spec, arg, f, num_arg};
use crate::ast::Expr;
use crate::eval::{EvalError, EvalResult, Evaluator, soft};
use crate::js;

pub(super) const SPECS: &[Spec] = &[
    f("min", 1, MANY, min),
    f("max", 1, MANY, max),
    f("sum", 1, 1, sum),
    f("average", 1, 1, average),
    f("range", 2, 2, range),
    f("round", 1, 2, round),
    f("floor", 1, 1, floor),
    f("ceiling", 1, 1, ceiling),
    f("abs", 1, 1, abs),
    f("sqrt", 1, 1, sqrt),
];

/// Flattens number and numeric-list arguments (`verifyNumberOrNumericList`).
fn numbers_or_lists(
    ev: &mut Evaluator<'_, '_>,
    exprs: &[Expr],
    subst: bool,
) -> Result<Vec<f64>, EvalError> {
    let values = ev.args(exprs, subst)?;
    let mut out = Vec::new();
    for (i, value) in values.iter().enumerate() {
        let what = || exprs.get(i).map_or_else(String::new, ToString::to_string);
        match value {
            Some(Value::Number(n)) => out.push(n.as_f64().unwrap_or(f64::NAN)),
            Some(Value::Array(items)) => {
                for item in items {
                    match js::as_f64(item) {
                        Some(x) => out.push(x),
                        None => return soft(format!("{item} is not a number in {}.", what())),
                    }
                }
            }
            _ => return soft(format!("{} is neither a list nor a number.", what())),
        }
    }
    Ok(out)
}

/// One numeric list argument (`verifyNumericList`).
fn numeric_list(
    ev: &mut Evaluator<'_, '_>,
    exprs: &[Expr],
    subst: bool,
) -> Result<Vec<f64>, EvalError> {
    let values = ev.args(exprs, subst)?;
    let what = || exprs.first().map_or_else(String::new, ToString::to_string);
    let Some(Value::Array(items)) = arg(&values, 0) else {
        return soft(format!("{} is not a list.", what()));
    };
    items
        .iter()
        .map(|item| {
            js::as_f64(item).map_or_else(
                || soft(format!("{item} is not a number in {}.", what())),
                Ok,
            )
        })
        .collect()
}

/// `min`: an empty list gives JavaScript `Infinity`, which JSON writes as `null`.
fn min(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let values = numbers_or_lists(ev, exprs, subst)?;
    Ok(Some(js::number(
        values.into_iter().fold(f64::INFINITY, f64::min),
    )))
}

fn max(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let values = numbers_or_lists(ev, exprs, subst)?;
    Ok(Some(js::number(
        values.into_iter().fold(f64::NEG_INFINITY, f64::max),
    )))
}

fn sum(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let values = numeric_list(ev, exprs, subst)?;
    if values.is_empty() {
        return soft("Reduce of empty array with no initial value");
    }
    Ok(Some(js::number(values.into_iter().sum())))
}

fn average(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let values = numeric_list(ev, exprs, subst)?;
    if values.is_empty() {
        return soft("Reduce of empty array with no initial value");
    }
    let count = values.len();
    #[expect(
        clippy::cast_precision_loss,
        reason = "list lengths are far below 2^52"
    )]
    let mean = values.into_iter().sum::<f64>() / count as f64;
    Ok(Some(js::number(mean)))
}

/// `range(start, count)`: `count` consecutive integers.
fn range(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let values = ev.args(exprs, subst)?;
    let (Some(start), Some(count)) = (
        num_arg(&values, 0).and_then(js::to_i64),
        num_arg(&values, 1).and_then(js::to_i64),
    ) else {
        return soft("range takes two integers");
    };
    if count <= 0 {
        return soft("Second paramter must be more than zero");
    }
    let count = u64::try_from(count).unwrap_or(u64::MAX);
    if count > ev.budget.limits.max_output_nodes {
        return Err(crate::budget::LimitHit(crate::error::LimitKind::OutputNodes).into());
    }
    ev.budget.work(count)?;
    let items = (0..count)
        .map(|i| serde_json::json!(start.saturating_add(i64::try_from(i).unwrap_or(i64::MAX))));
    Ok(Some(Value::Array(items.collect())))
}

fn round(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let values = ev.args(exprs, subst)?;
    let Some(x) = num_arg(&values, 0) else {
        return soft(format!(
            "{} is not a number.",
            exprs.first().map_or_else(String::new, ToString::to_string)
        ));
    };
    let digits = match arg(&values, 1) {
        None => 0,
        Some(d) => match js::as_f64(d).and_then(js::to_i64) {
            Some(d @ 0..=15) => i32::try_from(d).unwrap_or(0),
            _ => {
                return soft(format!(
                    "The second parameter {d} must be an integer between 0 and 15;"
                ));
            }
        },
    };
    let scale = 10f64.powi(digits);
    Ok(Some(js::number(js::math_round(x * scale) / scale)))
}

fn unary(
    ev: &mut Evaluator<'_, '_>,
    exprs: &[Expr],
    subst: bool,
    op: fn(f64) -> Result<f64, String>,
) -> EvalResult {
    let values = ev.args(exprs, subst)?;
    match num_arg(&values, 0) {
        Some(x) => op(x).map(|r| Some(js::number(r))).or_else(soft),
        None => soft(format!(
            "{} is not a number.",
            exprs.first().map_or_else(String::new, ToString::to_string)
        )),
    }
}

fn floor(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    unary(ev, exprs, subst, |x| Ok(x.floor()))
}

fn ceiling(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    unary(ev, exprs, subst, |x| Ok(x.ceil()))
}

fn abs(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    unary(ev, exprs, subst, |x| Ok(x.abs()))
}

fn sqrt(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    unary(ev, exprs, subst, |x| {
        if x < 0.0 {
            Err("Do not support square root extraction of negative numbers.".to_owned())
        } else {
            Ok(x.sqrt())
        }
    })
}
