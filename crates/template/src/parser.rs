//! Recursive-descent (precedence climbing) parser for Adaptive Expressions.
//!
//! Operator precedence follows the upstream ANTLR grammar, which differs from C-like
//! languages: from loosest to tightest `?:`, `??`, `||`, `&&`, comparisons
//! (`< <= > >=`), `&` (string concatenation), equality (`== != <>`), `+ -`,
//! `* / %`, `^` (right-associative), then the prefix operators `! - +`.

use serde_json::Value;

use crate::ast::Expr;
use crate::functions;
use crate::js;
use crate::lexer::{Spanned, Token, tokenize};

/// Parses one expression (the text inside `${...}`), checking nesting against
/// `max_depth` and the argument counts of built-in functions.
pub(crate) fn parse(src: &str, max_depth: usize) -> Result<Expr, String> {
    let src = src.strip_prefix('=').unwrap_or(src);
    if src.trim().is_empty() {
        return Ok(Expr::Literal(Some(Value::String(String::new()))));
    }
    let tokens = tokenize(src)?;
    let mut parser = Parser {
        tokens,
        pos: 0,
        depth: 0,
        max_depth,
    };
    let expr = parser.expression(0)?;
    if let Some(extra) = parser.tokens.get(parser.pos) {
        return Err(format!(
            "unexpected {} at offset {}",
            describe(&extra.token),
            extra.offset
        ));
    }
    validate(&expr, 0, max_depth)?;
    Ok(expr)
}

struct Parser {
    tokens: Vec<Spanned>,
    pos: usize,
    depth: usize,
    max_depth: usize,
}

fn describe(token: &Token) -> String {
    match token {
        Token::Number(n) => format!("number {}", js::number_to_string(*n)),
        Token::Str(s) => format!("string {s:?}"),
        Token::Ident(s) => format!("identifier `{s}`"),
        Token::Punct(p) => format!("`{p}`"),
    }
}

/// Binding power and canonical function name of a binary operator.
fn binary(op: &str) -> Option<(u8, &'static str)> {
    Some(match op {
        "??" => (2, "coalesce"),
        "||" => (3, "||"),
        "&&" => (4, "&&"),
        "<" => (5, "<"),
        "<=" => (5, "<="),
        ">" => (5, ">"),
        ">=" => (5, ">="),
        "&" => (6, "concat"),
        "==" => (7, "=="),
        "!=" | "<>" => (7, "!="),
        "+" => (8, "+"),
        "-" => (8, "-"),
        "*" => (9, "*"),
        "/" => (9, "/"),
        "%" => (9, "%"),
        "^" => (10, "^"),
        _ => return None,
    })
}

