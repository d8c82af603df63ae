//! A2UI on the server: what the builder makes is what the official schemas accept, what it
//! refuses it names, and an event comes back through `mcpapp_a2ui::mcp` verified as a card
//! action is: tampered, replayed, expired or badly filled in, it is refused.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

use mcpapp_a2ui::mcp::{action_call, payloads_in_result, result_resource_uri};
use mcpapp_a2ui::{Fired, Pointer, Processor, ServerMessage, process_str};
use mcpapp_protocol::A2UI_MIME_TYPE;
use mcpapp_server::a2ui::{
    Button, Call, Check, CheckBox, Children, ChoicePicker, Column, DateTimeInput, Divider, Dynamic,
    Event, IntoComponent as _, List, Row, Slider, SurfaceBuilder, Text, TextField,
    TextFieldVariant, TextVariant, Updates, a2ui_error_result, a2ui_result, check_event_inputs,
    delete_surface, stream_text, verify_event_call,
};
use mcpapp_server::{Error, MemoryReplayGuard, Rejection, Signer, UiResource};
use serde_json::{Map, Value, json};

const NOW: u64 = 1_800_000_000;

fn signer() -> Signer {
    Signer::new([("k1", b"a secret of at least 32 bytes....".to_vec())], 600).unwrap()
}

fn booking_event() -> Event {
    Event::new("book")
        .fixed("restaurant", "R1")
        .input("name", "/form/name")
        .input("email", "/form/email")
}

/// A form with every input kind the builder has, and a signed button.
fn form() -> SurfaceBuilder {
    SurfaceBuilder::new("form")
        .primary_color("#336699")
        .agent_display_name("Test")
        .send_data_model(true)
        .root(Column::new([
            "title", "name", "email", "when", "size", "diet", "kids", "row", "divider", "send",
        ]))
        .add("title", Text::new("Book").variant(TextVariant::H1))
        .add(
            "name",
            TextField::new("Name", "/form/name").required("Name, please."),
        )
        .add(
            "email",
            TextField::new("Email", "/form/email").email("An email address, please."),
        )
        .add(
            "when",
            DateTimeInput::new("/form/when").label("When").date().time(),
        )
        .add("size", Slider::new("Party", "/form/size", 1.0, 8.0))
        .add(
            "diet",
            ChoicePicker::new("Diet", "/form/diet", [("None", "none"), ("Vegan", "vegan")]).chips(),
        )
        .add("kids", CheckBox::new("Children", "/form/kids"))
        .add(
            "row",
            Row::new(["a", "b"])
                .into_spec()
                .accessibility("Two texts", None),
        )
        .add("a", Text::new(Call::format_string("Hello ${/form/name}")))
        .add(
            "b",
            Text::new(Dynamic::path("/form/email"))
                .into_spec()
                .weight(1.0),
        )
        .add("divider", Divider::new())
        .add("send-label", Text::new("Send"))
        .add(
            "send",
            Button::new("send-label", booking_event())
                .check(&Check::required("/form/name", "Name, please.")),
        )
        .data(
            "/form",
            json!({"name": "", "email": "", "when": "", "size": 2, "diet": [], "kids": false}),
        )
}

fn host(messages: &[ServerMessage]) -> Processor {
    let mut processor = Processor::new();
    for message in messages {
        let found = processor.apply_value(serde_json::to_value(message).unwrap(), None);
        assert!(found.iter().all(|d| !d.is_error()), "{found:?}");
    }
    processor
}

/// The call a host makes for the button `id` (in `scope`) after the user typed `values`.
fn press(
    processor: &mut Processor,
    surface: &str,
    id: &str,
    scope: &Pointer,
    values: &[(&str, &str)],
) -> (String, Map<String, Value>, Option<Map<String, Value>>) {
    let s = processor.surface_mut(surface).unwrap();
    for (path, value) in values {
        s.set_path(&Pointer::root(), path, json!(value)).unwrap();
    }
    let Fired::Event(action) = s.fire(id, scope, "2026-12-03T12:00:00Z").unwrap() else {
        panic!("the button did not fire");
    };
    let call = action_call(&action, processor.client_data_model(), |t| t == action.name);
    (call.name, call.arguments.unwrap(), call.meta)
}

