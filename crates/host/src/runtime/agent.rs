//! The agent's tool calls through the runtime: a tool with a view opens its app at once and
//! gets its result later; a tool without one is called and waited for, and its result opens a
//! card or A2UI app when it carries one.

use mcpapp_protocol::{CallToolResult, DisplayMode, Tool};
use serde_json::{Map, Value};

use super::{Arrival, Runtime};
use crate::Error;
use crate::host::{AppSpec, InstanceId, ViewKind, wire};
use crate::mcp::McpConnection;

/// Where an agent's call opens its app.
struct Opening<'a> {
    server: &'a str,
    tool_call_id: &'a str,
    display_mode: DisplayMode,
}

/// What an agent's tool call became.
#[derive(Debug, Clone, PartialEq)]
pub enum AgentCall {
    /// An app: its view is announced by [`HostEvent::OpenApp`](crate::HostEvent::OpenApp); the
    /// result follows.
    App(InstanceId),
    /// A tool without a view whose result holds no card: the result itself.
    Done(CallToolResult),
}

impl Runtime {
    /// The agent calls `tool` of `server` with `arguments`. A tool with a `ui://` view opens
    /// its app at once (an [`HostEvent::OpenApp`](crate::HostEvent::OpenApp) follows from
    /// [`Self::next_event`]), gets the input, and the result when the server answers, in the
    /// background. A tool without a view is called here: a result holding a card opens a card
    /// app showing it; any other result is returned as it is.
    ///
    /// The view's kind comes from its resource's mime type, read here (and cached by the
    /// connection for when the view is built).
    ///
    /// For a tool without a view this waits for the server's answer (carrying messages
    /// meanwhile). A server may ask the user something before it answers: when questions are
    /// shown through [`Self::question_handler`], call such a tool yourself on a task and hand
    /// its result to [`Self::agent_result`], so that your loop can show the question while
    /// the call waits (`mcpapp-egui-host` does so).
    pub async fn agent_call(
        &mut self,
        server: &str,
        tool: &str,
        arguments: Map<String, Value>,
        tool_call_id: &str,
        display_mode: DisplayMode,
    ) -> Result<AgentCall, Error> {
        let connection = self
            .servers
            .get(server)
            .cloned()
            .ok_or_else(|| Error::UnknownServer(server.to_owned()))?;
        let definition = connection.tool(tool).ok_or_else(|| Error::UnknownTool {
            server: server.to_owned(),
            tool: tool.to_owned(),
        })?;
        if !definition.is_model_visible() {
            return Err(Error::AppOnlyTool {
                server: server.to_owned(),
                tool: tool.to_owned(),
            });
        }
        let input = Value::Object(arguments.clone());
        // A view of its own: the app opens now, the result follows. No view: the result comes
        // first, and opens a card app only if it carries a card.
        let Some(uri) = definition.ui_resource_uri() else {
            // Messages are carried meanwhile (the server may ask the user something).
            let result = self.call_carrying(&connection, tool, arguments).await;
            return self.agent_result(server, tool, &input, tool_call_id, display_mode, result);
        };
        // Only `ui://` resources are views; anything else would have the host read whatever
        // the tool names (a file, a web page) and show it as an app.
        if !mcpapp_protocol::is_ui_resource_uri(&uri) {
            return Err(Error::View {
                uri,
                reason: "only `ui://` resources open views".to_owned(),
            });
        }
        let kind = view_kind(&connection, &uri).await?;
        let opening = Opening {
            server,
            tool_call_id,
            display_mode,
        };
        let instance = self.open_app(opening, definition, (uri, kind), &input);
        let arrivals = self.arrivals_tx.clone();
        let (name, tool_call_id) = (tool.to_owned(), tool_call_id.to_owned());
        tokio::spawn(async move {
            let result = call(&connection, &name, arguments).await;
            // The runtime may be gone; then nobody waits for the result.
            let _ = arrivals
                .send(Arrival::ToolResult {
                    tool_call_id,
                    result,
                })
                .await;
        });
        Ok(AgentCall::App(instance))
    }

    /// The result of the agent's call of a tool without a view, made by the embedder itself
    /// (so that its own loop runs on while the server works, and can show the server's
    /// questions): a result holding a card opens a card app showing it, one carrying A2UI
    /// messages an A2UI app, with `arguments` as its input; any other result is returned as
    /// it is.
    pub fn agent_result(
        &mut self,
        server: &str,
        tool: &str,
        arguments: &Value,
        tool_call_id: &str,
        display_mode: DisplayMode,
        result: CallToolResult,
    ) -> Result<AgentCall, Error> {
        let json = wire::result(&result);
        let Some((uri, kind)) = card_result_uri(&json)
            .map(|uri| (uri, ViewKind::Card))
            .or_else(|| a2ui_result_uri(&json).map(|uri| (uri, ViewKind::A2ui)))
        else {
            return Ok(AgentCall::Done(result));
        };
        let definition = self
            .servers
            .get(server)
            .and_then(|connection| connection.tool(tool))
            .ok_or_else(|| Error::UnknownTool {
                server: server.to_owned(),
                tool: tool.to_owned(),
            })?;
        let opening = Opening {
            server,
            tool_call_id,
            display_mode,
        };
        let instance = self.open_app(opening, definition, (uri, kind), arguments);
        self.host.tool_result(tool_call_id, &result);
        self.results.push((tool_call_id.to_owned(), result));
        Ok(AgentCall::App(instance))
    }

