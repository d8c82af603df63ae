//! The crate's one error type.

use std::sync::Arc;

use mcpapp_host::Error;

/// What went wrong: the handle could not start, a server or a call failed, an app could not
/// be built or shown, or a scripted action ([`crate::HostedApp::fill`],
/// [`crate::HostedApp::press`]) could not be done. [`crate::HostUpdate`] carries it where
/// something failed on the worker thread; its `Display` is the sentence for the user.
#[derive(Debug, Clone, thiserror::Error)]
#[non_exhaustive]
pub enum EguiHostError {
    /// The worker thread or its async runtime could not be started.
    #[error("cannot start the host's worker thread: {0}")]
    Start(String),
    /// The app has no field of this id that a person could fill.
    #[error("the app has no field `{0}` to fill")]
    NoSuchField(String),
    /// The app has no button or action with this label.
    #[error("the app has no button labelled `{0}`")]
    NoSuchButton(String),
    /// A check of the app stopped the action, as it would stop a click (the check's message).
    #[error("not sent: {0}")]
    Blocked(String),
    /// The action was not sent (the app is locked, not connected yet, names no tool).
    #[error("not sent: {0}")]
    NotSent(String),
    /// An HTML app is driven by its own page, not by the host.
    #[error("an HTML app's controls are its page's; the host cannot press them")]
    NotNative,
    /// A tool call's arguments are not a JSON object.
    #[error("the arguments of tool `{tool}` are not a JSON object: {why}")]
    Arguments {
        /// The tool.
        tool: String,
        /// What they are instead, or why they did not serialize.
        why: String,
    },
    /// A link was not opened ([`crate::open_link`]): the host's rules refuse it (the reason
    /// names the link), or the browser could not be started.
    #[error("{0}")]
    Link(String),
    /// The host failed: a server could not be connected (it did not start, refused the
    /// handshake, timed out), or an agent's tool call could not be made (no such server or
    /// tool, an app-only tool, a view that cannot be read).
    #[error(transparent)]
    Host(Arc<Error>),
    /// An app's download could not be saved: this system has no downloads folder (give one
    /// with [`crate::PendingDownload::set_folder`] or `HandleOptions::downloads_folder`).
    #[error("this system has no downloads folder")]
    NoDownloadsFolder,
    /// HTML apps cannot be shown inside the window here ([`crate::Webviews::new`]: no X11
    /// display, GTK did not start); the embedder falls back to a browser window and says why.
    #[error("HTML apps cannot be shown inside the window: {0}")]
    WebviewUnavailable(String),
    /// An app's view could not be built (its resource is unreadable or not a view, its
    /// bridge did not start).
    #[error("{0}")]
    View(String),
    /// An HTML app could not be shown, or the headless browser could not do what was asked
    /// (start, take a screenshot, run an expression); an expression that threw says so here.
    #[error("{0}")]
    Browser(String),
}
