//! A button's server event, typed by where each context value comes from, so that the server
//! can sign what it fixed and tell it apart from what the user typed.
//!
//! - **Fixed** values are literals the server wrote (an id): signed when the surface is built
//!   ([`crate::a2ui::SurfaceBuilder::build_signed`]), the token a literal context entry under
//!   [`SIGNATURE_KEY`].
//! - **Item** values come from the data item of a template (`{"path": "id"}` inside a `List`
//!   over `/tables`): each item is signed on its own ([`Event::sign_item`]), its token put in
//!   the item under [`SIGNATURE_KEY`] and read by the context from there.
//! - **Input** values are bound to the data the user edits (`/form/email`): never signed, but
//!   they are the only other arguments the signature allows, and the server checks them again.
//!
//! The event's name is the tool it calls ([`mcpapp_a2ui::mcp`]'s own-tool route), so the
//! signature is issued for that tool.

use serde_json::{Map, Value};

use crate::Error;
use crate::signing::{RESERVED_PREFIX, SIGNATURE_KEY, Signer};

/// Where one context value comes from.
#[derive(Debug, Clone, PartialEq)]
enum Source {
    Fixed(Value),
    Item(String),
    Input(String),
}

/// A server event (`{"event": {"name", "context"}}`) for a button. See the module docs.
#[derive(Debug, Clone, PartialEq)]
#[must_use]
pub struct Event {
    name: String,
    context: Vec<(String, Source)>,
}

impl Event {
    /// An event named `name`: the tool the call goes to.
    pub fn new(name: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            context: Vec::new(),
        }
    }

    /// A literal the server fixes (signed): a string, number, boolean or array.
    pub fn fixed(mut self, key: impl Into<String>, value: impl Into<Value>) -> Self {
        self.context.push((key.into(), Source::Fixed(value.into())));
        self
    }

    /// A value of the template item (signed per item, see [`Self::sign_item`]): `path` is
    /// relative to the item (`id`, `table/id`).
    pub fn item(mut self, key: impl Into<String>, path: impl Into<String>) -> Self {
        self.context.push((key.into(), Source::Item(path.into())));
        self
    }

    /// A value the user enters, bound to the absolute data path `path`.
    pub fn input(mut self, key: impl Into<String>, path: impl Into<String>) -> Self {
        self.context.push((key.into(), Source::Input(path.into())));
        self
    }

    /// The event's name.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The keys of the user's inputs and the data path each is bound to, in order.
    pub fn inputs(&self) -> impl Iterator<Item = (&str, &str)> {
        self.context
            .iter()
            .filter_map(|(key, source)| match source {
                Source::Input(path) => Some((key.as_str(), path.as_str())),
                _ => None,
            })
    }

    /// Whether the event takes values from a template item (and is signed per item).
    #[must_use]
    pub fn takes_item_values(&self) -> bool {
        self.context
            .iter()
            .any(|(_, source)| matches!(source, Source::Item(_)))
    }

    fn fixed_values(&self) -> Map<String, Value> {
        self.context
            .iter()
            .filter_map(|(key, source)| match source {
                Source::Fixed(value) => Some((key.clone(), value.clone())),
                _ => None,
            })
            .collect()
    }

    fn input_keys(&self) -> Vec<&str> {
        self.inputs().map(|(key, _)| key).collect()
    }

    /// Refuses what could never come back intact: a reserved `mcp_` key, a key used twice, a
    /// fixed value the protocol cannot carry as a literal (an object or `null`).
    pub(crate) fn check(&self, component: &str) -> Result<(), Error> {
        let mut seen = Vec::new();
        for (key, source) in &self.context {
            if key.starts_with(RESERVED_PREFIX) || seen.contains(&key) {
                return Err(Error::BadContextKey {
                    component: component.to_owned(),
                    key: key.clone(),
                });
            }
            seen.push(key);
            if let Source::Fixed(Value::Object(_) | Value::Null) = source {
                return Err(Error::BadFixedValue {
                    component: component.to_owned(),
                    key: key.clone(),
                });
            }
        }
        Ok(())
    }

    /// The token for an event without item values: its fixed values, signed for `subject` at
    /// `now`, allowing exactly its inputs.
    pub fn sign(&self, signer: &Signer, subject: &str, now: u64) -> Result<String, Error> {
        signer.sign_data_for_inputs(
            &self.name,
            self.fixed_values(),
            &self.input_keys(),
            subject,
            now,
        )
    }

    /// Signs one data item of the list a template shows: the event's fixed values and the
    /// item's values it reads, for `subject` at `now`; the token goes into the item under
    /// [`SIGNATURE_KEY`], where the event's context reads it.
    pub fn sign_item(
        &self,
        signer: &Signer,
        item: &mut Map<String, Value>,
        subject: &str,
        now: u64,
    ) -> Result<(), Error> {
        let mut fixed = self.fixed_values();
        let object = Value::Object(std::mem::take(item));
        let mut missing = None;
        for (key, source) in &self.context {
            if let Source::Item(path) = source {
                match object.pointer(&format!("/{path}")) {
                    Some(value) if !value.is_null() && !value.is_object() => {
                        fixed.insert(key.clone(), value.clone());
                    }
                    _ => missing = Some((key.clone(), path.clone())),
                }
            }
        }
        if let Value::Object(back) = object {
            *item = back;
        }
        if let Some((key, path)) = missing {
            return Err(Error::MissingItemValue { key, path });
        }
        item.remove(SIGNATURE_KEY);
        let token =
            signer.sign_data_for_inputs(&self.name, fixed, &self.input_keys(), subject, now)?;
        item.insert(SIGNATURE_KEY.to_owned(), Value::String(token));
        Ok(())
    }

    /// The `action` property: `{"event": {"name", "context"}}`, the signature a literal
    /// `token` or, for an event with item values, read from the item.
    pub(crate) fn to_json(&self, token: Option<&str>) -> Value {
        let path = |p: &str| Value::Object(Map::from_iter([("path".to_owned(), Value::from(p))]));
        let mut context: Map<String, Value> = self
            .context
            .iter()
            .map(|(key, source)| {
                let value = match source {
                    Source::Fixed(value) => value.clone(),
                    Source::Item(p) | Source::Input(p) => path(p),
                };
                (key.clone(), value)
            })
            .collect();
        if self.takes_item_values() {
            context.insert(SIGNATURE_KEY.to_owned(), path(SIGNATURE_KEY));
        } else if let Some(token) = token {
            context.insert(SIGNATURE_KEY.to_owned(), Value::from(token));
        }
        let mut event = Map::new();
        event.insert("name".to_owned(), Value::from(self.name.as_str()));
        if !context.is_empty() {
            event.insert("context".to_owned(), Value::Object(context));
        }
        Value::Object(Map::from_iter([("event".to_owned(), Value::Object(event))]))
    }
}
