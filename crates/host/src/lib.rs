//! The MCP Apps host lifecycle: one pipeline for declarative cards and HTML apps.
//!
//! The host is driven by hand here, as [`Runtime`] drives it for an embedder: the agent calls a
//! tool with a view, the host asks for the app, a [`CardSession`] plays the view, and a submit
//! on the card comes out as a `tools/call` for the server.
//!
//! ```
//! use std::sync::Arc;
//!
//! use mcpapp_host::store::MemoryStore;
//! use mcpapp_host::{
//!     AppHost, AppSpec, CardSession, HostEvent, HostOptions, InstanceId, Output, ServerCall,
//!     ViewKind,
//! };
//! use mcpapp_protocol::{DisplayMode, Tool};
//! use serde_json::{Value, json};
//!
//! /// Carries messages between the host and the view until both are quiet; returns the calls
//! /// the host asks the embedder to make on servers.
//! fn relay(
//!     host: &mut AppHost,
//!     id: InstanceId,
//!     view: &mut CardSession,
//!     mut to_host: Vec<Value>,
//! ) -> Vec<ServerCall> {
//!     let mut calls = Vec::new();
//!     while !to_host.is_empty() {
//!         for message in to_host.drain(..) {
//!             host.view_message(id, message);
//!         }
//!         for output in host.drain() {
//!             match output {
//!                 Output::ToView { message, .. } => {
//!                     to_host.extend(view.on_host_message(&message));
//!                 }
//!                 Output::ToServer { call, .. } => calls.push(call),
//!                 Output::Event(_) | Output::Answer { .. } | Output::Sampled { .. } => {}
//!             }
//!         }
//!     }
//!     calls
//! }
//!
//! let tool: Tool = serde_json::from_value(json!({
//!     "name": "cancel_booking",
//!     "inputSchema": {"type": "object"},
//!     "_meta": {"ui": {"resourceUri": "ui://flights/cancel"}}
//! }))?;
//! let mut host = AppHost::new(HostOptions::default(), Arc::new(MemoryStore::default()));
//! host.set_server_tools("flights", vec![tool.clone()]);
//!
//! // The agent calls the tool: the host asks the GUI to open its app.
//! let id = host.tool_call_started(AppSpec {
//!     server: "flights".into(),
//!     tool,
//!     tool_call_id: "call-1".into(),
//!     resource_uri: "ui://flights/cancel".into(),
//!     kind: ViewKind::Card,
//!     display_mode: DisplayMode::Inline,
//! });
//! assert!(matches!(host.drain().as_slice(), [Output::Event(HostEvent::OpenApp { .. })]));
//!
//! // The view: a card, which starts with `ui/initialize` as an HTML app would.
//! let card = mcpapp_card::parse_str(r#"{"type": "McpApp", "actions": [{"type": "Action.Submit",
//!     "title": "Cancel", "data": {"mcp_tool_name": "cancel_booking", "booking_id": "FL-1"}}]}"#)
//! .into_valid()
//! .unwrap();
//! let mut view = CardSession::new(card.clone());
//! let started = view.start();
//! assert_eq!(started[0]["method"], "ui/initialize");
//! assert!(relay(&mut host, id, &mut view, started).is_empty());
//!
//! // The user clicks "Cancel": the host forwards the card's `tools/call` to its server.
//! let data = mcpapp_card::prepare_submit(&[&card], &card.actions[0], &Default::default())?;
//! let submitted = view.submit(&card.actions[0], data)?;
//! let calls = relay(&mut host, id, &mut view, submitted);
//! let [ServerCall::CallTool { name, arguments }] = calls.as_slice() else { panic!("{calls:?}") };
//! assert_eq!((name.as_str(), &arguments["booking_id"]), ("cancel_booking", &json!("FL-1")));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The parts:
//!
//! - [`AppHost`]: per conversation thread, the open app instances and every message between
//!   views, the embedder's agent loop and MCP servers. A state machine without I/O: feed it,
//!   drain its [`Output`]s.
//! - [`ViewPort`]: how the host exchanges JSON-RPC with one view; [`ChannelPort`] is the
//!   channel pair every kind of view uses.
//! - [`CardSession`]: a card as a view, in-process: it speaks the messages an HTML app would.
//! - [`store`]: where apps' saved state lives; [`mcp`]: connections to MCP servers.
//! - [`Runtime`]: the host wired to live connections and view ports, for embedders.
//!
//! This crate knows nothing of GUIs or browsers.

mod a2ui_session;
mod card_session;
mod door;
mod error;
mod host;
pub mod mcp;
mod port;
mod printable;
mod runtime;
pub mod store;
mod view_session;

pub use a2ui_session::A2uiSession;
pub use card_session::{CardSession, card_in_result};
pub use door::{
    Admission, Door, SHED_REPORT_INTERVAL, Shed, UNMETERED, proxy_limits, rate_refusal, unmetered,
};
pub use error::Error;
pub use host::{
    AppHost, AppLimits, AppSpec, CloseReason, ContainerSizes, Download, DownloadContent,
    DuplicatePolicy, HostEvent, HostOptions, InstanceId, MAX_DOWNLOAD_BYTES, MAX_DOWNLOAD_FILES,
    Output, QuestionBody, QuestionSpec, Rate, SampleAnswer, SampleForm, SampleReply, SampleText,
    SaveDone, SaveJob, ServerCall, ViewKind, check_link, downloads_folder, host_styles,
    safe_file_name, sample_form, save_downloads, theme_styles,
};
pub use port::{ChannelPort, HostSender, PORT_CAPACITY, ViewEnd, ViewPort};
pub use printable::{printable, printable_lines};
pub use runtime::{AgentCall, OUTBOX_LIMIT, Runtime, TraceDirection, Traced};
pub use view_session::SAVE_DEBOUNCE;
