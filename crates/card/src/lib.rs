//! Declarative MCP App cards: the `McpApp` format, a mirror of Adaptive Cards 1.6 whose real
//! cards are accepted too.
//!
//! ```
//! use mcpapp_card::{Code, InputValue, InputValues, prepare_submit, tool_call};
//!
//! let parsed = mcpapp_card::parse_str(r#"{
//!     "type": "McpApp",
//!     "body": [
//!         {"type": "TextBlock", "text": "Why cancel?", "blink": true},
//!         {"type": "Input.Text", "id": "reason", "isRequired": true}
//!     ],
//!     "actions": [{"type": "Action.Submit", "title": "Cancel booking",
//!                  "data": {"mcp_tool_name": "cancel_booking", "booking_id": "FL-1"}}]
//! }"#);
//! // Findings come with a stable code and a place; an unknown property is kept, not an error.
//! let finding = &parsed.diagnostics[0];
//! assert_eq!((finding.code, finding.pointer.as_str()), (Code::UnknownProperty, "/body/0/blink"));
//! assert_eq!(finding.line, Some(4));
//! let card = parsed.into_valid().unwrap(); // the card, unless a finding is an error
//!
//! // The user's input, checked by the card's rules and merged into the action's data.
//! let action = &card.actions[0];
//! let mut values = InputValues::initial(&card);
//! assert!(prepare_submit(&[&card], action, &values).is_err()); // `reason` is required
//! values.set("reason", InputValue::Text("Plans changed".into()));
//! let data = prepare_submit(&[&card], action, &values)?;
//!
//! // The MCP `tools/call` the submit becomes.
//! let call = tool_call(action, data)?;
//! assert_eq!(call.name, "cancel_booking");
//! assert_eq!(call.arguments["booking_id"], "FL-1");
//! assert_eq!(call.arguments["reason"], "Plans changed");
//! # Ok::<(), mcpapp_card::SubmitError>(())
//! ```
//!
//! - [`parse`], [`parse_str`], [`parse_value`] read a card and return it with
//!   [`Diagnostic`]s: severity, a stable [`Code`], a JSON pointer, line and column. Unknown
//!   elements fall back or are dropped with a warning; nothing panics, whatever the input.
//! - [`model`] holds the card types; they serialize back to the card format and describe it
//!   as JSON Schema ([`card_schema`]).
//! - [`InputValues`] is the state of a card's inputs, [`CardState`] the whole view state (inputs,
//!   toggled visibility, expanded `ShowCard`s, carousel pages) that hosts save and restore; [`validate_input`] and
//!   [`prepare_submit`] apply the card's input rules and merge values into an action's data as
//!   the official renderer does; [`tool_call`] turns that into an MCP tool call.
//! - [`parse_template`] fills a card template with data (the [`template`] crate,
//!   re-exported) and reads the result.
//!
//! This crate knows nothing of GUIs, async or I/O.

pub mod builder;
pub mod diagnostic;
pub mod elicitation;
pub mod enums;
mod error;
pub mod form;
pub mod host_config;
pub mod model;
mod parse;
pub mod rules;
mod schema;
mod state;
mod submit;
mod templating;
mod text;
mod values;
mod walk;

pub use builder::CardBuilder;
pub use diagnostic::{Code, Diagnostic, Severity};
pub use error::Error;
pub use host_config::HostConfig;
pub use mcpapp_template as template;
pub use model::{Action, Card, Element};
pub use parse::{
    Limits, Parsed, Parser, SUPPORTED_VERSION, check, json_type, parse, parse_str, parse_value,
};
pub use schema::{card_schema, diagnostics_schema, input_values_schema};
pub use state::CardState;
pub use submit::{
    RESERVED_DATA_KEYS, SubmitError, TOOL_NAME_KEY, ToolCall, merge_inputs, prepare_submit,
    tool_call,
};
pub use templating::parse_template;
pub use text::text_fallback;
pub use values::{
    InputError, InputValue, InputValues, format_number, submitted_value, validate_input,
    value_from_text,
};
pub use walk::children;
