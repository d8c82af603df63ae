//! Starting Chromium with its devtools pipe on fds 3 (commands in) and 4 (messages out).

use std::path::Path;

use super::cdp::Cdp;
use crate::HtmlError;

/// Spawns `command` (a Chromium with `--remote-debugging-pipe`) with the pipe's child ends on
/// fds 3 and 4, and returns the child with a client on the parent's ends.
#[cfg(unix)]
pub(super) fn spawn(
    mut command: tokio::process::Command,
    binary: &Path,
) -> Result<(tokio::process::Child, Cdp), HtmlError> {
    use std::os::fd::OwnedFd;

    use command_fds::{CommandFdExt as _, FdMapping};
    use tokio::net::unix::pipe;

    let io = |what: &str, e: std::io::Error| HtmlError::io(format!("{what} Chromium's pipe"), e);
    let (commands_in, commands) = std::io::pipe().map_err(|e| io("making", e))?;
    let (messages, messages_out) = std::io::pipe().map_err(|e| io("making", e))?;
    command
        .fd_mappings(vec![
            FdMapping {
                parent_fd: OwnedFd::from(commands_in),
                child_fd: 3,
            },
            FdMapping {
                parent_fd: OwnedFd::from(messages_out),
                child_fd: 4,
            },
        ])
        .map_err(|e| io("mapping", std::io::Error::other(e.to_string())))?;
    let child = command
        .spawn()
        .map_err(|e| HtmlError::io(format!("starting {}", binary.display()), e))?;
    // The child's ends close here in this process, so the pipe ends when the browser does.
    drop(command);
    let writer =
        pipe::Sender::from_owned_fd(OwnedFd::from(commands)).map_err(|e| io("using", e))?;
    let reader =
        pipe::Receiver::from_owned_fd(OwnedFd::from(messages)).map_err(|e| io("using", e))?;
    Ok((child, Cdp::over_pipe(reader, writer)))
}

/// Without Unix there is no way here to hand Chromium its pipe.
#[cfg(not(unix))]
pub(super) fn spawn(
    _command: tokio::process::Command,
    _binary: &Path,
) -> Result<(tokio::process::Child, Cdp), HtmlError> {
    Err(HtmlError::Cdp(
        "headless Chromium is driven over its devtools pipe, which needs Unix here".to_owned(),
    ))
}
