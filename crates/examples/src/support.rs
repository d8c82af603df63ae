//! The glue every example needs between rmcp and `mcpapp-server`: an example says what tools
//! it has and how to answer a call ([`Example`]); [`Served`] makes it an rmcp server that lists
//! and refuses tools by the client's UI and converts results and errors.

use std::hash::{BuildHasher as _, RandomState};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use mcpapp_protocol::JsonRpcError;
use mcpapp_protocol::{A2UI_MIME_TYPE, CARD_MIME_TYPE};
use mcpapp_server::{A2uiFallback, CARD_APP_URI, ClientUi, UiResource};
use rmcp::ServerHandler;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, ElicitRequestParams, ElicitationAction, ErrorCode,
    ErrorData, Implementation, ListResourcesResult, ListToolsResult, MetaObject,
    PaginatedRequestParams, ReadResourceRequestParams, ReadResourceResponse, ServerCapabilities,
    ServerConfig, Tool,
};
use rmcp::service::{ElicitationMode, RequestContext, RoleServer};
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

/// A tool of an example and the view it answers with (`None`: text only).
pub type ExampleTool = (Tool, Option<&'static str>);

/// A tool taking an object of `properties` (those named in `required` must be given),
/// answered with `view` (a card, an A2UI surface; `None`: text only).
pub fn tool(
    name: &'static str,
    description: &'static str,
    properties: Value,
    required: &[&str],
    view: Option<&'static str>,
) -> ExampleTool {
    (
        Tool::new(name, description, schema(properties, required)),
        view,
    )
}

/// `tool`, made one only the app (the card, the surface) may call: the model does not see it.
pub fn app_tool((tool, view): ExampleTool) -> ExampleTool {
    (tool.with_meta(app_only()), view)
}

/// `_meta` of a tool only views may call, written as `mcpapp-server` writes tool metadata.
pub fn app_only() -> MetaObject {
    let mut meta = Map::new();
    mcpapp_protocol::ToolUiMeta {
        resource_uri: None,
        visibility: Some(vec![mcpapp_protocol::Visibility::App]),
        problem: None,
    }
    .write_tool_meta(&mut meta);
    MetaObject(meta)
}

/// What UI the client of this request advertised in `initialize`.
fn client_ui(ctx: &RequestContext<RoleServer>) -> ClientUi {
    ctx.peer.peer_info().map_or_else(ClientUi::plain, |info| {
        serde_json::to_value(&info.capabilities).map_or_else(
            |_| ClientUi::plain(),
            |c| ClientUi::from_client_capabilities(&c),
        )
    })
}

/// `tool` as `client` may see it; `view` is the mime type of its view. A tool that answers with
/// cards (view: the card mime type) reaches every client from its one definition
/// ([`ClientUi::card_tool`]: the card, the card app, or text); any other is gated by
/// [`ClientUi::tool_for_client`].
fn gated(
    client: &ClientUi,
    tool: &Tool,
    view: Option<&str>,
    fallback: A2uiFallback<'_>,
) -> Option<Tool> {
    let ours: mcpapp_protocol::Tool =
        serde_json::from_value(serde_json::to_value(tool).ok()?).ok()?;
    let shown = match view {
        Some(CARD_MIME_TYPE) => client.card_tool(ours, CARD_APP_URI)?,
        Some(A2UI_MIME_TYPE) => client.a2ui_tool(ours, fallback)?,
        _ => client.tool_for_client(ours, view)?,
    };
    serde_json::from_value(serde_json::to_value(shown).ok()?).ok()
}

/// Finds `name` among `tools` and refuses it when `client` may not call it.
fn callable(
    client: &ClientUi,
    tools: Vec<(Tool, Option<&str>)>,
    name: &str,
    fallback: A2uiFallback<'_>,
) -> Result<(), ErrorData> {
    let Some((tool, view)) = tools.into_iter().find(|(t, _)| t.name == name) else {
        return Err(ErrorData::invalid_params(
            format!("unknown tool `{name}`"),
            None,
        ));
    };
    let ours: mcpapp_protocol::Tool = to_rmcp(&tool)?;
    let allowed = match view {
        Some(CARD_MIME_TYPE) => client.check_card_call(&ours),
        Some(A2UI_MIME_TYPE) => client.check_a2ui_call(&ours, fallback),
        _ => client.check_call(&ours, view),
    };
    allowed.map_err(|e| ErrorData::invalid_params(e.to_string(), None))
}

/// A value of mcpapp-protocol (which `mcpapp-server` speaks) as the rmcp type of the same
/// wire shape.
fn to_rmcp<T: serde::de::DeserializeOwned>(value: &impl serde::Serialize) -> Result<T, ErrorData> {
    serde_json::to_value(value)
        .and_then(serde_json::from_value)
        .map_err(|e| ErrorData::internal_error(e.to_string(), None))
}

/// An mcpapp-protocol tool (as `mcpapp-server`'s view helpers make it) as rmcp's.
pub fn rmcp_tool(tool: &mcpapp_protocol::Tool) -> Tool {
    to_rmcp(tool).unwrap_or_else(|_| {
        Tool::new(
            tool.name.clone(),
            tool.description.clone().unwrap_or_default(),
            Arc::new(tool.input_schema.clone()),
        )
    })
}

/// An example server: its tools and what a call of one of them answers.
pub trait Example: Clone + Send + Sync + 'static {
    /// The server's name in `initialize`.
    const NAME: &'static str;

    /// The tools as offered to `client`, each with the mime type of the view it needs (`None`:
    /// usable without one; the card mime type: it answers with cards, which reach every
    /// client, as the card app where only HTML is shown; the A2UI mime type: it shows an A2UI
    /// surface to clients that show A2UI, and the others get [`Self::A2UI_FALLBACK`]). Most examples offer the same list to
    /// everyone and let [`Served`] gate it; one with a view per kind of client picks it here.
    fn tools(client: &ClientUi) -> Vec<ExampleTool>;

    /// What clients that show no A2UI get of the tools whose view is an A2UI surface: text
    /// by default.
    const A2UI_FALLBACK: A2uiFallback<'static> = A2uiFallback::Text;

    /// The `ui://` views the server offers (`resources/list`, `resources/read`).
    fn resources() -> Vec<UiResource> {
        Vec::new()
    }

    /// Answers `call`, already known to be callable by its client: after its
    /// [`Self::question`], if any, or with the `_meta` of an A2UI event.
    fn call(&self, call: &Call<'_>) -> Result<mcpapp_protocol::CallToolResult, ErrorData>;

    /// A question for the user before a call of `name` is answered (`elicitation/create`,
    /// form mode: the message and the requested schema), asked when the client can be asked.
    /// None by default.
    fn question(&self, name: &str, args: &Map<String, Value>) -> Option<(String, Value)> {
        let _ = (name, args);
        None
    }
}

/// A call of one of an example's tools: all an example answers it from, in one place, so that a
/// call with an answer or with `_meta` needs no entry point of its own.
#[derive(Clone, Copy)]
pub struct Call<'a> {
    /// The tool's name.
    pub name: &'a str,
    /// The call's arguments.
    pub args: &'a Map<String, Value>,
    /// The client, by the UI it shows.
    pub client: &'a ClientUi,
    /// What the user gave to the tool's [`Example::question`] (`None`: none was asked, the user
    /// declined, or the client could not be asked).
    pub answer: Option<&'a Map<String, Value>>,
    /// The request's `_meta` when it carries an A2UI event's (`_meta.a2ui`), which the server
    /// verifies; `None` otherwise.
    pub meta: Option<&'a Map<String, Value>>,
}

