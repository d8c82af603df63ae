//! Opening each HTML app headless, as a host would: the agent calls its tool, the host opens
//! the view behind the sandbox bridge in headless Chromium, and the run is watched step by
//! step (loaded, `ui/initialize`, `initialized`, the tool's result, a moment to settle, then
//! closed with `ui/resource-teardown`), every wait bounded. What passed is judged by
//! [`lifecycle`](super::lifecycle) from the runtime's trace.

use std::sync::Arc;
use std::time::{Duration, Instant};

use mcpapp_host::mcp::McpConnection;
use mcpapp_host::store::MemoryStore;
use mcpapp_host::{
    AgentCall, AppHost, AppSpec, HostEvent, HostOptions, InstanceId, Runtime, TraceDirection,
};
use mcpapp_html::presenter::ConsoleEntry;
use mcpapp_html::{BridgeOptions, HeadlessChromium, HtmlError, HtmlResource, LocalBridge, Tab};
use mcpapp_protocol::DisplayMode;
use serde_json::{Map, Value};

use super::SERVER;
use super::lifecycle::{self, AppRun, Seen};
use crate::CheckOptions;
use crate::ids;
use crate::report::{Finding, Location};

/// The longest wait for Chromium to start.
const LAUNCH_TIMEOUT: Duration = Duration::from_secs(40);
/// How often the loop looks at the host while waiting.
const STEP: Duration = Duration::from_millis(25);

/// An HTML app to open: its tool, view and arguments.
#[derive(Debug, Clone)]
pub struct HtmlApp {
    /// The tool that opens it.
    pub tool: String,
    /// Its `ui://` view.
    pub uri: String,
    /// The arguments of the call.
    pub arguments: Map<String, Value>,
    /// The `_meta` of the view's `resources/list` entry (the fallback of the content's).
    pub listing_meta: Option<Map<String, Value>>,
}

/// Opens each app in turn in one headless browser; the findings of every run.
pub async fn run(
    apps: &[HtmlApp],
    connection: &Arc<McpConnection>,
    options: &CheckOptions,
) -> Vec<Finding> {
    if apps.is_empty() {
        return Vec::new();
    }
    let browser = match tokio::time::timeout(LAUNCH_TIMEOUT, HeadlessChromium::launch()).await {
        Ok(Ok(browser)) => browser,
        Ok(Err(HtmlError::ChromiumNotFound)) => {
            return vec![Finding::warn(
                ids::APP_BROWSER,
                Location::server(),
                format!(
                    "Chromium was not found, so {} HTML apps were not opened (install chromium, \
                     or set MCPAPP_CHROMIUM)",
                    apps.len()
                ),
            )];
        }
        Ok(Err(e)) => return vec![not_opened(apps, &e.to_string())],
        Err(_) => return vec![not_opened(apps, "it did not start in time")],
    };
    let mut findings = vec![Finding::pass(
        ids::APP_BROWSER,
        Location::server(),
        "headless Chromium started",
    )];
    let host = HostOptions {
        teardown_timeout: options.app_timeout,
        ..HostOptions::default()
    };
    let mut runtime = Runtime::new(AppHost::new(host, Arc::new(MemoryStore::default())));
    runtime.record();
    runtime.add_server(Arc::clone(connection));
    // A page up before the first app is known, as a host keeps one: each app starts warm.
    let mut spare = warm_page(&browser).await;
    for (n, app) in apps.iter().enumerate() {
        let mut watch = Watch {
            runtime: &mut runtime,
            browser: &browser,
            spare: &mut spare,
            more: n + 1 < apps.len(),
            connection,
            app,
            instance: None,
            tab: None,
            opened_at: None,
            closed: false,
            trouble: None,
            dropped: 0,
        };
        findings.extend(watch.run(n, options).await);
        if let Some(tab) = watch.tab.take() {
            let _ = tab.close().await;
        }
    }
    if let Some((_, tab)) = spare {
        let _ = tab.close().await;
    }
    browser.close().await;
    findings
}

/// A warm bridge whose page is loaded in a tab of `browser`, its proxy waiting for an app;
/// `None` when it cannot be had (the app then starts cold).
async fn warm_page(browser: &HeadlessChromium) -> Option<(LocalBridge, Tab)> {
    let bridge = LocalBridge::warm(BridgeOptions::default()).await.ok()?;
    let tab = browser.open_behind(&bridge.url()).await.ok()?;
    Some((bridge, tab))
}

