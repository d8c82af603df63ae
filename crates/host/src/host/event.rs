//! What the host tells its embedder: events for the GUI, calls to make on servers, messages
//! to deliver to views.

use mcpapp_protocol::{DisplayMode, LoggingLevel, UiMessageParams, UpdateModelContextParams};
use serde_json::Value;

use super::{AppSpec, Download, InstanceId, QuestionSpec, SampleReply};
use crate::mcp::ElicitationAnswer;

/// Why an app was closed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CloseReason {
    /// The app said it is done (`close-ws-app`, `request-teardown`).
    AppDone,
    /// The user switched to another thread; the app comes back with the thread.
    ThreadSwitched,
    /// The embedder closed it.
    Closed,
    /// A newer instance of the same tool replaced it.
    Replaced,
    /// The view went away on its own (for a question: the server stopped waiting).
    ViewGone,
    /// A question was answered.
    Answered,
}

/// What the GUI must know. Never a callback into GUI code: a value it drains.
#[derive(Debug, Clone, PartialEq)]
pub enum HostEvent {
    /// Show an app: create its view (a card session or an HTML bridge) and connect it.
    OpenApp {
        /// The instance.
        instance: InstanceId,
        /// What it shows.
        spec: Box<AppSpec>,
        /// Whether it is an app recreated after a thread switch (it will get `load-state`).
        recreated: bool,
    },
    /// Show a server's question to the user (a form as a card, a page to visit, a sampling
    /// request); answer it with [`AppHost::answer_question`](super::AppHost::answer_question)
    /// ([`AppHost::answer_sample`](super::AppHost::answer_sample) for a sampling request). It
    /// closes with [`HostEvent::CloseApp`] like an app. While the model replies in its thread
    /// it is locked ([`HostEvent::QuestionLocked`]).
    OpenQuestion {
        /// The question's id (the same id space as apps).
        instance: InstanceId,
        /// What it asks.
        question: Box<QuestionSpec>,
    },
    /// The model started or stopped replying in a question's thread: the question is locked
    /// (shown, not answerable) or unlocked.
    QuestionLocked {
        /// The question.
        instance: InstanceId,
        /// Whether it is locked now.
        locked: bool,
    },
    /// Take an app's view down (or a question's). Inline apps stay in the history (`keep_in_history`).
    CloseApp {
        /// The instance.
        instance: InstanceId,
        /// Why.
        reason: CloseReason,
        /// Whether the conversation keeps showing it (inline apps that are done).
        keep_in_history: bool,
    },
    /// A message for the conversation (`ui/message`).
    ChatMessage {
        /// From which app.
        instance: InstanceId,
        /// The message: its role and content blocks.
        message: UiMessageParams,
    },
    /// A link the app wants opened; the host checked it is `http(s)`. The embedder decides.
    OpenLink {
        /// From which app.
        instance: InstanceId,
        /// The URL.
        url: String,
    },
    /// An app asks to save files for the user (`ui/download-file`), checked: ask the user, save
    /// them (e.g. with [`save_downloads`](super::save_downloads) into
    /// [`downloads_folder`](super::downloads_folder)) or not, and answer with
    /// [`AppHost::download_done`](super::AppHost::download_done).
    DownloadFile {
        /// From which app.
        instance: InstanceId,
        /// The app's request id, to pass back with the answer.
        request: Value,
        /// The files.
        files: Vec<Download>,
    },
    /// An app's display mode changed.
    DisplayModeChanged {
        /// The instance.
        instance: InstanceId,
        /// The new mode.
        mode: DisplayMode,
    },
    /// Context an app gives the model for its next turn.
    ModelContext {
        /// From which app.
        instance: InstanceId,
        /// The context: content blocks, structured data, or both.
        context: UpdateModelContextParams,
    },
    /// An app's content size changed.
    SizeChanged {
        /// The instance.
        instance: InstanceId,
        /// Width in CSS pixels.
        width: Option<f64>,
        /// Height in CSS pixels.
        height: Option<f64>,
    },
    /// A log line: from an app (`notifications/message`) or about one (a dropped message).
    Log {
        /// The instance, if the line is about one.
        instance: Option<InstanceId>,
        /// How severe.
        level: LoggingLevel,
        /// What happened.
        message: String,
    },
    /// The same tool was called while an instance of it is open in a window; answer with
    /// [`AppHost::resolve_duplicate`](super::AppHost::resolve_duplicate).
    DuplicateInstance {
        /// The new instance, waiting.
        instance: InstanceId,
        /// The open ones.
        existing: Vec<InstanceId>,
    },
}

/// A call the host asks the embedder to make on an MCP server for a view; its answer goes to
/// [`AppHost::server_reply`](super::AppHost::server_reply).
#[derive(Debug, Clone, PartialEq)]
pub enum ServerCall {
    /// `tools/call`.
    CallTool {
        /// The tool.
        name: String,
        /// Its arguments.
        arguments: serde_json::Map<String, Value>,
    },
    /// `resources/read`.
    ReadResource {
        /// The resource.
        uri: String,
    },
    /// `resources/list`: one page of the resources the app may see; answer with
    /// [`app_resources`](crate::mcp::app_resources) of the server's page (no `ui://` views, a
    /// bounded number of entries), as
    /// [`McpConnection::list_app_resources`](crate::mcp::McpConnection::list_app_resources)
    /// does.
    ListResources {
        /// Where the page starts (the previous page's `nextCursor`).
        cursor: Option<String>,
    },
    /// `sampling/createMessage` from the view, answered by the sampling hook of the view's
    /// connection (the user or a model; never the server).
    Sample {
        /// The request's params.
        params: serde_json::Map<String, Value>,
    },
}

/// What the host asks the embedder to do.
#[derive(Debug, Clone, PartialEq)]
pub enum Output {
    /// Deliver a message to a view.
    ToView {
        /// The view's instance.
        instance: InstanceId,
        /// The JSON-RPC message.
        message: Value,
    },
    /// Make a call on a server for a view.
    ToServer {
        /// The asking instance.
        instance: InstanceId,
        /// The server.
        server: String,
        /// The view's request id, to pass back with the answer.
        request: Value,
        /// The call.
        call: ServerCall,
    },
    /// Tell the GUI.
    Event(HostEvent),
    /// Send the answer to a server's question (the reply to its `elicitation/create`).
    Answer {
        /// The question.
        instance: InstanceId,
        /// The server that asked.
        server: String,
        /// The answer, checked against the question.
        answer: ElicitationAnswer,
    },
    /// Send the answer to a server's sampling request (the reply to its
    /// `sampling/createMessage`): the user's reply, or why there is none.
    Sampled {
        /// The request, as a question.
        instance: InstanceId,
        /// The server that asked.
        server: String,
        /// The reply, or the error the server gets.
        reply: Result<SampleReply, String>,
    },
}
