//! The host harness the HTML app tests share: a `Runtime` with one MCP server (a child
//! process), headless Chromium, and the tabs of the apps the host opened, with helpers to run
//! the pipeline until something holds, to evaluate in an app's frame, and to read the trace.
//! A test that uses it declares the root `support` module too: the browser comes from there.

#![allow(dead_code, reason = "each test file uses a part of the harness")]

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Arc;
use std::time::{Duration, Instant};

use mcpapp_apps_schema::{AppsSchema, Verdict};
use mcpapp_host::mcp::{ClientOptions, McpConnection, ServerSpec};
use mcpapp_host::store::MemoryStore;
use mcpapp_host::{
    AgentCall, AppHost, AppSpec, HostEvent, HostOptions, InstanceId, Runtime, TraceDirection,
    Traced,
};
use mcpapp_html::{BridgeOptions, HeadlessChromium, HtmlResource, LocalBridge, Tab};
use mcpapp_protocol::DisplayMode;
use serde_json::{Value, json};

pub const SERVER: &str = "server";

/// The hand-written MCP server whose HTML apps attack the host
/// (`tests/fixtures/hostile_apps.mjs`), as a child process.
pub fn hostile_server() -> ServerSpec {
    ServerSpec::stdio(
        "node",
        [concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/hostile_apps.mjs"
        )],
    )
}

/// A host with one server, headless Chromium, and the tabs of its open apps.
pub struct Harness {
    pub runtime: Runtime,
    pub browser: HeadlessChromium,
    pub tabs: BTreeMap<InstanceId, Tab>,
    /// What each app's bridge has seen (shed counts among them).
    pub bridges: BTreeMap<InstanceId, mcpapp_html::BridgeMonitor>,
    pub events: Vec<HostEvent>,
    next_call: u32,
}

impl Harness {
    /// `None` when Chromium is missing outside CI (a loud skip); in CI that fails. The
    /// runtime records its trace.
    pub async fn start(spec: ServerSpec) -> Option<Self> {
        let mut harness = Self::start_unrecorded(spec).await?;
        harness.runtime.record();
        Some(harness)
    }

    /// [`Self::start`] without recording the trace (which would hold every message of a
    /// flood, and be what a memory figure measures).
    pub async fn start_unrecorded(spec: ServerSpec) -> Option<Self> {
        let options = ClientOptions {
            request_timeout: Duration::from_secs(20),
            connect_timeout: Duration::from_secs(20),
            ..ClientOptions::default()
        };
        Self::start_with(spec, options).await
    }

    /// [`Self::start_unrecorded`] with the client's `options` (the UI it advertises, say).
    pub async fn start_with(spec: ServerSpec, options: ClientOptions) -> Option<Self> {
        let browser = crate::support::session::browser().await?;
        let connection = McpConnection::connect(SERVER, &spec, &options)
            .await
            .unwrap();
        let mut runtime = Runtime::new(AppHost::new(
            HostOptions::default(),
            Arc::new(MemoryStore::default()),
        ));
        runtime.add_server(Arc::new(connection));
        Some(Self {
            runtime,
            browser,
            tabs: BTreeMap::new(),
            bridges: BTreeMap::new(),
            events: Vec::new(),
            next_call: 1,
        })
    }

    pub fn connection(&self) -> Arc<McpConnection> {
        Arc::clone(self.runtime.server(SERVER).unwrap())
    }

    /// The agent calls `tool`; its app opens in a tab.
    pub async fn call(&mut self, tool: &str, arguments: Value) -> InstanceId {
        let id = format!("call-{}", self.next_call);
        self.next_call += 1;
        let Value::Object(arguments) = arguments else {
            panic!("arguments must be an object")
        };
        let AgentCall::App(instance) = self
            .runtime
            .agent_call(SERVER, tool, arguments, &id, DisplayMode::Inline)
            .await
            .unwrap()
        else {
            panic!("{tool} has no app")
        };
        self.until(&format!("{tool}'s app opens"), |h| {
            h.tabs.contains_key(&instance)
        })
        .await;
        instance
    }

