//! The host's messages, built from the protocol's marker types: the method name comes from the
//! marker and the params from its typed payload, so a misspelt method or a wrong shape does not
//! compile.

use mcpapp_protocol::{
    JsonRpcError, JsonRpcNotification, JsonRpcResponse, Message, Notification, Request, RequestId,
};
use serde_json::Value;

/// The notification of marker `N` with `params`, as JSON.
pub(crate) fn notify<N: Notification>(params: &N::Params) -> Value {
    // The protocol's payload types always serialize (string keys, no custom errors).
    Message::notification::<N>(params)
        .map(|m| m.to_value())
        .unwrap_or_default()
}

/// The notification of marker `N` carrying `params` as they came (a server's tool result is
/// passed to the view unchanged, members this crate does not know included).
pub(crate) fn notify_as_is<N: Notification>(params: Value) -> Value {
    Message::Notification(JsonRpcNotification::new(N::METHOD, Some(params))).to_value()
}

/// The request of marker `R` with id `id` and `params`, as JSON.
pub(crate) fn request<R: Request>(id: i64, params: &R::Params) -> Value {
    Message::request::<R>(id, params)
        .map(|m| m.to_value())
        .unwrap_or_default()
}

/// The answer to request `id`: its result, or the error.
pub(crate) fn reply(id: RequestId, reply: Result<Value, JsonRpcError>) -> Value {
    match reply {
        Ok(result) => Message::Response(JsonRpcResponse::new(id, result)).to_value(),
        Err(error) => Message::error(Some(id), error).to_value(),
    }
}

/// A typed result as the JSON of a reply.
pub(crate) fn result<T: serde::Serialize>(result: &T) -> Value {
    serde_json::to_value(result).unwrap_or_default()
}
