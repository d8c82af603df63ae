//! One surface's model: its catalog, theme, components by id and data model; and what a
//! renderer asks of it: the resolved tree, a property's value in a scope, an input's checks,
//! writing an input's value back to the data (two-way binding), and what pressing a button
//! does.

use std::collections::BTreeMap;

use serde_json::{Map, Value};
use url::Url;

use crate::catalog::Catalog;
use crate::data::DataModel;
use crate::dynamic::{Action, CheckRule, DynamicValue};
use crate::error::A2uiError;
use crate::limits::{Limits, size_exceeds};
use crate::message::{ActionMessage, Component};
use crate::pointer::Pointer;
use crate::resolve::Context;
use crate::tree::{Builder, Tree};
use crate::url_check::check_url;

/// A surface. See the module docs.
#[derive(Debug, Clone)]
pub struct Surface {
    pub(crate) id: String,
    pub(crate) catalog_id: String,
    pub(crate) catalog: &'static Catalog,
    pub(crate) theme: Map<String, Value>,
    pub(crate) send_data_model: bool,
    pub(crate) components: BTreeMap<String, Component>,
    /// Where each component was last defined: (message index, index in `components`).
    pub(crate) origins: BTreeMap<String, (Option<usize>, usize)>,
    pub(crate) data: DataModel,
    pub(crate) limits: Limits,
}

/// What a failed `validationRegexp` says (the catalog gives it no message of its own).
pub const VALIDATION_REGEXP_MESSAGE: &str = "The value does not have the expected format.";

/// The outcome of one check of an input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckOutcome {
    /// The rule's message (shown when it fails).
    pub message: String,
    /// Whether the condition held.
    pub passed: bool,
    /// Why the condition could not be evaluated (it then counts as failed).
    pub error: Option<String>,
}

/// What using a component's action does.
#[derive(Debug, Clone, PartialEq)]
pub enum Fired {
    /// Send this `action` message to the server.
    Event(ActionMessage),
    /// Open this URL (already checked to be `https`, `http` or `mailto`).
    OpenUrl(Url),
    /// A check failed: nothing is sent; this is the first failing check's message.
    Blocked(String),
    /// A local function ran; there is nothing to send or open.
    Nothing,
}

impl Surface {
    pub(crate) fn new(
        id: String,
        catalog_id: String,
        catalog: &'static Catalog,
        limits: Limits,
    ) -> Self {
        Self {
            id,
            catalog_id,
            catalog,
            theme: Map::new(),
            send_data_model: false,
            components: BTreeMap::new(),
            origins: BTreeMap::new(),
            data: DataModel::new(),
            limits,
        }
    }

    /// The surface's id.
    #[must_use]
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The catalog id `createSurface` named.
    #[must_use]
    pub fn catalog_id(&self) -> &str {
        &self.catalog_id
    }

