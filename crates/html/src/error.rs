//! The crate's one error type.

/// Everything that can go wrong when reading an HTML resource, running the bridge or showing
/// its page.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum HtmlError {
    /// The `resources/read` result is not an object with a `contents` array of resource items.
    #[error("the resources/read result is malformed: {0}")]
    MalformedReadResult(String),
    /// The `resources/read` result has no contents.
    #[error("the resources/read result has no contents")]
    NoContents,
    /// No content item has the HTML MCP App mime type.
    #[error("no content item is an HTML MCP App (`text/html;profile=mcp-app`); found {found}")]
    WrongMimeType {
        /// The mime types found, as written (`none` when an item had none).
        found: String,
    },
    /// The item has neither `text` nor `blob`.
    #[error("the HTML content item of {uri} has neither `text` nor `blob`")]
    NoBody {
        /// The item's URI.
        uri: String,
    },
    /// The `blob` is not valid base64.
    #[error("the `blob` of {uri} is not valid base64: {reason}")]
    BadBase64 {
        /// The item's URI.
        uri: String,
        /// What the decoder said.
        reason: String,
    },
    /// The decoded `blob` is not UTF-8.
    #[error("the `blob` of {uri} is not UTF-8 text")]
    NotUtf8 {
        /// The item's URI.
        uri: String,
    },
    /// The item's `_meta.ui` does not fit the spec's shape.
    #[error("the `_meta.ui` of {uri} is malformed: {source}")]
    BadUiMeta {
        /// The item's URI.
        uri: String,
        /// The protocol crate's reason.
        #[source]
        source: mcpapp_protocol::ProtocolError,
    },
    /// The operating system gave no random bytes for the session token.
    #[error("no random bytes for the session token: {0}")]
    Random(String),
    /// A socket, process or file operation failed.
    #[error("{what}: {source}")]
    Io {
        /// What was being done.
        what: String,
        /// The cause.
        #[source]
        source: std::io::Error,
    },
    /// No Chromium (or Chrome) executable was found.
    #[error(
        "no Chromium found (looked for $MCPAPP_CHROMIUM, /usr/bin/chromium, chromium, chromium-browser, google-chrome in PATH)"
    )]
    ChromiumNotFound,
    /// Chromium would have to run without its own sandbox, which a desktop window never does.
    #[error(
        "Chromium refuses to run as root without --no-sandbox, which mcpapp passes only to its headless test browser; run as a normal user or use the system browser"
    )]
    RootDesktopChromium,
    /// The devtools protocol connection failed or answered with an error.
    #[error("DevTools protocol: {0}")]
    Cdp(String),
    /// Waiting for something in the browser took too long.
    #[error("timed out waiting for {0}")]
    Timeout(String),
    /// [`crate::LocalBridge::load`] was called on a bridge that already serves an app.
    #[error("this bridge already serves an app; a bridge serves one app, once")]
    AlreadyLoaded,
}

impl HtmlError {
    /// An [`HtmlError::Io`] saying what was being done.
    pub(crate) fn io(what: impl Into<String>, source: std::io::Error) -> Self {
        Self::Io {
            what: what.into(),
            source,
        }
    }
}
