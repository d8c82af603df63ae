//! The store's error type.

use std::path::PathBuf;

use super::StateKey;

/// What can go wrong in a [`StateStore`](super::StateStore).
///
/// The messages of the errors a save or load can return (`TooLarge`, `Corrupt`, `Encode`,
/// `Database`) name no file path, so they can be shown to an app in `save-state-response
/// {success: false, message}`. Only opening a store (`NotADatabase`, `Io`, `NoDataDir`) names
/// paths, for the user's log.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StoreError {
    /// The state is over [`StoreLimits::max_entry_bytes`](super::StoreLimits::max_entry_bytes); it
    /// was not saved and the previous state is kept.
    #[error(
        "the state is {bytes} bytes, over the limit of {limit} bytes per app; it was not saved"
    )]
    TooLarge {
        /// The size of the refused state (its compact JSON text), in bytes.
        bytes: usize,
        /// The limit per entry, in bytes.
        limit: usize,
    },

    /// The entry under `key` is damaged (not UTF-8, not JSON, a wrong column type, or a page
    /// `SQLite` found corrupt). Only this key is affected; the caller goes on without its state.
    #[error("the saved state of {key} is corrupt and was skipped: {reason}")]
    Corrupt {
        /// The damaged entry.
        key: StateKey,
        /// What is wrong with it.
        reason: String,
    },

    /// The file is not a state database this program can use (not `SQLite` at all, a database of
    /// another program, or damaged beyond opening).
    /// [`SqliteStore::open_or_start_fresh`](super::SqliteStore::open_or_start_fresh) moves such a
    /// file aside and starts a fresh one.
    #[error("{} is not a usable state database: {reason}", path.display())]
    NotADatabase {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },

    /// The state could not be written as JSON text (cannot happen for a `serde_json::Value`; kept
    /// so that no case panics).
    #[error("the state could not be encoded as JSON: {0}")]
    Encode(String),

    /// Any other database failure (disk full, I/O error, locked by another process for too long,
    /// written by a newer version of this program).
    #[error("state database error: {0}")]
    Database(String),

    /// A file or folder of the store could not be created or moved.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// The operating system's error.
        #[source]
        source: std::io::Error,
    },

    /// No user data directory could be found (no home directory), so the default store has no
    /// place; give it a path with [`SqliteStore::open`](super::SqliteStore::open).
    #[error("no user data directory was found (no home directory); give the state store a path")]
    NoDataDir,
}
