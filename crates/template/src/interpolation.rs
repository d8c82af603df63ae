//! Splitting template strings into literal text and `${...}` expressions.
//!
//! Mirrors how the official engine wraps a string in backquotes and lexes it as an
//! Adaptive Expressions string interpolation: a `${` only opens an expression when a
//! well-formed `${...}` follows on the same line (braces inside must be quoted strings
//! or object literals), otherwise it is plain text; `\$` and `` \` `` are escapes.

use crate::ast::Expr;
use crate::lexer::{identifier_prefix_len, quoted_len};
use crate::parser;

/// One part of an interpolated string.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Piece {
    /// Literal text.
    Text(String),
    /// An embedded expression.
    Expr {
        /// The expression source, without `${` `}`.
        source: String,
        /// The parsed expression.
        expr: Expr,
    },
}

/// A template string after parsing.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum StringTemplate {
    /// The string is exactly one non-literal `${expr}`: its value keeps its JSON type.
    Single {
        /// The expression source.
        source: String,
        /// The parsed expression.
        expr: Expr,
    },
    /// Text and expressions concatenated into a string.
    Concat(Vec<Piece>),
}

/// A syntax error in one embedded expression.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SyntaxError {
    /// The expression source.
    pub source: String,
    /// What is wrong.
    pub message: String,
}

/// Parses a string that contains `${`. Without any well-formed `${...}` the result is
/// a `Concat` of text only (escapes resolved), as upstream.
pub(crate) fn parse_template_string(
    s: &str,
    max_depth: usize,
) -> Result<StringTemplate, SyntaxError> {
    let mut pieces: Vec<Piece> = Vec::new();
    let mut text = String::new();
    let mut i = 0;
    while let Some(rest) = s.get(i..) {
        let Some(c) = rest.chars().next() else { break };
        if c == '\\' && (rest.starts_with("\\$") || rest.starts_with("\\`")) {
            text.push_str(rest.get(1..2).unwrap_or(""));
            i += 2;
            continue;
        }
        if let Some(len) = rest
            .starts_with("${")
            .then(|| template_len(rest, max_depth))
            .flatten()
        {
            {
                if !text.is_empty() {
                    pieces.push(Piece::Text(std::mem::take(&mut text)));
                }
                let source = trim_expression(rest.get(..len).unwrap_or(""));
                let expr = parser::parse(&source, max_depth).map_err(|message| SyntaxError {
                    source: source.clone(),
                    message,
                })?;
                pieces.push(Piece::Expr { source, expr });
                i += len;
                continue;
            }
        }
        text.push(c);
        i += c.len_utf8();
    }
    if !text.is_empty() {
        pieces.push(Piece::Text(text));
    }
    if let [Piece::Expr { source, expr }] = pieces.as_slice()
        && !expr.is_constant()
    {
        // The engine joins a top-level `concat(...)` (or `&`) itself, piece by piece,
        // exactly like interpolated text: lists print as JavaScript `toString`.
        if let Expr::Call { name, args } = expr
            && name == "concat"
        {
            let parts = args
                .iter()
                .map(|a| Piece::Expr {
                    source: a.to_string(),
                    expr: a.clone(),
                })
                .collect();
            return Ok(StringTemplate::Concat(parts));
        }
        return Ok(StringTemplate::Single {
            source: source.clone(),
            expr: expr.clone(),
        });
    }
    Ok(StringTemplate::Concat(pieces))
}

/// Upstream `trimExpression`: drop `$`, then one pair of braces, trimming around each.
fn trim_expression(template: &str) -> String {
    let t = template.trim();
    let t = t.strip_prefix('$').unwrap_or(t).trim();
    let t = t
        .strip_prefix('{')
        .and_then(|x| x.strip_suffix('}'))
        .unwrap_or(t);
    t.trim().to_owned()
}

/// Length of the `${...}` token at the start of `rest`, per the upstream lexer rule
/// `TEMPLATE`: `${`, then quoted strings, object literals or any character but line
/// breaks, braces, quotes and backquotes, then `}`.
fn template_len(rest: &str, max_depth: usize) -> Option<usize> {
    let mut j = 2;
    let mut items = 0;
    loop {
        let tail = rest.get(j..)?;
        let c = tail.chars().next()?;
        match c {
            '}' => return if items > 0 { Some(j + 1) } else { None },
            '\'' | '"' => j += quoted_len(tail)?,
            '{' => j += object_len(tail, 0, max_depth)?,
            '\r' | '\n' | '`' => return None,
            other => j += other.len_utf8(),
        }
        items += 1;
    }
}

fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\u{feff}' | '\u{a0}')
}

/// Length of an upstream `OBJECT_DEFINITION` at the start of `rest`: `{`, then
/// whitespace or `key:value` runs (key an identifier or quoted string, value made of
/// strings, nested objects or plain characters), then `}`.
fn object_len(rest: &str, depth: usize, max_depth: usize) -> Option<usize> {
    if depth > max_depth {
        return None;
    }
    let mut j = 1;
    loop {
        let tail = rest.get(j..)?;
        let c = tail.chars().next()?;
        if is_space(c) {
            j += c.len_utf8();
            continue;
        }
        if c == '}' {
            return Some(j + 1);
        }
        j += if c == '\'' || c == '"' {
            quoted_len(tail)?
        } else {
            identifier_prefix_len(tail)?
        };
        if rest.get(j..)?.starts_with(':') {
            j += 1;
        } else {
            return None;
        }
        let mut values = 0;
        loop {
            let tail = rest.get(j..)?;
            let c = tail.chars().next()?;
            match c {
                '}' => break,
                '\'' | '"' => j += quoted_len(tail)?,
                '{' => j += object_len(tail, depth + 1, max_depth)?,
                '\r' | '\n' | '`' => return None,
                other => j += other.len_utf8(),
            }
            values += 1;
        }
        if values == 0 {
            return None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pieces(s: &str) -> Vec<String> {
        match parse_template_string(s, 100).unwrap() {
            StringTemplate::Single { source, .. } => vec![format!("single:{source}")],
            StringTemplate::Concat(p) => p
                .into_iter()
                .map(|p| match p {
                    Piece::Text(t) => format!("text:{t}"),
                    Piece::Expr { source, .. } => format!("expr:{source}"),
                })
                .collect(),
        }
    }

    #[test]
    fn splits_text_and_expressions() {
        assert_eq!(pieces("${a.b}"), vec!["single:a.b"]);
        assert_eq!(
            pieces("Hi ${name}!"),
            vec!["text:Hi ", "expr:name", "text:!"]
        );
        assert_eq!(pieces("$${x}"), vec!["text:$", "expr:x"]);
        assert_eq!(pieces("${1}"), vec!["expr:1"]);
        assert_eq!(pieces("x${'}'}y"), vec!["text:x", "expr:'}'", "text:y"]);
        assert_eq!(pieces("${ {a: 1} }"), vec!["single:{a: 1}"]);
    }

    #[test]
    fn malformed_markers_stay_text() {
        assert_eq!(pieces("${a"), vec!["text:${a"]);
        assert_eq!(pieces("${}"), vec!["text:${}"]);
        assert_eq!(pieces("\\${x}"), vec!["text:${x}"]);
        assert_eq!(pieces("${a\n}"), vec!["text:${a\n}"]);
    }

    #[test]
    fn syntax_errors_name_the_expression() {
        let err = parse_template_string("a ${1 2} b", 100).unwrap_err();
        assert_eq!(err.source, "1 2");
    }
}
