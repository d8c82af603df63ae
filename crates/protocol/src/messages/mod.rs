//! One zero-sized marker per protocol message, grouped by who sends it, and the catalogue of
//! all of them ([`METHODS`]).
//!
//! ```
//! use mcpapp_protocol::messages::{OpenLink, SizeChanged};
//! use mcpapp_protocol::{Message, Notification, Request};
//!
//! fn describe(message: &Message) -> &'static str {
//!     match message.method() {
//!         Some(OpenLink::METHOD) => "open a link",
//!         Some(SizeChanged::METHOD) => "resize",
//!         Some(_) => "something else",
//!         None => "a response",
//!     }
//! }
//! # let message: Message = r#"{"jsonrpc":"2.0","id":1,"method":"ui/open-link","params":{"url":"https://a.example"}}"#.parse()?;
//! # assert_eq!(describe(&message), "open a link");
//! # Ok::<(), mcpapp_protocol::ProtocolError>(())
//! ```

pub mod extended;
pub mod host_to_view;
pub mod sandbox;
pub mod standard;
pub mod view_to_host;

pub use extended::{
    CloseWsApp, LoadState, LoadStateParams, ResponseGenerationStatus,
    ResponseGenerationStatusParams, SaveState, SaveStateParams, SaveStateResponse,
    SaveStateResponseParams,
};
pub use host_to_view::{
    HostContextChanged, ResourceTeardown, ResourceTeardownParams, ToolCancelled,
    ToolCancelledParams, ToolInput, ToolInputParams, ToolInputPartial, ToolResult,
};
pub use sandbox::{
    SandboxLimits, SandboxLimitsParams, SandboxProxyReady, SandboxRate, SandboxResourceReady,
    SandboxResourceReadyParams, SandboxShed, SandboxShedParams,
};
pub use standard::{
    CallTool, Cancelled, CreateMessage, ListPrompts, ListResourceTemplates, ListResources,
    ListTools, LoggingMessage, Ping, Progress, PromptListChanged, ReadResource,
    ResourceListChanged, ToolListChanged,
};
pub use view_to_host::{
    DownloadFile, DownloadFileParams, Initialize, Initialized, MessageRole, OpenLink,
    OpenLinkParams, RequestDisplayMode, RequestDisplayModeParams, RequestDisplayModeResult,
    RequestTeardown, SizeChanged, SizeChangedParams, UiActionResult, UiCallTool, UiLog, UiMessage,
    UiMessageParams, UpdateModelContext, UpdateModelContextParams,
};

use crate::method::{Direction, MethodInfo};

/// Every method this crate has a marker for, with its kind and direction.
///
/// Lets a host refuse a message that comes from the wrong side and tell "unknown method"
/// (answer `-32601`, drop a notification) from "known but not handled here".
pub const METHODS: &[MethodInfo] = &[
    // View → host.
    MethodInfo::request::<Initialize>(Direction::ViewToHost),
    MethodInfo::notification::<Initialized>(Direction::ViewToHost),
    MethodInfo::notification::<SizeChanged>(Direction::ViewToHost),
    MethodInfo::notification::<RequestTeardown>(Direction::ViewToHost),
    MethodInfo::notification::<UiLog>(Direction::ViewToHost),
    MethodInfo::request::<UiCallTool>(Direction::ViewToHost),
    MethodInfo::request::<UiMessage>(Direction::ViewToHost),
    MethodInfo::request::<OpenLink>(Direction::ViewToHost),
    MethodInfo::request::<DownloadFile>(Direction::ViewToHost),
    MethodInfo::request::<RequestDisplayMode>(Direction::ViewToHost),
    MethodInfo::request::<UpdateModelContext>(Direction::ViewToHost),
    // Host → view.
    MethodInfo::notification::<ToolInput>(Direction::HostToView),
    MethodInfo::notification::<ToolInputPartial>(Direction::HostToView),
    MethodInfo::notification::<ToolResult>(Direction::HostToView),
    MethodInfo::notification::<ToolCancelled>(Direction::HostToView),
    MethodInfo::notification::<HostContextChanged>(Direction::HostToView),
    MethodInfo::request::<ResourceTeardown>(Direction::HostToView),
    // Sandbox proxy.
    MethodInfo::notification::<SandboxProxyReady>(Direction::ProxyToHost),
    MethodInfo::notification::<SandboxResourceReady>(Direction::HostToProxy),
    MethodInfo::notification::<SandboxLimits>(Direction::HostToProxy),
    MethodInfo::notification::<SandboxShed>(Direction::ProxyToHost),
    // Extended (io.Intelligence).
    MethodInfo::notification::<ResponseGenerationStatus>(Direction::HostToView),
    MethodInfo::notification::<LoadState>(Direction::HostToView),
    MethodInfo::notification::<SaveStateResponse>(Direction::HostToView),
    MethodInfo::notification::<SaveState>(Direction::ViewToHost),
    MethodInfo::notification::<CloseWsApp>(Direction::ViewToHost),
    // Standard MCP.
    MethodInfo::request::<Ping>(Direction::Both),
    MethodInfo::request::<CallTool>(Direction::Both),
    MethodInfo::request::<ListTools>(Direction::Both),
    MethodInfo::request::<ReadResource>(Direction::ViewToHost),
    MethodInfo::request::<CreateMessage>(Direction::ViewToHost),
    MethodInfo::request::<ListResources>(Direction::ViewToHost),
    MethodInfo::request::<ListResourceTemplates>(Direction::ViewToHost),
    MethodInfo::request::<ListPrompts>(Direction::ViewToHost),
    MethodInfo::notification::<LoggingMessage>(Direction::ViewToHost),
    MethodInfo::notification::<ToolListChanged>(Direction::Both),
    MethodInfo::notification::<ResourceListChanged>(Direction::HostToView),
    MethodInfo::notification::<PromptListChanged>(Direction::HostToView),
    MethodInfo::notification::<Cancelled>(Direction::Both),
    MethodInfo::notification::<Progress>(Direction::Both),
];
