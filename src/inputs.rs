//! The files `mcpapp validate` and `mcpapp preview` take, and the format they are read as.

use std::path::PathBuf;

use mcpapp_preview::Format;

/// The card or A2UI files a command reads.
#[derive(Debug, clap::Args)]
pub struct Inputs {
    /// Card or A2UI files. A2UI (one message, an array, JSONL, the examples'
    /// `{"name", "messages"}` wrapper) is recognised by its content or a `.a2ui.json` /
    /// `.jsonl` name. `validate` reads standard input for `-`; `preview` reads each file again
    /// when it changes, and one window shows cards or A2UI streams, not both.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Read every FILE as this format instead of recognising it: card or a2ui.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub format: Option<Format>,
}
