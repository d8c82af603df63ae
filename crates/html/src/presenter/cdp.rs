//! A small Chrome devtools Protocol client over the browser's devtools pipe
//! (`--remote-debugging-pipe`: JSON messages ended by a NUL byte, commands on the child's fd 3,
//! replies and events on its fd 4), enough for tests: commands with replies, flattened
//! sessions, and the execution contexts of every frame. A pipe, not a port: nobody else on the
//! machine can connect to the browser and drive it.
//!
//! Chromium runs `sandbox="allow-scripts"` srcdoc frames in a process of their own, so the app
//! frame is a separate target. Every attached session therefore gets `Runtime.enable` and
//! `Target.setAutoAttach{flatten}` (children attach recursively), and the client remembers each
//! session's default execution contexts, one per frame.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use serde_json::{Value, json};
use tokio::io::{
    AsyncBufReadExt as _, AsyncRead, AsyncReadExt as _, AsyncWrite, AsyncWriteExt as _,
};
use tokio::sync::{mpsc, oneshot};

use super::headless::{ConsoleEntry, ConsoleKind};
use crate::HtmlError;

/// How long one command may take.
const COMMAND_TIMEOUT: Duration = Duration::from_secs(30);

/// The longest message read from the browser (a full-page screenshot, base64, is the largest
/// real one); a longer one ends the connection rather than growing without bound.
const MAX_MESSAGE: u64 = 256 * 1024 * 1024;

type Reply = Result<Value, String>;

/// An attached target session.
#[derive(Debug, Clone)]
pub(crate) struct SessionInfo {
    /// The session that attached it (`None`: the browser connection itself).
    pub(crate) parent: Option<String>,
    /// Its target.
    pub(crate) target_id: String,
    /// The target's URL when it was attached (`about:srcdoc` for an app frame).
    pub(crate) url: String,
}

/// A default execution context (one per frame).
#[derive(Debug, Clone)]
pub(crate) struct ContextInfo {
    pub(crate) session: String,
    pub(crate) id: i64,
}

#[derive(Default)]
struct State {
    /// Commands waiting for their reply, with the session they went to.
    pending: HashMap<u64, (Option<String>, oneshot::Sender<Reply>)>,
    sessions: HashMap<String, SessionInfo>,
    /// Default contexts by (session, context id).
    contexts: HashMap<(String, i64), ContextInfo>,
    /// What the frames of each tab logged as errors, by the tab's session (bounded).
    console: HashMap<String, Vec<ConsoleEntry>>,
    closed: bool,
}

/// The connection: a writer task, a reader task, and what the reader learned.
pub(crate) struct Cdp {
    out: mpsc::UnboundedSender<String>,
    state: Arc<Mutex<State>>,
    next_id: Arc<AtomicU64>,
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl Drop for Cdp {
    fn drop(&mut self) {
        for task in &self.tasks {
            task.abort();
        }
    }
}

fn lock(state: &Mutex<State>) -> MutexGuard<'_, State> {
    state.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Sends a command without waiting for its reply (used by the reader for new sessions).
fn fire(
    out: &mpsc::UnboundedSender<String>,
    next_id: &AtomicU64,
    session: &str,
    method: &str,
    params: &Value,
) {
    let id = next_id.fetch_add(1, Ordering::Relaxed);
    let command = json!({ "id": id, "sessionId": session, "method": method, "params": params });
    let _ = out.send(command.to_string());
}

/// The most console entries kept per tab, and the longest text of one: an app that logs
/// without end cannot make the client grow.
const MAX_CONSOLE_ENTRIES: usize = 200;
const MAX_CONSOLE_TEXT: usize = 2048;

/// What every newly attached session gets: contexts reported (and console messages), the
/// browser's own log (CSP violations, failed loads), children attached.
fn prepare_session(out: &mpsc::UnboundedSender<String>, next_id: &AtomicU64, session: &str) {
    fire(out, next_id, session, "Runtime.enable", &json!({}));
    fire(out, next_id, session, "Log.enable", &json!({}));
    fire(
        out,
        next_id,
        session,
        "Target.setAutoAttach",
        &auto_attach(),
    );
    fire(
        out,
        next_id,
        session,
        "Runtime.runIfWaitingForDebugger",
        &json!({}),
    );
}

/// The params of `Target.setAutoAttach` used everywhere.
pub(crate) fn auto_attach() -> Value {
    json!({ "autoAttach": true, "waitForDebuggerOnStart": false, "flatten": true })
}

impl Cdp {
    /// A client over the two ends of the browser's devtools pipe.
    pub(crate) fn over_pipe<R, W>(reader: R, mut writer: W) -> Self
    where
        R: AsyncRead + Unpin + Send + 'static,
        W: AsyncWrite + Unpin + Send + 'static,
    {
        let (out, mut out_rx) = mpsc::unbounded_channel::<String>();
        let state = Arc::new(Mutex::new(State::default()));
        let next_id = Arc::new(AtomicU64::new(1));
        let writer = tokio::spawn(async move {
            while let Some(text) = out_rx.recv().await {
                let mut framed = text.into_bytes();
                framed.push(0);
                if writer.write_all(&framed).await.is_err() || writer.flush().await.is_err() {
                    break;
                }
            }
        });
        let reader_state = Arc::clone(&state);
        let reader_out = out.clone();
        let reader_ids = Arc::clone(&next_id);
        let reader = tokio::spawn(async move {
            let mut reader = tokio::io::BufReader::new(reader);
            let mut buffer = Vec::new();
            loop {
                buffer.clear();
                let read = (&mut reader)
                    .take(MAX_MESSAGE + 1)
                    .read_until(0, &mut buffer)
                    .await;
                // End of the pipe, a failed read, or a message cut off by the bound.
                if !matches!(read, Ok(n) if n > 0) || buffer.pop() != Some(0) {
                    break;
                }
                let Ok(value) = serde_json::from_slice::<Value>(&buffer) else {
                    continue;
                };
                handle(&reader_state, &reader_out, &reader_ids, &value);
            }
            let mut state = lock(&reader_state);
            state.closed = true;
            for (_, (_, waiter)) in state.pending.drain() {
                let _ = waiter.send(Err("the DevTools connection closed".to_owned()));
            }
        });
        Self {
            out,
            state,
            next_id,
            tasks: vec![writer, reader],
        }
    }

