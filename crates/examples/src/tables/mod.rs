//! A restaurant's table booking as an A2UI surface: `find_tables {party_size}` shows the free
//! tables for the party (a `List` over `/tables`, each row a `Card` with a "Book" button whose
//! event carries the table id, signed per row) and a booking form (name, email, time, party
//! size, notes, each with its checks); `book_table` (app-only: the surface's button calls it)
//! verifies the signed table id, refuses replays and expired buttons, checks every input again,
//! books the table once and answers with messages that update the surface, or, refused, with
//! `isError` and the reason (shown on the surface too). From the same tool definitions, clients
//! that show cards but no A2UI get the same form as a signed card (in the card app where only
//! HTML is shown), whose submits `book_table` verifies the same way; clients without UI get the
//! free tables as text, and no `book_table`.
//!
//! ```text
//! mcpapp serve-example tables
//! ```
//!
//! The view `ui://tables/booking` is the surface's initial stream (its components, an empty
//! form); `find_tables` and `book_table` answer with data updates of that surface. The tables
//! are fixed and the bookings kept in memory.

mod card;
mod inputs;
mod surface;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::{Arc, Mutex, PoisonError};

use mcpapp_a2ui::ServerMessage;
use mcpapp_protocol::{A2UI_MIME_TYPE, CallToolResult, Visibility};
use mcpapp_server::Error;
use mcpapp_server::a2ui::{
    Updates, a2ui_error_result, a2ui_result, check_event_inputs, verify_event_call,
};
use mcpapp_server::{
    A2uiFallback, BuildSigned as _, CARD_APP_URI, ClientUi, Signer, UiResource, check_card_inputs,
    typed_inputs,
};
use rmcp::model::ErrorData;
use serde_json::{Map, Value, json};

use crate::SharedReplayGuard;
use crate::support::{Call, Example, ExampleTool, app_tool, now, rmcp_tool, schema, tool};
use inputs::{BookingInputs, seating_time, whole_number};
pub use surface::{book_event, surface, view};

/// The tool that shows the free tables.
pub const FIND: &str = "find_tables";
/// The app-only tool the "Book" buttons call (the event's name).
pub const BOOK: &str = "book_table";
/// The tool listing the bookings made (text).
pub const BOOKINGS: &str = "table_bookings";
/// The A2UI view `find_tables` opens.
pub const VIEW_URI: &str = "ui://tables/booking";
/// The surface's id.
pub const SURFACE_ID: &str = "tables";
/// The largest party the restaurant seats.
pub const MAX_PARTY: u64 = 12;
/// The longest note, in characters.
pub const MAX_NOTES: u64 = 500;
/// The longest name, in characters.
const MAX_NAME: u64 = 80;
/// When guests are seated: from 17:00 to 22:00, in minutes of the day.
const OPENING: (u32, u32) = (17 * 60, 22 * 60);
/// A table of the restaurant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Table {
    /// Its id (what the "Book" button carries).
    pub id: &'static str,
    /// What guests call it.
    pub name: &'static str,
    /// How many it seats.
    pub seats: u64,
    /// Where it is.
    pub area: &'static str,
}

/// The restaurant's tables, fixed.
pub const TABLES: [Table; 6] = [
    Table {
        id: "T1",
        name: "Table 1",
        seats: 2,
        area: "Window",
    },
    Table {
        id: "T2",
        name: "Table 2",
        seats: 2,
        area: "Bar",
    },
    Table {
        id: "T3",
        name: "Table 3",
        seats: 4,
        area: "Main room",
    },
    Table {
        id: "T4",
        name: "Table 4",
        seats: 4,
        area: "Terrace",
    },
    Table {
        id: "T5",
        name: "Table 5",
        seats: 6,
        area: "Main room",
    },
    Table {
        id: "T6",
        name: "Table 6",
        seats: 8,
        area: "Private room",
    },
];

