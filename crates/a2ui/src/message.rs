//! The protocol's messages as Rust types: the four a server sends (`createSurface`,
//! `updateComponents`, `updateDataModel`, `deleteSurface`) and the two a client sends
//! (`action`, `error`). Reading is tolerant (unknown members are kept, in `extra`); writing
//! gives the envelope the spec writes, `{"version": "v0.9", "<kind>": {...}}`.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};

use crate::error::A2uiError;

/// The protocol version this crate speaks, as messages write it.
pub const VERSION: &str = "v0.9";

/// A message from a server (an agent) to a client.
#[derive(Debug, Clone, PartialEq)]
pub enum ServerMessage {
    /// Creates a surface.
    CreateSurface(CreateSurface),
    /// Adds or replaces components of a surface.
    UpdateComponents(UpdateComponents),
    /// Writes (or removes) part of a surface's data model.
    UpdateDataModel(UpdateDataModel),
    /// Removes a surface.
    DeleteSurface(DeleteSurface),
}

/// The message kinds' names, as keys of the envelope.
pub const SERVER_KINDS: [&str; 4] = [
    "createSurface",
    "updateComponents",
    "updateDataModel",
    "deleteSurface",
];

impl ServerMessage {
    /// Reads a message from its JSON: an object with exactly one of the four kinds' keys.
    /// The `version` is not checked here (the schema check does that).
    pub fn from_value(value: &Value) -> Result<Self, A2uiError> {
        Self::from_owned(value.clone())
    }

    /// [`Self::from_value`], taking the JSON (a large data model update is not copied).
    pub fn from_owned(value: Value) -> Result<Self, A2uiError> {
        let Value::Object(mut object) = value else {
            return Err(A2uiError::InvalidMessage(
                "a message is a JSON object".into(),
            ));
        };
        let mut kinds = SERVER_KINDS.iter().filter(|k| object.contains_key(**k));
        let (Some(kind), None) = (kinds.next(), kinds.next()) else {
            return Err(A2uiError::InvalidMessage(format!(
                "a message has exactly one of {}",
                SERVER_KINDS.join(", ")
            )));
        };
        let body = object.remove(*kind).unwrap_or(Value::Null);
        let bad = |e: serde_json::Error| A2uiError::InvalidMessage(format!("{kind}: {e}"));
        Ok(match *kind {
            "createSurface" => Self::CreateSurface(serde_json::from_value(body).map_err(bad)?),
            "updateComponents" => {
                Self::UpdateComponents(serde_json::from_value(body).map_err(bad)?)
            }
            "updateDataModel" => Self::UpdateDataModel(serde_json::from_value(body).map_err(bad)?),
            _ => Self::DeleteSurface(serde_json::from_value(body).map_err(bad)?),
        })
    }

    /// The surface the message is about.
    #[must_use]
    pub fn surface_id(&self) -> &str {
        match self {
            Self::CreateSurface(m) => &m.surface_id,
            Self::UpdateComponents(m) => &m.surface_id,
            Self::UpdateDataModel(m) => &m.surface_id,
            Self::DeleteSurface(m) => &m.surface_id,
        }
    }
}

/// Declares the envelope of one side's messages, `{"version": "v0.9", "<kind>": {...}}`: the
/// kind's key of each variant, and serde through the type's `from_value` (which reads exactly
/// one kind) and that key.
macro_rules! envelope {
    ($message:ident { $($variant:ident => $kind:literal,)+ }) => {
        impl $message {
            /// The envelope key of the message's kind (`"createSurface"`, `"action"`, …).
            #[must_use]
            pub fn kind(&self) -> &'static str {
                match self {
                    $(Self::$variant(_) => $kind,)+
                }
            }
        }

        impl<'de> Deserialize<'de> for $message {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let value = Value::deserialize(deserializer)?;
                Self::from_value(&value).map_err(serde::de::Error::custom)
            }
        }

        impl Serialize for $message {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                use serde::ser::SerializeMap;
                let mut map = serializer.serialize_map(Some(2))?;
                map.serialize_entry("version", VERSION)?;
                match self {
                    $(Self::$variant(body) => map.serialize_entry($kind, body)?,)+
                }
                map.end()
            }
        }
    };
}

envelope!(ServerMessage {
    CreateSurface => "createSurface",
    UpdateComponents => "updateComponents",
    UpdateDataModel => "updateDataModel",
    DeleteSurface => "deleteSurface",
});

/// Declares the body of one message kind as the spec writes it: members in camelCase, and after
/// the members listed, `extra`: the members the spec does not define, kept as sent.
macro_rules! message_body {
    (
        $(#[doc = $doc:literal])*
        pub struct $name:ident { $($members:tt)* }
    ) => {
        $(#[doc = $doc])*
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        #[serde(rename_all = "camelCase")]
        pub struct $name {
            $($members)*
            /// Members the spec does not define.
            #[serde(flatten)]
            pub extra: Map<String, Value>,
        }
    };
}

message_body! {
    /// `createSurface`.
    pub struct CreateSurface {
        /// The surface's id.
        pub surface_id: String,
        /// The catalog (components and functions) the surface uses.
        pub catalog_id: String,
        /// Theme parameters the catalog defines (`primaryColor`, `iconUrl`, `agentDisplayName`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub theme: Option<Map<String, Value>>,
        /// Whether the client sends the surface's data model with every message to the server.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub send_data_model: Option<bool>,
    }
}

message_body! {
    /// `updateComponents`.
    pub struct UpdateComponents {
        /// The surface's id.
        pub surface_id: String,
        /// The components, a flat list linked by id.
        pub components: Vec<Component>,
    }
}

/// One component as sent: its id, its type, and its properties (as the catalog defines
/// them; [`crate::catalog::BasicComponent`] gives the basic catalog's typed view).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Component {
    /// Its id, unique in the surface.
    pub id: String,
    /// Its type (`"Text"`, `"Column"`, …).
    pub component: String,
    /// Every other property.
    #[serde(flatten)]
    pub properties: Map<String, Value>,
}

message_body! {
    /// `updateDataModel`. `value: None` (absent) removes what is at `path`; `Some(Value::Null)`
    /// writes `null`.
    pub struct UpdateDataModel {
        /// The surface's id.
        pub surface_id: String,
        /// Where to write; absent or `/` is the whole model.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub path: Option<String>,
        /// What to write; absent removes.
        #[serde(
            default,
            deserialize_with = "present",
            skip_serializing_if = "Option::is_none"
        )]
        pub value: Option<Value>,
    }
}

