//! The template walker: `$data` binding and repetition, `$when`, and splicing, after
//! upstream `Template.internalExpand`.
//!
//! Results are `Option<Value>` with `None` for JavaScript `undefined`: an undefined
//! property is omitted, an undefined array item becomes `null`. Inside arrays, `null`
//! items are dropped and array items are spliced into the parent, which is how a
//! `$data` repetition (or an object dropped by `$when`) disappears into its list.

use serde_json::{Map, Value};

use crate::budget::{Budget, LimitHit};
use crate::error::TemplateError;
use crate::eval::{EvalError, Evaluator};
use crate::interpolation::{Piece, StringTemplate};
use crate::js;
use crate::memory::Roots;
use crate::options::{MAX_WARNINGS, Warning};
use crate::prepare::{Node, PointerStep, pointer_text};

/// Keys that steer expansion and never reach the output.
const RESERVED: [&str; 6] = [
    "$data",
    "$when",
    "$root",
    "$index",
    "$host",
    "$_acTemplateVersion",
];

/// State of one expansion.
pub(crate) struct Walker<'a> {
    pub budget: Budget,
    pub root: &'a Value,
    pub host: Option<&'a Value>,
    pub now_ms: i64,
    pub warnings: Vec<Warning>,
    pointer: Vec<PointerStep>,
}

/// The data context of a node.
#[derive(Clone, Copy)]
struct Scope<'d> {
    data: &'d Value,
    index: Option<usize>,
}

impl<'a> Walker<'a> {
    pub fn new(budget: Budget, root: &'a Value, host: Option<&'a Value>, now_ms: i64) -> Self {
        Self {
            budget,
            root,
            host,
            now_ms,
            warnings: Vec::new(),
            pointer: Vec::new(),
        }
    }

    /// Expands the whole template.
    pub fn run(&mut self, node: &Node) -> Result<Value, TemplateError> {
        let root = self.root;
        Ok(self
            .node(
                node,
                Scope {
                    data: root,
                    index: None,
                },
            )?
            .unwrap_or(Value::Null))
    }

    fn warn(&mut self, message: String) {
        if self.warnings.len() < MAX_WARNINGS {
            self.warnings.push(Warning {
                pointer: pointer_text(&self.pointer),
                message,
            });
        }
    }

    fn limit(&self, hit: LimitHit) -> TemplateError {
        TemplateError::LimitExceeded {
            pointer: pointer_text(&self.pointer),
            limit: hit.0,
            max: self.budget.max_of(hit.0),
        }
    }

    fn eval_error(&self, error: EvalError, source: &str) -> TemplateError {
        let pointer = pointer_text(&self.pointer);
        match error {
            EvalError::Soft(message) => TemplateError::Evaluation {
                pointer,
                expression: source.to_owned(),
                message,
            },
            EvalError::UnknownFunction(name) => TemplateError::UnknownFunction {
                pointer,
                expression: source.to_owned(),
                name,
            },
            EvalError::Limit(hit) => self.limit(hit),
        }
    }

    fn charge_output(&mut self, value: &Value) -> Result<(), TemplateError> {
        let (nodes, bytes) = js::measure(value, &self.budget, 0).map_err(|h| self.limit(h))?;
        self.budget.output(nodes, bytes).map_err(|h| self.limit(h))
    }