fn not_opened(apps: &[HtmlApp], why: &str) -> Finding {
    Finding::warn(
        ids::APP_BROWSER,
        Location::server(),
        format!(
            "headless Chromium could not start ({why}), so {} HTML apps were not opened",
            apps.len()
        ),
    )
}

/// One app's run.
struct Watch<'a> {
    runtime: &'a mut Runtime,
    browser: &'a HeadlessChromium,
    /// The warm page the next app goes into, if one is up.
    spare: &'a mut Option<(LocalBridge, Tab)>,
    /// Whether another app follows this one (a new warm page is made for it).
    more: bool,
    connection: &'a Arc<McpConnection>,
    app: &'a HtmlApp,
    instance: Option<InstanceId>,
    tab: Option<Tab>,
    /// When its page was opened.
    opened_at: Option<Instant>,
    /// Whether the host closed it.
    closed: bool,
    /// Why its page could not be shown.
    trouble: Option<String>,
    /// How many messages the sandbox proxy dropped unread because they were not JSON-RPC.
    dropped: u64,
}

impl Watch<'_> {
    /// Opens the app, follows it through its life, closes it, and judges what passed.
    async fn run(&mut self, n: usize, options: &CheckOptions) -> Vec<Finding> {
        let at = Location::tool(&self.app.tool).with_uri(&self.app.uri);
        let from = self.runtime.trace().len();
        let instance = match self.open_app(n, options).await {
            Ok(instance) => instance,
            Err(finding) => return vec![finding.relocated(at)],
        };
        self.follow(instance, options).await;
        let trace = self.runtime.trace().get(from..).unwrap_or_default();
        let run = AppRun {
            at,
            trace: trace
                .iter()
                .filter(|t| t.instance == instance)
                .map(|t| Seen {
                    to_host: t.direction == TraceDirection::ToHost,
                    message: t.message.clone(),
                    at: t.at,
                })
                .collect(),
            opened_at: self.opened_at.unwrap_or_else(Instant::now),
            console: self.app_console(),
            dropped: self.dropped,
            timeout: options.app_timeout,
        };
        lifecycle::judge(&run)
    }

    /// The agent calls the tool and the host opens its view in a tab; a warning (located by
    /// the caller) when that cannot be done.
    async fn open_app(&mut self, n: usize, options: &CheckOptions) -> Result<InstanceId, Finding> {
        let nowhere = Location::server();
        let call = self
            .runtime
            .agent_call(
                SERVER,
                &self.app.tool,
                self.app.arguments.clone(),
                &format!("check-{n}"),
                DisplayMode::Inline,
            )
            .await;
        let instance = match call {
            Ok(AgentCall::App(instance)) => instance,
            Ok(AgentCall::Done(_)) => {
                let why = "the host opened no view for the tool";
                return Err(Finding::warn(ids::TOOLS_CALL, nowhere, why));
            }
            Err(e) => {
                let why = format!("the host could not open the app: {e}");
                return Err(Finding::warn(ids::TOOLS_CALL, nowhere, why));
            }
        };
        self.instance = Some(instance);
        self.until(options.app_timeout, |w| {
            w.opened_at.is_some() || w.trouble.is_some()
        })
        .await;
        let trouble = self.trouble.take().or_else(|| {
            self.opened_at
                .is_none()
                .then(|| "the host did not open it".to_owned())
        });
        match trouble {
            Some(why) => Err(Finding::warn(
                ids::APP_BROWSER,
                nowhere,
                format!("the app's page could not be shown: {why}"),
            )),
            None => Ok(instance),
        }
    }

    /// Waits for each step in turn (each wait bounded), lets the app settle, then closes it.
    async fn follow(&mut self, instance: InstanceId, options: &CheckOptions) {
        let wait = options.app_timeout;
        self.until(wait, |w| w.sent(TraceDirection::ToHost, "ui/initialize"))
            .await;
        if self.sent(TraceDirection::ToHost, "ui/initialize") {
            self.until(wait, |w| {
                w.sent(TraceDirection::ToHost, "ui/notifications/initialized")
            })
            .await;
        }
        if self.sent(TraceDirection::ToHost, "ui/notifications/initialized") {
            self.until(wait, |w| {
                w.sent(TraceDirection::ToView, "ui/notifications/tool-result")
                    || w.sent(TraceDirection::ToView, "ui/notifications/tool-cancelled")
            })
            .await;
            self.until(options.settle, |_| false).await;
        }
        self.dropped = self.proxy_dropped().await;
        if !self.closed {
            self.runtime.host_mut().close(instance);
            self.until(wait + Duration::from_secs(2), |w| w.closed)
                .await;
        }
    }

    /// What the app's frame logged. Chromium runs the sandboxed app frame in a process of its
    /// own, a target whose URL is `about:srcdoc`; the host and proxy pages around it are ours,
    /// and frames the app nests are other sites', so neither is held against the app.
    fn app_console(&self) -> Vec<ConsoleEntry> {
        self.tab
            .as_ref()
            .map(Tab::console)
            .unwrap_or_default()
            .into_iter()
            .filter(|entry| entry.frame_url == "about:srcdoc")
            .collect()
    }

    /// The messages the sandbox proxy dropped because they were not JSON-RPC 2.0 (its page
    /// counts them in `window.__mcpappProxy.ignored`): they never reach the host, so only the
    /// proxy saw them.
    async fn proxy_dropped(&self) -> u64 {
        let Some(tab) = &self.tab else { return 0 };
        let counted = tab
            .evaluate_in_frames("window.__mcpappProxy ? window.__mcpappProxy.ignored : null")
            .await
            .unwrap_or_default();
        counted
            .iter()
            .filter_map(|frame| frame.value.as_ref().ok().and_then(Value::as_u64))
            .sum()
    }

    /// Whether a message with `method` went `direction` for this app.
    fn sent(&self, direction: TraceDirection, method: &str) -> bool {
        let Some(instance) = self.instance else {
            return false;
        };
        self.runtime.trace().iter().any(|t| {
            t.instance == instance && t.direction == direction && t.method() == Some(method)
        })
    }

    /// Carries messages (opening and closing the page as the host says) until `done` holds,
    /// the app is closed, or `within` is up.
    async fn until(&mut self, within: Duration, done: impl Fn(&Self) -> bool) {
        let deadline = Instant::now() + within;
        while !done(self) && !self.closed && Instant::now() < deadline {
            let Some(event) = self.runtime.next_event_within(STEP).await else {
                continue;
            };
            match event {
                HostEvent::OpenApp { instance, spec, .. } if Some(instance) == self.instance => {
                    if let Err(why) = self.open(instance, &spec).await {
                        self.trouble = Some(why);
                    }
                }
                HostEvent::CloseApp { instance, .. } if Some(instance) == self.instance => {
                    self.runtime.detach(instance);
                    self.closed = true;
                }
                _ => {}
            }
        }
    }

    /// Shows the view: its resource behind a new bridge, in a new tab.
    async fn open(&mut self, instance: InstanceId, spec: &AppSpec) -> Result<(), String> {
        let read = self
            .connection
            .read_resource(&spec.resource_uri)
            .await
            .map_err(|e| e.to_string())?;
        let resource =
            HtmlResource::from_read_result_with_listing(&read, self.app.listing_meta.as_ref())
                .map_err(|e| e.to_string())?;
        let (bridge, tab) = if let Some((bridge, tab)) = self.spare.take() {
            bridge.load(&resource).map_err(|e| e.to_string())?;
            // The next warm tab opened behind it: this one comes to the front.
            tab.bring_to_front().await.map_err(|e| e.to_string())?;
            (bridge, tab)
        } else {
            let bridge = LocalBridge::start(resource, BridgeOptions::default())
                .await
                .map_err(|e| e.to_string())?;
            let tab = self
                .browser
                .open(&bridge.url())
                .await
                .map_err(|e| e.to_string())?;
            (bridge, tab)
        };
        self.runtime.attach(instance, Box::new(bridge));
        self.tab = Some(tab);
        self.opened_at = Some(Instant::now());
        if self.more {
            *self.spare = warm_page(self.browser).await;
        }
        Ok(())
    }
}
