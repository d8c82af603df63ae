//! Tokenizer for the Adaptive Expressions language (the text inside `${...}`).
//!
//! It follows the official ANTLR lexer rules, quirks included: identifiers may start
//! with `$ # @ @@ %` (so `a %2` lexes `%2` as an identifier, as upstream does), numbers
//! have no exponent part, and strings take `'...'` or `"..."` with backslash escapes.

/// One token.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Token {
    /// A numeric literal.
    Number(f64),
    /// A string literal, escapes already resolved.
    Str(String),
    /// An identifier (also `true`, `false`, `null`, `undefined`).
    Ident(String),
    /// An operator or punctuation mark.
    Punct(&'static str),
}

/// A token with the byte offset where it starts, for error messages.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Spanned {
    pub token: Token,
    pub offset: usize,
}

/// Punctuation, longest first so that `==` wins over `=` and so on.
const PUNCTUATION: [&str; 29] = [
    "==", "!=", "<>", "&&", "||", "<=", ">=", "=>", "??", "+", "-", "!", "^", "*", "/", "%", "&",
    "<", ">", "(", ")", ".", "[", "]", "{", "}", ",", ":", "?",
];

/// Splits an expression into tokens.
pub(crate) fn tokenize(src: &str) -> Result<Vec<Spanned>, String> {
    let mut out = Vec::new();
    let mut i = 0;
    let bytes = src.as_bytes();
    while i < src.len() {
        let rest = src.get(i..).unwrap_or("");
        let Some(c) = rest.chars().next() else { break };
        if matches!(c, ' ' | '\t' | '\n' | '\u{feff}' | '\u{a0}') {
            i += c.len_utf8();
            continue;
        }
        if c == '\r' && bytes.get(i + 1) == Some(&b'\n') {
            i += 2;
            continue;
        }
        let start = i;
        if c.is_ascii_digit() {
            let (len, value) = lex_number(rest);
            out.push(Spanned {
                token: Token::Number(value),
                offset: start,
            });
            i += len;
        } else if c == '\'' || c == '"' {
            let (len, value) = lex_string(rest)
                .ok_or_else(|| format!("unterminated string starting at offset {start}"))?;
            out.push(Spanned {
                token: Token::Str(value),
                offset: start,
            });
            i += len;
        } else if let Some(len) = identifier_len(rest) {
            out.push(Spanned {
                token: Token::Ident(rest.get(..len).unwrap_or("").to_owned()),
                offset: start,
            });
            i += len;
        } else if let Some(p) = PUNCTUATION.iter().find(|p| rest.starts_with(**p)) {
            out.push(Spanned {
                token: Token::Punct(p),
                offset: start,
            });
            i += p.len();
        } else {
            return Err(format!("unexpected character {c:?} at offset {start}"));
        }
    }
    Ok(out)
}

fn lex_number(rest: &str) -> (usize, f64) {
    let b = rest.as_bytes();
    let mut len = b.iter().take_while(|c| c.is_ascii_digit()).count();
    if b.get(len) == Some(&b'.') && b.get(len + 1).is_some_and(u8::is_ascii_digit) {
        len += 1 + b
            .iter()
            .skip(len + 1)
            .take_while(|c| c.is_ascii_digit())
            .count();
    }
    let value = rest.get(..len).and_then(|s| s.parse().ok()).unwrap_or(0.0);
    (len, value)
}

/// Length of the identifier at the start of `rest`, if there is one.
///
/// `IDENTIFIER : (LETTER | '_' | '#' | '@' | '@@' | '$' | '%') (LETTER | DIGIT | '_')*`;
/// a bare `%` is the modulo operator because that rule comes first for equal lengths.
fn identifier_len(rest: &str) -> Option<usize> {
    let b = rest.as_bytes();
    let first = *b.first()?;
    let head = match first {
        b'@' if b.get(1) == Some(&b'@') => 2,
        b'a'..=b'z' | b'A'..=b'Z' | b'_' | b'#' | b'$' | b'@' | b'%' => 1,
        _ => return None,
    };
    let tail = b
        .iter()
        .skip(head)
        .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_')
        .count();
    if first == b'%' && tail == 0 {
        return None;
    }
    Some(head + tail)
}

/// Scans a quoted string at the start of `rest`; returns its byte length and value.
///
/// A backslash before the quote or another backslash is an escape while scanning;
/// afterwards `\r \n \t \\` are resolved and other backslashes stay literal, as in
/// `visitStringAtom` + `evalEscape` upstream.
pub(crate) fn lex_string(rest: &str) -> Option<(usize, String)> {
    let len = quoted_len(rest)?;
    let quote = rest.chars().next()?;
    let inner = rest.get(1..len - 1)?;
    let unquoted = inner.replace(&format!("\\{quote}"), &quote.to_string());
    let mut value = String::with_capacity(unquoted.len());
    let mut chars = unquoted.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            value.push(c);
            continue;
        }
        match chars.peek().copied() {
            Some('r') => value.push('\r'),
            Some('n') => value.push('\n'),
            Some('t') => value.push('\t'),
            Some('\\') => value.push('\\'),
            Some(other) if other != '\r' && other != '\n' => {
                value.push('\\');
                value.push(other);
            }
            _ => {
                value.push('\\');
                continue;
            }
        }
        chars.next();
    }
    Some((len, value))
}

/// Byte length of the quoted string starting `rest` (quotes included), or `None` if
/// it is not terminated.
pub(crate) fn quoted_len(rest: &str) -> Option<usize> {
    let b = rest.as_bytes();
    let quote = *b.first()?;
    let mut i = 1;
    while let Some(&c) = b.get(i) {
        if c == b'\\' && matches!(b.get(i + 1), Some(&n) if n == quote || n == b'\\') {
            i += 2;
        } else if c == quote {
            return Some(i + 1);
        } else {
            i += 1;
        }
    }
    None
}

/// Byte length of the identifier at the start of `rest` (for the interpolation scanner).
pub(crate) fn identifier_prefix_len(rest: &str) -> Option<usize> {
    identifier_len(rest)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<Token> {
        tokenize(src)
            .unwrap()
            .into_iter()
            .map(|s| s.token)
            .collect()
    }

    #[test]
    fn operators_take_the_longest_match() {
        assert_eq!(
            kinds("a<=b<>c&&!d"),
            vec![
                Token::Ident("a".into()),
                Token::Punct("<="),
                Token::Ident("b".into()),
                Token::Punct("<>"),
                Token::Ident("c".into()),
                Token::Punct("&&"),
                Token::Punct("!"),
                Token::Ident("d".into()),
            ]
        );
    }

    #[test]
    fn percent_starts_an_identifier_when_followed_by_a_word_character() {
        assert_eq!(kinds("5 % 3")[1], Token::Punct("%"));
        assert_eq!(kinds("5 %3")[1], Token::Ident("%3".into()));
    }

    #[test]
    fn strings_resolve_escapes() {
        assert_eq!(kinds(r"'it\'s\n'"), vec![Token::Str("it's\n".into())]);
        assert_eq!(kinds(r#""a\"b\x""#), vec![Token::Str("a\"b\\x".into())]);
        assert!(tokenize("'open").is_err());
    }

    #[test]
    fn numbers_have_no_exponent() {
        assert_eq!(kinds("1.5"), vec![Token::Number(1.5)]);
        assert_eq!(
            kinds("1e3"),
            vec![Token::Number(1.0), Token::Ident("e3".into())]
        );
    }
}
