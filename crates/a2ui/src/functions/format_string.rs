//! `formatString`: text with `${…}` expressions (a data path, a literal, a function call
//! with named arguments, or a nested `${…}`), `\${` for a literal `${`. Parsing nests at most
//! [`crate::MAX_CALL_DEPTH`] deep; the result is cut at the text bound.

use serde_json::{Map, Value};

use super::Args;
use crate::coerce;
use crate::dynamic::FunctionCall;
use crate::error::A2uiError;
use crate::limits::{MAX_CALL_DEPTH, truncate_text};

/// A piece of a template.
#[derive(Debug, Clone, PartialEq)]
pub enum Part {
    /// Text as it is.
    Text(String),
    /// A `${…}` expression.
    Expr(Expr),
}

/// An expression inside `${…}`.
#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    /// A quoted string, a number, `true`, `false` or `null`.
    Literal(Value),
    /// A data path (absolute or relative).
    Path(String),
    /// `name(arg: expr, …)`.
    Call {
        /// The function.
        name: String,
        /// Its named arguments, in order.
        args: Vec<(String, Expr)>,
    },
}

/// Reads a template into text and expressions.
pub fn parse_template(template: &str) -> Result<Vec<Part>, A2uiError> {
    let mut parser = Parser {
        text: template,
        bytes: template.as_bytes(),
        pos: 0,
    };
    let mut parts = Vec::new();
    let mut literal = String::new();
    while parser.pos < parser.bytes.len() {
        if parser.rest().starts_with("\\${") {
            literal.push_str("${");
            parser.pos += 3;
        } else if parser.rest().starts_with("${") {
            if !literal.is_empty() {
                parts.push(Part::Text(std::mem::take(&mut literal)));
            }
            parts.push(Part::Expr(parser.block(0)?));
        } else {
            let c = parser.rest().chars().next().unwrap_or_default();
            literal.push(c);
            parser.pos += c.len_utf8();
        }
    }
    if !literal.is_empty() {
        parts.push(Part::Text(literal));
    }
    Ok(parts)
}

struct Parser<'t> {
    text: &'t str,
    bytes: &'t [u8],
    pos: usize,
}

impl Parser<'_> {
    fn rest(&self) -> &str {
        self.text.get(self.pos..).unwrap_or_default()
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn fail(&self, reason: &'static str) -> A2uiError {
        A2uiError::InvalidFormat {
            at: self.pos,
            reason,
        }
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.pos += 1;
        }
    }

    /// `${ expr }`, at `${`.
    fn block(&mut self, depth: usize) -> Result<Expr, A2uiError> {
        if depth >= MAX_CALL_DEPTH {
            return Err(self.fail("expressions nest too deep"));
        }
        self.pos += 2;
        self.skip_ws();
        let expr = self.expr(depth)?;
        self.skip_ws();
        if self.peek() != Some(b'}') {
            return Err(self.fail("expected `}`"));
        }
        self.pos += 1;
        Ok(expr)
    }

    fn expr(&mut self, depth: usize) -> Result<Expr, A2uiError> {
        if self.rest().starts_with("${") {
            return self.block(depth + 1);
        }
        match self.peek() {
            Some(quote @ (b'\'' | b'"')) => self.string(quote),
            Some(b) if b.is_ascii_digit() || (b == b'-' && self.next_is_digit()) => {
                Ok(self.number())
            }
            Some(b) if b.is_ascii_alphabetic() || b == b'_' => self.word(depth),
            Some(b'/') => Ok(Expr::Path(self.path())),
            _ => Err(self.fail("expected a path, a literal or a function call")),
        }
    }

    fn next_is_digit(&self) -> bool {
        self.bytes.get(self.pos + 1).is_some_and(u8::is_ascii_digit)
    }

    fn string(&mut self, quote: u8) -> Result<Expr, A2uiError> {
        self.pos += 1;
        let mut out = String::new();
        loop {
            let Some(c) = self.rest().chars().next() else {
                return Err(self.fail("unclosed string"));
            };
            self.pos += c.len_utf8();
            if c == char::from(quote) {
                return Ok(Expr::Literal(Value::String(out)));
            }
            if c == '\\' {
                if let Some(next) = self.rest().chars().next() {
                    self.pos += next.len_utf8();
                    out.push(next);
                }
            } else {
                out.push(c);
            }
        }
    }

    fn number(&mut self) -> Expr {
        let start = self.pos;
        self.pos += 1;
        while self
            .peek()
            .is_some_and(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E'))
        {
            self.pos += 1;
        }
        let text = self.text.get(start..self.pos).unwrap_or_default();
        let value = text
            .parse::<i64>()
            .map(Value::from)
            .or_else(|_| text.parse::<f64>().map(Value::from))
            .unwrap_or(Value::Null);
        Expr::Literal(value)
    }

    /// A keyword, a call (`name(`), or a relative path.
    fn word(&mut self, depth: usize) -> Result<Expr, A2uiError> {
        let start = self.pos;
        let word = self.identifier();
        let after_word = self.pos;
        self.skip_ws();
        if self.peek() == Some(b'(') {
            self.pos += 1;
            return self.call(word, depth);
        }
        self.pos = after_word;
        if self.at_end_of_path() {
            match word.as_str() {
                "true" => return Ok(Expr::Literal(Value::Bool(true))),
                "false" => return Ok(Expr::Literal(Value::Bool(false))),
                "null" => return Ok(Expr::Literal(Value::Null)),
                _ => {}
            }
        }
        self.pos = start;
        Ok(Expr::Path(self.path()))
    }

    /// The run of ASCII letters, digits and `_` here (a function or argument name), maybe empty.
    fn identifier(&mut self) -> String {
        let start = self.pos;
        while self
            .peek()
            .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_')
        {
            self.pos += 1;
        }
        self.text
            .get(start..self.pos)
            .unwrap_or_default()
            .to_owned()
    }

    fn at_end_of_path(&self) -> bool {
        matches!(self.peek(), None | Some(b'}' | b',' | b')'))
            || self.peek().is_some_and(|b| b.is_ascii_whitespace())
    }

    /// A path runs to the end of the expression (`}`, `,`, `)` or a space).
    fn path(&mut self) -> String {
        let start = self.pos;
        while !self.at_end_of_path() {
            self.pos += self.rest().chars().next().map_or(1, char::len_utf8);
        }
        self.text
            .get(start..self.pos)
            .unwrap_or_default()
            .to_owned()
    }

    /// The arguments of a call, after `(`.
    fn call(&mut self, name: String, depth: usize) -> Result<Expr, A2uiError> {
        let mut args = Vec::new();
        self.skip_ws();
        if self.peek() == Some(b')') {
            self.pos += 1;
            return Ok(Expr::Call { name, args });
        }
        loop {
            self.skip_ws();
            let arg = self.identifier();
            self.skip_ws();
            if arg.is_empty() || self.peek() != Some(b':') {
                return Err(self.fail("function arguments are named: `name: value`"));
            }
            self.pos += 1;
            self.skip_ws();
            let value = self.expr(depth + 1)?;
            args.push((arg, value));
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b')') => {
                    self.pos += 1;
                    return Ok(Expr::Call { name, args });
                }
                _ => return Err(self.fail("expected `,` or `)`")),
            }
        }
    }
}

