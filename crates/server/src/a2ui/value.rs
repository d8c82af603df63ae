//! The values a component's properties take, typed: a literal, a binding to a data path, or a
//! call of a catalog function; and the checks inputs and buttons carry.

use serde_json::{Map, Value};

/// A property value that may depend on the data model (the protocol's `DynamicValue`).
#[derive(Debug, Clone, PartialEq)]
pub enum Dynamic {
    /// A value written as it is (a string, number, boolean or array).
    Literal(Value),
    /// The value at a data path: absolute (`/form/name`), or relative to a template's item
    /// (`name`).
    Path(String),
    /// A catalog function's result.
    Call(Call),
}

impl Dynamic {
    /// A binding to the data path `path`.
    #[must_use]
    pub fn path(path: impl Into<String>) -> Self {
        Self::Path(path.into())
    }

    /// A literal value.
    #[must_use]
    pub fn literal(value: impl Into<Value>) -> Self {
        Self::Literal(value.into())
    }

    /// The value as the protocol writes it.
    #[must_use]
    pub fn to_json(&self) -> Value {
        match self {
            Self::Literal(value) => value.clone(),
            Self::Path(path) => Value::Object(Map::from_iter([(
                "path".to_owned(),
                Value::from(path.as_str()),
            )])),
            Self::Call(call) => call.to_json(),
        }
    }
}

/// A literal from each kind of value a component property takes.
macro_rules! literal_from {
    ($($kind:ty),*) => {$(
        impl From<$kind> for Dynamic {
            fn from(value: $kind) -> Self {
                Self::Literal(Value::from(value))
            }
        }
    )*};
}

literal_from!(&str, String, bool, i64, f64);

impl From<Call> for Dynamic {
    fn from(call: Call) -> Self {
        Self::Call(call)
    }
}

/// A call of one of the catalog's functions (`{"call", "args", "returnType"}`).
#[derive(Debug, Clone, PartialEq)]
#[must_use]
pub struct Call {
    name: String,
    args: Map<String, Value>,
    return_type: Option<&'static str>,
}

impl Call {
    /// A call of the function `name` with no arguments yet.
    pub fn new(name: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            args: Map::new(),
            return_type: None,
        }
    }

    /// Adds the named argument `name`.
    pub fn arg(mut self, name: &str, value: impl Into<Dynamic>) -> Self {
        self.args.insert(name.to_owned(), value.into().to_json());
        self
    }

    /// Says what the call returns (`"string"`, `"boolean"`, …), where the property needs it.
    pub fn returns(mut self, return_type: &'static str) -> Self {
        self.return_type = Some(return_type);
        self
    }

    /// `formatString`: `template` with its `${path}` and `${call(…)}` expressions filled.
    pub fn format_string(template: impl Into<String>) -> Self {
        Self::new("formatString")
            .arg("value", Dynamic::Literal(Value::from(template.into())))
            .returns("string")
    }

    /// `required`: the value is neither missing nor empty.
    pub fn required(value: impl Into<Dynamic>) -> Self {
        Self::new("required").arg("value", value)
    }

    /// `email`: the value is an email address.
    pub fn email(value: impl Into<Dynamic>) -> Self {
        Self::new("email").arg("value", value)
    }

    /// `length`: the text's length is within `min..=max` (either may be left open).
    pub fn length(value: impl Into<Dynamic>, min: Option<u64>, max: Option<u64>) -> Self {
        Self::new("length").arg("value", value).bounds(min, max)
    }

    /// `numeric`: the number is within `min..=max` (either may be left open).
    pub fn numeric(value: impl Into<Dynamic>, min: Option<f64>, max: Option<f64>) -> Self {
        Self::new("numeric").arg("value", value).bounds(min, max)
    }

    /// The `min` and `max` arguments of a range check, those that are given.
    fn bounds(mut self, min: Option<impl Into<Value>>, max: Option<impl Into<Value>>) -> Self {
        for (name, bound) in [("min", min.map(Into::into)), ("max", max.map(Into::into))] {
            if let Some(bound) = bound {
                self.args.insert(name.to_owned(), bound);
            }
        }
        self
    }

    /// `regex`: the text matches `pattern`.
    pub fn regex(value: impl Into<Dynamic>, pattern: impl Into<String>) -> Self {
        Self::new("regex")
            .arg("value", value)
            .arg("pattern", Dynamic::Literal(Value::from(pattern.into())))
    }

    /// `not`: the boolean's negation.
    pub fn not(value: impl Into<Dynamic>) -> Self {
        Self::new("not").arg("value", value)
    }

    /// `and` of two or more booleans.
    pub fn and(values: impl IntoIterator<Item = Dynamic>) -> Self {
        Self::logic("and", values)
    }

    /// `or` of two or more booleans.
    pub fn or(values: impl IntoIterator<Item = Dynamic>) -> Self {
        Self::logic("or", values)
    }

    fn logic(name: &str, values: impl IntoIterator<Item = Dynamic>) -> Self {
        let values = values.into_iter().map(|v| v.to_json()).collect();
        let mut call = Self::new(name);
        call.args.insert("values".to_owned(), Value::Array(values));
        call
    }

    /// The call as the protocol writes it.
    #[must_use]
    pub fn to_json(&self) -> Value {
        let mut object = Map::new();
        object.insert("call".to_owned(), Value::from(self.name.as_str()));
        object.insert("args".to_owned(), Value::Object(self.args.clone()));
        if let Some(return_type) = self.return_type {
            object.insert("returnType".to_owned(), Value::from(return_type));
        }
        Value::Object(object)
    }
}

/// A check of an input or a button: a boolean condition, and what to tell the user when it is
/// false. A button whose checks fail cannot be used.
#[derive(Debug, Clone, PartialEq)]
#[must_use]
pub struct Check {
    condition: Dynamic,
    message: String,
}

impl Check {
    /// A check of `condition` (usually a [`Call`]) with `message`.
    pub fn new(condition: impl Into<Dynamic>, message: impl Into<String>) -> Self {
        Self {
            condition: condition.into(),
            message: message.into(),
        }
    }

    /// The value at `path` is given.
    pub fn required(path: &str, message: impl Into<String>) -> Self {
        Self::new(Call::required(Dynamic::path(path)), message)
    }

    /// The value at `path` is an email address.
    pub fn email(path: &str, message: impl Into<String>) -> Self {
        Self::new(Call::email(Dynamic::path(path)), message)
    }

    /// The text at `path` is `min..=max` characters long.
    pub fn length(
        path: &str,
        min: Option<u64>,
        max: Option<u64>,
        message: impl Into<String>,
    ) -> Self {
        Self::new(Call::length(Dynamic::path(path), min, max), message)
    }

    /// The number at `path` is within `min..=max`.
    pub fn numeric(
        path: &str,
        min: Option<f64>,
        max: Option<f64>,
        message: impl Into<String>,
    ) -> Self {
        Self::new(Call::numeric(Dynamic::path(path), min, max), message)
    }

    /// The check as the protocol writes it.
    #[must_use]
    pub fn to_json(&self) -> Value {
        let mut object = Map::new();
        object.insert("condition".to_owned(), self.condition.to_json());
        object.insert("message".to_owned(), Value::from(self.message.as_str()));
        Value::Object(object)
    }
}
