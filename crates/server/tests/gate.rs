//! What a client sees depends on the UI it advertised.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

use mcpapp_card::Card;
use mcpapp_protocol::{CARD_MIME_TYPE, HTML_MIME_TYPE, Tool, UiClientCapability};
use mcpapp_server::{CARD_APP_URI, CardBuilder, ClientUi, Rejection};
use serde_json::{Value, json};

fn tool(json: Value) -> Tool {
    serde_json::from_value(json).unwrap()
}

fn ui_tool() -> Tool {
    tool(json!({
        "name": "show_forecast", "inputSchema": {"type": "object"},
        "_meta": {"ui": {"resourceUri": "ui://weather/forecast"},
                  "ui/resourceUri": "ui://weather/forecast", "other": 1}
    }))
}

fn app_only_tool() -> Tool {
    tool(json!({
        "name": "refresh", "inputSchema": {"type": "object"},
        "_meta": {"ui": {"visibility": ["app"]}}
    }))
}

fn card() -> Card {
    CardBuilder::new().text("Sunny, 21 °C").build().unwrap()
}

#[test]
fn capabilities_are_read_from_initialize() {
    let caps = json!({"extensions": {"io.modelcontextprotocol/ui":
        {"mimeTypes": [HTML_MIME_TYPE, CARD_MIME_TYPE]}}});
    let client = ClientUi::from_client_capabilities(&caps);
    assert!(client.shows_cards() && client.shows_html());

    let html_only = ClientUi::from_client_capabilities(
        &json!({"extensions": {"io.modelcontextprotocol/ui": {"mimeTypes": [HTML_MIME_TYPE]}}}),
    );
    assert!(html_only.shows_html() && !html_only.shows_cards());

    for plain in [
        json!({}),
        json!({"extensions": {}}),
        json!({"extensions": {"io.modelcontextprotocol/ui": "yes"}}),
    ] {
        let client = ClientUi::from_client_capabilities(&plain);
        assert_eq!(client, ClientUi::plain(), "{plain}");
        assert!(!client.shows_html() && !client.shows_cards());
    }
}

#[test]
fn card_and_html_clients_get_cards_and_others_text() {
    // HTML clients get the card too: the card app renders it.
    for client in [
        ClientUi::new(UiClientCapability::html_and_cards()),
        ClientUi::new(UiClientCapability::html()),
    ] {
        let cards = client.card_result(&card());
        assert!(cards.structured_content.is_some());
        assert_eq!(cards.content.len(), 2);
    }
    let text = ClientUi::plain().card_result(&card());
    assert!(text.structured_content.is_none());
    assert_eq!(text.content.len(), 1);
}

#[test]
fn one_card_tool_reaches_every_client() {
    let card_tool = || -> Tool {
        serde_json::from_value(json!({"name": "ask", "inputSchema": {"type": "object"}})).unwrap()
    };
    let cards = ClientUi::new(UiClientCapability::html_and_cards());
    assert_eq!(
        cards.card_tool(card_tool(), CARD_APP_URI),
        Some(card_tool())
    );

    // An HTML-only client: the agent's card tool opens the card app; the card's own
    // (app-only) tool stays as it is, for the card app to call.
    let html = ClientUi::new(UiClientCapability::html());
    let opened = html.card_tool(card_tool(), CARD_APP_URI).unwrap();
    assert_eq!(opened.ui_resource_uri().as_deref(), Some(CARD_APP_URI));
    assert!(opened.is_model_visible());
    assert_eq!(
        html.card_tool(app_only_tool(), CARD_APP_URI),
        Some(app_only_tool())
    );
    assert!(html.check_card_call(&app_only_tool()).is_ok());

    // A plain client: the agent's tool answers in text; the card's tool is not there.
    let plain = ClientUi::plain();
    assert_eq!(
        plain.card_tool(card_tool(), CARD_APP_URI),
        Some(card_tool())
    );
    assert_eq!(plain.card_tool(app_only_tool(), CARD_APP_URI), None);
    assert!(plain.check_card_call(&app_only_tool()).is_err());
}

