//! Evaluating expressions against the data context.
//!
//! Values are `Option<Value>`, `None` standing for JavaScript `undefined`. Errors come
//! in three strengths that mirror upstream: a *soft* error is an Adaptive Expressions
//! evaluation error (`{value, error}`), which callers such as `&&` or `$when` may
//! swallow; an unknown function is a thrown exception that only interpolated text
//! catches; a limit hit always aborts the expansion.

use serde_json::{Map, Value};

use crate::ast::Expr;
use crate::budget::{Budget, LimitHit};
use crate::functions;
use crate::js;
use crate::memory::{self, Roots, Segment};

/// Why evaluating an expression failed.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum EvalError {
    /// An ordinary evaluation error (wrong type, out of range...).
    Soft(String),
    /// A call to a function that does not exist.
    UnknownFunction(String),
    /// A resource limit was hit.
    Limit(LimitHit),
}

impl From<LimitHit> for EvalError {
    fn from(hit: LimitHit) -> Self {
        Self::Limit(hit)
    }
}

/// The result of evaluating an expression; `Ok(None)` is `undefined`.
pub(crate) type EvalResult = Result<Option<Value>, EvalError>;

/// Shorthand for a soft error.
pub(crate) fn soft<T>(message: impl Into<String>) -> Result<T, EvalError> {
    Err(EvalError::Soft(message.into()))
}

/// Evaluation state for one expression.
pub(crate) struct Evaluator<'e, 'a> {
    /// The keyword roots (`$root`, `$data`...).
    pub roots: Roots<'a>,
    /// Shared resource counters.
    pub budget: &'e mut Budget,
    /// Milliseconds since the Unix epoch that `utcNow()` reports.
    pub now_ms: i64,
    /// Lambda variables, innermost last.
    pub locals: Vec<(String, Value)>,
    /// Paths that were undefined and replaced by `${path}` text.
    pub unresolved: Vec<String>,
    depth: usize,
}

impl<'e, 'a> Evaluator<'e, 'a> {
    /// A fresh evaluator.
    pub fn new(roots: Roots<'a>, budget: &'e mut Budget, now_ms: i64) -> Self {
        Self {
            roots,
            budget,
            now_ms,
            locals: Vec::new(),
            unresolved: Vec::new(),
            depth: 0,
        }
    }

    /// Evaluates `expr`. With `subst`, an undefined path evaluates to the text
    /// `${path}` (upstream `nullSubstitution`, on for template values, off for `$when`).
    pub fn eval(&mut self, expr: &Expr, subst: bool) -> EvalResult {
        self.budget.work(1)?;
        self.depth += 1;
        let result = self
            .budget
            .depth(self.depth)
            .map_err(EvalError::from)
            .and_then(|()| match expr {
                Expr::Literal(value) => Ok(value.clone()),
                Expr::Path { .. } => self.eval_path(expr, subst),
                Expr::Index { base, index } => self.eval_element(base, index, subst),
                Expr::Call { name, args } => functions::call(self, name, args, subst),
                Expr::Object(pairs) => {
                    let mut map = Map::new();
                    for (key, value) in pairs {
                        if let Some(v) = self.eval(value, subst)? {
                            map.insert(key.clone(), v);
                        }
                    }
                    Ok(Some(Value::Object(map)))
                }
            });
        self.depth -= 1;
        result
    }

    /// Evaluates every argument, stopping at the first error.
    pub fn args(&mut self, args: &[Expr], subst: bool) -> Result<Vec<Option<Value>>, EvalError> {
        args.iter().map(|a| self.eval(a, subst)).collect()
    }

    /// Copies a borrowed value, charging the copy to the work budget.
    pub fn copy(&mut self, value: &Value) -> Result<Value, EvalError> {
        Ok(js::clone_charged(value, self.budget, 0)?)
    }

    /// Wraps a computed string after checking it against the size limit.
    pub fn string(&mut self, s: String) -> EvalResult {
        self.budget.check_string_len(s.len())?;
        self.budget.work_bytes(s.len())?;
        Ok(Some(Value::String(s)))
    }

