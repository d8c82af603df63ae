//! Where `mcpapp demo` and `mcpapp connect` show HTML apps on a desktop.

/// Where HTML apps are shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Presenter {
    /// Inside the window, in a webview (WebKitGTK, WebView2, WKWebView); where none can run
    /// here, or in a build without the `webview` feature, a browser window, with the reason.
    Webview,
    /// In a window of their own (a Chromium app window, else the system browser).
    Chromium,
}

impl Presenter {
    /// The webview where this build has one, else a browser window.
    pub const DEFAULT: Self = if cfg!(feature = "webview") {
        Self::Webview
    } else {
        Self::Chromium
    };

    /// Whether HTML apps go inside our window, saying once why not when a webview was asked
    /// for in a build without one.
    pub fn in_window(self, say: impl FnOnce(&str)) -> bool {
        match self {
            Self::Webview if cfg!(feature = "webview") => true,
            Self::Webview => {
                say(
                    "this mcpapp was built without the `webview` feature; HTML apps open in a \
                     browser window (`cargo build --release --features webview` adds it)",
                );
                false
            }
            Self::Chromium => false,
        }
    }
}
