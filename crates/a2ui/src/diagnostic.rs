//! What an agent's author is told about a stream: a severity, a stable code, which message,
//! where in it, and what.

use std::fmt;

use serde::Serialize;

pub use mcpapp_protocol::Severity;

mcpapp_protocol::finding_codes! {
    /// The text is not JSON (or a JSONL line is not).
    JsonSyntax = "json-syntax": Error,
    /// The input is larger than the size limit.
    TooLarge = "too-large": Error,
    /// JSON nesting, or the component tree, is deeper than its limit.
    TooDeep = "too-deep": Error,
    /// The stream has more messages than the limit; the rest were not read.
    TooManyMessages = "too-many-messages": Error,
    /// A surface would hold more components than the limit; the excess was refused.
    TooManyComponents = "too-many-components": Error,
    /// A data model update would make the data model larger than the limit; it was refused.
    DataTooLarge = "data-too-large": Error,
    /// The official JSON schema rejects the message.
    Schema = "schema": Error,
    /// The message cannot be read as one of the protocol's messages.
    InvalidMessage = "invalid-message": Error,
    /// A message names a surface that was never created (or was deleted).
    UnknownSurface = "unknown-surface": Error,
    /// `createSurface` for a surface that already exists.
    SurfaceExists = "surface-exists": Error,
    /// The surface names a catalog this crate does not know; the basic catalog is used.
    UnknownCatalog = "unknown-catalog": Warning,
    /// Two components of one `updateComponents` share an `id`.
    DuplicateId = "duplicate-id": Error,
    /// A component refers to a child id no component has.
    MissingChild = "missing-child": Error,
    /// Components refer to each other in a cycle.
    Cycle = "cycle": Error,
    /// The surface has components but none with the id `root`.
    MissingRoot = "missing-root": Error,
    /// A `weight` on a component whose parent is not a `Row` or `Column` (it is ignored).
    MisplacedWeight = "misplaced-weight": Warning,
    /// A component replaced one of another type under the same id.
    TypeChanged = "type-changed": Info,
    /// A malformed JSON pointer (a `~` not followed by `0` or `1`, a relative path where
    /// only an absolute one is allowed).
    InvalidPointer = "invalid-pointer": Error,
    /// A component type the surface's catalog does not define.
    UnknownComponent = "unknown-component": Error,
    /// A function the surface's catalog does not define.
    UnknownFunction = "unknown-function": Error,
    /// A URL whose scheme is not `https`, `http` or `mailto` where it is used (an image,
    /// `openUrl`, the theme's icon), or a URL that cannot be read.
    UnsafeUrl = "unsafe-url": Error,
    /// A regular expression that does not compile (or is too large).
    InvalidRegex = "invalid-regex": Error,
    /// A `formatString` template that cannot be read.
    InvalidFormat = "invalid-format": Error,
    /// A template expanded to more children than the limit: the rest are cut.
    TemplateTruncated = "template-truncated": Warning,
    /// The resolved tree has more nodes than the limit: the rest are cut.
    TreeTruncated = "tree-truncated": Warning,
    /// The findings were too many; the rest are not listed.
    TooManyDiagnostics = "too-many-diagnostics": Warning,
}

/// One finding about a stream.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// How bad it is.
    pub severity: Severity,
    /// What kind of finding it is.
    pub code: Code,
    /// Which message of the stream (0-based), when it is about one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message_index: Option<usize>,
    /// Where in that message (or in the input, when no message), as a JSON pointer
    /// (RFC 6901); `""` is the message itself.
    pub pointer: String,
    /// 1-based line of that place in the source, when the source text is known.
    pub line: Option<usize>,
    /// 1-based column (in characters) of that place, when the source text is known.
    pub column: Option<usize>,
    /// What is wrong, for a person.
    pub message: String,
}

impl Diagnostic {
    /// A finding with the code's own severity, about no message in particular.
    ///
    /// The message quotes what the agent wrote (an id, a URL); control and bidirectional
    /// formatting characters in it are written as escapes and it is cut at
    /// [`MAX_MESSAGE_CHARS`], so printing a finding to a terminal cannot be used against it.
    pub fn new(code: Code, pointer: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            severity: code.severity(),
            code,
            message_index: None,
            pointer: printable(&pointer.into()),
            line: None,
            column: None,
            message: printable(&message.into()),
        }
    }

    /// The same finding, about message `index` of the stream.
    #[must_use]
    pub fn in_message(mut self, index: usize) -> Self {
        self.message_index = Some(index);
        self
    }

    /// Whether this finding means the protocol was broken.
    #[must_use]
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Diagnostic {
    /// `line:col: error[code]: message (message 3, at /pointer)`, the way compilers print.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let (Some(line), Some(column)) = (self.line, self.column) {
            write!(f, "{line}:{column}: ")?;
        }
        write!(f, "{}[{}]: {}", self.severity, self.code, self.message)?;
        match (self.message_index, self.pointer.is_empty()) {
            (Some(i), true) => write!(f, " (message {i})"),
            (Some(i), false) => write!(f, " (message {i}, at {})", self.pointer),
            (None, true) => Ok(()),
            (None, false) => write!(f, " (at {})", self.pointer),
        }
    }
}

/// The longest finding message, in characters.
pub const MAX_MESSAGE_CHARS: usize = 500;

/// `text` with control and bidirectional formatting characters escaped (`\u{1b}`), cut at
/// [`MAX_MESSAGE_CHARS`].
pub(crate) fn printable(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(MAX_MESSAGE_CHARS));
    for (i, c) in text.chars().enumerate() {
        if i == MAX_MESSAGE_CHARS {
            out.push('…');
            break;
        }
        let bidi = matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
        if c.is_control() || bidi {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    out
}

/// Appends a JSON pointer token to `pointer`, escaped (RFC 6901).
pub(crate) fn push_token(pointer: &mut String, token: &str) {
    pointer.push('/');
    for c in token.chars() {
        match c {
            '~' => pointer.push_str("~0"),
            '/' => pointer.push_str("~1"),
            _ => pointer.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_kebab_case() {
        let mut seen = std::collections::HashSet::new();
        for code in Code::ALL {
            assert!(seen.insert(code.as_str()), "duplicate code {code}");
            assert!(
                code.as_str()
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c == '-'),
                "{code} is not kebab-case"
            );
        }
    }

    #[test]
    fn quoted_text_cannot_drive_a_terminal() {
        let d = Diagnostic::new(
            Code::UnknownComponent,
            "/a\u{1b}",
            "no `\u{1b}[2J\u{202e}x`",
        );
        assert_eq!(d.message, "no `\\u{1b}[2J\\u{202e}x`");
        assert_eq!(d.pointer, "/a\\u{1b}");
        let long = Diagnostic::new(Code::Schema, "", "x".repeat(10_000));
        assert_eq!(long.message.chars().count(), MAX_MESSAGE_CHARS + 1);
    }

    #[test]
    fn displays_like_a_compiler() {
        let mut d = Diagnostic::new(Code::MissingChild, "/updateComponents/components/0", "x")
            .in_message(2);
        d.line = Some(3);
        d.column = Some(7);
        assert_eq!(
            d.to_string(),
            "3:7: error[missing-child]: x (message 2, at /updateComponents/components/0)"
        );
    }
}
