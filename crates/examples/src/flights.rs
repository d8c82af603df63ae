//! The reference scenario as a tool author writes it with rmcp and mcpapp-server: a flight
//! booking server whose cancellation asks for a reason on a card.
//!
//! ```text
//! mcpapp serve-example flights                    # stdio, acting for the user `ada`
//! mcpapp serve-example flights --user bob --http 127.0.0.1:8080
//! ```
//!
//! - `request_cancellation_reason {booking_id}` answers with the cancellation card (signed for
//!   the user) to clients that show cards, and with its text rendering to others.
//! - `confirm_cancellation` (app-only: the card calls it) verifies the signed action, checks the
//!   reason by the card's rules and its own, checks the booking is the caller's, cancels it once
//!   and answers with a confirmation card.
//! - `bookings` lists the user's bookings and their state (plain text), so a client, and a
//!   test, can see what was executed.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};

use mcpapp_card::Card;
use mcpapp_card::enums::FontSize;
use mcpapp_protocol::CARD_MIME_TYPE;
use mcpapp_server::{
    BuildSigned as _, CardBuilder, ClientUi, Rejection, Signer, UiResource, authorize,
    check_card_inputs, typed_inputs,
};
use rmcp::model::ErrorData;
use serde::Deserialize;
use serde_json::{Map, Value, json};
use validator::Validate;

use crate::SharedReplayGuard;
use crate::support::{Call, Example, ExampleTool, app_tool, card_app, now, rpc_error, tool};

const REQUEST: &str = "request_cancellation_reason";
const CONFIRM: &str = "confirm_cancellation";
const BOOKINGS: &str = "bookings";

/// A booking the server holds.
struct Booking {
    owner: &'static str,
    route: &'static str,
    cancelled: Option<String>,
}

/// The server's state: bookings, the action signer and the nonces already used.
struct Flights {
    user: String,
    signer: Signer,
    replay: SharedReplayGuard,
    bookings: Mutex<BTreeMap<&'static str, Booking>>,
}

/// What `confirm_cancellation` takes from the user, with the server's own rules.
#[derive(Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
struct CancellationInputs {
    #[validate(length(min = 3, max = 500, message = "Give a reason of 3 to 500 characters."))]
    cancellation_reason: String,
}

/// The flights server: one value per connection, sharing the bookings (HTTP sessions see the
/// same data).
#[derive(Clone)]
pub struct Server(Arc<Flights>);

impl Flights {
    /// The card asking why: the same card, to the byte, for sending and for checking what comes
    /// back (its input rules are the server's contract).
    fn cancellation_card(booking_id: &str) -> CardBuilder {
        CardBuilder::new()
            .text_with(
                "Please provide a reason for the flight cancellation.",
                |t| t.size(FontSize::Medium),
            )
            .input_text("cancellationReason", "Reason", |t| {
                t.placeholder("e.g., change in travel plans")
                    .required()
                    .max_length(500)
                    .error_message("Please give a reason.")
            })
            .submit(
                "Confirm Cancellation",
                CONFIRM,
                json!({ "booking_id": booking_id }),
            )
    }

    fn card_error(error: &impl std::fmt::Display) -> ErrorData {
        ErrorData::internal_error(format!("the server built a bad card: {error}"), None)
    }

    fn request(&self, args: &Map<String, Value>) -> Result<Card, ErrorData> {
        let booking_id = args
            .get("booking_id")
            .and_then(Value::as_str)
            .ok_or_else(|| {
                ErrorData::invalid_params("`booking_id` (a string) is required", None)
            })?;
        let bookings = self.bookings.lock().unwrap_or_else(PoisonError::into_inner);
        match bookings.get(booking_id) {
            Some(b) if b.owner == self.user && b.cancelled.is_none() => {}
            Some(b) if b.owner == self.user => {
                return Err(ErrorData::invalid_params(
                    format!("booking {booking_id} is already cancelled"),
                    None,
                ));
            }
            _ => {
                return Err(ErrorData::invalid_params(
                    format!("you have no booking {booking_id}"),
                    None,
                ));
            }
        }
        Self::cancellation_card(booking_id)
            .build_signed(&self.signer, &self.user, now())
            .map_err(|e| Self::card_error(&e))
    }

