//! JSON pointers (RFC 6901) with A2UI's extension: a path without a leading `/` is relative
//! to the scope it is read in (a template's item), and `/` alone is the whole data model.

use std::fmt;

use crate::error::A2uiError;

/// A parsed path: absolute (from the data model's root) or relative (from a scope).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Pointer {
    tokens: Vec<String>,
    absolute: bool,
}

impl Pointer {
    /// The whole data model.
    #[must_use]
    pub fn root() -> Self {
        Self {
            tokens: Vec::new(),
            absolute: true,
        }
    }

    /// Reads a path as written in a binding: `""` and `/` are the root, `/a/b` is
    /// absolute, `a/b` is relative. `~0` and `~1` are the only escapes.
    pub fn parse(text: &str) -> Result<Self, A2uiError> {
        if text.is_empty() || text == "/" {
            return Ok(Self::root());
        }
        let (absolute, body) = match text.strip_prefix('/') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let tokens = body
            .split('/')
            .map(|raw| unescape(raw).ok_or_else(|| invalid(text)))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Self { tokens, absolute })
    }

    /// Reads a path that must be absolute (`updateDataModel`'s `path`).
    pub fn parse_absolute(text: &str) -> Result<Self, A2uiError> {
        let pointer = Self::parse(text)?;
        if pointer.absolute {
            Ok(pointer)
        } else {
            Err(A2uiError::InvalidPointer {
                pointer: text.to_owned(),
                reason: "it must start with `/`",
            })
        }
    }

    /// Whether it starts from the data model's root.
    #[must_use]
    pub fn is_absolute(&self) -> bool {
        self.absolute
    }

    /// The unescaped reference tokens.
    #[must_use]
    pub fn tokens(&self) -> &[String] {
        &self.tokens
    }

    /// This pointer read in `scope`: an absolute pointer stays as it is, a relative one is
    /// appended to the scope.
    #[must_use]
    pub fn in_scope(&self, scope: &Pointer) -> Pointer {
        if self.absolute {
            return self.clone();
        }
        let mut tokens = scope.tokens.clone();
        tokens.extend(self.tokens.iter().cloned());
        Pointer {
            tokens,
            absolute: true,
        }
    }

    /// The pointer one token further down.
    #[must_use]
    pub fn child(&self, token: impl Into<String>) -> Pointer {
        let mut tokens = self.tokens.clone();
        tokens.push(token.into());
        Pointer {
            tokens,
            absolute: self.absolute,
        }
    }
}

fn invalid(text: &str) -> A2uiError {
    A2uiError::InvalidPointer {
        pointer: text.to_owned(),
        reason: "`~` must be followed by `0` or `1`",
    }
}

fn unescape(raw: &str) -> Option<String> {
    if !raw.contains('~') {
        return Some(raw.to_owned());
    }
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c == '~' {
            match chars.next() {
                Some('0') => out.push('~'),
                Some('1') => out.push('/'),
                _ => return None,
            }
        } else {
            out.push(c);
        }
    }
    Some(out)
}

impl fmt::Display for Pointer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.tokens.is_empty() {
            return f.write_str(if self.absolute { "/" } else { "" });
        }
        let mut out = String::new();
        for token in &self.tokens {
            crate::diagnostic::push_token(&mut out, token);
        }
        if self.absolute {
            f.write_str(&out)
        } else {
            f.write_str(out.get(1..).unwrap_or_default())
        }
    }
}

/// An array index token: digits only, no leading zero (RFC 6901).
pub(crate) fn index(token: &str) -> Option<usize> {
    if token.is_empty()
        || !token.bytes().all(|b| b.is_ascii_digit())
        || (token.len() > 1 && token.starts_with('0'))
    {
        return None;
    }
    token.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_absolute_relative_and_escapes() {
        let p = Pointer::parse("/a~1b/m~0n/0").unwrap_or_default();
        assert!(p.is_absolute());
        assert_eq!(p.tokens(), ["a/b", "m~n", "0"]);
        assert_eq!(p.to_string(), "/a~1b/m~0n/0");
        let r = Pointer::parse("name/first").unwrap_or_default();
        assert!(!r.is_absolute());
        assert_eq!(r.to_string(), "name/first");
        assert_eq!(
            r.in_scope(&Pointer::parse("/users/3").unwrap_or_default())
                .to_string(),
            "/users/3/name/first"
        );
        assert_eq!(Pointer::parse("/").unwrap_or_default(), Pointer::root());
    }

    #[test]
    fn refuses_bad_escapes_and_relative_updates() {
        assert!(Pointer::parse("/a~2").is_err());
        assert!(Pointer::parse("/a~").is_err());
        assert!(Pointer::parse_absolute("user/name").is_err());
    }

    #[test]
    fn indices() {
        assert_eq!(index("0"), Some(0));
        assert_eq!(index("12"), Some(12));
        assert_eq!(index("01"), None);
        assert_eq!(index("-"), None);
        assert_eq!(index(""), None);
    }
}
