//! A2UI inputs of the file commands (`validate`, `render`, `snapshot`, `preview`): which
//! format a file is in, and A2UI findings printed the way card findings are.
//!
//! A file is A2UI when `--format a2ui` says so, when its name ends in `.a2ui.json` or
//! `.jsonl`, or when its content is A2UI server messages ([`mcpapp_a2ui::mcp::is_a2ui`]: one
//! message, an array of them, the examples' `{"name", "messages": [...]}` wrapper) or JSONL
//! whose first line is such a message. Anything else is a card.

use std::io::{self, Write};
use std::path::Path;

use mcpapp_a2ui::{Diagnostic, Severity};

pub use mcpapp_preview::Format;

/// The format of a file: `forced` when given, else [`Format::detect`] (its name, else its
/// content).
pub fn detect(path: &Path, bytes: &[u8], forced: Option<Format>) -> Format {
    forced.unwrap_or_else(|| Format::detect(path, bytes))
}

/// Reads an A2UI input (bytes that are not UTF-8 are replaced, and then reported by the
/// JSON reader where they break it) and processes it as a stream, or checks a lone message.
pub fn process(bytes: &[u8]) -> mcpapp_a2ui::Report {
    mcpapp_a2ui::process_str(&String::from_utf8_lossy(bytes))
}

/// Prints A2UI findings like a compiler (`file:line:col: severity[code]: …`), informational
/// ones only when `verbose`, and returns how many errors and warnings it printed.
pub fn write_diagnostics(
    out: &mut impl Write,
    file: &str,
    diagnostics: &[Diagnostic],
    verbose: bool,
) -> io::Result<(usize, usize)> {
    let (mut errors, mut warnings) = (0usize, 0usize);
    for d in diagnostics {
        match d.severity {
            Severity::Error => errors += 1,
            Severity::Warning => warnings += 1,
            Severity::Info if !verbose => continue,
            Severity::Info => {}
        }
        let sep = if d.line.is_some() { ":" } else { ": " };
        writeln!(out, "{file}{sep}{d}")?;
    }
    Ok((errors, warnings))
}

/// A surface id made safe for a file name: ASCII letters, digits, `-` and `_` kept, anything
/// else `_`, at most 64 characters (ids come from agents).
pub fn file_safe(id: &str) -> String {
    let safe: String = id
        .chars()
        .take(64)
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if safe.is_empty() {
        "surface".to_owned()
    } else {
        safe
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn surface_ids_become_safe_file_names() {
        assert_eq!(file_safe("main-surface_1"), "main-surface_1");
        assert_eq!(file_safe("../../etc/passwd"), "______etc_passwd");
        assert_eq!(file_safe(""), "surface");
        assert_eq!(file_safe(&"x".repeat(100)).len(), 64);
    }
}
