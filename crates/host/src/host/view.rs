//! What the host does with each message a view sends: the same for cards and HTML apps.
//! Methods are told apart by the protocol's marker types and their params read as the typed
//! payloads; params that do not fit are refused (`-32602`), never guessed at.

use mcpapp_protocol::messages::{
    CallTool, CloseWsApp, CreateMessage, DownloadFile, Initialize, Initialized, ListResources,
    LoggingMessage, OpenLink, Ping, ReadResource, RequestDisplayMode, RequestTeardown,
    ResponseGenerationStatus, SaveState, SaveStateResponse, SizeChanged, UiCallTool, UiLog,
    UiMessage, UpdateModelContext,
};
use mcpapp_protocol::{
    CallToolParams, ContentModalities, DisplayMode, DownloadFileParams, EmptyObject,
    HostCapabilities, HostContext, Implementation, InitializeParams, InitializeResult,
    JsonRpcError, JsonRpcNotification, JsonRpcRequest, ListChangedCapability, LoggingLevel,
    LoggingMessageParams, Message, OpenLinkParams, PaginatedParams, Platform, ReadResourceParams,
    RequestDisplayModeParams, RequestId, ResponseGenerationStatusParams, SandboxCapability,
    SaveStateParams, SaveStateResponseParams, SizeChangedParams, ToolInfo, UiActionResult,
    UiMessageParams, UpdateModelContextParams,
};
use mcpapp_protocol::{Notification as _, Request as _};
use serde::de::DeserializeOwned;
use serde_json::{Map, Value, json};

use super::limits::Admit;
use super::{AppHost, CloseReason, HostEvent, InstanceId, Output, Phase, ServerCall, wire};
use crate::Error;

/// How deep an app's saved state may nest. Deeper states are refused with an answer, before
/// anything walks them recursively.
const MAX_STATE_DEPTH: usize = 64;

/// The largest content size an app may report, in CSS pixels.
const MAX_SIZE: f64 = 100_000.0;

/// The longest page cursor an app may send with `resources/list`.
const MAX_CURSOR: usize = 4096;

/// The longest link an app may ask to open.
const MAX_LINK: usize = 8192;

/// Whether the host passes `url` on to be opened (an app's link, a URL question's page, a
/// downloaded link): an absolute `http`/`https` URL with a host, at most 8 KiB long, without whitespace, control or bidi characters (which a browser
/// would drop, a terminal would obey or a display would reorder, so the embedder might open
/// other than it showed).
/// The refusal ([`Error::Link`]) quotes the link shortened and printable.
///
/// # Errors
/// [`Error::Link`] with why the link is refused.
pub fn check_link(url: &str) -> Result<(), Error> {
    check_link_text(url).map_err(Error::Link)
}

fn check_link_text(url: &str) -> Result<(), String> {
    let shown = || {
        let cut: String = url.chars().take(80).collect();
        let more = if cut.len() < url.len() { "…" } else { "" };
        format!("`{}{more}`", crate::printable(&cut))
    };
    if url.len() > MAX_LINK {
        return Err(format!(
            "the link {} is longer than {MAX_LINK} bytes",
            shown()
        ));
    }
    if url
        .chars()
        .any(|c| c.is_whitespace() || crate::printable::unsafe_char(c))
    {
        return Err(format!(
            "the link {} has whitespace, control or text-reordering characters",
            shown()
        ));
    }
    let scheme = url.split_once(':').map(|(s, _)| s.to_ascii_lowercase());
    if !matches!(scheme.as_deref(), Some("https" | "http")) {
        return Err(format!(
            "the host opens only http and https links, not {}",
            shown()
        ));
    }
    mcpapp_card::rules::check_url(url, mcpapp_card::rules::UrlUse::Link)
        .map_err(|problem| format!("the link {} is not valid: {problem}", shown()))
}

/// A reported size within `0..=MAX_SIZE`; none when it is not a number at all.
fn clamp_size(size: Option<f64>) -> Option<f64> {
    size.filter(|s| s.is_finite())
        .map(|s| s.clamp(0.0, MAX_SIZE))
}

/// How deep `value` nests (a scalar is 0), counted without recursion.
fn depth(value: &Value) -> usize {
    let mut deepest = 0;
    let mut stack = vec![(value, 0)];
    while let Some((value, level)) = stack.pop() {
        deepest = deepest.max(level);
        match value {
            Value::Array(items) => stack.extend(items.iter().map(|v| (v, level + 1))),
            Value::Object(members) => stack.extend(members.values().map(|v| (v, level + 1))),
            _ => {}
        }
    }
    deepest
}

