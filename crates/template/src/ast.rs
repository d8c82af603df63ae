//! Expression tree and its upstream-compatible text form.
//!
//! `Display` reproduces Adaptive Expressions' `Expression.toString()`, because the
//! official engine writes a failed expression back into interpolated text as
//! `${` + `toString()` + `}` (e.g. `${(5.5 % 2)}`), and outputs should match.

use std::fmt;

use serde_json::Value;

use crate::js;

/// A parsed expression.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Expr {
    /// A literal; `None` is the `undefined` literal.
    Literal(Option<Value>),
    /// `name` or `base.name` (upstream `Accessor`).
    Path {
        /// Property or root name.
        name: String,
        /// The expression the property is read from; `None` for a root name.
        base: Option<Box<Expr>>,
    },
    /// `base[index]` (upstream `Element`).
    Index {
        /// The collection.
        base: Box<Expr>,
        /// The index or key.
        index: Box<Expr>,
    },
    /// A function call or an operator, under its canonical name (`+`, `==`, `concat`...).
    Call {
        /// Canonical function name.
        name: String,
        /// Arguments; a lambda `x => body` is two arguments, `x` and `body`.
        args: Vec<Expr>,
    },
    /// `{key: value, ...}` object creation.
    Object(Vec<(String, Expr)>),
}

impl Expr {
    /// True for literals, which upstream treats as constants (a string that is exactly
    /// `${1}` therefore stays a string).
    pub(crate) fn is_constant(&self) -> bool {
        matches!(self, Self::Literal(_))
    }

    /// The root name when this is a plain identifier (lambda parameters must be).
    pub(crate) fn as_identifier(&self) -> Option<&str> {
        match self {
            Self::Path { name, base: None } => Some(name),
            _ => None,
        }
    }
}

/// Writes a constant the way upstream `Constant.toString()` does.
fn write_literal(f: &mut fmt::Formatter<'_>, value: Option<&Value>) -> fmt::Result {
    match value {
        None => f.write_str("undefined"),
        Some(Value::Null) => f.write_str("null"),
        Some(Value::Bool(b)) => write!(f, "{b}"),
        Some(Value::Number(n)) => f.write_str(&js::json_number_to_string(n)),
        Some(Value::String(s)) => {
            let doubled = s.replace('\\', "\\\\");
            let mut out = String::with_capacity(doubled.len() + 2);
            let mut previous = None;
            for c in doubled.chars() {
                if c == '\'' && previous != Some('\\') {
                    out.push('\\');
                }
                out.push(c);
                previous = Some(c);
            }
            write!(f, "'{out}'")
        }
        Some(other) => write!(f, "{other}"),
    }
}

fn is_infix(name: &str, arity: usize) -> bool {
    arity >= 2
        && name
            .chars()
            .next()
            .is_some_and(|c| !c.is_ascii_alphabetic())
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Literal(value) => write_literal(f, value.as_ref()),
            Self::Path { name, base: None } => f.write_str(name),
            Self::Path {
                name,
                base: Some(base),
            } => write!(f, "{base}.{name}"),
            Self::Index { base, index } => write!(f, "{base}[{index}]"),
            Self::Call { name, args } => {
                let infix = is_infix(name, args.len());
                if !infix {
                    f.write_str(name)?;
                }
                f.write_str("(")?;
                for (i, arg) in args.iter().enumerate() {
                    if i > 0 {
                        if infix {
                            write!(f, " {name} ")?;
                        } else {
                            f.write_str(", ")?;
                        }
                    }
                    write!(f, "{arg}")?;
                }
                f.write_str(")")
            }
            Self::Object(pairs) => {
                // Upstream builds `{a: 1}` as setProperty(json('{}'), 'a', 1).
                for _ in pairs {
                    f.write_str("setProperty(")?;
                }
                f.write_str("json('{}')")?;
                for (key, value) in pairs {
                    write!(f, ", ")?;
                    write_literal(f, Some(&Value::String(key.clone())))?;
                    write!(f, ", {value})")?;
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(v: Value) -> Expr {
        Expr::Literal(Some(v))
    }

    #[test]
    fn displays_like_upstream() {
        let e = Expr::Call {
            name: "%".into(),
            args: vec![lit(5.5.into()), lit(2.into())],
        };
        assert_eq!(e.to_string(), "(5.5 % 2)");
        let not = Expr::Call {
            name: "!".into(),
            args: vec![Expr::Path {
                name: "x".into(),
                base: None,
            }],
        };
        assert_eq!(not.to_string(), "!(x)");
        let call = Expr::Call {
            name: "nope".into(),
            args: vec![lit("it's".into())],
        };
        assert_eq!(call.to_string(), r"nope('it\'s')");
        let path = Expr::Index {
            base: Box::new(Expr::Path {
                name: "a".into(),
                base: None,
            }),
            index: Box::new(lit(0.into())),
        };
        assert_eq!(
            Expr::Path {
                name: "b".into(),
                base: Some(Box::new(path))
            }
            .to_string(),
            "a[0].b"
        );
    }
}