#[test]
fn what_the_builder_makes_the_official_schemas_accept() {
    let messages = form().build_signed(&signer(), "ada", NOW).unwrap();
    let report = process_str(&stream_text(&messages));
    assert!(report.is_ok(), "{:?}", report.diagnostics);
    let surface = report.processor.surface("form").unwrap();
    assert!(surface.send_data_model());
    assert_eq!(surface.theme()["primaryColor"], "#336699");
    let send = surface.component("send").unwrap();
    let context = &send.properties["action"]["event"]["context"];
    assert_eq!(context["restaurant"], "R1");
    assert_eq!(context["name"], json!({"path": "/form/name"}));
    assert!(context["mcp_sig"].as_str().unwrap().contains('.'));
    // Unsigned, the same surface has no token.
    let unsigned = form().build().unwrap();
    let ServerMessage::UpdateComponents(components) = &unsigned[1] else {
        panic!("no components");
    };
    let send = components
        .components
        .iter()
        .find(|c| c.id == "send")
        .unwrap();
    assert!(
        send.properties["action"]["event"]["context"]
            .get("mcp_sig")
            .is_none()
    );
    // And updates after it, down to deleting it.
    let more = Updates::new("form")
        .data("/form/name", "Ann")
        .add("title", Text::new("Booked"))
        .remove("/form/kids")
        .delete()
        .build_after(&messages)
        .unwrap();
    assert_eq!(more.len(), 4);
    assert_eq!(more[3], delete_surface("form"));
}

#[test]
fn what_the_schemas_or_the_protocol_refuse_is_not_built() {
    let dangling = SurfaceBuilder::new("s")
        .root(Column::new(["nowhere"]))
        .build()
        .unwrap_err();
    let Error::InvalidA2ui(found) = &dangling else {
        panic!("{dangling:?}");
    };
    assert!(dangling.to_string().contains("nowhere"), "{dangling}");
    assert!(!found.is_empty());

    let bad_colour = SurfaceBuilder::new("s")
        .primary_color("red")
        .root(Text::new("x"))
        .build();
    assert!(
        matches!(bad_colour, Err(Error::InvalidA2ui(_))),
        "{bad_colour:?}"
    );

    let twice = SurfaceBuilder::new("s")
        .root(Text::new("x"))
        .add("root", Text::new("y"))
        .build();
    assert_eq!(twice, Err(Error::DuplicateId("root".into())));

    let reserved = SurfaceBuilder::new("s")
        .root(Column::new(["l", "b"]))
        .add("l", Text::new("Go"))
        .add(
            "b",
            Button::new("l", Event::new("go").fixed("mcp_sig", "forged")),
        )
        .build();
    assert!(
        matches!(reserved, Err(Error::BadContextKey { .. })),
        "{reserved:?}"
    );

    let object = SurfaceBuilder::new("s")
        .root(Column::new(["l", "b"]))
        .add("l", Text::new("Go"))
        .add(
            "b",
            Button::new("l", Event::new("go").fixed("x", json!({"a": 1}))),
        )
        .build();
    assert!(
        matches!(object, Err(Error::BadFixedValue { .. })),
        "{object:?}"
    );

    // An update for a surface the client never got.
    let orphan = Updates::new("other").data("/a", 1).build_after(&[]);
    assert!(matches!(orphan, Err(Error::InvalidA2ui(_))), "{orphan:?}");
}

