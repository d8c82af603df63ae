//! What A2UI costs a server per call: building a signed, checked form surface (every message
//! through the official schema), and verifying an event's call (reading it back, the
//! signature, the inputs re-checked by the surface's rules).
//!
//! `cargo bench -p mcpapp-server --bench a2ui`

#![expect(
    clippy::expect_used,
    reason = "a benchmark whose setup fails has nothing to measure"
)]

use criterion::{Criterion, criterion_group, criterion_main};
use mcpapp_a2ui::mcp::action_call;
use mcpapp_a2ui::{Fired, Pointer, Processor, ServerMessage};
use mcpapp_server::Signer;
use mcpapp_server::a2ui::{
    Button, Children, Column, DateTimeInput, Dynamic, Event, List, Row, SurfaceBuilder, Text,
    TextField, TextFieldVariant, Updates, check_event_inputs, verify_event_call,
};
use serde_json::{Map, Value, json};

const NOW: u64 = 1_800_000_000;

fn event() -> Event {
    Event::new("book")
        .item("table", "id")
        .input("name", "/form/name")
        .input("email", "/form/email")
        .input("time", "/form/time")
        .input("notes", "/form/notes")
}

fn surface() -> SurfaceBuilder {
    SurfaceBuilder::new("tables")
        .root(Column::new([
            "title", "tables", "name", "email", "time", "notes",
        ]))
        .add("title", Text::new("Free tables"))
        .add("tables", List::new(Children::template("row", "/tables")))
        .add("row", Row::new(["label", "book"]))
        .add("label", Text::new(Dynamic::path("name")))
        .add("book-label", Text::new("Book"))
        .add("book", Button::new("book-label", event()))
        .add(
            "name",
            TextField::new("Name", "/form/name").required("Name?"),
        )
        .add(
            "email",
            TextField::new("Email", "/form/email").email("Email?"),
        )
        .add("time", DateTimeInput::new("/form/time").time())
        .add(
            "notes",
            TextField::new("Notes", "/form/notes")
                .variant(TextFieldVariant::LongText)
                .length(None, Some(500), "Too long."),
        )
        .data(
            "/form",
            json!({"name": "", "email": "", "time": "19:00", "notes": ""}),
        )
}

fn rows(signer: &Signer) -> Value {
    let event = event();
    let items: Vec<Value> = (1..=6)
        .map(|i| {
            let mut item = Map::new();
            item.insert("id".into(), json!(format!("T{i}")));
            item.insert("name".into(), json!(format!("Table {i}")));
            event
                .sign_item(signer, &mut item, "ada", NOW)
                .expect("signed");
            Value::Object(item)
        })
        .collect();
    Value::Array(items)
}

fn bench(c: &mut Criterion) {
    let signer =
        Signer::new([("k1", b"a secret of at least 32 bytes....".to_vec())], 600).expect("key");
    let sent: Vec<ServerMessage> = surface().build().expect("surface");
    c.bench_function("build the form surface (12 components, checked)", |b| {
        b.iter(|| surface().build().expect("surface"));
    });
    c.bench_function("six signed rows as a checked data update", |b| {
        b.iter(|| {
            Updates::new("tables")
                .data("/tables", rows(&signer))
                .build_after(&sent)
                .expect("rows")
        });
    });

    let mut host = Processor::new();
    for message in sent.iter().cloned().chain(
        Updates::new("tables")
            .data("/tables", rows(&signer))
            .build_after(&sent)
            .expect("rows"),
    ) {
        host.apply(&message);
    }
    let s = host.surface_mut("tables").expect("surface");
    for (path, value) in [("/form/name", "Ann"), ("/form/email", "ann@example.com")] {
        s.set_path(&Pointer::root(), path, json!(value))
            .expect("typed");
    }
    let scope = Pointer::parse("/tables/3").expect("scope");
    let Ok(Fired::Event(action)) = s.fire("book", &scope, "t") else {
        unreachable!("the button fires");
    };
    let call = action_call(&action, Map::new(), |t| t == "book");
    let arguments = call.arguments.expect("arguments");
    c.bench_function("verify an event's call and re-check its inputs", |b| {
        b.iter(|| {
            let verified = verify_event_call(
                &signer,
                &call.name,
                &arguments,
                call.meta.as_ref(),
                "ada",
                NOW + 1,
            )
            .expect("verified");
            check_event_inputs(&sent, "tables", &event(), &verified.action.inputs).expect("inputs");
        });
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
