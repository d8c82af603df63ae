//! A surface's data model: one JSON value read and written by JSON pointer, with A2UI's
//! upsert rules (missing containers are created, an object for a name and an array for an
//! index; removing an array item leaves `null` in its place, keeping the length).

use serde_json::{Map, Value};

use crate::error::A2uiError;
use crate::pointer::{Pointer, index};

/// How far past an array's end a write may reach (the gap is filled with `null`): a write to
/// index 1,000,000 of an empty array must not allocate a million slots.
pub const MAX_INDEX_GAP: usize = 1_000;

/// A data model. See the module docs.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DataModel {
    root: Value,
}

impl DataModel {
    /// An empty model (`{}`).
    #[must_use]
    pub fn new() -> Self {
        Self {
            root: Value::Object(Map::new()),
        }
    }

    /// The whole model.
    #[must_use]
    pub fn root(&self) -> &Value {
        &self.root
    }

    /// The value at an absolute pointer, if there is one. A relative pointer is read from
    /// the root.
    #[must_use]
    pub fn get(&self, pointer: &Pointer) -> Option<&Value> {
        let mut here = &self.root;
        for token in pointer.tokens() {
            here = match here {
                Value::Object(map) => map.get(token)?,
                Value::Array(items) => items.get(index(token)?)?,
                _ => return None,
            };
        }
        Some(here)
    }

    /// Writes `value` at `pointer`, creating what is missing on the way. The root pointer
    /// replaces the whole model. A `-` token appends to an array.
    pub fn set(&mut self, pointer: &Pointer, value: Value) -> Result<(), A2uiError> {
        let Some((last, parents)) = pointer.tokens().split_last() else {
            self.root = value;
            return Ok(());
        };
        let mut here = &mut self.root;
        for (i, token) in parents.iter().enumerate() {
            let next_is_index = pointer
                .tokens()
                .get(i + 1)
                .is_some_and(|t| index(t).is_some() || t == "-");
            here = step_or_create(here, token, next_is_index, pointer)?;
        }
        match here {
            Value::Object(map) => {
                map.insert(last.clone(), value);
                Ok(())
            }
            Value::Array(items) => {
                let at = array_slot(items, last, pointer)?;
                if let Some(slot) = items.get_mut(at) {
                    *slot = value;
                }
                Ok(())
            }
            other => {
                // A scalar in the way is replaced by the container the token asks for.
                let mut fresh = if index(last).is_some() || last == "-" {
                    Value::Array(Vec::new())
                } else {
                    Value::Object(Map::new())
                };
                std::mem::swap(other, &mut fresh);
                drop(fresh);
                self.set(pointer, value)
            }
        }
    }

    /// Removes what is at `pointer`: an object's key goes, an array's item becomes `null`
    /// (the length is kept), the root becomes `{}`. Nothing there is not an error.
    pub fn remove(&mut self, pointer: &Pointer) {
        let Some((last, parents)) = pointer.tokens().split_last() else {
            self.root = Value::Object(Map::new());
            return;
        };
        let mut here = &mut self.root;
        for token in parents {
            let next = match here {
                Value::Object(map) => map.get_mut(token),
                Value::Array(items) => index(token).and_then(|i| items.get_mut(i)),
                _ => None,
            };
            match next {
                Some(v) => here = v,
                None => return,
            }
        }
        match here {
            Value::Object(map) => {
                map.remove(last);
            }
            Value::Array(items) => {
                if let Some(slot) = index(last).and_then(|i| items.get_mut(i)) {
                    *slot = Value::Null;
                }
            }
            _ => {}
        }
    }
}

fn step_or_create<'v>(
    here: &'v mut Value,
    token: &str,
    next_is_index: bool,
    pointer: &Pointer,
) -> Result<&'v mut Value, A2uiError> {
    let empty = || {
        if next_is_index {
            Value::Array(Vec::new())
        } else {
            Value::Object(Map::new())
        }
    };
    if !matches!(here, Value::Object(_) | Value::Array(_)) {
        *here = if index(token).is_some() || token == "-" {
            Value::Array(Vec::new())
        } else {
            Value::Object(Map::new())
        };
    }
    match here {
        Value::Object(map) => {
            let slot = map.entry(token.to_owned()).or_insert_with(empty);
            if !matches!(slot, Value::Object(_) | Value::Array(_)) {
                *slot = empty();
            }
            Ok(slot)
        }
        Value::Array(items) => {
            let at = array_slot(items, token, pointer)?;
            let slot = items
                .get_mut(at)
                .ok_or_else(|| cannot(pointer, "no slot"))?;
            if !matches!(slot, Value::Object(_) | Value::Array(_)) {
                *slot = empty();
            }
            Ok(slot)
        }
        _ => Err(cannot(pointer, "not a container")),
    }
}

/// The index `token` names in `items`, growing the array (with `null`s) when it names a
/// slot just past the end.
fn array_slot(items: &mut Vec<Value>, token: &str, pointer: &Pointer) -> Result<usize, A2uiError> {
    let at = if token == "-" {
        items.len()
    } else {
        index(token).ok_or_else(|| {
            cannot(
                pointer,
                &format!("`{token}` is not an array index (the value there is an array)"),
            )
        })?
    };
    if at >= items.len() {
        if at - items.len() > MAX_INDEX_GAP {
            return Err(cannot(
                pointer,
                &format!(
                    "index {at} is more than {MAX_INDEX_GAP} past the array's end ({})",
                    items.len()
                ),
            ));
        }
        items.resize(at + 1, Value::Null);
    }
    Ok(at)
}

fn cannot(pointer: &Pointer, reason: &str) -> A2uiError {
    A2uiError::CannotSet {
        pointer: pointer.to_string(),
        reason: reason.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn p(text: &str) -> Pointer {
        Pointer::parse(text).unwrap_or_default()
    }

    #[test]
    fn upserts_and_creates_containers() {
        let mut model = DataModel::new();
        assert!(model.set(&p("/a/b/0/c"), json!(1)).is_ok());
        assert_eq!(model.root(), &json!({"a": {"b": [{"c": 1}]}}));
        assert!(model.set(&p("/a/b/-"), json!("x")).is_ok());
        assert_eq!(model.get(&p("/a/b/1")), Some(&json!("x")));
        assert!(model.set(&p("/"), json!({"z": true})).is_ok());
        assert_eq!(model.root(), &json!({"z": true}));
    }

    #[test]
    fn removal_keeps_array_length() {
        let mut model = DataModel::new();
        assert!(model.set(&p("/l"), json!([1, 2, 3])).is_ok());
        model.remove(&p("/l/1"));
        assert_eq!(model.get(&p("/l")), Some(&json!([1, null, 3])));
        model.remove(&p("/l"));
        assert_eq!(model.root(), &json!({}));
        model.remove(&p("/nothing/here"));
    }

    #[test]
    fn refuses_far_indices_and_names_in_arrays() {
        let mut model = DataModel::new();
        assert!(model.set(&p("/l/1000000"), json!(1)).is_err());
        assert!(model.set(&p("/l"), json!([])).is_ok());
        assert!(model.set(&p("/l/name"), json!(1)).is_err());
        assert_eq!(model.get(&p("/l")), Some(&json!([])));
    }
}
