//! Typed access to the untyped envelope through the [`Request`] and [`Notification`] markers.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::{
    JsonRpcError, JsonRpcErrorResponse, JsonRpcNotification, JsonRpcRequest, JsonRpcResponse,
    Message, RequestId,
};
use crate::{Notification, ProtocolError, Request};

/// Deserializes params, reading absent params as `{}`.
///
/// JSON-RPC lets a sender omit params, and the SDKs do so for `ping` and `initialized`; an
/// empty object is what every params type with only optional fields expects.
fn params_from<T: DeserializeOwned>(
    method: &str,
    params: Option<&Value>,
) -> Result<T, ProtocolError> {
    let result = match params {
        Some(params) => T::deserialize(params),
        None => T::deserialize(Value::Object(Map::new())),
    };
    result.map_err(|source| ProtocolError::InvalidParams {
        method: method.to_owned(),
        source,
    })
}

fn to_json<T: Serialize>(method: &str, value: &T) -> Result<Value, ProtocolError> {
    serde_json::to_value(value).map_err(|source| ProtocolError::Serialize {
        method: method.to_owned(),
        source,
    })
}

/// The typed reading the two envelopes that carry a method share, for markers of `$marker`
/// ([`Request`] or [`Notification`]).
macro_rules! typed_params {
    ($envelope:ty, $marker:ident, $what:literal) => {
        impl $envelope {
            #[doc = concat!("Whether this ", $what, " is for the method of marker `M`.")]
            #[must_use]
            pub fn is<M: $marker>(&self) -> bool {
                self.method == M::METHOD
            }

            #[doc = concat!("The typed params if this ", $what, " is for the method of marker `M`.")]
            ///
            /// `Ok(None)` means "another method": dispatch code tries markers in turn. An error
            /// means the method matched but the params do not fit; answer a request with
            /// [`ProtocolError::to_jsonrpc_error`] (an invalid-params error).
            pub fn extract<M: $marker>(&self) -> Result<Option<M::Params>, ProtocolError> {
                if self.is::<M>() {
                    self.params_as().map(Some)
                } else {
                    Ok(None)
                }
            }

            /// The params read as any type, whatever the method (absent params read as `{}`).
            pub fn params_as<T: DeserializeOwned>(&self) -> Result<T, ProtocolError> {
                params_from(&self.method, self.params.as_ref())
            }
        }
    };
}

typed_params!(JsonRpcRequest, Request, "request");
typed_params!(JsonRpcNotification, Notification, "notification");

impl JsonRpcRequest {
    /// An untyped request.
    #[must_use]
    pub fn new(id: impl Into<RequestId>, method: impl Into<String>, params: Option<Value>) -> Self {
        Self {
            id: id.into(),
            method: method.into(),
            params,
        }
    }

    /// A request for the method of marker `R`, with typed params.
    pub fn typed<R: Request>(
        id: impl Into<RequestId>,
        params: &R::Params,
    ) -> Result<Self, ProtocolError> {
        Ok(Self::new(id, R::METHOD, Some(to_json(R::METHOD, params)?)))
    }

    /// The error response to this request, carrying its id.
    #[must_use]
    pub fn error_response(&self, error: JsonRpcError) -> JsonRpcErrorResponse {
        JsonRpcErrorResponse {
            id: Some(self.id.clone()),
            error,
        }
    }

    /// The `-32601` answer for a method the receiver does not handle.
    #[must_use]
    pub fn method_not_found(&self) -> JsonRpcErrorResponse {
        self.error_response(JsonRpcError::method_not_found(&self.method))
    }
}

impl JsonRpcNotification {
    /// An untyped notification.
    #[must_use]
    pub fn new(method: impl Into<String>, params: Option<Value>) -> Self {
        Self {
            method: method.into(),
            params,
        }
    }

    /// A notification for the method of marker `N`, with typed params.
    pub fn typed<N: Notification>(params: &N::Params) -> Result<Self, ProtocolError> {
        Ok(Self::new(N::METHOD, Some(to_json(N::METHOD, params)?)))
    }
}

impl JsonRpcResponse {
    /// An untyped success response.
    #[must_use]
    pub fn new(id: impl Into<RequestId>, result: Value) -> Self {
        Self {
            id: id.into(),
            result,
        }
    }

    /// A success response carrying the typed result of marker `R`.
    pub fn typed<R: Request>(
        id: impl Into<RequestId>,
        result: &R::Result,
    ) -> Result<Self, ProtocolError> {
        Ok(Self::new(id, to_json(R::METHOD, result)?))
    }

    /// The result read as the result type of marker `R`.
    ///
    /// A response does not name its method: the caller, who matched the id to the request it
    /// sent, says which marker applies.
    pub fn extract_result<R: Request>(&self) -> Result<R::Result, ProtocolError> {
        R::Result::deserialize(&self.result).map_err(|source| ProtocolError::InvalidResult {
            method: R::METHOD.to_owned(),
            source,
        })
    }
}

impl JsonRpcErrorResponse {
    /// An error response.
    #[must_use]
    pub fn new(id: Option<RequestId>, error: JsonRpcError) -> Self {
        Self { id, error }
    }
}

impl Message {
    /// A typed request for marker `R`.
    pub fn request<R: Request>(
        id: impl Into<RequestId>,
        params: &R::Params,
    ) -> Result<Self, ProtocolError> {
        JsonRpcRequest::typed::<R>(id, params).map(Self::Request)
    }

    /// A typed notification for marker `N`.
    pub fn notification<N: Notification>(params: &N::Params) -> Result<Self, ProtocolError> {
        JsonRpcNotification::typed::<N>(params).map(Self::Notification)
    }

    /// A typed success response for a request of marker `R`.
    pub fn response<R: Request>(
        id: impl Into<RequestId>,
        result: &R::Result,
    ) -> Result<Self, ProtocolError> {
        JsonRpcResponse::typed::<R>(id, result).map(Self::Response)
    }

    /// An error response.
    #[must_use]
    pub fn error(id: Option<RequestId>, error: JsonRpcError) -> Self {
        Self::Error(JsonRpcErrorResponse::new(id, error))
    }

    /// The id and typed params if this is a request for marker `R`; `Ok(None)` for any other
    /// message, an error when the method matched but the params do not fit.
    pub fn extract_request<R: Request>(
        &self,
    ) -> Result<Option<(RequestId, R::Params)>, ProtocolError> {
        match self {
            Self::Request(request) => Ok(request
                .extract::<R>()?
                .map(|params| (request.id.clone(), params))),
            Self::Notification(_) | Self::Response(_) | Self::Error(_) => Ok(None),
        }
    }

    /// The typed params if this is a notification for marker `N`; `Ok(None)` for any other
    /// message, an error when the method matched but the params do not fit.
    pub fn extract_notification<N: Notification>(
        &self,
    ) -> Result<Option<N::Params>, ProtocolError> {
        match self {
            Self::Notification(notification) => notification.extract::<N>(),
            Self::Request(_) | Self::Response(_) | Self::Error(_) => Ok(None),
        }
    }

    /// Whether this is a request for marker `R`.
    #[must_use]
    pub fn is_request<R: Request>(&self) -> bool {
        matches!(self, Self::Request(request) if request.is::<R>())
    }

    /// Whether this is a notification for marker `N`.
    #[must_use]
    pub fn is_notification<N: Notification>(&self) -> bool {
        matches!(self, Self::Notification(notification) if notification.is::<N>())
    }
}
