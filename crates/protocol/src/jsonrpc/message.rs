//! The four JSON-RPC message shapes, their parser and their JSON form.

use std::borrow::Cow;
use std::str::FromStr;

use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value, json};

use super::{JsonRpcError, RequestId};
use crate::ProtocolError;
use crate::schema::object_schema;

/// The value of the `jsonrpc` member of every message.
pub const JSONRPC_VERSION: &str = "2.0";

/// A request: expects exactly one response carrying the same id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsonRpcRequest {
    /// Correlates the response.
    pub id: RequestId,
    /// The method name; any string, known to this crate or not.
    pub method: String,
    /// The params (an object in MCP), absent when the sender sent none.
    pub params: Option<Value>,
}

/// A notification: no id, no response.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsonRpcNotification {
    /// The method name; any string, known to this crate or not.
    pub method: String,
    /// The params (an object in MCP), absent when the sender sent none.
    pub params: Option<Value>,
}

/// A success response.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsonRpcResponse {
    /// The id of the request this answers.
    pub id: RequestId,
    /// The result, untyped; the caller knows which request it answers (see
    /// [`JsonRpcResponse::extract_result`]).
    pub result: Value,
}

/// An error response.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsonRpcErrorResponse {
    /// The id of the request this answers; `None` (written as `null`) when the request could not
    /// be read far enough to know it, as JSON-RPC prescribes for parse errors.
    pub id: Option<RequestId>,
    /// What went wrong.
    pub error: JsonRpcError,
}

/// Any JSON-RPC 2.0 message.
///
/// Parsing checks the envelope only (version, id, member combinations); the method and params
/// stay untyped, so a method this crate does not know is a value the host can answer with
/// `-32601`, not a parse failure. Typed access goes through the markers in [`crate::messages`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Message {
    /// A request.
    Request(JsonRpcRequest),
    /// A notification.
    Notification(JsonRpcNotification),
    /// A success response.
    Response(JsonRpcResponse),
    /// An error response.
    Error(JsonRpcErrorResponse),
}

/// How the `id` member was present, before the kind of message is known.
enum IdMember {
    Absent,
    Null,
    Present(RequestId),
}

/// The JSON type of a value (`string`, `array`, …), for messages.
pub(crate) const fn json_kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

impl Message {
    /// Reads a message from a JSON value (what a `postMessage` structured clone yields).
    ///
    /// Unknown top-level members are ignored. `"params": null` is read as absent params, and an
    /// error response without an `id` member as one with `"id": null`; everything else that
    /// JSON-RPC 2.0 forbids is an error.
    pub fn from_value(value: Value) -> Result<Self, ProtocolError> {
        let mut object = match value {
            Value::Object(object) => object,
            Value::Array(_) => return Err(ProtocolError::Batch),
            other => {
                return Err(ProtocolError::NotAnObject {
                    found: json_kind(&other),
                });
            }
        };
        match object.remove("jsonrpc") {
            Some(Value::String(version)) if version == JSONRPC_VERSION => {}
            other => {
                return Err(ProtocolError::InvalidVersion {
                    found: other.map(|value| value.to_string()),
                });
            }
        }
        let id = match object.remove("id") {
            None => IdMember::Absent,
            Some(Value::Null) => IdMember::Null,
            Some(id) => IdMember::Present(RequestId::from_value(&id)?),
        };
        let method = object.remove("method");
        let result = object.remove("result");
        let error = object.remove("error");
        match (method, result, error) {
            (Some(method), None, None) => {
                let method = match method {
                    Value::String(method) => method,
                    other => {
                        return Err(ProtocolError::InvalidMethod {
                            found: other.to_string(),
                        });
                    }
                };
                let params = match object.remove("params") {
                    None | Some(Value::Null) => None,
                    Some(params @ (Value::Object(_) | Value::Array(_))) => Some(params),
                    Some(other) => {
                        return Err(ProtocolError::InvalidParamsType {
                            found: json_kind(&other),
                        });
                    }
                };
                match id {
                    IdMember::Absent => {
                        Ok(Self::Notification(JsonRpcNotification { method, params }))
                    }
                    IdMember::Null => Err(ProtocolError::NullRequestId),
                    IdMember::Present(id) => {
                        Ok(Self::Request(JsonRpcRequest { id, method, params }))
                    }
                }
            }
            (Some(_), _, _) => Err(ProtocolError::MethodAndResponse),
            (None, Some(_), Some(_)) => Err(ProtocolError::ResultAndError),
            (None, Some(result), None) => match id {
                IdMember::Present(id) => Ok(Self::Response(JsonRpcResponse { id, result })),
                IdMember::Absent | IdMember::Null => Err(ProtocolError::MissingResponseId),
            },
            (None, None, Some(error)) => {
                let error = serde_json::from_value(error)
                    .map_err(|source| ProtocolError::InvalidErrorObject { source })?;
                let id = match id {
                    IdMember::Present(id) => Some(id),
                    IdMember::Absent | IdMember::Null => None,
                };
                Ok(Self::Error(JsonRpcErrorResponse { id, error }))
            }
            (None, None, None) => Err(ProtocolError::NotAMessage),
        }
    }

