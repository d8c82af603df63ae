//! The server side of mcpapp cards, without a transport: a typed card builder
//! ([`CardBuilder`]), signed actions ([`Signer`]), so that the data of an `Action.Submit` or
//! `Action.Execute`, opaque to and editable by the client, is verified when it comes back as a
//! `tools/call`, and the user's inputs checked again on the server ([`check_card_inputs`],
//! [`typed_inputs`], [`Authorize`]).
//!
//! Views are declared with [`UiResource`] (an HTML app or a card template, with its CSP and
//! permissions) and the tools that open them with [`UiResource::opened_by`]; [`ClientUi`] picks
//! what each client gets. See "Server-side action validation" in the design. Registering tools
//! with an MCP SDK is left to the embedder.

pub mod builder;
pub mod gate;
pub mod inputs;
pub mod result;
pub mod signing;
pub mod view;

pub use builder::{BuildError, CardBuilder};
pub use gate::{ClientUi, GateError};
pub use inputs::{Authorize, FieldError, InputError, authorize, check_card_inputs, typed_inputs};
pub use result::{DEFAULT_CARD_URI, card_result, card_result_at, text_fallback, text_result};
pub use signing::{
    MemoryReplayGuard, RESERVED_PREFIX, Rejection, ReplayGuard, SIGNATURE_KEY, SignError, Signer,
    VerifiedAction, canonical_json,
};
pub use view::{UiResource, ViewError, app_only_tool};
