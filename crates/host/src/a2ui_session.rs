//! An A2UI surface as a view: the in-process peer, beside the card session, that holds an app's
//! A2UI surfaces and speaks the messages an HTML app would. Its view resource's stream builds
//! the first surfaces; tool inputs (streamed or whole), tool results and the answers to its own
//! calls update them; an event becomes `tools/call` by the one mapping in
//! [`mcpapp_a2ui::mcp`]; its state is the stream that rebuilds its surfaces.
//!
//! Like the host it does no I/O: messages go in and out as JSON values.

use std::collections::BTreeSet;
use std::time::Instant;

use mcpapp_a2ui::{ActionMessage, Diagnostic, ErrorMessage, Processor, Severity, mcp};
use mcpapp_protocol::messages::{CallTool, LoadState, ToolInput, ToolInputPartial, ToolResult};
use mcpapp_protocol::{
    CallToolParams, JsonRpcNotification, LoadStateParams, Notification as _, ToolInputParams,
};
use serde_json::{Map, Value};

use crate::Error;
use crate::host::wire;
use crate::view_session::{
    PendingSave, SessionLink, SessionView, on_host_message, refusal, text_of,
};

/// The key of the saved state's stream (`{"a2ui": [messages…]}`).
const STATE_KEY: &str = "a2ui";

/// How many findings of the last update the session keeps for the user.
const MAX_PROBLEMS: usize = 20;

/// One app's A2UI surfaces on screen, as a view of the host. See the module docs.
#[derive(Debug)]
pub struct A2uiSession {
    processor: Processor,
    /// The error findings of the A2UI applied last (a stream that broke a rule).
    problems: Vec<Diagnostic>,
    /// The server's app-callable tools, for the action mapping.
    tools: BTreeSet<String>,
    link: SessionLink,
    /// How many of the tool input's A2UI messages are applied (inputs stream in).
    input_applied: usize,
    /// Bumped whenever the surfaces change by a message (not by the user's typing).
    revision: u64,
}

impl A2uiSession {
    /// A session whose view resource holds `stream` (A2UI messages in any input form; `None`
    /// or empty for a view whose surfaces all come with the tool result). `tools`: the names of
    /// the server's tools an app may call, which decide where an event goes.
    pub fn new(stream: Option<&str>, tools: impl IntoIterator<Item = String>) -> Self {
        let mut session = Self {
            processor: Processor::new(),
            problems: Vec::new(),
            tools: tools.into_iter().collect(),
            link: SessionLink::new("mcpapp a2ui"),
            input_applied: 0,
            revision: 0,
        };
        if let Some(stream) = stream.filter(|s| !s.trim().is_empty()) {
            session.apply(&[stream.to_owned()]);
        }
        session
    }

    /// The surfaces, to draw.
    pub fn processor(&self) -> &Processor {
        &self.processor
    }

    /// The surfaces, for the view to write the user's input into (two-way binding); call
    /// [`Self::data_changed`] after.
    pub fn processor_mut(&mut self) -> &mut Processor {
        &mut self.processor
    }

    /// The errors of the A2UI applied last: messages that broke the schema or the protocol's
    /// rules were not applied, and the user should know the view may be incomplete.
    pub fn problems(&self) -> &[Diagnostic] {
        &self.problems
    }

    /// What the user should know about their last action: the server's or the host's reason
    /// for refusing it, or the text of an answer without A2UI.
    pub fn notice(&self) -> Option<&str> {
        self.link.notice.as_deref()
    }

    /// A number that changes whenever a message changed the surfaces (not the user's typing).
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Whether the view is locked (the model is generating).
    pub fn is_locked(&self) -> bool {
        self.link.locked
    }

    /// Whether the host's theme is dark.
    pub fn is_dark(&self) -> bool {
        self.link.dark
    }

    /// When the pending `save-state` is due ([`Self::flush`] sends it then), if one is.
    pub fn save_due(&self) -> Option<Instant> {
        self.link.save.due_at()
    }

    /// The first message of a view: `ui/initialize`.
    pub fn start(&mut self) -> Vec<Value> {
        self.link.start()
    }

    /// Applies A2UI payloads (texts in any input form) in order; their error findings become
    /// the session's problems, and an `error` tool of the server hears the first of them.
    /// Nothing is saved for it: the view resource, the tool input and the tool result come
    /// again when the app is recreated; what only the user's actions brought is saved by
    /// their callers.
    fn apply(&mut self, payloads: &[String]) -> Vec<Value> {
        if payloads.is_empty() {
            return Vec::new();
        }
        self.problems.clear();
        for payload in payloads {
            let found = self.processor.apply_str(payload);
            self.problems.extend(
                found
                    .into_iter()
                    .filter(|d| d.severity == Severity::Error)
                    .take(MAX_PROBLEMS),
            );
        }
        self.problems.truncate(MAX_PROBLEMS);
        self.revision += 1;
        self.report_problem()
    }

    /// The A2UI-over-MCP guide's `error` report of the first problem, to a server that has an
    /// `error` tool and once the session is connected.
    fn report_problem(&mut self) -> Vec<Value> {
        let Some(problem) = self.problems.first() else {
            return Vec::new();
        };
        if !self.link.ready || !self.tools.contains(mcp::ERROR_TOOL) {
            return Vec::new();
        }
        let surface = self
            .processor
            .surfaces()
            .keys()
            .next()
            .cloned()
            .unwrap_or_default();
        let error = ErrorMessage::validation_failed(surface, &problem.pointer, &problem.message);
        let params = mcp::error_call(&error);
        let id = self.link.next_id();
        vec![wire::request::<CallTool>(id, &params)]
    }

