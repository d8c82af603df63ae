//! Resolving dynamic values against a surface's data model in a scope (the root, or a
//! template item's path): literals stay, bindings read the data model, calls run the
//! catalog's functions. Every call nests at most [`crate::MAX_CALL_DEPTH`] deep.

use serde_json::Value;

use crate::catalog::Catalog;
use crate::coerce;
use crate::data::DataModel;
use crate::dynamic::{DynamicValue, FunctionCall};
use crate::error::A2uiError;
use crate::functions;
use crate::limits::{Limits, truncate_text};
use crate::pointer::Pointer;

/// What a resolution reads: a data model, the functions of a catalog, a scope, and bounds.
#[derive(Debug, Clone, Copy)]
pub struct Context<'a> {
    /// The data model read by bindings.
    pub data: &'a DataModel,
    /// The catalog whose functions calls may use.
    pub catalog: &'a Catalog,
    /// Where relative paths start (the root, or a template item).
    pub scope: &'a Pointer,
    /// The bounds in force.
    pub limits: &'a Limits,
}

impl Context<'_> {
    /// The value of a property as written (a literal, a `{"path"}` binding or a
    /// `{"call"}`). A binding to nothing is `null`.
    pub fn resolve(&self, value: &Value) -> Result<Value, A2uiError> {
        self.resolve_at(value, 0)
    }

    /// The value as text (the protocol's conversion), cut at the text bound.
    pub fn resolve_text(&self, value: &Value) -> Result<String, A2uiError> {
        let resolved = self.resolve(value)?;
        Ok(truncate_text(
            coerce::to_text(&resolved),
            self.limits.max_text_bytes,
        ))
    }

    /// The value as a boolean (the protocol's conversion).
    pub fn resolve_bool(&self, value: &Value) -> Result<bool, A2uiError> {
        self.resolve(value).map(|v| coerce::to_bool(&v))
    }

    /// The value as a number (the protocol's conversion: `0` when it is not one).
    pub fn resolve_number(&self, value: &Value) -> Result<f64, A2uiError> {
        self.resolve(value).map(|v| coerce::to_number(&v))
    }

    /// The absolute data path a binding (`{"path"}`) points to in this scope.
    pub fn bound_path(&self, value: &Value) -> Result<Option<Pointer>, A2uiError> {
        match DynamicValue::from_value(value) {
            DynamicValue::Path(path) => Ok(Some(Pointer::parse(&path)?.in_scope(self.scope))),
            _ => Ok(None),
        }
    }

    /// Reads the data at a path (relative paths from the scope).
    pub fn read_path(&self, path: &str) -> Result<Value, A2uiError> {
        let pointer = Pointer::parse(path)?.in_scope(self.scope);
        Ok(self.data.get(&pointer).cloned().unwrap_or(Value::Null))
    }

    pub(crate) fn resolve_at(&self, value: &Value, depth: usize) -> Result<Value, A2uiError> {
        match DynamicValue::from_value(value) {
            DynamicValue::Literal(literal) => Ok(literal),
            DynamicValue::Path(path) => self.read_path(&path),
            DynamicValue::Call(call) => self.call_at(&call, depth + 1),
        }
    }

    pub(crate) fn call_at(&self, call: &FunctionCall, depth: usize) -> Result<Value, A2uiError> {
        self.call_with(call, depth, false)
    }

    /// Runs a call; `resolved`: its arguments are values already, not dynamic values.
    pub(crate) fn call_with(
        &self,
        call: &FunctionCall,
        depth: usize,
        resolved: bool,
    ) -> Result<Value, A2uiError> {
        if depth > self.limits.max_call_depth {
            return Err(A2uiError::Limit(format!(
                "function calls nest deeper than {}",
                self.limits.max_call_depth
            )));
        }
        if !self.catalog.has_function(&call.call) {
            return Err(A2uiError::UnknownFunction(call.call.clone()));
        }
        functions::call(self, call, depth, resolved)
    }
}
