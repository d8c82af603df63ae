//! Size limits, checked before a card is read, so hostile input costs little.

use serde_json::Value;

use super::reader::push_key;
use crate::diagnostic::{Code, Diagnostic};

/// The most a card may hold. The defaults suit cards from untrusted MCP servers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The most bytes of JSON text (default 4 MiB).
    pub max_bytes: usize,
    /// The deepest nesting of objects and arrays (default 64).
    pub max_depth: usize,
    /// The most elements, actions and other typed objects (default 10,000).
    pub max_elements: usize,
    /// The longest string, in bytes (default 1 MiB).
    pub max_string_bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_bytes: 4 * 1024 * 1024,
            max_depth: 64,
            max_elements: 10_000,
            max_string_bytes: 1024 * 1024,
        }
    }
}

/// One step of the path to the value being checked, kept unformatted until needed.
enum Step<'a> {
    Key(&'a str),
    Index(usize),
}

struct Walk<'a> {
    limits: &'a Limits,
    path: Vec<Step<'a>>,
    elements: usize,
}

impl<'a> Walk<'a> {
    fn pointer(&self) -> String {
        let mut p = String::new();
        for step in &self.path {
            match step {
                Step::Key(k) => push_key(&mut p, k),
                Step::Index(i) => {
                    p.push('/');
                    p.push_str(&i.to_string());
                }
            }
        }
        p
    }

    fn string(&self, s: &str) -> Result<(), Diagnostic> {
        if s.len() > self.limits.max_string_bytes {
            return Err(Diagnostic::new(
                Code::StringTooLong,
                self.pointer(),
                format!(
                    "a string of {} bytes is longer than the limit of {} bytes",
                    s.len(),
                    self.limits.max_string_bytes
                ),
            ));
        }
        Ok(())
    }

    fn value(&mut self, value: &'a Value, depth: usize) -> Result<(), Diagnostic> {
        match value {
            Value::String(s) => self.string(s),
            Value::Array(items) => {
                self.nest(depth)?;
                for (i, item) in items.iter().enumerate() {
                    self.path.push(Step::Index(i));
                    self.value(item, depth + 1)?;
                    self.path.pop();
                }
                Ok(())
            }
            Value::Object(map) => {
                self.nest(depth)?;
                if map.get("type").is_some_and(Value::is_string) {
                    self.elements += 1;
                    if self.elements > self.limits.max_elements {
                        return Err(Diagnostic::new(
                            Code::TooManyElements,
                            self.pointer(),
                            format!(
                                "the card has more than {} elements",
                                self.limits.max_elements
                            ),
                        ));
                    }
                }
                for (key, item) in map {
                    self.path.push(Step::Key(key));
                    self.string(key)?;
                    self.value(item, depth + 1)?;
                    self.path.pop();
                }
                Ok(())
            }
            Value::Null | Value::Bool(_) | Value::Number(_) => Ok(()),
        }
    }

    fn nest(&self, depth: usize) -> Result<(), Diagnostic> {
        if depth > self.limits.max_depth {
            return Err(Diagnostic::new(
                Code::TooDeep,
                self.pointer(),
                format!(
                    "objects and arrays nest deeper than the limit of {}",
                    self.limits.max_depth
                ),
            ));
        }
        Ok(())
    }
}

/// Checks depth, string lengths and the element count; the first excess is returned.
/// The value comes from serde_json, which refuses nesting beyond 128, so this recursion is
/// bounded.
pub(crate) fn check(value: &Value, limits: &Limits) -> Result<(), Diagnostic> {
    let mut walk = Walk {
        limits,
        path: Vec::new(),
        elements: 0,
    };
    walk.value(value, 1)
}
