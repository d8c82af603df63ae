//! What an embedder asks of the host besides the agent loop: bringing back apps of an earlier
//! session, changing the theme, moving an app between display modes. Each is checked as the
//! exact messages the view gets.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

use std::sync::Arc;

use mcpapp_host::store::{MemoryStore, StateKey, StateStore};
use mcpapp_host::{AppHost, AppSpec, HostEvent, HostOptions, InstanceId, Output, ViewKind};
use mcpapp_protocol::{CallToolResult, DisplayMode, Theme, Tool};
use serde_json::{Value, json};

fn spec(tool_call_id: &str) -> AppSpec {
    let tool: Tool = serde_json::from_value(json!({
        "name": "board", "inputSchema": {"type": "object"},
        "_meta": {"ui": {"resourceUri": "ui://board/view"}}
    }))
    .unwrap();
    AppSpec {
        server: "boards".into(),
        tool,
        tool_call_id: tool_call_id.into(),
        resource_uri: "ui://board/view".into(),
        kind: ViewKind::Card,
        display_mode: DisplayMode::Inline,
    }
}

/// The methods (or "response") of what went to `instance`, and the events, in order.
fn seen(out: &[Output], instance: InstanceId) -> Vec<String> {
    out.iter()
        .filter_map(|o| match o {
            Output::ToView {
                instance: i,
                message,
            } if *i == instance => Some(
                message
                    .get("method")
                    .and_then(Value::as_str)
                    .unwrap_or("response")
                    .to_owned(),
            ),
            Output::Event(HostEvent::OpenApp { recreated, .. }) => {
                Some(format!("event open (recreated: {recreated})"))
            }
            Output::Event(HostEvent::DisplayModeChanged { mode, .. }) => {
                Some(format!("event mode {mode}"))
            }
            _ => None,
        })
        .collect()
}

/// The view initializes: `ui/initialize`, then `initialized`; returns what the host sent.
fn initialize(host: &mut AppHost, instance: InstanceId) -> Vec<Output> {
    host.view_message(
        instance,
        json!({"jsonrpc": "2.0", "id": 1, "method": "ui/initialize", "params": {
            "protocolVersion": mcpapp_protocol::APPS_PROTOCOL_VERSION,
            "appInfo": {"name": "t", "version": "1"}, "appCapabilities": {}}}),
    );
    let mut out = host.drain();
    host.view_message(
        instance,
        json!({"jsonrpc": "2.0", "method": "ui/notifications/initialized", "params": {}}),
    );
    out.extend(host.drain());
    out
}

#[test]
fn an_app_of_an_earlier_session_comes_back_with_its_input_result_and_state() {
    let store: Arc<dyn StateStore> = Arc::new(MemoryStore::default());
    store
        .save(
            &StateKey::new("boards", "board", "t1", "call-7"),
            &json!({"values": {"title": "kept"}}),
        )
        .unwrap();
    // A new host (a restarted program) on the same store.
    let mut host = AppHost::new(HostOptions::default(), Arc::clone(&store));
    host.switch_thread("t1");
    let result = CallToolResult::text("the board");
    let instance = host.restore_app("t1", spec("call-7"), Some(json!({"id": 3})), Some(&result));
    let opened = host.drain();
    assert_eq!(seen(&opened, instance), ["event open (recreated: true)"]);
    let out = initialize(&mut host, instance);
    assert_eq!(
        seen(&out, instance),
        [
            "response",
            "ui/notifications/tool-input",
            "ui/notifications/tool-result",
            "ui/notifications/load-state"
        ]
    );
    let message = |method: &str| {
        out.iter()
            .find_map(|o| match o {
                Output::ToView { message, .. } if message["method"] == method => {
                    Some(message.clone())
                }
                _ => None,
            })
            .unwrap()
    };
    assert_eq!(
        message("ui/notifications/tool-input")["params"]["arguments"]["id"],
        3
    );
    assert_eq!(
        message("ui/notifications/tool-result")["params"],
        json!({"content": [{"type": "text", "text": "the board"}]})
    );
    assert_eq!(
        message("ui/notifications/load-state")["params"]["state"]["values"]["title"],
        "kept"
    );

    // An app of another thread waits for its thread.
    let later = host.restore_app("t2", spec("call-8"), None, None);
    assert!(seen(&host.drain(), later).is_empty());
    host.switch_thread("t2");
    let out = host.drain();
    assert!(seen(&out, later).contains(&"event open (recreated: true)".to_owned()));
}