    /// A message from the host; returns what the view sends back. A message that is not
    /// JSON-RPC, or whose params do not fit its method, changes nothing.
    pub fn on_host_message(&mut self, message: &Value) -> Vec<Value> {
        on_host_message(self, message)
    }

    /// Tool arguments that are A2UI messages (an agent that writes its UI as the call's
    /// input): each message is applied once, as it completes. While the input streams
    /// (`partial`), the last message may still be cut, so it waits for the next.
    fn tool_input(&mut self, arguments: Option<Value>, partial: bool) -> Vec<Value> {
        let Some(arguments) = arguments.filter(mcp::is_a2ui) else {
            return Vec::new();
        };
        let messages = match arguments {
            Value::Object(mut object) if object.contains_key("messages") => {
                match object.remove("messages") {
                    Some(Value::Array(messages)) => messages,
                    _ => Vec::new(),
                }
            }
            Value::Array(messages) => messages,
            one => vec![one],
        };
        let complete = if partial {
            messages.len().saturating_sub(1)
        } else {
            messages.len()
        };
        let fresh: Vec<String> = messages
            .get(self.input_applied..complete)
            .unwrap_or_default()
            .iter()
            .filter_map(|m| serde_json::to_string(m).ok())
            .collect();
        self.input_applied = self.input_applied.max(complete);
        self.apply(&fresh)
    }

    /// `load-state`: the saved stream rebuilds the surfaces from nothing, through the same
    /// checks as any stream (a state that is not one leaves the surfaces as they are).
    fn load(&mut self, state: &Value) {
        let Some(saved) = state.get(STATE_KEY).filter(|s| s.is_array()) else {
            return;
        };
        let Ok(text) = serde_json::to_string(saved) else {
            return;
        };
        self.processor = Processor::with_limits(*self.processor.limits());
        self.apply(&[text]);
    }

    /// The answer to one of our calls: A2UI in it updates the surfaces; its text, an error
    /// result or a refusal becomes the notice.
    fn answered_call(&mut self, message: &Value) -> Vec<Value> {
        if let Some(result) = message.get("result") {
            let failed = result.get("isError").and_then(Value::as_bool) == Some(true);
            let payloads = mcp::payloads_in_result(result);
            self.link.notice = if failed {
                Some(text_of(result).unwrap_or_else(|| "The action failed.".into()))
            } else if payloads.is_empty() {
                text_of(result)
            } else {
                None
            };
            if payloads.is_empty() {
                return Vec::new();
            }
            // Only this answer knows what it changed: saved at once, it survives a restart.
            self.link.save = PendingSave::Now;
            return self.apply(&payloads);
        }
        if let Some(error) = message.get("error") {
            self.link.notice = Some(refusal(error));
        }
        Vec::new()
    }

    /// The user fired an event (`SurfaceEvent::Action` of the egui surface view, checks
    /// passed): `tools/call` by [`mcp::action_call`].
    pub fn action(&mut self, action: &ActionMessage) -> Result<Vec<Value>, Error> {
        let params: CallToolParams =
            mcp::action_call(action, self.processor.client_data_model(), |tool| {
                self.tools.contains(tool)
            });
        let (_, request) = self.link.call(&params)?;
        Ok(vec![request])
    }

    /// The user opened a link (an `openUrl` action): `ui/open-link`.
    pub fn open_link(&mut self, url: &str) -> Result<Vec<Value>, Error> {
        self.link.open_link(url)
    }

    /// The user changed a surface's data (typed, picked); it is saved once they pause.
    pub fn data_changed(&mut self, now: Instant) {
        self.link.save.edited(now);
    }

    /// Sends the pending `save-state` (the stream that rebuilds the surfaces) if it is due.
    pub fn flush(&mut self, now: Instant) -> Vec<Value> {
        let processor = &self.processor;
        self.link.save_if_due(now, || {
            let messages: Vec<Value> = processor
                .messages()
                .iter()
                .filter_map(|m| serde_json::to_value(m).ok())
                .collect();
            let mut state = Map::new();
            state.insert(STATE_KEY.to_owned(), Value::Array(messages));
            Value::Object(state)
        })
    }

    /// The app is done: `close-ws-app`, once, on a connected session.
    pub fn done(&mut self) -> Vec<Value> {
        self.link.finish()
    }

    /// Whether the session said it is done.
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.link.finished
    }
}

impl SessionView for A2uiSession {
    fn link(&mut self) -> &mut SessionLink {
        &mut self.link
    }

    /// Once connected, a server with an `error` tool hears of a problem found before.
    fn connected(&mut self) -> Vec<Value> {
        self.report_problem()
    }

    fn notified(&mut self, n: &JsonRpcNotification) -> Vec<Value> {
        match n.method.as_str() {
            ToolInput::METHOD | ToolInputPartial::METHOD => {
                let partial = n.method == ToolInputPartial::METHOD;
                match n.params_as::<ToolInputParams>() {
                    Ok(input) => self.tool_input(input.arguments.map(Value::Object), partial),
                    Err(_) => Vec::new(),
                }
            }
            ToolResult::METHOD => {
                let result = n.params.clone().unwrap_or_default();
                self.apply(&mcp::payloads_in_result(&result))
            }
            LoadState::METHOD => {
                if let Ok(load) = n.params_as::<LoadStateParams>() {
                    self.load(&load.state);
                }
                Vec::new()
            }
            _ => Vec::new(),
        }
    }

    fn answered(&mut self, _id: &Value, message: &Value) -> Vec<Value> {
        self.answered_call(message)
    }
}
