//! Checking and processing a whole input: its form is recognised, a lone message is checked
//! as a message, anything else is processed as a stream (in order, on one processor) and
//! its surfaces' structure checked at the end. Findings are placed (line, column) in the
//! source text.

use serde_json::Value;

use crate::diagnostic::{Code, Diagnostic};
use crate::input::{InputForm, Origin, read};
use crate::limits::{Limits, MAX_DIAGNOSTICS};
use crate::locate::{line_column, offset_of};
use crate::pointer::Pointer;
use crate::processor::{Processor, check_client_message, check_message};

/// The most findings placed at a line and column (placing costs a scan of the message).
const MAX_LOCATED: usize = 200;

/// What processing an input gave.
#[derive(Debug, Clone)]
pub struct Report {
    /// The input's form (`None`: it could not be read at all).
    pub form: Option<InputForm>,
    /// How many messages it had.
    pub messages: usize,
    /// Every finding, in stream order, the stream's structural ones last.
    pub diagnostics: Vec<Diagnostic>,
    /// The surfaces the stream built (empty for a lone message).
    pub processor: Processor,
}

impl Report {
    /// The error findings.
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics.iter().filter(|d| d.is_error())
    }

    /// Whether there is no error finding.
    #[must_use]
    pub fn is_ok(&self) -> bool {
        self.errors().next().is_none()
    }
}

/// Reads and processes an input with the default [`Limits`]. See the module docs.
#[must_use]
pub fn process_str(text: &str) -> Report {
    process_str_with(text, Limits::default())
}

/// Reads and processes an input with other bounds.
pub fn process_str_with(text: &str, limits: Limits) -> Report {
    let input = read(text, &limits);
    let mut processor = Processor::with_limits(limits);
    let form = input.form;
    let messages = input.messages.len();
    let origins: Vec<Origin> = input.messages.iter().map(|(_, o)| o.clone()).collect();
    let mut diagnostics = if form == Some(InputForm::Message) {
        let mut found = input.diagnostics;
        if let Some((value, _)) = input.messages.first() {
            let checked = if is_client_message(value) {
                check_client_message(value)
            } else {
                check_message(value)
            };
            found.extend(checked.into_iter().map(|d| d.in_message(0)));
        }
        found
    } else {
        processor.apply_read(input)
    };
    diagnostics.extend(processor.finish());
    cap(&mut diagnostics);
    place(text, &origins, &mut diagnostics);
    Report {
        form,
        messages,
        diagnostics,
        processor,
    }
}

impl Processor {
    /// Reads messages from text in any of the input forms (one message, an array, JSONL, the
    /// examples' wrapper) and applies each in order, as a transport delivers them; findings
    /// are placed in `text`. The structural checks of [`Processor::finish`] are left to the
    /// caller, for when the stream is complete.
    pub fn apply_str(&mut self, text: &str) -> Vec<Diagnostic> {
        let input = read(text, self.limits());
        let origins: Vec<Origin> = input.messages.iter().map(|(_, o)| o.clone()).collect();
        let mut diagnostics = self.apply_read(input);
        cap(&mut diagnostics);
        place(text, &origins, &mut diagnostics);
        diagnostics
    }

    fn apply_read(&mut self, input: crate::input::Read) -> Vec<Diagnostic> {
        let mut diagnostics = input.diagnostics;
        for (i, (value, _)) in input.messages.into_iter().enumerate() {
            diagnostics.extend(self.apply_value(value, Some(i)));
            if diagnostics.len() > MAX_DIAGNOSTICS {
                break;
            }
        }
        diagnostics
    }
}

/// At most [`MAX_DIAGNOSTICS`] findings, and one saying the rest were left out.
fn cap(diagnostics: &mut Vec<Diagnostic>) {
    if diagnostics.len() > MAX_DIAGNOSTICS {
        diagnostics.truncate(MAX_DIAGNOSTICS);
        diagnostics.push(Diagnostic::new(
            Code::TooManyDiagnostics,
            "",
            format!("more than {MAX_DIAGNOSTICS} findings: the rest are not listed"),
        ));
    }
}

/// Fills in line and column where the finding's message and pointer lead in the text.
fn place(text: &str, origins: &[Origin], diagnostics: &mut [Diagnostic]) {
    for d in diagnostics
        .iter_mut()
        .filter(|d| d.line.is_none())
        .take(MAX_LOCATED)
    {
        let Some(origin) = d.message_index.and_then(|i| origins.get(i)) else {
            continue;
        };
        let Ok(inner) = Pointer::parse(&d.pointer) else {
            continue;
        };
        match origin {
            Origin::Pointer(prefix) => {
                let Ok(outer) = Pointer::parse(prefix) else {
                    continue;
                };
                let mut tokens = outer.tokens().to_vec();
                tokens.extend(inner.tokens().iter().cloned());
                if let Some(offset) = offset_of(text, &tokens) {
                    let (line, column) = line_column(text, offset);
                    d.line = Some(line);
                    d.column = Some(column);
                }
            }
            Origin::Line(line, start) => {
                let rest = text.get(*start..).unwrap_or_default();
                let line_text = rest.split('\n').next().unwrap_or_default();
                if let Some(offset) = offset_of(line_text, inner.tokens()) {
                    d.line = Some(*line);
                    d.column = Some(line_column(line_text, offset).1);
                }
            }
        }
    }
}

/// Whether a JSON value is a lone client-to-server message (`action` or `error`).
#[must_use]
pub fn is_client_message(value: &Value) -> bool {
    value.get("action").is_some() || value.get("error").is_some()
}