    /// Opens the app of the agent's call (`view`: its URI and kind) and gives it the call's
    /// input.
    fn open_app(
        &mut self,
        opening: Opening<'_>,
        definition: Tool,
        (resource_uri, kind): (String, ViewKind),
        input: &Value,
    ) -> InstanceId {
        let instance = self.host.tool_call_started(AppSpec {
            server: opening.server.to_owned(),
            tool: definition,
            tool_call_id: opening.tool_call_id.to_owned(),
            resource_uri,
            kind,
            display_mode: opening.display_mode,
        });
        self.host.tool_input(opening.tool_call_id, input);
        instance
    }

    /// Calls a tool, carrying the views' messages and the host's arrivals (a server's
    /// question among them) until it answers; what the embedder must know waits in the event
    /// queue.
    async fn call_carrying(
        &mut self,
        connection: &McpConnection,
        tool: &str,
        arguments: Map<String, Value>,
    ) -> CallToolResult {
        let called = call(connection, tool, arguments);
        tokio::pin!(called);
        loop {
            self.tick_if_due();
            self.route();
            tokio::select! {
                result = &mut called => return result,
                () = self.wait() => {}
            }
        }
    }

    /// The results of the agent's tool calls that opened apps, as `(tool call id, result)`, in
    /// the order they arrived since the last call: what the agent loop gives the model, and
    /// what an embedder keeps with its conversation to bring the app back later
    /// ([`AppHost::restore_app`](crate::AppHost::restore_app)).
    pub fn take_tool_results(&mut self) -> Vec<(String, CallToolResult)> {
        std::mem::take(&mut self.results)
    }
}

/// Calls a tool; a failure becomes an error result, as the agent would see it.
async fn call(
    connection: &McpConnection,
    tool: &str,
    arguments: Map<String, Value>,
) -> CallToolResult {
    connection
        .call_tool(tool, arguments)
        .await
        .unwrap_or_else(|error| CallToolResult::error(error.to_string()))
}

/// The URI naming the card a result carries (its embedded card resource's, or a fixed one for
/// a card in `structuredContent` only), or `None` when it carries no card.
fn card_result_uri(result: &Value) -> Option<String> {
    crate::card_session::card_in_result(result)?;
    let embedded = mcpapp_protocol::embedded_resources(result, mcpapp_protocol::CARD_MIME_TYPE)
        .next()
        .and_then(|r| r.get("uri"))
        .and_then(Value::as_str);
    Some(embedded.unwrap_or("ui://mcpapp/result-card").to_owned())
}

/// The URI naming the A2UI a result carries (its embedded resource's, or a fixed one for A2UI
/// in `structuredContent` only), or `None` when it carries none.
fn a2ui_result_uri(result: &Value) -> Option<String> {
    if !mcpapp_a2ui::mcp::result_has_a2ui(result) {
        return None;
    }
    Some(
        mcpapp_a2ui::mcp::result_resource_uri(result)
            .unwrap_or_else(|| "ui://mcpapp/result-surface".to_owned()),
    )
}

/// Reads the view's resource and tells its kind by mime type.
async fn view_kind(connection: &McpConnection, uri: &str) -> Result<ViewKind, Error> {
    let fail = |reason: String| Error::View {
        uri: uri.to_owned(),
        reason,
    };
    let read = connection
        .read_resource(uri)
        .await
        .map_err(|e| fail(e.to_string()))?;
    let mime = read
        .contents
        .first()
        .and_then(|item| item.mime_type.as_deref())
        .unwrap_or_default();
    if mcpapp_protocol::mime_type_matches(mime, mcpapp_protocol::HTML_MIME_TYPE) {
        Ok(ViewKind::Html)
    } else if mcpapp_protocol::mime_type_matches(mime, mcpapp_protocol::CARD_MIME_TYPE) {
        Ok(ViewKind::Card)
    } else if mcpapp_protocol::mime_type_matches(mime, mcpapp_protocol::A2UI_MIME_TYPE) {
        Ok(ViewKind::A2ui)
    } else {
        Err(fail(format!(
            "its mime type `{}` is none of an HTML app, a card or A2UI",
            crate::printable(mime)
        )))
    }
}
