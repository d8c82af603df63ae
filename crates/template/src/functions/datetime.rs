//! Date and time functions. All arithmetic and output is in UTC (see [`crate::datetime`]).

use serde_json::Value;

use super::{Spec, arg, f, num_arg, str_arg};
use crate::ast::Expr;
use crate::datetime::{self, DAY_MS, format};
use crate::eval::{EvalError, EvalResult, Evaluator, soft};
use crate::js;

pub(super) const SPECS: &[Spec] = &[
    f("utcNow", 0, 2, utc_now),
    f("formatDateTime", 1, 3, format_date_time),
    f("formatEpoch", 1, 3, format_epoch),
    f("formatTicks", 1, 3, format_ticks),
    f("addDays", 2, 4, |ev, e, s| shift(ev, e, s, DAY_MS)),
    f("addHours", 2, 4, |ev, e, s| shift(ev, e, s, 3_600_000)),
    f("addMinutes", 2, 4, |ev, e, s| shift(ev, e, s, 60_000)),
    f("addSeconds", 2, 4, |ev, e, s| shift(ev, e, s, 1000)),
    f("addToTime", 3, 5, |ev, e, s| shift_time(ev, e, s, 1, true)),
    f("subtractFromTime", 3, 5, |ev, e, s| {
        shift_time(ev, e, s, -1, true)
    }),
    f("getPastTime", 2, 4, |ev, e, s| {
        shift_time(ev, e, s, -1, false)
    }),
    f("getFutureTime", 2, 4, |ev, e, s| {
        shift_time(ev, e, s, 1, false)
    }),
    f("startOfDay", 1, 3, |ev, e, s| {
        start_of(ev, e, s, |ms| ms - ms.rem_euclid(DAY_MS))
    }),
    f("startOfHour", 1, 3, |ev, e, s| {
        start_of(ev, e, s, |ms| ms - ms.rem_euclid(3_600_000))
    }),
    f("startOfMonth", 1, 3, start_of_month),
    f("dayOfWeek", 1, 1, day_of_week),
    f("dayOfMonth", 1, 1, day_of_month),
    f("dayOfYear", 1, 1, day_of_year),
    f("month", 1, 1, month),
    f("year", 1, 1, year),
    f("ticks", 1, 1, ticks),
    f("dateTimeDiff", 2, 2, date_time_diff),
    f("isDateTime", 1, 1, is_date_time),
];

/// .NET ticks (100 ns since 0001-01-01) at the Unix epoch.
const EPOCH_TICKS: i128 = 621_355_968_000_000_000;
const TICKS_PER_MS: i128 = 10_000;

/// Upstream `determineFormatAndLocale`: the output format is the argument at
/// position `max - 2` (a trailing locale is accepted and ignored: dayjs only ships
/// English names).
fn output_format(args: &[Option<Value>], max: usize) -> String {
    if let Some(fmt) = str_arg(args, max - 2).filter(|_| args.len() + 1 >= max) {
        return format::template_format(fmt);
    }
    format::DEFAULT_DAYJS_FORMAT.to_owned()
}

fn render(ev: &mut Evaluator<'_, '_>, ms: i64, args: &[Option<Value>], max: usize) -> EvalResult {
    if !datetime::in_range(ms) {
        return soft("Invalid time value");
    }
    let fmt = output_format(args, max);
    let text = format::render(ms, &fmt);
    ev.string(text)
}

/// The first argument as a strict ISO timestamp (`verifyISOTimestamp`).
fn iso_arg(args: &[Option<Value>], exprs: &[Expr], i: usize) -> Result<i64, EvalError> {
    match arg(args, i) {
        Some(Value::String(s)) => datetime::parse_strict_iso(s).map_or_else(
            || soft(format!("{s} is not a ISO format datetime string.")),
            Ok,
        ),
        _ => soft(format!(
            "{} should contain an ISO format timestamp.",
            exprs.get(i).map_or_else(String::new, ToString::to_string)
        )),
    }
}

