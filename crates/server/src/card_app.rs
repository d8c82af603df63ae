//! Cards for hosts that show only HTML MCP Apps: the card view as an HTML app
//! ([`UiResource::card_app`]), a self-contained page that renders each tool result's card with
//! the official Adaptive Cards JavaScript renderer (vendored, MIT: `vendor/adaptivecards/`) and
//! speaks MCP Apps itself. A submit on it becomes exactly the `tools/call` mcpapp's native
//! renderer makes for the same inputs (`mcpapp_card::prepare_submit`), signature data untouched,
//! so the server checks both the same way; `Action.OpenUrl` becomes `ui/open-link`; a refusal
//! is shown on the card. Where the host sends them, the extended notifications lock the card
//! while the model replies and keep typed values across thread switches.
//!
//! The page fills no templates: a tool that has a card template fills it on the server
//! (`mcpapp-template`) before answering an HTML client. The official templating package would
//! bring `adaptive-expressions`, a 4 MB browser bundle.
//!
//! [`ClientUi::card_tool`](crate::ClientUi::card_tool) and
//! [`ClientUi::card_result`](crate::ClientUi::card_result) make one card definition reach all
//! three kinds of client: the card to hosts that show cards, this page to hosts that show HTML,
//! text to the rest.

use std::sync::LazyLock;

use crate::Error;
use crate::view::UiResource;

/// Where servers usually offer the card app: one page serves every card tool of a server.
pub const CARD_APP_URI: &str = "ui://mcpapp/card-app";

/// The vendored renderer: `adaptivecards@3.0.6`'s `dist/adaptivecards.min.js`.
const ADAPTIVECARDS: &str = include_str!("../vendor/adaptivecards/adaptivecards.min.js");
/// Its licence (MIT), kept in the page next to it.
const ADAPTIVECARDS_LICENSE: &str = include_str!("../vendor/adaptivecards/LICENSE");
/// The page and its script (ours).
const PAGE: &str = include_str!("../assets/card-app.html");
const SCRIPT: &str = include_str!("../assets/card-app.js");

static DOCUMENT: LazyLock<String> = LazyLock::new(|| {
    // The licence goes in a comment; `*/` cannot occur in it, but make sure.
    let license = ADAPTIVECARDS_LICENSE.replace("*/", "* /");
    let renderer = format!("/* adaptivecards 3.0.6\n{license}*/\n{ADAPTIVECARDS}");
    PAGE.replacen("/*@ADAPTIVECARDS@*/", &renderer, 1)
        .replacen("/*@CARD_APP@*/", SCRIPT, 1)
});

/// The card app's HTML document (about 350 KB, nothing fetched at run time).
#[must_use]
pub fn card_app_html() -> &'static str {
    &DOCUMENT
}

impl UiResource {
    /// The card view as an HTML MCP App at `uri` (usually [`CARD_APP_URI`]): the page that
    /// shows the card of each tool result to hosts that show only HTML apps. Declare it with
    /// the server's other views; [`ClientUi::card_tool`](crate::ClientUi::card_tool) points
    /// HTML clients' card tools at it. Images in cards load only from origins added with
    /// [`Self::csp`] (`resourceDomains`).
    pub fn card_app(uri: impl Into<String>) -> Result<Self, Error> {
        Ok(Self::html(uri, "card", card_app_html())?
            .title("Card")
            .description("Shows the card a tool answered with, and sends its actions back."))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_is_whole_and_small() {
        let html = card_app_html();
        assert!(html.starts_with("<!doctype html>"));
        assert!(!html.contains("/*@"), "every placeholder is filled");
        assert!(html.contains("AdaptiveCards"));
        assert!(html.contains("ui/initialize"));
        assert!(html.len() < 400 * 1024, "{} bytes", html.len());
        // Nothing is fetched: no external script, style or font.
        for fetch in ["src=\"http", "href=\"http", "@import", "<link"] {
            assert!(!html.contains(fetch), "{fetch}");
        }
    }

    #[test]
    fn the_vendored_renderer_is_npms() {
        use sha2::{Digest as _, Sha256};
        let sums = include_str!("../vendor/adaptivecards/SHA256SUMS");
        let expected = sums
            .lines()
            .find_map(|line| line.strip_suffix("  adaptivecards.min.js"))
            .unwrap_or_default();
        let actual = Sha256::digest(ADAPTIVECARDS.as_bytes());
        let hex = actual.iter().fold(String::new(), |mut hex, b| {
            use std::fmt::Write as _;
            let _ = write!(hex, "{b:02x}");
            hex
        });
        assert_eq!(
            hex, expected,
            "re-vendor with vendor/adaptivecards/vendor.sh --update"
        );
    }
}
