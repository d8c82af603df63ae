//! App state stores: where `ui/notifications/save-state` writes and `load-state` reads.
//!
//! An app checkpoints its state with `save-state`; when the user switches threads the host closes
//! the thread's apps, and when the user comes back it recreates them ([`StateStore::keys_of_thread`])
//! and sends each its last saved state ([`StateStore::load`]). A [`StateKey`] names one app
//! instance, so states of different servers, tools, threads and tool calls never mix.
//!
//! Two stores implement [`StateStore`]: [`SqliteStore`], the default, persistent and embedded
//! (`SQLite`, crash-safe, under the user's data directory or a given path), and [`MemoryStore`] for
//! tests. Both enforce the same [`StoreLimits`]. Every method blocks (the `SQLite` store writes to
//! disk and waits for `fsync`): call it from a blocking context (`spawn_blocking`, a worker thread),
//! not from an async task.
//!
//! A damaged entry never takes the host down: [`StateStore::load`] reports it as
//! [`Error::StateCorrupt`] for that key only, and the caller goes on without that state.

mod memory;
mod sqlite;

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::Error;
pub use memory::MemoryStore;
pub use sqlite::SqliteStore;

/// Identifies one app instance's state: never mixes servers, tools, threads or tool calls.
///
/// All four parts are compared exactly (byte for byte); none of them is trimmed or folded, so two
/// keys are the same entry only when every part is equal.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StateKey {
    /// The MCP server the tool belongs to (the host's name for its connection).
    pub server: String,
    /// The tool whose result is the app.
    pub tool: String,
    /// The conversation thread the app lives in.
    pub thread: String,
    /// The tool call that created the app instance (`toolCallId`).
    pub tool_call_id: String,
}

impl StateKey {
    /// A key from its four parts.
    pub fn new(
        server: impl Into<String>,
        tool: impl Into<String>,
        thread: impl Into<String>,
        tool_call_id: impl Into<String>,
    ) -> Self {
        Self {
            server: server.into(),
            tool: tool.into(),
            thread: thread.into(),
            tool_call_id: tool_call_id.into(),
        }
    }
}

impl fmt::Display for StateKey {
    /// `tool `t` (server `s`, thread `th`, tool call `c`)`: the form error messages use.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "tool `{}` (server `{}`, thread `{}`, tool call `{}`)",
            self.tool, self.server, self.thread, self.tool_call_id
        )
    }
}

/// Limits every store enforces, the same for all, so that tests on [`MemoryStore`] see the errors
/// the persistent store gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StoreLimits {
    /// The largest state one entry may hold, in bytes of its compact JSON text. A larger state is
    /// refused with [`Error::StateTooLarge`] and the previous one is kept. Default: 1 MiB, far
    /// more than the inputs of a card or the checkpoint of an HTML app need, small enough that a
    /// misbehaving app cannot fill the user's disk one save at a time.
    pub max_entry_bytes: usize,
}

impl StoreLimits {
    /// The default limit per entry: 1 MiB.
    pub const DEFAULT_MAX_ENTRY_BYTES: usize = 1024 * 1024;

    /// `Err(TooLarge)` when a state of `bytes` bytes is over the limit.
    pub fn check(&self, bytes: usize) -> Result<(), Error> {
        if bytes > self.max_entry_bytes {
            Err(Error::StateTooLarge {
                bytes,
                limit: self.max_entry_bytes,
            })
        } else {
            Ok(())
        }
    }
}

impl Default for StoreLimits {
    fn default() -> Self {
        Self {
            max_entry_bytes: Self::DEFAULT_MAX_ENTRY_BYTES,
        }
    }
}

/// Where app states are kept. Implementations are shared between threads.
///
/// Every method blocks until the store has done its work (for the persistent store: until the
/// write is on disk).
pub trait StateStore: Send + Sync {
    /// The limits this store enforces (the default ones unless the store says otherwise).
    fn limits(&self) -> StoreLimits {
        StoreLimits::default()
    }

    /// Saves `state` (any JSON) under `key`, replacing what was there. Atomic: a reader sees the
    /// old or the new value, never a mix, even if the process dies during the write.
    ///
    /// A state over the limit is refused with [`Error::StateTooLarge`] and the old value stays.
    /// The error's message is meant for `save-state-response {success: false, message}`.
    fn save(&self, key: &StateKey, state: &serde_json::Value) -> Result<(), Error>;

    /// The state under `key`; `Ok(None)` when there is none.
    ///
    /// A corrupt entry is `Err(Error::StateCorrupt{..})`: the caller reports it and goes on
    /// without state; other keys are not affected.
    fn load(&self, key: &StateKey) -> Result<Option<serde_json::Value>, Error>;

    /// Removes the state under `key`; removing what is not there is not an error.
    fn delete(&self, key: &StateKey) -> Result<(), Error>;

    /// Every key of a thread (to recreate its apps after a thread switch), in the order of their
    /// *first* save. Saving again does not move a key, so recreated apps keep their places.
    fn keys_of_thread(&self, thread: &str) -> Result<Vec<StateKey>, Error>;

    /// Removes every state of a thread (when the conversation is deleted).
    fn delete_thread(&self, thread: &str) -> Result<(), Error>;
}

/// The compact JSON text of `state`, as stored, checked against `limits`.
fn encode(state: &serde_json::Value, limits: StoreLimits) -> Result<String, Error> {
    let text = serde_json::to_string(state).map_err(|e| Error::StateEncode(e.to_string()))?;
    limits.check(text.len())?;
    Ok(text)
}
