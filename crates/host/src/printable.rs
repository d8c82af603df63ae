//! App- and server-supplied text made safe to print: a host that writes what an app said to a
//! terminal (or a log) must not let it drive the terminal (ESC sequences: clipboard writes via
//! OSC 52, screen clears; BEL; C1 controls) or fake lines of the host's own (newlines, carriage
//! returns), nor reorder what is shown (bidirectional overrides).

use std::borrow::Cow;
use std::fmt::Write as _;

/// Whether `c` must not reach a terminal as itself: C0 and C1 controls, DEL, and the Unicode
/// format characters that reorder or hide text (bidi embeddings, overrides and isolates, zero
/// width marks).
pub(crate) fn unsafe_char(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{feff}'
        )
}

/// `text` on one line, with every unsafe character written as a visible escape (`\n`, `\r`,
/// `\t`, `\u{1b}`…). Text without any is returned as it is.
pub fn printable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(unsafe_char) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if unsafe_char(c) => {
                let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// Multi-line `text` made printable line by line: the first line as it is, every further line
/// after `indent`, so no line of it can pass for a line of the host's own. Carriage returns and
/// other controls inside a line are escaped as by [`printable`].
pub fn printable_lines(text: &str, indent: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (n, line) in text.split('\n').enumerate() {
        if n > 0 {
            out.push('\n');
            out.push_str(indent);
        }
        out.push_str(&printable(line));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_are_escaped_and_lines_are_marked() {
        assert_eq!(printable("plain text, ünïcode ✓"), "plain text, ünïcode ✓");
        assert!(matches!(printable("plain"), Cow::Borrowed(_)));
        let hostile = "ok\u{1b}]52;c;ZXZpbA==\u{7}\u{1b}[2J\r\napp 1 closed (Closed)\u{9b}\u{202e}";
        let shown = printable(hostile);
        assert!(!shown.chars().any(unsafe_char), "{shown}");
        assert_eq!(
            shown,
            "ok\\u{1b}]52;c;ZXZpbA==\\u{7}\\u{1b}[2J\\r\\napp 1 closed (Closed)\\u{9b}\\u{202e}"
        );
        let lines = printable_lines("first\nsecond\u{1b}[K\nthird", "  | ");
        assert_eq!(lines, "first\n  | second\\u{1b}[K\n  | third");
    }
}
