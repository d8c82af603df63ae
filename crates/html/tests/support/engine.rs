//! The two browser engines the browser tests run in: headless Chromium (driven over CDP, so a
//! test can also look inside the pages) and WebKitGTK's MiniBrowser on an Xvfb of the test's
//! own (nothing to drive: the app reports through the bridge).

use mcpapp_html::presenter::find_minibrowser;
use mcpapp_html::{HeadlessChromium, Presentation, Presenter as _, WebKitMiniBrowser};

use super::xvfb::{Xvfb, find_xvfb};

/// A browser engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    /// Headless Chromium.
    Chromium,
    /// WebKitGTK (MiniBrowser under Xvfb).
    WebKit,
}

/// A browser of one engine, ready to show host pages.
pub enum Browser {
    /// Headless Chromium; one tab per page.
    Chromium(HeadlessChromium),
    /// MiniBrowser, one process per page, on this Xvfb.
    WebKit {
        /// Starts a MiniBrowser per page.
        presenter: WebKitMiniBrowser,
        /// The display its windows go to (killed after them: fields drop in order).
        xvfb: Xvfb,
    },
}

impl Browser {
    /// The browser of `engine`, or `None` (after a loud message) when it is missing outside
    /// CI. In CI (`CI` set) a missing browser fails the test.
    pub async fn launch(engine: Engine) -> Option<Self> {
        match engine {
            Engine::Chromium => super::browser().await.map(Self::Chromium),
            Engine::WebKit => webkit(),
        }
    }

    /// Its engine.
    pub fn engine(&self) -> Engine {
        match self {
            Self::Chromium(_) => Engine::Chromium,
            Self::WebKit { .. } => Engine::WebKit,
        }
    }

    /// Shows the host page at `url` (a new tab, or a new MiniBrowser); dropping the
    /// presentation closes it.
    pub async fn show(&self, url: &str) -> Presentation {
        match self {
            Self::Chromium(browser) => browser.present(url).await.unwrap(),
            Self::WebKit { presenter, .. } => presenter.present(url).await.unwrap(),
        }
    }

    /// Closes the browser (Chromium: the whole process; WebKit: the display).
    pub async fn close(self) {
        match self {
            Self::Chromium(browser) => browser.close().await,
            Self::WebKit { .. } => {}
        }
    }
}

/// MiniBrowser on a new Xvfb, or a loud skip (outside CI) when either is missing.
fn webkit() -> Option<Browser> {
    let missing = match (find_minibrowser(), find_xvfb()) {
        (Some(binary), Some(_)) => {
            let xvfb = Xvfb::start().unwrap_or_else(|e| panic!("Xvfb: {e}"));
            let presenter = WebKitMiniBrowser::with_binary(binary).display(xvfb.display());
            return Some(Browser::WebKit { presenter, xvfb });
        }
        (None, _) => "WebKitGTK's MiniBrowser (Debian's `libwebkit2gtk-4.1-0`)",
        (Some(_), None) => "Xvfb (Debian's `xvfb`)",
    };
    assert!(
        std::env::var_os("CI").is_none(),
        "no {missing} on this machine, and CI needs it"
    );
    eprintln!(
        "\n!!!!! SKIPPED: no {missing} on this machine; install it (.ci/run does) to run the \
         browser tests in WebKit !!!!!\n"
    );
    None
}
