//! Adaptive Cards templating over `serde_json::Value`.
//!
//! An MCP tool can return a card *template* (a `ui://` resource) plus data; this crate
//! fills the template the way the official JavaScript engine
//! (`adaptivecards-templating` 2.3 with `adaptive-expressions` 4.23) does:
//!
//! - `"${expr}"` — a string that is exactly one expression keeps the expression's JSON
//!   type (number, boolean, object, array); text around expressions makes a string.
//!   An undefined path is left in place as `${path}` (and reported as a [`Warning`]).
//! - `"$data"` rebinds the data context of an object; when it evaluates to an array the
//!   object is repeated once per item, and inside an array the repeats are spliced into
//!   the parent. `$index` is the position in that repetition.
//! - `$root` is the root data, `$host` the optional host data ([`ExpandOptions::host`]).
//! - `"$when"` drops the object unless it evaluates to `true`.
//! - `\${` in a template string is a literal `${`.
//!
//! ```
//! use serde_json::json;
//!
//! let template = json!({
//!     "type": "AdaptiveCard",
//!     "body": [
//!         {"type": "TextBlock", "$data": "${items}", "text": "${$index + 1}. ${name}"},
//!         {"type": "TextBlock", "$when": "${count(items) > 2}", "text": "and more"},
//!         {"type": "FactSet", "facts": [
//!             {"title": "Total", "value": "${formatNumber(sum(select(items, x, x.price)), 2)}"}
//!         ]}
//!     ]
//! });
//! let data = json!({"items": [{"name": "a", "price": 1.5}, {"name": "b", "price": 2}]});
//! let card = mcpapp_template::expand(&template, &data).unwrap();
//! assert_eq!(card["body"][1]["text"], "2. b"); // one TextBlock per item
//! assert_eq!(card["body"].as_array().unwrap().len(), 3); // "and more" dropped by `$when`
//! assert_eq!(card["body"][2]["facts"][0]["value"], "3.50");
//! ```
//!
//! Expressions use the Adaptive Expressions language: paths (`a.b[0].c`, `a['k']`,
//! case-insensitive property names), literals (`'text'`, `"text"`, numbers, `true`,
//! `false`, `null`, `[1, 2]`, `{a: 1}`), operators (`+ - * / % ^`, `== != < <= > >=`,
//! `&& || !`, `&` to concatenate, `??`, `c ? a : b`), lambdas (`x => x.price`) and
//! function calls.
//!
//! # Supported functions
//!
//! - **Logic and comparison**: `if`, `and`, `or`, `not`, `equals`, `greater`,
//!   `greaterOrEquals`, `less`, `lessOrEquals`, `exists`, `empty`, `coalesce`, `bool`,
//!   `isString`, `isInteger`, `isFloat`, `isArray`, `isObject`, `isBoolean`, `isDateTime`.
//! - **Math**: `add`, `sub`, `mul`, `div`, `mod`, `exp`, `min`, `max`, `sum`, `average`,
//!   `round`, `floor`, `ceiling`, `abs`, `sqrt`, `range`.
//! - **Conversion**: `string`, `int`, `float`, `json`, `jsonStringify`, `formatNumber`,
//!   `uriComponent`.
//! - **String**: `concat`, `length`, `toLower`, `toUpper`, `trim`, `substring`, `replace`,
//!   `replaceIgnoreCase`, `split`, `join`, `indexOf`, `lastIndexOf`, `startsWith`,
//!   `endsWith`, `contains`, `countWord`, `addOrdinal`, `sentenceCase`, `titleCase`, `EOL`.
//! - **Collections**: `createArray`, `first`, `last`, `count`, `take`, `skip`, `subArray`,
//!   `union`, `intersection`, `unique`, `reverse`, `flatten`, `indicesAndValues`, `sortBy`,
//!   `sortByDescending`, `select`, `foreach`, `where`, `any`, `all`, `getProperty`,
//!   `setProperty`, `addProperty`, `removeProperty`, `merge`.
//! - **Dates** (UTC, English names, .NET-style format strings): `utcNow`,
//!   `formatDateTime`, `formatEpoch`, `formatTicks`, `addDays`, `addHours`, `addMinutes`,
//!   `addSeconds`, `addToTime`, `subtractFromTime`, `getPastTime`, `getFutureTime`,
//!   `startOfDay`, `startOfHour`, `startOfMonth`, `dayOfWeek`, `dayOfMonth`, `dayOfYear`,
//!   `month`, `year`, `ticks`, `dateTimeDiff`.
//!
//! Calling any other function is a [`TemplateError::UnknownFunction`] (inside
//! interpolated text the expression is left as `${...}` instead, like upstream).
//!
//! # Differences from the official engine
//!
//! - `null` or undefined inside text (`"a ${x}"` with `x: null`) prints nothing; the
//!   official engine throws a JavaScript `TypeError` and fails the card.
//! - A backquote in a string that also holds `${...}` is plain text here; the official
//!   engine fails to parse such a template.
//! - Dates are always UTC with English names; the official engine reads timestamps
//!   without an offset in the host's time zone. Non-finite numbers (`min([])`) are `null`.
//! - Only argument counts are checked before expansion; upstream also rejects some
//!   statically mistyped calls (`formatDateTime(5)`) up front. Such calls fail when
//!   evaluated instead (left as `${...}` inside text).
//! - Object keys follow `serde_json`'s map order (sorted unless its `preserve_order`
//!   feature is on), which shows in `string(obj)`, `jsonStringify` and iteration over
//!   objects. Data is never mutated (upstream's `setProperty` edits the data in place).
//! - `replaceIgnoreCase` matches its pattern literally, not as a regular expression;
//!   `addToTime` rejects unknown units; property lookup prefers an exact key over a
//!   case-insensitive one; integers beyond 2^53 in the data stay exact.
//!
//! # Safety against hostile templates
//!
//! Expansion is a pure function from values to a value: no I/O, no panics, no
//! unbounded recursion. [`Limits`] caps nesting depth, output size, `$data`
//! repetitions and evaluation work; exceeding one returns
//! [`TemplateError::LimitExceeded`].

