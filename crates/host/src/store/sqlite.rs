//! The persistent store: one `SQLite` database file.
//!
//! Durability: the database runs in WAL mode with `synchronous = FULL`. WAL makes every commit an
//! append to the write-ahead log, and a reader (or the next process, after a crash) sees only
//! commits whose frames are complete: a process killed in the middle of a write leaves the old
//! value. `synchronous = NORMAL` would already survive a killed process, but it syncs the log only
//! at checkpoints, so a power loss could take back saves the app was told succeeded; `FULL` syncs
//! the log at every commit, which costs one `fsync` per save — cheap at the pace apps save (a
//! user's edits), and it makes `save-state-response {success: true}` true.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use rusqlite::types::ValueRef;
use rusqlite::{Connection, ErrorCode, OpenFlags, OptionalExtension, TransactionBehavior, params};

use super::{Error, StateKey, StateStore, StoreLimits, encode};

/// The file name of the default database in the user's data directory.
const DEFAULT_FILE_NAME: &str = "state.sqlite3";

/// `PRAGMA application_id` of our files ("mcpa"), so that a `SQLite` database of another program
/// found at our path is recognised and not written into.
const APPLICATION_ID: i32 = 0x6d63_7061;

/// `PRAGMA user_version` of the schema below. A file with a larger one was written by a newer
/// version of this program and is left alone.
const SCHEMA_VERSION: i32 = 1;

/// How long a write waits for another process holding the database (a second host on the same
/// file) before it fails.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// The schema. One row per app instance; the primary key is the whole [`StateKey`], so states of
/// different servers, tools, threads and tool calls cannot share a row. `STRICT` makes `SQLite`
/// refuse a value of the wrong type instead of converting it. `seq` orders a thread's keys by
/// first save; the index serves `keys_of_thread` and the next `seq` of a thread. Not `WITHOUT
/// ROWID`: states can be large, and `SQLite` advises rowid tables for large rows.
const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS app_state (
    server       TEXT    NOT NULL,
    tool         TEXT    NOT NULL,
    thread       TEXT    NOT NULL,
    tool_call_id TEXT    NOT NULL,
    state        TEXT    NOT NULL,
    saved_at     INTEGER NOT NULL,
    seq          INTEGER NOT NULL,
    PRIMARY KEY (server, tool, thread, tool_call_id)
) STRICT;
CREATE INDEX IF NOT EXISTS app_state_thread ON app_state (thread, seq);
";

/// Insert or replace one state. A new key gets the next `seq` of its thread; a replaced one keeps
/// its `seq`, so saving again does not reorder the thread's apps. One statement is one
/// transaction: it is written whole or not at all.
const SAVE: &str = "
INSERT INTO app_state (server, tool, thread, tool_call_id, state, saved_at, seq)
VALUES (?1, ?2, ?3, ?4, ?5, ?6,
        COALESCE((SELECT MAX(seq) FROM app_state WHERE thread = ?3), 0) + 1)
ON CONFLICT (server, tool, thread, tool_call_id)
DO UPDATE SET state = excluded.state, saved_at = excluded.saved_at
";

const LOAD: &str = "
SELECT state FROM app_state
WHERE server = ?1 AND tool = ?2 AND thread = ?3 AND tool_call_id = ?4
";

const DELETE: &str = "
DELETE FROM app_state
WHERE server = ?1 AND tool = ?2 AND thread = ?3 AND tool_call_id = ?4
";

const KEYS_OF_THREAD: &str = "
SELECT server, tool, tool_call_id FROM app_state
WHERE thread = ?1
ORDER BY seq, server, tool, tool_call_id
";

/// The default [`StateStore`]: an embedded `SQLite` database (`SQLite` is compiled in), persistent
/// and crash-safe. See the module docs for the durability settings.
///
/// One connection behind a mutex serves all threads of the process; other processes may open the
/// same file at the same time (WAL lets readers and one writer work together).
#[derive(Debug)]
pub struct SqliteStore {
    conn: Mutex<Connection>,
    path: PathBuf,
    limits: StoreLimits,
}