/// The card app alone: the one view of a server whose tools answer with cards, where hosts that
/// show only HTML apps see the cards.
pub fn card_app() -> Vec<UiResource> {
    UiResource::card_app(CARD_APP_URI).into_iter().collect()
}

/// What the user said to a server's question.
enum Asked {
    /// The user gave these values.
    Answered(Map<String, Value>),
    /// Declined, or the client cannot be asked: go on without.
    Without,
    /// The user cancelled: the call stops.
    Cancelled,
}

/// Asks the client's user `question` (form mode) when the client can be asked.
async fn ask(ctx: &RequestContext<RoleServer>, question: Option<(String, Value)>) -> Asked {
    let Some((message, schema)) = question else {
        return Asked::Without;
    };
    if !ctx
        .peer
        .supported_elicitation_modes()
        .contains(&ElicitationMode::Form)
    {
        return Asked::Without;
    }
    let Ok(requested_schema) = serde_json::from_value(schema) else {
        // An example's own schema that rmcp refuses: the call goes on without asking.
        return Asked::Without;
    };
    let params = ElicitRequestParams::FormElicitationParams {
        meta: None,
        message,
        requested_schema,
    };
    match ctx.peer.create_elicitation(params).await {
        Ok(result) => match result.action {
            ElicitationAction::Accept => match result.content {
                Some(Value::Object(content)) => Asked::Answered(content),
                _ => Asked::Without,
            },
            ElicitationAction::Cancel => Asked::Cancelled,
            _ => Asked::Without,
        },
        Err(_) => Asked::Without,
    }
}

