//! A2UI v0.9, natively: the messages of Google's declarative agent-UI format as Rust types, a
//! processor that applies a stream of them to surface models, the basic catalog's components
//! and functions, and diagnostics that agree with the official JSON schemas.

pub mod catalog;
mod data;
mod diagnostic;
mod dynamic;
mod error;
mod limits;
mod message;
mod pointer;
pub mod schema;

pub use data::{DataModel, MAX_INDEX_GAP};
pub use diagnostic::{Code, Diagnostic, Severity};
pub use dynamic::{Action, CheckRule, ChildList, DynamicValue, FunctionCall};
pub use error::A2uiError;
pub use limits::*;
pub use message::{
    ActionMessage, ClientMessage, Component, CreateSurface, DeleteSurface, ErrorMessage,
    SERVER_KINDS, ServerMessage, UpdateComponents, UpdateDataModel, VALIDATION_FAILED, VERSION,
};
pub use pointer::Pointer;
