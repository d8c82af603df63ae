//! Remembering used nonces: the [`ReplayGuard`] trait and its in-memory kind.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

/// Remembers used nonces, so that an action is accepted once.
pub trait ReplayGuard {
    /// Records `nonce`, valid until `expires` (unix seconds); `true` if it was not used before.
    fn first_use(&mut self, nonce: &str, expires: u64, now: u64) -> bool;
}

/// A [`ReplayGuard`] in memory, for one process. Nonces are forgotten once expired (an expired
/// action is refused anyway), in order of expiry: a call looks only at the nonces that expired
/// since, never at all of them. At most [`Self::capacity`] nonces are remembered: when that
/// many unexpired actions have been used, further ones are refused as replays until some
/// expire (fail closed rather than forget).
#[derive(Debug, Clone)]
pub struct MemoryReplayGuard {
    seen: HashMap<String, u64>,
    by_expiry: BinaryHeap<Reverse<(u64, String)>>,
    capacity: usize,
}

impl Default for MemoryReplayGuard {
    fn default() -> Self {
        Self::with_capacity(Self::DEFAULT_CAPACITY)
    }
}

impl MemoryReplayGuard {
    /// How many nonces a guard remembers by default.
    pub const DEFAULT_CAPACITY: usize = 1_000_000;

    /// An empty guard.
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty guard that remembers at most `capacity` nonces.
    pub fn with_capacity(capacity: usize) -> Self {
        Self {
            seen: HashMap::new(),
            by_expiry: BinaryHeap::new(),
            capacity,
        }
    }

    /// The most nonces remembered at once.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// How many unexpired nonces are remembered.
    pub fn len(&self) -> usize {
        self.seen.len()
    }

    /// Whether no nonce is remembered.
    pub fn is_empty(&self) -> bool {
        self.seen.is_empty()
    }
}

impl ReplayGuard for MemoryReplayGuard {
    fn first_use(&mut self, nonce: &str, expires: u64, now: u64) -> bool {
        while let Some(Reverse((expiry, _))) = self.by_expiry.peek()
            && *expiry <= now
        {
            if let Some(Reverse((expiry, old))) = self.by_expiry.pop()
                && self.seen.get(&old) == Some(&expiry)
            {
                self.seen.remove(&old);
            }
        }
        if self.seen.contains_key(nonce) || self.seen.len() >= self.capacity {
            return false;
        }
        self.seen.insert(nonce.to_owned(), expires);
        self.by_expiry.push(Reverse((expires, nonce.to_owned())));
        true
    }
}