impl SqliteStore {
    /// Opens (or creates) the database at `path`, creating its folder, with the default limits.
    ///
    /// A file that is not a database this program can use is
    /// [`Error::NotADatabase`]; [`open_or_start_fresh`](Self::open_or_start_fresh) recovers
    /// from it.
    pub fn open(path: &Path) -> Result<Self, Error> {
        if let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(folder).map_err(|source| Error::Io {
                path: folder.to_path_buf(),
                source,
            })?;
        }
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let mut conn =
            Connection::open_with_flags(path, flags).map_err(|e| open_error(path, &e))?;
        configure(&mut conn, path)?;
        Ok(Self {
            conn: Mutex::new(conn),
            path: path.to_path_buf(),
            limits: StoreLimits::default(),
        })
    }

    /// Opens the database at `path`; when the file is not a usable database, moves it aside
    /// (renamed `<name>.corrupt-<unix seconds>`, with its `-wal` and `-shm` files), logs a
    /// warning and starts a fresh one. The bad file is kept for the user to inspect, never
    /// deleted. Other errors (a folder that cannot be created, a file of a newer version) are
    /// returned.
    pub fn open_or_start_fresh(path: &Path) -> Result<Self, Error> {
        match Self::open(path) {
            Err(Error::NotADatabase { reason, .. }) => {
                let aside = move_aside(path)?;
                tracing::warn!(
                    path = %path.display(),
                    moved_to = %aside.display(),
                    %reason,
                    "the app state database was not usable: moved it aside and started a fresh one"
                );
                Self::open(path)
            }
            other => other,
        }
    }

    /// Opens the default database, `state.sqlite3` in the user's data directory (for example
    /// `~/.local/share/mcpapp` on Linux), as [`open_or_start_fresh`](Self::open_or_start_fresh)
    /// does: a bad file never stops the host.
    pub fn open_default() -> Result<Self, Error> {
        Self::open_or_start_fresh(&Self::default_path()?)
    }

    /// Where [`open_default`](Self::open_default) keeps the database.
    pub fn default_path() -> Result<PathBuf, Error> {
        let dirs =
            directories::ProjectDirs::from("dev", "mcpapp", "mcpapp").ok_or(Error::NoDataDir)?;
        Ok(dirs.data_dir().join(DEFAULT_FILE_NAME))
    }

    /// The same store with other limits.
    #[must_use]
    pub fn with_limits(mut self, limits: StoreLimits) -> Self {
        self.limits = limits;
        self
    }

    /// The database file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn lock(&self) -> MutexGuard<'_, Connection> {
        // A thread that panicked while holding the lock left no transaction open (rusqlite rolls
        // back on drop, and each write is one statement), so the connection is still good.
        self.conn.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl StateStore for SqliteStore {
    fn limits(&self) -> StoreLimits {
        self.limits
    }

    fn save(&self, key: &StateKey, state: &serde_json::Value) -> Result<(), Error> {
        let text = encode(state, self.limits)?;
        let conn = self.lock();
        conn.execute(
            SAVE,
            params![
                key.server,
                key.tool,
                key.thread,
                key.tool_call_id,
                text,
                unix_millis()
            ],
        )
        .map_err(|e| entry_error(key, &e))?;
        Ok(())
    }

    fn load(&self, key: &StateKey) -> Result<Option<serde_json::Value>, Error> {
        let conn = self.lock();
        conn.query_row(
            LOAD,
            params![key.server, key.tool, key.thread, key.tool_call_id],
            |row| Ok(decode(key, row.get_ref(0)?)),
        )
        .optional()
        .map_err(|e| entry_error(key, &e))?
        .transpose()
    }

    fn delete(&self, key: &StateKey) -> Result<(), Error> {
        let conn = self.lock();
        conn.execute(
            DELETE,
            params![key.server, key.tool, key.thread, key.tool_call_id],
        )
        .map_err(|e| entry_error(key, &e))?;
        Ok(())
    }

    fn keys_of_thread(&self, thread: &str) -> Result<Vec<StateKey>, Error> {
        let conn = self.lock();
        let mut statement = conn.prepare(KEYS_OF_THREAD).map_err(|e| database(&e))?;
        let mut rows = statement.query([thread]).map_err(|e| database(&e))?;
        let mut keys = Vec::new();
        loop {
            match rows.next() {
                Ok(Some(row)) => match key_of_row(row, thread) {
                    Ok(key) => keys.push(key),
                    // One damaged row must not hide the thread's other apps.
                    Err(reason) => {
                        tracing::warn!(thread, %reason, "skipped an app state with a damaged key");
                    }
                },
                Ok(None) => break,
                // A damaged page ends the scan; the keys read so far are still good, and
                // recreating those apps is better than recreating none.
                Err(e) if e.sqlite_error_code() == Some(ErrorCode::DatabaseCorrupt) => {
                    tracing::warn!(thread, error = %e, "the app states of a thread are partly damaged; skipped the rest");
                    break;
                }
                Err(e) => return Err(database(&e)),
            }
        }
        Ok(keys)
    }

    fn delete_thread(&self, thread: &str) -> Result<(), Error> {
        let conn = self.lock();
        conn.execute("DELETE FROM app_state WHERE thread = ?1", [thread])
            .map_err(|e| database(&e))?;
        Ok(())
    }
}

