//! The forms an A2UI input comes in: one message, a JSON array of messages, JSONL (one
//! message a line), or the official examples' `{"name", "messages": [...]}` wrapper.

use serde_json::Value;

use crate::diagnostic::{Code, Diagnostic};
use crate::limits::{Limits, MAX_PARSE_MEMORY, parse_memory};
use crate::message::SERVER_KINDS;

/// Which form the input had.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputForm {
    /// A single message (checked on its own).
    Message,
    /// A JSON array of messages.
    Array,
    /// `{"messages": [...]}` (with `name`, `description`, …).
    Wrapper,
    /// One message per line.
    Jsonl,
}

/// Where a message sits in the input, to place findings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Origin {
    /// Inside the document at this pointer (`""`, `/3`, `/messages/3`).
    Pointer(String),
    /// On this line (1-based) of a JSONL input, starting at this byte offset.
    Line(usize, usize),
}

/// The messages read, and what went wrong reading them.
#[derive(Debug, Default)]
pub(crate) struct Read {
    pub(crate) form: Option<InputForm>,
    pub(crate) messages: Vec<(Value, Origin)>,
    pub(crate) diagnostics: Vec<Diagnostic>,
}

pub(crate) fn read(text: &str, limits: &Limits) -> Read {
    let mut read = Read::default();
    if text.len() > limits.max_input_bytes {
        read.diagnostics.push(Diagnostic::new(
            Code::TooLarge,
            "",
            format!(
                "the input has {} bytes; the limit is {}",
                text.len(),
                limits.max_input_bytes
            ),
        ));
        return read;
    }
    let memory = parse_memory(text);
    if memory > MAX_PARSE_MEMORY {
        read.diagnostics.push(Diagnostic::new(
            Code::TooLarge,
            "",
            format!(
                "reading the input would take about {} MiB; the limit is {} MiB",
                memory >> 20,
                MAX_PARSE_MEMORY >> 20
            ),
        ));
        return read;
    }
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Array(items)) => {
            read.form = Some(InputForm::Array);
            read.messages = items
                .into_iter()
                .enumerate()
                .map(|(i, v)| (v, Origin::Pointer(format!("/{i}"))))
                .collect();
        }
        Ok(Value::Object(mut object)) if is_wrapper(&object) => {
            read.form = Some(InputForm::Wrapper);
            if let Some(Value::Array(items)) = object.remove("messages") {
                read.messages = items
                    .into_iter()
                    .enumerate()
                    .map(|(i, v)| (v, Origin::Pointer(format!("/messages/{i}"))))
                    .collect();
            }
        }
        Ok(value) => {
            read.form = Some(InputForm::Message);
            read.messages.push((value, Origin::Pointer(String::new())));
        }
        Err(_) if looks_like_jsonl(text) => read_jsonl(text, &mut read),
        Err(e) => read.diagnostics.push(syntax(&e, 0)),
    }
    if read.messages.len() > limits.max_messages {
        read.diagnostics.push(Diagnostic::new(
            Code::TooManyMessages,
            "",
            format!(
                "the stream has {} messages; only the first {} are read",
                read.messages.len(),
                limits.max_messages
            ),
        ));
        read.messages.truncate(limits.max_messages);
    }
    read
}

fn is_wrapper(object: &serde_json::Map<String, Value>) -> bool {
    object.get("messages").is_some_and(Value::is_array)
        && !SERVER_KINDS.iter().any(|k| object.contains_key(*k))
}

/// JSONL: several lines, the first non-blank one a JSON value on its own.
fn looks_like_jsonl(text: &str) -> bool {
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let first = lines.next();
    lines.next().is_some() && first.is_some_and(|l| serde_json::from_str::<Value>(l).is_ok())
}

fn read_jsonl(text: &str, read: &mut Read) {
    read.form = Some(InputForm::Jsonl);
    let mut offset = 0;
    for (i, line) in text.split('\n').enumerate() {
        let start = offset;
        offset += line.len() + 1;
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<Value>(line) {
            Ok(value) => read.messages.push((value, Origin::Line(i + 1, start))),
            Err(e) => read.diagnostics.push(syntax(&e, i)),
        }
    }
}

/// A JSON reading error, on the line after `lines_before` lines.
fn syntax(error: &serde_json::Error, lines_before: usize) -> Diagnostic {
    let too_deep = error.to_string().contains("recursion limit");
    let mut d = Diagnostic::new(
        if too_deep {
            Code::TooDeep
        } else {
            Code::JsonSyntax
        },
        "",
        if too_deep {
            "the JSON nests deeper than 128 levels".to_owned()
        } else {
            error.to_string()
        },
    );
    d.line = Some(error.line() + lines_before);
    d.column = Some(error.column());
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(text: &str) -> (Option<InputForm>, usize, usize) {
        let r = read(text, &Limits::default());
        (r.form, r.messages.len(), r.diagnostics.len())
    }

    #[test]
    fn tells_the_forms_apart() {
        let one = r#"{"version": "v0.9", "deleteSurface": {"surfaceId": "s"}}"#;
        assert_eq!(form(one), (Some(InputForm::Message), 1, 0));
        assert_eq!(
            form(&format!("[{one}, {one}]")),
            (Some(InputForm::Array), 2, 0)
        );
        assert_eq!(
            form(&format!(r#"{{"name": "x", "messages": [{one}]}}"#)),
            (Some(InputForm::Wrapper), 1, 0)
        );
        assert_eq!(
            form(&format!("{one}\n\n{one}\n")),
            (Some(InputForm::Jsonl), 2, 0)
        );
        assert_eq!(
            form(&format!("{one}\n{{oops\n")),
            (Some(InputForm::Jsonl), 1, 1)
        );
        assert_eq!(form("{oops"), (None, 0, 1));
    }

    #[test]
    fn deep_json_is_too_deep_not_a_crash() {
        let deep = format!("{}{}", "[".repeat(20_000), "]".repeat(20_000));
        let r = read(&deep, &Limits::default());
        assert_eq!(r.diagnostics[0].code, Code::TooDeep);
    }
}
