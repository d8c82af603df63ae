//! Every protocol message: method names, params on the wire, and the catalogue.

mod common;

use std::collections::HashSet;

use common::round_trip;
use mcpapp_protocol::messages::{
    CloseWsApp, DownloadFile, HostContextChanged, LoadState, LoggingMessage, METHODS,
    RequestDisplayMode, RequestTeardown, ResourceTeardown, ResponseGenerationStatus,
    SandboxProxyReady, SandboxResourceReady, SaveState, SaveStateResponse, SizeChanged,
    ToolCancelled, ToolInputPartial, ToolResult, UiMessage, UpdateModelContext,
};
use mcpapp_protocol::{
    ContentBlock, Direction, DisplayMode, EmptyObject, LoadStateParams, LoggingLevel, Message,
    MessageKind, MessageRole, MethodInfo, Notification, Request, RequestDisplayModeParams,
    RequestDisplayModeResult, RequestId, ResourceTeardownParams, ResponseGenerationStatusParams,
    SandboxResourceReadyParams, SaveStateParams, SaveStateResponseParams, ToolCancelledParams,
    UiMessageParams, is_sandbox_method, is_ui_method,
};
use serde_json::{Map, Value, json};

/// The envelope around `params` for `method`, with an id when it is a request.
#[expect(
    clippy::expect_used,
    reason = "a test helper: the envelope it builds is always valid"
)]
fn envelope(method: &str, id: Option<i64>, params: Value) -> Message {
    let mut object = Map::new();
    object.insert("jsonrpc".into(), json!("2.0"));
    object.insert("method".into(), json!(method));
    if let Some(id) = id {
        object.insert("id".into(), json!(id));
    }
    object.insert("params".into(), params);
    Message::from_value(Value::Object(object)).expect("a well-formed envelope")
}

#[expect(
    clippy::expect_used,
    reason = "a test helper: a failed extraction is the test failing"
)]
fn notification<N: Notification>(params: Value) -> N::Params {
    envelope(N::METHOD, None, params)
        .extract_notification::<N>()
        .expect("the params fit")
        .expect("the marker matches its own method")
}

#[expect(
    clippy::expect_used,
    reason = "a test helper: a failed extraction is the test failing"
)]
fn request<R: Request>(params: Value) -> R::Params {
    envelope(R::METHOD, Some(1), params)
        .extract_request::<R>()
        .expect("the params fit")
        .expect("the marker matches its own method")
        .1
}

#[test]
fn ui_message_content_is_read_as_object_or_array_and_written_as_array() {
    // The SDK's form.
    let array = request::<UiMessage>(
        json!({"role": "user", "content": [{"type": "text", "text": "Hello"}]}),
    );
    // The spec example's form: a single block.
    let single =
        request::<UiMessage>(json!({"role": "user", "content": {"type": "text", "text": "Hello"}}));
    assert_eq!(array, single);
    assert_eq!(array, UiMessageParams::user_text("Hello"));
    assert_eq!(array.role, MessageRole::User);
    assert_eq!(
        serde_json::to_value(&single).unwrap(),
        json!({"role": "user", "content": [{"type": "text", "text": "Hello"}]})
    );
    // Neither an object nor an array is an invalid-params error.
    let bad = Message::from_value(json!({"jsonrpc": "2.0", "id": 1, "method": "ui/message", "params": {"role": "user", "content": "Hello"}})).unwrap();
    assert!(bad.extract_request::<UiMessage>().is_err());
    // A role the spec does not have yet is kept, for the host to decide.
    let assistant = request::<UiMessage>(json!({"role": "assistant", "content": []}));
    assert_eq!(assistant.role, MessageRole::Other("assistant".into()));
    assert!(!assistant.role.is_known());
}

#[test]
fn sandbox_resource_ready_with_csp_and_permissions_round_trips() {
    let params = json!({
        "html": "<!DOCTYPE html><html><body>hi</body></html>",
        "sandbox": "allow-scripts allow-same-origin allow-forms",
        "csp": {
            "connectDomains": ["https://api.example.com", "wss://rt.example.com"],
            "resourceDomains": ["https://*.cdn.example.com"],
            "frameDomains": ["https://www.youtube.com"],
            "baseUriDomains": ["https://cdn.example.com"]
        },
        "permissions": {"camera": {}, "clipboardWrite": {}}
    });
    let typed: SandboxResourceReadyParams = round_trip(&params);
    assert_eq!(notification::<SandboxResourceReady>(params), typed);
    let csp = typed.csp.as_ref().unwrap();
    assert_eq!(csp.connect_domains.as_ref().unwrap().len(), 2);
    assert_eq!(
        csp.frame_domains.as_deref(),
        Some(&["https://www.youtube.com".to_owned()][..])
    );
    assert_eq!(
        typed.permissions.as_ref().unwrap().policy_features(),
        ["camera", "clipboard-write"]
    );

    let minimal: SandboxResourceReadyParams = round_trip(&json!({"html": "<p>x</p>"}));
    assert_eq!(minimal.csp, None);
    assert_eq!(notification::<SandboxProxyReady>(json!({})), EmptyObject {});
}