impl Parser {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.pos).map(|s| &s.token)
    }

    fn peek_punct(&self, p: &str) -> bool {
        matches!(self.peek(), Some(Token::Punct(q)) if *q == p)
    }

    fn offset(&self) -> usize {
        self.tokens.get(self.pos).map_or_else(
            || self.tokens.last().map_or(0, |t| t.offset + 1),
            |t| t.offset,
        )
    }

    fn expect(&mut self, p: &str) -> Result<(), String> {
        if self.peek_punct(p) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.unexpected(&format!("`{p}`")))
        }
    }

    fn unexpected(&self, wanted: &str) -> String {
        match self.peek() {
            Some(t) => format!(
                "expected {wanted} but found {} at offset {}",
                describe(t),
                self.offset()
            ),
            None => format!("expected {wanted} but the expression ended"),
        }
    }

    fn enter(&mut self) -> Result<(), String> {
        self.depth += 1;
        if self.depth > self.max_depth {
            Err(format!(
                "expression nested deeper than {} levels",
                self.max_depth
            ))
        } else {
            Ok(())
        }
    }

    fn expression(&mut self, min_power: u8) -> Result<Expr, String> {
        self.enter()?;
        let mut left = self.unary()?;
        // Operator chains (`1+1+...`) grow the tree without recursing; bound them too so
        // that no later recursive walk (or drop) of the tree can go arbitrarily deep.
        let mut chain = 0;
        while let Some(Token::Punct(op)) = self.peek() {
            let op = *op;
            chain += 1;
            if chain > self.max_depth {
                return Err(format!(
                    "expression nested deeper than {} levels",
                    self.max_depth
                ));
            }
            if op == "?" {
                if min_power > 1 {
                    break;
                }
                self.pos += 1;
                let then = self.expression(1)?;
                self.expect(":")?;
                let otherwise = self.expression(2)?;
                left = Expr::Call {
                    name: "if".into(),
                    args: vec![left, then, otherwise],
                };
                continue;
            }
            let Some((power, name)) = binary(op) else {
                break;
            };
            if power < min_power {
                break;
            }
            self.pos += 1;
            let right_power = if op == "^" { power } else { power + 1 };
            let right = self.expression(right_power)?;
            left = Expr::Call {
                name: name.into(),
                args: vec![left, right],
            };
        }
        self.depth -= 1;
        Ok(left)
    }

    fn unary(&mut self) -> Result<Expr, String> {
        self.enter()?;
        let result = match self.peek() {
            Some(Token::Punct("!")) => {
                self.pos += 1;
                Expr::Call {
                    name: "!".into(),
                    args: vec![self.unary()?],
                }
            }
            Some(Token::Punct(op @ ("-" | "+"))) => {
                let name = (*op).to_owned();
                self.pos += 1;
                // Upstream rewrites `-x` as `0 - x`, which shows in error text.
                Expr::Call {
                    name,
                    args: vec![Expr::Literal(Some(js::number(0.0))), self.unary()?],
                }
            }
            _ => {
                let primary = self.primary()?;
                self.postfix(primary)?
            }
        };
        self.depth -= 1;
        Ok(result)
    }

    fn postfix(&mut self, mut expr: Expr) -> Result<Expr, String> {
        for _ in 0..=self.max_depth {
            if self.peek_punct(".") {
                self.pos += 1;
                match self.peek().cloned() {
                    Some(Token::Ident(name)) => {
                        self.pos += 1;
                        expr = Expr::Path {
                            name,
                            base: Some(Box::new(expr)),
                        };
                    }
                    _ => return Err(self.unexpected("a property name")),
                }
            } else if self.peek_punct("(") {
                let name = callee_name(&expr)
                    .ok_or_else(|| format!("`{expr}` cannot be called as a function"))?;
                self.pos += 1;
                let args = self.arguments(")")?;
                expr = Expr::Call {
                    name: functions::canonical_name(&name).to_owned(),
                    args,
                };
            } else if self.peek_punct("[") {
                self.pos += 1;
                let index = self.expression(0)?;
                self.expect("]")?;
                expr = Expr::Index {
                    base: Box::new(expr),
                    index: Box::new(index),
                };
            } else {
                return Ok(expr);
            }
        }
        Err(format!(
            "expression nested deeper than {} levels",
            self.max_depth
        ))
    }

    fn primary(&mut self) -> Result<Expr, String> {
        let Some(token) = self.peek().cloned() else {
            return Err(self.unexpected("an expression"));
        };
        self.pos += 1;
        Ok(match token {
            Token::Number(n) => Expr::Literal(Some(js::number(n))),
            Token::Str(s) => Expr::Literal(Some(Value::String(s))),
            Token::Ident(name) => match name.as_str() {
                "true" => Expr::Literal(Some(Value::Bool(true))),
                "false" => Expr::Literal(Some(Value::Bool(false))),
                "null" => Expr::Literal(Some(Value::Null)),
                "undefined" => Expr::Literal(None),
                _ => Expr::Path { name, base: None },
            },
            Token::Punct("(") => {
                let inner = self.expression(0)?;
                self.expect(")")?;
                inner
            }
            Token::Punct("[") => Expr::Call {
                name: "createArray".into(),
                args: self.arguments("]")?,
            },
            Token::Punct("{") => self.object()?,
            Token::Punct(_) => {
                self.pos -= 1;
                return Err(self.unexpected("an expression"));
            }
        })
    }

    /// Comma-separated arguments up to `close`; `x => body` contributes `x` and `body`.
    fn arguments(&mut self, close: &str) -> Result<Vec<Expr>, String> {
        let mut args = Vec::new();
        if self.peek_punct(close) {
            self.pos += 1;
            return Ok(args);
        }
        loop {
            let lambda = matches!(
                (self.peek(), self.tokens.get(self.pos + 1).map(|s| &s.token)),
                (Some(Token::Ident(_)), Some(Token::Punct("=>")))
            );
            if lambda && let Some(Token::Ident(name)) = self.peek().cloned() {
                self.pos += 2;
                args.push(Expr::Path { name, base: None });
            }
            args.push(self.expression(0)?);
            if self.peek_punct(",") {
                self.pos += 1;
            } else {
                self.expect(close)?;
                return Ok(args);
            }
        }
    }

    fn object(&mut self) -> Result<Expr, String> {
        let mut pairs = Vec::new();
        if self.peek_punct("}") {
            self.pos += 1;
            return Ok(Expr::Object(pairs));
        }
        loop {
            let Some(Token::Ident(key) | Token::Str(key)) = self.peek().cloned() else {
                return Err(self.unexpected("a property name"));
            };
            self.pos += 1;
            self.expect(":")?;
            pairs.push((key, self.expression(0)?));
            if self.peek_punct(",") {
                self.pos += 1;
            } else {
                self.expect("}")?;
                return Ok(Expr::Object(pairs));
            }
        }
    }
}

