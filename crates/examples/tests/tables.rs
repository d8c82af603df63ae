//! The `tables` example through rmcp, as an MCP client meets it: what an A2UI client, a card
//! client and a plain client are offered; a booking made exactly as a host makes it (the view's
//! stream applied, the form filled in, the row's "Book" button fired, the event sent by
//! `mcpapp_a2ui::mcp::action_call`) and its answer applied to the surface; and every forged,
//! replayed, expired or badly filled-in call refused with its reason while nothing is booked.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

use mcpapp_a2ui::mcp::{action_call, payloads_in_result};
use mcpapp_a2ui::{Fired, Pointer, Processor};
use mcpapp_card::{Card, InputValue, InputValues, prepare_submit, tool_call};
use mcpapp_examples::Options;
use mcpapp_examples::tables::{SURFACE_ID, VIEW_URI};
use mcpapp_protocol::{A2UI_MIME_TYPE, CARD_MIME_TYPE, HTML_MIME_TYPE, UiClientCapability};
use rmcp::ServiceExt as _;
use rmcp::model::{ClientCapabilities, ClientConfig, ExtensionCapabilities, Implementation};
use rmcp::service::{RoleClient, RunningService};
use serde_json::{Map, Value, json};

type Client = RunningService<RoleClient, ClientConfig>;

/// A `tools/call` as a host makes it: the tool, the arguments, the `_meta`.
type Called = (String, Map<String, Value>, Option<Map<String, Value>>);

/// A client advertising `mime_types`, connected in process to a fresh `tables` server.
async fn connect(mime_types: &[&str], options: Options) -> Client {
    let (client_io, server_io) = tokio::io::duplex(1 << 20);
    tokio::spawn(async move {
        let _ = mcpapp_examples::serve_stream("tables", server_io, &options).await;
    });
    let mut extensions = ExtensionCapabilities::new();
    let Value::Object(ui) = UiClientCapability::new(mime_types.iter().copied()).to_value() else {
        panic!("a capability is an object");
    };
    extensions.insert(mcpapp_protocol::EXTENSION_ID.to_owned(), ui);
    let mut capabilities = ClientCapabilities::default();
    capabilities.extensions = Some(extensions);
    ClientConfig::new(capabilities, Implementation::new("test", "1"))
        .serve(client_io)
        .await
        .unwrap()
}

async fn a2ui_client() -> Client {
    connect(
        &[HTML_MIME_TYPE, CARD_MIME_TYPE, A2UI_MIME_TYPE],
        Options::default(),
    )
    .await
}

async fn names(client: &Client) -> Vec<String> {
    let mut names: Vec<String> = client
        .list_all_tools()
        .await
        .unwrap()
        .into_iter()
        .map(|t| t.name.to_string())
        .collect();
    names.sort();
    names
}

/// Calls `tool`; the result as JSON, or the JSON-RPC error's message.
async fn call(
    client: &Client,
    tool: &str,
    arguments: Map<String, Value>,
    meta: Option<Map<String, Value>>,
) -> Result<Value, String> {
    let mut params = json!({"name": tool, "arguments": arguments});
    if let Some(meta) = meta {
        params["_meta"] = Value::Object(meta);
    }
    client
        .call_tool(serde_json::from_value(params).unwrap())
        .await
        .map(|result| serde_json::to_value(result).unwrap())
        .map_err(|e| e.to_string())
}

fn text_of(result: &Value) -> String {
    result["content"][0]["text"].as_str().unwrap().to_owned()
}

async fn bookings(client: &Client) -> String {
    text_of(
        &call(client, "table_bookings", Map::new(), None)
            .await
            .unwrap(),
    )
}

/// The host's surface: the view's stream, then `find_tables`' answer applied.
async fn open(client: &Client, party_size: u64) -> Processor {
    let read = client
        .read_resource(serde_json::from_value(json!({"uri": VIEW_URI})).unwrap())
        .await
        .unwrap();
    let read = serde_json::to_value(read).unwrap();
    assert_eq!(read["contents"][0]["mimeType"], A2UI_MIME_TYPE);
    let mut processor = Processor::new();
    apply(
        &mut processor,
        read["contents"][0]["text"].as_str().unwrap(),
    );
    let mut args = Map::new();
    args.insert("party_size".into(), json!(party_size));
    let found = call(client, "find_tables", args, None).await.unwrap();
    apply_result(&mut processor, &found);
    processor
}

fn apply(processor: &mut Processor, text: &str) {
    let found = processor.apply_str(text);
    assert!(found.iter().all(|d| !d.is_error()), "{found:?}");
}

