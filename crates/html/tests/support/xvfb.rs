//! An X display of the test's own: Xvfb on a free display number, killed on drop. A test
//! never depends on the session's `DISPLAY`. Also used by the latency benchmark.

use std::io::{BufRead as _, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// How long Xvfb may take to start listening.
const START_TIMEOUT: Duration = Duration::from_secs(15);

/// A running Xvfb server (1280×800, 24 bits, no TCP), killed when dropped.
#[derive(Debug)]
pub struct Xvfb {
    child: Child,
    display: String,
}

impl Xvfb {
    /// Starts Xvfb (the one in `PATH`) on a free display and waits until it listens on its
    /// socket.
    pub fn start() -> Result<Self, String> {
        let binary = find_xvfb().ok_or("no Xvfb in PATH")?;
        // `-displayfd 1`: Xvfb picks a free display number itself (a lock file decides, so
        // parallel test processes never race for one) and writes it to our pipe once it
        // accepts connections.
        let mut child = Command::new(&binary)
            .args([
                "-displayfd",
                "1",
                "-screen",
                "0",
                "1280x800x24",
                "-nolisten",
                "tcp",
            ])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("starting {}: {e}", binary.display()))?;
        let Some(stdout) = child.stdout.take() else {
            let _ = child.kill();
            return Err("Xvfb's output pipe is missing".to_owned());
        };
        let (sender, receiver) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            let _ = sender.send(line);
        });
        let number = receiver
            .recv_timeout(START_TIMEOUT)
            .ok()
            .and_then(|line| line.trim().parse::<u32>().ok());
        let Some(number) = number else {
            let _ = child.kill();
            let _ = child.wait();
            return Err("Xvfb did not start (it named no display)".to_owned());
        };
        let xvfb = Self {
            child,
            display: format!(":{number}"),
        };
        let socket = PathBuf::from(format!("/tmp/.X11-unix/X{number}"));
        if !socket.exists() {
            return Err(format!(
                "Xvfb names {} but {} is missing",
                xvfb.display,
                socket.display()
            ));
        }
        Ok(xvfb)
    }

    /// The display's name, such as `:3`.
    pub fn display(&self) -> &str {
        &self.display
    }
}

impl Drop for Xvfb {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `Xvfb` in `PATH`.
pub fn find_xvfb() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join("Xvfb"))
        .find(|candidate| Path::is_file(candidate))
}
