//! Reading a card from bytes, text or a JSON value, with diagnostics.
//!
//! The steps, each cheap and each bounded: the byte limit → UTF-8 → one streaming pass that
//! reads the JSON straight into the model (serde visitors, no intermediate tree), applying the
//! other limits (depth, strings, element count) and the local rules (types, enums, URLs,
//! regexes, ranges) as it goes → the card-wide rules (unique ids, inputs shadowing data) →
//! line and column numbers, only when there is something to report.

#[macro_use]
mod lenient;
#[macro_use]
mod fields;
mod action;
mod card;
mod card_wide;
mod common;
mod element;
mod input;
mod limits;
mod locate;
mod object;
mod places;
mod props;
mod reader;
mod scalars;
mod seeds;

use serde::de::DeserializeSeed;
use serde_json::Value;

pub use card::SUPPORTED_VERSION;
pub use limits::Limits;

use crate::diagnostic::{Code, Diagnostic};
use crate::model::Card;
use card::CardSeed;
use card_wide::card_wide_rules;
use reader::Ctx;

/// The outcome of reading a card: the card (unless it could not be read at all) and every
/// finding about it.
#[derive(Debug, Clone, PartialEq)]
pub struct Parsed {
    /// The card as far as it could be read: unknown elements dropped or replaced by their
    /// fallbacks, invalid properties left out.
    pub card: Option<Card>,
    /// The findings, in document order where positions are known.
    pub diagnostics: Vec<Diagnostic>,
}

impl Parsed {
    /// Whether the card was read and nothing in it is an error (warnings are fine).
    pub fn is_valid(&self) -> bool {
        self.card.is_some() && !self.has_errors()
    }

    /// Whether any finding is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }

    /// The findings that are errors.
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics.iter().filter(|d| d.is_error())
    }

    /// The card, if it is valid.
    pub fn into_valid(self) -> Result<Card, Vec<Diagnostic>> {
        match self.card {
            Some(card) if !self.diagnostics.iter().any(Diagnostic::is_error) => Ok(card),
            _ => Err(self.diagnostics),
        }
    }

    fn failed(diagnostic: Diagnostic) -> Self {
        Self {
            card: None,
            diagnostics: vec![diagnostic],
        }
    }
}

/// Reads cards with a given set of limits.
#[derive(Debug, Clone, Default)]
pub struct Parser {
    limits: Limits,
}

impl Parser {
    /// A parser with the default limits.
    pub fn new() -> Self {
        Self::default()
    }

    /// Uses other limits.
    #[must_use]
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Reads a card from bytes, which must be UTF-8 JSON.
    pub fn parse(&self, bytes: &[u8]) -> Parsed {
        if bytes.len() > self.limits.max_bytes {
            return Parsed::failed(Diagnostic::new(
                Code::TooLarge,
                "",
                format!(
                    "the card is {} bytes, more than the limit of {} bytes",
                    bytes.len(),
                    self.limits.max_bytes
                ),
            ));
        }
        match std::str::from_utf8(bytes) {
            Ok(text) => self.parse_str(text),
            Err(e) => {
                let valid = bytes.get(..e.valid_up_to()).unwrap_or_default();
                let line = valid.split(|b| *b == b'\n').count();
                let line_start = valid.iter().rposition(|b| *b == b'\n').map_or(0, |i| i + 1);
                let column = String::from_utf8_lossy(valid.get(line_start..).unwrap_or_default())
                    .chars()
                    .count()
                    + 1;
                let mut d = Diagnostic::new(
                    Code::InvalidUtf8,
                    "",
                    format!(
                        "the card is not UTF-8 text (bad byte at offset {})",
                        e.valid_up_to()
                    ),
                );
                d.line = Some(line);
                d.column = Some(column);
                Parsed::failed(d)
            }
        }
    }

    /// Reads a card from JSON text.
    pub fn parse_str(&self, text: &str) -> Parsed {
        if text.len() > self.limits.max_bytes {
            return self.parse(text.as_bytes());
        }
        let mut positions = Vec::new();
        let mut parsed = self.read_text(text, &mut positions);
        locate::place(text, &mut parsed.diagnostics, &positions);
        sort_by_position(&mut parsed.diagnostics);
        parsed
    }

    /// Reads a card from a JSON value (a tool result's `structuredContent`, say). Findings have
    /// pointers but no line numbers.
    pub fn parse_value(&self, value: Value) -> Parsed {
        let mut cx = Ctx::new(self.limits);
        let mut parsed = Parsed {
            card: None,
            diagnostics: Vec::new(),
        };
        let read = CardSeed {
            cx: &mut cx,
            is_root: true,
            out: &mut parsed.card,
        }
        .deserialize(value);
        match read {
            Ok(()) => {
                finish(cx, &mut parsed);
                parsed
            }
            Err(e) => Parsed::failed(cx.aborted.take().unwrap_or_else(|| {
                Diagnostic::new(
                    Code::InvalidRoot,
                    "",
                    format!("the card cannot be read: {e}"),
                )
            })),
        }
    }
}

