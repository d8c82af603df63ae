//! Why the server refuses what a client sent: the wire error, apart from the crate's
//! [`Error`](crate::Error).

use mcpapp_protocol::JsonRpcError;
use serde_json::{Value, json};

use crate::FieldError;

/// Why what a client sent was refused: a signed action, its inputs, a call the client may
/// not make, an A2UI event. Each variant is one specific reason, named on the wire by
/// [`Self::reason`]; [`Self::to_jsonrpc_error`] is the answer to the `tools/call`.
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
    /// An argument the card has no input for: neither the action's signed data nor an input
    /// of the card it was signed in (a client making up fields).
    #[error("unexpected input `{0}`: the card has no such input")]
    UnexpectedInput(String),
    /// Inputs break the rules of the card the server sent, or of the handler's struct.
    #[error("{} input(s) are invalid: {}", .0.len(), .0.iter().map(|e| format!("{}: {}", e.field, e.message)).collect::<Vec<_>>().join("; "))]
    InvalidInput(Vec<FieldError>),
    /// The application says this user may not do this (the authorization hook).
    #[error("not allowed: {0}")]
    Forbidden(String),
    /// A tool call the client may not make: the tool is only for clients that show `needs`
    /// ([`ClientUi`](crate::ClientUi)).
    #[error("tool `{tool}` is only available to clients that show {needs}")]
    ClientCannotShow {
        /// The tool called.
        tool: String,
        /// What the client would need to show, for the message.
        needs: String,
    },
    /// An A2UI event's call does not read as the action it claims (its `_meta.a2ui.action`
    /// disagrees with its arguments, or is malformed).
    #[error("the call is not the A2UI action it claims: {0}")]
    BadAction(String),
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
            Self::InvalidInput(_) => "invalid-input",
            Self::Forbidden(_) => "forbidden",
            Self::ClientCannotShow { .. } => "client-cannot-show",
            Self::BadAction(_) => "bad-action",
        }
    }

    /// The JSON-RPC error to answer the `tools/call` with: invalid params (`-32602`), this
    /// message, and `data: {"reason": …}`; a refusal of inputs names them in `data.fields`.
    pub fn to_jsonrpc_error(&self) -> JsonRpcError {
        let mut data = json!({ "reason": self.reason() });
        let fields: Option<Vec<Value>> = match self {
            Self::InvalidInput(errors) => Some(
                errors
                    .iter()
                    .map(|e| json!({"field": e.field, "message": e.message}))
                    .collect(),
            ),
            Self::UnexpectedInput(field) => Some(vec![json!({ "field": field })]),
            Self::Forbidden(_) => Some(Vec::new()),
            _ => None,
        };
        if let (Some(fields), Some(data)) = (fields, data.as_object_mut()) {
            data.insert("fields".to_owned(), Value::Array(fields));
        }
        JsonRpcError::invalid_params(self.to_string()).with_data(data)
    }
}