#[test]
fn tool_lists_follow_the_client() {
    let plain = ClientUi::plain();
    let stripped = plain
        .tool_for_client(ui_tool(), Some(HTML_MIME_TYPE))
        .unwrap();
    assert!(stripped.ui_resource_uri().is_none());
    assert_eq!(
        stripped.meta.unwrap(),
        json!({"other": 1}).as_object().unwrap().clone()
    );
    assert!(plain.tool_for_client(app_only_tool(), None).is_none());
    assert!(plain.check_call(&app_only_tool(), None).is_err());
    assert!(plain.check_call(&ui_tool(), Some(HTML_MIME_TYPE)).is_ok());

    let html = ClientUi::new(UiClientCapability::html());
    assert_eq!(
        html.tool_for_client(ui_tool(), Some(HTML_MIME_TYPE)),
        Some(ui_tool())
    );
    assert_eq!(
        html.tool_for_client(app_only_tool(), None),
        Some(app_only_tool())
    );
    // A card view the client cannot show: the agent's tool stays, without its view.
    let no_view = html
        .tool_for_client(ui_tool(), Some(CARD_MIME_TYPE))
        .unwrap();
    assert!(no_view.ui_resource_uri().is_none());
    let refused = html
        .check_call(&app_only_tool(), Some(CARD_MIME_TYPE))
        .unwrap_err();
    assert_eq!(
        refused.to_string(),
        format!("tool `refresh` is only available to clients that show {CARD_MIME_TYPE}")
    );

    let cards = ClientUi::new(UiClientCapability::html_and_cards());
    assert_eq!(
        cards.tool_for_client(app_only_tool(), Some(CARD_MIME_TYPE)),
        Some(app_only_tool())
    );
}

#[test]
fn plain_tools_are_untouched() {
    let plain_tool = tool(json!({"name": "echo", "inputSchema": {"type": "object"}}));
    for client in [
        ClientUi::plain(),
        ClientUi::new(UiClientCapability::html_and_cards()),
    ] {
        assert_eq!(
            client.tool_for_client(plain_tool.clone(), None),
            Some(plain_tool.clone())
        );
    }
}

#[test]
fn one_a2ui_tool_reaches_every_client() {
    use mcpapp_protocol::A2UI_MIME_TYPE;
    use mcpapp_server::A2uiFallback;

    let a2ui_tool = || {
        tool(json!({
            "name": "find_tables", "inputSchema": {"type": "object"},
            "_meta": {"ui": {"resourceUri": "ui://tables/booking", "visibility": ["model", "app"]},
                      "ui/resourceUri": "ui://tables/booking"}
        }))
    };
    let client = |mimes: &[&str]| ClientUi::new(UiClientCapability::new(mimes.iter().copied()));
    let card_fallback = A2uiFallback::Card {
        card_app_uri: CARD_APP_URI,
    };

    // Listing A2UI wins, wherever in the list: the surface was made for it.
    let a2ui = client(&[HTML_MIME_TYPE, CARD_MIME_TYPE, A2UI_MIME_TYPE]);
    assert!(a2ui.shows_a2ui());
    for fallback in [card_fallback, A2uiFallback::Text] {
        assert_eq!(a2ui.a2ui_tool(a2ui_tool(), fallback), Some(a2ui_tool()));
        assert_eq!(
            a2ui.a2ui_tool(app_only_tool(), fallback),
            Some(app_only_tool())
        );
        assert!(a2ui.check_a2ui_call(&app_only_tool(), fallback).is_ok());
    }

    // A card client: the same tool without the A2UI view (the card comes in the result),
    // its visibility kept; the app-only tool too, since the card calls it.
    let cards = client(&[CARD_MIME_TYPE]);
    assert!(!cards.shows_a2ui());
    let shown = cards.a2ui_tool(a2ui_tool(), card_fallback).unwrap();
    assert_eq!(shown.ui_resource_uri(), None);
    let meta = shown.meta.clone().unwrap();
    assert!(!meta.contains_key("ui/resourceUri"));
    assert_eq!(meta["ui"], json!({"visibility": ["model", "app"]}));
    assert_eq!(
        cards.a2ui_tool(app_only_tool(), card_fallback),
        Some(app_only_tool())
    );

    // An HTML client: the card app instead.
    let html = client(&[HTML_MIME_TYPE]);
    let shown = html.a2ui_tool(a2ui_tool(), card_fallback).unwrap();
    assert_eq!(shown.ui_resource_uri().as_deref(), Some(CARD_APP_URI));

    // Text fallback, or a plain client: the agent's tool without a view, no app-only one.
    for (who, fallback) in [
        (cards.clone(), A2uiFallback::Text),
        (html.clone(), A2uiFallback::Text),
        (ClientUi::plain(), card_fallback),
        (ClientUi::plain(), A2uiFallback::Text),
    ] {
        let shown = who.a2ui_tool(a2ui_tool(), fallback).unwrap();
        assert_eq!(shown.ui_resource_uri(), None, "{who:?}");
        assert_eq!(who.a2ui_tool(app_only_tool(), fallback), None, "{who:?}");
        let refused = who.check_a2ui_call(&app_only_tool(), fallback).unwrap_err();
        assert!(
            matches!(&refused, Rejection::ClientCannotShow { tool, .. } if tool == "refresh"),
            "{refused:?}"
        );
        assert!(refused.to_string().contains("A2UI"), "{refused}");
    }
}