#[test]
fn extended_notifications_round_trip() {
    let pending = json!({"isPending": true});
    assert_eq!(
        notification::<ResponseGenerationStatus>(pending.clone()),
        ResponseGenerationStatusParams { is_pending: true }
    );
    round_trip::<ResponseGenerationStatusParams>(&pending);

    let state = json!({"state": {"inputs": {"cancellationReason": "plans changed"}, "step": 2}});
    let load = notification::<LoadState>(state.clone());
    assert_eq!(load.state["inputs"]["cancellationReason"], "plans changed");
    round_trip::<LoadStateParams>(&state);

    let ack = json!({"success": false, "message": "store full"});
    assert_eq!(
        notification::<SaveStateResponse>(ack.clone()),
        SaveStateResponseParams {
            success: false,
            message: Some("store full".into())
        }
    );
    round_trip::<SaveStateResponseParams>(&ack);
    round_trip::<SaveStateResponseParams>(&json!({"success": true}));

    let save = json!({"state": {"step": 3}, "toolCallId": "call_abc123"});
    let typed = notification::<SaveState>(save.clone());
    assert_eq!(
        typed.tool_call_id,
        Some(RequestId::String("call_abc123".into()))
    );
    round_trip::<SaveStateParams>(&save);
    // toolCallId may be the numeric JSON-RPC id of the tools/call, as in hostContext.toolInfo.id.
    assert_eq!(
        notification::<SaveState>(json!({"state": null, "toolCallId": 12})).tool_call_id,
        Some(RequestId::Number(12))
    );

    assert_eq!(notification::<CloseWsApp>(json!({})), EmptyObject {});
    assert_eq!(
        Message::notification::<CloseWsApp>(&EmptyObject {})
            .unwrap()
            .to_value(),
        json!({"jsonrpc": "2.0", "method": "ui/notifications/close-ws-app", "params": {}})
    );
    // load-state without a state is malformed.
    let empty = Message::from_value(
        json!({"jsonrpc": "2.0", "method": "ui/notifications/load-state", "params": {}}),
    )
    .unwrap();
    assert!(empty.extract_notification::<LoadState>().is_err());
}

#[test]
fn tool_cancelled_and_resource_teardown_accept_both_documented_shapes() {
    // Both carry only an optional reason: `{}` (the SDK) and `{reason}` (the spec's example).
    for (params, reason) in [
        (json!({}), None),
        (json!({"reason": "user action"}), Some("user action")),
    ] {
        let cancelled: ToolCancelledParams = notification::<ToolCancelled>(params.clone());
        assert_eq!(cancelled.reason.as_deref(), reason);
        let teardown: ResourceTeardownParams = request::<ResourceTeardown>(params);
        assert_eq!(teardown.reason.as_deref(), reason);
    }
    // SDK views answer teardown with an empty object; extra members are tolerated.
    let response =
        Message::from_value(json!({"jsonrpc": "2.0", "id": 1, "result": {"saved": true}})).unwrap();
    let Message::Response(response) = response else {
        panic!("not a response")
    };
    assert_eq!(
        response.extract_result::<ResourceTeardown>().unwrap(),
        EmptyObject {}
    );
    assert_eq!(notification::<RequestTeardown>(json!({})), EmptyObject {});
}

#[test]
fn tool_result_carries_a_call_tool_result() {
    let params = notification::<ToolResult>(
        json!({"content": [{"type": "text", "text": "done"}], "structuredContent": {"type": "McpApp", "body": []}}),
    );
    assert_eq!(params.content, vec![ContentBlock::text("done")]);
    assert_eq!(params.structured_content.unwrap()["type"], "McpApp");
    let partial = notification::<ToolInputPartial>(json!({"arguments": {"query": "Osl"}}));
    assert_eq!(partial.arguments.unwrap()["query"], "Osl");
}

#[test]
fn host_context_changed_carries_only_changed_members() {
    let partial = notification::<HostContextChanged>(json!({"displayMode": "fullscreen"}));
    assert_eq!(partial.display_mode, Some(DisplayMode::Fullscreen));
    assert_eq!(partial.theme, None);
    assert_eq!(
        serde_json::to_value(&partial).unwrap(),
        json!({"displayMode": "fullscreen"})
    );
}

#[test]
fn display_mode_request_and_result() {
    let params = request::<RequestDisplayMode>(json!({"mode": "pip"}));
    assert_eq!(
        params,
        RequestDisplayModeParams {
            mode: DisplayMode::Pip
        }
    );
    let result: RequestDisplayModeResult = round_trip(&json!({"mode": "inline"}));
    assert_eq!(result.mode, DisplayMode::Inline);
    // Our workspace mode and modes of other hosts are values, not failures.
    assert_eq!(
        request::<RequestDisplayMode>(json!({"mode": "window"})).mode,
        DisplayMode::Window
    );
    let standalone = request::<RequestDisplayMode>(json!({"mode": "standalone"})).mode;
    assert_eq!(standalone, DisplayMode::Other("standalone".into()));
    assert_eq!(
        serde_json::to_value(&standalone).unwrap(),
        json!("standalone")
    );
}

