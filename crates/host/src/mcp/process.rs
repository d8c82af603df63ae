//! The child process of a stdio server: spawned by us (not by rmcp's `TokioChildProcess`) so
//! that its exit status and standard error can explain a failure.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, ChildStderr, ChildStdin, ChildStdout};
use tokio::sync::{oneshot, watch};

use super::{Error, ServerSpec};

/// How many standard error lines are kept for messages.
const STDERR_TAIL_LINES: usize = 8;
/// The longest standard error line kept, in characters.
const STDERR_LINE_CHARS: usize = 400;
/// How long an exit explanation waits for the rest of standard error.
const STDERR_DRAIN_WAIT: Duration = Duration::from_millis(200);

/// A running (or exited) server process.
///
/// Dropping it kills the process if it still runs.
pub(super) struct ChildProcess {
    server: String,
    /// Set once the process has exited: how ("exit status: 3").
    exit: watch::Receiver<Option<String>>,
    /// Dropping or sending asks the watcher to kill the process.
    kill: Mutex<Option<oneshot::Sender<()>>>,
    stderr_tail: Arc<Mutex<VecDeque<String>>>,
    /// True once standard error is closed (so the tail is complete).
    stderr_done: watch::Receiver<bool>,
}

impl ChildProcess {
    /// Starts the child process `spec` names ([`ServerSpec::command`]: standard streams
    /// piped), and the tasks that watch its exit and read its standard error.
    pub(super) fn spawn(
        server: &str,
        spec: &ServerSpec,
        command_line: &str,
    ) -> Result<(Self, ChildStdout, ChildStdin), Error> {
        let spawn_error = |source| Error::Spawn {
            server: server.to_owned(),
            command: command_line.to_owned(),
            source,
        };
        let mut child = spec
            .command()
            .ok_or_else(|| std::io::Error::other("not a child process"))
            .and_then(|mut command| command.spawn())
            .map_err(spawn_error)?;
        let missing = |what: &str| spawn_error(std::io::Error::other(format!("no {what} pipe")));
        let stdin = child.stdin.take().ok_or_else(|| missing("stdin"))?;
        let stdout = child.stdout.take().ok_or_else(|| missing("stdout"))?;
        let stderr = child.stderr.take();
        tracing::debug!(
            server,
            pid = child.id(),
            command = command_line,
            "started MCP server"
        );

        let stderr_tail = Arc::new(Mutex::new(VecDeque::new()));
        let (stderr_done_sender, stderr_done) = watch::channel(false);
        if let Some(stderr) = stderr {
            let (server, tail) = (server.to_owned(), Arc::clone(&stderr_tail));
            tokio::spawn(async move {
                read_stderr(server, stderr, tail).await;
                stderr_done_sender.send_replace(true);
            });
        } else {
            stderr_done_sender.send_replace(true);
        }

        let (exit, kill) = watch_exit(server.to_owned(), child);
        let process = Self {
            server: server.to_owned(),
            exit,
            kill: Mutex::new(Some(kill)),
            stderr_tail,
            stderr_done,
        };
        Ok((process, stdout, stdin))
    }

    /// How the process exited, waiting up to `wait` for it to do so; `None` if it still runs.
    pub(super) async fn exit_status(&self, wait: Duration) -> Option<String> {
        let mut exit = self.exit.clone();
        let exited = tokio::time::timeout(wait, exit.wait_for(Option::is_some)).await;
        match exited {
            Ok(Ok(status)) => status.clone(),
            _ => self.exit.borrow().clone(),
        }
    }

    /// Why the connection ended, from the process's point of view: its exit status (waiting up
    /// to `wait` for it) and its last standard error lines.
    pub(super) async fn end_reason(&self, wait: Duration) -> String {
        match self.describe_exit(wait).await {
            Some(exit) => exit,
            None => self.with_stderr_tail("the server process closed its output".to_owned()),
        }
    }

    /// How the process exited and its last standard error lines, waiting up to `wait` for it to
    /// exit; `None` if it still runs.
    pub(super) async fn describe_exit(&self, wait: Duration) -> Option<String> {
        let status = self.exit_status(wait).await?;
        // The last lines may still be in the pipe; a grandchild can keep it open, so not long.
        let mut done = self.stderr_done.clone();
        let _ = tokio::time::timeout(STDERR_DRAIN_WAIT, done.wait_for(|done| *done)).await;
        Some(self.with_stderr_tail(format!("the server process exited ({status})")))
    }

    fn with_stderr_tail(&self, text: String) -> String {
        let tail = self.stderr_tail();
        if tail.is_empty() {
            text
        } else {
            format!(
                "{text}; its last standard error lines: {}",
                tail.join(" | ")
            )
        }
    }

    /// The last lines the process wrote to standard error.
    pub(super) fn stderr_tail(&self) -> Vec<String> {
        lock(&self.stderr_tail).iter().cloned().collect()
    }

    /// Kills the process if it still runs (asynchronously; see [`Self::exit_status`]).
    pub(super) fn kill(&self) {
        if let Some(kill) = lock(&self.kill).take() {
            // An error means the watcher has already seen the exit.
            if kill.send(()).is_err() {
                tracing::trace!(server = self.server, "MCP server already exited");
            }
        }
    }

    /// Waits up to `grace` for the process to exit on its own (its input is closed), then kills
    /// it and waits up to `grace` again.
    pub(super) async fn shut_down(&self, grace: Duration) {
        if self.exit_status(grace).await.is_some() {
            return;
        }
        tracing::debug!(
            server = self.server,
            "MCP server did not exit in time; killing it"
        );
        self.kill();
        if self.exit_status(grace).await.is_none() {
            tracing::warn!(
                server = self.server,
                "MCP server process did not end after a kill"
            );
        }
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Waits for the process to end, or kills it when the sender is used or dropped; its exit
/// status is published as text on the receiver.
fn watch_exit(
    watched_server: String,
    mut child: Child,
) -> (watch::Receiver<Option<String>>, oneshot::Sender<()>) {
    let (exit_sender, exit) = watch::channel(None);
    let (kill, kill_requested) = oneshot::channel::<()>();
    tokio::spawn(async move {
        let status = tokio::select! {
            status = child.wait() => status,
            _ = kill_requested => {
                if let Err(error) = child.start_kill() {
                    tracing::debug!(server = watched_server, %error, "could not kill MCP server");
                }
                child.wait().await
            }
        };
        let description = match status {
            Ok(status) => status.to_string(),
            Err(error) => format!("could not be waited for: {error}"),
        };
        tracing::debug!(
            server = watched_server,
            status = description,
            "MCP server process ended"
        );
        exit_sender.send_replace(Some(description));
    });
    (exit, kill)
}

/// Logs every standard error line and keeps the last few.
async fn read_stderr(server: String, stderr: ChildStderr, tail: Arc<Mutex<VecDeque<String>>>) {
    let mut reader = BufReader::new(stderr);
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        match reader.read_until(b'\n', &mut buffer).await {
            Ok(0) => break,
            Ok(_) => {
                let line = String::from_utf8_lossy(&buffer);
                let line = line.trim_end();
                tracing::debug!(server, "stderr: {line}");
                if line.is_empty() {
                    continue;
                }
                let mut kept: String = line.chars().take(STDERR_LINE_CHARS).collect();
                if kept.len() < line.len() {
                    kept.push('…');
                }
                let mut tail = lock(&tail);
                if tail.len() == STDERR_TAIL_LINES {
                    tail.pop_front();
                }
                tail.push_back(kept);
            }
            Err(error) => {
                tracing::debug!(server, %error, "could not read the server's standard error");
                break;
            }
        }
    }
}