    /// Sends a command (to a session, or to the browser when `session` is `None`) and waits for
    /// its result.
    pub(crate) async fn call(
        &self,
        session: Option<&str>,
        method: &str,
        params: Value,
    ) -> Result<Value, HtmlError> {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let (tx, rx) = oneshot::channel();
        {
            let mut state = lock(&self.state);
            if state.closed {
                return Err(HtmlError::Cdp("the DevTools connection closed".to_owned()));
            }
            state.pending.insert(id, (session.map(str::to_owned), tx));
        }
        let mut command = json!({ "id": id, "method": method, "params": params });
        if let (Some(session), Some(object)) = (session, command.as_object_mut()) {
            object.insert("sessionId".to_owned(), Value::String(session.to_owned()));
        }
        if self.out.send(command.to_string()).is_err() {
            lock(&self.state).pending.remove(&id);
            return Err(HtmlError::Cdp("the DevTools connection closed".to_owned()));
        }
        match tokio::time::timeout(COMMAND_TIMEOUT, rx).await {
            Ok(Ok(Ok(result))) => Ok(result),
            Ok(Ok(Err(error))) => Err(HtmlError::Cdp(format!("{method}: {error}"))),
            Ok(Err(_)) => Err(HtmlError::Cdp(format!("{method}: no reply"))),
            Err(_) => {
                lock(&self.state).pending.remove(&id);
                Err(HtmlError::Timeout(format!("the reply to {method}")))
            }
        }
    }

    /// Sends a command and does not wait for the reply.
    pub(crate) fn send(&self, session: Option<&str>, method: &str, params: &Value) {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let mut command = json!({ "id": id, "method": method, "params": params });
        if let (Some(session), Some(object)) = (session, command.as_object_mut()) {
            object.insert("sessionId".to_owned(), Value::String(session.to_owned()));
        }
        let _ = self.out.send(command.to_string());
    }

    /// Records a session this client attached itself.
    pub(crate) fn add_session(&self, session: &str, target_id: &str) {
        lock(&self.state).sessions.insert(
            session.to_owned(),
            SessionInfo {
                parent: None,
                target_id: target_id.to_owned(),
                url: String::new(),
            },
        );
    }

    /// The errors the frames of the tab whose session is `root` logged so far (console errors,
    /// uncaught exceptions, the browser's error log entries), oldest first, at most 200.
    pub(crate) fn console_under(&self, root: &str) -> Vec<ConsoleEntry> {
        lock(&self.state)
            .console
            .get(root)
            .cloned()
            .unwrap_or_default()
    }

    /// The default contexts of `root` and every session below it.
    pub(crate) fn contexts_under(&self, root: &str) -> Vec<ContextInfo> {
        let state = lock(&self.state);
        let belongs = |session: &str| {
            let mut current = session.to_owned();
            for _ in 0..64 {
                if current == root {
                    return true;
                }
                match state.sessions.get(&current).and_then(|s| s.parent.clone()) {
                    Some(parent) => current = parent,
                    None => return false,
                }
            }
            false
        };
        let mut contexts: Vec<ContextInfo> = state
            .contexts
            .values()
            .filter(|c| belongs(&c.session))
            .cloned()
            .collect();
        contexts.sort_by(|a, b| (&a.session, a.id).cmp(&(&b.session, b.id)));
        contexts
    }

