//! `save-state`: the queue of writes to the state store, one key at a time, and the answers.
//!
//! A store write waits for the disk (`SqliteStore` syncs every commit), so a host driven by
//! [`Runtime`](crate::Runtime) does not write itself: it hands out a [`SaveJob`] that the
//! runtime runs on a thread of its own, and answers the app when the outcome comes back
//! ([`AppHost::save_done`]). Per key, one write runs at a time and the newest state waiting
//! behind it replaces older waiting ones (only the newest matters), so writes land in the
//! order the app sent them, a flood costs at most two states per key, and every `save-state`
//! is answered, in order, once its state or the newer one that replaced it is on disk. A host
//! driven by hand (without [`AppHost::defer_saves`]) writes at once, as before.

use std::collections::{BTreeMap, VecDeque};
use std::sync::Arc;

use mcpapp_protocol::SaveStateResponseParams;
use serde_json::Value;

use super::{AppHost, InstanceId, state_key};
use crate::Error;
use crate::store::{StateKey, StateStore};

/// A write to the state store the host asks to be run off its thread: run it with
/// [`SaveJob::run`] in a blocking context and give the outcome to [`AppHost::save_done`].
pub struct SaveJob {
    key: StateKey,
    state: Value,
    store: Arc<dyn StateStore>,
}

impl std::fmt::Debug for SaveJob {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SaveJob")
            .field("key", &self.key)
            .finish_non_exhaustive()
    }
}

impl SaveJob {
    /// The app instance's key the state goes under.
    pub fn key(&self) -> &StateKey {
        &self.key
    }

    /// Writes the state. Blocks until the store has it (on disk, for the persistent store).
    pub fn run(self) -> SaveDone {
        let outcome = self.store.save(&self.key, &self.state);
        SaveDone {
            key: self.key,
            outcome,
        }
    }
}

/// The outcome of a [`SaveJob`], for [`AppHost::save_done`].
#[derive(Debug)]
pub struct SaveDone {
    /// The key written.
    pub key: StateKey,
    /// `Err` with the store's error when it was not written; its message names no path, so
    /// the app is told it.
    pub outcome: Result<(), Error>,
}

/// One app's state on its way to the store, and how many `save-state`s its write answers.
#[derive(Debug)]
struct Write {
    instance: InstanceId,
    state: Value,
    answers: u32,
}

/// The saves of one key: the write running, and the newest state waiting behind it.
#[derive(Debug, Default)]
pub(super) struct KeySaves {
    running: Option<Write>,
    waiting: Option<Write>,
}

/// Every key's saves, and the writes ready to be run.
#[derive(Debug, Default)]
pub(super) struct Saves {
    keys: BTreeMap<StateKey, KeySaves>,
    ready: VecDeque<SaveJob>,
    /// Whether writes are run by the embedder ([`AppHost::take_saves`]) rather than here.
    deferred: bool,
}

impl AppHost {
    /// Writes are no longer run by the host but handed out by [`Self::take_saves`], to be run
    /// off the caller's thread and answered with [`Self::save_done`]. [`Runtime`](crate::Runtime)
    /// does this; a host driven by hand writes at once unless it asks for this.
    pub fn defer_saves(&mut self) {
        self.saves.deferred = true;
    }

    /// The writes to run now, in order (with [`Self::defer_saves`]). Run them in this order
    /// (writes of one key never overlap: the next is handed out after [`Self::save_done`]).
    pub fn take_saves(&mut self) -> Vec<SaveJob> {
        self.saves.ready.drain(..).collect()
    }

    /// The writes that wait behind running ones, taken out of the queue at once: for an
    /// embedder that stops, to run after the writes it already has, in order.
    pub fn take_waiting_saves(&mut self) -> Vec<SaveJob> {
        let store = Arc::clone(&self.store);
        let mut jobs: Vec<SaveJob> = self.saves.ready.drain(..).collect();
        for (key, saves) in &mut self.saves.keys {
            if let Some(write) = saves.waiting.take() {
                jobs.push(SaveJob {
                    key: key.clone(),
                    state: write.state,
                    store: Arc::clone(&store),
                });
            }
        }
        jobs
    }

    /// How many of `instance`'s `save-state`s wait for their answer. The runtime stops reading
    /// an app that has a port's worth of them, so the answers never outgrow its port.
    pub fn saves_unanswered(&self, instance: InstanceId) -> usize {
        self.saves
            .keys
            .values()
            .flat_map(|k| [&k.running, &k.waiting])
            .flatten()
            .filter(|w| w.instance == instance)
            .map(|w| w.answers as usize)
            .sum()
    }

    /// A write has finished: its `save-state`s are answered and the state waiting behind it
    /// (if any) is next.
    pub fn save_done(&mut self, done: SaveDone) {
        let Some(saves) = self.saves.keys.get_mut(&done.key) else {
            return;
        };
        let Some(written) = saves.running.take() else {
            return;
        };
        if let Some(next) = saves.waiting.take() {
            self.saves.ready.push_back(SaveJob {
                key: done.key.clone(),
                state: next.state.clone(),
                store: Arc::clone(&self.store),
            });
            saves.running = Some(next);
        } else {
            self.saves.keys.remove(&done.key);
        }
        let response = match done.outcome {
            Ok(()) => SaveStateResponseParams {
                success: true,
                message: None,
            },
            Err(error) => SaveStateResponseParams {
                success: false,
                message: Some(error.to_string()),
            },
        };
        for _ in 0..written.answers {
            self.saved(written.instance, &response);
        }
        self.run_saves_here();
    }

    /// `save-state`: queued for its key, then written and acknowledged with
    /// `save-state-response`.
    pub(super) fn save_state(&mut self, instance: InstanceId, state: Value) {
        let Some(i) = self.instances.get(&instance) else {
            return;
        };
        let key = state_key(i);
        let saves = self.saves.keys.entry(key.clone()).or_default();
        if saves.running.is_none() {
            self.saves.ready.push_back(SaveJob {
                key,
                state: state.clone(),
                store: Arc::clone(&self.store),
            });
            saves.running = Some(Write {
                instance,
                state,
                answers: 1,
            });
        } else {
            let answers = saves.waiting.as_ref().map_or(0, |w| w.answers);
            saves.waiting = Some(Write {
                instance,
                state,
                answers: answers.saturating_add(1),
            });
        }
        self.run_saves_here();
    }

    /// The newest state saved under `key` that may not be in the store yet.
    pub(super) fn unwritten_state(&self, key: &StateKey) -> Option<&Value> {
        let saves = self.saves.keys.get(key)?;
        saves
            .waiting
            .as_ref()
            .or(saves.running.as_ref())
            .map(|w| &w.state)
    }

    /// Without [`Self::defer_saves`], the writes are run here and now.
    fn run_saves_here(&mut self) {
        if self.saves.deferred {
            return;
        }
        while let Some(job) = self.saves.ready.pop_front() {
            let done = job.run();
            self.save_done(done);
        }
    }
}