/// Sets the connection up: the journal, durability and waiting; then checks that the file is ours
/// and creates the schema if it is new.
fn configure(conn: &mut Connection, path: &Path) -> Result<(), Error> {
    let fail = |e: rusqlite::Error| open_error(path, &e);
    conn.busy_timeout(BUSY_TIMEOUT).map_err(fail)?;
    // The first statement that reads the file: a file that is not SQLite fails here.
    let mode: String = conn
        .query_row("PRAGMA journal_mode = WAL", [], |row| row.get(0))
        .map_err(fail)?;
    if !mode.eq_ignore_ascii_case("wal") {
        // Some file systems (network shares) cannot hold WAL's shared memory. The rollback
        // journal SQLite keeps then is just as crash-safe, only slower with several processes.
        tracing::warn!(path = %path.display(), %mode, "the app state database could not use WAL; using its {mode} journal");
    }
    // See the module docs: every commit synced, so a successful save survives a power loss.
    // The log is cut back to 4 MiB after a checkpoint so that a burst of large states does not
    // leave a large file behind.
    conn.execute_batch("PRAGMA synchronous = FULL; PRAGMA journal_size_limit = 4194304;")
        .map_err(fail)?;

    // Checked and created in one write transaction, so that two processes opening a new file at
    // once cannot both create it.
    let tx = conn
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .map_err(fail)?;
    let application_id: i32 = tx
        .query_row("PRAGMA application_id", [], |row| row.get(0))
        .map_err(fail)?;
    let version: i32 = tx
        .query_row("PRAGMA user_version", [], |row| row.get(0))
        .map_err(fail)?;
    if application_id != 0 && application_id != APPLICATION_ID {
        return Err(Error::NotADatabase {
            path: path.to_path_buf(),
            reason: format!(
                "it is a SQLite database of another program (application id {application_id:#x})"
            ),
        });
    }
    if version > SCHEMA_VERSION {
        return Err(Error::Database(format!(
            "{} was written by a newer version of this program (schema {version}; this one knows up to {SCHEMA_VERSION})",
            path.display()
        )));
    }
    if version < SCHEMA_VERSION {
        tx.execute_batch(&format!(
            "{SCHEMA}
             PRAGMA application_id = {APPLICATION_ID};
             PRAGMA user_version = {SCHEMA_VERSION};"
        ))
        .map_err(fail)?;
    }
    tx.commit().map_err(fail)
}

/// An error met while opening `path`: a file that is not `SQLite`, or whose schema is damaged, is
/// not a usable database; anything else is a plain database error.
fn open_error(path: &Path, e: &rusqlite::Error) -> Error {
    match e.sqlite_error_code() {
        Some(ErrorCode::NotADatabase) => Error::NotADatabase {
            path: path.to_path_buf(),
            reason: format!("it is not a SQLite database ({e})"),
        },
        Some(ErrorCode::DatabaseCorrupt) => Error::NotADatabase {
            path: path.to_path_buf(),
            reason: format!("it is damaged ({e})"),
        },
        _ => Error::Database(format!("cannot open {}: {e}", path.display())),
    }
}

/// An error met while reading or writing one entry: a page `SQLite` finds damaged is that entry's
/// corruption, not the whole store's.
fn entry_error(key: &StateKey, e: &rusqlite::Error) -> Error {
    if e.sqlite_error_code() == Some(ErrorCode::DatabaseCorrupt) {
        Error::StateCorrupt {
            key: key.clone(),
            reason: format!("the database page holding it is damaged ({e})"),
        }
    } else {
        database(e)
    }
}

fn database(e: &rusqlite::Error) -> Error {
    Error::Database(e.to_string())
}