/// The catalog function `formatString`.
pub(super) fn format_string(args: &Args<'_, '_>) -> Result<Value, A2uiError> {
    let template = args.text("value")?;
    let parts = parse_template(&template)?;
    let max = args.ctx.limits.max_text_bytes;
    let mut out = String::new();
    for part in &parts {
        match part {
            Part::Text(text) => out.push_str(text),
            Part::Expr(expr) => {
                let value = evaluate(args, expr, args.depth)?;
                out.push_str(&coerce::to_text(&value));
            }
        }
        if out.len() > max {
            break;
        }
    }
    Ok(Value::String(truncate_text(out, max)))
}

fn evaluate(args: &Args<'_, '_>, expr: &Expr, depth: usize) -> Result<Value, A2uiError> {
    match expr {
        Expr::Literal(value) => Ok(value.clone()),
        Expr::Path(path) => args.ctx.read_path(path),
        Expr::Call { name, args: named } => {
            // Arguments are evaluated here and handed over as values, so an object from the
            // data model is never read as a binding.
            let mut map = Map::new();
            for (key, value) in named {
                map.insert(key.clone(), evaluate(args, value, depth + 1)?);
            }
            let call = FunctionCall {
                call: name.clone(),
                args: map,
                return_type: None,
            };
            args.ctx.call_with(&call, depth + 1, true)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_paths_calls_literals_and_escapes() {
        let parts =
            parse_template(r"Hi ${/user/name}, \${x} ${formatDate(value: ${/d}, format: 'yyyy')}!")
                .unwrap();
        assert_eq!(parts[0], Part::Text("Hi ".into()));
        assert_eq!(parts[1], Part::Expr(Expr::Path("/user/name".into())));
        assert_eq!(parts[2], Part::Text(", ${x} ".into()));
        assert_eq!(
            parts[3],
            Part::Expr(Expr::Call {
                name: "formatDate".into(),
                args: vec![
                    ("value".into(), Expr::Path("/d".into())),
                    ("format".into(), Expr::Literal(Value::String("yyyy".into()))),
                ]
            })
        );
        assert_eq!(parts[4], Part::Text("!".into()));
        assert_eq!(
            parse_template("${name}").unwrap(),
            vec![Part::Expr(Expr::Path("name".into()))]
        );
        assert_eq!(
            parse_template("${true}").unwrap(),
            vec![Part::Expr(Expr::Literal(Value::Bool(true)))]
        );
    }

    #[test]
    fn refuses_broken_and_deep_templates() {
        assert!(parse_template("${/a").is_err());
        assert!(parse_template("${f(1)}").is_err());
        let deep = format!("{}/a{}", "${".repeat(10_000), "}".repeat(10_000));
        assert!(matches!(
            parse_template(&deep),
            Err(A2uiError::InvalidFormat {
                reason: "expressions nest too deep",
                ..
            })
        ));
    }
}
