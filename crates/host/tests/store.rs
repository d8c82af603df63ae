#![cfg(test)] // clippy.toml's allowances for tests hold in every function here
//! The state store contract, run against both stores, and the `SQLite` store's files: reopening,
//! damaged entries, files that are not databases.

use std::path::{Path, PathBuf};

use mcpapp_host::Error;
use mcpapp_host::store::{MemoryStore, SqliteStore, StateKey, StateStore, StoreLimits};
use serde_json::{Value, json};

/// The limit the contract tests run with, small so that the size test is cheap.
const LIMIT: usize = 10_000;

fn limits() -> StoreLimits {
    StoreLimits {
        max_entry_bytes: LIMIT,
    }
}

/// A fresh, empty folder for one test, under Cargo's temporary folder for tests.
fn temp_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("store-tests")
        .join(name);
    if dir.exists() {
        std::fs::remove_dir_all(&dir).unwrap();
    }
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Where one test's database goes: `state.sqlite3` in a fresh folder of its own.
fn temp_db(name: &str) -> PathBuf {
    temp_dir(name).join("state.sqlite3")
}

/// The one value the query `sql` gives, read through a raw connection to the file at `path`.
fn query_one<T: rusqlite::types::FromSql>(path: &Path, sql: &str) -> T {
    rusqlite::Connection::open(path)
        .unwrap()
        .query_row(sql, [], |r| r.get(0))
        .unwrap()
}

/// The names of the files in `dir` that `pick` picks.
fn files_in(dir: &Path, pick: impl Fn(&str) -> bool) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| pick(name))
        .collect()
}

fn key(thread: &str, call: &str) -> StateKey {
    StateKey::new("server", "tool", thread, call)
}

// ---------------------------------------------------------------------------------------------
// The contract, one function per promise, run for each store by the macro below.

fn save_load_replace_delete(store: &dyn StateStore) {
    let k = key("thread", "call-1");
    assert_eq!(store.load(&k).unwrap(), None);
    store.save(&k, &json!({"inputs": {"name": "Ada"}})).unwrap();
    assert_eq!(
        store.load(&k).unwrap(),
        Some(json!({"inputs": {"name": "Ada"}}))
    );
    store
        .save(&k, &json!({"inputs": {"name": "Grace"}}))
        .unwrap();
    assert_eq!(
        store.load(&k).unwrap(),
        Some(json!({"inputs": {"name": "Grace"}}))
    );
    store.delete(&k).unwrap();
    assert_eq!(store.load(&k).unwrap(), None);
    // Deleting what is not there is not an error.
    store.delete(&k).unwrap();
    assert!(store.keys_of_thread("thread").unwrap().is_empty());
}

fn keys_never_mix(store: &dyn StateStore) {
    let keys = [
        StateKey::new("s", "t", "th", "c"),
        // One part different at a time.
        StateKey::new("s2", "t", "th", "c"),
        StateKey::new("s", "t2", "th", "c"),
        StateKey::new("s", "t", "th2", "c"),
        StateKey::new("s", "t", "th", "c2"),
        // Parts that would collide if the key were one joined string.
        StateKey::new("s/t", "", "th", "c"),
        StateKey::new("s", "/t", "th", "c"),
        StateKey::new("s:t", "h", "th", "c"),
        StateKey::new("s", "t:h", "th", "c"),
        // Case, spaces and non-ASCII are kept exactly.
        StateKey::new("S", "t", "th", "c"),
        StateKey::new("s ", "t", "th", "c"),
        StateKey::new("s", "t", "th", "c\u{e9}"),
        StateKey::new("s", "t", "th", "ce\u{301}"),
        StateKey::new("", "", "", ""),
        StateKey::new("s", "t", "th", "c\u{0}x"),
    ];
    for (i, k) in keys.iter().enumerate() {
        store.save(k, &json!({"which": i})).unwrap();
    }
    for (i, k) in keys.iter().enumerate() {
        assert_eq!(store.load(k).unwrap(), Some(json!({"which": i})), "{k:?}");
    }
    // Deleting one leaves every other.
    store.delete(&keys[0]).unwrap();
    assert_eq!(store.load(&keys[0]).unwrap(), None);
    for (i, k) in keys.iter().enumerate().skip(1) {
        assert_eq!(store.load(k).unwrap(), Some(json!({"which": i})), "{k:?}");
    }
    // Each thread lists only its own keys.
    assert_eq!(store.keys_of_thread("th2").unwrap(), vec![keys[3].clone()]);
    assert_eq!(store.keys_of_thread("").unwrap(), vec![keys[13].clone()]);
    assert_eq!(store.keys_of_thread("th").unwrap().len(), keys.len() - 3);
}

