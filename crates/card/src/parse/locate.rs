//! Line and column numbers of findings. The read remembers where most findings are (a key
//! borrowed from the text knows its own place; an element's first key tells where the element
//! opens), each checked here against the text; the others are found by walking the text down
//! their JSON pointers. Only runs when there is something to report.

use std::borrow::Cow;
use std::collections::HashMap;

use super::reader::{push_index, push_key};
use crate::diagnostic::Diagnostic;

/// Where a finding, or a step of the pointer being read, is in the source text, as far as the
/// read can tell by itself: keys borrowed from the text know their own place, and an object's
/// first key tells where the object opens. What the read cannot tell is found afterwards by
/// pointer ([`locate`]), which walks the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Position {
    /// Not known.
    Unknown,
    /// The card itself: its first byte that is not white space.
    Root,
    /// The byte offset of a key's opening quote: where a property is.
    At(usize),
    /// The byte offset of an object item's first key's opening quote: the item is the `{`
    /// before it.
    Opens(usize),
    /// An array item, in an array at this depth, not placed yet: its first key will say.
    Item(usize),
}

/// Fills in `line` and `column` of every finding: from the `positions` the read gave (one per
/// finding, in order; the findings past them have none), each checked against the text, and
/// for the others by pointer ([`locate`]).
pub(crate) fn place(source: &str, diagnostics: &mut [Diagnostic], positions: &[Position]) {
    place_by_positions(source, diagnostics, positions);
    locate(source, diagnostics);
}

/// Fills in the line and column of the findings whose position the read gave; how many.
fn place_by_positions(
    source: &str,
    diagnostics: &mut [Diagnostic],
    positions: &[Position],
) -> usize {
    let bytes = source.as_bytes();
    let mut placed: Vec<(usize, usize)> = Vec::new();
    for (i, (d, position)) in diagnostics.iter().zip(positions).enumerate() {
        let offset = match *position {
            _ if d.line.is_some() => None,
            Position::Root => bytes.iter().position(|b| !b.is_ascii_whitespace()),
            Position::At(quote) => Some(quote).filter(|&q| key_is_at(source, q, &d.pointer)),
            Position::Opens(quote) => opening_before(bytes, quote),
            Position::Unknown | Position::Item(_) => None,
        };
        if let Some(offset) = offset {
            placed.push((offset, i));
        }
    }
    let count = placed.len();
    if !placed.is_empty() {
        let mut offsets: Vec<usize> = placed.iter().map(|p| p.0).collect();
        offsets.sort_unstable();
        offsets.dedup();
        let lines = line_columns(source, &offsets);
        for (offset, i) in placed {
            let found = lines
                .binary_search_by_key(&offset, |p| p.0)
                .ok()
                .and_then(|at| lines.get(at));
            if let (Some(&(_, (line, column))), Some(d)) = (found, diagnostics.get_mut(i)) {
                d.line = Some(line);
                d.column = Some(column);
            }
        }
    }
    count
}

/// Whether the key whose opening quote is at `quote` is the last step of `pointer`: a check
/// that what the read remembered is what the pointer names.
fn key_is_at(source: &str, quote: usize, pointer: &str) -> bool {
    let step = pointer.rsplit('/').next().unwrap_or_default();
    let step: Cow<'_, str> = if step.contains('~') {
        Cow::Owned(step.replace("~1", "/").replace("~0", "~"))
    } else {
        Cow::Borrowed(step)
    };
    let bytes = source.as_bytes();
    bytes.get(quote) == Some(&b'"')
        && source
            .get(quote + 1..)
            .and_then(|rest| rest.strip_prefix(&*step))
            .is_some_and(|rest| rest.starts_with('"'))
}

/// The `{` before an object's first key (whose opening quote is at `quote`), past white space.
fn opening_before(bytes: &[u8], quote: usize) -> Option<usize> {
    let before = bytes.get(..quote)?;
    let at = before.iter().rposition(|b| !b.is_ascii_whitespace())?;
    (before.get(at) == Some(&b'{')).then_some(at)
}