mod ast;
mod budget;
pub mod datetime;
mod error;
mod eval;
mod expand;
mod functions;
mod interpolation;
mod js;
mod lexer;
mod memory;
mod numfmt;
mod options;
mod parser;
mod prepare;

use std::time::{SystemTime, UNIX_EPOCH};

use serde_json::Value;

pub use error::{LimitKind, TemplateError};
pub use options::{ExpandOptions, Expansion, Limits, MAX_WARNINGS, Warning};

use budget::Budget;
use expand::Walker;
use prepare::Node;

/// A parsed template, ready to be expanded with different data.
#[derive(Debug, Clone, PartialEq)]
pub struct Template {
    root: Node,
}

impl Template {
    /// Parses every `${...}` in `template` with the default [`Limits`].
    pub fn parse(template: &Value) -> Result<Self, TemplateError> {
        Self::parse_with_limits(template, &Limits::default())
    }

    /// Parses every `${...}` in `template`, enforcing `limits.max_depth` on the template
    /// and on each expression.
    pub fn parse_with_limits(template: &Value, limits: &Limits) -> Result<Self, TemplateError> {
        Ok(Self {
            root: prepare::prepare(template, limits.max_depth)?,
        })
    }

    /// Expands the template with `data` as `$root`, with default options.
    pub fn expand(&self, data: &Value) -> Result<Value, TemplateError> {
        self.expand_with(data, &ExpandOptions::default())
            .map(|e| e.value)
    }

    /// Expands the template with `data` as `$root`.
    pub fn expand_with(
        &self,
        data: &Value,
        options: &ExpandOptions<'_>,
    ) -> Result<Expansion, TemplateError> {
        let mut walker = Walker::new(
            Budget::new(options.limits),
            data,
            options.host,
            now_ms(options.now),
        );
        let value = walker.run(&self.root)?;
        Ok(Expansion {
            value,
            warnings: walker.warnings,
        })
    }
}

/// Milliseconds since the Unix epoch of `now` (or of the system clock).
fn now_ms(now: Option<SystemTime>) -> i64 {
    let now = now.unwrap_or_else(SystemTime::now);
    match now.duration_since(UNIX_EPOCH) {
        Ok(after) => i64::try_from(after.as_millis()).unwrap_or(i64::MAX),
        Err(before) => i64::try_from(before.duration().as_millis()).map_or(i64::MIN, |ms| -ms),
    }
}

/// Expands `template` with `data` as `$root`, using default options.
///
/// Equivalent to the official `new Template(template).expand({ $root: data })`.
pub fn expand(template: &Value, data: &Value) -> Result<Value, TemplateError> {
    Template::parse(template)?.expand(data)
}

/// Expands `template` with `data` as `$root`, returning the warnings too.
pub fn expand_with(
    template: &Value,
    data: &Value,
    options: &ExpandOptions<'_>,
) -> Result<Expansion, TemplateError> {
    Template::parse_with_limits(template, &options.limits)?.expand_with(data, options)
}
