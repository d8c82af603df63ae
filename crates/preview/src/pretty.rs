//! JSON printed for reading, with the line where each value starts, so that a diagnostic that
//! has a JSON pointer but no line (a finding about an expanded template) can still be shown in
//! place.

use std::collections::HashMap;
use std::fmt::Write as _;

use serde_json::Value;

/// A JSON value printed with two-space indentation, and the line of every value in it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PrettyJson {
    /// The text, as `serde_json::to_string_pretty` prints it.
    pub text: String,
    /// The 1-based line where the value at each JSON pointer starts.
    lines: HashMap<String, usize>,
}

impl PrettyJson {
    /// Prints `value`.
    pub fn new(value: &Value) -> Self {
        let mut printer = Printer {
            out: String::new(),
            line: 1,
            lines: HashMap::new(),
        };
        printer.value(value, &mut String::new(), 0);
        Self {
            text: printer.out,
            lines: printer.lines,
        }
    }

    /// The line of the value at `pointer`, or else of the nearest value that contains it (a
    /// property that is missing is reported at its object).
    pub fn line_of(&self, pointer: &str) -> Option<usize> {
        let mut pointer = pointer;
        loop {
            if let Some(line) = self.lines.get(pointer) {
                return Some(*line);
            }
            let (parent, _) = pointer.rsplit_once('/')?;
            pointer = parent;
        }
    }
}

struct Printer {
    out: String,
    line: usize,
    lines: HashMap<String, usize>,
}

impl Printer {
    fn newline(&mut self, indent: usize) {
        self.out.push('\n');
        self.line += 1;
        for _ in 0..indent {
            self.out.push_str("  ");
        }
    }

    fn value(&mut self, value: &Value, pointer: &mut String, indent: usize) {
        self.lines.entry(pointer.clone()).or_insert(self.line);
        match value {
            Value::Array(items) if !items.is_empty() => {
                self.out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        self.out.push(',');
                    }
                    self.newline(indent + 1);
                    let len = pointer.len();
                    let _ = write!(pointer, "/{i}");
                    self.value(item, pointer, indent + 1);
                    pointer.truncate(len);
                }
                self.newline(indent);
                self.out.push(']');
            }
            Value::Object(map) if !map.is_empty() => {
                self.out.push('{');
                for (i, (key, item)) in map.iter().enumerate() {
                    if i > 0 {
                        self.out.push(',');
                    }
                    self.newline(indent + 1);
                    self.out.push_str(&scalar(&Value::String(key.clone())));
                    self.out.push_str(": ");
                    let len = pointer.len();
                    pointer.push('/');
                    pointer.push_str(&key.replace('~', "~0").replace('/', "~1"));
                    self.value(item, pointer, indent + 1);
                    pointer.truncate(len);
                }
                self.newline(indent);
                self.out.push('}');
            }
            other => self.out.push_str(&scalar(other)),
        }
    }
}

/// A scalar (or empty container) as compact JSON.
fn scalar(value: &Value) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn prints_like_serde_json() {
        let value = json!({"a": [1, {"b": "x/y"}], "c": {}, "d": [], "e~f/g": null});
        let pretty = PrettyJson::new(&value);
        assert_eq!(pretty.text, serde_json::to_string_pretty(&value).unwrap());
    }

    #[test]
    fn finds_the_line_of_a_pointer_or_its_parent() {
        let value = json!({"body": [{"type": "TextBlock"}, {"type": "Image", "url": "x"}]});
        let pretty = PrettyJson::new(&value);
        // {, "body": [, {, "type", }, {, "type": "Image", "url"
        assert_eq!(pretty.line_of(""), Some(1));
        assert_eq!(pretty.line_of("/body"), Some(2));
        assert_eq!(pretty.line_of("/body/1"), Some(6));
        assert_eq!(pretty.line_of("/body/1/url"), Some(8));
        assert_eq!(pretty.line_of("/body/1/missing"), Some(6));
        assert_eq!(pretty.line_of("/nowhere/3"), Some(1));
    }

    #[test]
    fn escapes_pointer_segments() {
        let value = json!({"a/b": {"c~d": 1}});
        let pretty = PrettyJson::new(&value);
        assert_eq!(pretty.line_of("/a~1b/c~0d"), Some(3));
    }
}
