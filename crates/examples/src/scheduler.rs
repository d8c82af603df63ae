//! A meeting scheduler: `find_available_slots` answers with a card holding a button per free
//! slot; `book_slot` (app-only: the buttons call it) books the slot the signed action names.
//! Each button is a one-time action: a second click is refused as a replay, and a slot booked
//! meanwhile through another card is refused as taken.
//!
//! ```text
//! mcpapp serve-example scheduler
//! ```

use std::sync::{Arc, Mutex, PoisonError};

use mcpapp_card::Card;
use mcpapp_protocol::CARD_MIME_TYPE;
use mcpapp_server::{
    BuildSigned as _, CardBuilder, ClientUi, Signer, UiResource, check_card_inputs,
};
use rmcp::model::ErrorData;
use serde_json::{Map, Value, json};

use crate::SharedReplayGuard;
use crate::support::{Call, Example, ExampleTool, app_tool, card_app, now, rpc_error, tool};

const FIND: &str = "find_available_slots";
const BOOK: &str = "book_slot";
const AGENDA: &str = "agenda";
/// At most this many slots on one card: a card's action bar is short.
const SLOTS_PER_CARD: usize = 5;

/// The scheduler's state: the week's slots in time order, with who booked each.
struct Scheduler {
    user: String,
    signer: Signer,
    replay: SharedReplayGuard,
    slots: Mutex<Vec<(&'static str, Option<String>)>>,
}

/// The scheduler server: one value per connection, sharing the calendar.
#[derive(Clone)]
pub struct Server(Arc<Scheduler>);

impl Scheduler {
    fn free_slots(&self) -> Vec<&'static str> {
        let slots = self.slots.lock().unwrap_or_else(PoisonError::into_inner);
        slots
            .iter()
            .filter(|(_, booked)| booked.is_none())
            .map(|(slot, _)| *slot)
            .take(SLOTS_PER_CARD)
            .collect()
    }

    fn slots_card(&self) -> Result<Card, ErrorData> {
        let free = self.free_slots();
        let mut card = CardBuilder::new().heading("Available slots");
        if free.is_empty() {
            card = card.text("No free slots this week.");
        } else {
            card = card.text("Pick a time for the meeting.");
            for slot in free {
                card = card.submit(slot, BOOK, json!({ "slot": slot }));
            }
        }
        card.build_signed(&self.signer, &self.user, now())
            .map_err(|e| {
                ErrorData::internal_error(format!("the server built a bad card: {e}"), None)
            })
    }

    /// The question before a booking: what the meeting is and who comes. Asked only for a
    /// well-formed, still valid button (a forged call is refused before anyone is asked).
    fn booking_question(&self, args: &Map<String, Value>) -> Option<(String, Value)> {
        let action = self.signer.check(BOOK, args, &self.user, now()).ok()?;
        let slot = action.fixed.get("slot").and_then(Value::as_str)?;
        Some((
            format!("Before I book {slot}:"),
            json!({
                "type": "object",
                "properties": {
                    "title": {"type": "string", "title": "Meeting title", "maxLength": 80},
                    "attendees": {"type": "string", "title": "Attendees",
                                  "description": "Email addresses, comma-separated",
                                  "maxLength": 500}
                },
                "required": ["title"]
            }),
        ))
    }

