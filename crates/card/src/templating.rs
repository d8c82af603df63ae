//! Card templates: a card with `${...}` bindings, filled with data (a tool result's
//! `structuredContent`) and then read like any card.

use serde_json::Value;

use crate::diagnostic::{Code, Diagnostic};
use crate::parse::{Parsed, Parser};
use mcpapp_template::{ExpandOptions, expand_with};

impl Parser {
    /// Expands the card template in `source` (JSON text) with `data` as `$root`, then reads
    /// the result. Findings about the template itself (its syntax, an expression that fails)
    /// carry positions in `source`; findings about the expanded card carry pointers into the
    /// expanded card and say so.
    pub fn parse_template(&self, source: &[u8], data: &Value) -> Parsed {
        self.parse_template_with(source, data, &ExpandOptions::default())
    }

    /// [`Parser::parse_template`] with expansion options (host data, a fixed clock, limits).
    pub fn parse_template_with(
        &self,
        source: &[u8],
        data: &Value,
        options: &ExpandOptions<'_>,
    ) -> Parsed {
        let template = match self.read_json(source) {
            Ok(value) => value,
            Err(diagnostics) => {
                return Parsed {
                    card: None,
                    diagnostics,
                };
            }
        };
        let text = String::from_utf8_lossy(source);
        match expand_with(&template, data, options) {
            Err(e) => {
                let mut d = Diagnostic::new(
                    Code::TemplateError,
                    e.pointer(),
                    format!("the template cannot be expanded: {e}"),
                );
                crate::parse::locate_all(&text, std::slice::from_mut(&mut d));
                Parsed {
                    card: None,
                    diagnostics: vec![d],
                }
            }
            Ok(expansion) => {
                let mut template_findings: Vec<Diagnostic> = expansion
                    .warnings
                    .into_iter()
                    .map(|w| Diagnostic::new(Code::TemplateUnresolved, w.pointer, w.message))
                    .collect();
                crate::parse::locate_all(&text, &mut template_findings);
                let mut parsed = self.parse_value(expansion.value);
                for d in &mut parsed.diagnostics {
                    d.message.push_str(" (in the expanded card)");
                }
                template_findings.append(&mut parsed.diagnostics);
                parsed.diagnostics = template_findings;
                parsed
            }
        }
    }
}

/// Expands a card template with data and reads the result, with the default limits. See
/// [`Parser::parse_template`].
pub fn parse_template(source: &[u8], data: &Value) -> Parsed {
    Parser::new().parse_template(source, data)
}