fn apply_result(processor: &mut Processor, result: &Value) {
    let payloads = payloads_in_result(result);
    assert_eq!(payloads.len(), 1, "{result}");
    apply(processor, &payloads[0]);
}

fn data(processor: &Processor, path: &str) -> Value {
    let surface = processor.surface(SURFACE_ID).unwrap();
    surface
        .data()
        .root()
        .pointer(path)
        .cloned()
        .unwrap_or(Value::Null)
}

fn table_ids(processor: &Processor) -> Vec<String> {
    data(processor, "/tables")
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["id"].as_str().unwrap().to_owned())
        .collect()
}

fn status(processor: &Processor) -> String {
    let surface = processor.surface(SURFACE_ID).unwrap();
    let text = surface
        .property("status", "text", &Pointer::root())
        .unwrap();
    text.as_str().unwrap().to_owned()
}

/// Types `values` into the form's inputs (component id, value), as the user does.
fn fill(processor: &mut Processor, values: &[(&str, &str)]) {
    let surface = processor.surface_mut(SURFACE_ID).unwrap();
    for (id, value) in values {
        surface
            .set_bound(id, "value", &Pointer::root(), json!(value))
            .unwrap();
    }
}

/// Presses the "Book" button of the row of `table`: the call the host makes, or the check
/// that blocks the button.
fn press(processor: &Processor, table: &str) -> Result<Called, String> {
    let row = table_ids(processor)
        .iter()
        .position(|id| id == table)
        .unwrap();
    let surface = processor.surface(SURFACE_ID).unwrap();
    let scope = Pointer::parse(&format!("/tables/{row}")).unwrap();
    match surface
        .fire("book", &scope, "2026-12-03T18:00:00Z")
        .unwrap()
    {
        Fired::Event(action) => {
            let call = action_call(&action, processor.client_data_model(), |t| {
                t == "book_table"
            });
            Ok((call.name, call.arguments.unwrap(), call.meta))
        }
        Fired::Blocked(message) => Err(message),
        other => panic!("{other:?}"),
    }
}

const ANN: [(&str, &str); 5] = [
    ("name", "Ann"),
    ("email", "ann@example.com"),
    ("time", "19:30"),
    ("party", "4"),
    ("notes", "A high chair, please."),
];

/// Expects a refusal (`isError`) whose text says `reason`, also shown on the surface.
fn assert_refused(result: &Value, reason: &str) {
    assert_eq!(result["isError"], true, "{result}");
    let text = text_of(result);
    assert!(text.starts_with("Not booked: "), "{text}");
    assert!(text.contains(reason), "{text} lacks {reason}");
    let mut shown = Processor::new();
    let view = mcpapp_examples::tables::surface().unwrap();
    for message in &view {
        shown.apply(message);
    }
    apply_result(&mut shown, result);
    assert_eq!(status(&shown), text);
}

#[tokio::test]
async fn each_client_is_offered_what_it_can_show() {
    let a2ui = a2ui_client().await;
    assert_eq!(
        names(&a2ui).await,
        ["book_table", "find_tables", "table_bookings"]
    );
    let tools = a2ui.list_all_tools().await.unwrap();
    let find = tools.iter().find(|t| t.name == "find_tables").unwrap();
    let find: mcpapp_protocol::Tool =
        serde_json::from_value(serde_json::to_value(find).unwrap()).unwrap();
    assert_eq!(find.ui_resource_uri().as_deref(), Some(VIEW_URI));
    let book = tools.iter().find(|t| t.name == "book_table").unwrap();
    let book: mcpapp_protocol::Tool =
        serde_json::from_value(serde_json::to_value(book).unwrap()).unwrap();
    assert!(!book.is_model_visible() && book.is_app_visible());
    let processor = open(&a2ui, 4).await;
    assert_eq!(table_ids(&processor), ["T3", "T4", "T5", "T6"]);
    assert_eq!(data(&processor, "/summary"), "4 free tables for 4.");
    assert_eq!(data(&processor, "/form/partySize"), "4");
    a2ui.cancel().await.unwrap();

    // An HTML-only client: the card app for the same tool.
    let html = connect(&[HTML_MIME_TYPE], Options::default()).await;
    assert_eq!(
        names(&html).await,
        ["book_table", "find_tables", "table_bookings"]
    );
    let find = html.list_all_tools().await.unwrap();
    let find = find.iter().find(|t| t.name == "find_tables").unwrap();
    let find: mcpapp_protocol::Tool =
        serde_json::from_value(serde_json::to_value(find).unwrap()).unwrap();
    assert_eq!(
        find.ui_resource_uri().as_deref(),
        Some(mcpapp_server::CARD_APP_URI)
    );
    html.cancel().await.unwrap();

    // Nothing: the tables as text, and no booking tool.
    let plain = connect(&[], Options::default()).await;
    assert_eq!(names(&plain).await, ["find_tables", "table_bookings"]);
    let found = call(&plain, "find_tables", Map::new(), None).await.unwrap();
    assert_eq!(found["content"].as_array().unwrap().len(), 1, "{found}");
    assert!(payloads_in_result(&found).is_empty());
    let text = text_of(&found);
    assert!(text.starts_with("6 free tables for 2."), "{text}");
    assert!(
        text.contains("- Table 6 (T6): 8 seats, Private room"),
        "{text}"
    );
    let refused = call(&plain, "book_table", Map::new(), None)
        .await
        .unwrap_err();
    assert!(
        refused.contains("only available to clients that show A2UI, cards or HTML apps"),
        "{refused}"
    );
    plain.cancel().await.unwrap();
}

