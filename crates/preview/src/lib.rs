//! A live preview for authors of MCP App cards and A2UI streams.
//!
//! It shows a card as a host draws it (at chat widths, in the built-in themes or a host
//! config file, locked or not), or every surface an A2UI stream builds; re-reads the files as
//! they are saved; lists the diagnostics and shows each one in the source; fills card
//! templates with data that can be edited; and shows what an action would send (a card's
//! `tools/call`, an A2UI event's `action` message and the `tools/call` a host makes of it),
//! without sending anything or opening any link.
//!
//! [`PreviewWidget`] is the whole preview in any `egui::Ui` of an embedder's;
//! [`PreviewApp`] is it in a window of its own, which [`run`] opens (`mcpapp preview`):
//!
//! ```no_run
//! use mcpapp_preview::{PreviewOptions, ThemeChoice};
//!
//! let mut options = PreviewOptions::new(vec!["card.json".into()]);
//! options.theme = Some(ThemeChoice::Dark);
//! mcpapp_preview::run(&options)?;
//! # Ok::<(), mcpapp_preview::PreviewError>(())
//! ```
//!
//! One window shows one kind of document ([`CardDocument`] or [`StreamDocument`], both
//! [`Previewed`]), so the panels, the inspector and the live reload exist once for both.

mod app;
mod card;
mod checked;
mod data;
mod diagnostics;
mod error;
mod file;
mod inspector;
mod kind;
mod options;
mod pretty;
mod screenshot;
mod settings;
mod source;
mod stream;
#[cfg(test)]
mod test_files;
mod validation;
mod watcher;
mod widget;

pub use app::{Preview, PreviewApp, run};
pub use card::CardDocument;
pub use checked::{Checked, Findings, check, parse_card, process_stream};
pub use data::TemplateData;
pub use error::PreviewError;
pub use file::WatchedFile;
pub use kind::{Finding, Logged, Place, Previewed};
pub use options::{Format, PreviewOptions, ScreenshotOptions, Setup};
pub use pretty::PrettyJson;
pub use screenshot::{Outcome, Screenshot, save_png};
pub use settings::{HostConfigFile, ThemeChoice, Themes, WidthPreset};
pub use stream::StreamDocument;
pub use validation::{FileReport, ValidationReport};
pub use widget::PreviewWidget;