    /// The catalog in use (the basic one when the id named an unknown catalog).
    #[must_use]
    pub fn catalog(&self) -> &'static Catalog {
        self.catalog
    }

    /// The theme parameters.
    #[must_use]
    pub fn theme(&self) -> &Map<String, Value> {
        &self.theme
    }

    /// Whether the data model goes to the server with every client message.
    #[must_use]
    pub fn send_data_model(&self) -> bool {
        self.send_data_model
    }

    /// The data model.
    #[must_use]
    pub fn data(&self) -> &DataModel {
        &self.data
    }

    /// A component by id.
    #[must_use]
    pub fn component(&self, id: &str) -> Option<&Component> {
        self.components.get(id)
    }

    /// Every component, by id.
    #[must_use]
    pub fn components(&self) -> &BTreeMap<String, Component> {
        &self.components
    }

    /// The resolved tree (see [`Tree`]).
    #[must_use]
    pub fn tree(&self) -> Tree {
        Builder {
            components: &self.components,
            catalog: self.catalog,
            data: &self.data,
            limits: &self.limits,
            nodes: 0,
        }
        .build()
    }

    /// A resolution context for a scope (a tree node's [`crate::Node::scope`]).
    #[must_use]
    pub fn context<'a>(&'a self, scope: &'a Pointer) -> Context<'a> {
        Context {
            data: &self.data,
            catalog: self.catalog,
            scope,
            limits: &self.limits,
        }
    }

    /// A component's property, resolved in a scope (`null` when it has none).
    pub fn property(&self, id: &str, property: &str, scope: &Pointer) -> Result<Value, A2uiError> {
        let component = self.find(id)?;
        match component.properties.get(property) {
            Some(value) => self.context(scope).resolve(value),
            None => Ok(Value::Null),
        }
    }

    /// A component's URL property (an `Image`'s, a `Video`'s, an `AudioPlayer`'s) resolved in a
    /// scope and checked: only `https`, `http` and `mailto` URLs come back.
    pub fn url(&self, id: &str, property: &str, scope: &Pointer) -> Result<Url, A2uiError> {
        let text = crate::coerce::to_text(&self.property(id, property, scope)?);
        check_url(&text)
    }

    /// Writes a value at a data path read in a scope (what an input does as the user types).
    pub fn set_path(&mut self, scope: &Pointer, path: &str, value: Value) -> Result<(), A2uiError> {
        let pointer = Pointer::parse(path)?.in_scope(scope);
        self.write(&pointer, value)
    }

    /// Two-way binding: writes `value` where the component's `property` (usually `value`) is
    /// bound, read in `scope`.
    pub fn set_bound(
        &mut self,
        id: &str,
        property: &str,
        scope: &Pointer,
        value: Value,
    ) -> Result<(), A2uiError> {
        let component = self.find(id)?;
        let Some(DynamicValue::Path(path)) = component
            .properties
            .get(property)
            .map(DynamicValue::from_value)
        else {
            return Err(A2uiError::NotBound {
                component: id.to_owned(),
                property: property.to_owned(),
            });
        };
        self.set_path(scope, &path, value)
    }

    pub(crate) fn write(&mut self, pointer: &Pointer, value: Value) -> Result<(), A2uiError> {
        if size_exceeds(&value, self.limits.max_data_bytes) {
            return Err(A2uiError::Limit(format!(
                "the value is larger than the data model's {} bytes",
                self.limits.max_data_bytes
            )));
        }
        self.data.set(pointer, value)?;
        if size_exceeds(self.data.root(), self.limits.max_data_bytes) {
            self.data.remove(pointer);
            return Err(A2uiError::Limit(format!(
                "the data model would be larger than {} bytes",
                self.limits.max_data_bytes
            )));
        }
        Ok(())
    }

    /// A component's checks, each evaluated in a scope; a `TextField`'s `validationRegexp`
    /// comes last, as a check that a non-empty value matches it.
    pub fn checks(&self, id: &str, scope: &Pointer) -> Result<Vec<CheckOutcome>, A2uiError> {
        let component = self.find(id)?;
        let context = self.context(scope);
        let mut outcomes = Self::rule_outcomes(component, &context);
        if let Some(Value::String(pattern)) = component.properties.get("validationRegexp") {
            let value = match component.properties.get("value") {
                Some(value) => context.resolve_text(value)?,
                None => String::new(),
            };
            if !value.is_empty() {
                let (passed, error) = match crate::functions::cached_regex(pattern) {
                    Ok(regex) => (regex.is_match(&value), None),
                    Err(e) => (false, Some(e.to_string())),
                };
                outcomes.push(CheckOutcome {
                    message: VALIDATION_REGEXP_MESSAGE.to_owned(),
                    passed,
                    error,
                });
            }
        }
        Ok(outcomes)
    }

    fn rule_outcomes(component: &Component, context: &Context<'_>) -> Vec<CheckOutcome> {
        CheckRule::list(&component.properties)
            .into_iter()
            .map(|rule| {
                let condition = match &rule.condition {
                    DynamicValue::Literal(v) => Ok(v.clone()),
                    DynamicValue::Path(p) => context.read_path(p),
                    DynamicValue::Call(call) => context.call_at(call, 1),
                };
                match condition {
                    Ok(value) => CheckOutcome {
                        message: rule.message,
                        passed: crate::coerce::to_bool(&value),
                        error: None,
                    },
                    Err(e) => CheckOutcome {
                        message: rule.message,
                        passed: false,
                        error: Some(e.to_string()),
                    },
                }
            })
            .collect()
    }

    /// What using the component's `action` does now, in a scope: its checks are evaluated
    /// first (any failing blocks it), then an event's context is resolved into an `action`
    /// message stamped `timestamp` (ISO 8601), or `openUrl`'s URL is checked.
    pub fn fire(&self, id: &str, scope: &Pointer, timestamp: &str) -> Result<Fired, A2uiError> {
        if let Some(failed) = self.checks(id, scope)?.into_iter().find(|c| !c.passed) {
            return Ok(Fired::Blocked(failed.message));
        }
        let component = self.find(id)?;
        let context = self.context(scope);
        match component
            .properties
            .get("action")
            .and_then(Action::from_value)
        {
            None => Ok(Fired::Nothing),
            Some(Action::Event { name, context: raw }) => {
                let mut resolved = Map::new();
                for (key, value) in &raw {
                    resolved.insert(key.clone(), context.resolve(value)?);
                }
                Ok(Fired::Event(ActionMessage {
                    name,
                    surface_id: self.id.clone(),
                    source_component_id: id.to_owned(),
                    timestamp: timestamp.to_owned(),
                    context: resolved,
                    extra: Map::new(),
                }))
            }
            Some(Action::Call(call)) if call.call == "openUrl" => {
                let url = match call.args.get("url") {
                    Some(value) => context.resolve_text(value)?,
                    None => String::new(),
                };
                check_url(&url).map(Fired::OpenUrl)
            }
            Some(Action::Call(call)) => context.call_at(&call, 1).map(|_| Fired::Nothing),
        }
    }

    fn find(&self, id: &str) -> Result<&Component, A2uiError> {
        self.components
            .get(id)
            .ok_or_else(|| A2uiError::UnknownComponent(id.to_owned()))
    }
}
