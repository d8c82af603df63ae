//! Where a bridge's host page is shown, apart from the transport: a Chromium app window or the
//! system browser on a desktop, headless Chromium in tests. A presenter only opens the URL;
//! every security check lives in the bridge and its pages.

mod cdp;
mod handover;
mod headless;
mod pipe;
mod webkit;

use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::process::Stdio;

use tempfile::TempDir;

pub use handover::Handover;
pub use headless::{ConsoleEntry, ConsoleKind, FrameValue, HeadlessChromium, Tab};
pub use webkit::{WebKitMiniBrowser, find_minibrowser};

use crate::HtmlError;

/// The future a [`Presenter`] returns.
pub type PresentFuture<'a> =
    Pin<Box<dyn Future<Output = Result<Presentation, HtmlError>> + Send + 'a>>;

/// Shows a host page URL somewhere.
pub trait Presenter: Send + Sync {
    /// Opens `url` (a [`crate::LocalBridge::url`]); the returned [`Presentation`] keeps it
    /// shown where that can be controlled.
    fn present<'a>(&'a self, url: &'a str) -> PresentFuture<'a>;
}

/// A shown page. Dropping it closes the window or tab where the presenter controls one (a
/// page opened in the system browser stays, and closes with its tab).
#[derive(Debug)]
pub struct Presentation {
    kind: Kind,
}

/// A browser process of ours, with what it needs while it runs.
#[derive(Debug)]
struct OwnWindow {
    child: tokio::process::Child,
    _profile: TempDir,
    _handover: Handover,
}

impl OwnWindow {
    /// Starts `command` (the browser `binary`, given the `handover` page and the `profile`)
    /// with no standard streams and killed on drop, as a [`Presentation`] that holds both.
    fn spawn(
        command: &mut tokio::process::Command,
        binary: &Path,
        profile: TempDir,
        handover: Handover,
    ) -> Result<Presentation, HtmlError> {
        let child = command
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| HtmlError::io(format!("starting {}", binary.display()), e))?;
        Ok(Presentation {
            kind: Kind::Process(Box::new(Self {
                child,
                _profile: profile,
                _handover: handover,
            })),
        })
    }
}

#[derive(Debug)]
enum Kind {
    /// A browser process of our own (killed on drop) with its profile.
    Process(Box<OwnWindow>),
    /// Handed to another program (which reads the handover page while it lives).
    Detached { _handover: Handover },
    /// A headless tab.
    Tab(Tab),
}

impl Presentation {
    /// The headless tab, when the page is shown in one.
    #[must_use]
    pub fn tab(&self) -> Option<&Tab> {
        match &self.kind {
            Kind::Tab(tab) => Some(tab),
            _ => None,
        }
    }

    /// Whether the page was handed to a program this process does not control (the system
    /// browser): closing it is up to the user.
    #[must_use]
    pub fn is_detached(&self) -> bool {
        matches!(self.kind, Kind::Detached { .. })
    }

    /// Whether a window of our own is still open (`false` once the user closed it or for a
    /// detached page).
    pub fn is_open(&mut self) -> bool {
        match &mut self.kind {
            Kind::Process(window) => matches!(window.child.try_wait(), Ok(None)),
            Kind::Detached { .. } => false,
            Kind::Tab(_) => true,
        }
    }

    /// Closes the window or tab (where controlled) and waits for it.
    pub async fn close(self) {
        match self.kind {
            Kind::Process(mut window) => {
                let _ = window.child.kill().await;
            }
            Kind::Detached { .. } => {}
            Kind::Tab(tab) => {
                let _ = tab.close().await;
            }
        }
    }
}

/// A desktop window: `chromium --app=URL` with its own temporary profile, so it looks like an
/// application window and shares nothing with the user's browser. Never passes `--no-sandbox`:
/// as root it refuses to start ([`HtmlError::RootDesktopChromium`]).
#[derive(Debug, Clone)]
pub struct ChromiumApp {
    binary: PathBuf,
}

impl ChromiumApp {
    /// The Chromium found by [`find_chromium`], if any.
    #[must_use]
    pub fn find() -> Option<Self> {
        find_chromium().map(|binary| Self { binary })
    }

    /// A given Chromium executable.
    #[must_use]
    pub fn with_binary(binary: impl Into<PathBuf>) -> Self {
        Self {
            binary: binary.into(),
        }
    }
}

/// What a browser started on its own needs: a fresh profile directory (`mcpapp-{prefix}-…`,
/// named after `browser` in errors) and the private page that forwards to `url`. The address
/// holds the session token, so the command line gets the page instead.
fn profile_and_handover(
    prefix: &str,
    browser: &str,
    url: &str,
) -> Result<(TempDir, Handover), HtmlError> {
    let profile = tempfile::Builder::new()
        .prefix(&format!("mcpapp-{prefix}-"))
        .tempdir()
        .map_err(|e| HtmlError::io(format!("creating a {browser} profile directory"), e))?;
    Ok((profile, Handover::write(url)?))
}

