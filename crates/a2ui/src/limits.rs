//! Bounds on what a stream may make this crate do. Everything comes from an agent, so every
//! size, depth and count is capped; going over a bound is a diagnostic or a visibly cut
//! result, never a stack overflow, a hang or unbounded memory.

/// The most bytes of input text (16 MiB): one message, an array, a wrapper or JSONL.
pub const MAX_INPUT_BYTES: usize = 16 * 1024 * 1024;
/// The most messages in one stream (10,000).
pub const MAX_MESSAGES: usize = 10_000;
/// The deepest nesting of JSON objects and arrays in one message (64). The JSON reader
/// itself stops at 128, before any of this crate's code sees the value.
pub const MAX_JSON_DEPTH: usize = 64;
/// The most components one surface holds (10,000).
pub const MAX_COMPONENTS: usize = 10_000;
/// The deepest component tree (64 levels from `root`): deeper branches are cut.
pub const MAX_TREE_DEPTH: usize = 64;
/// The most nodes a resolved tree has, template copies included (20,000).
pub const MAX_TREE_NODES: usize = 20_000;
/// The most children one `ChildList` template expands to (2,000): the rest are cut.
pub const MAX_TEMPLATE_ITEMS: usize = 2_000;
/// The most memory a surface's data model may take, estimated (64 MiB; see
/// [`MAX_PARSE_MEMORY`] for how).
pub const MAX_DATA_BYTES: usize = 64 * 1024 * 1024;
/// The most memory reading an input may take, estimated before reading it (128 MiB). A JSON
/// object costs far more in memory than in text (`{"a":1}` is 7 bytes of text and about
/// 700 bytes read), so 16 MiB of small objects would take gigabytes: such an input is
/// refused before it is read.
pub const MAX_PARSE_MEMORY: usize = 128 * 1024 * 1024;
/// The estimated memory of one read JSON object, besides its members.
pub(crate) const OBJECT_COST: usize = 640;
/// The estimated memory of one read JSON value (a slot in its container).
pub(crate) const VALUE_COST: usize = 32;
/// The longest string a dynamic value resolves to (64 KiB): longer text is cut, with `…`.
pub const MAX_TEXT_BYTES: usize = 64 * 1024;
/// The deepest nesting of function calls, `${…}` inside `formatString` included (16).
pub const MAX_CALL_DEPTH: usize = 16;
/// The longest `regex` pattern (1 KiB) and the most memory its compiled form may use (1 MiB).
pub const MAX_REGEX_PATTERN: usize = 1024;
/// See [`MAX_REGEX_PATTERN`].
pub const MAX_REGEX_SIZE: usize = 1024 * 1024;
/// The most findings kept for one stream (1,000): a hostile stream cannot make a report huge.
pub const MAX_DIAGNOSTICS: usize = 1_000;

/// The bounds in force, [`Limits::default`] being the constants above.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// See [`MAX_INPUT_BYTES`].
    pub max_input_bytes: usize,
    /// See [`MAX_MESSAGES`].
    pub max_messages: usize,
    /// See [`MAX_JSON_DEPTH`].
    pub max_json_depth: usize,
    /// See [`MAX_COMPONENTS`].
    pub max_components: usize,
    /// See [`MAX_TREE_DEPTH`].
    pub max_tree_depth: usize,
    /// See [`MAX_TREE_NODES`].
    pub max_tree_nodes: usize,
    /// See [`MAX_TEMPLATE_ITEMS`].
    pub max_template_items: usize,
    /// See [`MAX_DATA_BYTES`].
    pub max_data_bytes: usize,
    /// See [`MAX_TEXT_BYTES`].
    pub max_text_bytes: usize,
    /// See [`MAX_CALL_DEPTH`].
    pub max_call_depth: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_input_bytes: MAX_INPUT_BYTES,
            max_messages: MAX_MESSAGES,
            max_json_depth: MAX_JSON_DEPTH,
            max_components: MAX_COMPONENTS,
            max_tree_depth: MAX_TREE_DEPTH,
            max_tree_nodes: MAX_TREE_NODES,
            max_template_items: MAX_TEMPLATE_ITEMS,
            max_data_bytes: MAX_DATA_BYTES,
            max_text_bytes: MAX_TEXT_BYTES,
            max_call_depth: MAX_CALL_DEPTH,
        }
    }
}

/// `text` cut to at most `max` bytes on a character boundary, ending in `…` when cut.
pub(crate) fn truncate_text(mut text: String, max: usize) -> String {
    if text.len() <= max {
        return text;
    }
    let mut end = max.saturating_sub('…'.len_utf8());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text.truncate(end);
    text.push('…');
    text
}

/// The nesting depth of a JSON value, counted without recursion and stopping once past
/// `max` (so a deep value costs no more than `max` levels of work per branch).
pub(crate) fn depth_exceeds(value: &serde_json::Value, max: usize) -> bool {
    let mut stack: Vec<(&serde_json::Value, usize)> = vec![(value, 1)];
    while let Some((v, depth)) = stack.pop() {
        let children: Box<dyn Iterator<Item = &serde_json::Value>> = match v {
            serde_json::Value::Array(items) => Box::new(items.iter()),
            serde_json::Value::Object(map) => Box::new(map.values()),
            _ => continue,
        };
        if depth > max {
            return true;
        }
        stack.extend(children.map(|c| (c, depth + 1)));
    }
    false
}

/// Whether a JSON value's estimated memory is over `max`, counted without recursion and
/// stopping once past it.
pub(crate) fn size_exceeds(value: &serde_json::Value, max: usize) -> bool {
    let mut total = 0usize;
    let mut stack = vec![value];
    while let Some(v) = stack.pop() {
        total += VALUE_COST
            + match v {
                serde_json::Value::String(s) => s.len(),
                serde_json::Value::Array(items) => {
                    stack.extend(items.iter());
                    0
                }
                serde_json::Value::Object(map) => {
                    for (k, child) in map {
                        total += k.len() + VALUE_COST;
                        stack.push(child);
                    }
                    OBJECT_COST
                }
                _ => 0,
            };
        if total > max {
            return true;
        }
    }
    false
}

/// The estimated memory reading `text` as JSON takes: its objects and arrays counted in one
/// pass over the bytes (outside strings), without reading it.
pub(crate) fn parse_memory(text: &str) -> usize {
    let mut objects = 0usize;
    let mut values = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for b in text.bytes() {
        if in_string {
            match (escaped, b) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => {
                in_string = true;
                values += 1;
            }
            b'{' => objects += 1,
            b'[' | b',' => values += 1,
            _ => {}
        }
    }
    text.len() + objects * OBJECT_COST + values * VALUE_COST
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn truncation_is_visible_and_on_a_boundary() {
        assert_eq!(truncate_text("short".into(), 10), "short");
        let cut = truncate_text("ééééé".into(), 6);
        assert!(cut.ends_with('…') && cut.len() <= 6, "{cut}");
    }

    #[test]
    fn depth_and_size() {
        let v = json!({"a": [{"b": 1}]});
        assert!(!depth_exceeds(&v, 3));
        assert!(depth_exceeds(&v, 2));
        assert!(!size_exceeds(&v, 2000));
        assert!(size_exceeds(&v, 100));
        assert!(size_exceeds(&json!("x".repeat(200)), 100));
        assert!(parse_memory(r#"[{"a": "{{{"}]"#) < 800);
        assert!(parse_memory(&"{},".repeat(1000)) > 640_000);
    }
}