#[test]
fn a_theme_change_reaches_every_open_view_and_later_ones() {
    let mut host = AppHost::new(HostOptions::default(), Arc::new(MemoryStore::default()));
    let first = host.tool_call_started(spec("call-1"));
    initialize(&mut host, first);
    host.set_theme(Theme::Dark);
    let out = host.drain();
    let Some(Output::ToView { message, .. }) = out.first() else {
        panic!("{out:?}")
    };
    assert_eq!(message["method"], "ui/notifications/host-context-changed");
    // The theme, and the style variables with it (the dark card's colours).
    assert_eq!(message["params"]["theme"], "dark");
    let variables = &message["params"]["styles"]["variables"];
    assert_eq!(variables["--color-background-primary"], "#1E1E1E");
    assert_eq!(variables["--color-text-primary"], "#E6E6E6");
    assert!(
        message["params"]["styles"]["css"]["fonts"]
            .as_str()
            .unwrap()
            .contains("@font-face")
    );
    assert_eq!(message["params"].as_object().unwrap().len(), 2);
    host.set_theme(Theme::Dark);
    assert!(host.drain().is_empty(), "no news, no message");

    let second = host.tool_call_started(spec("call-2"));
    let out = initialize(&mut host, second);
    let init = out
        .iter()
        .find_map(|o| match o {
            Output::ToView { instance, message } if *instance == second => Some(message),
            _ => None,
        })
        .unwrap();
    assert_eq!(init["result"]["hostContext"]["theme"], "dark");
    assert_eq!(
        init["result"]["hostContext"]["styles"]["variables"]["--color-background-primary"],
        "#1E1E1E"
    );
    // Every standard variable is given, as the SDK's schema asks.
    let known = mcpapp_apps_schema::SCHEMA_JSON;
    let schema: Value = serde_json::from_str(known).unwrap();
    let required = schema["$defs"]["McpUiStyles"]["required"]
        .as_array()
        .unwrap();
    let given = init["result"]["hostContext"]["styles"]["variables"]
        .as_object()
        .unwrap();
    for name in required {
        assert!(given.contains_key(name.as_str().unwrap()), "{name} missing");
    }
    assert_eq!(given.len(), required.len());
}

#[test]
fn the_embedder_moves_an_app_between_display_modes() {
    let mut host = AppHost::new(HostOptions::default(), Arc::new(MemoryStore::default()));
    let app = host.tool_call_started(spec("call-1"));
    initialize(&mut host, app);
    assert!(host.set_display_mode(app, DisplayMode::Fullscreen));
    assert_eq!(
        seen(&host.drain(), app),
        [
            "ui/notifications/host-context-changed",
            "event mode fullscreen"
        ]
    );
    assert_eq!(host.display_mode(app), Some(DisplayMode::Fullscreen));
    // A mode the host does not offer is refused.
    assert!(!host.set_display_mode(app, DisplayMode::Other("minimized".into())));
    assert!(host.drain().is_empty());
    assert!(host.set_display_mode(app, DisplayMode::Fullscreen));
    assert!(host.drain().is_empty(), "the mode it has already");
}

#[test]
fn a_deep_state_is_refused_with_an_answer_and_absurd_sizes_are_clamped() {
    let mut host = AppHost::new(HostOptions::default(), Arc::new(MemoryStore::default()));
    let app = host.tool_call_started(spec("call-1"));
    initialize(&mut host, app);
    let mut state = json!(1);
    for _ in 0..100 {
        state = json!([state]);
    }
    host.view_message(
        app,
        json!({"jsonrpc": "2.0", "method": "ui/notifications/save-state", "params": {"state": state}}),
    );
    let out = host.drain();
    let Some(Output::ToView { message, .. }) = out.first() else {
        panic!("{out:?}")
    };
    assert_eq!(message["method"], "ui/notifications/save-state-response");
    assert_eq!(message["params"]["success"], false);
    assert!(
        message["params"]["message"]
            .as_str()
            .unwrap()
            .contains("deeper than 64"),
        "{message}"
    );

    host.view_message(
        app,
        json!({"jsonrpc": "2.0", "method": "ui/notifications/size-changed",
            "params": {"width": 1_000_000_000, "height": -5}}),
    );
    let out = host.drain();
    assert!(
        matches!(
            &out[..],
            [Output::Event(HostEvent::SizeChanged { width: Some(w), height: Some(h), .. })]
                if w.to_bits() == 100_000.0_f64.to_bits() && h.to_bits() == 0.0_f64.to_bits()
        ),
        "{out:?}"
    );
}