impl Presenter for ChromiumApp {
    fn present<'a>(&'a self, url: &'a str) -> PresentFuture<'a> {
        Box::pin(async move {
            if running_as_root() {
                return Err(HtmlError::RootDesktopChromium);
            }
            let (profile, handover) = profile_and_handover("window", "Chromium", url)?;
            let mut command = tokio::process::Command::new(&self.binary);
            command
                .arg(format!("--app={}", handover.file_url()))
                .arg(format!("--user-data-dir={}", profile.path().display()))
                .args([
                    "--no-first-run",
                    "--no-default-browser-check",
                    "--disable-sync",
                    "--window-size=900,720",
                ]);
            OwnWindow::spawn(&mut command, &self.binary, profile, handover)
        })
    }
}

/// The user's default browser, opened through the operating system (`$BROWSER` when set, else
/// `xdg-open` on Linux and BSD, `open` on macOS, the shell API on Windows; never a command
/// shell). The page opens as a tab the user closes; the bridge then sees the view gone. The
/// browser gets a private forwarding page ([`Handover`]), never the address with its token.
#[derive(Debug, Clone, Default)]
pub struct SystemBrowser {
    program: Option<PathBuf>,
}

impl SystemBrowser {
    /// Opens pages with `program` (given the page's address as its one argument) instead of
    /// the system's browser: for a kiosk, a sandboxed browser of the embedder's, or a test.
    #[must_use]
    pub fn with_program(program: impl Into<PathBuf>) -> Self {
        Self {
            program: Some(program.into()),
        }
    }
}

impl Presenter for SystemBrowser {
    fn present<'a>(&'a self, url: &'a str) -> PresentFuture<'a> {
        Box::pin(async move {
            let handover = Handover::write(url)?;
            let address = handover.file_url().to_owned();
            match &self.program {
                Some(program) => {
                    let status = tokio::process::Command::new(program)
                        .arg(&address)
                        .stdin(Stdio::null())
                        .stdout(Stdio::null())
                        .stderr(Stdio::null())
                        .status()
                        .await
                        .map_err(|e| HtmlError::io(format!("starting {}", program.display()), e))?;
                    if !status.success() {
                        return Err(HtmlError::io(
                            format!("opening the page with {}", program.display()),
                            std::io::Error::other(format!("it exited with {status}")),
                        ));
                    }
                }
                None => open_in_browser(&address).await?,
            }
            Ok(Presentation {
                kind: Kind::Detached {
                    _handover: handover,
                },
            })
        })
    }
}

/// Opens `url` in the user's browser through the operating system's own opener (see
/// [`SystemBrowser`]), with the URL as one argument and no command shell, so nothing in it is
/// ever interpreted. For links an app asks to open (`ui/open-link`), after the host checked
/// them.
pub async fn open_in_browser(url: &str) -> Result<(), HtmlError> {
    let target = url.to_owned();
    tokio::task::spawn_blocking(move || opener::open_browser(&target))
        .await
        .map_err(|e| HtmlError::io("opening the browser", std::io::Error::other(e.to_string())))?
        .map_err(|e| HtmlError::io("opening the browser", std::io::Error::other(e.to_string())))
}

impl Presenter for HeadlessChromium {
    fn present<'a>(&'a self, url: &'a str) -> PresentFuture<'a> {
        Box::pin(async move {
            let tab = self.open(url).await?;
            Ok(Presentation {
                kind: Kind::Tab(tab),
            })
        })
    }
}

impl HeadlessChromium {
    /// Shows `url` in a new tab behind the one in front ([`Self::open_behind`]): a warm page
    /// kept ready while an app runs in front. Bring its tab to the front when it is used
    /// ([`Tab::bring_to_front`](crate::Tab::bring_to_front)).
    pub async fn present_behind(&self, url: &str) -> Result<Presentation, HtmlError> {
        let tab = self.open_behind(url).await?;
        Ok(Presentation {
            kind: Kind::Tab(tab),
        })
    }
}

/// The presenter for a person at a desktop: a Chromium app window when Chromium is installed
/// and the process is not root, else the system browser.
#[must_use]
pub fn desktop_presenter() -> Box<dyn Presenter> {
    match ChromiumApp::find() {
        Some(app) if !running_as_root() => Box::new(app),
        _ => Box::new(SystemBrowser::default()),
    }
}

/// The Chromium executable: `$MCPAPP_CHROMIUM` when set, else `/usr/bin/chromium`, else
/// `chromium`, `chromium-browser`, `google-chrome` or `google-chrome-stable` in `PATH` (and the
/// usual application bundles on macOS).
#[must_use]
pub fn find_chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("MCPAPP_CHROMIUM") {
        let path = PathBuf::from(path);
        return path.is_file().then_some(path);
    }
    let fixed = [
        "/usr/bin/chromium",
        "/Applications/Chromium.app/Contents/MacOS/Chromium",
        "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
    ];
    if let Some(path) = fixed.iter().map(Path::new).find(|p| p.is_file()) {
        return Some(path.to_path_buf());
    }
    let names = [
        "chromium",
        "chromium-browser",
        "google-chrome",
        "google-chrome-stable",
    ];
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| names.iter().map(move |name| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

/// Whether this process runs as root (Linux: the owner of `/proc/self`); `false` where that
/// cannot be told.
#[must_use]
pub fn running_as_root() -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt as _;
        std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0)
    }
    #[cfg(not(unix))]
    {
        false
    }
}
