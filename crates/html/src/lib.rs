//! HTML MCP Apps (`text/html;profile=mcp-app`) for the mcpapp host: the app runs in a
//! sandboxed browser frame and speaks to the host's one pipeline as just another view.
//!
//! The app comes from a `resources/read` result; the frame's Content Security Policy is built
//! from what it declares, and an origin that is not a plain origin never gets in:
//!
//! ```
//! use mcpapp_html::{HtmlResource, csp};
//! use mcpapp_protocol::ReadResourceResult;
//! use serde_json::json;
//!
//! let read: ReadResourceResult = serde_json::from_value(json!({"contents": [{
//!     "uri": "ui://weather/forecast",
//!     "mimeType": "text/html;profile=mcp-app",
//!     "text": "<!doctype html><p>Sunny</p>",
//!     "_meta": {"ui": {"csp": {
//!         "connectDomains": ["https://api.example.com", "https://evil.example; script-src *"]
//!     }}}
//! }]}))?;
//! let app = HtmlResource::from_read_result(&read)?;
//! assert_eq!(app.uri, "ui://weather/forecast");
//!
//! let policy = csp::build_policy(app.csp.as_ref());
//! assert!(policy.starts_with("default-src 'none'; "));
//! assert!(policy.contains("connect-src 'self' https://api.example.com;"));
//! assert!(!policy.contains("evil")); // dropped: it would have added a directive
//!
//! // Nothing declared: the spec's restrictive default, no network at all.
//! assert_eq!(csp::build_policy(None), csp::DEFAULT_POLICY);
//! assert!(csp::DEFAULT_POLICY.contains("connect-src 'none'"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The parts (showing an app takes a browser: Chromium, or the system browser):
//!
//! - [`HtmlResource`]: the app read from a `resources/read` result (HTML, CSP, permissions).
//! - [`LocalBridge`]: the one transport. Two loopback origins (host page, sandbox proxy), a
//!   per-session token, `Host`/`Origin` checks, one session; it implements
//!   [`mcpapp_host::ViewPort`] and answers the sandbox handshake itself.
//! - The host page and the sandbox proxy page (our own, in `assets/`): relaying with source
//!   and origin checks at every hop, the app frame with `sandbox="allow-scripts"` only and a
//!   CSP built by [`csp::build_policy`] from the resource's `_meta.ui.csp`.
//! - [`presenter`]: where the host page is shown, apart from the transport: a Chromium app
//!   window, the system browser, or headless Chromium driven over the devtools protocol (tests).
//!
//! A bridge is driven like any other view: attach it to a [`mcpapp_host::Runtime`] for its
//! instance; [`LocalBridge::monitor`] keeps an eye on the session once the runtime owns it.

mod bridge;
pub mod csp;
mod error;
mod pages;
pub mod presenter;
mod resource;
mod token;

pub use bridge::{BridgeMonitor, BridgeOptions, BridgeStats, LocalBridge};
pub use error::HtmlError;
pub use presenter::{
    ChromiumApp, FrameValue, HeadlessChromium, Presentation, Presenter, SystemBrowser, Tab,
    WebKitMiniBrowser,
};
pub use resource::HtmlResource;
