//! How a [`crate::HostHandle`] is set up.

use std::path::PathBuf;
use std::sync::Arc;

use mcpapp_host::HostOptions;
use mcpapp_host::mcp::ClientOptions;
use mcpapp_host::store::{MemoryStore, StateStore};
use mcpapp_html::{BridgeOptions, Presenter};

/// When an HTML app is shown in a window of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ShowHtmlWhen {
    /// When the user asks for it ([`crate::AppView`]'s button,
    /// [`HostHandle::present`](crate::HostHandle::present)).
    #[default]
    OnRequest,
    /// As soon as the app opens (a host that has nothing else to show, such as
    /// `mcpapp connect`).
    AtOnce,
}

/// Where HTML apps are shown: which [`Presenter`] opens their page.
#[derive(Default)]
pub enum ShowHtmlIn {
    /// A Chromium app window when Chromium is installed and we are not root, else the system
    /// browser ([`mcpapp_html::presenter::desktop_presenter`]).
    #[default]
    Desktop,
    /// A tab of one headless Chromium, started on the first app (scripts, CI, screenshots).
    Headless,
    /// Any other [`Presenter`] (it is given the page's address).
    Custom(Box<dyn Presenter>),
}

/// How the handle's host behaves. `Default`: the host's defaults, state kept in memory, the
/// client's defaults, HTML apps in a desktop window on request.
pub struct HandleOptions {
    /// The host's name, theme, display modes, duplicate policy, teardown timeout.
    pub host: HostOptions,
    /// Where apps' saved state goes (`SqliteStore::open_default()` for a real host).
    pub store: Arc<dyn StateStore>,
    /// How servers are connected: mime types advertised, timeouts.
    pub client: ClientOptions,
    /// Where HTML apps are shown.
    pub show_html_in: ShowHtmlIn,
    /// When HTML apps are shown.
    pub show_html_when: ShowHtmlWhen,
    /// Whether servers' sampling requests are answered by the user (a card with the request
    /// and a reply field, drawn like a question) when the embedder has no model of its own
    /// (`client.handlers.sampling`); off by default (sampling is then not offered).
    pub sample_by_user: bool,
    /// Where apps' downloads are saved when the user agrees; `None`: the user's downloads
    /// folder ([`mcpapp_host::downloads_folder`]).
    pub downloads_folder: Option<PathBuf>,
    /// How HTML apps' bridges are set up: the largest message, and what apps' CSP domains may
    /// name (`bridge.csp.allow_private_origins` lets an app under development reach a backend
    /// on this machine or the local network). What an app declared and the bridge refused is
    /// told once per app as a warning ([`mcpapp_host::AppHost::sandbox_refused`]) and shown by
    /// [`crate::AppView`].
    pub bridge: BridgeOptions,
}

impl Default for HandleOptions {
    fn default() -> Self {
        Self {
            host: HostOptions::default(),
            store: Arc::new(MemoryStore::default()),
            client: ClientOptions::default(),
            show_html_in: ShowHtmlIn::Desktop,
            show_html_when: ShowHtmlWhen::default(),
            sample_by_user: false,
            downloads_folder: None,
            bridge: BridgeOptions::default(),
        }
    }
}

impl HandleOptions {
    /// These options, with servers' sampling requests answered by the user
    /// ([`Self::sample_by_user`]): for a host without a model of its own.
    #[must_use]
    pub fn sampled_by_user(mut self) -> Self {
        self.sample_by_user = true;
        self
    }
}

impl std::fmt::Debug for HandleOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HandleOptions")
            .field("host", &self.host)
            .field("client", &self.client)
            .field("show_html_when", &self.show_html_when)
            .finish_non_exhaustive()
    }
}

/// The page of a warm bridge: a session ready for the next HTML app, which a presenter can
/// load ahead of time ([`HostHandle::keep_html_warm`](crate::HostHandle::keep_html_warm)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WarmPage {
    /// The host page's address, session token included (a secret).
    pub url: String,
    /// The bridge's sandbox proxy origin.
    pub proxy_origin: String,
}
