//! Why a card or a signer could not be made ([`SignError`]), and why an action was refused
//! ([`Rejection`], with its JSON-RPC error).

use mcpapp_card::Diagnostic;
use mcpapp_protocol::JsonRpcError;
use serde_json::json;

use super::MIN_SECRET_LEN;

/// Why a card or a signer could not be made.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SignError {
    /// [`Signer::new`](super::Signer::new) was given no key.
    #[error("a signer needs at least one key")]
    NoKeys,
    /// A secret is shorter than [`MIN_SECRET_LEN`].
    #[error("the secret of key `{0}` is shorter than {MIN_SECRET_LEN} bytes")]
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
    Invalid(Vec<Diagnostic>),
    /// Fixed data holds an integer no double can hold exactly (beyond ±2^53): a client in
    /// JavaScript would send back another number, and the action could never verify.
    #[error(
        "the fixed data at `{0}` holds an integer beyond ±2^53, which clients cannot keep exactly; send it as a string"
    )]
    UnsafeNumber(String),
}

/// Why an action was refused. Each variant is one specific reason, named on the wire by
/// [`Self::reason`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Rejection {
    /// The arguments carry no signature.
    #[error("the action is not signed")]
    MissingSignature,
    /// The signature does not match the data: the data was changed, or it was signed with
    /// another key, or the token is malformed.
    #[error("the action's signature does not match its data")]
    BadSignature,
    /// The signature is genuine but was issued for another tool.
    #[error("the action was signed for another tool")]
    WrongTool,
    /// The signature has expired.
    #[error("the action has expired")]
    Expired,
    /// This one-time action was already used.
    #[error("the action was already used")]
    Replayed,
    /// The action was issued to another session or user.
    #[error("the action was issued to someone else")]
    OtherSubject,
    /// The action was signed for another server (its audience).
    #[error("the action was signed for another server")]
    OtherAudience,
    /// The signing key is not (or no longer) known.
    #[error("the action was signed with an unknown key")]
    UnknownKey,
    /// An input sets a reserved `mcp_` key.
    #[error("an input uses the reserved name `{0}`")]
    ReservedInput(String),
    /// An argument is neither the action's signed data nor an input of the card it was
    /// signed in.
    #[error("the argument `{0}` is no input of the card the action was signed in")]
    UnexpectedInput(String),
}

impl Rejection {
    /// The reason as a stable kebab-case name (`"bad-signature"`, …).
    pub fn reason(&self) -> &'static str {
        match self {
            Self::MissingSignature => "missing-signature",
            Self::BadSignature => "bad-signature",
            Self::WrongTool => "wrong-tool",
            Self::Expired => "expired",
            Self::Replayed => "replayed",
            Self::OtherSubject => "other-subject",
            Self::OtherAudience => "other-audience",
            Self::UnknownKey => "unknown-key",
            Self::ReservedInput(_) => "reserved-input",
            Self::UnexpectedInput(_) => "unexpected-input",
        }
    }

    /// The JSON-RPC error to answer the `tools/call` with: invalid params (`-32602`), this
    /// message, and `data: {"reason": …}`.
    pub fn to_jsonrpc_error(&self) -> JsonRpcError {
        JsonRpcError::invalid_params(self.to_string()).with_data(json!({ "reason": self.reason() }))
    }
}
