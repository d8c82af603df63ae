//! The per-session secret: 32 random bytes as hex, compared in constant time.

use crate::HtmlError;

/// A bridge session's secret token.
#[derive(Clone)]
pub(crate) struct Token(String);

impl std::fmt::Debug for Token {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Token(…)")
    }
}

impl Token {
    /// A fresh token from the operating system's random source.
    pub(crate) fn generate() -> Result<Self, HtmlError> {
        let mut bytes = [0_u8; 32];
        getrandom::fill(&mut bytes).map_err(|e| HtmlError::Random(e.to_string()))?;
        Ok(Self(hex(&bytes)))
    }

    /// The token as written in URLs.
    pub(crate) fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether `candidate` is this token; the time taken does not depend on where they differ.
    pub(crate) fn matches(&self, candidate: &str) -> bool {
        constant_time_eq(self.0.as_bytes(), candidate.as_bytes())
    }
}

/// Lowercase hex of `bytes`.
pub(crate) fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        for nibble in [b >> 4, b & 0x0f] {
            out.push(char::from(
                DIGITS.get(usize::from(nibble)).copied().unwrap_or(b'0'),
            ));
        }
    }
    out
}

/// Compares two byte strings without an early exit on the first difference. The length is not
/// secret (every token has 64 characters).
fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let diff = a.iter().zip(b).fold(0_u8, |acc, (x, y)| acc | (x ^ y));
    std::hint::black_box(diff) == 0
}

/// A random nonce for a page's inline script and style (16 bytes, hex).
pub(crate) fn nonce() -> Result<String, HtmlError> {
    let mut bytes = [0_u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| HtmlError::Random(e.to_string()))?;
    Ok(hex(&bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_64_hex_digits_and_differ() {
        let a = Token::generate().unwrap_or_else(|_| Token(String::new()));
        let b = Token::generate().unwrap_or_else(|_| Token(String::new()));
        assert_eq!(a.as_str().len(), 64);
        assert!(a.as_str().bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a.as_str(), b.as_str());
        assert!(a.matches(a.as_str()));
        assert!(!a.matches(b.as_str()));
        assert!(!a.matches(""));
        assert!(!a.matches(&a.as_str()[..63]));
    }
}
