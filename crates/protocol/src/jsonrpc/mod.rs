//! The JSON-RPC 2.0 envelope: untyped on purpose, with typed access through the markers.

mod error_object;
mod id;
mod message;
mod typed;

pub use error_object::JsonRpcError;
pub use id::{ProgressToken, RequestId};
pub(crate) use message::json_kind;
pub use message::{
    JSONRPC_VERSION, JsonRpcErrorResponse, JsonRpcNotification, JsonRpcRequest, JsonRpcResponse,
    Message,
};