    fn book(
        &self,
        args: &Map<String, Value>,
        answer: Option<&Map<String, Value>>,
    ) -> Result<Card, ErrorData> {
        let refuse = |rejection: mcpapp_server::Rejection| rpc_error(&rejection.to_jsonrpc_error());
        let action = self
            .signer
            .check(BOOK, args, &self.user, now())
            .map_err(refuse)?;
        // The slot card has no inputs: any other argument is made up.
        let no_inputs = CardBuilder::new()
            .text("")
            .build()
            .map_err(|e| ErrorData::internal_error(e.to_string(), None))?;
        check_card_inputs(&no_inputs, &action.inputs)
            .map_err(|e| rpc_error(&e.to_jsonrpc_error()))?;
        let slot = action
            .fixed
            .get("slot")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned();
        // A button is spent once its call is well-formed, whatever the calendar says: a second
        // click is a replay, not a question about the slot.
        let mut replay = self.replay.lock().unwrap_or_else(PoisonError::into_inner);
        action.consume(&mut **replay, now()).map_err(refuse)?;
        drop(replay);
        let mut slots = self.slots.lock().unwrap_or_else(PoisonError::into_inner);
        let Some((_, booked)) = slots.iter_mut().find(|(s, _)| *s == slot) else {
            return Err(ErrorData::invalid_params(
                format!("there is no slot {slot}"),
                None,
            ));
        };
        if booked.is_some() {
            return Err(ErrorData::invalid_params(
                format!("the slot {slot} is already booked"),
                Some(json!({"reason": "slot-taken"})),
            ));
        }
        *booked = Some(self.user.clone());
        let said = |key: &str| {
            answer
                .and_then(|a| a.get(key))
                .and_then(Value::as_str)
                .map(|text| text.chars().take(500).collect::<String>())
                .filter(|text| !text.trim().is_empty())
        };
        let mut facts = vec![("When", slot.clone()), ("Who", self.user.clone())];
        if let Some(title) = said("title") {
            facts.push(("What", title));
        }
        if let Some(attendees) = said("attendees") {
            facts.push(("Attendees", attendees));
        }
        // The booking is done: the card is the app's last word (in the conversation it stays
        // as the record of the booking).
        CardBuilder::new()
            .heading("Meeting booked")
            .fact_set(facts.iter().map(|(k, v)| (*k, v.as_str())))
            .is_final()
            .build()
            .map_err(|e| ErrorData::internal_error(e.to_string(), None))
    }

    fn agenda(&self) -> String {
        let slots = self.slots.lock().unwrap_or_else(PoisonError::into_inner);
        slots
            .iter()
            .map(|(slot, booked)| match booked {
                Some(who) => format!("{slot}: booked by {who}"),
                None => format!("{slot}: free"),
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

impl Server {
    /// A scheduler acting for `options.user`, with a week of free slots.
    pub fn new(options: &crate::Options) -> Result<Self, String> {
        let slots = [
            "Mon 09:00",
            "Mon 14:00",
            "Tue 10:30",
            "Wed 16:00",
            "Thu 11:00",
            "Fri 15:30",
        ];
        let (signer, replay) = options.signing(<Self as Example>::NAME)?;
        Ok(Self(Arc::new(Scheduler {
            user: options.user.clone(),
            signer,
            replay,
            slots: Mutex::new(slots.into_iter().map(|s| (s, None)).collect()),
        })))
    }
}

impl Example for Server {
    const NAME: &'static str = "mcpapp-scheduler";

    fn tools(_client: &ClientUi) -> Vec<ExampleTool> {
        vec![
            tool(
                FIND,
                "Find free meeting slots this week.",
                json!({}),
                &[],
                Some(CARD_MIME_TYPE),
            ),
            app_tool(tool(
                BOOK,
                "Book the slot of the button the user clicked (called by the card).",
                json!({}),
                &[],
                Some(CARD_MIME_TYPE),
            )),
            tool(
                AGENDA,
                "List the week's slots and bookings.",
                json!({}),
                &[],
                None,
            ),
        ]
    }

    /// The card app: where hosts that show only HTML apps see the cards.
    fn resources() -> Vec<UiResource> {
        card_app()
    }

    /// Before a booking, the meeting's title and attendees, where the client can ask.
    fn question(&self, name: &str, args: &Map<String, Value>) -> Option<(String, Value)> {
        (name == BOOK)
            .then(|| self.0.booking_question(args))
            .flatten()
    }

    /// A booking takes the title and attendees the user gave, if any.
    fn call(&self, call: &Call<'_>) -> Result<mcpapp_protocol::CallToolResult, ErrorData> {
        Ok(match call.name {
            FIND => call.client.card_result(&self.0.slots_card()?),
            BOOK => call
                .client
                .card_result(&self.0.book(call.args, call.answer)?),
            _ => mcpapp_protocol::CallToolResult::text(self.0.agenda()),
        })
    }
}
