//! The MCP Apps protocol (extension `io.modelcontextprotocol/ui`, SEP-1865) as typed data.
//!
//! ```
//! use mcpapp_protocol::messages::{ToolInput, UiMessage};
//! use mcpapp_protocol::{Message, Tool, ToolInputParams};
//!
//! // A message from a view or a host: the envelope first, then typed params for its method.
//! let raw = r#"{"jsonrpc":"2.0","method":"ui/notifications/tool-input","params":{"arguments":{"city":"Oslo"}}}"#;
//! let message: Message = raw.parse()?;
//! // A marker for another method is not an error: the message is simply not that one.
//! assert!(message.extract_request::<UiMessage>()?.is_none());
//! let params: ToolInputParams = message.extract_notification::<ToolInput>()?.unwrap_or_default();
//! assert_eq!(params.arguments.unwrap_or_default()["city"], "Oslo");
//!
//! // A tool as a server lists it: the view that renders its calls, and who may call it.
//! let tool: Tool = serde_json::from_value(serde_json::json!({
//!     "name": "refresh_forecast",
//!     "inputSchema": {"type": "object"},
//!     "_meta": {"ui": {"resourceUri": "ui://weather/forecast", "visibility": ["app"]}}
//! }))?;
//! assert_eq!(tool.ui_resource_uri().as_deref(), Some("ui://weather/forecast"));
//! assert!(tool.is_app_visible() && !tool.is_model_visible()); // for the view, not the agent
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! This crate is pure data: no I/O, no async, no transport. It gives every other mcpapp crate one
//! shared, spec-faithful vocabulary:
//!
//! - the JSON-RPC 2.0 envelope ([`Message`]), kept untyped on purpose so that a method this crate
//!   does not know is an ordinary value, never a parse failure;
//! - one zero-sized marker per protocol message (in [`messages`]) implementing [`Request`] or
//!   [`Notification`], which ties a method name to its typed params (and result), so that
//!   [`Message::extract_notification`] / [`Message::extract_request`] turn the envelope into typed
//!   data and [`Message::notification`] / [`Message::request`] build it back;
//! - the model types those messages carry: [`InitializeParams`] / [`InitializeResult`],
//!   [`HostContext`], [`HostCapabilities`] / [`AppCapabilities`], [`DisplayMode`], the tool and
//!   resource `_meta.ui` ([`ToolUiMeta`], [`ResourceUiMeta`]) and the slice of core MCP the views
//!   use ([`CallToolResult`], [`ContentBlock`], [`Tool`], ...);
//! - the capability value ([`UiClientCapability`]), the constants of the extension, and JSON
//!   Schemas of all of it ([`schema`]).
//!
//! Reading is tolerant everywhere (unknown fields are accepted, and preserved where a host would
//! forward the value), because views and servers in the wild differ from the spec in small ways;
//! writing follows the spec and the reference SDK.

#[macro_use]
mod macros;

mod capability;
mod constants;
mod error;
mod finding;
mod host_context;
mod initialize;
mod jsonrpc;
mod mcp;
pub mod messages;
mod method;
mod resource_meta;
pub mod schema;
mod tool_meta;

pub use capability::UiClientCapability;
pub use constants::{
    A2UI_MIME_TYPE, APPS_PROTOCOL_VERSION, CARD_MIME_TYPE, EXTENSION_ID, HTML_MIME_TYPE,
    RESOURCE_URI_META_KEY, SANDBOX_METHOD_PREFIX, SUPPORTED_PROTOCOL_VERSIONS, UI_META_KEY,
    UI_METHOD_PREFIX, UI_URI_SCHEME, is_sandbox_method, is_ui_method, is_ui_resource_uri,
    mime_type_matches,
};
pub use error::ProtocolError;
pub use finding::Severity;

pub use host_context::{
    ContainerDimensions, DeviceCapabilities, DisplayMode, HostContext, HostCss, HostStyles,
    Platform, STYLE_VARIABLE_KEYS, SafeAreaInsets, Theme, ToolInfo,
};
pub use initialize::{
    AppCapabilities, ContentModalities, HostCapabilities, InitializeParams, InitializeResult,
    ListChangedCapability, SamplingCapability, SandboxCapability,
};
pub use jsonrpc::{
    JSONRPC_VERSION, JsonRpcError, JsonRpcErrorResponse, JsonRpcNotification, JsonRpcRequest,
    JsonRpcResponse, Message, ProgressToken, RequestId,
};
pub use mcp::{
    AudioContent, CallToolParams, CallToolResult, CancelledParams, ContentBlock, EmbeddedResource,
    EmptyObject, ImageContent, Implementation, ListPromptsResult, ListResourceTemplatesResult,
    ListResourcesResult, ListToolsResult, LoggingLevel, LoggingMessageParams, PaginatedParams,
    ProgressParams, Prompt, PromptArgument, ReadResourceParams, ReadResourceResult, Resource,
    ResourceContents, ResourceTemplate, TextContent, Tool, embedded_resources,
};
pub use messages::{
    DownloadFileParams, LoadStateParams, MessageRole, OpenLinkParams, RequestDisplayModeParams,
    RequestDisplayModeResult, ResourceTeardownParams, ResponseGenerationStatusParams,
    SandboxResourceReadyParams, SaveStateParams, SaveStateResponseParams, SizeChangedParams,
    ToolCancelledParams, ToolInputParams, UiActionResult, UiMessageParams,
    UpdateModelContextParams,
};
pub use method::{Direction, MessageKind, MethodInfo, Notification, Request};
pub use resource_meta::{ResourceCsp, ResourcePermissions, ResourceUiMeta};
pub use tool_meta::{ToolUiMeta, Visibility};

/// For [`finding_codes!`]: the serde its `Code` serializes with.
#[doc(hidden)]
pub use serde as __serde;