    /// Shows an app the host opened: its view resource behind a new bridge, in a new tab.
    pub async fn open(&mut self, instance: InstanceId, spec: &AppSpec) {
        let read = self
            .connection()
            .read_resource(&spec.resource_uri)
            .await
            .unwrap();
        let resource = HtmlResource::from_read_result(&read).unwrap();
        let options = BridgeOptions::default();
        self.runtime
            .host_mut()
            .set_sandbox(instance, resource.sandbox(&options.csp));
        let bridge = LocalBridge::start(resource, options).await.unwrap();
        let tab = self.browser.open(&bridge.url()).await.unwrap();
        self.bridges.insert(instance, bridge.monitor());
        self.runtime.attach(instance, Box::new(bridge));
        self.tabs.insert(instance, tab);
    }

    /// Carries messages (opening and closing views as the host says) until `done` holds.
    pub async fn until(&mut self, what: &str, mut done: impl FnMut(&Self) -> bool) {
        let deadline = Instant::now() + Duration::from_secs(30);
        while !done(self) {
            assert!(
                Instant::now() < deadline,
                "timed out waiting until {what}; trace:\n{}",
                self.describe()
            );
            let Some(event) = self
                .runtime
                .next_event_within(Duration::from_millis(50))
                .await
            else {
                continue;
            };
            match &event {
                HostEvent::OpenApp { instance, spec, .. } => {
                    let (instance, spec) = (*instance, spec.clone());
                    self.open(instance, &spec).await;
                }
                HostEvent::CloseApp { instance, .. } => {
                    self.runtime.detach(*instance);
                    if let Some(tab) = self.tabs.remove(instance) {
                        let _ = tab.close().await;
                    }
                }
                _ => {}
            }
            self.events.push(event);
        }
    }

    /// Runs the pipeline until the app's request `method` is answered; that exchange.
    pub async fn answered(&mut self, instance: InstanceId, method: &str) -> (Value, Value) {
        self.until(&format!("the app's {method} is answered"), |h| {
            h.exchange(instance, method).is_some()
        })
        .await;
        self.exchange(instance, method)
            .expect("the exchange the wait saw")
    }

    /// Switches to another thread and runs the pipeline until the apps' tabs are closed.
    pub async fn leave_thread(&mut self) {
        self.runtime.host_mut().switch_thread("other");
        self.until("the app is closed", |h| h.tabs.is_empty()).await;
    }

    /// Switches back to the default thread and runs the pipeline until the host has opened
    /// the app `instance` again.
    pub async fn come_back(&mut self, instance: InstanceId) {
        self.runtime.host_mut().switch_thread("default");
        self.until("the app is back", |h| h.tabs.contains_key(&instance))
            .await;
    }

    /// Evaluates `expression` in the app frame of `instance`'s tab: `Err` with what it threw.
    /// The frame may be missing for a moment (it lives in a process of its own); that is
    /// retried for a few seconds.
    pub async fn eval_app(&self, instance: InstanceId, expression: &str) -> Result<Value, String> {
        let tab = &self.tabs[&instance];
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let values = tab.evaluate_in("about:srcdoc", expression).await.unwrap();
            if let Some(value) = values.into_iter().next() {
                return value.value;
            }
            assert!(
                Instant::now() < deadline,
                "the app frame of {instance:?} is not there"
            );
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
    }

    /// Evaluates `expression` in the app frame, which must not throw.
    pub async fn in_app(&self, instance: InstanceId, expression: &str) -> Value {
        self.eval_app(instance, expression)
            .await
            .unwrap_or_else(|e| panic!("`{expression}` threw {e}"))
    }