    /// Reads a message from JSON text.
    pub fn parse(text: &str) -> Result<Self, ProtocolError> {
        Self::from_value(serde_json::from_str(text)?)
    }

    /// The message as a JSON value, with `"jsonrpc": "2.0"`.
    #[must_use]
    pub fn to_value(&self) -> Value {
        match self {
            Self::Request(request) => request.to_value(),
            Self::Notification(notification) => notification.to_value(),
            Self::Response(response) => response.to_value(),
            Self::Error(error) => error.to_value(),
        }
    }

    /// The method of a request or notification.
    #[must_use]
    pub fn method(&self) -> Option<&str> {
        match self {
            Self::Request(request) => Some(&request.method),
            Self::Notification(notification) => Some(&notification.method),
            Self::Response(_) | Self::Error(_) => None,
        }
    }

    /// The id of a request or response (`None` for notifications and id-less error responses).
    #[must_use]
    pub fn id(&self) -> Option<&RequestId> {
        match self {
            Self::Request(request) => Some(&request.id),
            Self::Response(response) => Some(&response.id),
            Self::Error(error) => error.id.as_ref(),
            Self::Notification(_) => None,
        }
    }
}

fn envelope(capacity: usize) -> Map<String, Value> {
    let mut object = Map::with_capacity(capacity);
    object.insert("jsonrpc".to_owned(), Value::from(JSONRPC_VERSION));
    object
}

/// A call's object: the envelope, the id of a request (a notification has none), the method
/// and the params when there are some.
fn call_value(id: Option<&RequestId>, method: &str, params: Option<&Value>) -> Value {
    let mut object = envelope(4);
    if let Some(id) = id {
        object.insert("id".to_owned(), id.to_value());
    }
    object.insert("method".to_owned(), Value::from(method));
    if let Some(params) = params {
        object.insert("params".to_owned(), params.clone());
    }
    Value::Object(object)
}

impl JsonRpcRequest {
    /// The request as a JSON value.
    #[must_use]
    pub fn to_value(&self) -> Value {
        call_value(Some(&self.id), &self.method, self.params.as_ref())
    }
}

impl JsonRpcNotification {
    /// The notification as a JSON value.
    #[must_use]
    pub fn to_value(&self) -> Value {
        call_value(None, &self.method, self.params.as_ref())
    }
}

impl JsonRpcResponse {
    /// The response as a JSON value.
    #[must_use]
    pub fn to_value(&self) -> Value {
        let mut object = envelope(3);
        object.insert("id".to_owned(), self.id.to_value());
        object.insert("result".to_owned(), self.result.clone());
        Value::Object(object)
    }
}

impl JsonRpcErrorResponse {
    /// The error response as a JSON value (`"id": null` when the id is unknown).
    #[must_use]
    pub fn to_value(&self) -> Value {
        let mut object = envelope(3);
        object.insert(
            "id".to_owned(),
            self.id.as_ref().map_or(Value::Null, RequestId::to_value),
        );
        let mut error = Map::with_capacity(3);
        error.insert("code".to_owned(), Value::from(self.error.code));
        error.insert(
            "message".to_owned(),
            Value::from(self.error.message.as_str()),
        );
        if let Some(data) = &self.error.data {
            error.insert("data".to_owned(), data.clone());
        }
        object.insert("error".to_owned(), Value::Object(error));
        Value::Object(object)
    }
}

impl FromStr for Message {
    type Err = ProtocolError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Self::parse(text)
    }
}

impl TryFrom<Value> for Message {
    type Error = ProtocolError;

    fn try_from(value: Value) -> Result<Self, ProtocolError> {
        Self::from_value(value)
    }
}