/// The call's `_meta`: as the request carries it, or where rmcp moved it.
fn request_meta(
    request: Option<&rmcp::model::RequestMetaObject>,
    ctx: &RequestContext<RoleServer>,
) -> Option<Map<String, Value>> {
    let meta = request.unwrap_or(&ctx.meta);
    match serde_json::to_value(meta) {
        Ok(Value::Object(map)) if !map.is_empty() => Some(map),
        _ => None,
    }
}

/// An [`Example`] as an rmcp server.
#[derive(Clone)]
pub struct Served<E>(pub E);

impl<E: Example> ServerHandler for Served<E> {
    fn get_info(&self) -> ServerConfig {
        let capabilities = if E::resources().is_empty() {
            ServerCapabilities::builder().enable_tools().build()
        } else {
            ServerCapabilities::builder()
                .enable_tools()
                .enable_resources()
                .build()
        };
        ServerConfig::new(capabilities)
            .with_server_info(Implementation::new(E::NAME, env!("CARGO_PKG_VERSION")))
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _ctx: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        let listed = E::resources()
            .iter()
            .map(|view| to_rmcp(&view.listing()))
            .collect::<Result<_, _>>()?;
        Ok(ListResourcesResult::with_all_items(listed))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _ctx: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        let Some(view) = E::resources()
            .into_iter()
            .find(|view| view.uri() == request.uri)
        else {
            return Err(ErrorData::resource_not_found(
                format!("no resource `{}`", request.uri),
                None,
            ));
        };
        let read: rmcp::model::ReadResourceResult = to_rmcp(&view.read_result())?;
        Ok(read.into())
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        ctx: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let client = client_ui(&ctx);
        Ok(ListToolsResult::with_all_items(
            E::tools(&client)
                .into_iter()
                .filter_map(|(t, view)| gated(&client, &t, view, E::A2UI_FALLBACK))
                .collect(),
        ))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        ctx: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let client = client_ui(&ctx);
        callable(&client, E::tools(&client), &request.name, E::A2UI_FALLBACK)?;
        let args = request.arguments.unwrap_or_default();
        let meta = request_meta(request.meta.as_ref(), &ctx);
        let call = Call {
            name: &request.name,
            args: &args,
            client: &client,
            answer: None,
            meta: None,
        };
        if meta
            .as_ref()
            .is_some_and(|m| m.contains_key(mcpapp_a2ui::mcp::META_KEY))
        {
            // An A2UI event: its `_meta` is part of what the server verifies.
            let answered = self.0.call(&Call {
                meta: meta.as_ref(),
                ..call
            })?;
            let result: rmcp::model::CallToolResult = to_rmcp(&answered)?;
            return Ok(result.into());
        }
        let answered = match ask(&ctx, self.0.question(&request.name, &args)).await {
            Asked::Answered(answer) => self.0.call(&Call {
                answer: Some(&answer),
                ..call
            })?,
            Asked::Without => self.0.call(&call)?,
            Asked::Cancelled => mcpapp_protocol::CallToolResult::text(
                "Cancelled: the user did not answer the question.",
            ),
        };
        let result: rmcp::model::CallToolResult = to_rmcp(&answered)?;
        Ok(result.into())
    }
}
