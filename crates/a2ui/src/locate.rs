//! Line and column of a JSON pointer in the source text, for findings. Only the path to the
//! pointer is followed; other values are skipped without being parsed.

/// The byte offset where the value at `tokens` starts (an object member's: its key's).
pub(crate) fn offset_of(text: &str, tokens: &[String]) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut pos = skip_ws(bytes, 0);
    let mut at = pos;
    for token in tokens {
        match bytes.get(pos)? {
            b'{' => {
                pos += 1;
                loop {
                    pos = skip_ws(bytes, pos);
                    if bytes.get(pos)? != &b'"' {
                        return None;
                    }
                    let key_at = pos;
                    let end = skip_string(bytes, pos)?;
                    let raw = text.get(key_at..end)?;
                    let key: String = if raw.contains('\\') {
                        serde_json::from_str(raw).ok()?
                    } else {
                        raw.get(1..raw.len() - 1)?.to_owned()
                    };
                    pos = skip_ws(bytes, end);
                    if bytes.get(pos)? != &b':' {
                        return None;
                    }
                    pos = skip_ws(bytes, pos + 1);
                    if &key == token {
                        at = key_at;
                        break;
                    }
                    pos = skip_ws(bytes, skip_value(bytes, pos)?);
                    if bytes.get(pos)? != &b',' {
                        return None;
                    }
                    pos += 1;
                }
            }
            b'[' => {
                let wanted: usize = token.parse().ok()?;
                pos = skip_ws(bytes, pos + 1);
                for _ in 0..wanted {
                    pos = skip_ws(bytes, skip_value(bytes, pos)?);
                    if bytes.get(pos)? != &b',' {
                        return None;
                    }
                    pos = skip_ws(bytes, pos + 1);
                }
                at = pos;
            }
            _ => return None,
        }
    }
    Some(at)
}

fn skip_ws(bytes: &[u8], mut pos: usize) -> usize {
    while bytes.get(pos).is_some_and(u8::is_ascii_whitespace) {
        pos += 1;
    }
    pos
}

/// Past the string starting at `pos` (its opening quote).
fn skip_string(bytes: &[u8], mut pos: usize) -> Option<usize> {
    pos += 1;
    loop {
        match bytes.get(pos)? {
            b'\\' => pos += 2,
            b'"' => return Some(pos + 1),
            _ => pos += 1,
        }
    }
}

/// Past the value starting at `pos`, without recursion.
fn skip_value(bytes: &[u8], mut pos: usize) -> Option<usize> {
    let mut depth = 0usize;
    loop {
        match bytes.get(pos)? {
            b'"' => pos = skip_string(bytes, pos)?,
            b'{' | b'[' => {
                depth += 1;
                pos += 1;
            }
            b'}' | b']' => {
                if depth == 0 {
                    return Some(pos);
                }
                depth -= 1;
                pos += 1;
            }
            b',' if depth == 0 => return Some(pos),
            _ => pos += 1,
        }
        if depth == 0 && matches!(bytes.get(pos), None | Some(b',' | b'}' | b']')) {
            return Some(pos);
        }
    }
}

/// 1-based line and character column of a byte offset.
pub(crate) fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = text.get(..offset).unwrap_or(text);
    let line = before.bytes().filter(|b| *b == b'\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before.get(line_start..).map_or(0, |s| s.chars().count()) + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str, pointer: &[&str]) -> Option<(usize, usize)> {
        let tokens: Vec<String> = pointer.iter().map(|s| (*s).to_owned()).collect();
        offset_of(text, &tokens).map(|o| line_column(text, o))
    }

    #[test]
    fn finds_keys_and_items() {
        let src =
            "{\n  \"messages\": [\n    {\"a\": [1, {\"b\": 2}]},\n    {\"x/y\": \"z\"}\n  ]\n}";
        assert_eq!(at(src, &[]), Some((1, 1)));
        assert_eq!(at(src, &["messages"]), Some((2, 3)));
        assert_eq!(at(src, &["messages", "0"]), Some((3, 5)));
        assert_eq!(at(src, &["messages", "0", "a", "1", "b"]), Some((3, 16)));
        assert_eq!(at(src, &["messages", "1", "x/y"]), Some((4, 6)));
        assert_eq!(at(src, &["nope"]), None);
        assert_eq!(at(src, &["messages", "9"]), None);
    }
}