    /// Waits until `expression` is truthy in the app frame (throwing counts as not yet: the
    /// page may still be loading).
    pub async fn wait_in_app(&mut self, instance: InstanceId, expression: &str) -> Value {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let last = self.eval_app(instance, expression).await;
            if let Ok(value) = &last
                && !matches!(value, Value::Null | Value::Bool(false))
                && *value != json!("")
            {
                return value.clone();
            }
            assert!(
                Instant::now() < deadline,
                "`{expression}` never held (last: {last:?}); trace:\n{}",
                self.describe()
            );
            // Keep the pipeline moving while the app works.
            let _ = self
                .runtime
                .next_event_within(Duration::from_millis(50))
                .await;
        }
    }

    pub async fn click(&self, instance: InstanceId, id: &str) {
        self.in_app(
            instance,
            &format!("(document.getElementById('{id}').click(), true)"),
        )
        .await;
    }

    /// Runs until the host has acknowledged a state save of `instance`; what the app saved
    /// (the params of its first `save-state`).
    pub async fn saved_state(&mut self, instance: InstanceId) -> Value {
        self.until("the save is acknowledged", |h| {
            h.sequence(instance)
                .contains(&"host→app ui/notifications/save-state-response".to_owned())
        })
        .await;
        self.trace_of(instance)
            .into_iter()
            .find(|t| t.method() == Some("ui/notifications/save-state"))
            .map(|t| t.message["params"].clone())
            .unwrap()
    }

    pub fn trace_of(&self, instance: InstanceId) -> Vec<&Traced> {
        self.runtime
            .trace()
            .iter()
            .filter(|t| t.instance == instance)
            .collect()
    }

    /// The methods (or `reply N`) in order, with arrows, for assertions and failure messages.
    pub fn sequence(&self, instance: InstanceId) -> Vec<String> {
        self.trace_of(instance)
            .iter()
            .map(|t| {
                let arrow = match t.direction {
                    TraceDirection::ToHost => "app→host",
                    TraceDirection::ToView => "host→app",
                };
                let what = t.method().map_or_else(
                    || {
                        let kind = if t.message.get("error").is_some() {
                            "error"
                        } else {
                            "reply"
                        };
                        format!("{kind} {}", t.message["id"])
                    },
                    str::to_owned,
                );
                format!("{arrow} {what}")
            })
            .collect()
    }

    pub fn describe(&self) -> String {
        let mut text = String::new();
        for t in self.runtime.trace() {
            let mut message = t.message.to_string();
            if let Some((cut, _)) = message.char_indices().nth(1500) {
                message.truncate(cut);
            }
            let _ = writeln!(text, "{:?} {:?} {message}", t.instance, t.direction);
        }
        text
    }

    /// The app's request with `method` and the host's answer to it.
    pub fn exchange(&self, instance: InstanceId, method: &str) -> Option<(Value, Value)> {
        let trace = self.trace_of(instance);
        trace.iter().enumerate().find_map(|(i, t)| {
            if t.direction != TraceDirection::ToHost || t.method() != Some(method) {
                return None;
            }
            let id = t.message.get("id")?;
            let answer = trace[i..].iter().find(|a| {
                a.direction == TraceDirection::ToView
                    && a.method().is_none()
                    && a.message.get("id") == Some(id)
            })?;
            Some((t.message.clone(), answer.message.clone()))
        })
    }

    /// Every message the host sent that does not fit the official MCP Apps schema, described.
    /// Responses are matched to the requests they answer by id, per app and direction.
    pub fn host_schema_violations(&self) -> Vec<String> {
        let schema = AppsSchema::official();
        // (app, side that asked, id) → method
        let mut asked: BTreeMap<(InstanceId, bool, String), String> = BTreeMap::new();
        let mut bad = Vec::new();
        for t in self.runtime.trace() {
            let from_host = t.direction == TraceDirection::ToView;
            let id = t.message.get("id").map(Value::to_string);
            if let (Some(method), Some(id)) = (t.method(), &id) {
                asked.insert((t.instance, from_host, id.clone()), method.to_owned());
            }
            if !from_host {
                continue;
            }
            let answered = match (t.method(), &id) {
                (None, Some(id)) => asked.get(&(t.instance, false, id.clone())).cloned(),
                _ => None,
            };
            if let Verdict::Invalid { definition, errors } =
                schema.check_from_host(&t.message, answered.as_deref())
            {
                let errors: Vec<String> = errors
                    .iter()
                    .map(|e| format!("{}: {}", e.pointer, e.message))
                    .collect();
                bad.push(format!(
                    "{definition}: {} in {}",
                    errors.join("; "),
                    t.message
                ));
            }
        }
        bad
    }

    /// Closes the apps and the browser, after checking that every message the host sent fits
    /// the official schema.
    pub async fn close(self) {
        let bad = self.host_schema_violations();
        assert!(
            bad.is_empty(),
            "the host sent messages the official MCP Apps schema refuses:\n{}",
            bad.join("\n")
        );
        for (_, tab) in self.tabs {
            let _ = tab.close().await;
        }
        self.browser.close().await;
    }
}