/// The protocol version the host speaks with views.
const APPS_PROTOCOL_VERSION: &str = mcpapp_protocol::APPS_PROTOCOL_VERSION;

/// A request's params as `T`, or the `-32602` that says why they do not fit.
fn params<T: DeserializeOwned>(request: &JsonRpcRequest) -> Result<T, JsonRpcError> {
    request
        .params_as::<T>()
        .map_err(|e| JsonRpcError::invalid_params(format!("{}: {e}", request.method)))
}

impl AppHost {
    /// A message from a view. Malformed messages are dropped (and logged); unknown requests
    /// get `-32601`; nothing a view sends can make the host fail. Requests and notifications
    /// are charged to the app's [`AppLimits`](super::AppLimits): a request over its rate is
    /// answered with an error naming the limit, a notification over its rate is dropped.
    pub fn view_message(&mut self, instance: InstanceId, message: Value) {
        let Some(phase) = self.instances.get(&instance).map(|i| i.phase.clone()) else {
            return;
        };
        if matches!(phase, Phase::Closed | Phase::Suspended) {
            return;
        }
        let message = match Message::from_value(message) {
            Ok(m) => m,
            Err(e) => {
                // Charged as a notification, so that a flood of junk is not a flood of logs.
                if self.admit_notification(instance, "") == Admit::Yes {
                    self.log(
                        Some(instance),
                        LoggingLevel::Warning,
                        format!("dropped a malformed message: {e}"),
                    );
                }
                return;
            }
        };
        match message {
            Message::Request(r) => {
                let answer = self
                    .admit_request(instance, &r.method)
                    .and_then(|()| self.request(instance, &r));
                match answer {
                    Ok(Some(result)) => self.reply(instance, r.id, Ok(result)),
                    Ok(None) => {}
                    Err(error) => self.reply(instance, r.id, Err(error)),
                }
            }
            Message::Notification(n) => {
                // `size-changed` is charged where it is handled: held, not dropped, when over.
                if n.method == SizeChanged::METHOD
                    || self.admit_notification(instance, &n.method) == Admit::Yes
                {
                    self.notification(instance, &n);
                }
            }
            Message::Response(r) => self.response(instance, &r.id),
            Message::Error(e) => {
                if let Some(id) = &e.id {
                    self.response(instance, id);
                }
            }
        }
    }

    fn reply(&mut self, instance: InstanceId, id: RequestId, reply: Result<Value, JsonRpcError>) {
        self.send_view_now(instance, wire::reply(id, reply));
    }

    /// Handles a request; `Ok(None)` when the answer comes later (from a server).
    fn request(
        &mut self,
        instance: InstanceId,
        request: &JsonRpcRequest,
    ) -> Result<Option<Value>, JsonRpcError> {
        let done = || Ok(Some(wire::result(&UiActionResult::default())));
        match request.method.as_str() {
            Initialize::METHOD => {
                // Lenient on purpose: a view whose handshake is off in a detail still starts
                // (without the display modes it did not declare in a readable way).
                let declared = request.params_as::<InitializeParams>().ok();
                Ok(Some(wire::result(
                    &self.initialize_result(instance, declared),
                )))
            }
            Ping::METHOD => Ok(Some(wire::result(&EmptyObject {}))),
            // `ui/call-tool` is the name some host documents give the same call: same rules,
            // same limits.
            CallTool::METHOD | UiCallTool::METHOD => {
                let call: CallToolParams = params(request)?;
                self.call_tool(instance, call, &request.id).map(|()| None)
            }
            ReadResource::METHOD => {
                let read: ReadResourceParams = params(request)?;
                let server = self.server_of(instance);
                let call = ServerCall::ReadResource { uri: read.uri };
                self.call_server(instance, server, request.id.to_value(), call)
                    .map(|()| None)
            }
            ListResources::METHOD => self.list_resources(instance, request).map(|()| None),
            CreateMessage::METHOD => {
                let sample: serde_json::Map<String, Value> = params(request)?;
                let server = self.server_of(instance);
                let call = ServerCall::Sample { params: sample };
                self.call_server(instance, server, request.id.to_value(), call)
                    .map(|()| None)
            }
            UiMessage::METHOD => {
                let message: UiMessageParams = params(request)?;
                self.event(HostEvent::ChatMessage { instance, message });
                done()
            }
            DownloadFile::METHOD => {
                let files: DownloadFileParams = params(request)?;
                self.download_file(instance, files, &request.id)
                    .map(|()| None)
            }
            OpenLink::METHOD => {
                let link: OpenLinkParams = params(request)?;
                check_link(&link.url).map_err(|e| JsonRpcError::invalid_params(e.to_string()))?;
                self.event(HostEvent::OpenLink {
                    instance,
                    url: link.url,
                });
                done()
            }
            RequestDisplayMode::METHOD => {
                let wanted: RequestDisplayModeParams = params(request)?;
                Ok(Some(self.request_display_mode(instance, wanted)))
            }
            UpdateModelContext::METHOD => {
                let context: UpdateModelContextParams = params(request)?;
                self.event(HostEvent::ModelContext { instance, context });
                Ok(Some(wire::result(&EmptyObject {})))
            }
            other => Err(JsonRpcError::method_not_found(other)),
        }
    }

