//! What the tests of the command line share: running the real binary from the repository root
//! and reading what it printed.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The repository root, where the binary runs and the corpus lies.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `mcpapp ARGS…`, run from the repository root to its end.
pub fn mcpapp(args: &[&str]) -> Output {
    Command::new(super::MCPAPP)
        .args(args)
        .current_dir(root())
        .output()
        .unwrap()
}

/// `mcpapp ARGS…` with `input` on its standard input, run from the repository root to its end.
pub fn mcpapp_with_stdin(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(super::MCPAPP)
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The pipe closes at the end of the statement: the binary reads to its end.
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// `mcpapp render INPUT -o OUT`.
pub fn render(input: &Path, out: &Path) -> Output {
    mcpapp(&[
        "render",
        input.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ])
}

/// Bytes the binary printed, as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The exit status and both outputs, for an assertion's message.
pub fn describe(o: &Output) -> String {
    format!(
        "status {:?}\n--- stdout\n{}--- stderr\n{}",
        o.status.code(),
        text(&o.stdout),
        text(&o.stderr)
    )
}

/// Asserts that the run `o` exited with `code` (the whole run described when not).
pub fn assert_exit(o: &Output, code: i32) {
    assert_eq!(o.status.code(), Some(code), "{}", describe(o));
}

/// Asserts that the run `o` printed `expected` on standard output (the whole run described
/// when not).
pub fn assert_printed(o: &Output, expected: &str) {
    assert!(
        text(&o.stdout).contains(expected),
        "{expected:?} not printed: {}",
        describe(o)
    );
}

/// Asserts that the run `o` said `expected` on standard error (the whole run described when
/// not).
pub fn assert_said(o: &Output, expected: &str) {
    assert!(
        text(&o.stderr).contains(expected),
        "{expected:?} not said: {}",
        describe(o)
    );
}

/// Asserts that `text` contains each of `expected`, naming the first that is missing.
pub fn assert_contains(text: &str, expected: &[&str]) {
    for part in expected {
        assert!(text.contains(part), "{part:?} not in:\n{text}");
    }
}

/// A fresh directory for one test, under Cargo's temporary folder and the test binary's name.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(env!("CARGO_CRATE_NAME"))
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
