//! Host parity with the current SDK (`@modelcontextprotocol/ext-apps` 2.0.4): the style
//! variables and fonts of the theme, `containerDimensions` per display mode, the sandbox in the
//! host capabilities, `ui/download-file`, `ui/log`; and what the host sends for them fits the
//! official schema.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

use std::sync::Arc;

use mcpapp_apps_schema::{AppsSchema, Verdict};
use mcpapp_host::store::MemoryStore;
use mcpapp_host::{
    AppHost, AppSpec, Download, DownloadContent, HostEvent, HostOptions, InstanceId, Output,
    ViewKind, save_downloads,
};
use mcpapp_protocol::{
    ContainerDimensions, DisplayMode, LoggingLevel, ResourcePermissions, SandboxCapability, Theme,
    Tool,
};
use serde_json::{Value, json};

fn host() -> AppHost {
    AppHost::new(HostOptions::default(), Arc::new(MemoryStore::default()))
}

fn open(host: &mut AppHost) -> InstanceId {
    let tool: Tool = serde_json::from_value(json!({
        "name": "report", "inputSchema": {"type": "object"},
        "_meta": {"ui": {"resourceUri": "ui://reports/view"}}
    }))
    .unwrap();
    let id = host.tool_call_started(AppSpec {
        server: "reports".into(),
        tool,
        tool_call_id: "call-1".into(),
        resource_uri: "ui://reports/view".into(),
        kind: ViewKind::Html,
        display_mode: DisplayMode::Inline,
    });
    host.drain();
    id
}

/// Initializes the view; returns the host's answer to `ui/initialize`.
fn initialize(host: &mut AppHost, id: InstanceId) -> Value {
    host.view_message(
        id,
        json!({"jsonrpc": "2.0", "id": 1, "method": "ui/initialize", "params": {
            "protocolVersion": mcpapp_protocol::APPS_PROTOCOL_VERSION,
            "appInfo": {"name": "t", "version": "1"}, "appCapabilities": {}}}),
    );
    let answer = to_view(&host.drain()).remove(0);
    host.view_message(
        id,
        json!({"jsonrpc": "2.0", "method": "ui/notifications/initialized"}),
    );
    host.drain();
    answer
}

fn to_view(out: &[Output]) -> Vec<Value> {
    out.iter()
        .filter_map(|o| match o {
            Output::ToView { message, .. } => Some(message.clone()),
            _ => None,
        })
        .collect()
}

fn fits(message: &Value, answered: Option<&str>) {
    match AppsSchema::official().check_from_host(message, answered) {
        Verdict::Valid { .. } => {}
        other => panic!("{other:?} for {message}"),
    }
}

#[test]
fn the_initialize_answer_carries_styles_room_sandbox_and_download_and_fits_the_schema() {
    let mut host = host();
    let id = open(&mut host);
    host.set_sandbox(
        id,
        SandboxCapability {
            permissions: Some(ResourcePermissions {
                clipboard_write: Some(mcpapp_protocol::EmptyObject {}),
                ..ResourcePermissions::default()
            }),
            csp: None,
        },
    );
    let answer = initialize(&mut host, id);
    fits(&answer, Some("ui/initialize"));
    let result = &answer["result"];
    assert_eq!(result["hostCapabilities"]["downloadFile"], json!({}));
    assert_eq!(
        result["hostCapabilities"]["sandbox"]["permissions"],
        json!({"clipboardWrite": {}})
    );
    let context = &result["hostContext"];
    assert_eq!(
        context["styles"]["variables"]["--color-background-primary"],
        "#FFFFFF"
    );
    assert_eq!(
        context["containerDimensions"],
        json!({"maxWidth": 960.0, "maxHeight": 4000.0})
    );
}

#[test]
fn the_style_variables_follow_the_theme() {
    let mut host = host();
    let id = open(&mut host);
    initialize(&mut host, id);
    host.set_theme(Theme::Dark);
    let changed = to_view(&host.drain());
    assert_eq!(changed.len(), 1);
    fits(&changed[0], None);
    let variables = &changed[0]["params"]["styles"]["variables"];
    assert_eq!(variables["--color-background-primary"], "#1E1E1E");
    host.set_theme(Theme::Light);
    let back = to_view(&host.drain());
    assert_eq!(
        back[0]["params"]["styles"]["variables"]["--color-background-primary"],
        "#FFFFFF"
    );
}

#[test]
fn the_room_follows_the_display_mode_and_the_embedder() {
    let mut host = host();
    let id = open(&mut host);
    initialize(&mut host, id);
    assert!(host.set_display_mode(id, DisplayMode::Fullscreen));
    let changed = to_view(&host.drain());
    fits(&changed[0], None);
    assert_eq!(
        changed[0]["params"],
        json!({"displayMode": "fullscreen",
               "availableDisplayModes": ["inline", "fullscreen", "pip"],
               "containerDimensions": {"maxWidth": 3840.0, "maxHeight": 2160.0}})
    );
    // The embedder knows the exact room; told once, not again when unchanged. Junk sizes go.
    let room = ContainerDimensions {
        width: Some(1024.0),
        height: Some(700.0),
        max_width: Some(f64::NAN),
        ..ContainerDimensions::default()
    };
    host.set_container_dimensions(id, room);
    let changed = to_view(&host.drain());
    fits(&changed[0], None);
    assert_eq!(
        changed[0]["params"],
        json!({"containerDimensions": {"width": 1024.0, "height": 700.0}})
    );
    host.set_container_dimensions(id, room);
    assert!(to_view(&host.drain()).is_empty());
}

