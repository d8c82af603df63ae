//! The in-memory store, for tests.

use std::collections::BTreeMap;
use std::sync::{Mutex, MutexGuard, PoisonError};

use super::{Error, StateKey, StateStore, StoreLimits, encode};

/// A [`StateStore`] in memory, for tests: nothing survives the process.
///
/// It keeps the states as JSON text, checks the same [`StoreLimits`] and orders
/// [`keys_of_thread`](StateStore::keys_of_thread) the same way as [`SqliteStore`](super::SqliteStore),
/// so that a test on it sees what the persistent store would do.
#[derive(Debug, Default)]
pub struct MemoryStore {
    inner: Mutex<Inner>,
    limits: StoreLimits,
}

#[derive(Debug, Default)]
struct Inner {
    /// Each key's state text and the sequence number of its first save.
    entries: BTreeMap<StateKey, (u64, String)>,
    next_seq: u64,
}

impl MemoryStore {
    /// An empty store with the default limits.
    pub fn new() -> Self {
        Self::default()
    }

    /// The same store with other limits.
    #[must_use]
    pub fn with_limits(mut self, limits: StoreLimits) -> Self {
        self.limits = limits;
        self
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        // A thread that panicked while holding the lock left the map whole (every change is one
        // map operation), so its data is still good.
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl StateStore for MemoryStore {
    fn limits(&self) -> StoreLimits {
        self.limits
    }

    fn save(&self, key: &StateKey, state: &serde_json::Value) -> Result<(), Error> {
        let text = encode(state, self.limits)?;
        let mut inner = self.lock();
        if let Some(entry) = inner.entries.get_mut(key) {
            entry.1 = text;
        } else {
            let seq = inner.next_seq;
            inner.next_seq = seq.saturating_add(1);
            inner.entries.insert(key.clone(), (seq, text));
        }
        Ok(())
    }

    fn load(&self, key: &StateKey) -> Result<Option<serde_json::Value>, Error> {
        let inner = self.lock();
        let Some((_, text)) = inner.entries.get(key) else {
            return Ok(None);
        };
        serde_json::from_str(text)
            .map(Some)
            .map_err(|e| Error::StateCorrupt {
                key: key.clone(),
                reason: format!("not JSON: {e}"),
            })
    }

    fn delete(&self, key: &StateKey) -> Result<(), Error> {
        self.lock().entries.remove(key);
        Ok(())
    }

    fn keys_of_thread(&self, thread: &str) -> Result<Vec<StateKey>, Error> {
        let inner = self.lock();
        let mut keys: Vec<(u64, &StateKey)> = inner
            .entries
            .iter()
            .filter(|(key, _)| key.thread == thread)
            .map(|(key, (seq, _))| (*seq, key))
            .collect();
        keys.sort_unstable_by_key(|(seq, _)| *seq);
        Ok(keys.into_iter().map(|(_, key)| key.clone()).collect())
    }

    fn delete_thread(&self, thread: &str) -> Result<(), Error> {
        self.lock().entries.retain(|key, _| key.thread != thread);
        Ok(())
    }
}
