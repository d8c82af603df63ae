//! What the host does with each message a view sends: the same for cards and HTML apps.

use mcpapp_protocol::{DisplayMode, JsonRpcError, Message, RequestId};
use serde_json::{Value, json};

use super::{
    AppHost, CloseReason, HostEvent, InstanceId, Output, Phase, ServerCall, notification, state_key,
};

/// The protocol version the host speaks with views.
const APPS_PROTOCOL_VERSION: &str = mcpapp_protocol::APPS_PROTOCOL_VERSION;

impl AppHost {
    /// A message from a view. Malformed messages are dropped (and logged); unknown requests
    /// get `-32601`; nothing a view sends can make the host fail.
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
                self.log(
                    Some(instance),
                    "warning",
                    format!("dropped a malformed message: {e}"),
                );
                return;
            }
        };
        match message {
            Message::Request(r) => {
                let id = r.id.clone();
                let params = r.params.clone().unwrap_or_else(|| json!({}));
                match self.request(instance, &r.method, params, &id) {
                    Ok(Some(result)) => self.reply(instance, &id, Ok(result)),
                    Ok(None) => {}
                    Err(error) => self.reply(instance, &id, Err(error)),
                }
            }
            Message::Notification(n) => {
                let params = n.params.clone().unwrap_or_else(|| json!({}));
                self.notification(instance, &n.method, &params);
            }
            Message::Response(r) => self.response(instance, &r.id),
            Message::Error(e) => {
                if let Some(id) = &e.id {
                    self.response(instance, id);
                }
            }
        }
    }

    fn reply(&mut self, instance: InstanceId, id: &RequestId, reply: Result<Value, JsonRpcError>) {
        let message = match reply {
            Ok(result) => json!({ "jsonrpc": "2.0", "id": id, "result": result }),
            Err(error) => json!({ "jsonrpc": "2.0", "id": id, "error": error }),
        };
        self.send_view_now(instance, message);
    }

    /// Handles a request; `Ok(None)` when the answer comes later (from a server).
    fn request(
        &mut self,
        instance: InstanceId,
        method: &str,
        params: Value,
        id: &RequestId,
    ) -> Result<Option<Value>, JsonRpcError> {
        match method {
            "ui/initialize" => Ok(Some(self.initialize_result(instance, &params))),
            "ping" => Ok(Some(json!({}))),
            "tools/call" => self.call_tool(instance, &params, id).map(|()| None),
            "resources/read" => {
                let uri = params
                    .get("uri")
                    .and_then(Value::as_str)
                    .ok_or_else(|| invalid("resources/read needs a `uri`"))?
                    .to_owned();
                let server = self.server_of(instance);
                self.outputs.push_back(Output::ToServer {
                    instance,
                    server,
                    request: serde_json::to_value(id).unwrap_or(Value::Null),
                    call: ServerCall::ReadResource { uri },
                });
                Ok(None)
            }
            "ui/message" => {
                self.event(HostEvent::ChatMessage {
                    instance,
                    message: params,
                });
                Ok(Some(json!({})))
            }
            "ui/open-link" => {
                let url = params
                    .get("url")
                    .and_then(Value::as_str)
                    .ok_or_else(|| invalid("ui/open-link needs a `url`"))?;
                let scheme = url.split_once(':').map(|(s, _)| s.to_ascii_lowercase());
                if !matches!(scheme.as_deref(), Some("https" | "http")) {
                    return Err(invalid(&format!(
                        "the host opens only http and https links, not `{url}`"
                    )));
                }
                self.event(HostEvent::OpenLink {
                    instance,
                    url: url.to_owned(),
                });
                Ok(Some(json!({})))
            }
            "ui/request-display-mode" => {
                let wanted: Option<DisplayMode> = params
                    .get("mode")
                    .and_then(|m| serde_json::from_value(m.clone()).ok());
                let current = self.display_mode(instance).unwrap_or_default();
                let granted = match wanted {
                    Some(mode) if self.options.display_modes.contains(&mode) => mode,
                    _ => current.clone(),
                };
                if granted != current {
                    self.change_display_mode(instance, granted.clone());
                }
                Ok(Some(json!({ "mode": granted })))
            }
            "ui/update-model-context" => {
                self.event(HostEvent::ModelContext {
                    instance,
                    context: params,
                });
                Ok(Some(json!({})))
            }
            other => Err(JsonRpcError::new(
                JsonRpcError::METHOD_NOT_FOUND,
                format!("the host has no method `{other}`"),
            )),
        }
    }

    fn notification(&mut self, instance: InstanceId, method: &str, params: &Value) {
        match method {
            "ui/notifications/initialized" => self.ready(instance),
            "ui/notifications/size-changed" => self.event(HostEvent::SizeChanged {
                instance,
                width: params.get("width").and_then(Value::as_f64),
                height: params.get("height").and_then(Value::as_f64),
            }),
            "notifications/message" => {
                let level = params
                    .get("level")
                    .and_then(Value::as_str)
                    .unwrap_or("info")
                    .to_owned();
                let data = params.get("data").cloned().unwrap_or(Value::Null);
                let message = match data {
                    Value::String(s) => s,
                    other => other.to_string(),
                };
                self.event(HostEvent::Log {
                    instance: Some(instance),
                    level,
                    message,
                });
            }
            "ui/notifications/save-state" => self.save_state(instance, params),
            "ui/notifications/close-ws-app" | "ui/notifications/request-teardown" => {
                self.begin_teardown(instance, CloseReason::AppDone);
            }
            other => self.log(
                Some(instance),
                "debug",
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
                notification(
                    "ui/notifications/response-generation-status",
                    &json!({ "isPending": true }),
                ),
            );
        }
    }

    fn initialize_result(&self, instance: InstanceId, params: &Value) -> Value {
        let Some(i) = self.instances.get(&instance) else {
            return json!({});
        };
        // Views built on the reference SDK validate the answer strictly: a display mode outside
        // the spec's three (our `window`) makes them reject the whole result and never start.
        // A view hears of a non-standard mode only if it declared it itself.
        let declared: Vec<DisplayMode> = params
            .pointer("/appCapabilities/availableDisplayModes")
            .and_then(|m| serde_json::from_value(m.clone()).ok())
            .unwrap_or_default();
        let speaks = |mode: &DisplayMode| {
            matches!(
                mode,
                DisplayMode::Inline | DisplayMode::Fullscreen | DisplayMode::Pip
            ) || declared.contains(mode)
        };
        let modes: Vec<&DisplayMode> = self
            .options
            .display_modes
            .iter()
            .filter(|m| speaks(m))
            .collect();
        // A view alone in a window of its own fills it: the nearest standard mode.
        let mode = if speaks(&i.spec.display_mode) {
            i.spec.display_mode.clone()
        } else {
            DisplayMode::Fullscreen
        };
        json!({
            "protocolVersion": APPS_PROTOCOL_VERSION,
            "hostInfo": { "name": self.options.name, "version": self.options.version },
            "hostCapabilities": {
                "openLinks": {},
                "serverTools": {},
                "serverResources": {},
                "logging": {},
                "message": { "text": {} },
                "updateModelContext": { "text": {} },
                "experimental": { "io.intelligence/state": {}, "io.intelligence/response-generation-status": {} }
            },
            "hostContext": {
                "toolInfo": { "id": i.spec.tool_call_id, "tool": i.spec.tool },
                "theme": self.options.theme,
                "displayMode": mode,
                "availableDisplayModes": modes,
                "locale": self.options.locale,
                "timeZone": self.options.time_zone,
                "platform": "desktop"
            }
        })
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
        params: &Value,
        id: &RequestId,
    ) -> Result<(), JsonRpcError> {
        let name = params
            .get("name")
            .and_then(Value::as_str)
            .ok_or_else(|| invalid("tools/call needs a `name`"))?;
        let arguments = match params.get("arguments") {
            None | Some(Value::Null) => serde_json::Map::new(),
            Some(Value::Object(a)) => a.clone(),
            Some(_) => return Err(invalid("tools/call `arguments` must be an object")),
        };
        let server = self.server_of(instance);
        let tool = self
            .tools
            .get(&server)
            .and_then(|tools| tools.iter().find(|t| t.name == name));
        match tool {
            None => Err(invalid(&format!(
                "no tool `{name}` on this app's server `{server}`"
            ))),
            Some(t) if !t.is_app_visible() => Err(invalid(&format!(
                "the tool `{name}` is not visible to apps (only to the model)"
            ))),
            Some(_) => {
                self.outputs.push_back(Output::ToServer {
                    instance,
                    server,
                    request: serde_json::to_value(id).unwrap_or(Value::Null),
                    call: ServerCall::CallTool {
                        name: name.to_owned(),
                        arguments,
                    },
                });
                Ok(())
            }
        }
    }

    /// `save-state`: stored, then acknowledged with `save-state-response`.
    fn save_state(&mut self, instance: InstanceId, params: &Value) {
        let Some(i) = self.instances.get(&instance) else {
            return;
        };
        let key = state_key(i);
        let state = params.get("state").cloned().unwrap_or(Value::Null);
        let response = match self.store.save(&key, &state) {
            Ok(()) => json!({ "success": true }),
            Err(e) => json!({ "success": false, "message": e.to_string() }),
        };
        self.send_view(
            instance,
            notification("ui/notifications/save-state-response", &response),
        );
    }
}

fn invalid(message: &str) -> JsonRpcError {
    JsonRpcError::new(JsonRpcError::INVALID_PARAMS, message)
}