fn download(host: &mut AppHost, id: InstanceId, request: i64, contents: &Value) -> Vec<Output> {
    host.view_message(
        id,
        json!({"jsonrpc": "2.0", "id": request, "method": "ui/download-file",
               "params": {"contents": contents}}),
    );
    host.drain()
}

#[test]
fn a_download_is_checked_handed_over_and_answered() {
    let mut host = host();
    let id = open(&mut host);
    initialize(&mut host, id);
    let out = download(
        &mut host,
        id,
        7,
        &json!([
            {"type": "resource", "resource": {"uri": "file:///../../etc/passwd",
             "mimeType": "text/plain", "text": "a,b\n1,2\n"}},
            {"type": "resource", "resource": {"uri": "ui://reports/.hidden.png",
             "mimeType": "image/png", "blob": "iVBORw0KGgo="}},
            {"type": "resource_link", "uri": "https://example.com/report.pdf",
             "name": "report.pdf"}
        ]),
    );
    let [
        Output::Event(HostEvent::DownloadFile {
            instance,
            request,
            files,
        }),
    ] = out.as_slice()
    else {
        panic!("{out:?}")
    };
    assert_eq!(*instance, id);
    assert_eq!(*request, json!(7));
    let names: Vec<&str> = files.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["passwd", "hidden.png", "report.pdf"]);
    assert_eq!(
        files[1].content,
        DownloadContent::Bytes(vec![0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A])
    );
    assert_eq!(
        files[2].content,
        DownloadContent::Link("https://example.com/report.pdf".into())
    );

    // One at a time.
    let out = download(
        &mut host,
        id,
        8,
        &json!([{"type": "resource", "resource": {"uri": "a.txt", "text": "x"}}]),
    );
    let refused = to_view(&out);
    assert!(
        refused[0]["error"]["message"]
            .as_str()
            .unwrap()
            .contains("already waiting")
    );

    host.download_done(id, &json!(7), Ok(()));
    let answer = to_view(&host.drain());
    assert_eq!(
        answer[0],
        json!({"jsonrpc": "2.0", "id": 7, "result": {"isError": false}})
    );
    fits(&answer[0], Some("ui/download-file"));

    // Refused: the user said no (the reason is logged, the app learns only that it failed).
    download(
        &mut host,
        id,
        9,
        &json!([{"type": "resource", "resource": {"uri": "b.txt", "text": "y"}}]),
    );
    host.download_done(id, &json!(9), Err("the user said no"));
    let out = host.drain();
    assert!(out.iter().any(|o| matches!(o,
        Output::Event(HostEvent::Log { message, .. }) if message.contains("the user said no"))));
    assert_eq!(to_view(&out)[0]["result"]["isError"], true);
}

#[test]
fn a_download_that_is_too_much_or_not_a_file_is_refused() {
    let mut host = host();
    let id = open(&mut host);
    initialize(&mut host, id);
    let many: Vec<Value> = (0..17)
        .map(|i| json!({"type": "resource", "resource": {"uri": format!("{i}.txt"), "text": "x"}}))
        .collect();
    let big = "x".repeat(mcpapp_host::MAX_DOWNLOAD_BYTES + 1);
    for (contents, why) in [
        (json!([]), "nothing to download"),
        (Value::Array(many), "at most 16"),
        (
            json!([{"type": "resource", "resource": {"uri": "big.txt", "text": big}}]),
            "larger than 32 MiB",
        ),
        (
            json!([{"type": "resource_link", "uri": "file:///etc/passwd", "name": "p"}]),
            "only http and https",
        ),
        (
            json!([{"type": "text", "text": "hello"}]),
            "only resources and resource links",
        ),
        (
            json!([{"type": "resource", "resource": {"uri": "x.bin", "blob": "!!"}}]),
            "not base64",
        ),
    ] {
        let out = download(&mut host, id, 3, &contents);
        let answer = to_view(&out);
        let message = answer[0]["error"]["message"].as_str().unwrap_or_default();
        assert!(message.contains(why), "{why}: {out:?}");
        assert!(
            !out.iter()
                .any(|o| matches!(o, Output::Event(HostEvent::DownloadFile { .. })))
        );
    }
}

#[test]
fn saving_never_overwrites_and_skips_links() {
    let folder = std::env::temp_dir().join(format!("mcpapp-downloads-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    let file = |name: &str, text: &str| Download {
        name: name.into(),
        mime_type: None,
        content: DownloadContent::Bytes(text.as_bytes().to_vec()),
    };
    let files = [
        file("notes.txt", "first"),
        file("notes.txt", "second"),
        Download {
            name: "site".into(),
            mime_type: None,
            content: DownloadContent::Link("https://example.com".into()),
        },
        file("../escape.txt", "third"),
    ];
    let written = save_downloads(&folder, &files).unwrap();
    let names: Vec<String> = written
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["notes.txt", "notes (2).txt", "escape.txt"]);
    assert!(written.iter().all(|p| p.parent() == Some(folder.as_path())));
    assert_eq!(
        std::fs::read_to_string(folder.join("notes.txt")).unwrap(),
        "first"
    );
    std::fs::remove_dir_all(&folder).unwrap();
}

#[test]
fn ui_log_is_taken_like_notifications_message() {
    let mut host = host();
    let id = open(&mut host);
    initialize(&mut host, id);
    for method in ["ui/log", "notifications/message"] {
        host.view_message(
            id,
            json!({"jsonrpc": "2.0", "method": method,
                   "params": {"level": "warning", "data": "disk almost full"}}),
        );
        let out = host.drain();
        assert!(
            matches!(out.as_slice(), [Output::Event(HostEvent::Log { level: LoggingLevel::Warning, message, .. })] if message == "disk almost full"),
            "{method}: {out:?}"
        );
    }
}
