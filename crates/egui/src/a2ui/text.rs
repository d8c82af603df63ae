//! Text from an agent, made safe to show.

/// Text as it may be shown: control characters (other than line breaks and tabs) and the
/// invisible bidirectional controls (embeddings, overrides, isolates, marks) are removed, so
/// that an agent cannot hide or reorder what the user reads.
#[must_use]
pub(crate) fn neutralise(text: &str) -> String {
    text.chars()
        .filter(|&c| c == '\n' || c == '\t' || !(c.is_control() || is_bidi_control(c)))
        .collect()
}

fn is_bidi_control(c: char) -> bool {
    matches!(
        c,
        '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
    )
}

#[cfg(test)]
mod tests {
    use super::neutralise;

    #[test]
    fn controls_and_bidi_overrides_go_line_breaks_stay() {
        assert_eq!(neutralise("a\u{202E}gnp.exe\u{202C}\u{7}b"), "agnp.exeb");
        assert_eq!(neutralise("one\ntwo\tthree\r"), "one\ntwo\tthree");
        assert_eq!(neutralise("\u{2067}x\u{2069}\u{200F}"), "x");
    }
}
