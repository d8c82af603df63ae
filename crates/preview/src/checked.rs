//! A card or A2UI file checked without a window, the way every `mcpapp` file command reads it
//! (`validate`, `render`): a card (or a card template filled with data) by the card reader, an
//! A2UI input as a stream by the A2UI processor.

use std::io::{self, Write};

use mcpapp_render::write_findings;
use serde::Serialize;
use serde_json::Value;

use crate::options::Format;

/// A file's findings, in its format's own shape; serialized as the list of them.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Findings {
    /// A card's.
    Card(Vec<mcpapp_card::Diagnostic>),
    /// An A2UI stream's.
    A2ui(Vec<mcpapp_a2ui::Diagnostic>),
}

impl Findings {
    /// Writes them like a compiler ([`mcpapp_render::write_findings`]), informational ones
    /// only when `verbose`; returns how many errors and warnings were written.
    pub fn write(
        &self,
        out: &mut impl Write,
        file: &str,
        verbose: bool,
    ) -> io::Result<(usize, usize)> {
        match self {
            Self::Card(found) => write_findings(out, file, found, verbose),
            Self::A2ui(found) => write_findings(out, file, found, verbose),
        }
    }
}

/// What checking a file found.
#[derive(Debug, Clone, PartialEq)]
pub struct Checked {
    /// Whether it is valid: a card without errors, a stream that broke no rule.
    pub valid: bool,
    /// What was found.
    pub findings: Findings,
}

/// Checks the content of a file in `format`: a card filled with `data` first when there is
/// some (A2UI carries its data in its messages: `data` is not used).
pub fn check(bytes: &[u8], format: Format, data: Option<&Value>) -> Checked {
    match format {
        Format::A2ui => {
            let report = process_stream(bytes);
            Checked {
                valid: report.is_ok(),
                findings: Findings::A2ui(report.diagnostics),
            }
        }
        Format::Card => {
            let parsed = parse_card(bytes, data);
            Checked {
                valid: parsed.is_valid(),
                findings: Findings::Card(parsed.diagnostics),
            }
        }
    }
}

/// A card read, or a card template filled with `data` first.
pub fn parse_card(bytes: &[u8], data: Option<&Value>) -> mcpapp_card::Parsed {
    match data {
        Some(data) => mcpapp_card::parse_template(bytes, data),
        None => mcpapp_card::parse(bytes),
    }
}

/// An A2UI input processed as a stream (a lone message checked); bytes that are not UTF-8 are
/// replaced, and then reported by the JSON reader where they break it.
pub fn process_stream(bytes: &[u8]) -> mcpapp_a2ui::Report {
    mcpapp_a2ui::process_str(&String::from_utf8_lossy(bytes))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "tests")]

    use super::*;

    #[test]
    fn a_card_template_is_filled_before_it_is_checked() {
        let template = br#"{"type": "McpApp", "body": [{"type": "TextBlock", "text": "${name}"}]}"#;
        let data = serde_json::json!({"name": "Oslo"});
        let checked = check(template, Format::Card, Some(&data));
        assert!(checked.valid, "{checked:?}");
        let card = parse_card(template, Some(&data)).card.unwrap();
        assert!(mcpapp_card::text_fallback(&card).contains("Oslo"));
    }

    #[test]
    fn a_broken_stream_is_invalid_and_its_findings_are_written() {
        let checked = check(
            b"{\"version\": \"v0.9\", \"nope\": {}}\xff",
            Format::A2ui,
            None,
        );
        assert!(!checked.valid);
        assert!(matches!(&checked.findings, Findings::A2ui(found) if !found.is_empty()));
        let mut out = Vec::new();
        let (errors, _) = checked.findings.write(&mut out, "s.jsonl", false).unwrap();
        assert!(errors > 0);
        assert!(String::from_utf8(out).unwrap().starts_with("s.jsonl"));
        let json = serde_json::to_value(&checked.findings).unwrap();
        assert!(json.is_array());
    }
}