#[test]
fn size_changed_update_model_context_download_and_logging() {
    let size = notification::<SizeChanged>(json!({"width": 640, "height": 412.5}));
    assert_eq!((size.width, size.height), (Some(640.0), Some(412.5)));

    let context = request::<UpdateModelContext>(
        json!({"content": [{"type": "text", "text": "selected: row 3"}], "structuredContent": {"row": 3}}),
    );
    assert_eq!(
        context.content.unwrap()[0].as_text(),
        Some("selected: row 3")
    );
    assert_eq!(context.structured_content.unwrap()["row"], 3);

    let download = request::<DownloadFile>(json!({"contents": [
        {"type": "resource", "resource": {"uri": "file:///report.csv", "mimeType": "text/csv", "text": "a,b\n1,2"}},
        {"type": "resource_link", "uri": "https://example.com/big.zip", "name": "big.zip"}
    ]}));
    assert!(matches!(download.contents[0], ContentBlock::Resource(_)));
    assert!(matches!(
        download.contents[1],
        ContentBlock::ResourceLink(_)
    ));

    let log = notification::<LoggingMessage>(json!({"level": "info", "data": "Clicked get-time"}));
    assert_eq!(log.level, LoggingLevel::Info);
    assert!(LoggingLevel::Error > LoggingLevel::Warning);
}

#[test]
fn method_names_are_the_specified_ones() {
    let expected = [
        "ui/initialize",
        "ui/notifications/initialized",
        "ui/notifications/size-changed",
        "ui/notifications/request-teardown",
        "ui/log",
        "ui/call-tool",
        "ui/message",
        "ui/open-link",
        "ui/download-file",
        "ui/request-display-mode",
        "ui/update-model-context",
        "ui/notifications/tool-input",
        "ui/notifications/tool-input-partial",
        "ui/notifications/tool-result",
        "ui/notifications/tool-cancelled",
        "ui/notifications/host-context-changed",
        "ui/resource-teardown",
        "ui/notifications/sandbox-proxy-ready",
        "ui/notifications/sandbox-resource-ready",
        "ui/notifications/sandbox-limits",
        "ui/notifications/sandbox-shed",
        "ui/notifications/response-generation-status",
        "ui/notifications/load-state",
        "ui/notifications/save-state-response",
        "ui/notifications/save-state",
        "ui/notifications/close-ws-app",
        "ping",
        "tools/call",
        "tools/list",
        "resources/read",
        "sampling/createMessage",
        "resources/list",
        "resources/templates/list",
        "prompts/list",
        "notifications/message",
        "notifications/tools/list_changed",
        "notifications/resources/list_changed",
        "notifications/prompts/list_changed",
        "notifications/cancelled",
        "notifications/progress",
    ];
    let catalogue: Vec<&str> = METHODS.iter().map(|info| info.method).collect();
    assert_eq!(catalogue, expected);
    let unique: HashSet<&str> = catalogue.iter().copied().collect();
    assert_eq!(unique.len(), catalogue.len(), "a method is listed twice");
}

#[test]
fn catalogue_knows_kinds_and_directions() {
    let init = MethodInfo::lookup("ui/initialize").unwrap();
    assert_eq!(
        (init.kind, init.direction),
        (MessageKind::Request, Direction::ViewToHost)
    );
    assert!(init.sent_by_view() && !init.sent_by_host());
    let result = MethodInfo::lookup("ui/notifications/tool-result").unwrap();
    assert!(result.sent_by_host() && !result.sent_by_view());
    let ready = MethodInfo::lookup("ui/notifications/sandbox-proxy-ready").unwrap();
    assert_eq!(ready.direction, Direction::ProxyToHost);
    assert!(!ready.sent_by_view() && !ready.sent_by_host());
    assert_eq!(
        MethodInfo::lookup("ui/notifications/save-state")
            .unwrap()
            .direction,
        Direction::ViewToHost
    );
    assert_eq!(
        MethodInfo::lookup("ping").unwrap().direction,
        Direction::Both
    );
    assert_eq!(MethodInfo::lookup("ui/unknown"), None);
}

#[test]
fn routing_predicates_follow_the_prefix_rules() {
    for info in METHODS {
        let standard_mcp = !info.method.starts_with("ui/");
        assert_eq!(is_ui_method(info.method), !standard_mcp, "{}", info.method);
        let proxy_only = matches!(
            info.direction,
            Direction::ProxyToHost | Direction::HostToProxy
        );
        assert_eq!(
            is_sandbox_method(info.method),
            proxy_only,
            "{}",
            info.method
        );
    }
    // The extended notifications stay between host and view, and a proxy relays them.
    assert!(is_ui_method(SaveState::METHOD) && !is_sandbox_method(SaveState::METHOD));
}