/// A booking made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Booking {
    /// Who booked (the server's user).
    pub user: String,
    /// The guest's name.
    pub name: String,
    /// Where the confirmation goes.
    pub email: String,
    /// `HH:MM`.
    pub time: String,
    /// How many.
    pub party_size: u64,
    /// Anything else.
    pub notes: String,
}
/// The server's state: who it acts for, the signer, used nonces, the bookings by table id.
struct Restaurant {
    user: String,
    signer: Signer,
    replay: SharedReplayGuard,
    bookings: Mutex<BTreeMap<&'static str, Booking>>,
    /// The view's stream, built once: what inputs are checked against.
    surface: Vec<ServerMessage>,
}

/// The tables server: one value per connection, sharing the bookings.
#[derive(Clone)]
pub struct Server(Arc<Restaurant>);

impl Restaurant {
    fn free_tables(&self, party_size: u64) -> Vec<Table> {
        let bookings = self.bookings.lock().unwrap_or_else(PoisonError::into_inner);
        TABLES
            .iter()
            .filter(|t| t.seats >= party_size && !bookings.contains_key(t.id))
            .copied()
            .collect()
    }

    fn summary(party_size: u64, free: &[Table]) -> String {
        match free.len() {
            0 => format!("No free table for {party_size}."),
            1 => format!("1 free table for {party_size}."),
            n => format!("{n} free tables for {party_size}."),
        }
    }

    fn text(party_size: u64, free: &[Table]) -> String {
        let mut text = Self::summary(party_size, free);
        for table in free {
            let _ = write!(
                text,
                "\n- {} ({}): {} seats, {}",
                table.name, table.id, table.seats, table.area
            );
        }
        text
    }

    /// The list's data: a signed item per free table.
    fn items(&self, free: &[Table]) -> Result<Value, Error> {
        let event = book_event();
        let at = now();
        let mut items = Vec::with_capacity(free.len());
        for table in free {
            let mut item = Map::new();
            item.insert("id".to_owned(), json!(table.id));
            item.insert("name".to_owned(), json!(table.name));
            item.insert("seats".to_owned(), json!(table.seats));
            item.insert("area".to_owned(), json!(table.area));
            event.sign_item(&self.signer, &mut item, &self.user, at)?;
            items.push(Value::Object(item));
        }
        Ok(Value::Array(items))
    }

    fn find(
        &self,
        args: &Map<String, Value>,
        client: &ClientUi,
    ) -> Result<CallToolResult, ErrorData> {
        let party_size = match args.get("party_size") {
            None => 2,
            Some(value) => whole_number(value.clone())
                .ok()
                .filter(|n| (1..=MAX_PARTY).contains(n))
                .ok_or_else(|| {
                    ErrorData::invalid_params(
                        format!("`party_size` must be a whole number from 1 to {MAX_PARTY}"),
                        None,
                    )
                })?,
        };
        let free = self.free_tables(party_size);
        let text = Self::text(party_size, &free);
        if !client.shows_a2ui() && !client.shows_cards() && !client.shows_html() {
            return Ok(CallToolResult::text(text));
        }
        if !client.shows_a2ui() {
            let card = card::tables(&Self::summary(party_size, &free), &free, party_size)
                .build_signed(&self.signer, &self.user, now())
                .map_err(|e| {
                    ErrorData::internal_error(format!("the server built a bad card: {e}"), None)
                })?;
            return Ok(client.card_result(&card));
        }
        let updates = Updates::new(SURFACE_ID)
            .data("/tables", self.items(&free).map_err(|e| built_badly(&e))?)
            .data("/form/partySize", party_size.to_string())
            .data("/summary", Self::summary(party_size, &free))
            .data("/status", "")
            .build_after(&self.surface)
            .map_err(|e| built_badly(&e))?;
        Ok(a2ui_result(&updates, VIEW_URI, &text))
    }

    /// A refusal: the reason as text, and on the surface's status line.
    fn refuse(&self, reason: &str) -> CallToolResult {
        let text = format!("Not booked: {reason}");
        let shown = Updates::new(SURFACE_ID)
            .data("/status", text.clone())
            .build_after(&self.surface)
            .unwrap_or_default();
        a2ui_error_result(&shown, VIEW_URI, &text)
    }

