//! Why an A2UI stream was not built.

use mcpapp_a2ui::Diagnostic;

use crate::signing::SignError;

/// Why [`crate::a2ui::SurfaceBuilder`] (or [`crate::a2ui::Updates`]) produced no messages: a
/// server never sends a stream the official schema or the protocol's rules refuse.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum A2uiBuildError {
    /// The stream breaks the schema or the protocol (each finding with its code and pointer).
    #[error("the A2UI stream is invalid: {}", list(.0))]
    Invalid(Vec<Diagnostic>),
    /// Two components have the same id.
    #[error("two components have the id `{0}`")]
    DuplicateId(String),
    /// An event's context key is reserved (`mcp_…`) or used twice.
    #[error("the event of `{component}` uses the context key `{key}`, reserved or used twice")]
    BadContextKey {
        /// The component.
        component: String,
        /// The key.
        key: String,
    },
    /// A fixed context value the protocol cannot carry as a literal (an object or `null`).
    #[error(
        "the event of `{component}` fixes `{key}` to an object or null; fix a string, number, boolean or array"
    )]
    BadFixedValue {
        /// The component.
        component: String,
        /// The key.
        key: String,
    },
    /// A template item lacks a value its event signs.
    #[error("the item has no value at `{path}` for the event's `{key}`")]
    MissingItemValue {
        /// The context key.
        key: String,
        /// The item path.
        path: String,
    },
    /// An event could not be signed.
    #[error(transparent)]
    Sign(#[from] SignError),
}

fn list(diagnostics: &[Diagnostic]) -> String {
    diagnostics
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}