/// Fills in `line` and `column` of every diagnostic whose pointer is found in `source`
/// (valid JSON). An object member's position is its key's, which is what an editor should
/// highlight.
pub(crate) fn locate(source: &str, diagnostics: &mut [Diagnostic]) {
    let wanted: Vec<&str> = diagnostics
        .iter()
        .filter(|d| d.line.is_none())
        .map(|d| d.pointer.as_str())
        .collect();
    if wanted.is_empty() {
        return;
    }
    // Every pointer that leads to a wanted one: the scan goes down only these and skips the
    // rest of the card without building pointers. With many findings (one on each of
    // thousands of properties) most of the card leads to one, and the scan goes everywhere.
    let on_the_way = (wanted.len() <= Pointers::FEW).then(|| {
        let mut on_the_way: Vec<&str> = Vec::with_capacity(wanted.len() * 4);
        for pointer in &wanted {
            on_the_way.push(pointer);
            for (i, b) in pointer.bytes().enumerate() {
                if b == b'/' {
                    on_the_way.push(pointer.get(..i).unwrap_or_default());
                }
            }
        }
        Pointers::new(on_the_way)
    });
    let wanted = Pointers::new(wanted);
    let mut scan = Scan {
        text: source,
        bytes: source.as_bytes(),
        pos: 0,
        path: String::with_capacity(64),
        wanted: &wanted,
        on_the_way: on_the_way.as_ref(),
        found: vec![None; wanted.len()],
        found_count: 0,
    };
    scan.skip_ws();
    let root = scan.pos;
    scan.value(root);
    let found = scan.found;
    let mut offsets: Vec<usize> = found.iter().flatten().copied().collect();
    offsets.sort_unstable();
    offsets.dedup();
    let positions = line_columns(source, &offsets);
    // The wanted pointers borrow the findings: look every one up before filling them in.
    let located: Vec<Option<(usize, usize)>> = diagnostics
        .iter()
        .map(|d| {
            d.line.is_none().then_some(())?;
            let offset = found.get(wanted.index(&d.pointer)?).copied().flatten()?;
            let i = positions.binary_search_by_key(&offset, |p| p.0).ok()?;
            positions.get(i).map(|p| p.1)
        })
        .collect();
    for (d, pos) in diagnostics.iter_mut().zip(located) {
        if let Some((line, column)) = pos {
            d.line = Some(line);
            d.column = Some(column);
        }
    }
}

/// 1-based line and character column of each byte offset (sorted), in one pass over the
/// text: each stretch between two offsets is counted once (its newlines, and its characters
/// after the last of them), never again from the line's start, so a single 4 MiB line with
/// many findings costs one scan, not one per finding. The counts are plain byte counts, which
/// the compiler vectorizes. The result is sorted by offset, as `offsets` is.
fn line_columns(source: &str, offsets: &[usize]) -> Vec<(usize, (usize, usize))> {
    let bytes = source.as_bytes();
    let mut out = Vec::with_capacity(offsets.len());
    let (mut line, mut column, mut at) = (1, 1, 0);
    for &offset in offsets {
        // An offset at the very end starts no value: it has no position.
        let Some(stretch) = bytes.get(at..offset).filter(|_| offset < bytes.len()) else {
            continue;
        };
        // Characters: UTF-8 bytes that begin one.
        let chars = |s: &[u8]| count_bytes(s, |b| b & 0xC0 != 0x80);
        match memchr::memrchr(b'\n', stretch) {
            Some(last) => {
                line += count_bytes(stretch, |b| b == b'\n');
                column = 1 + chars(stretch.get(last + 1..).unwrap_or_default());
            }
            None => column += chars(stretch),
        }
        at = offset;
        out.push((offset, (line, column)));
    }
    out
}

