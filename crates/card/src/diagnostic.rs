//! What a card author is told about a card: a severity, a stable code, where, and what.

use std::fmt;

use schemars::JsonSchema;
use serde::Serialize;

pub use mcpapp_protocol::Severity;

mcpapp_protocol::finding_codes! {
    /// The bytes are not UTF-8.
    InvalidUtf8 = "invalid-utf8": Error,
    /// The text is not JSON.
    JsonSyntax = "json-syntax": Error,
    /// The document is larger than the size limit.
    TooLarge = "too-large": Error,
    /// Objects and arrays nest deeper than the limit.
    TooDeep = "too-deep": Error,
    /// The card has more elements than the limit.
    TooManyElements = "too-many-elements": Error,
    /// A string is longer than the limit.
    StringTooLong = "string-too-long": Error,
    /// The root is not a card (`"type": "McpApp"` or `"AdaptiveCard"`).
    InvalidRoot = "invalid-root": Error,
    /// The card declares a version newer than this renderer knows.
    UnsupportedVersion = "unsupported-version": Warning,
    /// A required property is missing.
    MissingProperty = "missing-property": Error,
    /// A property has the wrong JSON type and was ignored.
    WrongType = "wrong-type": Warning,
    /// A required property has the wrong JSON type.
    InvalidProperty = "invalid-property": Error,
    /// A property value is not one of its enumeration's values and was ignored.
    UnknownEnumValue = "unknown-enum-value": Warning,
    /// A size such as `"50px"` or a column width could not be read and was ignored.
    InvalidDimension = "invalid-dimension": Warning,
    /// A property this renderer does not know; it is kept as it is.
    UnknownProperty = "unknown-property": Info,
    /// An element type this renderer does not know, without a fallback: dropped.
    UnknownElement = "unknown-element": Warning,
    /// An action type this renderer does not know, without a fallback: dropped.
    UnknownAction = "unknown-action": Warning,
    /// An unknown element or action was replaced by its fallback, or dropped as it asked.
    FallbackUsed = "fallback-used": Info,
    /// An input has no `id`, so its value cannot be submitted.
    InputMissingId = "input-missing-id": Error,
    /// Two elements or actions share an `id`.
    DuplicateId = "duplicate-id": Error,
    /// An input `id` is a key the host reserves in submitted data (`mcp_tool_name`).
    ReservedId = "reserved-id": Error,
    /// An input's value would overwrite a fixed key of an action's `data`.
    InputShadowsData = "input-shadows-data": Warning,
    /// A URL whose scheme is not allowed where it is used (`javascript:`, `file:`, …).
    UnsafeUrl = "unsafe-url": Error,
    /// A URL that cannot be parsed, or a relative link.
    InvalidUrl = "invalid-url": Error,
    /// A harmless URL this host does not open (an app's own scheme); it is left out.
    UnsupportedUrl = "unsupported-url": Warning,
    /// A relative image URL: shown only when the host resolves it against a base URL.
    RelativeUrl = "relative-url": Info,
    /// An input's `regex` does not compile.
    InvalidRegex = "invalid-regex": Error,
    /// `min` is greater than `max`.
    MinGreaterThanMax = "min-greater-than-max": Error,
    /// A value does not fit its input (a date that is not `YYYY-MM-DD`, say).
    InvalidValue = "invalid-value": Warning,
    /// An `Action.ShowCard` where it cannot expand (as a `selectAction`).
    ShowCardNotAllowed = "show-card-not-allowed": Warning,
    /// A choice set without choices.
    EmptyChoices = "empty-choices": Warning,
    /// A card template could not be expanded with its data.
    TemplateError = "template-error": Error,
    /// A template expression that could not be resolved was left in the card as `${...}`.
    TemplateUnresolved = "template-unresolved": Warning,
}

impl JsonSchema for Code {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "DiagnosticCode".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let names: Vec<&str> = Code::ALL.iter().map(|c| c.as_str()).collect();
        schemars::json_schema!({
            "description": "A stable identifier of a kind of finding.",
            "type": "string",
            "enum": names
        })
    }
}

/// One finding about a card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Diagnostic {
    /// How bad it is.
    pub severity: Severity,
    /// What kind of finding it is.
    pub code: Code,
    /// Where in the document, as a JSON pointer (RFC 6901); `""` is the root.
    pub pointer: String,
    /// 1-based line of that place in the source, when the source text is known.
    pub line: Option<usize>,
    /// 1-based column (in characters) of that place, when the source text is known.
    pub column: Option<usize>,
    /// What is wrong, for a person.
    pub message: String,
}

impl Diagnostic {
    /// A finding with the code's own severity and no source position yet.
    pub fn new(code: Code, pointer: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            severity: code.severity(),
            code,
            pointer: pointer.into(),
            line: None,
            column: None,
            message: message.into(),
        }
    }

    /// The same finding with another severity.
    #[must_use]
    pub fn with_severity(mut self, severity: Severity) -> Self {
        self.severity = severity;
        self
    }

    /// Whether this finding makes the card invalid.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Diagnostic {
    /// `line:col: error[code]: message (at /pointer)`, the way compilers print.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let (Some(line), Some(column)) = (self.line, self.column) {
            write!(f, "{line}:{column}: ")?;
        }
        write!(f, "{}[{}]: {}", self.severity, self.code, self.message)?;
        if self.pointer.is_empty() {
            f.write_str(" (at the root)")
        } else {
            write!(f, " (at {})", self.pointer)
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
                    .all(|c| c.is_ascii_lowercase() || c == '-' || c.is_ascii_digit()),
                "{code} is not kebab-case"
            );
        }
    }

    #[test]
    fn displays_like_a_compiler() {
        let mut d = Diagnostic::new(Code::InvalidRegex, "/body/1/regex", "bad regex");
        d.line = Some(3);
        d.column = Some(7);
        assert_eq!(
            d.to_string(),
            "3:7: error[invalid-regex]: bad regex (at /body/1/regex)"
        );
    }
}
