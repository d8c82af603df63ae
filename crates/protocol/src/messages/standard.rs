//! Core MCP methods views use through the host; most are forwarded to the MCP server (they
//! do not start with `ui/`), after the host's own checks such as tool visibility.

use crate::mcp::{
    CallToolParams, CallToolResult, CancelledParams, EmptyObject, ListPromptsResult,
    ListResourceTemplatesResult, ListResourcesResult, ListToolsResult, LoggingMessageParams,
    PaginatedParams, ProgressParams, ReadResourceParams, ReadResourceResult,
};

messages! {
    /// `ping`: liveness check, either way; answered with `{}`.
    Request Ping = "ping", EmptyObject => EmptyObject;

    /// `tools/call`: from a view, forwarded to its server only for tools whose visibility
    /// includes `app`; from the host, a call of a view-provided tool (draft).
    Request CallTool = "tools/call", CallToolParams => CallToolResult;

    /// `tools/list`: host → view for view-provided tools (draft); a host may also answer it for
    /// views.
    Request ListTools = "tools/list", PaginatedParams => ListToolsResult;

    /// `resources/read`, forwarded to the server.
    Request ReadResource = "resources/read", ReadResourceParams => ReadResourceResult;

    /// `sampling/createMessage`: a view asks for a reply from the client's model. The host
    /// answers it with its sampling hook (its user or its model), never the server.
    Request CreateMessage = "sampling/createMessage", serde_json::Map<String, serde_json::Value> => serde_json::Map<String, serde_json::Value>;

    /// `resources/list`, forwarded to the server.
    Request ListResources = "resources/list", PaginatedParams => ListResourcesResult;

    /// `resources/templates/list`, forwarded to the server.
    Request ListResourceTemplates = "resources/templates/list", PaginatedParams => ListResourceTemplatesResult;

    /// `prompts/list`, forwarded to the server.
    Request ListPrompts = "prompts/list", PaginatedParams => ListPromptsResult;

    /// `notifications/message`: a view's log line, for the host's log.
    Notification LoggingMessage = "notifications/message", LoggingMessageParams;

    /// `notifications/tools/list_changed`: the server's (or the view's) tools changed.
    Notification ToolListChanged = "notifications/tools/list_changed", EmptyObject;

    /// `notifications/resources/list_changed`: the server's resources changed.
    Notification ResourceListChanged = "notifications/resources/list_changed", EmptyObject;

    /// `notifications/prompts/list_changed`: the server's prompts changed.
    Notification PromptListChanged = "notifications/prompts/list_changed", EmptyObject;

    /// `notifications/cancelled`: the sender gives up on one of its requests.
    Notification Cancelled = "notifications/cancelled", CancelledParams;

    /// `notifications/progress`: progress of a request that asked for it.
    Notification Progress = "notifications/progress", ProgressParams;
}
