//! The error type returned when a template cannot be expanded.

use thiserror::Error;

/// Which resource limit a template ran into.
///
/// Templates come from untrusted MCP servers, so every kind of unbounded work has a
/// cap (see [`Limits`](crate::Limits)); hitting one aborts the whole expansion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LimitKind {
    /// Template, expression or data nesting deeper than [`Limits::max_depth`](crate::Limits::max_depth).
    Depth,
    /// More JSON nodes in the output than [`Limits::max_output_nodes`](crate::Limits::max_output_nodes).
    OutputNodes,
    /// More string bytes in the output (or in one computed string) than
    /// [`Limits::max_output_bytes`](crate::Limits::max_output_bytes).
    OutputBytes,
    /// More `$data` repetitions in total than [`Limits::max_repetitions`](crate::Limits::max_repetitions).
    Repetitions,
    /// More evaluation work than [`Limits::max_work`](crate::Limits::max_work).
    Work,
}

impl std::fmt::Display for LimitKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Depth => "nesting depth",
            Self::OutputNodes => "output node count",
            Self::OutputBytes => "output size in bytes",
            Self::Repetitions => "$data repetition count",
            Self::Work => "evaluation work",
        })
    }
}

/// Why a template could not be expanded.
///
/// Every variant names the JSON pointer of the template node being expanded
/// (`""` for the root) and, where one is involved, the text of the expression.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TemplateError {
    /// An `${...}` expression is not valid Adaptive Expressions syntax (or calls a
    /// built-in function with the wrong number of arguments). Like the official engine,
    /// this is detected for the whole template before anything is expanded.
    #[error("syntax error in expression `{expression}` at {pointer:?}: {message}")]
    Syntax {
        /// JSON pointer of the template string holding the expression.
        pointer: String,
        /// The expression text, without the surrounding `${` `}`.
        expression: String,
        /// What is wrong.
        message: String,
    },
    /// A string that is exactly one `${expr}` (or a `$data` binding) failed to evaluate.
    /// The official engine aborts the expansion in this case too; failures inside
    /// interpolated text are instead left in the output as `${expr}`.
    #[error("cannot evaluate `{expression}` at {pointer:?}: {message}")]
    Evaluation {
        /// JSON pointer of the template node.
        pointer: String,
        /// The expression text.
        expression: String,
        /// What went wrong.
        message: String,
    },
    /// An expression calls a function this crate does not know.
    #[error("unknown function `{name}` in `{expression}` at {pointer:?}")]
    UnknownFunction {
        /// JSON pointer of the template node.
        pointer: String,
        /// The expression text.
        expression: String,
        /// The function name as written.
        name: String,
    },
    /// The template needed more resources than the configured [`Limits`](crate::Limits) allow.
    #[error("template exceeds the {limit} limit ({max}) at {pointer:?}")]
    LimitExceeded {
        /// JSON pointer of the template node being expanded when the limit was hit.
        pointer: String,
        /// Which limit.
        limit: LimitKind,
        /// The configured maximum.
        max: u64,
    },
}

impl TemplateError {
    /// The JSON pointer of the template node the error is about.
    pub fn pointer(&self) -> &str {
        match self {
            Self::Syntax { pointer, .. }
            | Self::Evaluation { pointer, .. }
            | Self::UnknownFunction { pointer, .. }
            | Self::LimitExceeded { pointer, .. } => pointer,
        }
    }
}