/// How many bytes of `bytes` are `wanted`: counted in byte-sized sums over blocks of 255, which
/// the compiler turns into wide vector adds (a plain `filter().count()` sums into a `usize` per
/// byte, a quarter of the width).
fn count_bytes(bytes: &[u8], wanted: impl Fn(u8) -> bool + Copy) -> usize {
    bytes
        .chunks(255)
        .map(|block| {
            usize::from(
                block
                    .iter()
                    .fold(0u8, |n, &b| n.wrapping_add(u8::from(wanted(b)))),
            )
        })
        .sum()
}

/// A set of distinct pointers, each with an index below [`Pointers::len`]. A card usually has
/// a handful of findings, and then a sorted list searched by halves is cheaper than hashing
/// (sorted by length first: most comparisons end there, without comparing bytes); with many
/// (one on each of thousands of properties) pointers share long prefixes that make every
/// comparison long, and hashing wins.
enum Pointers<'p> {
    Few(Vec<&'p str>),
    Many(HashMap<&'p str, usize>),
}

impl<'p> Pointers<'p> {
    const FEW: usize = 64;

    fn new(mut pointers: Vec<&'p str>) -> Self {
        if pointers.len() <= Self::FEW {
            pointers.sort_unstable_by(|a, b| (a.len(), a).cmp(&(b.len(), b)));
            pointers.dedup();
            Self::Few(pointers)
        } else {
            let mut map = HashMap::with_capacity(pointers.len());
            for pointer in pointers {
                let next = map.len();
                map.entry(pointer).or_insert(next);
            }
            Self::Many(map)
        }
    }

    /// The index of `pointer`, if it is one of the set.
    fn index(&self, pointer: &str) -> Option<usize> {
        match self {
            Self::Few(sorted) => sorted
                .binary_search_by(|p| (p.len(), *p).cmp(&(pointer.len(), pointer)))
                .ok(),
            Self::Many(map) => map.get(pointer).copied(),
        }
    }

    fn contains(&self, pointer: &str) -> bool {
        self.index(pointer).is_some()
    }

    fn len(&self) -> usize {
        match self {
            Self::Few(sorted) => sorted.len(),
            Self::Many(map) => map.len(),
        }
    }
}

struct Scan<'s, 'w> {
    text: &'s str,
    bytes: &'s [u8],
    pos: usize,
    path: String,
    /// The pointers of the findings.
    wanted: &'w Pointers<'w>,
    /// The wanted pointers and every pointer above one of them; `None`: every pointer.
    on_the_way: Option<&'w Pointers<'w>>,
    /// Where each wanted pointer was found, by its index.
    found: Vec<Option<usize>>,
    found_count: usize,
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

    /// Whether the value at the current path is or holds a wanted one.
    fn leads_somewhere(&self) -> bool {
        self.on_the_way.is_none_or(|p| p.contains(&self.path))
    }

    fn mark(&mut self, at: usize) {
        if let Some(slot) = self
            .wanted
            .index(&self.path)
            .and_then(|i| self.found.get_mut(i))
            .filter(|slot| slot.is_none())
        {
            *slot = Some(at);
            self.found_count += 1;
        }
    }

    /// Scans the value at `self.pos`; `mark_at` is where its position is reported.
    fn value(&mut self, mark_at: usize) {
        self.mark(mark_at);
        if self.found_count == self.wanted.len() {
            return;
        }
        match self.peek() {
            Some(b'{') => self.object(),
            Some(b'[') => self.array(),
            Some(b'"') => {
                self.string();
            }
            Some(_) => self.scalar(),
            None => {}
        }
    }

    /// Skips the value at `self.pos`, nested ones included, without looking into it: it
    /// holds nothing wanted. Iterative, so that deep nesting costs no stack.
    fn skip_value(&mut self) {
        match self.peek() {
            Some(b'{' | b'[') => {}
            Some(b'"') => {
                self.string();
                return;
            }
            Some(_) => {
                self.scalar();
                return;
            }
            None => return,
        }
        let mut depth = 0usize;
        while let Some(b) = self.peek() {
            match b {
                b'"' => {
                    self.string();
                }
                b'{' | b'[' => {
                    depth += 1;
                    self.pos += 1;
                }
                b'}' | b']' => {
                    depth = depth.saturating_sub(1);
                    self.pos += 1;
                    if depth == 0 {
                        return;
                    }
                }
                _ => self.pos += 1,
            }
        }
    }

    /// Skips a number, `true`, `false` or `null`.
    fn scalar(&mut self) {
        while !matches!(
            self.peek(),
            None | Some(b',' | b']' | b'}' | b' ' | b'\t' | b'\n' | b'\r')
        ) {
            self.pos += 1;
        }
    }

    /// Skips a string and returns its raw contents (without quotes).
    fn string(&mut self) -> (usize, usize) {
        self.pos += 1;
        let start = self.pos;
        loop {
            // Straight to the next quote or backslash, many bytes at a time: text is most of a
            // card.
            let rest = self.bytes.get(self.pos..).unwrap_or_default();
            let Some(i) = memchr::memchr2(b'"', b'\\', rest) else {
                self.pos = self.bytes.len();
                break;
            };
            self.pos += i;
            if self.peek() == Some(b'"') {
                break;
            }
            self.pos += 2;
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
            let raw = self.text.get(start..end).unwrap_or_default();
            let key: Cow<'_, str> = if raw.contains('\\') {
                let quoted = self.bytes.get(start - 1..end + 1).unwrap_or_default();
                Cow::Owned(serde_json::from_slice(quoted).unwrap_or_default())
            } else {
                // Quotes are ASCII, so a key is whole characters of the text: no check needed.
                Cow::Borrowed(raw)
            };
            self.skip_ws();
            if self.peek() == Some(b':') {
                self.pos += 1;
            }
            self.skip_ws();
            if self.member(key_at, |path| push_key(path, &key)) {
                return;
            }
            self.skip_ws();
            if self.peek() == Some(b',') {
                self.pos += 1;
            }
        }
    }

    /// Reads the value of one member or element, at `at`, whose pointer `push` appends to the
    /// current one; true once every wanted pointer is found.
    fn member(&mut self, at: usize, push: impl FnOnce(&mut String)) -> bool {
        let len = self.path.len();
        push(&mut self.path);
        if self.leads_somewhere() {
            self.value(at);
        } else {
            self.skip_value();
        }
        self.path.truncate(len);
        self.found_count == self.wanted.len()
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
            if self.member(self.pos, |path| push_index(path, index)) {
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
    fn skips_what_leads_nowhere() {
        // Values before the wanted one, of every kind and deeply nested, with brackets,
        // quotes and escapes inside strings.
        let deep = format!("{}{}", "[".repeat(500), "]".repeat(500));
        let src = format!(
            r#"{{"a": {deep}, "b": {{"c": "]}}\"[", "d": [1, true, null, {{}}]}},
 "e": [-1.5e3, "x", [["y"]], {{"f": 2}}]}}"#
        );
        assert_eq!(at(&src, "/e/3/f"), (Some(2), Some(31)));
        assert_eq!(at(&src, "/e/2/0/0"), (Some(2), Some(23)));
        assert_eq!(at(&src, "/b/d/3"), (Some(1), Some(1050)));
        assert_eq!(at(&src, "/b/c"), (Some(1), Some(1015)));
        assert_eq!(at(&src, "/a/0/0"), (Some(1), Some(9)));
        assert_eq!(at(&src, "/b/x"), (None, None));
    }

    #[test]
    fn many_findings() {
        // More findings than the sorted list takes: the scan goes everywhere.
        let lines: Vec<String> = (0..100).map(|i| format!("  \"k{i}\": [{i}]")).collect();
        let src = format!("{{\n{}\n}}", lines.join(",\n"));
        let mut d: Vec<Diagnostic> = (0..100)
            .map(|i| Diagnostic::new(Code::WrongType, format!("/k{i}/0"), "x"))
            .collect();
        d.push(Diagnostic::new(Code::WrongType, "/k7", "x"));
        d.push(Diagnostic::new(Code::WrongType, "/none", "x"));
        locate(&src, &mut d);
        for (i, d) in d.iter().take(100).enumerate() {
            let column = 10 + usize::from(i >= 10);
            assert_eq!((d.line, d.column), (Some(i + 2), Some(column)), "{i}");
        }
        assert_eq!((d[100].line, d[100].column), (Some(9), Some(3)));
        assert_eq!((d[101].line, d[101].column), (None, None));
    }

    /// Every `.json` card of the corpus, with its path.
    fn corpus() -> Vec<(String, String)> {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/corpus/adaptive-cards");
        let mut out = Vec::new();
        let mut dirs = vec![root];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).expect("corpus folder") {
                let path = entry.expect("corpus entry").path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e == "json") {
                    let text = std::fs::read_to_string(&path).expect("corpus card");
                    out.push((path.display().to_string(), text));
                }
            }
        }
        out
    }

    /// `text` with a property nobody knows added at the end of every non-empty object, so that
    /// every object of the card (elements, actions, columns, facts, …) has a finding.
    fn with_unknown_everywhere(text: &str) -> String {
        let mut out = String::with_capacity(text.len() * 2);
        let (mut in_string, mut escaped) = (false, false);
        for c in text.chars() {
            if in_string {
                in_string = escaped || c != '"';
                escaped = !escaped && c == '\\';
            } else if c == '"' {
                in_string = true;
            } else if c == '}' && !out.trim_end().ends_with('{') {
                out.push_str(",\n  \"zz~/Unknown\": [1, {\"é\": 2}]");
            }
            out.push(c);
        }
        out
    }

    /// The places the read gives its findings are the places the pointer walk finds: over the
    /// corpus, each card as written, with a finding in every object, and written on one line
    /// with its properties in another order.
    #[test]
    fn the_read_places_findings_where_the_pointer_walk_does() {
        let (mut placed, mut findings) = (0, 0);
        for (path, text) in corpus() {
            let Ok(value) = serde_json::from_str::<serde_json::Value>(&text) else {
                continue;
            };
            // Written again from a `Value`, properties are in alphabetical order: `type` is
            // seldom first, and such objects are gathered before they are read, which places
            // nothing by itself (the walk does); the placed ones are counted as written.
            let variants = [
                (text.clone(), true),
                (with_unknown_everywhere(&text), true),
                (serde_json::to_string(&value).expect("JSON"), false),
                (
                    with_unknown_everywhere(&serde_json::to_string_pretty(&value).expect("JSON")),
                    false,
                ),
            ];
            for (variant, as_written) in variants {
                let mut positions = Vec::new();
                let parsed = crate::parse::Parser::new().read_text(&variant, &mut positions);
                let mut read = parsed.diagnostics;
                let mut walked = read.clone();
                let by_read = place_by_positions(&variant, &mut read, &positions);
                if as_written {
                    placed += by_read;
                    findings += read.len();
                }
                locate(&variant, &mut walked);
                for (r, w) in read.iter().zip(&walked).filter(|(r, _)| r.line.is_some()) {
                    assert_eq!(
                        (r.line, r.column),
                        (w.line, w.column),
                        "{path}: {} at {}",
                        r.code,
                        r.pointer
                    );
                }
            }
        }
        // Most findings are placed by the read itself (the rest: at ids, at items that are
        // not objects, under keys with escapes, and after the read).
        assert!(
            placed > 5_000 && placed * 10 > findings * 9,
            "{placed} of {findings} placed by the read"
        );
    }

    #[test]
    fn escaped_keys() {
        let src = r#"{"a\"b": {"c": 1}}"#;
        assert_eq!(at(src, "/a\"b/c"), (Some(1), Some(11)));
    }
}
