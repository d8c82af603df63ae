//! A2UI on the server: typed surfaces ([`SurfaceBuilder`], [`Updates`], the basic catalog's
//! components), checked against the official schemas before they are sent; results and views
//! that carry them ([`a2ui_result`], [`UiResource::a2ui`](crate::UiResource::a2ui)); and events
//! that come back as `tools/call` verified as card actions are ([`Event`],
//! [`verify_event_call`], [`check_event_inputs`]). How an event becomes a call is
//! [`mcpapp_a2ui::mcp`]'s; this module only uses it.
//!
//! ```
//! use mcpapp_server::a2ui::{Button, Column, Event, SurfaceBuilder, Text, verify_event_call};
//! use mcpapp_server::{MemoryReplayGuard, Signer};
//! use mcpapp_a2ui::{Fired, Pointer, Processor, mcp::action_call};
//!
//! let signer = Signer::new([("k1", b"a secret of at least 32 bytes....".to_vec())], 600)?;
//! let now = 1_800_000_000;
//! // The server: a button whose event fixes the booking id, signed for user-42.
//! let stream = SurfaceBuilder::new("s")
//!     .root(Column::new(["ask", "go"]))
//!     .add("ask", Text::new("Cancel FL-1?"))
//!     .add("go-label", Text::new("Cancel"))
//!     .add("go", Button::new("go-label", Event::new("cancel").fixed("booking", "FL-1")))
//!     .build_signed(&signer, "user-42", now)?;
//!
//! // The host: the button pressed, the event sent as a call.
//! let mut host = Processor::new();
//! for message in &stream {
//!     host.apply(message);
//! }
//! let Fired::Event(action) = host.surface("s").unwrap().fire("go", &Pointer::root(), "t")? else {
//!     unreachable!()
//! };
//! let call = action_call(&action, host.client_data_model(), |tool| tool == "cancel");
//!
//! // The server again: verified, then spent once.
//! let verified = verify_event_call(
//!     &signer, &call.name, call.arguments.as_ref().unwrap(), call.meta.as_ref(), "user-42", now + 1,
//! )?;
//! assert_eq!(verified.action.fixed["booking"], "FL-1");
//! verified.action.consume(&mut MemoryReplayGuard::new(), now + 1)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod component;
mod event;
mod result;
mod surface;
mod value;
mod verify;

pub use component::{
    Align, Button, ButtonVariant, Card, CheckBox, Children, ChoicePicker, Column, DateTimeInput,
    Divider, IntoComponent, Justify, List, Row, Slider, Spec, Text, TextField, TextFieldVariant,
    TextVariant,
};
pub use event::Event;
pub use result::{a2ui_error_result, a2ui_result, stream_text};
pub use surface::{SurfaceBuilder, Updates, delete_surface};
pub use value::{Call, Check, Dynamic};
pub use verify::{VerifiedEvent, check_event_inputs, verify_event_call};