    /// The target of a session.
    pub(crate) fn target_of(&self, session: &str) -> Option<String> {
        lock(&self.state)
            .sessions
            .get(session)
            .map(|s| s.target_id.clone())
    }
}

/// One message from the browser: a reply to wake, or an event to learn from.
fn handle(
    state: &Mutex<State>,
    out: &mpsc::UnboundedSender<String>,
    ids: &AtomicU64,
    value: &Value,
) {
    if let Some(id) = value.get("id").and_then(Value::as_u64) {
        deliver_reply(state, id, value);
        return;
    }
    let Some(method) = value.get("method").and_then(Value::as_str) else {
        return;
    };
    let session = value
        .get("sessionId")
        .and_then(Value::as_str)
        .map(str::to_owned);
    let params = value.get("params").cloned().unwrap_or(Value::Null);
    match method {
        "Target.attachedToTarget" => on_attached(state, out, ids, session, &params),
        "Target.detachedFromTarget" => {
            if let Some(child) = params.get("sessionId").and_then(Value::as_str) {
                on_detached(&mut lock(state), child);
            }
        }
        "Runtime.executionContextCreated" => {
            if let (Some(session), Some(context)) = (session, params.get("context")) {
                on_context_created(state, session, context);
            }
        }
        "Runtime.executionContextDestroyed" => {
            if let (Some(session), Some(id)) = (
                session,
                params.get("executionContextId").and_then(Value::as_i64),
            ) {
                lock(state).contexts.remove(&(session, id));
            }
        }
        "Runtime.consoleAPICalled" | "Runtime.exceptionThrown" | "Log.entryAdded" => {
            if let (Some(session), Some(entry)) = (session, console_entry(method, &params)) {
                record_console(&mut lock(state), &session, entry);
            }
        }
        "Runtime.executionContextsCleared" => {
            if let Some(session) = session {
                lock(state).contexts.retain(|(s, _), _| *s != session);
            }
        }
        _ => {}
    }
}

/// Wakes the command waiting for reply `id` with its result or its error's message.
fn deliver_reply(state: &Mutex<State>, id: u64, value: &Value) {
    let reply = match value.get("error") {
        Some(error) => Err(error
            .get("message")
            .and_then(Value::as_str)
            .map_or_else(|| error.to_string(), str::to_owned)),
        None => Ok(value.get("result").cloned().unwrap_or(Value::Null)),
    };
    if let Some((_, waiter)) = lock(state).pending.remove(&id) {
        let _ = waiter.send(reply);
    }
}

/// `Target.attachedToTarget`: records the child session under `parent` and prepares it.
fn on_attached(
    state: &Mutex<State>,
    out: &mpsc::UnboundedSender<String>,
    ids: &AtomicU64,
    parent: Option<String>,
    params: &Value,
) {
    let Some(child) = params.get("sessionId").and_then(Value::as_str) else {
        return;
    };
    let target_id = params
        .pointer("/targetInfo/targetId")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned();
    let url = params
        .pointer("/targetInfo/url")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned();
    lock(state).sessions.insert(
        child.to_owned(),
        SessionInfo {
            parent,
            target_id,
            url,
        },
    );
    prepare_session(out, ids, child);
}

/// `Target.detachedFromTarget`: forgets the session and its contexts, and fails its pending
/// commands.
fn on_detached(state: &mut State, child: &str) {
    state.sessions.remove(child);
    state.console.remove(child);
    state.contexts.retain(|(s, _), _| s != child);
    // Commands to a session that went away get no reply: fail them now.
    let orphans: Vec<u64> = state
        .pending
        .iter()
        .filter(|(_, (session, _))| session.as_deref() == Some(child))
        .map(|(id, _)| *id)
        .collect();
    for id in orphans {
        if let Some((_, waiter)) = state.pending.remove(&id) {
            let _ = waiter.send(Err("the target went away".to_owned()));
        }
    }
}

/// `Runtime.executionContextCreated`: remembers the context if it is a frame's default one.
fn on_context_created(state: &Mutex<State>, session: String, context: &Value) {
    let is_default = context
        .pointer("/auxData/isDefault")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    if let (true, Some(id)) = (is_default, context.get("id").and_then(Value::as_i64)) {
        lock(state)
            .contexts
            .insert((session.clone(), id), ContextInfo { session, id });
    }
}

/// An error-level console message, an uncaught exception or an error entry of the browser's
/// log, in words; `None` for anything milder.
fn console_entry(method: &str, params: &Value) -> Option<ConsoleEntry> {
    let text = |value: Option<&Value>| value.and_then(Value::as_str).unwrap_or_default().to_owned();
    let (kind, text, url) = match method {
        "Runtime.consoleAPICalled" => {
            if !matches!(
                params.get("type").and_then(Value::as_str),
                Some("error" | "assert")
            ) {
                return None;
            }
            let args: Vec<String> = params
                .get("args")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .map(|arg| match arg.get("value") {
                    Some(Value::String(s)) => s.clone(),
                    Some(other) => other.to_string(),
                    None => text(arg.get("description")),
                })
                .collect();
            let url = text(params.pointer("/stackTrace/callFrames/0/url"));
            (ConsoleKind::ConsoleError, args.join(" "), url)
        }
        "Runtime.exceptionThrown" => {
            let details = params.get("exceptionDetails")?;
            let described = text(details.pointer("/exception/description"));
            let message = if described.is_empty() {
                text(details.get("text"))
            } else {
                described
            };
            (ConsoleKind::Exception, message, text(details.get("url")))
        }
        _ => {
            let entry = params.get("entry")?;
            if entry.get("level").and_then(Value::as_str) != Some("error") {
                return None;
            }
            let message = text(entry.get("text"));
            let kind = if message.contains("Content Security Policy") {
                ConsoleKind::CspViolation
            } else {
                ConsoleKind::BrowserError
            };
            (kind, message, text(entry.get("url")))
        }
    };
    let text = match text.char_indices().nth(MAX_CONSOLE_TEXT) {
        Some((cut, _)) => text.get(..cut).unwrap_or_default().to_owned(),
        None => text,
    };
    Some(ConsoleEntry {
        kind,
        text,
        url,
        frame_url: String::new(),
    })
}

/// Keeps `entry` under the tab its session belongs to, with the URL of its frame's target.
fn record_console(state: &mut State, session: &str, mut entry: ConsoleEntry) {
    let mut root = session.to_owned();
    for _ in 0..64 {
        match state.sessions.get(&root).and_then(|s| s.parent.clone()) {
            Some(parent) => root = parent,
            None => break,
        }
    }
    entry.frame_url = state
        .sessions
        .get(session)
        .map(|s| s.url.clone())
        .unwrap_or_default();
    let entries = state.console.entry(root).or_default();
    if entries.len() < MAX_CONSOLE_ENTRIES {
        entries.push(entry);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_are_kept_under_their_tab_with_their_frame_and_the_rest_ignored() {
        let mut state = State::default();
        let session = |parent: Option<&str>, url: &str| SessionInfo {
            parent: parent.map(str::to_owned),
            target_id: String::new(),
            url: url.to_owned(),
        };
        state.sessions.insert("tab".into(), session(None, ""));
        state
            .sessions
            .insert("app".into(), session(Some("tab"), "about:srcdoc"));
        let logged = json!({"type": "error", "args": [{"type": "string", "value": "broke"}, {"type": "number", "value": 7}]});
        let entry = console_entry("Runtime.consoleAPICalled", &logged).unwrap();
        record_console(&mut state, "app", entry);
        let csp = json!({"entry": {"source": "security", "level": "error",
            "text": "Refused to load … Content Security Policy directive …", "url": "https://x.example/a.png"}});
        record_console(
            &mut state,
            "app",
            console_entry("Log.entryAdded", &csp).unwrap(),
        );
        let thrown = json!({"exceptionDetails": {"text": "Uncaught", "exception": {"description": "TypeError: x is undefined"}}});
        record_console(
            &mut state,
            "tab",
            console_entry("Runtime.exceptionThrown", &thrown).unwrap(),
        );
        let kept = &state.console["tab"];
        assert_eq!(kept[0].kind, ConsoleKind::ConsoleError);
        assert_eq!(
            (kept[0].text.as_str(), kept[0].frame_url.as_str()),
            ("broke 7", "about:srcdoc")
        );
        assert_eq!(kept[1].kind, ConsoleKind::CspViolation);
        assert_eq!(
            (kept[2].kind, kept[2].text.as_str()),
            (ConsoleKind::Exception, "TypeError: x is undefined")
        );
        // Milder messages are not errors.
        assert!(
            console_entry(
                "Runtime.consoleAPICalled",
                &json!({"type": "log", "args": []})
            )
            .is_none()
        );
        assert!(
            console_entry(
                "Log.entryAdded",
                &json!({"entry": {"level": "warning", "text": "w"}})
            )
            .is_none()
        );
    }
}
