//! What to check and how long to wait: the server, the tools to exercise, their arguments and
//! the timeouts.

use std::collections::BTreeMap;
use std::time::Duration;

use mcpapp_host::mcp::ServerSpec;
use serde_json::{Map, Value};

/// How a run is made. `Default` gives the documented values; `server` must be set.
#[derive(Debug, Clone)]
pub struct CheckOptions {
    /// The server: a command line (stdio) or a streamable HTTP endpoint.
    pub server: ServerSpec,
    /// Only these tools are called and their apps opened (every tool the model may call when
    /// empty). The static checks of tools and resources always cover every tool.
    pub tools: Vec<String>,
    /// Arguments for a tool's call, instead of the samples taken from its input schema.
    pub arguments: BTreeMap<String, Map<String, Value>>,
    /// The longest wait for the server to start and answer `initialize`; 20 s.
    pub connect_timeout: Duration,
    /// The longest wait for one request to the server (a list, a read, a call); 30 s.
    pub request_timeout: Duration,
    /// The longest wait for each step of an app (`ui/initialize`, `initialized`, its answer to
    /// teardown); 10 s.
    pub app_timeout: Duration,
    /// How long an app is watched after it initialized and got its result (size reports,
    /// console errors); 1.5 s.
    pub settle: Duration,
    /// Whether HTML apps are opened in headless Chromium; `true`. Without it only the static
    /// checks and the card checks run.
    pub open_html_apps: bool,
}

impl CheckOptions {
    /// Options for `server` with the default values.
    #[must_use]
    pub fn new(server: ServerSpec) -> Self {
        Self {
            server,
            tools: Vec::new(),
            arguments: BTreeMap::new(),
            connect_timeout: Duration::from_secs(20),
            request_timeout: Duration::from_secs(30),
            app_timeout: Duration::from_secs(10),
            settle: Duration::from_millis(1500),
            open_html_apps: true,
        }
    }

    /// Whether `tool` is to be exercised (`--tool`, or every tool when none was named).
    #[must_use]
    pub fn exercises(&self, tool: &str) -> bool {
        self.tools.is_empty() || self.tools.iter().any(|t| t == tool)
    }
}
