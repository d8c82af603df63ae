//! Finding where a JSON pointer's value starts in the source text, for line and column
//! numbers. Only runs when there is something to report, so the common path pays nothing.

use std::collections::{HashMap, HashSet};

use super::reader::push_key;
use crate::diagnostic::Diagnostic;

/// Fills in `line` and `column` of every diagnostic whose pointer is found in `source`
/// (valid JSON). An object member's position is its key's, which is what an editor should
/// highlight.
pub(crate) fn locate(source: &str, diagnostics: &mut [Diagnostic]) {
    let wanted: HashSet<&str> = diagnostics
        .iter()
        .filter(|d| d.line.is_none())
        .map(|d| d.pointer.as_str())
        .collect();
    if wanted.is_empty() {
        return;
    }
    let mut scan = Scan {
        bytes: source.as_bytes(),
        pos: 0,
        path: String::new(),
        wanted: &wanted,
        found: HashMap::new(),
    };
    scan.skip_ws();
    let root = scan.pos;
    scan.value(root);
    let found = scan.found;
    let mut offsets: Vec<usize> = found.values().copied().collect();
    offsets.sort_unstable();
    offsets.dedup();
    let positions = line_columns(source, &offsets);
    for d in diagnostics.iter_mut().filter(|d| d.line.is_none()) {
        if let Some(pos) = found
            .get(d.pointer.as_str())
            .and_then(|offset| positions.get(offset))
        {
            d.line = Some(pos.0);
            d.column = Some(pos.1);
        }
    }
}

/// 1-based line and character column of each byte offset (sorted), in one pass over the
/// text: the column is counted as the scan goes, never again from the line's start, so a
/// single 4 MiB line with many findings costs one scan, not one per finding.
fn line_columns(source: &str, offsets: &[usize]) -> HashMap<usize, (usize, usize)> {
    let mut out = HashMap::with_capacity(offsets.len());
    let mut line = 1;
    // Characters since the line's start: UTF-8 bytes that begin a character.
    let mut column = 1;
    let mut next = offsets.iter().copied().peekable();
    for (i, b) in source.bytes().enumerate() {
        while next.peek() == Some(&i) {
            out.insert(i, (line, column));
            next.next();
        }
        if next.peek().is_none() {
            break;
        }
        if b == b'\n' {
            line += 1;
            column = 1;
        } else if b & 0xC0 != 0x80 {
            column += 1;
        }
    }
    out
}

struct Scan<'s, 'w> {
    bytes: &'s [u8],
    pos: usize,
    path: String,
    wanted: &'w HashSet<&'w str>,
    found: HashMap<String, usize>,
}

impl Scan<'_, '_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.pos += 1;
        }
    }

    fn mark(&mut self, at: usize) {
        if self.wanted.contains(self.path.as_str()) && !self.found.contains_key(&self.path) {
            self.found.insert(self.path.clone(), at);
        }
    }

    /// Scans the value at `self.pos`; `mark_at` is where its position is reported.
    fn value(&mut self, mark_at: usize) {
        self.mark(mark_at);
        if self.found.len() == self.wanted.len() {
            return;
        }
        match self.peek() {
            Some(b'{') => self.object(),
            Some(b'[') => self.array(),
            Some(b'"') => {
                self.string();
            }
            Some(_) => {
                while !matches!(
                    self.peek(),
                    None | Some(b',' | b']' | b'}' | b' ' | b'\t' | b'\n' | b'\r')
                ) {
                    self.pos += 1;
                }
            }
            None => {}
        }
    }

    /// Skips a string and returns its raw contents (without quotes).
    fn string(&mut self) -> (usize, usize) {
        self.pos += 1;
        let start = self.pos;
        while let Some(b) = self.peek() {
            match b {
                b'\\' => self.pos += 2,
                b'"' => break,
                _ => self.pos += 1,
            }
        }
        let end = self.pos.min(self.bytes.len());
        self.pos += 1;
        (start, end)
    }

    fn object(&mut self) {
        self.pos += 1;
        loop {
            self.skip_ws();
            match self.peek() {
                Some(b'"') => {}
                Some(b'}') | None => {
                    self.pos += 1;
                    return;
                }
                Some(_) => {
                    self.pos += 1;
                    continue;
                }
            }
            let key_at = self.pos;
            let (start, end) = self.string();
            let raw = self.bytes.get(start..end).unwrap_or_default();
            let key: String = if raw.contains(&b'\\') {
                let quoted = self.bytes.get(start - 1..end + 1).unwrap_or_default();
                serde_json::from_slice(quoted).unwrap_or_default()
            } else {
                String::from_utf8_lossy(raw).into_owned()
            };
            self.skip_ws();
            if self.peek() == Some(b':') {
                self.pos += 1;
            }
            self.skip_ws();
            let len = self.path.len();
            push_key(&mut self.path, &key);
            self.value(key_at);
            self.path.truncate(len);
            if self.found.len() == self.wanted.len() {
                return;
            }
            self.skip_ws();
            if self.peek() == Some(b',') {
                self.pos += 1;
            }
        }
    }

    fn array(&mut self) {
        self.pos += 1;
        let mut index = 0usize;
        loop {
            self.skip_ws();
            match self.peek() {
                Some(b']') | None => {
                    self.pos += 1;
                    return;
                }
                Some(b',') => {
                    self.pos += 1;
                    continue;
                }
                Some(_) => {}
            }
            let len = self.path.len();
            self.path.push('/');
            self.path.push_str(&index.to_string());
            let at = self.pos;
            self.value(at);
            self.path.truncate(len);
            if self.found.len() == self.wanted.len() {
                return;
            }
            index += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Code;

    fn at(source: &str, pointer: &str) -> (Option<usize>, Option<usize>) {
        let mut d = [Diagnostic::new(Code::WrongType, pointer, "x")];
        locate(source, &mut d);
        (d[0].line, d[0].column)
    }

    #[test]
    fn finds_keys_and_items() {
        let src = "{\n  \"body\": [\n    {\"type\": \"TextBlock\"},\n    {\"a/b\": 1, \"é\": [2, {\"x\": \"y\"}]}\n  ]\n}";
        assert_eq!(at(src, ""), (Some(1), Some(1)));
        assert_eq!(at(src, "/body"), (Some(2), Some(3)));
        assert_eq!(at(src, "/body/0"), (Some(3), Some(5)));
        assert_eq!(at(src, "/body/0/type"), (Some(3), Some(6)));
        assert_eq!(at(src, "/body/1/a~1b"), (Some(4), Some(6)));
        assert_eq!(at(src, "/body/1/é/1/x"), (Some(4), Some(26)));
        assert_eq!(at(src, "/nope"), (None, None));
    }

    #[test]
    fn escaped_keys() {
        let src = r#"{"a\"b": {"c": 1}}"#;
        assert_eq!(at(src, "/a\"b/c"), (Some(1), Some(11)));
    }
}
