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

use crate::messages::{
    CallTool, Cancelled, CloseWsApp, CreateMessage, DownloadFile, HostContextChanged, Initialize,
    Initialized, ListPrompts, ListResourceTemplates, ListResources, ListTools, LoadState,
    LoggingMessage, OpenLink, Ping, Progress, PromptListChanged, ReadResource, RequestDisplayMode,
    RequestTeardown, ResourceListChanged, ResourceTeardown, ResponseGenerationStatus,
    SandboxLimits, SandboxProxyReady, SandboxResourceReady, SandboxShed, SaveState,
    SaveStateResponse, SizeChanged, ToolCancelled, ToolInput, ToolInputPartial, ToolListChanged,
    ToolResult, UiCallTool, UiLog, UiMessage, UpdateModelContext,
};
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

    add_request::<Initialize>(g, m);
    add_notification::<Initialized>(g, m);
    add_notification::<SizeChanged>(g, m);
    add_notification::<RequestTeardown>(g, m);
    add_notification::<UiLog>(g, m);
    add_request::<UiCallTool>(g, m);
    add_request::<UiMessage>(g, m);
    add_request::<OpenLink>(g, m);
    add_request::<DownloadFile>(g, m);
    add_request::<RequestDisplayMode>(g, m);
    add_request::<UpdateModelContext>(g, m);

    add_notification::<ToolInput>(g, m);
    add_notification::<ToolInputPartial>(g, m);
    add_notification::<ToolResult>(g, m);
    add_notification::<ToolCancelled>(g, m);
    add_notification::<HostContextChanged>(g, m);
    add_request::<ResourceTeardown>(g, m);

    add_notification::<SandboxProxyReady>(g, m);
    add_notification::<SandboxResourceReady>(g, m);
    add_notification::<SandboxLimits>(g, m);
    add_notification::<SandboxShed>(g, m);

    add_notification::<ResponseGenerationStatus>(g, m);
    add_notification::<LoadState>(g, m);
    add_notification::<SaveStateResponse>(g, m);
    add_notification::<SaveState>(g, m);
    add_notification::<CloseWsApp>(g, m);

    add_request::<Ping>(g, m);
    add_request::<CallTool>(g, m);
    add_request::<ListTools>(g, m);
    add_request::<ReadResource>(g, m);
    add_request::<CreateMessage>(g, m);
    add_request::<ListResources>(g, m);
    add_request::<ListResourceTemplates>(g, m);
    add_request::<ListPrompts>(g, m);
    add_notification::<LoggingMessage>(g, m);
    add_notification::<ToolListChanged>(g, m);
    add_notification::<ResourceListChanged>(g, m);
    add_notification::<PromptListChanged>(g, m);
    add_notification::<Cancelled>(g, m);
    add_notification::<Progress>(g, m);

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
