//! What every checker's findings share (the card checker's and the A2UI checker's): how bad a
//! finding is, and the way a checker declares its stable codes. Each checker keeps its own codes
//! and its own diagnostic (where a finding is differs: a card's place, a stream's message).

use std::fmt;

use schemars::JsonSchema;
use serde::Serialize;

/// How bad a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Worth knowing; nothing is wrong (an unknown property that is kept, say).
    Info,
    /// It is shown, but something was ignored, cut, dropped or left as a placeholder.
    Warning,
    /// It breaks the format or the protocol: a card is not shown or submitted as it is, a
    /// message (or part of it) is refused.
    Error,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Info => "info",
            Self::Warning => "warning",
            Self::Error => "error",
        })
    }
}

/// Declares a checker's `Code` enum: each variant with its stable kebab-case name and its
/// [`Severity`], and `Code::ALL`, `Code::as_str` and `Code::severity`; a code is displayed and
/// serialized as its name.
#[macro_export]
macro_rules! finding_codes {
    ($( $(#[doc = $doc:literal])* $variant:ident = $text:literal : $severity:ident ),+ $(,)?) => {
        /// A stable identifier of a kind of finding. Tools may match on the string form
        /// ([`Code::as_str`]); it never changes once published.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Code {
            $( $(#[doc = $doc])* $variant ),+
        }

        impl Code {
            /// Every code, for documentation and tests.
            pub const ALL: &'static [Code] = &[$(Code::$variant),+];

            /// The stable, kebab-case name of the code.
            pub const fn as_str(self) -> &'static str {
                match self { $(Self::$variant => $text),+ }
            }

            /// How severe findings with this code are.
            pub const fn severity(self) -> $crate::Severity {
                match self { $(Self::$variant => $crate::Severity::$severity),+ }
            }
        }

        impl ::core::fmt::Display for Code {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl $crate::__serde::Serialize for Code {
            fn serialize<S: $crate::__serde::Serializer>(
                &self,
                serializer: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn severities_are_ordered_and_named_as_serialized() {
        assert!(Severity::Info < Severity::Warning && Severity::Warning < Severity::Error);
        for severity in [Severity::Info, Severity::Warning, Severity::Error] {
            assert_eq!(
                serde_json::to_value(severity).ok(),
                Some(serde_json::Value::String(severity.to_string()))
            );
        }
    }

    finding_codes! {
        /// A made-up code.
        Odd = "odd": Warning,
    }

    #[test]
    fn codes_carry_their_name_and_severity() {
        assert_eq!(Code::ALL, &[Code::Odd]);
        assert_eq!(Code::Odd.as_str(), "odd");
        assert_eq!(Code::Odd.severity(), Severity::Warning);
        assert_eq!(Code::Odd.to_string(), "odd");
        assert_eq!(serde_json::to_value(Code::Odd).ok(), Some("odd".into()));
    }
}
