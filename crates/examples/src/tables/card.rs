//! The `tables` card, for clients that show cards (or HTML, in the card app) but no A2UI: the
//! same form as the surface, as card inputs, and a signed "Book" submit per free table. The
//! submits call `book_table` with the same arguments the surface's events carry, so one
//! handler, and one signature scheme, serves both.

use mcpapp_server::CardBuilder;
use serde_json::json;

use super::{BOOK, MAX_NAME, MAX_NOTES, Table};

/// A card shows at most this many "Book" buttons (a card's action bar is short).
const TABLES_PER_CARD: usize = 5;
/// An email address, roughly: the server checks it properly.
const EMAIL: &str = r"^[^@\s]+@[^@\s]+\.[^@\s]+$";
/// `HH:MM`.
const TIME: &str = r"^([01][0-9]|2[0-3]):[0-5][0-9]$";

/// The form as card inputs after what `card` has, with the same rules as the surface's
/// checks; `party_size` is the party's size at first. Alone, without buttons, it is what a
/// card call's inputs are checked by.
pub(super) fn with_form(card: CardBuilder, party_size: u64) -> CardBuilder {
    let max_name = u32::try_from(MAX_NAME).unwrap_or(u32::MAX);
    let max_notes = u32::try_from(MAX_NOTES).unwrap_or(u32::MAX);
    card.input_text("name", "Name", |t| {
        t.required()
            .max_length(max_name)
            .error_message("Enter your name.")
    })
    .input_text("email", "Email", |t| {
        t.required()
            .regex(EMAIL)
            .error_message("Enter a valid email address.")
    })
    .input_text("time", "Time (HH:MM)", |t| {
        t.value("19:00")
            .required()
            .regex(TIME)
            .error_message("Give a time such as 19:30.")
    })
    .input_text("party_size", "Party size", |t| {
        t.value(party_size.to_string())
            .required()
            .regex("^[0-9]{1,2}$")
            .error_message("Give the number of people.")
    })
    .input_text("notes", "Notes", |t| {
        t.multiline()
            .max_length(max_notes)
            .error_message("Notes are at most 500 characters.")
    })
}

/// The free tables and the form, a "Book" button per table (its id the signed data).
pub(super) fn tables(summary: &str, free: &[Table], party_size: u64) -> CardBuilder {
    let rows: Vec<(String, String)> = free
        .iter()
        .map(|t| (t.name.to_owned(), format!("{} seats, {}", t.seats, t.area)))
        .collect();
    let mut card = CardBuilder::new().heading("Free tables").text(summary);
    if !rows.is_empty() {
        card = card.fact_set(rows);
    }
    let mut card = with_form(card.text("Your booking"), party_size);
    for table in free.iter().take(TABLES_PER_CARD) {
        card = card.submit(
            format!("Book {}", table.name),
            BOOK,
            json!({"table": table.id}),
        );
    }
    card
}

/// The booking confirmed: the app's last word.
pub(super) fn confirmation(text: &str) -> CardBuilder {
    CardBuilder::new()
        .heading("Table booked")
        .text(text)
        .is_final()
}
