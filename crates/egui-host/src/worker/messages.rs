//! What the GUI thread and the worker say to each other.

use mcpapp_host::mcp::{ElicitationAnswer, ServerSpec};
use mcpapp_host::{
    A2uiSession, AppSpec, CardSession, DuplicatePolicy, InstanceId, QuestionSpec, SampleAnswer,
    ViewEnd,
};
use mcpapp_protocol::{CallToolResult, DisplayMode, Theme};
use serde_json::{Map, Value};

use crate::{HostUpdate, WarmPage};

/// What the GUI asks of the worker.
pub(crate) enum Command {
    Connect {
        id: String,
        spec: ServerSpec,
    },
    Call {
        server: String,
        tool: String,
        arguments: Map<String, Value>,
        tool_call_id: String,
        display_mode: DisplayMode,
    },
    SwitchThread(String),
    SetGenerating {
        thread: String,
        pending: bool,
    },
    Close(InstanceId),
    /// The user answered a server's question.
    Answer(InstanceId, ElicitationAnswer),
    AnswerSample(InstanceId, SampleAnswer),
    /// An app's download was saved (or not, and why).
    DownloadDone {
        instance: InstanceId,
        request: Value,
        outcome: Result<(), String>,
    },
    SetTheme(Theme),
    SetDuplicatePolicy(DuplicatePolicy),
    ResolveDuplicate(InstanceId, DuplicatePolicy),
    SetDisplayMode(InstanceId, DisplayMode),
    Restore {
        thread: String,
        spec: Box<AppSpec>,
        input: Option<Value>,
        result: Option<CallToolResult>,
    },
    Present(InstanceId),
    Screenshot(InstanceId, Option<f64>),
    Evaluate(InstanceId, String),
    /// Keep one warm bridge ready for the next HTML app (see [`HostHandle::keep_html_warm`]).
    ///
    /// [`HostHandle::keep_html_warm`]: crate::HostHandle::keep_html_warm
    KeepWarm,
    Shutdown,
}

/// What the worker tells the GUI.
pub(crate) enum Update {
    /// An app's view is built and attached: the GUI takes its end.
    Opened {
        instance: InstanceId,
        spec: Box<AppSpec>,
        recreated: bool,
        view: ViewParts,
    },
    /// A warm bridge waits for the next HTML app: its page can be loaded ahead of time.
    Warm(WarmPage),
    /// A server asks the user something (or for a reply from the model).
    Question {
        instance: InstanceId,
        spec: Box<QuestionSpec>,
    },
    /// The host refused the user's answer to a question.
    Refused {
        instance: InstanceId,
        why: String,
    },
    Public(HostUpdate),
}

/// The GUI's part of a view.
pub(crate) enum ViewParts {
    /// A card session, run on the GUI thread, and its end of the port.
    Card {
        session: Box<CardSession>,
        end: ViewEnd,
    },
    /// An A2UI session, run on the GUI thread, and its end of the port.
    A2ui {
        session: Box<A2uiSession>,
        end: ViewEnd,
    },
    /// An HTML app behind its bridge, at this address; its sandbox proxy is at the other
    /// origin. `refused`: what the app declared for its sandbox and the bridge refused.
    Html {
        url: String,
        proxy_origin: String,
        refused: Vec<String>,
    },
}
