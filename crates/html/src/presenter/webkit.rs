//! WebKitGTK's MiniBrowser as a presenter, for tests and CI: the same pages in a second engine.
//!
//! MiniBrowser is the small browser WebKitGTK ships (Debian's `libwebkit2gtk-4.1-0` installs
//! it beside its helper processes). It has no devtools pipe, so nothing reads or drives the page
//! from outside: a test learns what happened from the messages the app sends through the bridge.
//! It is not a desktop presenter (no profile a user would keep, a bare window).

use std::path::{Path, PathBuf};

use super::{OwnWindow, PresentFuture, Presenter, profile_and_handover};

/// Where Debian's `libwebkit2gtk-4.1-0` installs MiniBrowser.
const DEBIAN_MINIBROWSER: &str = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";

/// Shows the host page in a WebKitGTK MiniBrowser window of its own, on a given X display: for
/// tests and CI (under Xvfb), so the bridge's pages are checked in WebKit as well as Chromium.
///
/// Each page gets a new MiniBrowser process, killed when the
/// [`Presentation`](super::Presentation) is dropped or closed, with:
/// - private browsing (`--private`: website data kept in memory only) and its configuration,
///   data and cache directories in a throwaway directory, so it shares nothing with another
///   run or with the user;
/// - WebKit's web process sandbox on (`--enable-sandbox`, bubblewrap);
/// - `WEBKIT_DISABLE_COMPOSITING_MODE=1`, without which frames paint blank under Xvfb;
/// - a private forwarding page ([`Handover`](super::Handover)) as its address, never the address with its token;
/// - its output discarded.
#[derive(Debug, Clone)]
pub struct WebKitMiniBrowser {
    binary: PathBuf,
    display: Option<String>,
}

impl WebKitMiniBrowser {
    /// The MiniBrowser found by [`find_minibrowser`], if any.
    #[must_use]
    pub fn find() -> Option<Self> {
        find_minibrowser().map(Self::with_binary)
    }

    /// A given MiniBrowser executable.
    #[must_use]
    pub fn with_binary(binary: impl Into<PathBuf>) -> Self {
        Self {
            binary: binary.into(),
            display: None,
        }
    }

    /// Shows pages on X display `display` (such as `":99"`, an Xvfb's) instead of this
    /// process's `DISPLAY`.
    #[must_use]
    pub fn display(mut self, display: impl Into<String>) -> Self {
        self.display = Some(display.into());
        self
    }

    /// The executable this presenter starts.
    #[must_use]
    pub fn binary(&self) -> &Path {
        &self.binary
    }
}

impl Presenter for WebKitMiniBrowser {
    fn present<'a>(&'a self, url: &'a str) -> PresentFuture<'a> {
        Box::pin(async move {
            let (profile, handover) = profile_and_handover("webkit", "MiniBrowser", url)?;
            let mut command = tokio::process::Command::new(&self.binary);
            command
                .args(["--private", "--enable-sandbox"])
                .arg(handover.file_url())
                // WebKitGTK keeps its caches and data under the XDG directories: these make
                // them the throwaway profile's.
                .env("XDG_CONFIG_HOME", profile.path().join("config"))
                .env("XDG_DATA_HOME", profile.path().join("data"))
                .env("XDG_CACHE_HOME", profile.path().join("cache"))
                .env("WEBKIT_DISABLE_COMPOSITING_MODE", "1")
                // No accessibility bus under Xvfb: not looking for one saves a failed connect.
                .env("NO_AT_BRIDGE", "1");
            if let Some(display) = &self.display {
                // The given X display, even inside a Wayland session.
                command
                    .env("DISPLAY", display)
                    .env("GDK_BACKEND", "x11")
                    .env_remove("WAYLAND_DISPLAY");
            }
            OwnWindow::spawn(&mut command, &self.binary, profile, handover)
        })
    }
}

/// The MiniBrowser executable: `$MCPAPP_MINIBROWSER` when set (and a file), else Debian's
/// (`/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser`, from `libwebkit2gtk-4.1-0`).
#[must_use]
pub fn find_minibrowser() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("MCPAPP_MINIBROWSER") {
        let path = PathBuf::from(path);
        return path.is_file().then_some(path);
    }
    let debian = Path::new(DEBIAN_MINIBROWSER);
    debian.is_file().then(|| debian.to_path_buf())
}