    /// Upstream `tryAccumulatePath` + `wrapGetValue` for an `Accessor` expression.
    fn eval_path(&mut self, expr: &Expr, subst: bool) -> EvalResult {
        let mut segments = Vec::new();
        let mut current = expr;
        let left = loop {
            match current {
                Expr::Path { name, base } => {
                    segments.push(Segment::Name(name.clone()));
                    match base {
                        Some(b) => current = b,
                        None => break None,
                    }
                }
                Expr::Index { base, index } => {
                    let segment = match self.eval(index, subst)? {
                        Some(Value::Number(n)) => Segment::Index(n.as_f64().unwrap_or(f64::NAN)),
                        Some(Value::String(key)) => {
                            let quoted = js::parse_int(&key).is_none();
                            Segment::Key { key, quoted }
                        }
                        _ => return soft(format!("{index} doesn't return an int or string")),
                    };
                    segments.push(segment);
                    current = base;
                }
                other => break Some(other),
            }
        };
        segments.reverse();
        let mut cost = 0;
        let found: Option<Value> = match left {
            None => match memory::lookup(&self.roots, &self.locals, &segments, &mut cost) {
                Some(v) => Some(js::clone_charged(&v, self.budget, 0)?),
                None => None,
            },
            Some(left) => match self.eval(left, subst)? {
                Some(scope) => memory::walk(&scope, &segments, &mut cost)
                    .map(|v| self.copy(v))
                    .transpose()?,
                None => None,
            },
        };
        self.budget.work(cost)?;
        if found.is_none() && subst {
            let path = memory::path_text(&segments);
            let text = format!("${{{path}}}");
            self.unresolved.push(path);
            return Ok(Some(Value::String(text)));
        }
        Ok(found)
    }

    /// Upstream `Element` evaluator, for `x[i]` whose base is not a plain path.
    fn eval_element(&mut self, base: &Expr, index: &Expr, subst: bool) -> EvalResult {
        let instance = self.eval(base, subst)?;
        let key = self.eval(index, false)?;
        match key {
            Some(Value::Number(n)) if n.as_f64().is_some_and(js::is_integer) => {
                let i = n.as_f64().unwrap_or(-1.0);
                match instance {
                    None | Some(Value::Null) => Ok(None),
                    Some(Value::Array(items)) => match usize::try_from(js::to_i64(i).unwrap_or(-1))
                    {
                        Ok(i) if i < items.len() => Ok(items.into_iter().nth(i)),
                        _ => soft(format!(
                            "{} is out of range for {base}",
                            js::number_to_string(i)
                        )),
                    },
                    Some(_) => soft(format!("{base} is not a collection.")),
                }
            }
            Some(Value::String(key)) => match instance {
                Some(value) => {
                    let mut cost = 0;
                    let found = memory::access_property(&value, &key, &mut cost).cloned();
                    self.budget.work(cost)?;
                    Ok(found)
                }
                None => Ok(None),
            },
            _ => soft(format!("Could not coerce {index} to an int or string.")),
        }
    }

    /// Runs `body` once per item with `name` bound to the item (upstream `lambdaEvaluator`).
    pub fn with_local<T>(
        &mut self,
        name: &str,
        item: Value,
        body: impl FnOnce(&mut Self) -> Result<T, EvalError>,
    ) -> Result<T, EvalError> {
        self.locals.push((name.to_owned(), item));
        let result = body(self);
        self.locals.pop();
        result
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::options::Limits;
    use crate::parser::parse;

    fn run(src: &str, data: &Value, subst: bool) -> EvalResult {
        let mut budget = Budget::new(Limits::default());
        let roots = Roots {
            root: data,
            data,
            index: None,
            host: None,
        };
        let mut ev = Evaluator::new(roots, &mut budget, 0);
        ev.eval(&parse(src, 100).unwrap(), subst)
    }

    #[test]
    fn substitution_names_the_missing_path() {
        let data = json!({"a": [{"b": 1}]});
        assert_eq!(run("a[0].b", &data, true), Ok(Some(json!(1))));
        assert_eq!(run("a[1].b", &data, true), Ok(Some(json!("${a[1].b}"))));
        assert_eq!(run("a[1].b", &data, false), Ok(None));
        // A path ending in `[...]` is an element access, which upstream never substitutes.
        assert_eq!(run("a['x']", &data, true), Ok(None));
        assert_eq!(run("a['x'].b", &data, true), Ok(Some(json!("${a['x'].b}"))));
    }

    #[test]
    fn element_access_on_computed_values() {
        let data = json!({});
        assert_eq!(run("createArray(1, 2)[1]", &data, true), Ok(Some(json!(2))));
        assert!(matches!(
            run("createArray(1)[5]", &data, true),
            Err(EvalError::Soft(_))
        ));
        assert_eq!(run("{a: 1}['a']", &data, true), Ok(Some(json!(1))));
    }

    #[test]
    fn or_yields_the_last_operand_when_nothing_is_true() {
        let data = json!({"f": false, "t": 1});
        assert_eq!(run("missing || f", &data, true), Ok(Some(json!(false))));
        assert_eq!(run("f || missing", &data, true), Ok(None));
        assert_eq!(run("f || t", &data, true), Ok(Some(json!(true))));
        assert_eq!(run("t && missing", &data, true), Ok(Some(json!(false))));
    }

    #[test]
    fn unknown_functions_are_reported() {
        assert_eq!(
            run("nope(1)", &json!({}), true),
            Err(EvalError::UnknownFunction("nope".into()))
        );
    }
}
