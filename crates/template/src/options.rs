//! Caller-facing knobs (host data, clock, limits) and the expansion result.

use std::time::SystemTime;

use serde_json::Value;

/// Caps on the work one expansion may do.
///
/// The defaults are far above what a real card needs (a card is a few hundred nodes)
/// and low enough that a hostile template fails fast instead of exhausting memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Maximum nesting of the template, of one expression, and of data values walked
    /// by functions such as `string()` or `==`.
    pub max_depth: usize,
    /// Maximum number of JSON nodes (objects, arrays, scalars) in the output.
    pub max_output_nodes: u64,
    /// Maximum total bytes of strings in the output; also caps any single computed string.
    pub max_output_bytes: u64,
    /// Maximum number of `$data` repetitions over the whole expansion (the product of
    /// nested repetitions counts, since inner ones run once per outer item).
    pub max_repetitions: u64,
    /// Maximum evaluation work: roughly one unit per expression node evaluated and per
    /// value node copied or produced by a function.
    pub max_work: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_depth: 100,
            max_output_nodes: 100_000,
            max_output_bytes: 4 * 1024 * 1024,
            max_repetitions: 20_000,
            max_work: 10_000_000,
        }
    }
}

/// Options for [`Template::expand_with`](crate::Template::expand_with).
#[derive(Debug, Clone, Default)]
pub struct ExpandOptions<'a> {
    /// Data reachable as `$host` (the official engine's host parameters); `None` leaves
    /// `$host` undefined.
    pub host: Option<&'a Value>,
    /// The instant `utcNow()`, `getPastTime()` and `getFutureTime()` see; `None` reads the
    /// system clock. Set it for deterministic output.
    pub now: Option<SystemTime>,
    /// Resource caps.
    pub limits: Limits,
}

/// Something the expansion did that the template author may not have intended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    /// JSON pointer of the template node concerned.
    pub pointer: String,
    /// Human-readable description, naming the expression involved.
    pub message: String,
}

/// The result of a successful expansion.
#[derive(Debug, Clone, PartialEq)]
pub struct Expansion {
    /// The expanded card (`null` when the root object was dropped by `$when`).
    pub value: Value,
    /// Unresolved paths left as `${path}`, expressions left unevaluated in text, and
    /// `$when` conditions that were not booleans. At most [`MAX_WARNINGS`] are kept.
    pub warnings: Vec<Warning>,
}

/// How many warnings one expansion keeps; later ones are dropped so that a template
/// repeating a broken binding thousands of times cannot grow the list without bound.
pub const MAX_WARNINGS: usize = 100;
