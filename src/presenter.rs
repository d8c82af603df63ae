//! Where `mcpapp demo` and `mcpapp connect` show HTML apps on a desktop.

/// Where HTML apps are shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Presenter {
    /// Inside the window, in a webview (WebKitGTK, WebView2, WKWebView); where none can run
    /// here, a browser window, with the reason.
    Webview,
    /// In a window of their own (a Chromium app window, else the system browser).
    Chromium,
}