/// What each envelope type has as the `$variant` of [`Message`]: the conversion into it, and
/// serde support, where writing goes through `to_value`, reading through [`Message::from_value`]
/// (so both share one set of rules), and the schemas are written by hand because the shapes are
/// not derivable.
macro_rules! envelope_impls {
    ($ty:ty, $variant:ident, $expected:literal, $schema:ident) => {
        impl From<$ty> for Message {
            fn from(message: $ty) -> Self {
                Self::$variant(message)
            }
        }

        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                self.to_value().serialize(serializer)
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                match Message::from_value(Value::deserialize(deserializer)?) {
                    Ok(Message::$variant(message)) => Ok(message),
                    Ok(_) => Err(serde::de::Error::custom(concat!("expected ", $expected))),
                    Err(error) => Err(serde::de::Error::custom(error)),
                }
            }
        }

        impl JsonSchema for $ty {
            fn schema_name() -> Cow<'static, str> {
                Cow::Borrowed(stringify!($ty))
            }

            fn json_schema(generator: &mut SchemaGenerator) -> Schema {
                $schema(generator)
            }
        }
    };
}

envelope_impls!(
    JsonRpcRequest,
    Request,
    "a JSON-RPC request",
    request_schema
);
envelope_impls!(
    JsonRpcNotification,
    Notification,
    "a JSON-RPC notification",
    notification_schema
);
envelope_impls!(
    JsonRpcResponse,
    Response,
    "a JSON-RPC success response",
    response_schema
);
envelope_impls!(
    JsonRpcErrorResponse,
    Error,
    "a JSON-RPC error response",
    error_response_schema
);

impl Serialize for Message {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_value().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Message {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Self::from_value(Value::deserialize(deserializer)?).map_err(serde::de::Error::custom)
    }
}

impl JsonSchema for Message {
    fn schema_name() -> Cow<'static, str> {
        Cow::Borrowed("JsonRpcMessage")
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        object_schema(json!({
            "description": "Any JSON-RPC 2.0 message exchanged between a view and its host.",
            "anyOf": [
                generator.subschema_for::<JsonRpcRequest>(),
                generator.subschema_for::<JsonRpcNotification>(),
                generator.subschema_for::<JsonRpcResponse>(),
                generator.subschema_for::<JsonRpcErrorResponse>(),
            ],
        }))
    }
}

/// The schema of one envelope shape: an object with `jsonrpc` and the shape's own `members`,
/// of which `required` must be present (as must `jsonrpc`).
fn envelope_schema(description: &str, members: Value, required: &[&str]) -> Value {
    let mut properties = Map::new();
    properties.insert("jsonrpc".to_owned(), json!({ "const": JSONRPC_VERSION }));
    if let Value::Object(members) = members {
        properties.extend(members);
    }
    let required: Vec<&str> = ["jsonrpc"]
        .into_iter()
        .chain(required.iter().copied())
        .collect();
    json!({
        "description": description,
        "type": "object",
        "properties": properties,
        "required": required,
    })
}

fn params_schema() -> Value {
    json!({ "type": ["object", "array"], "description": "Method-specific params; MCP uses objects." })
}

fn request_schema(generator: &mut SchemaGenerator) -> Schema {
    object_schema(envelope_schema(
        "A request: expects exactly one response carrying the same id.",
        json!({
            "id": generator.subschema_for::<RequestId>(),
            "method": { "type": "string" },
            "params": params_schema(),
        }),
        &["id", "method"],
    ))
}

fn notification_schema(_: &mut SchemaGenerator) -> Schema {
    let mut schema = envelope_schema(
        "A notification: no id, no response.",
        json!({
            "method": { "type": "string" },
            "params": params_schema(),
        }),
        &["method"],
    );
    if let Value::Object(schema) = &mut schema {
        schema.insert("not".to_owned(), json!({ "required": ["id"] }));
    }
    object_schema(schema)
}

fn response_schema(generator: &mut SchemaGenerator) -> Schema {
    object_schema(envelope_schema(
        "A success response.",
        json!({
            "id": generator.subschema_for::<RequestId>(),
            "result": true,
        }),
        &["id", "result"],
    ))
}

fn error_response_schema(generator: &mut SchemaGenerator) -> Schema {
    object_schema(envelope_schema(
        "An error response; the id is null when the request could not be read.",
        json!({
            "id": { "anyOf": [generator.subschema_for::<RequestId>(), { "type": "null" }] },
            "error": generator.subschema_for::<JsonRpcError>(),
        }),
        &["error"],
    ))
}
