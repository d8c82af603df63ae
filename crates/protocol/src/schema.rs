//! JSON Schemas of the protocol types, for other languages, validators and reviewers.
//!
//! [`protocol_schema`] returns one document: every type under `$defs`, and under `x-methods`
//! each method's kind, direction and `$ref`s to its params and result. The repository keeps a
//! copy in `schemas/protocol/` that a test compares against this function.
//!
//! The schemas describe what this crate *reads* (serde's deserialize contract), which is
//! slightly more than it writes: a single `ui/message` content block, unknown enum values.

use schemars::{JsonSchema, Schema, SchemaGenerator, generate::SchemaSettings};
use serde_json::{Map, Value, json};

use crate::messages::with_messages;
use crate::{
    Direction, Message, MethodInfo, Notification, Request, ResourceUiMeta, ToolUiMeta,
    UiClientCapability,
};

/// File name of the checked-in copy of [`protocol_schema`] (under `schemas/protocol/`).
pub const SCHEMA_FILE_NAME: &str = "mcpapp-protocol.schema.json";

/// The combined JSON Schema document of the protocol, with keys sorted so the output does not
/// depend on `serde_json`'s `preserve_order` feature being enabled elsewhere in a build.
#[must_use]
pub fn protocol_schema() -> Value {
    let mut generator = SchemaSettings::draft2020_12().into_generator();
    let mut methods = Map::new();
    let g = &mut generator;
    let m = &mut methods;

    // Each message of the catalogue, by its kind.
    macro_rules! add_methods {
        ($($kind:ident $marker:ident: $direction:ident,)*) => {
            $(add_methods!(@$kind crate::messages::$marker);)*
        };
        (@request $marker:ty) => { add_request::<$marker>(g, m) };
        (@notification $marker:ty) => { add_notification::<$marker>(g, m) };
    }
    with_messages!(add_methods);

    // Types no message carries directly but other crates exchange.
    g.subschema_for::<Message>();
    g.subschema_for::<UiClientCapability>();
    g.subschema_for::<ToolUiMeta>();
    g.subschema_for::<ResourceUiMeta>();

    let definitions = generator.take_definitions(true);
    sorted(json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "mcpapp-protocol",
        "description": "The MCP Apps protocol (io.modelcontextprotocol/ui) as spoken by mcpapp. \
            Generated from the Rust types of the mcpapp-protocol crate; do not edit by hand.",
        "x-methods": methods,
        "$defs": definitions,
    }))
}

fn add_request<R: Request>(generator: &mut SchemaGenerator, methods: &mut Map<String, Value>)
where
    R::Params: JsonSchema,
    R::Result: JsonSchema,
{
    let entry = json!({
        "kind": "request",
        "direction": direction_name(R::METHOD),
        "params": generator.subschema_for::<R::Params>(),
        "result": generator.subschema_for::<R::Result>(),
    });
    methods.insert(R::METHOD.to_owned(), entry);
}

fn add_notification<N: Notification>(
    generator: &mut SchemaGenerator,
    methods: &mut Map<String, Value>,
) where
    N::Params: JsonSchema,
{
    let entry = json!({
        "kind": "notification",
        "direction": direction_name(N::METHOD),
        "params": generator.subschema_for::<N::Params>(),
    });
    methods.insert(N::METHOD.to_owned(), entry);
}

fn direction_name(method: &str) -> Value {
    MethodInfo::lookup(method).map_or(Value::Null, |info| {
        Value::from(match info.direction {
            Direction::ViewToHost => "view-to-host",
            Direction::HostToView => "host-to-view",
            Direction::Both => "both",
            Direction::ProxyToHost => "proxy-to-host",
            Direction::HostToProxy => "host-to-proxy",
        })
    })
}

/// Rebuilds every object with its keys in sorted order.
fn sorted(value: Value) -> Value {
    match value {
        Value::Object(object) => {
            let mut entries: Vec<(String, Value)> = object.into_iter().collect();
            entries.sort_by(|(left, _), (right, _)| left.cmp(right));
            Value::Object(
                entries
                    .into_iter()
                    .map(|(key, value)| (key, sorted(value)))
                    .collect(),
            )
        }
        Value::Array(items) => Value::Array(items.into_iter().map(sorted).collect()),
        other => other,
    }
}

/// A schema from a JSON object literal, without the panicking path of `schemars::json_schema!`.
pub(crate) fn object_schema(value: Value) -> Schema {
    match value {
        Value::Object(object) => Schema::from(object),
        _ => Schema::from(true),
    }
}

/// The schema of an open string enum: the known values, plus any other string.
pub(crate) fn open_enum_schema(known: &[&str]) -> Schema {
    object_schema(json!({
        "type": "string",
        "anyOf": [
            { "enum": known },
            { "description": "A value newer than this schema; readers keep it verbatim." },
        ],
    }))
}