    /// `resources/list`: servers' resources are advertised (`serverResources`), listed
    /// through the host, which passes on only what an app may see; the answer comes from the
    /// server.
    fn list_resources(
        &mut self,
        instance: InstanceId,
        request: &JsonRpcRequest,
    ) -> Result<(), JsonRpcError> {
        let page: Option<PaginatedParams> = match &request.params {
            None | Some(Value::Null) => None,
            Some(_) => Some(params(request)?),
        };
        let cursor = page.and_then(|p| p.cursor);
        if cursor.as_ref().is_some_and(|c| c.len() > MAX_CURSOR) {
            return Err(JsonRpcError::invalid_params(format!(
                "resources/list: the cursor is longer than {MAX_CURSOR} bytes"
            )));
        }
        let server = self.server_of(instance);
        let call = ServerCall::ListResources { cursor };
        self.call_server(instance, server, request.id.to_value(), call)
    }

    fn notification(&mut self, instance: InstanceId, notification: &JsonRpcNotification) {
        match notification.method.as_str() {
            Initialized::METHOD => self.ready(instance),
            SizeChanged::METHOD => {
                // Clamped before anyone sees them: an app's sizes are its own claims.
                let size: SizeChangedParams = notification.params_as().unwrap_or_default();
                self.size_changed(instance, clamp_size(size.width), clamp_size(size.height));
            }
            // `ui/log` is the SDK's announced name for the same log line.
            LoggingMessage::METHOD | UiLog::METHOD => {
                match notification.params_as::<LoggingMessageParams>() {
                    Ok(line) => {
                        let message = match line.data {
                            Value::String(s) => s,
                            other => other.to_string(),
                        };
                        self.event(HostEvent::Log {
                            instance: Some(instance),
                            level: line.level,
                            message,
                        });
                    }
                    Err(e) => self.log(
                        Some(instance),
                        LoggingLevel::Warning,
                        format!("dropped a malformed log line: {e}"),
                    ),
                }
            }
            SaveState::METHOD => match notification.params_as::<SaveStateParams>() {
                Ok(save) if depth(&save.state) > MAX_STATE_DEPTH => self.saved(
                    instance,
                    &SaveStateResponseParams {
                        success: false,
                        message: Some(format!(
                            "the state nests deeper than {MAX_STATE_DEPTH} levels; it was not saved"
                        )),
                    },
                ),
                Ok(save) => self.save_state(instance, save.state),
                Err(e) => self.saved(
                    instance,
                    &SaveStateResponseParams {
                        success: false,
                        message: Some(format!("the save-state params do not fit: {e}")),
                    },
                ),
            },
            CloseWsApp::METHOD | RequestTeardown::METHOD => {
                self.begin_teardown(instance, CloseReason::AppDone);
            }
            other => self.log(
                Some(instance),
                LoggingLevel::Debug,
                format!("ignored notification `{other}`"),
            ),
        }
    }

    /// A response from the view: to our `ui/resource-teardown`.
    fn response(&mut self, instance: InstanceId, id: &RequestId) {
        let Some(i) = self.instances.get(&instance) else {
            return;
        };
        if let Phase::TearingDown {
            request, reason, ..
        } = &i.phase
            && *id == RequestId::from(*request)
        {
            let reason = reason.clone();
            self.finish_close(instance, reason);
        }
    }