/// Upstream names a call after the source text of its callee (`a.b(...)` calls `a.b`).
fn callee_name(expr: &Expr) -> Option<String> {
    match expr {
        Expr::Path { name, base: None } => Some(name.clone()),
        Expr::Path {
            name,
            base: Some(base),
        } => Some(format!("{}.{name}", callee_name(base)?)),
        _ => None,
    }
}

/// Checks argument counts of built-in functions, as upstream does when it builds the
/// expression (so a bad call fails the template even in a branch never taken).
fn validate(expr: &Expr, depth: usize, max_depth: usize) -> Result<(), String> {
    if depth > max_depth {
        return Err(format!("expression nested deeper than {max_depth} levels"));
    }
    match expr {
        Expr::Literal(_) => Ok(()),
        Expr::Path { base, .. } => match base.as_deref() {
            None => Ok(()),
            // Upstream's accessor validator wants an object-typed base; literals and
            // array constructors are known not to be one.
            Some(Expr::Literal(Some(v))) if !v.is_null() && !v.is_object() => Err(format!(
                "{expr} must have an object as its second argument."
            )),
            Some(Expr::Call { name, .. }) if name == "createArray" => Err(format!(
                "{expr} must have an object as its second argument."
            )),
            Some(b) => validate(b, depth + 1, max_depth),
        },
        Expr::Index { base, index } => {
            validate(base, depth + 1, max_depth)?;
            validate(index, depth + 1, max_depth)
        }
        Expr::Object(pairs) => pairs
            .iter()
            .try_for_each(|(_, v)| validate(v, depth + 1, max_depth)),
        Expr::Call { name, args } => {
            if let Some(spec) = functions::spec(name) {
                if args.len() < spec.min_args || args.len() > spec.max_args {
                    let expected = if spec.min_args == spec.max_args {
                        format!("{}", spec.min_args)
                    } else if spec.max_args == usize::MAX {
                        format!("at least {}", spec.min_args)
                    } else {
                        format!("{} to {}", spec.min_args, spec.max_args)
                    };
                    return Err(format!(
                        "{expr} takes {expected} arguments, got {}",
                        args.len()
                    ));
                }
                if spec.lambda && args.get(1).and_then(Expr::as_identifier).is_none() {
                    return Err(format!(
                        "the second argument of {name} must be an identifier in {expr}"
                    ));
                }
            }
            args.iter()
                .try_for_each(|a| validate(a, depth + 1, max_depth))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(src: &str) -> String {
        parse(src, 100).unwrap().to_string()
    }

    #[test]
    fn precedence_matches_upstream() {
        assert_eq!(show("1 + 2 * 3"), "(1 + (2 * 3))");
        assert_eq!(show("1 < 2 == true"), "(1 < (2 == true))");
        assert_eq!(show("'a' & 'b' == 'ab'"), "concat('a', ('b' == 'ab'))");
        assert_eq!(show("2 ^ 3 ^ 2"), "(2 ^ (3 ^ 2))");
        assert_eq!(show("-2 ^ 2"), "((0 - 2) ^ 2)");
        assert_eq!(show("10 - 2 - 3"), "((10 - 2) - 3)");
        assert_eq!(show("!a.b && c || d"), "((!(a.b) && c) || d)");
        assert_eq!(show("a ?? b"), "coalesce(a, b)");
        assert_eq!(
            show("x > 5 ? 'big' : 'small'"),
            "if((x > 5), 'big', 'small')"
        );
    }

    #[test]
    fn postfix_and_literals() {
        assert_eq!(show("a.b[0]['c'].d"), "a.b[0]['c'].d");
        assert_eq!(show("[1, 'x']"), "createArray(1, 'x')");
        assert_eq!(
            show("{a: 1, 'b': x}"),
            "setProperty(setProperty(json('{}'), 'a', 1), 'b', x)"
        );
        assert_eq!(show("foreach(items, x => x.n)"), "foreach(items, x, x.n)");
        assert_eq!(show("add(1, 2)"), "(1 + 2)");
        assert_eq!(show("=x"), "x");
        assert_eq!(show(""), "''");
    }

    #[test]
    fn rejects_bad_syntax_and_arity() {
        for bad in [
            "1 2",
            "(1",
            "a.",
            "f(,)",
            "{a 1}",
            "1 +",
            "substring('a')",
            "select(a, 1, 2)",
            "a[1",
            "1.x",
            "true.x",
            "[1].x",
        ] {
            assert!(parse(bad, 100).is_err(), "{bad} should not parse");
        }
        let deep = format!("{}1{}", "(".repeat(500), ")".repeat(500));
        assert!(parse(&deep, 100).unwrap_err().contains("nested"));
    }
}