    /// Books for a client that shows A2UI (answered with surface updates) or cards (answered
    /// with a card); refusals are `isError` results saying why.
    fn book(
        &self,
        args: &Map<String, Value>,
        meta: Option<&Map<String, Value>>,
        client: &ClientUi,
    ) -> CallToolResult {
        let a2ui = client.shows_a2ui();
        match self.try_book(args, meta, a2ui) {
            Ok((confirmation, party_size)) if a2ui => {
                // The booking is made: a surface that cannot be updated still gets the text.
                let free = self.free_tables(party_size);
                let updates = self.items(&free).and_then(|items| {
                    Updates::new(SURFACE_ID)
                        .data("/tables", items)
                        .data("/summary", Self::summary(party_size, &free))
                        .data("/status", confirmation.clone())
                        .build_after(&self.surface)
                });
                match updates {
                    Ok(updates) => a2ui_result(&updates, VIEW_URI, &confirmation),
                    Err(_) => CallToolResult::text(confirmation),
                }
            }
            Ok((confirmation, _)) => card::confirmation(&confirmation).build().map_or_else(
                |_| CallToolResult::text(confirmation.clone()),
                |card| client.card_result(&card),
            ),
            Err(reason) if a2ui => self.refuse(&reason),
            Err(reason) => {
                let mut refused = CallToolResult::text(format!("Not booked: {reason}"));
                refused.is_error = Some(true);
                refused
            }
        }
    }

    /// The user's inputs of a verified call, checked again by the rules of what the server
    /// sent: the surface's checks for an A2UI client, the card's for a card client.
    fn checked_inputs(&self, inputs: &Map<String, Value>, a2ui: bool) -> Result<(), String> {
        if a2ui {
            return check_event_inputs(&self.surface, SURFACE_ID, &book_event(), inputs)
                .map_err(|e| e.to_string());
        }
        let form = card::with_form(mcpapp_server::CardBuilder::new(), 2)
            .build()
            .map_err(|e| e.to_string())?;
        check_card_inputs(&form, inputs).map_err(|e| e.to_string())
    }

    /// Verifies, checks and makes the booking: the confirmation and the party's size, or why
    /// not.
    fn try_book(
        &self,
        args: &Map<String, Value>,
        meta: Option<&Map<String, Value>>,
        a2ui: bool,
    ) -> Result<(String, u64), String> {
        let at = now();
        let verified = verify_event_call(&self.signer, BOOK, args, meta, &self.user, at)
            .map_err(|e| format!("{e} ({})", e.reason()))?;
        let inputs = &verified.action.inputs;
        self.checked_inputs(inputs, a2ui)?;
        let form: BookingInputs = typed_inputs(inputs).map_err(|e| e.to_string())?;
        let name = form.name.trim().to_owned();
        if name.is_empty() {
            return Err("give a name".to_owned());
        }
        let time = seating_time(&form.time)?;
        let table_id = verified
            .action
            .fixed
            .get("table")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let Some(table) = TABLES.iter().find(|t| t.id == table_id) else {
            return Err(format!("there is no table {table_id}"));
        };
        if form.party_size > table.seats {
            return Err(format!(
                "{} seats {}, not {}",
                table.name, table.seats, form.party_size
            ));
        }
        let mut bookings = self.bookings.lock().unwrap_or_else(PoisonError::into_inner);
        // Spent only now: a user whose inputs were refused can correct them and press again.
        let mut replay = self.replay.lock().unwrap_or_else(PoisonError::into_inner);
        verified
            .action
            .consume(&mut **replay, at)
            .map_err(|e| format!("{e} ({})", e.reason()))?;
        drop(replay);
        if bookings.contains_key(table.id) {
            return Err(format!("{} is already booked", table.name));
        }
        bookings.insert(
            table.id,
            Booking {
                user: self.user.clone(),
                name: name.clone(),
                email: form.email.clone(),
                time: time.clone(),
                party_size: form.party_size,
                notes: form.notes.unwrap_or_default(),
            },
        );
        drop(bookings);
        let confirmation = format!(
            "Booked {} ({}) for {name}, {} people at {time}. The confirmation goes to {}.",
            table.name, table.area, form.party_size, form.email
        );
        Ok((confirmation, form.party_size))
    }