    fn confirm(&self, args: &Map<String, Value>) -> Result<Card, ErrorData> {
        let refuse = |rejection: mcpapp_server::Rejection| rpc_error(&rejection.to_jsonrpc_error());
        let action = self
            .signer
            .check(CONFIRM, args, &self.user, now())
            .map_err(refuse)?;
        let booking_id = action
            .fixed
            .get("booking_id")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned();
        let sent = Self::cancellation_card(&booking_id)
            .build()
            .map_err(|e| Self::card_error(&e))?;
        let gate = |e: Rejection| rpc_error(&e.to_jsonrpc_error());
        check_card_inputs(&sent, &action.inputs).map_err(gate)?;
        let inputs: CancellationInputs = typed_inputs(&action.inputs).map_err(gate)?;
        let mut bookings = self.bookings.lock().unwrap_or_else(PoisonError::into_inner);
        let owns = |subject: &str, _tool: &str, fixed: &Map<String, Value>| {
            let id = fixed
                .get("booking_id")
                .and_then(Value::as_str)
                .unwrap_or_default();
            match bookings.get(id) {
                Some(b) if b.owner == subject => Ok(()),
                Some(_) => Err(format!("booking {id} is not yours")),
                None => Err(format!("there is no booking {id}")),
            }
        };
        authorize(&owns, &self.user, CONFIRM, &action.fixed).map_err(gate)?;
        // Spent only now: a user whose reason was refused can correct it on the same card.
        let mut replay = self.replay.lock().unwrap_or_else(PoisonError::into_inner);
        action.consume(&mut **replay, now()).map_err(refuse)?;
        drop(replay);
        let Some(booking) = bookings.get_mut(booking_id.as_str()) else {
            return Err(ErrorData::invalid_params("the booking is gone", None));
        };
        if booking.cancelled.is_some() {
            return Err(ErrorData::invalid_params(
                format!("booking {booking_id} is already cancelled"),
                None,
            ));
        }
        booking.cancelled = Some(inputs.cancellation_reason.clone());
        CardBuilder::new()
            .heading("Flight cancelled")
            .fact_set([
                ("Booking", booking_id.as_str()),
                ("Route", booking.route),
                ("Reason", inputs.cancellation_reason.as_str()),
            ])
            .build()
            .map_err(|e| Self::card_error(&e))
    }

    fn bookings_text(&self) -> String {
        let bookings = self.bookings.lock().unwrap_or_else(PoisonError::into_inner);
        bookings
            .iter()
            .filter(|(_, b)| b.owner == self.user)
            .map(|(id, b)| match &b.cancelled {
                Some(reason) => format!("{id} {}: cancelled ({reason})", b.route),
                None => format!("{id} {}: confirmed", b.route),
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

impl Example for Server {
    const NAME: &'static str = "mcpapp-flights";

    /// The confirmation is app-only and needs a client that shows cards.
    fn tools(_client: &ClientUi) -> Vec<ExampleTool> {
        vec![
            // The example is one of the user's bookings, so that an agent (or `mcpapp check`)
            // has a booking to start with.
            tool(
                REQUEST,
                "Start cancelling a flight booking: asks the user for a reason.",
                json!({"booking_id": {"type": "string", "examples": ["FL-12345-ABC"]}}),
                &["booking_id"],
                Some(CARD_MIME_TYPE),
            ),
            app_tool(tool(
                CONFIRM,
                "Cancel a booking with the reason the user gave (called by the card).",
                json!({"cancellationReason": {"type": "string"}}),
                &[],
                Some(CARD_MIME_TYPE),
            )),
            tool(BOOKINGS, "List your bookings.", json!({}), &[], None),
        ]
    }

    /// The card app: where hosts that show only HTML apps see the cards.
    fn resources() -> Vec<UiResource> {
        card_app()
    }

    fn call(&self, call: &Call<'_>) -> Result<mcpapp_protocol::CallToolResult, ErrorData> {
        Ok(match call.name {
            REQUEST => call.client.card_result(&self.0.request(call.args)?),
            CONFIRM => call.client.card_result(&self.0.confirm(call.args)?),
            _ => mcpapp_protocol::CallToolResult::text(self.0.bookings_text()),
        })
    }
}

impl Server {
    /// A server acting for `options.user`, with a few bookings of `ada` and one of `bob`,
    /// signing with `options`' key (by default one made for this process: cards from an earlier
    /// run are refused, as they should be).
    pub fn new(options: &crate::Options) -> Result<Self, String> {
        let booking = |owner, route| Booking {
            owner,
            route,
            cancelled: None,
        };
        let (signer, replay) = options.signing(<Self as Example>::NAME)?;
        Ok(Self(Arc::new(Flights {
            user: options.user.clone(),
            signer,
            replay,
            bookings: Mutex::new(BTreeMap::from([
                ("FL-12345-ABC", booking("ada", "SFO → JFK")),
                ("FL-67890-DEF", booking("ada", "JFK → LHR")),
                ("FL-55555-XYZ", booking("bob", "LHR → CDG")),
            ])),
        })))
    }
}