fn keys_of_thread_in_first_save_order(store: &dyn StateStore) {
    let (a, b, c) = (key("t", "zeta"), key("t", "alpha"), key("t", "mid"));
    store.save(&a, &json!(1)).unwrap();
    store.save(&key("other", "x"), &json!(0)).unwrap();
    store.save(&b, &json!(2)).unwrap();
    store.save(&c, &json!(3)).unwrap();
    // Saving again does not move a key.
    store.save(&a, &json!(4)).unwrap();
    assert_eq!(
        store.keys_of_thread("t").unwrap(),
        vec![a.clone(), b.clone(), c.clone()]
    );
    assert!(store.keys_of_thread("nobody").unwrap().is_empty());

    store.delete(&b).unwrap();
    let d = key("t", "aaa");
    store.save(&d, &json!(5)).unwrap();
    assert_eq!(
        store.keys_of_thread("t").unwrap(),
        vec![a.clone(), c.clone(), d]
    );

    store.delete_thread("t").unwrap();
    assert!(store.keys_of_thread("t").unwrap().is_empty());
    assert_eq!(store.load(&a).unwrap(), None);
    assert_eq!(store.load(&key("other", "x")).unwrap(), Some(json!(0)));
}

fn size_limit(store: &dyn StateStore) {
    let k = key("thread", "big");
    // A JSON string of n characters is n + 2 bytes of text with its quotes.
    let at_limit = Value::String("a".repeat(LIMIT - 2));
    store.save(&k, &at_limit).unwrap();
    let over = Value::String("b".repeat(LIMIT - 1));
    let error = store.save(&k, &over).unwrap_err();
    match &error {
        Error::StateTooLarge { bytes, limit } => {
            assert_eq!((*bytes, *limit), (LIMIT + 1, LIMIT));
        }
        other => panic!("expected TooLarge, got {other:?}"),
    }
    let message = error.to_string();
    assert!(
        message.contains(&(LIMIT + 1).to_string()) && message.contains(&LIMIT.to_string()),
        "{message}"
    );
    // The refused state left the old one in place.
    assert_eq!(store.load(&k).unwrap(), Some(at_limit));
}

fn any_json_round_trips(store: &dyn StateStore) {
    let values = [
        json!(null),
        json!(true),
        json!(0),
        json!(-17),
        json!(u64::MAX),
        json!(i64::MIN),
        json!(1.5e300),
        json!(-0.25),
        json!(""),
        json!("quotes \" and \\ and \n and \u{1f600} and \u{0}"),
        json!([]),
        json!({}),
        json!({"nested": [{"deep": [[[{"x": [1, "2", null]}]]]}], "": "empty key"}),
    ];
    for (i, value) in values.iter().enumerate() {
        let k = key("json", &i.to_string());
        store.save(&k, value).unwrap();
        assert_eq!(store.load(&k).unwrap().as_ref(), Some(value), "{value}");
    }
}

fn many_threads_at_once(store: &dyn StateStore) {
    const THREADS: usize = 8;
    const SAVES: usize = 20;
    let shared = key("busy", "shared");
    std::thread::scope(|scope| {
        for t in 0..THREADS {
            let shared = &shared;
            scope.spawn(move || {
                let own = key("busy", &format!("own-{t}"));
                for n in 0..SAVES {
                    store.save(&own, &json!({"thread": t, "n": n})).unwrap();
                    store.save(shared, &json!({"thread": t, "n": n})).unwrap();
                    assert_eq!(
                        store.load(&own).unwrap(),
                        Some(json!({"thread": t, "n": n}))
                    );
                }
            });
        }
    });
    for t in 0..THREADS {
        let own = key("busy", &format!("own-{t}"));
        assert_eq!(
            store.load(&own).unwrap(),
            Some(json!({"thread": t, "n": SAVES - 1}))
        );
    }
    // The shared key holds one whole value: the last save of one of the threads.
    let last = store.load(&shared).unwrap().unwrap();
    assert_eq!(last["n"], json!(SAVES - 1), "{last}");
    assert!(last["thread"].as_u64().unwrap() < THREADS as u64);
    assert_eq!(store.keys_of_thread("busy").unwrap().len(), THREADS + 1);
}