    fn bookings_text(&self) -> String {
        let bookings = self.bookings.lock().unwrap_or_else(PoisonError::into_inner);
        if bookings.is_empty() {
            return "No bookings.".to_owned();
        }
        bookings
            .iter()
            .map(|(table, b)| {
                format!(
                    "{table} at {}: {} ({}), {} people",
                    b.time, b.name, b.email, b.party_size
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

fn built_badly(error: &Error) -> ErrorData {
    ErrorData::internal_error(format!("the server built a bad surface: {error}"), None)
}

impl Server {
    /// A server acting for `options.user`, signing with `options`' key, no table booked.
    pub fn new(options: &crate::Options) -> Result<Self, String> {
        let (signer, replay) = options.signing(<Self as Example>::NAME)?;
        Ok(Self(Arc::new(Restaurant {
            user: options.user.clone(),
            signer,
            replay,
            bookings: Mutex::new(BTreeMap::new()),
            surface: surface().map_err(|e| e.to_string())?,
        })))
    }

    /// The bookings made, by table id.
    #[must_use]
    pub fn bookings(&self) -> BTreeMap<&'static str, Booking> {
        self.0
            .bookings
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}

impl Example for Server {
    const NAME: &'static str = "mcpapp-tables";

    fn tools(_client: &ClientUi) -> Vec<ExampleTool> {
        let find = mcpapp_protocol::Tool {
            name: FIND.to_owned(),
            description: Some(
                "Find the restaurant's free tables for a party, and book one.".to_owned(),
            ),
            input_schema: (*schema(
                json!({"party_size": {"type": "integer", "minimum": 1, "maximum": MAX_PARTY,
                                       "description": "How many people", "examples": [4]}}),
                &[],
            ))
            .clone(),
            ..mcpapp_protocol::Tool::default()
        };
        let find = view()
            .and_then(|v| {
                v.opened_by(find.clone(), &[Visibility::Model, Visibility::App])
                    .map_err(|e| e.to_string())
            })
            .unwrap_or(find);
        vec![
            (rmcp_tool(&find), Some(A2UI_MIME_TYPE)),
            app_tool(tool(
                BOOK,
                "Book the table of the button the user pressed (called by the surface).",
                json!({
                    "table": {"type": "string"}, "name": {"type": "string"},
                    "email": {"type": "string"}, "time": {"type": "string"},
                    "party_size": {"type": ["integer", "string"]},
                    "notes": {"type": ["string", "null"]}
                }),
                &[],
                Some(A2UI_MIME_TYPE),
            )),
            tool(BOOKINGS, "List the bookings made.", json!({}), &[], None),
        ]
    }

    /// A card to clients that show cards but no A2UI, in the card app to those that show only
    /// HTML.
    const A2UI_FALLBACK: A2uiFallback<'static> = A2uiFallback::Card {
        card_app_uri: CARD_APP_URI,
    };

    /// The A2UI view, and the card app for clients that show only HTML.
    fn resources() -> Vec<UiResource> {
        view()
            .into_iter()
            .chain(UiResource::card_app(CARD_APP_URI))
            .collect()
    }

    fn call(&self, call: &Call<'_>) -> Result<CallToolResult, ErrorData> {
        match call.name {
            FIND => self.0.find(call.args, call.client),
            BOOK => Ok(self.0.book(call.args, call.meta, call.client)),
            _ => Ok(CallToolResult::text(self.0.bookings_text())),
        }
    }
}
#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "tests")]

    use super::*;

    #[test]
    fn the_surface_is_valid_and_the_view_carries_it() {
        let stream = surface().unwrap();
        let report = mcpapp_a2ui::process_str(&mcpapp_server::a2ui::stream_text(&stream));
        assert!(report.is_ok(), "{:?}", report.diagnostics);
        assert_eq!(view().unwrap().mime_type(), A2UI_MIME_TYPE);
    }
}