#[test]
fn a_signed_event_comes_back_verified_once_and_only_as_signed() {
    let signer = signer();
    let messages = form().build_signed(&signer, "ada", NOW).unwrap();
    let mut processor = host(&messages);
    let typed = [("/form/name", "Ann"), ("/form/email", "ann@example.com")];
    let (tool, args, meta) = press(&mut processor, "form", "send", &Pointer::root(), &typed);
    assert_eq!(tool, "book");
    // `sendDataModel`: the form travels in `_meta` too.
    assert_eq!(
        meta.as_ref().unwrap()["a2ui"]["clientDataModel"]["surfaces"]["form"]["form"]["name"],
        "Ann"
    );

    let verify = |args: &Map<String, Value>, meta: Option<&Map<String, Value>>, now: u64| {
        verify_event_call(&signer, &tool, args, meta, "ada", now)
    };
    let verified = verify(&args, meta.as_ref(), NOW + 5).unwrap();
    assert_eq!(verified.action.fixed["restaurant"], "R1");
    assert_eq!(verified.action.inputs["email"], "ann@example.com");
    assert_eq!(verified.called.action.surface_id, "form");
    assert_eq!(verified.called.action.source_component_id, "send");
    check_event_inputs(&messages, "form", &booking_event(), &verified.action.inputs).unwrap();

    let mut used = MemoryReplayGuard::new();
    verified.action.consume(&mut used, NOW + 5).unwrap();
    let again = verify(&args, meta.as_ref(), NOW + 6).unwrap();
    assert_eq!(
        again.action.consume(&mut used, NOW + 6),
        Err(Rejection::Replayed)
    );

    // Tampered: the fixed value changed in the arguments and in `_meta` alike.
    let mut forged = args.clone();
    forged.insert("restaurant".into(), json!("R2"));
    let mut forged_meta = meta.clone().unwrap();
    forged_meta["a2ui"]["action"]["context"]["restaurant"] = json!("R2");
    assert_eq!(
        verify(&forged, Some(&forged_meta), NOW + 7).unwrap_err(),
        Rejection::BadSignature
    );
    // Changed in the arguments only: the `_meta` copy disagrees.
    let refused = verify(&forged, meta.as_ref(), NOW + 7).unwrap_err();
    assert_eq!(refused.reason(), "bad-action");
    assert_eq!(refused.to_jsonrpc_error().code, -32602);
    // Expired, for someone else, with an argument the event does not have.
    assert_eq!(
        verify(&args, meta.as_ref(), NOW + 600).unwrap_err(),
        Rejection::Expired
    );
    assert_eq!(
        verify_event_call(&signer, &tool, &args, None, "bob", NOW + 1).unwrap_err(),
        Rejection::OtherSubject
    );
    let mut extra = args.clone();
    extra.insert("admin".into(), json!(true));
    assert_eq!(
        verify(&extra, None, NOW + 1).unwrap_err(),
        Rejection::UnexpectedInput("admin".into())
    );
}

#[test]
fn inputs_are_checked_again_by_the_surfaces_own_rules() {
    let messages = form().build_signed(&signer(), "ada", NOW).unwrap();
    let inputs = |name: &str, email: &str| {
        Map::from_iter([("name".into(), json!(name)), ("email".into(), json!(email))])
    };
    let bad = check_event_inputs(
        &messages,
        "form",
        &booking_event(),
        &inputs("Ann", "not-an-email"),
    );
    let Err(Rejection::InvalidInput(fields)) = bad else {
        panic!("{bad:?}");
    };
    assert_eq!(fields.len(), 1);
    assert_eq!(
        (fields[0].field.as_str(), fields[0].message.as_str()),
        ("email", "An email address, please.")
    );
    let empty = check_event_inputs(&messages, "form", &booking_event(), &inputs("", "a@b.co"));
    assert!(
        empty
            .unwrap_err()
            .to_string()
            .contains("name: Name, please.")
    );
    let mut extra = inputs("Ann", "a@b.co");
    extra.insert("price".into(), json!(0));
    assert_eq!(
        check_event_inputs(&messages, "form", &booking_event(), &extra),
        Err(Rejection::UnexpectedInput("price".into()))
    );
}

