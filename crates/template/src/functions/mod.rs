//! Built-in functions and operators, grouped by area.
//!
//! Each function receives its argument *expressions* (so that `if`, `&&` and the
//! lambda functions control evaluation) and the substitution flag of its caller.

mod collection;
mod convert;
mod datetime;
mod math;
mod operators;
mod string;

use serde_json::Value;

use crate::ast::Expr;
use crate::eval::{EvalError, EvalResult, Evaluator};
use crate::js;

/// A function implementation.
pub(crate) type Impl = fn(&mut Evaluator<'_, '_>, &[Expr], bool) -> EvalResult;

/// Static description of a built-in function.
pub(crate) struct Spec {
    /// Canonical name.
    pub name: &'static str,
    /// Minimum number of arguments.
    pub min_args: usize,
    /// Maximum number of arguments (`MANY` for variadic).
    pub max_args: usize,
    /// Whether the second argument is a lambda parameter name.
    pub lambda: bool,
    /// The implementation.
    pub eval: Impl,
}

/// Marks a variadic function.
pub(crate) const MANY: usize = usize::MAX;

/// Shorthand for table entries.
pub(crate) const fn f(name: &'static str, min_args: usize, max_args: usize, eval: Impl) -> Spec {
    Spec {
        name,
        min_args,
        max_args,
        lambda: false,
        eval,
    }
}

/// Shorthand for lambda-taking table entries.
pub(crate) const fn lambda(name: &'static str, eval: Impl) -> Spec {
    Spec {
        name,
        min_args: 3,
        max_args: 3,
        lambda: true,
        eval,
    }
}

const TABLES: [&[Spec]; 6] = [
    operators::SPECS,
    string::SPECS,
    math::SPECS,
    convert::SPECS,
    collection::SPECS,
    datetime::SPECS,
];

/// The built-in function called `name` (canonical name).
pub(crate) fn spec(name: &str) -> Option<&'static Spec> {
    TABLES
        .iter()
        .flat_map(|t| t.iter())
        .find(|s| s.name == name)
}

/// Every built-in name, for documentation tests.
#[cfg(test)]
pub(crate) fn all_names() -> Vec<&'static str> {
    TABLES
        .iter()
        .flat_map(|t| t.iter())
        .map(|s| s.name)
        .collect()
}

/// Maps upstream aliases (`add`, `equals`, `not`...) to the operator they stand for;
/// upstream prints them under the operator's name, and so do we.
pub(crate) fn canonical_name(name: &str) -> &str {
    match name {
        "add" => "+",
        "sub" => "-",
        "mul" => "*",
        "div" => "/",
        "mod" => "%",
        "exp" => "^",
        "and" => "&&",
        "or" => "||",
        "not" => "!",
        "equals" => "==",
        "greater" => ">",
        "greaterOrEquals" => ">=",
        "less" => "<",
        "lessOrEquals" => "<=",
        other => other,
    }
}

/// Calls the function `name`.
pub(crate) fn call(
    ev: &mut Evaluator<'_, '_>,
    name: &str,
    args: &[Expr],
    subst: bool,
) -> EvalResult {
    match spec(name) {
        Some(spec) => (spec.eval)(ev, args, subst),
        None => Err(EvalError::UnknownFunction(name.to_owned())),
    }
}

/// The `i`-th evaluated argument, `None` when absent or undefined.
pub(crate) fn arg(args: &[Option<Value>], i: usize) -> Option<&Value> {
    args.get(i).and_then(Option::as_ref)
}

/// The `i`-th argument as a string, if it is one.
pub(crate) fn str_arg(args: &[Option<Value>], i: usize) -> Option<&str> {
    arg(args, i).and_then(Value::as_str)
}

/// The `i`-th argument as a number, if it is one.
pub(crate) fn num_arg(args: &[Option<Value>], i: usize) -> Option<f64> {
    js::num_of(arg(args, i))
}

/// Upstream `parseStringOrUndefined` after `verifyStringOrNull`: strings pass,
/// undefined becomes `""`, anything else is an error naming the argument.
pub(crate) fn string_or_undefined(
    args: &[Option<Value>],
    i: usize,
    exprs: &[Expr],
) -> Result<String, EvalError> {
    match args.get(i) {
        None | Some(None) => Ok(String::new()),
        Some(Some(Value::String(s))) => Ok(s.clone()),
        Some(Some(_)) => Err(EvalError::Soft(format!(
            "{} is neither a string nor a null object.",
            exprs.get(i).map_or_else(String::new, ToString::to_string)
        ))),
    }
}

/// The optional trailing locale argument (`determineLocale`): only taken when it is the
/// `max`-th argument and a string.
pub(crate) fn locale_arg(args: &[Option<Value>], max: usize) -> Option<&str> {
    if args.len() == max {
        str_arg(args, max - 1)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique() {
        let mut names = all_names();
        let total = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), total);
    }
}
