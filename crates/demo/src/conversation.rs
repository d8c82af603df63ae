//! The conversation a chat host keeps: threads of user messages and tool calls. The apps'
//! own state lives in the host's store; this is what brings them back after a restart (which
//! tool call, which view, its input and result). It is kept in the same store, under a key of
//! its own.

use std::time::{SystemTime, UNIX_EPOCH};

use mcpapp_host::AppSpec;
use mcpapp_host::Error;
use mcpapp_host::store::{StateKey, StateStore};
use mcpapp_protocol::CallToolResult;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The store key of the conversation (no MCP server has an empty id, so it meets no app's).
fn key() -> StateKey {
    StateKey::new("", "mcpapp-demo/conversation", "", "")
}

/// Every thread, and which one is on screen.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Conversation {
    /// The threads, oldest first.
    pub threads: Vec<Thread>,
    /// The id of the thread on screen.
    pub current: String,
    /// The number of the next thread, so ids are never reused.
    pub next_thread: u64,
}

/// One thread of the conversation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Thread {
    /// Its id (the host's thread id, and part of its apps' state keys).
    pub id: String,
    /// What the list shows.
    pub title: String,
    /// What happened, in order.
    pub entries: Vec<Entry>,
}

/// One thing in a thread.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Entry {
    /// A message from the user (an app's `ui/message`).
    User {
        /// Its text.
        text: String,
    },
    /// A tool call of the agent, and what became of it.
    Call(Box<Call>),
}

/// A tool call of the agent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Call {
    /// The server's id.
    pub server: String,
    /// The tool.
    pub tool: String,
    /// The agent's tool call id.
    pub tool_call_id: String,
    /// The arguments.
    pub arguments: Value,
    /// The app it opened, once open.
    pub app: Option<AppSpec>,
    /// Its result, once there.
    pub result: Option<CallToolResult>,
    /// Why it failed, if it did.
    pub error: Option<String>,
}

impl Default for Conversation {
    fn default() -> Self {
        Self {
            threads: vec![Thread::new(1)],
            current: Thread::id_of(1),
            next_thread: 2,
        }
    }
}

impl Thread {
    fn id_of(number: u64) -> String {
        format!("thread-{number}")
    }

    fn new(number: u64) -> Self {
        Self {
            id: Self::id_of(number),
            title: format!("Thread {number}"),
            entries: Vec::new(),
        }
    }
}

impl Conversation {
    /// The conversation saved in `store`, or a new one (with why the saved one is not used).
    pub fn load(store: &dyn StateStore) -> (Self, Option<String>) {
        match store.load(&key()) {
            Ok(Some(saved)) => match serde_json::from_value::<Self>(saved) {
                Ok(conversation) if conversation.thread(&conversation.current).is_some() => {
                    (conversation, None)
                }
                Ok(_) => (
                    Self::default(),
                    Some("the saved conversation has no current thread".into()),
                ),
                Err(e) => (
                    Self::default(),
                    Some(format!("the saved conversation is unreadable: {e}")),
                ),
            },
            Ok(None) => (Self::default(), None),
            Err(e) => (Self::default(), Some(e.to_string())),
        }
    }

    /// Saves it (one write, all or nothing).
    pub fn save(&self, store: &dyn StateStore) -> Result<(), Error> {
        let value = serde_json::to_value(self).map_err(|e| Error::StateEncode(e.to_string()))?;
        store.save(&key(), &value)
    }

    /// A thread by id.
    pub fn thread(&self, id: &str) -> Option<&Thread> {
        self.threads.iter().find(|t| t.id == id)
    }

    /// The thread on screen.
    pub fn current_mut(&mut self) -> Option<&mut Thread> {
        let current = self.current.clone();
        self.threads.iter_mut().find(|t| t.id == current)
    }

    /// Starts a thread and makes it current; returns its id.
    pub fn new_thread(&mut self) -> String {
        let thread = Thread::new(self.next_thread);
        self.next_thread += 1;
        let id = thread.id.clone();
        self.threads.push(thread);
        self.current.clone_from(&id);
        id
    }

    /// The call with this tool call id, in any thread.
    pub fn call_mut(&mut self, tool_call_id: &str) -> Option<&mut Call> {
        self.threads
            .iter_mut()
            .flat_map(|t| t.entries.iter_mut())
            .find_map(|e| match e {
                Entry::Call(call) if call.tool_call_id == tool_call_id => Some(&mut **call),
                _ => None,
            })
    }
}

/// A tool call id no earlier run used: the time, and a counter for calls in the same instant.
pub fn new_tool_call_id(counter: &mut u64) -> String {
    *counter += 1;
    let millis = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis());
    format!("call-{millis}-{counter}")
}