    /// The view is initialized: everything held for it goes out, in order.
    fn ready(&mut self, instance: InstanceId) {
        let Some(i) = self.instances.get_mut(&instance) else {
            return;
        };
        if i.phase != Phase::Starting {
            return;
        }
        i.phase = Phase::Ready;
        let held = std::mem::take(&mut i.held);
        let thread = i.thread.clone();
        for message in held {
            self.outputs.push_back(Output::ToView { instance, message });
        }
        if self.generating.get(&thread).copied() == Some(true) {
            self.send_view(
                instance,
                wire::notify::<ResponseGenerationStatus>(&ResponseGenerationStatusParams {
                    is_pending: true,
                }),
            );
        }
    }

    fn initialize_result(
        &mut self,
        instance: InstanceId,
        params: Option<InitializeParams>,
    ) -> InitializeResult {
        let mut result = InitializeResult {
            protocol_version: APPS_PROTOCOL_VERSION.to_owned(),
            host_info: Implementation {
                name: self.options.name.clone(),
                version: self.options.version.clone(),
                ..Implementation::default()
            },
            host_capabilities: host_capabilities(None),
            host_context: HostContext::default(),
            extra: Map::new(),
        };
        // Remembered: later changes of mode are told in the words this view understands.
        let declared: Vec<DisplayMode> = params
            .and_then(|p| p.app_capabilities.available_display_modes)
            .unwrap_or_default();
        if let Some(i) = self.instances.get_mut(&instance) {
            i.declared = declared;
        }
        let Some(i) = self.instances.get(&instance) else {
            return result;
        };
        result.host_capabilities = host_capabilities(i.sandbox.clone());
        let mode = Self::told_mode(i, &i.spec.display_mode);
        let modes = self.told_modes(i);
        result.host_context = HostContext {
            tool_info: Some(ToolInfo {
                id: Some(RequestId::from(i.spec.tool_call_id.clone())),
                tool: i.spec.tool.clone(),
            }),
            theme: Some(self.options.theme.clone()),
            styles: Some(super::theme_styles(&self.options.theme)),
            container_dimensions: Some(self.container_of(instance)),
            display_mode: Some(mode),
            available_display_modes: Some(modes),
            locale: Some(self.options.locale.clone()),
            time_zone: Some(self.options.time_zone.clone()),
            platform: Some(Platform::Desktop),
            ..HostContext::default()
        };
        result
    }

    fn server_of(&self, instance: InstanceId) -> String {
        self.instances
            .get(&instance)
            .map(|i| i.spec.server.clone())
            .unwrap_or_default()
    }

    /// An app's `tools/call`: only tools of its own server whose visibility includes `app`.
    fn call_tool(
        &mut self,
        instance: InstanceId,
        call: CallToolParams,
        id: &RequestId,
    ) -> Result<(), JsonRpcError> {
        let server = self.server_of(instance);
        let tool = self
            .tools
            .get(&server)
            .and_then(|tools| tools.iter().find(|t| t.name == call.name));
        match tool {
            None => Err(JsonRpcError::invalid_params(format!(
                "no tool `{}` on this app's server `{server}`",
                call.name
            ))),
            Some(t) if !t.is_app_visible() => Err(JsonRpcError::invalid_params(format!(
                "the tool `{}` is not visible to apps (only to the model)",
                call.name
            ))),
            Some(_) => {
                let call = ServerCall::CallTool {
                    name: call.name,
                    arguments: call.arguments.unwrap_or_default(),
                };
                self.call_server(instance, server, id.to_value(), call)
            }
        }
    }

    /// Answers a `save-state`.
    pub(super) fn saved(&mut self, instance: InstanceId, response: &SaveStateResponseParams) {
        self.send_view(instance, wire::notify::<SaveStateResponse>(response));
    }
}

/// What the host offers views, including the io.Intelligence extensions it implements, and
/// the sandbox the view runs in when the embedder said.
fn host_capabilities(sandbox: Option<SandboxCapability>) -> HostCapabilities {
    let text = ContentModalities {
        text: Some(EmptyObject {}),
        ..ContentModalities::default()
    };
    let mut experimental = Map::new();
    experimental.insert("io.intelligence/state".to_owned(), json!({}));
    experimental.insert(
        "io.intelligence/response-generation-status".to_owned(),
        json!({}),
    );
    HostCapabilities {
        experimental: Some(experimental),
        open_links: Some(EmptyObject {}),
        download_file: Some(EmptyObject {}),
        sandbox,
        server_tools: Some(ListChangedCapability::default()),
        server_resources: Some(ListChangedCapability::default()),
        logging: Some(EmptyObject {}),
        update_model_context: Some(text),
        message: Some(text),
        ..HostCapabilities::default()
    }
}