/// The card of a result, as a card host parses it.
fn card_of(result: &Value) -> Card {
    let parsed = mcpapp_card::parse_value(result["structuredContent"].clone());
    assert!(parsed.is_valid(), "{:?}", parsed.diagnostics);
    parsed.card.unwrap()
}

/// Submits the card's action titled `title` with `values` typed in, as a card host does.
fn submit(card: &Card, title: &str, values: &[(&str, &str)]) -> (String, Map<String, Value>) {
    let action = card
        .actions
        .iter()
        .find(|a| a.title() == Some(title))
        .unwrap();
    let mut inputs = InputValues::initial(card);
    for (id, value) in values {
        inputs.set(*id, InputValue::Text((*value).to_owned()));
    }
    let payload = prepare_submit(&[card], action, &inputs).unwrap();
    let call = tool_call(action, payload).unwrap();
    (call.name, call.arguments)
}

#[tokio::test]
async fn a_card_client_books_from_the_same_definition() {
    let client = connect(&[CARD_MIME_TYPE, HTML_MIME_TYPE], Options::default()).await;
    assert_eq!(
        names(&client).await,
        ["book_table", "find_tables", "table_bookings"]
    );
    let mut args = Map::new();
    args.insert("party_size".into(), json!(4));
    let found = call(&client, "find_tables", args, None).await.unwrap();
    assert!(
        payloads_in_result(&found).is_empty(),
        "no A2UI for a card client"
    );
    let card = card_of(&found);
    assert!(text_of(&found).starts_with("Free tables"), "{found}");
    let titles: Vec<_> = card.actions.iter().filter_map(|a| a.title()).collect();
    assert_eq!(
        titles,
        [
            "Book Table 3",
            "Book Table 4",
            "Book Table 5",
            "Book Table 6"
        ]
    );

    let ann = [
        ("name", "Ann"),
        ("email", "ann@example.com"),
        ("time", "19:30"),
    ];
    let (tool, honest) = submit(&card, "Book Table 4", &ann);
    assert_eq!(
        (tool.as_str(), &honest["table"], &honest["party_size"]),
        ("book_table", &json!("T4"), &json!("4"))
    );
    let mut forged = honest.clone();
    forged.insert("table".into(), json!("T6"));
    let refused = call(&client, &tool, forged, None).await.unwrap();
    assert_eq!(refused["isError"], true);
    assert!(text_of(&refused).contains("(bad-signature)"), "{refused}");
    // What the card host would block, sent anyway: checked again on the server.
    let mut bad_email = honest.clone();
    bad_email.insert("email".into(), json!("ann"));
    let refused = call(&client, &tool, bad_email, None).await.unwrap();
    assert!(
        text_of(&refused).contains("email: Enter a valid email address."),
        "{refused}"
    );

    let booked = call(&client, &tool, honest.clone(), None).await.unwrap();
    assert!(booked.get("isError").is_none(), "{booked}");
    let confirmation = card_of(&booked);
    assert_eq!(confirmation.is_final, Some(true));
    assert!(
        text_of(&booked).contains("Booked Table 4 (Terrace) for Ann, 4 people at 19:30."),
        "{booked}"
    );
    let again = call(&client, &tool, honest, None).await.unwrap();
    assert!(text_of(&again).contains("(replayed)"), "{again}");
    assert_eq!(
        bookings(&client).await,
        "T4 at 19:30: Ann (ann@example.com), 4 people"
    );
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn a_booking_made_as_a_host_makes_it_updates_the_surface() {
    let client = a2ui_client().await;
    let mut processor = open(&client, 4).await;
    // Empty, the form's checks block the button.
    assert_eq!(press(&processor, "T4").unwrap_err(), "Enter your name.");
    fill(&mut processor, &[("name", "Ann"), ("email", "ann@")]);
    assert_eq!(
        press(&processor, "T4").unwrap_err(),
        "Enter a valid email address."
    );
    fill(&mut processor, &ANN);
    let (tool, args, meta) = press(&processor, "T4").unwrap();
    assert_eq!(tool, "book_table");
    assert_eq!(args["table"], "T4");
    assert_eq!(
        meta.as_ref().unwrap()["a2ui"]["action"]["sourceComponentId"],
        "book"
    );

    let result = call(&client, &tool, args, meta).await.unwrap();
    assert!(result.get("isError").is_none(), "{result}");
    let confirmation = "Booked Table 4 (Terrace) for Ann, 4 people at 19:30. \
                        The confirmation goes to ann@example.com.";
    assert_eq!(text_of(&result), confirmation);
    apply_result(&mut processor, &result);
    assert_eq!(status(&processor), confirmation);
    assert_eq!(table_ids(&processor), ["T3", "T5", "T6"]);
    assert_eq!(data(&processor, "/summary"), "3 free tables for 4.");
    assert_eq!(
        bookings(&client).await,
        "T4 at 19:30: Ann (ann@example.com), 4 people"
    );
    // The rows sent with the answer are signed afresh: the next booking goes through.
    let (tool, args, meta) = press(&processor, "T6").unwrap();
    let result = call(&client, &tool, args, meta).await.unwrap();
    assert!(result.get("isError").is_none(), "{result}");
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn forged_replayed_and_badly_filled_in_calls_are_refused() {
    let client = a2ui_client().await;
    let mut processor = open(&client, 4).await;
    fill(&mut processor, &ANN);
    let (tool, honest, meta) = press(&processor, "T4").unwrap();
    let with = |key: &str, value: Value| {
        let mut args = honest.clone();
        args.insert(key.into(), value.clone());
        let mut meta = meta.clone().unwrap();
        meta["a2ui"]["action"]["context"][key] = value;
        (args, Some(meta))
    };

    // Another table under T4's signature.
    let (args, forged) = with("table", json!("T6"));
    let result = call(&client, &tool, args, forged).await.unwrap();
    assert_refused(
        &result,
        "the action's signature does not match its data (bad-signature)",
    );
    // The arguments changed, their `_meta` copy not.
    let mut args = honest.clone();
    args.insert("table".into(), json!("T6"));
    let result = call(&client, &tool, args, meta.clone()).await.unwrap();
    assert_refused(&result, "(bad-action)");
    // No signature.
    let mut args = honest.clone();
    args.remove("mcp_sig");
    let result = call(&client, &tool, args, None).await.unwrap();
    assert_refused(&result, "(missing-signature)");
    // Inputs the surface's checks refuse, checked again on the server.
    let (args, meta_bad) = with("email", json!("ann-at-example"));
    let result = call(&client, &tool, args, meta_bad).await.unwrap();
    assert_refused(&result, "email: Enter a valid email address.");
    let (args, meta_bad) = with("notes", json!("x".repeat(501)));
    let result = call(&client, &tool, args, meta_bad).await.unwrap();
    assert_refused(&result, "notes: Notes are at most 500 characters.");
    // A party the table cannot seat, a time the restaurant is closed.
    let (args, meta_bad) = with("party_size", json!("6"));
    let result = call(&client, &tool, args, meta_bad).await.unwrap();
    assert_refused(&result, "Table 4 seats 4, not 6");
    let (args, meta_bad) = with("time", json!("23:30"));
    let result = call(&client, &tool, args, meta_bad).await.unwrap();
    assert_refused(&result, "we seat guests from 17:00 to 22:00");
    assert_eq!(bookings(&client).await, "No bookings.");

    // The refusals spent nothing: the honest call books, once.
    let booked = call(&client, &tool, honest.clone(), meta.clone())
        .await
        .unwrap();
    assert!(booked.get("isError").is_none(), "{booked}");
    let again = call(&client, &tool, honest, meta).await.unwrap();
    assert_refused(&again, "the action was already used (replayed)");
    assert_eq!(
        bookings(&client).await,
        "T4 at 19:30: Ann (ann@example.com), 4 people"
    );
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn an_expired_button_is_refused() {
    let options = Options {
        action_ttl_secs: 0,
        ..Options::default()
    };
    let client = connect(&[A2UI_MIME_TYPE], options).await;
    let mut processor = open(&client, 2).await;
    fill(&mut processor, &ANN);
    fill(&mut processor, &[("party", "2")]);
    let (tool, args, meta) = press(&processor, "T1").unwrap();
    let result = call(&client, &tool, args, meta).await.unwrap();
    assert_refused(&result, "the action has expired (expired)");
    assert_eq!(bookings(&client).await, "No bookings.");
    client.cancel().await.unwrap();
}
