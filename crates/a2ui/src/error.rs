//! The crate's one error type.

/// Why something could not be done: a message unreadable as the protocol's, a malformed
/// JSON pointer, a function that cannot be evaluated, a bound crossed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum A2uiError {
    /// The JSON does not have the shape of the message it should be.
    #[error("not an A2UI message: {0}")]
    InvalidMessage(String),
    /// A JSON pointer that cannot be read.
    #[error("malformed JSON pointer `{pointer}`: {reason}")]
    InvalidPointer {
        /// The pointer as written.
        pointer: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// A write the data model cannot take (through a scalar, an index too far).
    #[error("cannot set `{pointer}`: {reason}")]
    CannotSet {
        /// The pointer written to.
        pointer: String,
        /// Why not.
        reason: String,
    },
    /// No surface has this id.
    #[error("no surface `{0}`")]
    UnknownSurface(String),
    /// No component of the surface has this id.
    #[error("no component `{0}`")]
    UnknownComponent(String),
    /// The component's property is not bound to a data path.
    #[error("`{component}.{property}` is not bound to a data path")]
    NotBound {
        /// The component's id.
        component: String,
        /// The property.
        property: String,
    },
    /// A function the catalog does not define.
    #[error("unknown function `{0}`")]
    UnknownFunction(String),
    /// A function's arguments are missing or of the wrong kind.
    #[error("`{function}`: {reason}")]
    InvalidArguments {
        /// The function.
        function: String,
        /// What is wrong.
        reason: String,
    },
    /// A regular expression that does not compile.
    #[error("invalid regular expression `{pattern}`: {reason}")]
    InvalidRegex {
        /// The pattern (cut if long).
        pattern: String,
        /// The compiler's words.
        reason: String,
    },
    /// A `formatString` template that cannot be read.
    #[error("invalid formatString template at byte {at}: {reason}")]
    InvalidFormat {
        /// Byte offset in the template.
        at: usize,
        /// What is wrong.
        reason: &'static str,
    },
    /// A URL that is not `https`, `http` or `mailto`, or cannot be read.
    #[error("refused URL `{url}`: {reason}")]
    UnsafeUrl {
        /// The URL (cut if long).
        url: String,
        /// Why.
        reason: String,
    },
    /// A bound of [`crate::Limits`] was crossed.
    #[error("limit exceeded: {0}")]
    Limit(String),
}