fn utc_now(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let args = ev.args(exprs, subst)?;
    let now = ev.now_ms;
    render(ev, now, &args, 2)
}

/// `formatDateTime(timestamp, format?, locale?)`: any timestamp `Date` understands;
/// one without an offset is taken as UTC.
fn format_date_time(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let args = ev.args(exprs, subst)?;
    let ms = match arg(&args, 0) {
        Some(Value::String(s)) => match datetime::parse_lenient(s) {
            Some(ms) => ms,
            None => return soft(format!("{s} is not a valid datetime string.")),
        },
        _ => {
            return soft(format!(
                "{} is not a String expression",
                exprs.first().map_or_else(String::new, ToString::to_string)
            ));
        }
    };
    render(ev, ms, &args, 3)
}

/// `formatEpoch(seconds, format?, locale?)`.
fn format_epoch(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let args = ev.args(exprs, subst)?;
    let Some(seconds) = num_arg(&args, 0) else {
        return soft("formatEpoch first argument must be a number");
    };
    let Some(ms) = js::to_i64((seconds * 1000.0).trunc()) else {
        return soft("Invalid time value");
    };
    render(ev, ms, &args, 3)
}

/// `formatTicks(ticks, format?, locale?)`: ticks as a number or a numeric string.
fn format_ticks(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let args = ev.args(exprs, subst)?;
    let ticks: Option<i128> = match arg(&args, 0) {
        Some(Value::Number(n)) => n
            .as_i64()
            .map(i128::from)
            .or_else(|| n.as_u64().map(i128::from))
            .or_else(|| {
                n.as_f64().and_then(|x| {
                    js::is_integer(x)
                        .then(|| format!("{x:.0}").parse().ok())
                        .flatten()
                })
            }),
        Some(Value::String(s)) => s.trim().parse().ok(),
        _ => None,
    };
    let Some(ticks) = ticks else {
        return soft("formatTicks first argument is not a number, numeric string or bigInt");
    };
    let Some(ms) = i64::try_from((ticks - EPOCH_TICKS) / TICKS_PER_MS).ok() else {
        return soft("Invalid time value");
    };
    render(ev, ms, &args, 3)
}

/// Shared body of `addDays`-style functions: `(timestamp, amount, format?, locale?)`.
fn shift(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool, unit_ms: i64) -> EvalResult {
    let args = ev.args(exprs, subst)?;
    let (Some(Value::String(_)), Some(amount)) = (arg(&args, 0), num_arg(&args, 1)) else {
        return soft("expected an ISO format timestamp and a time interval number");
    };
    let start = iso_arg(&args, exprs, 0)?;
    let Some(delta) = js::to_i64(amount.trunc()).and_then(|n| n.checked_mul(unit_ms)) else {
        return soft("Invalid time value");
    };
    render(ev, start.saturating_add(delta), &args, 4)
}

/// Applies `amount` `unit`s (`Second` ... `Year`, upstream `timeUnitTransformer`).
fn apply_unit(ms: i64, amount: i64, unit: &str) -> Result<i64, EvalError> {
    let fixed = |unit_ms: i64| amount.checked_mul(unit_ms).and_then(|d| ms.checked_add(d));
    let result = match unit {
        "Second" => fixed(1000),
        "Minute" => fixed(60_000),
        "Hour" => fixed(3_600_000),
        "Day" => fixed(DAY_MS),
        "Week" => fixed(7 * DAY_MS),
        "Month" => datetime::add_months(ms, amount),
        "Year" => amount
            .checked_mul(12)
            .and_then(|m| datetime::add_months(ms, m)),
        other => return soft(format!("{other} is not a valid time unit.")),
    };
    result
        .filter(|v| datetime::in_range(*v))
        .map_or_else(|| soft("Invalid time value"), Ok)
}

