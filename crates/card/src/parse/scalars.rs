//! Reading property values from JSON scalars: strings, booleans, numbers, the card
//! enumerations and sizes.

use compact_str::CompactString;

use super::reader::{FromScalar, Invalid};
use super::seeds::Scalar;
use crate::diagnostic::Code;
use crate::enums::CardEnum;
use crate::model::{ColumnWidth, Dimension, Px};

/// Model strings: short ones are kept inline, without an allocation of their own.
impl FromScalar for CompactString {
    const EXPECTED: &'static str = "a string";
    fn from_scalar(scalar: Scalar<'_>) -> Result<Self, Invalid> {
        match scalar {
            Scalar::Str(s) => Ok(s.into_compact()),
            _ => Err(Self::wrong_type()),
        }
    }
}

impl FromScalar for bool {
    const EXPECTED: &'static str = "a boolean";
    fn from_scalar(scalar: Scalar<'_>) -> Result<Self, Invalid> {
        match scalar {
            Scalar::Bool(b) => Ok(b),
            // Official renderers read "true"/"false" strings too, and templates produce them.
            Scalar::Str(s) if s.as_str().eq_ignore_ascii_case("true") => Ok(true),
            Scalar::Str(s) if s.as_str().eq_ignore_ascii_case("false") => Ok(false),
            _ => Err(Self::wrong_type()),
        }
    }
}

impl FromScalar for f64 {
    const EXPECTED: &'static str = "a number";
    fn from_scalar(scalar: Scalar<'_>) -> Result<Self, Invalid> {
        let n = match scalar {
            Scalar::Number(n) => Some(n),
            // Templates turn numbers into strings when text surrounds the expression.
            Scalar::Str(s) => s.as_str().trim().parse::<f64>().ok(),
            _ => None,
        };
        n.filter(|n| n.is_finite()).ok_or_else(Self::wrong_type)
    }
}

impl FromScalar for u32 {
    const EXPECTED: &'static str = "a whole number of at least 0";
    fn from_scalar(scalar: Scalar<'_>) -> Result<Self, Invalid> {
        let n = f64::from_scalar(scalar).map_err(|_| Self::wrong_type())?;
        if n >= 0.0 && n <= f64::from(u32::MAX) && n.fract() == 0.0 {
            #[expect(
                clippy::cast_possible_truncation,
                clippy::cast_sign_loss,
                reason = "range and fraction checked above"
            )]
            Ok(n as u32)
        } else {
            Err(Self::wrong_type())
        }
    }
}

/// Every card enumeration reads from a string, ignoring case; an unknown value is reported.
impl<E: CardEnum> FromScalar for E {
    const EXPECTED: &'static str = "a string";
    fn from_scalar(scalar: Scalar<'_>) -> Result<Self, Invalid> {
        let Scalar::Str(s) = scalar else {
            return Err(Self::wrong_type());
        };
        E::parse(s.as_str()).ok_or_else(|| {
            Invalid::Report(
                Code::UnknownEnumValue,
                format!(
                    "unknown {} `{}`, expected {}; the default is used",
                    E::NAME,
                    s.as_str(),
                    E::expected()
                ),
            )
        })
    }
}

impl FromScalar for Px {
    const EXPECTED: &'static str = "a size in pixels such as \"50px\"";
    fn from_scalar(scalar: Scalar<'_>) -> Result<Self, Invalid> {
        size_from_str(scalar, Px::parse)
    }
}

impl FromScalar for Dimension {
    const EXPECTED: &'static str = "\"auto\", \"stretch\" or a size such as \"50px\"";
    fn from_scalar(scalar: Scalar<'_>) -> Result<Self, Invalid> {
        size_from_str(scalar, Dimension::parse)
    }
}

/// A size written as a string, read by `parse`; a string it refuses is reported.
fn size_from_str<T: FromScalar>(
    scalar: Scalar<'_>,
    parse: impl FnOnce(&str) -> Option<T>,
) -> Result<T, Invalid> {
    let Scalar::Str(s) = scalar else {
        return Err(T::wrong_type());
    };
    parse(s.as_str()).ok_or_else(|| not_a_size::<T>(&format!("`{}`", s.as_str())))
}

/// What a value that is not a size of `T` is, `shown` as the card wrote it.
fn not_a_size<T: FromScalar>(shown: &str) -> Invalid {
    Invalid::Report(
        Code::InvalidDimension,
        format!("{shown} is not {}; it is ignored", T::EXPECTED),
    )
}

impl FromScalar for ColumnWidth {
    const EXPECTED: &'static str = "\"auto\", \"stretch\", a weight or a size such as \"50px\"";
    fn from_scalar(scalar: Scalar<'_>) -> Result<Self, Invalid> {
        let width = match &scalar {
            Scalar::Number(n) => ColumnWidth::from_weight(*n),
            Scalar::Str(s) => ColumnWidth::parse(s.as_str()),
            _ => {
                return Err(Self::wrong_type());
            }
        };
        width.ok_or_else(|| {
            let shown = match &scalar {
                Scalar::Number(n) => n.to_string(),
                Scalar::Str(s) => format!("\"{}\"", s.as_str()),
                _ => String::new(),
            };
            not_a_size::<Self>(&shown)
        })
    }
}
