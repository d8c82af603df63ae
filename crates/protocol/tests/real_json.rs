//! Round trips on the real JSON recorded in PROTOCOL.md (servers, SDK, spec examples).

mod common;

use common::round_trip;
use mcpapp_protocol::messages::{CallTool, Initialize, ReadResource};
use mcpapp_protocol::{
    CallToolResult, ContentBlock, DisplayMode, HTML_MIME_TYPE, InitializeParams, InitializeResult,
    ListResourcesResult, ListToolsResult, Message, ReadResourceResult, ResourceUiMeta, Theme,
    UiClientCapability, Visibility,
};
use serde_json::json;

/// `tools/list` of `@modelcontextprotocol/server-basic-vanillajs@2.0.3`, verbatim.
const BASIC_VANILLAJS_TOOLS_LIST: &str = r#"{"tools":[{"name":"get-time","title":"Get Time",
  "description":"Returns the current server time as an ISO 8601 string.",
  "inputSchema":{"type":"object","$schema":"https://json-schema.org/draft/2020-12/schema","properties":{}},
  "_meta":{"ui":{"resourceUri":"ui://get-time/mcp-app.html"},"ui/resourceUri":"ui://get-time/mcp-app.html"},
  "outputSchema":{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object",
    "properties":{"time":{"type":"string"}},"required":["time"],"additionalProperties":false}}]}"#;

#[test]
fn basic_vanillajs_tools_list_round_trips_and_links_its_view() {
    let json: serde_json::Value = serde_json::from_str(BASIC_VANILLAJS_TOOLS_LIST).unwrap();
    let list: ListToolsResult = round_trip(&json);
    let [tool] = list.tools.as_slice() else {
        panic!("one tool expected")
    };
    assert_eq!(tool.name, "get-time");
    assert_eq!(tool.title.as_deref(), Some("Get Time"));
    assert_eq!(
        tool.input_schema["$schema"],
        "https://json-schema.org/draft/2020-12/schema"
    );
    assert_eq!(
        tool.output_schema.as_ref().unwrap()["required"],
        json!(["time"])
    );
    assert_eq!(
        tool.ui_resource_uri().as_deref(),
        Some("ui://get-time/mcp-app.html")
    );
    let meta = tool.ui_meta().unwrap();
    assert_eq!(meta.visibility, None);
    assert!(tool.is_model_visible() && tool.is_app_visible());
}

#[test]
fn tools_list_response_envelope_extracts_typed() {
    let json: serde_json::Value = serde_json::from_str(BASIC_VANILLAJS_TOOLS_LIST).unwrap();
    let message = Message::from_value(json!({"jsonrpc": "2.0", "id": 2, "result": json})).unwrap();
    let Message::Response(response) = message else {
        panic!("not a response")
    };
    let list = response
        .extract_result::<mcpapp_protocol::messages::ListTools>()
        .unwrap();
    assert_eq!(list.tools.len(), 1);
}

#[test]
fn system_monitor_app_only_tool_has_no_resource_and_is_hidden_from_the_model() {
    let json = json!({"tools": [
        {"name": "get-system-info", "inputSchema": {"type": "object"},
         "_meta": {"ui": {"resourceUri": "ui://system-monitor/mcp-app.html"}, "ui/resourceUri": "ui://system-monitor/mcp-app.html"}},
        {"name": "poll-system-stats", "inputSchema": {"type": "object"}, "_meta": {"ui": {"visibility": ["app"]}}},
    ]});
    let list: ListToolsResult = round_trip(&json);
    let poll = &list.tools[1];
    let meta = poll.ui_meta().unwrap();
    assert_eq!(meta.resource_uri, None);
    assert_eq!(meta.visibility, Some(vec![Visibility::App]));
    assert!(!poll.is_model_visible());
    assert!(poll.is_app_visible());
    // The agent's list is the filtered one; the full one stays for routing view calls.
    let for_model: Vec<&str> = list
        .tools
        .iter()
        .filter(|tool| tool.is_model_visible())
        .map(|tool| tool.name.as_str())
        .collect();
    assert_eq!(for_model, ["get-system-info"]);
}

