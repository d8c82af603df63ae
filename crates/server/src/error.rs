//! The server crate's one error type: what a server author's call could not build or sign.
//! What a client sent and the server refuses is a [`Rejection`](crate::Rejection), the wire
//! error apart.

/// What could not be built, declared or signed: a signer, a signed card, a view, an A2UI
/// stream. The message names what and where.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    // ---- Signing (see `crate::Signer`).
    /// [`Signer::new`](crate::Signer::new) was given no key.
    #[error("a signer needs at least one key")]
    NoKeys,
    /// A secret is shorter than [`MIN_SECRET_LEN`](crate::signing::MIN_SECRET_LEN).
    #[error("the secret of key `{0}` is shorter than {min} bytes", min = crate::signing::MIN_SECRET_LEN)]
    WeakKey(String),
    /// An action names no tool (no `mcp_tool_name`, and no verb for an `Action.Execute`).
    #[error("an action at `{0}` names no tool")]
    NoTool(String),
    /// An action's `data` is not a JSON object.
    #[error("the data of the action at `{0}` is not a JSON object")]
    DataNotAnObject(String),
    /// An action's data sets a reserved `mcp_` key other than `mcp_tool_name`.
    #[error("the data of the action at `{pointer}` sets the reserved key `{key}`")]
    ReservedKey {
        /// Where the action is, as a JSON pointer into the card.
        pointer: String,
        /// The key.
        key: String,
    },
    /// An input's id is reserved (`mcp_…`) or is also a fixed data key of an action, so the
    /// user's value would replace signed data.
    #[error("the input id `{0}` is reserved or collides with fixed action data")]
    InputCollision(String),
    /// The signed card did not read back as a valid card (a bug).
    #[error("the signed card is invalid")]
    InvalidCard(Vec<mcpapp_card::Diagnostic>),
    /// Fixed data holds an integer no double can hold exactly (beyond ±2^53): a client in
    /// JavaScript would send back another number, and the action could never verify.
    #[error(
        "the fixed data at `{0}` holds an integer beyond ±2^53, which clients cannot keep exactly; send it as a string"
    )]
    UnsafeNumber(String),

    /// [`BuildSigned::build_signed`](crate::BuildSigned::build_signed): the card itself is not
    /// valid, or the builder was misused.
    #[error(transparent)]
    Card(#[from] mcpapp_card::Error),

    // ---- Views (see `crate::UiResource`).
    /// The URI does not use the `ui://` scheme reserved for MCP Apps views.
    #[error("view URI `{0}` must start with `ui://`")]
    NotUiUri(String),
    /// An HTML view that is not an HTML document.
    #[error("view `{uri}` is not an HTML document: {reason}")]
    NotHtml {
        /// The view.
        uri: String,
        /// What is missing.
        reason: &'static str,
    },
    /// A card template that is not a card.
    #[error("view `{uri}` is not a card template: {reason}")]
    NotCard {
        /// The view.
        uri: String,
        /// What is wrong.
        reason: String,
    },
    /// A CSP entry that is not a plain origin (it could inject directives into the host's
    /// policy, and careful hosts drop it anyway).
    #[error("view `{uri}`: CSP entry `{entry}` is not an origin such as `https://api.example.com`")]
    BadCspEntry {
        /// The view.
        uri: String,
        /// The entry.
        entry: String,
    },
    /// A tool with an empty visibility list could be called by nobody.
    #[error("tool `{0}` is visible to nobody: give it `model`, `app` or both")]
    NoVisibility(String),

    // ---- A2UI streams (see `crate::a2ui`).
    /// [`SurfaceBuilder`](crate::a2ui::SurfaceBuilder) or [`Updates`](crate::a2ui::Updates):
    /// the stream breaks the schema or the protocol (each finding with its code and pointer).
    #[error("the A2UI stream is invalid: {}", list(.0))]
    InvalidA2ui(Vec<mcpapp_a2ui::Diagnostic>),
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
}

fn list(diagnostics: &[mcpapp_a2ui::Diagnostic]) -> String {
    diagnostics
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}
