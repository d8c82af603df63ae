//! A2UI v0.9, natively: the messages of Google's declarative agent-UI format as Rust types, a
//! processor that applies a stream of them to surface models, the basic catalog's components
//! and functions, and diagnostics that agree with the official JSON schemas.
//!
//! ```
//! use mcpapp_a2ui::{Pointer, process_str};
//!
//! let stream = r#"
//! {"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}
//! {"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [{"id": "root", "component": "Text", "text": {"path": "/greeting"}}]}}
//! {"version": "v0.9", "updateDataModel": {"surfaceId": "s", "path": "/greeting", "value": "Hello"}}
//! "#;
//! let report = process_str(stream);
//! assert!(report.is_ok(), "{:?}", report.diagnostics);
//! let surface = report.processor.surface("s").unwrap();
//! let root = surface.tree().root.unwrap();
//! assert_eq!(surface.property(&root.id, "text", &root.scope).unwrap(), "Hello");
//! ```
//!
//! The invariant: every input, however hostile, ends in a [`Report`] (findings with stable
//! codes) and bounded surfaces; nothing panics, recurses without a bound or allocates past
//! the [`Limits`].

pub mod catalog;
mod coerce;
mod data;
mod diagnostic;
mod dynamic;
mod error;
pub mod functions;
mod input;
mod limits;
mod lint;
mod locate;
pub mod mcp;
mod message;
mod pointer;
mod processor;
mod resolve;
pub mod schema;
mod stream;
mod structure;
mod surface;
mod text;
mod tree;
mod url_check;

pub use coerce::{number_text, to_bool, to_number, to_number_opt, to_text};
pub use data::{DataModel, MAX_INDEX_GAP};
pub use diagnostic::{Code, Diagnostic, MAX_MESSAGE_CHARS, Severity};
pub use dynamic::{Action, CheckRule, ChildList, DynamicValue, FunctionCall};
pub use error::A2uiError;
pub use input::InputForm;
pub use limits::*;
pub use message::{
    ActionMessage, ClientMessage, Component, CreateSurface, DeleteSurface, ErrorMessage,
    SERVER_KINDS, ServerMessage, UpdateComponents, UpdateDataModel, VALIDATION_FAILED, VERSION,
};
pub use pointer::Pointer;
pub use processor::{Processor, check_client_message, check_message};
pub use resolve::Context;
pub use stream::{Report, is_client_message, process_str, process_str_with};
pub use surface::{CheckOutcome, Fired, Surface, VALIDATION_REGEXP_MESSAGE};
pub use text::{MAX_LINE_CHARS, MAX_LINES, button_label, text_fallback};
pub use tree::{Child, Cut, Node, Tree};
pub use url_check::{ALLOWED_SCHEMES, check_url};