/// One test per contract function and store.
macro_rules! contract {
    ($($name:ident),* $(,)?) => {
        mod memory {
            $(
                #[test]
                fn $name() {
                    let store = super::MemoryStore::new().with_limits(super::limits());
                    super::$name(&store);
                }
            )*
        }
        mod sqlite {
            $(
                #[test]
                fn $name() {
                    let path = super::temp_db(concat!("contract-", stringify!($name)));
                    let store = super::SqliteStore::open(&path)
                        .unwrap()
                        .with_limits(super::limits());
                    super::$name(&store);
                }
            )*
        }
    };
}

contract!(
    save_load_replace_delete,
    keys_never_mix,
    keys_of_thread_in_first_save_order,
    size_limit,
    any_json_round_trips,
    many_threads_at_once,
);

// ---------------------------------------------------------------------------------------------
// Limits.

#[test]
fn default_limit_is_one_mebibyte_for_both_stores() {
    assert_eq!(StoreLimits::default().max_entry_bytes, 1024 * 1024);
    let sqlite = SqliteStore::open(&temp_db("default-limit")).unwrap();
    let memory = MemoryStore::new();
    for store in [&sqlite as &dyn StateStore, &memory] {
        let k = key("t", "c");
        store
            .save(&k, &Value::String("x".repeat(1024 * 1024 - 2)))
            .unwrap();
        let error = store
            .save(&k, &Value::String("x".repeat(1024 * 1024 - 1)))
            .unwrap_err();
        assert!(
            matches!(
                error,
                Error::StateTooLarge {
                    bytes: 1_048_577,
                    limit: 1_048_576
                }
            ),
            "{error:?}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// The `SQLite` store's files.

#[test]
fn reopen_keeps_data_and_order() {
    let dir = temp_dir("reopen");
    let path = dir.join("nested/folders/state.sqlite3");
    {
        let store = SqliteStore::open(&path).unwrap();
        assert_eq!(store.path(), path);
        store.save(&key("t", "b"), &json!({"v": 1})).unwrap();
        store.save(&key("t", "a"), &json!({"v": 2})).unwrap();
    }
    let store = SqliteStore::open(&path).unwrap();
    assert_eq!(store.load(&key("t", "b")).unwrap(), Some(json!({"v": 1})));
    assert_eq!(store.load(&key("t", "a")).unwrap(), Some(json!({"v": 2})));
    assert_eq!(
        store.keys_of_thread("t").unwrap(),
        vec![key("t", "b"), key("t", "a")]
    );
    // Order continues after a reopen.
    store.save(&key("t", "0"), &json!(3)).unwrap();
    assert_eq!(
        store.keys_of_thread("t").unwrap(),
        vec![key("t", "b"), key("t", "a"), key("t", "0")]
    );
}

#[test]
fn database_is_in_wal_mode_and_marked_as_ours() {
    let path = temp_db("pragmas");
    let _store = SqliteStore::open(&path).unwrap();
    assert_eq!(query_one::<String>(&path, "PRAGMA journal_mode"), "wal");
    assert_eq!(
        query_one::<i32>(&path, "PRAGMA application_id"),
        0x6d63_7061
    );
}

#[test]
fn two_stores_on_one_file_see_each_other() {
    let path = temp_db("two-stores");
    let first = SqliteStore::open(&path).unwrap();
    let second = SqliteStore::open(&path).unwrap();
    first.save(&key("t", "c"), &json!("from first")).unwrap();
    assert_eq!(
        second.load(&key("t", "c")).unwrap(),
        Some(json!("from first"))
    );
    second.save(&key("t", "c"), &json!("from second")).unwrap();
    assert_eq!(
        first.load(&key("t", "c")).unwrap(),
        Some(json!("from second"))
    );
}

/// Writes a row through a raw connection, past the store's checks.
fn insert_raw(path: &Path, call: &str, state_sql: &str, seq: i64) {
    let raw = rusqlite::Connection::open(path).unwrap();
    raw.execute(
        &format!("INSERT INTO app_state VALUES ('server', 'tool', 't', ?1, {state_sql}, 0, ?2)"),
        rusqlite::params![call, seq],
    )
    .unwrap();
}

fn corrupt_reason(result: Result<Option<Value>, Error>, expected: &StateKey) -> String {
    match result {
        Err(Error::StateCorrupt { key, reason }) => {
            assert_eq!(&key, expected);
            reason
        }
        other => panic!("expected Corrupt for {expected:?}, got {other:?}"),
    }
}

#[test]
fn garbage_rows_are_corrupt_for_their_key_only() {
    let path = temp_db("garbage-rows");
    {
        let store = SqliteStore::open(&path).unwrap();
        store.save(&key("t", "good-1"), &json!({"ok": 1})).unwrap();
    }
    insert_raw(&path, "not-utf8", "CAST(X'7B22FF22FE7D' AS TEXT)", 10);
    insert_raw(&path, "not-json", "'{\"half\": '", 11);
    insert_raw(&path, "empty", "''", 12);
    {
        // A key that is not UTF-8 cannot be listed; the thread's other keys still are.
        let raw = rusqlite::Connection::open(&path).unwrap();
        raw.execute(
            "INSERT INTO app_state VALUES ('server', 'tool', 't', CAST(X'FF' AS TEXT), '1', 0, 13)",
            [],
        )
        .unwrap();
    }
    let store = SqliteStore::open(&path).unwrap();
    store.save(&key("t", "good-2"), &json!({"ok": 2})).unwrap();

    let reason = corrupt_reason(store.load(&key("t", "not-utf8")), &key("t", "not-utf8"));
    assert!(reason.contains("UTF-8"), "{reason}");
    let reason = corrupt_reason(store.load(&key("t", "not-json")), &key("t", "not-json"));
    assert!(reason.contains("not JSON"), "{reason}");
    corrupt_reason(store.load(&key("t", "empty")), &key("t", "empty"));

    assert_eq!(
        store.load(&key("t", "good-1")).unwrap(),
        Some(json!({"ok": 1}))
    );
    assert_eq!(
        store.load(&key("t", "good-2")).unwrap(),
        Some(json!({"ok": 2}))
    );
    assert_eq!(
        store.keys_of_thread("t").unwrap(),
        vec![
            key("t", "good-1"),
            key("t", "not-utf8"),
            key("t", "not-json"),
            key("t", "empty"),
            key("t", "good-2"),
        ]
    );
    // A corrupt entry can be overwritten, and then reads again.
    store.save(&key("t", "not-json"), &json!("fixed")).unwrap();
    assert_eq!(
        store.load(&key("t", "not-json")).unwrap(),
        Some(json!("fixed"))
    );
    // The table is STRICT: a value of the wrong type cannot even be written.
    let raw = rusqlite::Connection::open(&path).unwrap();
    let refused = raw.execute(
        "INSERT INTO app_state VALUES ('server', 'tool', 't', 'blob', X'00FF', 0, 20)",
        [],
    );
    assert!(refused.is_err());
}

/// Finds the pages of the file whose bytes after the first four are all `fill` (the overflow
/// pages of a large state made of that letter).
fn overflow_pages(bytes: &[u8], page_size: usize, fill: u8) -> Vec<usize> {
    (0..bytes.len() / page_size)
        .filter(|page| {
            bytes[page * page_size + 4..(page + 1) * page_size]
                .iter()
                .all(|&b| b == fill)
        })
        .collect()
}

#[test]
fn damaged_pages_are_corrupt_for_their_key_only() {
    let path = temp_db("damaged-pages");
    let big = |letter: char| Value::String(letter.to_string().repeat(40_000));
    {
        let store = SqliteStore::open(&path).unwrap();
        for (call, letter) in [("a", 'A'), ("b", 'B'), ("c", 'C'), ("d", 'D')] {
            store.save(&key("t", call), &big(letter)).unwrap();
        }
    }
    // Closing the last connection checkpoints the log into the file; make sure of it.
    {
        let raw = rusqlite::Connection::open(&path).unwrap();
        raw.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))
            .unwrap();
    }
    let mut bytes = std::fs::read(&path).unwrap();
    let page_size = usize::from(u16::from_be_bytes([bytes[16], bytes[17]]));
    // B: the link of an overflow page points past the end of the file, which `SQLite` itself
    // reports as corruption. C: an overflow page's content is overwritten with bytes that are not
    // UTF-8.
    let b_pages = overflow_pages(&bytes, page_size, b'B');
    let c_pages = overflow_pages(&bytes, page_size, b'C');
    assert!(
        b_pages.len() >= 3 && c_pages.len() >= 3,
        "{b_pages:?} {c_pages:?}"
    );
    let b_page = b_pages[1] * page_size;
    bytes[b_page..b_page + 4].copy_from_slice(&0x7fff_fff0_u32.to_be_bytes());
    let c_page = c_pages[1] * page_size;
    bytes[c_page + 4..c_page + page_size].fill(0xff);
    std::fs::write(&path, &bytes).unwrap();

    let store = SqliteStore::open(&path).unwrap();
    let reason = corrupt_reason(store.load(&key("t", "b")), &key("t", "b"));
    assert!(reason.contains("damaged"), "{reason}");
    let reason = corrupt_reason(store.load(&key("t", "c")), &key("t", "c"));
    assert!(reason.contains("UTF-8"), "{reason}");
    assert_eq!(store.load(&key("t", "a")).unwrap(), Some(big('A')));
    assert_eq!(store.load(&key("t", "d")).unwrap(), Some(big('D')));
    assert_eq!(store.keys_of_thread("t").unwrap().len(), 4);
    // The rest of the store keeps working.
    store.save(&key("t", "e"), &json!("new")).unwrap();
    assert_eq!(store.load(&key("t", "e")).unwrap(), Some(json!("new")));
}

const NOT_A_DATABASE: &str = "this is a text file that happens to sit where the database goes\n";

#[test]
fn a_file_that_is_not_a_database_is_a_clear_error() {
    let path = temp_db("not-a-database");
    std::fs::write(&path, NOT_A_DATABASE.repeat(100)).unwrap();
    let error = SqliteStore::open(&path).unwrap_err();
    assert!(matches!(error, Error::NotADatabase { .. }), "{error:?}");
    let message = error.to_string();
    assert!(
        message.contains(&path.display().to_string()) && message.contains("not a SQLite database"),
        "{message}"
    );
    // Plain `open` leaves the file as it was.
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        NOT_A_DATABASE.repeat(100)
    );
}