fn unit_args(args: &[Option<Value>], first: usize) -> Option<(i64, String)> {
    let amount = num_arg(args, first)
        .filter(|x| js::is_integer(*x))
        .and_then(js::to_i64)?;
    Some((amount, str_arg(args, first + 1)?.to_owned()))
}

/// Moves a time by a signed amount of a unit: from a timestamp argument (`addToTime`,
/// `subtractFromTime`) or from now (`getPastTime`, `getFutureTime`). The amount and unit come
/// after the timestamp when there is one, and the optional format and locale after them.
fn shift_time(
    ev: &mut Evaluator<'_, '_>,
    exprs: &[Expr],
    subst: bool,
    sign: i64,
    from_argument: bool,
) -> EvalResult {
    let args = ev.args(exprs, subst)?;
    let first = usize::from(from_argument);
    let Some((amount, unit)) = unit_args(&args, first) else {
        return soft(if from_argument {
            "expected an ISO format timestamp, a time interval integer and a string unit of time"
        } else {
            "expected a time interval integer and a string unit of time"
        });
    };
    let start = if from_argument {
        iso_arg(&args, exprs, 0)?
    } else {
        ev.now_ms
    };
    let ms = apply_unit(start, amount.saturating_mul(sign), &unit)?;
    render(ev, ms, &args, first + 4)
}

fn start_of(
    ev: &mut Evaluator<'_, '_>,
    exprs: &[Expr],
    subst: bool,
    truncate: fn(i64) -> i64,
) -> EvalResult {
    let args = ev.args(exprs, subst)?;
    let ms = iso_arg(&args, exprs, 0)?;
    render(ev, truncate(ms), &args, 3)
}

fn start_of_month(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    start_of(ev, exprs, subst, |ms| {
        let f = datetime::fields(ms);
        datetime::days_from_civil(f.year, f.month, 1) * DAY_MS
    })
}

fn part(
    ev: &mut Evaluator<'_, '_>,
    exprs: &[Expr],
    subst: bool,
    pick: fn(i64) -> i64,
) -> EvalResult {
    let args = ev.args(exprs, subst)?;
    let ms = iso_arg(&args, exprs, 0)?;
    Ok(Some(Value::from(pick(ms))))
}

fn day_of_week(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    part(ev, exprs, subst, |ms| {
        i64::from(datetime::fields(ms).weekday)
    })
}

fn day_of_month(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    part(ev, exprs, subst, |ms| i64::from(datetime::fields(ms).day))
}

fn day_of_year(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    part(ev, exprs, subst, |ms| {
        let f = datetime::fields(ms);
        ms.div_euclid(DAY_MS) - datetime::days_from_civil(f.year, 1, 1) + 1
    })
}

fn month(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    part(ev, exprs, subst, |ms| i64::from(datetime::fields(ms).month))
}

fn year(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    part(ev, exprs, subst, |ms| datetime::fields(ms).year)
}

/// `ticks(timestamp)`: .NET ticks. Upstream returns a big integer, which JSON writes
/// as a string of digits; so does this.
fn ticks(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let args = ev.args(exprs, subst)?;
    let ms = iso_arg(&args, exprs, 0)?;
    let ticks = EPOCH_TICKS + i128::from(ms) * TICKS_PER_MS;
    ev.string(ticks.to_string())
}

/// `dateTimeDiff(a, b)`: `a - b` in ticks.
fn date_time_diff(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let args = ev.args(exprs, subst)?;
    let a = iso_arg(&args, exprs, 0)?;
    let b = iso_arg(&args, exprs, 1)?;
    Ok(Some(Value::from((a - b).saturating_mul(10_000))))
}

fn is_date_time(ev: &mut Evaluator<'_, '_>, exprs: &[Expr], subst: bool) -> EvalResult {
    let args = ev.args(exprs, subst)?;
    let ok = str_arg(&args, 0).is_some_and(|s| datetime::parse_strict_iso(s).is_some());
    Ok(Some(Value::Bool(ok)))
}
