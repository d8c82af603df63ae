//! The server side of mcpapp cards, without a transport: a typed card builder
//! ([`CardBuilder`]), signed actions ([`Signer`]), so that the data of an `Action.Submit` or
//! `Action.Execute`, opaque to and editable by the client, is verified when it comes back as a
//! `tools/call`, and the user's inputs checked again on the server ([`check_card_inputs`],
//! [`typed_inputs`], [`Authorize`]).
//!
//! ```
//! use mcpapp_card::{InputValue, InputValues, prepare_submit, tool_call};
//! use mcpapp_server::{BuildSigned as _, CardBuilder, MemoryReplayGuard, Rejection, Signer};
//! use serde_json::json;
//!
//! let signer = Signer::new([("k1", b"a secret of at least 32 bytes....".to_vec())], 600)?;
//! let now = 1_800_000_000; // unix seconds
//!
//! // The server builds a checked card and signs its actions for this user.
//! let card = CardBuilder::new()
//!     .text("Cancel booking FL-1?")
//!     .input_text("reason", "Reason", |t| t.required())
//!     .submit("Cancel", "cancel_booking", json!({ "booking_id": "FL-1" }))
//!     .build_signed(&signer, "user-42", now)?;
//!
//! // The client fills the input and sends the action back as a `tools/call`.
//! let mut values = InputValues::initial(&card);
//! values.set("reason", InputValue::Text("Plans changed".into()));
//! let call = tool_call(&card.actions[0], prepare_submit(&[&card], &card.actions[0], &values)?)?;
//!
//! // The server verifies it: the signed data and the user's inputs, apart.
//! let mut used = MemoryReplayGuard::new();
//! let action = signer.verify(&call.name, &call.arguments, "user-42", now + 5, &mut used)?;
//! assert_eq!(action.fixed["booking_id"], "FL-1");
//! assert_eq!(action.inputs["reason"], "Plans changed");
//!
//! // Once only, and only as signed.
//! let again = signer.verify(&call.name, &call.arguments, "user-42", now + 6, &mut used);
//! assert_eq!(again.unwrap_err(), Rejection::Replayed);
//! let mut forged = call.arguments.clone();
//! forged.insert("booking_id".into(), json!("FL-2"));
//! let forged = signer.verify(&call.name, &forged, "user-42", now + 7, &mut used);
//! assert_eq!(forged.unwrap_err(), Rejection::BadSignature);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A2UI surfaces are built, sent and verified the same way: see [`a2ui`].
//!
//! Views are declared with [`UiResource`] (an HTML app, a card template or an A2UI surface,
//! with its CSP and permissions) and the tools that open them with [`UiResource::opened_by`]; [`ClientUi`] picks
//! what each client gets. See "Server-side action validation" in the design. Registering tools
//! with an MCP SDK is left to the embedder.

pub mod a2ui;
pub mod card_app;
mod error;
pub mod gate;
pub mod inputs;
#[cfg(feature = "redis")]
mod redis_guard;
mod rejection;
pub mod result;
pub mod signing;
pub mod view;

pub use card_app::{CARD_APP_URI, card_app_html};
pub use error::Error;
pub use gate::{A2uiFallback, ClientUi};
pub use inputs::{Authorize, FieldError, authorize, check_card_inputs, typed_inputs};
pub use mcpapp_card::{CardBuilder, builder, text_fallback};
#[cfg(feature = "redis")]
pub use redis_guard::RedisReplayGuard;
pub use rejection::Rejection;
pub use result::{DEFAULT_CARD_URI, card_result, card_result_at, text_result};
pub use signing::BuildSigned;
pub use signing::{
    MemoryReplayGuard, RESERVED_PREFIX, ReplayGuard, SIGNATURE_KEY, Signer, VerifiedAction,
    canonical_json,
};
pub use view::{UiResource, app_only_tool};
