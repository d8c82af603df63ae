//! The glue every example needs between rmcp and `mcpapp-server`: the client's UI from the
//! request context, gated tool lists, results converted to rmcp's types, errors.

use std::hash::{BuildHasher as _, RandomState};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use mcpapp_protocol::JsonRpcError;
use mcpapp_server::ClientUi;
use rmcp::model::{CallToolResponse, ErrorCode, ErrorData, MetaObject, Tool};
use rmcp::service::{RequestContext, RoleServer};
use serde_json::{Map, Value, json};

/// Unix seconds now.
pub fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// A signing secret made for this process: cards from an earlier run are refused.
pub fn process_secret() -> Vec<u8> {
    (0..4_u8)
        .flat_map(|i| RandomState::new().hash_one(i).to_le_bytes())
        .collect()
}

/// One of mcpapp-server's JSON-RPC errors as rmcp's.
pub fn rpc_error(error: &JsonRpcError) -> ErrorData {
    ErrorData::new(
        ErrorCode(i32::try_from(error.code).unwrap_or(ErrorCode::INTERNAL_ERROR.0)),
        error.message.clone(),
        error.data.clone(),
    )
}

/// A tool's input schema: an object with `properties`, of which `required` are required.
pub fn schema(properties: Value, required: &[&str]) -> Arc<Map<String, Value>> {
    let mut schema = Map::new();
    schema.insert("type".into(), "object".into());
    schema.insert("properties".into(), properties);
    schema.insert("required".into(), json!(required));
    Arc::new(schema)
}

/// `_meta` from a JSON object (anything else is empty).
pub fn meta(value: Value) -> MetaObject {
    match value {
        Value::Object(map) => MetaObject(map),
        _ => MetaObject::default(),
    }
}

/// `_meta` of a tool only views may call.
pub fn app_only() -> MetaObject {
    meta(json!({"ui": {"visibility": ["app"]}}))
}

/// What UI the client of this request advertised in `initialize`.
pub fn client_ui(ctx: &RequestContext<RoleServer>) -> ClientUi {
    ctx.peer.peer_info().map_or_else(ClientUi::plain, |info| {
        serde_json::to_value(&info.capabilities).map_or_else(
            |_| ClientUi::plain(),
            |c| ClientUi::from_client_capabilities(&c),
        )
    })
}

/// `tool` as `client` may see it (see [`ClientUi::tool_for_client`]); `view` is the mime type
/// of its view.
pub fn gated(client: &ClientUi, tool: &Tool, view: Option<&str>) -> Option<Tool> {
    let ours: mcpapp_protocol::Tool =
        serde_json::from_value(serde_json::to_value(tool).ok()?).ok()?;
    let shown = client.tool_for_client(ours, view)?;
    serde_json::from_value(serde_json::to_value(shown).ok()?).ok()
}

/// Finds `name` among `tools` and refuses it when `client` may not call it.
pub fn callable(
    client: &ClientUi,
    tools: Vec<(Tool, Option<&str>)>,
    name: &str,
) -> Result<(), ErrorData> {
    let Some((tool, view)) = tools.into_iter().find(|(t, _)| t.name == name) else {
        return Err(ErrorData::invalid_params(
            format!("unknown tool `{name}`"),
            None,
        ));
    };
    let ours: mcpapp_protocol::Tool = serde_json::to_value(&tool)
        .and_then(serde_json::from_value)
        .map_err(|e| ErrorData::internal_error(e.to_string(), None))?;
    client
        .check_call(&ours, view)
        .map_err(|e| ErrorData::invalid_params(e.to_string(), None))
}

/// An mcpapp-protocol tool result as rmcp's.
pub fn response(result: &mcpapp_protocol::CallToolResult) -> Result<CallToolResponse, ErrorData> {
    let result: rmcp::model::CallToolResult = serde_json::to_value(result)
        .and_then(serde_json::from_value)
        .map_err(|e| ErrorData::internal_error(e.to_string(), None))?;
    Ok(result.into())
}