    fn node(&mut self, node: &Node, scope: Scope<'_>) -> Result<Option<Value>, TemplateError> {
        self.budget
            .depth(self.pointer.len())
            .map_err(|h| self.limit(h))?;
        self.budget.work(1).map_err(|h| self.limit(h))?;
        match node {
            Node::Literal(value) => {
                self.charge_output(value)?;
                Ok(Some(value.clone()))
            }
            Node::Template(template) => {
                let value = self.evaluate(template, scope)?;
                if let Some(v) = &value {
                    self.charge_output(v)?;
                }
                Ok(value)
            }
            Node::Array(items) => {
                self.budget.output(1, 0).map_err(|h| self.limit(h))?;
                let mut out = Vec::with_capacity(items.len());
                for (i, item) in items.iter().enumerate() {
                    self.pointer.push(PointerStep::Index(i));
                    let expanded = self.node(item, scope);
                    self.pointer.pop();
                    match expanded? {
                        Some(Value::Null) => {}
                        Some(Value::Array(spliced)) => out.extend(spliced),
                        Some(other) => out.push(other),
                        None => out.push(Value::Null),
                    }
                }
                Ok(Some(Value::Array(out)))
            }
            Node::Object(entries) => self.object(entries, scope),
        }
    }

    fn entry<'n>(entries: &'n [(String, Node)], key: &str) -> Option<&'n Node> {
        entries.iter().find(|(k, _)| k == key).map(|(_, n)| n)
    }

    fn object(
        &mut self,
        entries: &[(String, Node)],
        scope: Scope<'_>,
    ) -> Result<Option<Value>, TemplateError> {
        let contexts: Option<(Vec<Value>, bool)> = match Self::entry(entries, "$data") {
            None => None,
            Some(data_node) => {
                self.pointer.push(PointerStep::Key("$data".to_owned()));
                let bound = match data_node {
                    Node::Template(t) => self.evaluate(t, scope),
                    Node::Literal(v) => Ok(Some(v.clone())),
                    other => self.node(other, scope),
                };
                self.pointer.pop();
                match bound? {
                    Some(Value::Array(items)) => {
                        self.budget
                            .repetitions(items.len())
                            .map_err(|h| self.limit(h))?;
                        Some((items, true))
                    }
                    Some(single) => Some((vec![single], false)),
                    None => None,
                }
            }
        };
        let mut results = Vec::new();
        match &contexts {
            None => {
                if let Some(obj) = self.instance(entries, scope)? {
                    results.push(obj);
                }
            }
            Some((items, is_array)) => {
                for (i, item) in items.iter().enumerate() {
                    let index = if *is_array { Some(i) } else { scope.index };
                    if let Some(obj) = self.instance(entries, Scope { data: item, index })? {
                        results.push(obj);
                    }
                }
            }
        }
        Ok(Some(match results.len() {
            0 => Value::Null,
            1 => results.pop().unwrap_or(Value::Null),
            _ => Value::Array(results),
        }))
    }

    /// One instance of an object: `$when` decides, then every non-reserved key expands.
    fn instance(
        &mut self,
        entries: &[(String, Node)],
        scope: Scope<'_>,
    ) -> Result<Option<Value>, TemplateError> {
        if let Some(when) = Self::entry(entries, "$when") {
            self.pointer.push(PointerStep::Key("$when".to_owned()));
            let keep = self.when(when, scope);
            self.pointer.pop();
            if !keep? {
                return Ok(None);
            }
        }
        self.budget.output(1, 0).map_err(|h| self.limit(h))?;
        let mut map = Map::new();
        for (key, node) in entries {
            if RESERVED.contains(&key.as_str()) {
                continue;
            }
            self.pointer.push(PointerStep::Key(key.clone()));
            let value = self.node(node, scope);
            self.pointer.pop();
            if let Some(v) = value? {
                let key_len = u64::try_from(key.len()).unwrap_or(u64::MAX);
                self.budget.output(0, key_len).map_err(|h| self.limit(h))?;
                map.insert(key.clone(), v);
            }
        }
        Ok(Some(Value::Object(map)))
    }

    /// Evaluates `$when` without substitution: only the boolean `true` keeps the object.
    fn when(&mut self, node: &Node, scope: Scope<'_>) -> Result<bool, TemplateError> {
        match node {
            Node::Template(StringTemplate::Single { source, expr }) => {
                // Without substitution nothing is recorded as unresolved.
                let result = self.evaluator(scope).eval(expr, false);
                match result {
                    Ok(Some(Value::Bool(b))) => Ok(b),
                    Ok(other) => {
                        let shown = other.map_or_else(|| "undefined".to_owned(), |v| v.to_string());
                        self.warn(format!("$when `{source}` evaluated to {shown}, not a boolean; the object is dropped"));
                        Ok(false)
                    }
                    Err(EvalError::Soft(message)) => {
                        self.warn(format!(
                            "$when `{source}` failed ({message}); the object is dropped"
                        ));
                        Ok(false)
                    }
                    Err(other) => Err(self.eval_error(other, source)),
                }
            }
            Node::Template(StringTemplate::Concat(pieces)) => {
                // Upstream evaluates this as a string, which is never `true`; only a
                // thrown error (unknown function) escapes.
                for piece in pieces {
                    if let Piece::Expr { source, expr } = piece {
                        let result = self.evaluator(scope).eval(expr, false);
                        if let Err(e @ (EvalError::UnknownFunction(_) | EvalError::Limit(_))) =
                            result
                        {
                            return Err(self.eval_error(e, source));
                        }
                    }
                }
                self.warn(
                    "$when is text, not a single ${expression}; the object is dropped".to_owned(),
                );
                Ok(false)
            }
            Node::Literal(value) if js::js_truthy(value) => {
                self.warn(format!(
                    "$when {value} is not an expression; the object is dropped"
                ));
                Ok(false)
            }
            _ => Ok(true),
        }
    }

    fn evaluator<'s>(&'s mut self, scope: Scope<'s>) -> Evaluator<'s, 's> {
        let roots = Roots {
            root: self.root,
            data: scope.data,
            index: scope.index,
            host: self.host,
        };
        Evaluator::new(roots, &mut self.budget, self.now_ms)
    }

    /// Evaluates a template string with substitution of undefined paths.
    fn evaluate(
        &mut self,
        template: &StringTemplate,
        scope: Scope<'_>,
    ) -> Result<Option<Value>, TemplateError> {
        let mut failed: Vec<String> = Vec::new();
        let (result, unresolved) = {
            let mut ev = self.evaluator(scope);
            let result = match template {
                StringTemplate::Single { source, expr } => {
                    ev.eval(expr, true).map_err(|e| (e, source.as_str()))
                }
                StringTemplate::Concat(pieces) => concat(&mut ev, pieces, &mut failed).map(Some),
            };
            (result, ev.unresolved)
        };
        for path in unresolved {
            self.warn(format!("`{path}` is undefined; left as `${{{path}}}`"));
        }
        for source in failed {
            self.warn(format!("`{source}` could not be evaluated; left as text"));
        }
        result.map_err(|(e, source)| self.eval_error(e, source))
    }
}

/// The engine's own concatenation of an interpolated string: each failing piece is
/// written back as `${expr}`, every value through JavaScript `toString`.
fn concat<'p>(
    ev: &mut Evaluator<'_, '_>,
    pieces: &'p [Piece],
    failed: &mut Vec<String>,
) -> Result<Value, (EvalError, &'p str)> {
    let mut out = String::new();
    for piece in pieces {
        match piece {
            Piece::Text(text) => out.push_str(text),
            Piece::Expr { source, expr } => match ev.eval(expr, true) {
                Ok(value) => {
                    let text = js::interpolation_string(value.as_ref(), ev.budget, 0)
                        .map_err(|h| (h.into(), source.as_str()))?;
                    out.push_str(&text);
                }
                Err(EvalError::Limit(hit)) => return Err((hit.into(), source.as_str())),
                Err(_) => {
                    failed.push(source.clone());
                    out.push_str("${");
                    out.push_str(&expr.to_string());
                    out.push('}');
                }
            },
        }
        ev.budget
            .check_string_len(out.len())
            .map_err(|h| (h.into(), ""))?;
    }
    Ok(Value::String(out))
}