/// The JSON value of a stored state; anything but JSON text is that entry's corruption.
fn decode(key: &StateKey, value: ValueRef<'_>) -> Result<serde_json::Value, Error> {
    let corrupt = |reason: String| Error::StateCorrupt {
        key: key.clone(),
        reason,
    };
    let bytes = match value {
        ValueRef::Text(bytes) => bytes,
        ValueRef::Blob(_) => return Err(corrupt("it is stored as a blob, not as text".into())),
        ValueRef::Integer(_) => {
            return Err(corrupt("it is stored as an integer, not as text".into()));
        }
        ValueRef::Real(_) => return Err(corrupt("it is stored as a real, not as text".into())),
        ValueRef::Null => return Err(corrupt("it is stored as NULL, not as text".into())),
    };
    let text = std::str::from_utf8(bytes).map_err(|e| corrupt(format!("not UTF-8 text ({e})")))?;
    serde_json::from_str(text).map_err(|e| corrupt(format!("not JSON ({e})")))
}

/// The key of a `KEYS_OF_THREAD` row, or why it cannot be read.
fn key_of_row(row: &rusqlite::Row<'_>, thread: &str) -> Result<StateKey, String> {
    let text = |index: usize| -> Result<String, String> {
        row.get_ref(index)
            .map_err(|e| e.to_string())?
            .as_str()
            .map(str::to_owned)
            .map_err(|e| e.to_string())
    };
    Ok(StateKey {
        server: text(0)?,
        tool: text(1)?,
        thread: thread.to_owned(),
        tool_call_id: text(2)?,
    })
}

/// Renames a bad database file (and its `-wal`, `-shm` and `-journal` files: a stale log applied
/// to a fresh database would damage it) to `<name>.corrupt-<unix seconds>[-n]`; returns the new
/// name of the database file.
fn move_aside(path: &Path) -> Result<PathBuf, Error> {
    let seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let base = format!("{}.corrupt-{seconds}", path.display());
    let mut aside = PathBuf::from(&base);
    let mut n = 1_u32;
    while aside.exists() {
        n = n.saturating_add(1);
        aside = PathBuf::from(format!("{base}-{n}"));
    }
    let rename = |from: &Path, to: &Path| {
        std::fs::rename(from, to).map_err(|source| Error::Io {
            path: from.to_path_buf(),
            source,
        })
    };
    rename(path, &aside)?;
    for suffix in ["-wal", "-shm", "-journal"] {
        let companion = PathBuf::from(format!("{}{suffix}", path.display()));
        if companion.exists() {
            rename(
                &companion,
                &PathBuf::from(format!("{}{suffix}", aside.display())),
            )?;
        }
    }
    Ok(aside)
}

/// Now, in milliseconds since the Unix epoch (0 if the clock is before it).
fn unix_millis() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

#[cfg(test)]
mod tests {
    #![allow(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        reason = "tests"
    )]

    use super::*;

    fn key() -> StateKey {
        StateKey::new("server", "tool", "thread", "call")
    }

    fn reason_of(result: Result<serde_json::Value, Error>) -> String {
        match result {
            Err(Error::StateCorrupt { key: k, reason }) => {
                assert_eq!(k, key());
                reason
            }
            other => panic!("expected Corrupt, got {other:?}"),
        }
    }

    #[test]
    fn decode_reads_json_text() {
        let value = decode(&key(), ValueRef::Text(br#"{"a":[1,2]}"#)).unwrap();
        assert_eq!(value, serde_json::json!({"a": [1, 2]}));
    }

    #[test]
    fn decode_reports_every_wrong_shape_as_corrupt() {
        assert!(reason_of(decode(&key(), ValueRef::Blob(b"{}"))).contains("blob"));
        assert!(reason_of(decode(&key(), ValueRef::Integer(4))).contains("integer"));
        assert!(reason_of(decode(&key(), ValueRef::Real(0.5))).contains("real"));
        assert!(reason_of(decode(&key(), ValueRef::Null)).contains("NULL"));
        assert!(reason_of(decode(&key(), ValueRef::Text(b"\"\xff\""))).contains("UTF-8"));
        assert!(reason_of(decode(&key(), ValueRef::Text(b"{\"a\":"))).contains("not JSON"));
    }

    #[test]
    fn corrupt_message_names_the_key() {
        let message = reason_of(decode(&key(), ValueRef::Null));
        let error = Error::StateCorrupt {
            key: key(),
            reason: message,
        };
        let text = error.to_string();
        for part in ["`tool`", "`server`", "`thread`", "`call`", "corrupt"] {
            assert!(text.contains(part), "{text}");
        }
    }

    #[test]
    fn default_path_is_in_a_data_directory() {
        // Only where a home directory exists, as on every developer machine and CI.
        if let Ok(path) = SqliteStore::default_path() {
            assert!(path.ends_with("state.sqlite3"), "{}", path.display());
            assert!(
                path.to_string_lossy().contains("mcpapp"),
                "{}",
                path.display()
            );
        }
    }
}
