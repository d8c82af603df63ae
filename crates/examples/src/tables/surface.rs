//! The `tables` surface: its components, the "Book" buttons' event, and the view that holds
//! the initial stream.

use std::sync::LazyLock;

use mcpapp_a2ui::ServerMessage;
use mcpapp_server::a2ui::{
    Align, Button, ButtonVariant, Call, Card, Check, Children, Column, DateTimeInput, Divider,
    Dynamic, Event, IntoComponent as _, Justify, List, Row, SurfaceBuilder, Text, TextField,
    TextFieldVariant, TextVariant,
};
use mcpapp_server::{Error, UiResource};
use serde_json::json;

use super::{BOOK, MAX_NAME, MAX_NOTES, MAX_PARTY, SURFACE_ID, VIEW_URI};

/// The event of every "Book" button: the table id from the row's item (signed per row), the
/// form's values as the user's inputs.
pub fn book_event() -> Event {
    Event::new(BOOK)
        .item("table", "id")
        .input("name", "/form/name")
        .input("email", "/form/email")
        .input("time", "/form/time")
        .input("party_size", "/form/partySize")
        .input("notes", "/form/notes")
}

/// The surface as the view holds it: its components, an empty list and an empty form. The
/// same stream, to the message, is what `book_table` checks the inputs against.
pub fn surface() -> Result<Vec<ServerMessage>, Error> {
    let party_check = Check::numeric(
        "/form/partySize",
        Some(1.0),
        Some(f64_of(MAX_PARTY)),
        format!("A party is 1 to {MAX_PARTY} people."),
    );
    let list = SurfaceBuilder::new(SURFACE_ID)
        .agent_display_name("Tables")
        .primary_color("#1E6F5C")
        .root(Column::new([
            "title",
            "summary",
            "tables",
            "divider",
            "form-title",
            "name",
            "email",
            "time",
            "party",
            "notes",
            "status",
        ]))
        .add("title", Text::new("Free tables").variant(TextVariant::H2))
        .add("summary", Text::new(Dynamic::path("/summary")))
        .add(
            "tables",
            List::new(Children::template("table-card", "/tables")),
        )
        .add("table-card", Card::new("table-row"))
        .add(
            "table-row",
            Row::new(["table-info", "book"])
                .justify(Justify::SpaceBetween)
                .align(Align::Center),
        )
        .add(
            "table-info",
            Column::new(["table-name", "table-details"])
                .into_spec()
                .weight(1.0),
        )
        .add(
            "table-name",
            Text::new(Dynamic::path("name")).variant(TextVariant::H4),
        )
        .add(
            "table-details",
            Text::new(Call::format_string("${seats} seats, ${area}")),
        )
        .add(
            "book",
            Button::new("book-label", book_event())
                .variant(ButtonVariant::Primary)
                .check(&Check::required("/form/name", "Enter your name."))
                .check(&Check::email("/form/email", "Enter a valid email address."))
                .check(&party_check),
        )
        .add("book-label", Text::new("Book"));
    form(list, &party_check)
}

/// The booking form under the list, and the surface's first data.
fn form(list: SurfaceBuilder, party_check: &Check) -> Result<Vec<ServerMessage>, Error> {
    list.add("divider", Divider::new())
        .add(
            "form-title",
            Text::new("Your booking").variant(TextVariant::H3),
        )
        .add(
            "name",
            TextField::new("Name", "/form/name")
                .required("Enter your name.")
                .length(None, Some(MAX_NAME), "A name is at most 80 characters."),
        )
        .add(
            "email",
            TextField::new("Email", "/form/email")
                .required("Enter your email address.")
                .email("Enter a valid email address."),
        )
        .add(
            "time",
            DateTimeInput::new("/form/time")
                .label("Time")
                .time()
                .required("Choose a time."),
        )
        .add(
            "party",
            TextField::new("Party size", "/form/partySize")
                .variant(TextFieldVariant::Number)
                .check(party_check),
        )
        .add(
            "notes",
            TextField::new("Notes", "/form/notes")
                .variant(TextFieldVariant::LongText)
                .length(None, Some(MAX_NOTES), "Notes are at most 500 characters."),
        )
        .add(
            "status",
            Text::new(Dynamic::path("/status")).variant(TextVariant::Caption),
        )
        .data(
            "/form",
            json!({"name": "", "email": "", "time": "19:00", "partySize": "2", "notes": ""}),
        )
        .data("/tables", json!([]))
        .data("/summary", "")
        .data("/status", "")
        .build()
}

/// The A2UI view of `find_tables` (built once: every `tools/list` and call names it).
pub fn view() -> Result<UiResource, String> {
    static VIEW: LazyLock<Result<UiResource, String>> = LazyLock::new(|| {
        let stream = surface().map_err(|e| e.to_string())?;
        UiResource::a2ui(VIEW_URI, "tables", &stream)
            .map(|view| {
                view.title("Tables")
                    .description("Free tables and a booking form.")
            })
            .map_err(|e| e.to_string())
    });
    VIEW.clone()
}

/// Small counts as the JSON numbers checks compare with.
fn f64_of(n: u64) -> f64 {
    f64::from(u32::try_from(n).unwrap_or(u32::MAX))
}
