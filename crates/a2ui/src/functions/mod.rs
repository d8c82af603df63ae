//! The catalogs' functions: the basic catalog's 14 (`required`, `regex`, `length`,
//! `numeric`, `email`, `formatString`, `formatNumber`, `formatCurrency`, `formatDate`,
//! `pluralize`, `openUrl`, `and`, `or`, `not`) and the minimal catalog's `capitalize`.
//! Formatting follows the `en-US` locale and UTC, as a renderer with no other setting would.

mod date;
mod format_string;
mod number;
mod validate;

use serde_json::Value;

use crate::coerce;
use crate::dynamic::FunctionCall;
use crate::error::A2uiError;
use crate::resolve::Context;
use crate::url_check::check_url;

pub use date::format_date;
pub use format_string::{Expr, Part, parse_template};
pub use number::{format_currency, format_number};
pub(crate) use validate::cached_regex;
pub use validate::compile_regex;

/// A call's arguments, resolved on demand (so `and` and `or` can stop early).
pub(crate) struct Args<'c, 'a> {
    ctx: &'c Context<'a>,
    call: &'c FunctionCall,
    depth: usize,
    /// Whether the arguments are values already (from a `formatString` expression), not
    /// dynamic values to resolve.
    resolved: bool,
}

impl Args<'_, '_> {
    /// The argument as written, if given.
    fn raw(&self, name: &str) -> Option<&Value> {
        self.call.args.get(name)
    }

    /// The argument resolved (`null` when not given).
    fn get(&self, name: &str) -> Result<Value, A2uiError> {
        match self.raw(name) {
            Some(value) => self.item(value),
            None => Ok(Value::Null),
        }
    }

    /// A value taken from the arguments, resolved unless it is one already.
    fn item(&self, value: &Value) -> Result<Value, A2uiError> {
        if self.resolved {
            Ok(value.clone())
        } else {
            self.ctx.resolve_at(value, self.depth)
        }
    }

    /// The argument resolved, or `None` when not given or `null`.
    fn opt(&self, name: &str) -> Result<Option<Value>, A2uiError> {
        self.get(name).map(|v| (!v.is_null()).then_some(v))
    }

    fn text(&self, name: &str) -> Result<String, A2uiError> {
        self.get(name).map(|v| coerce::to_text(&v))
    }

    fn invalid(&self, reason: impl Into<String>) -> A2uiError {
        A2uiError::InvalidArguments {
            function: self.call.call.clone(),
            reason: reason.into(),
        }
    }
}

/// Runs a function of the catalog (the caller has checked the catalog defines it).
pub(crate) fn call(
    ctx: &Context<'_>,
    call: &FunctionCall,
    depth: usize,
    resolved: bool,
) -> Result<Value, A2uiError> {
    let args = Args {
        ctx,
        call,
        depth,
        resolved,
    };
    match call.call.as_str() {
        "required" => validate::required(&args),
        "regex" => validate::regex(&args),
        "length" => validate::length(&args),
        "numeric" => validate::numeric(&args),
        "email" => validate::email(&args),
        "formatString" => format_string::format_string(&args),
        "formatNumber" => number::format_number_call(&args),
        "formatCurrency" => number::format_currency_call(&args),
        "formatDate" => date::format_date_call(&args),
        "pluralize" => pluralize(&args),
        "openUrl" => {
            // Evaluating it only checks the URL: opening is the renderer's, on an action.
            check_url(&args.text("url")?)?;
            Ok(Value::Null)
        }
        "and" => logic(&args, true),
        "or" => logic(&args, false),
        "not" => Ok(Value::Bool(!coerce::to_bool(&args.get("value")?))),
        "capitalize" => Ok(Value::String(capitalize(&args.text("value")?))),
        other => Err(A2uiError::UnknownFunction(other.to_owned())),
    }
}

/// `and` (`all == true`) or `or`: stops at the first value that decides.
fn logic(args: &Args<'_, '_>, all: bool) -> Result<Value, A2uiError> {
    let Some(Value::Array(values)) = args.raw("values") else {
        return Err(args.invalid("`values` must be a list"));
    };
    for value in values {
        if coerce::to_bool(&args.item(value)?) != all {
            return Ok(Value::Bool(!all));
        }
    }
    Ok(Value::Bool(all))
}

/// `pluralize` with the English (CLDR `en`) rule: `one` for 1 and -1, `other` for every
/// other count. Like `Intl.PluralRules("en")`, English never selects `zero`, `two`, `few`
/// or `many`; a missing category falls back to `other`.
fn pluralize(args: &Args<'_, '_>) -> Result<Value, A2uiError> {
    let count = coerce::to_number(&args.get("value")?);
    // Exactly one (CLDR `en`: integer 1, no visible fraction): 1.0 is one, 1.5 is not.
    let category = if (count.abs() - 1.0).abs() < f64::EPSILON {
        "one"
    } else {
        "other"
    };
    let chosen = match args.opt(category)? {
        Some(text) => text,
        None => args.get("other")?,
    };
    Ok(Value::String(coerce::to_text(&chosen)))
}

/// The first letter upper-cased, the rest as they are.
fn capitalize(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests;