impl Parser {
    /// Reads a card from JSON text: the outcome without line numbers, and in `positions`
    /// where the read placed each finding in the text.
    fn read_text(&self, text: &str, positions: &mut Vec<locate::Position>) -> Parsed {
        let mut cx = Ctx::for_text(self.limits, text);
        // The card is read in place, into the outcome handed back.
        let mut parsed = Parsed {
            card: None,
            diagnostics: Vec::new(),
        };
        let mut de = serde_json::Deserializer::from_str(text);
        let read = CardSeed {
            cx: &mut cx,
            is_root: true,
            out: &mut parsed.card,
        }
        .deserialize(&mut de)
        .and_then(|()| de.end());
        match read {
            Ok(()) => *positions = finish(cx, &mut parsed),
            Err(e) => {
                parsed.card = None;
                parsed.diagnostics =
                    vec![cx.aborted.take().unwrap_or_else(|| json_error(text, &e))];
            }
        }
        parsed
    }

    /// Reads JSON text as a plain value (a template, say), with the byte limit and UTF-8 and
    /// syntax findings a card would get.
    pub(crate) fn read_json(&self, bytes: &[u8]) -> Result<Value, Vec<Diagnostic>> {
        if bytes.len() > self.limits.max_bytes {
            return Err(self.parse(bytes).diagnostics);
        }
        let text = std::str::from_utf8(bytes).map_err(|_| self.parse(bytes).diagnostics)?;
        serde_json::from_str(text).map_err(|e| vec![json_error(text, &e)])
    }
}

/// Fills in line and column numbers of findings whose pointers are found in `source`.
pub(crate) fn locate_all(source: &str, diagnostics: &mut [Diagnostic]) {
    locate::locate(source, diagnostics);
}

/// The card-wide rules, then the findings into the outcome; where the read placed each.
fn finish(mut cx: Ctx, parsed: &mut Parsed) -> Vec<locate::Position> {
    card_wide_rules(&mut cx);
    let (diagnostics, positions) = cx.into_findings();
    parsed.diagnostics = diagnostics;
    positions
}

/// A JSON value's type as messages name it: `null`, `a boolean`, `a number`, `a string`, `an
/// array`, `an object`.
pub fn json_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Reads a card from bytes with the default limits. See [`Parser::parse`].
pub fn parse(bytes: &[u8]) -> Parsed {
    Parser::new().parse(bytes)
}

/// Reads a card from JSON text with the default limits. See [`Parser::parse_str`].
pub fn parse_str(text: &str) -> Parsed {
    Parser::new().parse_str(text)
}

/// Reads a card from a JSON value with the default limits. See [`Parser::parse_value`].
pub fn parse_value(value: Value) -> Parsed {
    Parser::new().parse_value(value)
}

/// Checks a card built in code (by a server, say) by the same rules as a card read from JSON.
/// Pointers refer to the card's JSON form.
pub fn check(card: &Card) -> Vec<Diagnostic> {
    match serde_json::to_value(card) {
        Ok(value) => parse_value(value).diagnostics,
        Err(e) => vec![Diagnostic::new(
            Code::InvalidProperty,
            "",
            format!("the card cannot be written as JSON: {e}"),
        )],
    }
}

/// The finding for a JSON error in `text`, at the position `serde_json` gives.
fn json_error(text: &str, e: &serde_json::Error) -> Diagnostic {
    let error = e.to_string();
    // serde_json appends " at line L column C"; we carry those as fields.
    let message = error
        .rfind(" at line ")
        .and_then(|i| error.get(..i))
        .unwrap_or(&error)
        .to_owned();
    let code = if message.contains("recursion limit exceeded") {
        Code::TooDeep
    } else {
        Code::JsonSyntax
    };
    let message = if code == Code::TooDeep {
        "objects and arrays nest too deeply".to_owned()
    } else {
        format!("the card is not valid JSON: {message}")
    };
    let mut d = Diagnostic::new(code, "", message);
    if e.line() > 0 {
        d.line = Some(e.line());
        d.column = Some(char_column(text, e.line(), e.column()));
    }
    d
}

/// The 1-based character column of a `serde_json` column on `line` (1-based) of `text`:
/// `serde_json` counts bytes, findings count characters (as `locate` does).
fn char_column(text: &str, line: usize, byte_column: usize) -> usize {
    let line = text
        .split('\n')
        .nth(line.saturating_sub(1))
        .unwrap_or_default()
        .as_bytes();
    // The characters that start within the first `byte_column` bytes.
    line.get(..byte_column)
        .unwrap_or(line)
        .iter()
        .filter(|b| **b & 0xC0 != 0x80)
        .count()
        .max(1)
}

fn sort_by_position(diagnostics: &mut [Diagnostic]) {
    diagnostics.sort_by_key(|d| (d.line.unwrap_or(usize::MAX), d.column.unwrap_or(usize::MAX)));
}
