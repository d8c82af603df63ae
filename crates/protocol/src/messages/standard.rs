//! Core MCP methods views use through the host; most are forwarded to the MCP server (they
//! do not start with `ui/`), after the host's own checks such as tool visibility.

use crate::mcp::{
    CallToolParams, CallToolResult, CancelledParams, EmptyObject, ListPromptsResult,
    ListResourceTemplatesResult, ListResourcesResult, ListToolsResult, LoggingMessageParams,
    PaginatedParams, ProgressParams, ReadResourceParams, ReadResourceResult,
};

request_marker! {
    /// `ping`: liveness check, either way; answered with `{}`.
    Ping = "ping", EmptyObject => EmptyObject
}

request_marker! {
    /// `tools/call`: from a view, forwarded to its server only for tools whose visibility
    /// includes `app`; from the host, a call of a view-provided tool (draft).
    CallTool = "tools/call", CallToolParams => CallToolResult
}

request_marker! {
    /// `tools/list`: host → view for view-provided tools (draft); a host may also answer it for
    /// views.
    ListTools = "tools/list", PaginatedParams => ListToolsResult
}

request_marker! {
    /// `resources/read`, forwarded to the server.
    ReadResource = "resources/read", ReadResourceParams => ReadResourceResult
}

request_marker! {
    /// `sampling/createMessage`: a view asks for a reply from the client's model. The host
    /// answers it with its sampling hook (its user or its model), never the server.
    CreateMessage = "sampling/createMessage", serde_json::Map<String, serde_json::Value> => serde_json::Map<String, serde_json::Value>
}

request_marker! {
    /// `resources/list`, forwarded to the server.
    ListResources = "resources/list", PaginatedParams => ListResourcesResult
}

request_marker! {
    /// `resources/templates/list`, forwarded to the server.
    ListResourceTemplates = "resources/templates/list", PaginatedParams => ListResourceTemplatesResult
}

request_marker! {
    /// `prompts/list`, forwarded to the server.
    ListPrompts = "prompts/list", PaginatedParams => ListPromptsResult
}

notification_marker! {
    /// `notifications/message`: a view's log line, for the host's log.
    LoggingMessage = "notifications/message", LoggingMessageParams
}

notification_marker! {
    /// `notifications/tools/list_changed`: the server's (or the view's) tools changed.
    ToolListChanged = "notifications/tools/list_changed", EmptyObject
}

notification_marker! {
    /// `notifications/resources/list_changed`: the server's resources changed.
    ResourceListChanged = "notifications/resources/list_changed", EmptyObject
}

notification_marker! {
    /// `notifications/prompts/list_changed`: the server's prompts changed.
    PromptListChanged = "notifications/prompts/list_changed", EmptyObject
}

notification_marker! {
    /// `notifications/cancelled`: the sender gives up on one of its requests.
    Cancelled = "notifications/cancelled", CancelledParams
}

notification_marker! {
    /// `notifications/progress`: progress of a request that asked for it.
    Progress = "notifications/progress", ProgressParams
}