/// A member that is present is `Some`, even when it is `null`.
fn present<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(deserializer).map(Some)
}

message_body! {
    /// `deleteSurface`.
    pub struct DeleteSurface {
        /// The surface's id.
        pub surface_id: String,
    }
}

/// A message from a client to the server.
#[derive(Debug, Clone, PartialEq)]
pub enum ClientMessage {
    /// A user's action.
    Action(ActionMessage),
    /// A client-side error.
    Error(ErrorMessage),
}

impl ClientMessage {
    /// Reads a client message from its JSON.
    pub fn from_value(value: &Value) -> Result<Self, A2uiError> {
        let object = value
            .as_object()
            .ok_or_else(|| A2uiError::InvalidMessage("a message is a JSON object".into()))?;
        let bad = |e: serde_json::Error| A2uiError::InvalidMessage(e.to_string());
        match (object.get("action"), object.get("error")) {
            (Some(action), None) => Ok(Self::Action(
                serde_json::from_value(action.clone()).map_err(bad)?,
            )),
            (None, Some(error)) => Ok(Self::Error(
                serde_json::from_value(error.clone()).map_err(bad)?,
            )),
            _ => Err(A2uiError::InvalidMessage(
                "a client message has exactly one of action, error".into(),
            )),
        }
    }
}

envelope!(ClientMessage {
    Action => "action",
    Error => "error",
});

message_body! {
    /// `action`: what the client sends when a component's server event fires.
    pub struct ActionMessage {
        /// The event's name.
        pub name: String,
        /// The surface it came from.
        pub surface_id: String,
        /// The component that fired it.
        pub source_component_id: String,
        /// When (ISO 8601).
        pub timestamp: String,
        /// The event's context, every binding resolved.
        pub context: Map<String, Value>,
    }
}

/// The `code` of a validation failure report.
pub const VALIDATION_FAILED: &str = "VALIDATION_FAILED";

message_body! {
    /// `error`: a client-side error reported to the server. A validation failure has `code`
    /// [`VALIDATION_FAILED`] and a `path`; a generic error may carry more members (in `extra`).
    pub struct ErrorMessage {
        /// `VALIDATION_FAILED` or another code.
        pub code: String,
        /// The surface it is about.
        pub surface_id: String,
        /// For a validation failure: the JSON pointer of the field that failed.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub path: Option<String>,
        /// What went wrong, in a sentence.
        pub message: String,
    }
}

impl ErrorMessage {
    /// The spec's standard validation failure report (what an agent's generate-validate loop
    /// sends back to the model): `code` [`VALIDATION_FAILED`], the failing field's pointer.
    pub fn validation_failed(
        surface_id: impl Into<String>,
        path: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        Self {
            code: VALIDATION_FAILED.to_owned(),
            surface_id: surface_id.into(),
            path: Some(path.into()),
            message: message.into(),
            extra: Map::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_and_writes_the_envelope() {
        let v = json!({"version": "v0.9", "updateDataModel": {"surfaceId": "s", "path": "/a", "value": null}});
        let Ok(ServerMessage::UpdateDataModel(m)) = ServerMessage::from_value(&v) else {
            panic!("not read: {v}");
        };
        assert_eq!(m.value, Some(Value::Null));
        let back = serde_json::to_value(ServerMessage::UpdateDataModel(m)).unwrap_or_default();
        assert_eq!(back, v);
        let removal =
            json!({"version": "v0.9", "updateDataModel": {"surfaceId": "s", "path": "/a"}});
        let Ok(ServerMessage::UpdateDataModel(m)) = ServerMessage::from_value(&removal) else {
            panic!("not read: {removal}");
        };
        assert_eq!(m.value, None);
    }

    #[test]
    fn keeps_unknown_members_and_refuses_two_kinds() {
        let v = json!({"version": "v0.9", "deleteSurface": {"surfaceId": "s", "why": 1}});
        let Ok(ServerMessage::DeleteSurface(m)) = ServerMessage::from_value(&v) else {
            panic!("not read");
        };
        assert_eq!(m.extra.get("why"), Some(&json!(1)));
        let two = json!({"createSurface": {}, "deleteSurface": {"surfaceId": "s"}});
        assert!(ServerMessage::from_value(&two).is_err());
    }

    #[test]
    fn client_messages_round_trip() {
        let v = json!({"version": "v0.9", "error": {"code": "VALIDATION_FAILED", "surfaceId": "s",
                       "path": "/components/0/text", "message": "bad"}});
        let Ok(m) = ClientMessage::from_value(&v) else {
            panic!("not read");
        };
        assert_eq!(serde_json::to_value(m).unwrap_or_default(), v);
    }
}
