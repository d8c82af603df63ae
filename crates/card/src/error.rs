//! The card crate's one error type.
//!
//! Problems of a card a card author wrote are never errors here: they are [`Diagnostic`]s,
//! all of them at once with their places. [`Error`] is for the calls that produce or read
//! something else: a card built in code, a form's or a question's answer, a requested
//! schema, a host config, a theme's name.

use crate::Diagnostic;

/// What went wrong.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// [`CardBuilder::build`](crate::CardBuilder::build): the built card breaks a rule of the
    /// card format; these are the error-severity findings of [`crate::check`].
    #[error("the built card is invalid: {}", summary(.0))]
    InvalidCard(Vec<Diagnostic>),
    /// [`CardBuilder`](crate::CardBuilder): the `data` of the action titled `action` is not a
    /// JSON object.
    #[error("the data of action `{action}` is not a JSON object")]
    DataNotAnObject {
        /// The action's title.
        action: String,
    },
    /// [`CardBuilder`](crate::CardBuilder): the `data` of the action titled `action` sets
    /// `key`, a reserved `mcp_` key (the tool name and the signature are set by the builder
    /// and the signer, never by hand).
    #[error("the data of action `{action}` sets the reserved key `{key}`")]
    ReservedKey {
        /// The action's title.
        action: String,
        /// The reserved key.
        key: String,
    },
    /// An answer's value does not fit its field: a form's
    /// ([`form_arguments`](crate::form::form_arguments)) or a server's question's
    /// ([`elicitation_content`](crate::elicitation::elicitation_content)).
    #[error("`{field}`: {message}")]
    Field {
        /// The property.
        field: String,
        /// What is wrong with its value.
        message: String,
    },
    /// A question's `requestedSchema` the form cannot express
    /// ([`elicitation_form`](crate::elicitation::elicitation_form)), and where.
    #[error("the requested schema cannot be shown as a form: {reason} (at {pointer})")]
    UnsupportedSchema {
        /// A JSON pointer into the requested schema.
        pointer: String,
        /// Why.
        reason: String,
    },
    /// A preset name that is not one of
    /// [`Preset::ALL`](crate::host_config::Preset::ALL).
    #[error("unknown theme `{0}`; the themes are light, dark and high-contrast")]
    UnknownPreset(String),
    /// A host config that is not JSON (or not UTF-8). Only the document as a whole fails: a
    /// bad value inside it is a [`HostConfigWarning`](crate::host_config::HostConfigWarning)
    /// and takes its default, so one typo never loses the rest of a theme.
    #[error("the host config is not JSON: {0}")]
    HostConfigNotJson(String),
    /// A host config whose JSON is not an object.
    #[error("the host config must be a JSON object, not {found}")]
    HostConfigNotAnObject {
        /// What it is instead: `"an array"`, `"a string"`, …
        found: &'static str,
    },
}

impl Error {
    /// The field an [`Error::Field`] is about.
    #[must_use]
    pub fn field(&self) -> Option<&str> {
        match self {
            Self::Field { field, .. } => Some(field),
            _ => None,
        }
    }
}

fn summary(diagnostics: &[Diagnostic]) -> String {
    diagnostics
        .iter()
        .map(|d| format!("{} at `{}`: {}", d.code, d.pointer, d.message))
        .collect::<Vec<_>>()
        .join("; ")
}