#[test]
fn open_or_start_fresh_moves_a_bad_file_aside() {
    let path = temp_db("start-fresh");
    let dir = path.parent().unwrap();
    std::fs::write(&path, NOT_A_DATABASE.repeat(100)).unwrap();
    let store = SqliteStore::open_or_start_fresh(&path).unwrap();
    assert!(store.keys_of_thread("t").unwrap().is_empty());
    store.save(&key("t", "c"), &json!("fresh")).unwrap();

    let aside = files_in(dir, |name| name.starts_with("state.sqlite3.corrupt-"));
    assert_eq!(aside.len(), 1, "{aside:?}");
    assert_eq!(
        std::fs::read_to_string(dir.join(&aside[0])).unwrap(),
        NOT_A_DATABASE.repeat(100)
    );
    drop(store);

    // A second bad file in the same second gets a name of its own.
    std::fs::write(
        &path,
        "garbage again, long enough to be read as a header ......",
    )
    .unwrap();
    let store = SqliteStore::open_or_start_fresh(&path).unwrap();
    assert_eq!(store.load(&key("t", "c")).unwrap(), None);
    let copies = files_in(dir, |name| name.contains(".corrupt-"));
    assert_eq!(copies.len(), 2, "{copies:?}");
}

#[test]
fn a_database_of_another_program_is_not_written_into() {
    let path = temp_db("other-program");
    {
        let raw = rusqlite::Connection::open(&path).unwrap();
        raw.execute_batch("PRAGMA application_id = 42; CREATE TABLE notes (text TEXT);")
            .unwrap();
    }
    let error = SqliteStore::open(&path).unwrap_err();
    assert!(error.to_string().contains("another program"), "{error}");
    let tables: i64 = query_one(&path, "SELECT count(*) FROM sqlite_schema");
    assert_eq!(tables, 1);
}

#[test]
fn a_database_of_a_newer_version_is_left_alone() {
    let path = temp_db("newer-version");
    let dir = path.parent().unwrap();
    drop(SqliteStore::open(&path).unwrap());
    {
        let raw = rusqlite::Connection::open(&path).unwrap();
        raw.execute_batch("PRAGMA user_version = 99;").unwrap();
    }
    let error = SqliteStore::open_or_start_fresh(&path).unwrap_err();
    assert!(
        matches!(&error, Error::Database(message) if message.contains("newer")),
        "{error:?}"
    );
    // Not moved aside: a newer program's data is not ours to discard.
    assert!(path.exists());
    let copies = files_in(dir, |name| name.contains("corrupt"));
    assert!(copies.is_empty(), "{copies:?}");
}