#[test]
fn basic_vanillajs_resources_list_round_trips() {
    let json = json!({"resources": [{"name": "ui://get-time/mcp-app.html", "uri": "ui://get-time/mcp-app.html", "mimeType": "text/html;profile=mcp-app"}]});
    let list: ListResourcesResult = round_trip(&json);
    let resource = &list.resources[0];
    assert_eq!(resource.uri, "ui://get-time/mcp-app.html");
    assert_eq!(resource.mime_type.as_deref(), Some(HTML_MIME_TYPE));
    assert_eq!(resource.ui_meta().unwrap(), None);
}

#[test]
fn basic_vanillajs_tool_call_and_result_round_trip() {
    let call = json!({"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {"name": "get-time", "arguments": {}}});
    let message = Message::from_value(call.clone()).unwrap();
    let (_, params) = message.extract_request::<CallTool>().unwrap().unwrap();
    assert_eq!(params.name, "get-time");
    assert_eq!(
        Message::request::<CallTool>(4, &params).unwrap().to_value(),
        call
    );

    let json = json!({"content": [{"type": "text", "text": "2026-11-30T03:07:00.000Z"}], "structuredContent": {"time": "2026-11-30T03:07:00.000Z"}});
    let result: CallToolResult = round_trip(&json);
    assert_eq!(
        result.content[0].as_text(),
        Some("2026-11-30T03:07:00.000Z")
    );
    assert_eq!(
        result.structured_content.as_ref().unwrap()["time"],
        "2026-11-30T03:07:00.000Z"
    );
    assert!(!result.is_error());
}

#[test]
fn offline_geocode_error_result_round_trips() {
    let json = json!({"content": [{"type": "text", "text": "Geocoding error: fetch failed"}], "isError": true});
    let result: CallToolResult = round_trip(&json);
    assert!(result.is_error());
}

#[test]
fn spec_tool_result_with_meta_round_trips() {
    let json = json!({
        "content": [{"type": "text", "text": "Current weather: Sunny, 72°F"}],
        "structuredContent": {"temperature": 72, "conditions": "sunny", "humidity": 45},
        "_meta": {"timestamp": "2025-11-10T15:30:00Z", "source": "weather-api"}
    });
    let result: CallToolResult = round_trip(&json);
    assert_eq!(result.meta.as_ref().unwrap()["source"], "weather-api");
}

#[test]
fn content_blocks_of_every_kind_round_trip_and_unknown_ones_survive() {
    let json = json!({"content": [
        {"type": "text", "text": "hi", "annotations": {"audience": ["user"]}},
        {"type": "image", "data": "aGk=", "mimeType": "image/png"},
        {"type": "audio", "data": "aGk=", "mimeType": "audio/wav"},
        {"type": "resource_link", "uri": "file:///a.txt", "name": "a.txt", "mimeType": "text/plain"},
        {"type": "resource", "resource": {"uri": "ui://card/1", "mimeType": "application/vnd.mcpapp.card+json", "text": "{\"type\":\"McpApp\"}"}},
        {"type": "hologram", "frames": 3},
        {"type": "text"}
    ]});
    let result: CallToolResult = round_trip(&json);
    assert!(matches!(result.content[0], ContentBlock::Text(_)));
    assert!(matches!(result.content[1], ContentBlock::Image(_)));
    assert!(matches!(result.content[2], ContentBlock::Audio(_)));
    assert!(matches!(&result.content[3], ContentBlock::ResourceLink(link) if link.name == "a.txt"));
    let ContentBlock::Resource(embedded) = &result.content[4] else {
        panic!("embedded resource")
    };
    assert_eq!(
        embedded.resource.mime_type.as_deref(),
        Some(mcpapp_protocol::CARD_MIME_TYPE)
    );
    assert_eq!(
        result.content[5],
        ContentBlock::Unknown(json!({"type": "hologram", "frames": 3}))
    );
    // A known type in a shape that does not fit is kept too, not a failure of the whole result.
    assert_eq!(
        result.content[6],
        ContentBlock::Unknown(json!({"type": "text"}))
    );
}

#[test]
fn initialize_capability_json_of_the_host_reads_and_writes() {
    let initialize = json!({"jsonrpc":"2.0","id":1,"method":"initialize","params":{
        "protocolVersion":"2025-11-25",
        "capabilities":{"extensions":{"io.modelcontextprotocol/ui":{"mimeTypes":["text/html;profile=mcp-app"]}}},
        "clientInfo":{"name":"rust-host","version":"0.1"}}});
    // Core MCP `initialize` is not an Apps message: the envelope still reads it, untyped.
    let message = Message::from_value(initialize.clone()).unwrap();
    assert_eq!(message.method(), Some("initialize"));
    assert!(message.extract_request::<Initialize>().unwrap().is_none());

    let capabilities = &initialize["params"]["capabilities"];
    let capability = UiClientCapability::from_client_capabilities(capabilities).unwrap();
    assert!(capability.supports_html());
    assert!(!capability.supports_cards());
    assert_eq!(capability, UiClientCapability::html());
    let mut extensions = serde_json::Map::new();
    capability.insert_into(&mut extensions);
    assert_eq!(json!({"extensions": extensions}), *capabilities);

    let mcpapp = round_trip::<UiClientCapability>(
        &json!({"mimeTypes": ["text/html;profile=mcp-app", "application/vnd.mcpapp.card+json"]}),
    );
    assert_eq!(mcpapp, UiClientCapability::html_and_cards());
    assert!(mcpapp.supports_cards());
}

#[test]
fn sdk_ui_initialize_request_reads() {
    let json = json!({"jsonrpc": "2.0", "id": 0, "method": "ui/initialize", "params": {
        "appInfo": {"name": "Get Time App", "version": "1.0.0"},
        "appCapabilities": {"availableDisplayModes": ["inline", "fullscreen"]},
        "protocolVersion": "2026-01-26"}});
    let message = Message::from_value(json.clone()).unwrap();
    let (_, params) = message.extract_request::<Initialize>().unwrap().unwrap();
    assert_eq!(params.app_info.name, "Get Time App");
    assert_eq!(
        params.app_capabilities.available_display_modes,
        Some(vec![DisplayMode::Inline, DisplayMode::Fullscreen])
    );
    assert!(
        !params
            .app_capabilities
            .allows_display_mode(&DisplayMode::Pip)
    );
    assert_eq!(params.negotiated_protocol_version(), "2026-01-26");
    assert_eq!(
        Message::request::<Initialize>(0, &params)
            .unwrap()
            .to_value(),
        json
    );
}

#[test]
fn ui_initialize_with_client_info_is_rejected_with_a_telling_error() {
    let message = Message::from_value(json!({"jsonrpc": "2.0", "id": 1, "method": "ui/initialize", "params": {
        "clientInfo": {"name": "hand-written", "version": "1"}, "appCapabilities": {}, "protocolVersion": "2026-01-26"}}))
    .unwrap();
    let error = message.extract_request::<Initialize>().unwrap_err();
    assert!(error.to_string().contains("appInfo"), "{error}");
}

#[test]
fn spec_no_sdk_initialize_reads_and_unknown_versions_negotiate_down() {
    let params: InitializeParams = serde_json::from_value(json!({
        "appCapabilities": {}, "appInfo": {"name": "My UI", "version": "1.0.0"}, "protocolVersion": "2025-06-18"}))
    .unwrap();
    assert_eq!(
        params.negotiated_protocol_version(),
        mcpapp_protocol::APPS_PROTOCOL_VERSION
    );
}

#[test]
fn spec_initialize_result_example_round_trips() {
    let json = json!({
        "protocolVersion": "2026-01-26",
        "hostCapabilities": {"openLinks": {}, "serverTools": {"listChanged": true}, "serverResources": {}, "logging": {}},
        "hostInfo": {"name": "claude-desktop", "version": "1.0.0"},
        "hostContext": {
            "theme": "dark",
            "styles": {
                "variables": {
                    "--color-background-primary": "light-dark(#ffffff, #171717)",
                    "--color-text-primary": "light-dark(#171717, #fafafa)",
                    "--font-sans": "Anthropic Sans, sans-serif"
                },
                "css": {"fonts": "@font-face { font-family: \"Custom Font Name\"; src: url(\"https://...\"); }"}
            },
            "displayMode": "inline",
            "containerDimensions": {"width": 400, "maxHeight": 600}
        }
    });
    let result: InitializeResult = serde_json::from_value(json.clone()).unwrap();
    // Integral pixel values come back as floats; compare semantically.
    let written = serde_json::to_value(&result).unwrap();
    assert_eq!(
        written["hostContext"]["containerDimensions"]["width"],
        400.0
    );
    assert_eq!(written["hostCapabilities"], json["hostCapabilities"]);
    assert_eq!(
        written["hostContext"]["styles"],
        json["hostContext"]["styles"]
    );
    assert_eq!(result.host_context.theme, Some(Theme::Dark));
    let dims = result.host_context.container_dimensions.unwrap();
    assert_eq!(
        (dims.width, dims.max_height, dims.height),
        (Some(400.0), Some(600.0), None)
    );
    assert!(result.host_capabilities.open_links.is_some());
    assert_eq!(
        result.host_capabilities.server_tools.unwrap().list_changed,
        Some(true)
    );
}

#[test]
fn spec_resource_read_with_ui_meta_round_trips() {
    let json = json!({"contents": [{
        "uri": "ui://weather-server/dashboard-template",
        "mimeType": "text/html;profile=mcp-app",
        "text": "<!DOCTYPE html><html>...</html>",
        "_meta": {"ui": {
            "csp": {"connectDomains": ["https://api.openweathermap.org"], "resourceDomains": ["https://cdn.jsdelivr.net"]},
            "prefersBorder": true
        }}
    }]});
    let result: ReadResourceResult = round_trip(&json);
    let item = &result.contents[0];
    let meta = item.ui_meta().unwrap().unwrap();
    let csp = meta.csp.unwrap();
    assert_eq!(
        csp.connect_domains.unwrap(),
        ["https://api.openweathermap.org"]
    );
    assert_eq!(csp.resource_domains.unwrap(), ["https://cdn.jsdelivr.net"]);
    assert_eq!(csp.frame_domains, None);
    assert_eq!(meta.prefers_border, Some(true));
    let message = Message::from_value(json!({"jsonrpc": "2.0", "id": 3, "method": "resources/read", "params": {"uri": "ui://weather-server/dashboard-template"}})).unwrap();
    assert_eq!(
        message
            .extract_request::<ReadResource>()
            .unwrap()
            .unwrap()
            .1
            .uri,
        item.uri
    );
}

#[test]
fn map_server_csp_only_on_the_content_item_is_found() {
    let listing_meta = None;
    let item = json!({"uri": "ui://cesium-map/mcp-app.html", "mimeType": "text/html;profile=mcp-app", "text": "<html></html>",
        "_meta": {"ui": {"csp": {
            "connectDomains": ["https://*.openstreetmap.org", "https://cesium.com", "https://*.cesium.com"],
            "resourceDomains": ["https://*.openstreetmap.org", "https://cesium.com", "https://*.cesium.com"]}}}});
    let item: mcpapp_protocol::ResourceContents = round_trip(&item);
    let meta = ResourceUiMeta::effective(item.meta.as_ref(), listing_meta)
        .unwrap()
        .unwrap();
    assert_eq!(meta.csp.unwrap().connect_domains.unwrap().len(), 3);
}
