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

/// Calls the macro `$then` with every message this crate has a marker for, as
/// `kind Marker: Direction` (`kind` is `request` or `notification`): the catalogue
/// ([`METHODS`]) and the schema's `x-methods` are both made from this one list.
macro_rules! with_messages {
    ($then:ident) => {
        $then! {
            // View → host.
            request Initialize: ViewToHost,
            notification Initialized: ViewToHost,
            notification SizeChanged: ViewToHost,
            notification RequestTeardown: ViewToHost,
            notification UiLog: ViewToHost,
            request UiCallTool: ViewToHost,
            request UiMessage: ViewToHost,
            request OpenLink: ViewToHost,
            request DownloadFile: ViewToHost,
            request RequestDisplayMode: ViewToHost,
            request UpdateModelContext: ViewToHost,
            // Host → view.
            notification ToolInput: HostToView,
            notification ToolInputPartial: HostToView,
            notification ToolResult: HostToView,
            notification ToolCancelled: HostToView,
            notification HostContextChanged: HostToView,
            request ResourceTeardown: HostToView,
            // Sandbox proxy.
            notification SandboxProxyReady: ProxyToHost,
            notification SandboxResourceReady: HostToProxy,
            notification SandboxLimits: HostToProxy,
            notification SandboxShed: ProxyToHost,
            // Extended (io.Intelligence).
            notification ResponseGenerationStatus: HostToView,
            notification LoadState: HostToView,
            notification SaveStateResponse: HostToView,
            notification SaveState: ViewToHost,
            notification CloseWsApp: ViewToHost,
            // Standard MCP.
            request Ping: Both,
            request CallTool: Both,
            request ListTools: Both,
            request ReadResource: ViewToHost,
            request CreateMessage: ViewToHost,
            request ListResources: ViewToHost,
            request ListResourceTemplates: ViewToHost,
            request ListPrompts: ViewToHost,
            notification LoggingMessage: ViewToHost,
            notification ToolListChanged: Both,
            notification ResourceListChanged: HostToView,
            notification PromptListChanged: HostToView,
            notification Cancelled: Both,
            notification Progress: Both,
        }
    };
}
pub(crate) use with_messages;

macro_rules! catalogue {
    ($($kind:ident $marker:ident: $direction:ident,)*) => {
        &[$(MethodInfo::$kind::<$marker>(Direction::$direction),)*]
    };
}

/// Every method this crate has a marker for, with its kind and direction.
///
/// Lets a host refuse a message that comes from the wrong side and tell "unknown method"
/// (answer `-32601`, drop a notification) from "known but not handled here".
pub const METHODS: &[MethodInfo] = with_messages!(catalogue);