#[test]
fn template_rows_are_signed_one_by_one() {
    let signer = signer();
    let event = Event::new("pick").item("item", "id").input("note", "/note");
    let stream = SurfaceBuilder::new("list")
        .root(Column::new(["items", "note"]))
        .add("items", List::new(Children::template("row", "/items")))
        .add("row", Row::new(["label", "pick"]))
        .add("label", Text::new(Dynamic::path("label")))
        .add("pick-label", Text::new("Pick"))
        .add("pick", Button::new("pick-label", event.clone()))
        .add(
            "note",
            TextField::new("Note", "/note").variant(TextFieldVariant::LongText),
        )
        .build()
        .unwrap();
    let mut items = Vec::new();
    for id in ["A", "B"] {
        let mut item = Map::from_iter([("id".into(), json!(id)), ("label".into(), json!(id))]);
        event.sign_item(&signer, &mut item, "ada", NOW).unwrap();
        items.push(Value::Object(item));
    }
    let data = Updates::new("list")
        .data("/items", items)
        .build_after(&stream)
        .unwrap();
    let mut processor = host(&[stream, data].concat());
    let scope = Pointer::parse("/items/1").unwrap();
    let (tool, args, meta) = press(&mut processor, "list", "pick", &scope, &[("/note", "hi")]);
    let verified = verify_event_call(&signer, &tool, &args, meta.as_ref(), "ada", NOW + 1).unwrap();
    assert_eq!(verified.action.fixed["item"], "B");
    assert_eq!(verified.action.inputs["note"], "hi");
    // Row A's signature does not make row B's id.
    let mut forged = args.clone();
    forged.insert("item".into(), json!("A"));
    assert_eq!(
        verify_event_call(&signer, &tool, &forged, None, "ada", NOW + 1).unwrap_err(),
        Rejection::BadSignature
    );
    // An item without the value its event signs is refused.
    let mut bare = Map::new();
    assert!(matches!(
        event.sign_item(&signer, &mut bare, "ada", NOW),
        Err(Error::MissingItemValue { .. })
    ));
}

#[test]
fn results_and_views_carry_the_stream_where_hosts_look() {
    let messages = form().build().unwrap();
    let result = a2ui_result(&messages, "ui://t/form", "A form.");
    let json = serde_json::to_value(&result).unwrap();
    assert_eq!(json["content"][0]["text"], "A form.");
    assert_eq!(json["content"][1]["resource"]["mimeType"], A2UI_MIME_TYPE);
    assert!(json.get("structuredContent").is_none());
    assert_eq!(result_resource_uri(&json).as_deref(), Some("ui://t/form"));
    let payloads = payloads_in_result(&json);
    assert_eq!(payloads.len(), 1);
    let mut processor = Processor::new();
    assert!(
        processor
            .apply_str(&payloads[0])
            .iter()
            .all(|d| !d.is_error())
    );
    assert!(processor.surface("form").is_some());

    let refused = serde_json::to_value(a2ui_error_result(&[], "ui://t/form", "No.")).unwrap();
    assert_eq!(refused["isError"], true);
    assert_eq!(refused["content"][0]["text"], "No.");

    let view = UiResource::a2ui("ui://t/form", "form", &messages).unwrap();
    assert_eq!(view.mime_type(), A2UI_MIME_TYPE);
    let read = view.read_result();
    let text = read.contents[0].text.as_deref().unwrap();
    assert!(process_str(text).is_ok());
    assert!(UiResource::a2ui("https://t/form", "form", &messages).is_err());
}

#[test]
fn buttons_added_later_are_signed_too() {
    let signer = signer();
    let sent = SurfaceBuilder::new("s")
        .root(Column::new(["title"]))
        .add("title", Text::new("Wait…"))
        .build()
        .unwrap();
    let later = Updates::new("s")
        .add("root", Column::new(["title", "go"]))
        .add("go-label", Text::new("Go"))
        .add(
            "go",
            Button::new("go-label", Event::new("go").fixed("id", 7)),
        )
        .build_signed_after(&sent, &signer, "ada", NOW)
        .unwrap();
    assert_eq!(later.len(), 1, "consecutive components go in one message");
    let mut processor = host(&[sent, later].concat());
    let (tool, args, meta) = press(&mut processor, "s", "go", &Pointer::root(), &[]);
    let verified = verify_event_call(&signer, &tool, &args, meta.as_ref(), "ada", NOW).unwrap();
    assert_eq!(verified.action.fixed["id"], 7);
    assert!(verified.action.inputs.is_empty());
    // The same token, made apart, for a button written by hand.
    let token = Event::new("go")
        .fixed("id", 7)
        .sign(&signer, "ada", NOW)
        .unwrap();
    let mut by_hand = Map::new();
    by_hand.insert("id".into(), json!(7));
    by_hand.insert("mcp_sig".into(), json!(token));
    assert!(verify_event_call(&signer, "go", &by_hand, None, "ada", NOW).is_ok());
}
