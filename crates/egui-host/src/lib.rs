//! Embed MCP Apps in any egui program.
//!
//! ```
//! use std::time::{Duration, Instant};
//!
//! use mcpapp_egui_host::{HandleOptions, HostHandle, HostUpdate};
//!
//! // Headless (no egui context to repaint): the host runs on a worker thread of its own.
//! let mut host = HostHandle::start(None, HandleOptions::default())?;
//! assert!(host.poll().is_empty() && host.apps().next().is_none());
//!
//! // Commands never block; what comes of them arrives through `poll`, once per frame.
//! let call = host.call_tool("flights", "cancel_booking", serde_json::json!({"id": "FL-1"}))?;
//! let deadline = Instant::now() + Duration::from_secs(10);
//! let error = loop {
//!     let failed = host.poll().into_iter().find_map(|update| match update {
//!         HostUpdate::CallFailed { tool_call_id, error } if tool_call_id == call => {
//!             Some(error)
//!         }
//!         _ => None,
//!     });
//!     if let Some(error) = failed {
//!         break error;
//!     }
//!     assert!(Instant::now() < deadline, "the worker did not answer");
//!     std::thread::sleep(Duration::from_millis(10));
//! };
//! // No server "flights" was connected (`host.connect(...)` does that): a typed error,
//! // the host's own as its source, and a sentence for the user.
//! use mcpapp_egui_host::EguiHostError;
//! use mcpapp_host::Error;
//! assert!(matches!(&error, EguiHostError::Host(e) if matches!(**e, Error::UnknownServer(_))));
//! assert!(error.to_string().contains("flights"), "{error}");
//! drop(host); // closes the host and joins the worker thread
//! # Ok::<(), mcpapp_egui_host::EguiHostError>(())
//! ```
//!
//! Two parts, one for each side of an embedder's frame loop:
//!
//! - [`HostHandle`] runs the host ([`mcpapp_host::Runtime`]: the app lifecycle, MCP
//!   connections, view ports, state store) on a worker thread of its own with a tokio runtime,
//!   and hands what happens to the GUI thread, asking egui for a repaint when something arrives.
//!   The GUI connects servers, calls tools as the agent would, switches threads, sets the
//!   response lock and closes apps through it; [`HostHandle::poll`] (once per frame) returns
//!   the [`HostUpdate`]s and keeps every open app's view alive, drawn or not.
//! - [`AppView`] draws one open app ([`HostedApp`]) in any [`egui::Ui`], with what waits for
//!   the user on its behalf under it (its server's questions and sampling requests, its
//!   downloads; [`PendingView`] draws those of no app). A card is drawn natively,
//!   through its [`mcpapp_host::CardSession`] (submits become `tools/call`, links
//!   `ui/open-link`, the whole [`mcpapp_card::CardState`] is saved and restored); an HTML app as
//!   a frame with its title and a button that opens it in a window of its own (the sandbox
//!   bridge and presenters of `mcpapp-html`). [`PipWindow`] shows an app in picture-in-picture
//!   (a small floating window above the rest), and [`DuplicateModal`] asks the host's
//!   duplicate question.
//!
//! ```no_run
//! use mcpapp_egui_host::{AppView, HandleOptions, HostHandle, HostUpdate, PendingView};
//! use mcpapp_host::mcp::ServerSpec;
//!
//! fn frame(ui: &mut egui::Ui, host: &mut HostHandle) {
//!     for update in host.poll() {
//!         if let HostUpdate::AppOpened { instance, .. } = update {
//!             // remember where the app goes in your conversation
//!         }
//!     }
//!     let dark = ui.visuals().dark_mode;
//!     ui.add(PendingView::new(host.pending_mut(), dark)); // questions of no app
//!     for app in host.apps_mut() {
//!         AppView::new(app).show(ui); // the app, its questions, samples and downloads
//!     }
//! }
//!
//! # fn start(ctx: &egui::Context) -> Result<(), mcpapp_egui_host::EguiHostError> {
//! let mut host = HostHandle::start(Some(ctx), HandleOptions::default())?;
//! host.connect("flights", ServerSpec::stdio("mcpapp", ["serve-example", "flights"]));
//! # Ok(()) }
//! ```
//!
//! This crate adds no protocol of its own: the host decides, the widget draws.

mod a2ui_app;
mod app;
mod app_script;
mod app_view;
mod call;
mod downloads;
mod duplicates;
mod error;
mod handle;
mod links;
mod options;
mod pending;
mod pip;
mod questions;
mod script;
mod update;
#[cfg(feature = "webview")]
mod webview;
mod worker;

pub use app::{HostedApp, HtmlStatus};
pub use app_script::{AppScript, SCRIPT_WAIT, ScriptStep};
pub use app_view::{AppView, AppViewEvent, AppViewOutput};
pub use call::ToolCall;
pub use downloads::{DownloadEvent, PendingDownload};
pub use duplicates::{DuplicateModal, DuplicateQuestion};
pub use error::EguiHostError;
pub use handle::HostHandle;
pub use links::open_link;
pub use mcpapp_html::BridgeOptions;
pub use mcpapp_html::csp::CspOptions;
pub use options::{HandleOptions, ShowHtmlIn, ShowHtmlWhen, WarmPage};
pub use pending::{Pending, PendingView};
pub use pip::{DEFAULT_PIP_SIZE, PipEvent, PipWindow};
pub use questions::PendingQuestion;
pub use update::HostUpdate;
#[cfg(feature = "webview")]
pub use webview::Webviews;
/// The window handle a webview is created in (eframe's `Frame` is one).
#[cfg(feature = "webview")]
pub use wry::raw_window_handle::HasWindowHandle;
