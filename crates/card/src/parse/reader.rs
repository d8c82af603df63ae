//! The reading context: where we are in the document, and what we found so far.
//!
//! Readers take a card's JSON object apart property by property (`Map::remove`, so strings are
//! moved, not copied), convert each value, and leave what they do not know in `extra`. A value
//! of the wrong type is reported and ignored rather than failing the whole card, the way the
//! official renderers behave.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use crate::diagnostic::{Code, Diagnostic, Severity};
use crate::enums::CardEnum;
use crate::model::{ColumnWidth, Dimension, Px};

/// Why a value could not be converted.
pub(crate) enum Invalid {
    /// The JSON type is wrong; the caller reports it (as a warning, or an error when the
    /// property is required).
    WrongType {
        /// What was expected, for the message: "a string".
        expected: &'static str,
    },
    /// The converter has reported the problem itself.
    Reported,
}

/// A JSON type's name for messages.
pub(crate) fn json_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// The state of one parse.
pub(crate) struct Ctx {
    /// The JSON pointer of the value being read.
    path: String,
    /// Everything found so far.
    pub(crate) diagnostics: Vec<Diagnostic>,
    /// Every `id` of an element or action, with the pointer of the `id` property.
    pub(crate) ids: Vec<(String, String)>,
    /// Every input `id`, with its pointer.
    pub(crate) input_ids: Vec<(String, String)>,
    /// The keys of every submit action's object `data`, with the action's pointer.
    pub(crate) data_keys: Vec<(String, String)>,
}

impl Ctx {
    pub(crate) fn new() -> Self {
        Self {
            path: String::new(),
            diagnostics: Vec::new(),
            ids: Vec::new(),
            input_ids: Vec::new(),
            data_keys: Vec::new(),
        }
    }

    /// The pointer of a property of the value being read.
    pub(crate) fn child_pointer(&self, key: &str) -> String {
        let mut p = self.path.clone();
        push_key(&mut p, key);
        p
    }

    /// Runs `f` with the pointer moved into property `key`.
    pub(crate) fn at<R>(&mut self, key: &str, f: impl FnOnce(&mut Self) -> R) -> R {
        let len = self.path.len();
        push_key(&mut self.path, key);
        let r = f(self);
        self.path.truncate(len);
        r
    }

    /// Runs `f` with the pointer moved into array index `index`.
    pub(crate) fn at_index<R>(&mut self, index: usize, f: impl FnOnce(&mut Self) -> R) -> R {
        use std::fmt::Write as _;
        let len = self.path.len();
        let _ = write!(self.path, "/{index}");
        let r = f(self);
        self.path.truncate(len);
        r
    }

    /// Reports a finding at the current place.
    pub(crate) fn report(&mut self, code: Code, message: impl Into<String>) {
        self.diagnostics
            .push(Diagnostic::new(code, self.path.clone(), message));
    }

    /// Reports a finding at the current place with a severity other than the code's.
    pub(crate) fn report_as(&mut self, code: Code, severity: Severity, message: impl Into<String>) {
        self.diagnostics
            .push(Diagnostic::new(code, self.path.clone(), message).with_severity(severity));
    }

    /// Takes an optional property; a value of the wrong type is reported and ignored.
    pub(crate) fn opt<T: FromJson>(
        &mut self,
        map: &mut Map<String, Value>,
        key: &str,
    ) -> Option<T> {
        let value = map.remove(key)?;
        self.at(key, |cx| {
            let found = json_type(&value);
            match T::from_json(value, cx) {
                Ok(v) => Some(v),
                Err(Invalid::WrongType { expected }) => {
                    cx.report(
                        Code::WrongType,
                        format!("`{key}` should be {expected}, not {found}; it is ignored"),
                    );
                    None
                }
                Err(Invalid::Reported) => None,
            }
        })
    }

    /// Takes a required property of `owner` (a type name for the message); a missing value or
    /// one of the wrong type is an error.
    pub(crate) fn req<T: FromJson>(
        &mut self,
        map: &mut Map<String, Value>,
        key: &str,
        owner: &str,
    ) -> Option<T> {
        let Some(value) = map.remove(key) else {
            self.report(
                Code::MissingProperty,
                format!("{owner} needs `{key}` ({})", T::EXPECTED),
            );
            return None;
        };
        self.at(key, |cx| {
            let found = json_type(&value);
            match T::from_json(value, cx) {
                Ok(v) => Some(v),
                Err(Invalid::WrongType { expected }) => {
                    cx.report(
                        Code::InvalidProperty,
                        format!("{owner}'s `{key}` must be {expected}, not {found}"),
                    );
                    None
                }
                Err(Invalid::Reported) => None,
            }
        })
    }

    /// Takes an array property, converting each item with `item`; items that fail are
    /// dropped (they were reported).
    pub(crate) fn list<T>(
        &mut self,
        map: &mut Map<String, Value>,
        key: &str,
        mut item: impl FnMut(&mut Self, Value) -> Option<T>,
    ) -> Vec<T> {
        let Some(value) = map.remove(key) else {
            return Vec::new();
        };
        self.at(key, |cx| match value {
            Value::Array(items) => {
                let mut out = Vec::with_capacity(items.len());
                for (i, v) in items.into_iter().enumerate() {
                    if let Some(x) = cx.at_index(i, |cx| item(cx, v)) {
                        out.push(x);
                    }
                }
                out
            }
            other => {
                let found = json_type(&other);
                cx.report(
                    Code::WrongType,
                    format!("`{key}` should be an array, not {found}; it is ignored"),
                );
                Vec::new()
            }
        })
    }

    /// Keeps the properties nobody took, reporting each as unknown.
    pub(crate) fn extra(&mut self, map: Map<String, Value>, owner: &str) -> Map<String, Value> {
        for key in map.keys() {
            let pointer = self.child_pointer(key);
            self.diagnostics.push(Diagnostic::new(
                Code::UnknownProperty,
                pointer,
                format!("{owner} has no property `{key}`; it is kept but not used"),
            ));
        }
        map
    }

    /// Remembers an element's or action's id for the uniqueness check.
    pub(crate) fn record_id(&mut self, id: &str) {
        let pointer = self.child_pointer("id");
        self.ids.push((id.to_owned(), pointer));
    }
}

/// Appends `/key` to a pointer, escaping `~` and `/` as RFC 6901 says.
pub(crate) fn push_key(pointer: &mut String, key: &str) {
    pointer.push('/');
    if key.contains(['~', '/']) {
        pointer.push_str(&key.replace('~', "~0").replace('/', "~1"));
    } else {
        pointer.push_str(key);
    }
}

/// A value that can be read from a card's JSON.
pub(crate) trait FromJson: Sized {
    /// What the value looks like, for messages: "a string".
    const EXPECTED: &'static str;
    /// Converts `value`, reporting through `cx` what it can explain itself.
    fn from_json(value: Value, cx: &mut Ctx) -> Result<Self, Invalid>;
}

impl FromJson for String {
    const EXPECTED: &'static str = "a string";
    fn from_json(value: Value, _: &mut Ctx) -> Result<Self, Invalid> {
        match value {
            Value::String(s) => Ok(s),
            _ => Err(Invalid::WrongType {
                expected: Self::EXPECTED,
            }),
        }
    }
}

impl FromJson for bool {
    const EXPECTED: &'static str = "a boolean";
    fn from_json(value: Value, _: &mut Ctx) -> Result<Self, Invalid> {
        match value {
            Value::Bool(b) => Ok(b),
            // Official renderers read "true"/"false" strings too, and templates produce them.
            Value::String(s) if s.eq_ignore_ascii_case("true") => Ok(true),
            Value::String(s) if s.eq_ignore_ascii_case("false") => Ok(false),
            _ => Err(Invalid::WrongType {
                expected: Self::EXPECTED,
            }),
        }
    }
}

impl FromJson for f64 {
    const EXPECTED: &'static str = "a number";
    fn from_json(value: Value, _: &mut Ctx) -> Result<Self, Invalid> {
        let n = match &value {
            Value::Number(n) => n.as_f64(),
            // Templates turn numbers into strings when text surrounds the expression.
            Value::String(s) => s.trim().parse::<f64>().ok(),
            _ => None,
        };
        n.filter(|n| n.is_finite()).ok_or(Invalid::WrongType {
            expected: Self::EXPECTED,
        })
    }
}

impl FromJson for u32 {
    const EXPECTED: &'static str = "a whole number of at least 0";
    fn from_json(value: Value, cx: &mut Ctx) -> Result<Self, Invalid> {
        let n = f64::from_json(value, cx).map_err(|_| Invalid::WrongType {
            expected: Self::EXPECTED,
        })?;
        if n >= 0.0 && n <= f64::from(u32::MAX) && n.fract() == 0.0 {
            #[expect(
                clippy::cast_possible_truncation,
                clippy::cast_sign_loss,
                reason = "range and fraction checked above"
            )]
            Ok(n as u32)
        } else {
            Err(Invalid::WrongType {
                expected: Self::EXPECTED,
            })
        }
    }
}

impl FromJson for Value {
    const EXPECTED: &'static str = "any JSON value";
    fn from_json(value: Value, _: &mut Ctx) -> Result<Self, Invalid> {
        Ok(value)
    }
}

impl FromJson for BTreeMap<String, String> {
    const EXPECTED: &'static str = "an object of feature names and versions";
    fn from_json(value: Value, cx: &mut Ctx) -> Result<Self, Invalid> {
        let Value::Object(map) = value else {
            return Err(Invalid::WrongType {
                expected: Self::EXPECTED,
            });
        };
        let mut out = BTreeMap::new();
        for (k, v) in map {
            match v {
                Value::String(s) => {
                    out.insert(k, s);
                }
                other => {
                    let found = json_type(&other);
                    cx.at(&k, |cx| {
                        cx.report(
                            Code::WrongType,
                            format!("the version of feature `{k}` should be a string like \"1.0\", not {found}"),
                        );
                    });
                }
            }
        }
        Ok(out)
    }
}

/// Every card enumeration reads from a string, ignoring case; an unknown value is reported.
impl<E: CardEnum> FromJson for E {
    const EXPECTED: &'static str = "a string";
    fn from_json(value: Value, cx: &mut Ctx) -> Result<Self, Invalid> {
        let Value::String(s) = value else {
            return Err(Invalid::WrongType {
                expected: Self::EXPECTED,
            });
        };
        E::parse(&s).ok_or_else(|| {
            cx.report(
                Code::UnknownEnumValue,
                format!(
                    "unknown {} `{s}`, expected {}; the default is used",
                    E::NAME,
                    E::expected()
                ),
            );
            Invalid::Reported
        })
    }
}

impl FromJson for Px {
    const EXPECTED: &'static str = "a size in pixels such as \"50px\"";
    fn from_json(value: Value, cx: &mut Ctx) -> Result<Self, Invalid> {
        let Value::String(s) = value else {
            return Err(Invalid::WrongType {
                expected: Self::EXPECTED,
            });
        };
        Px::parse(&s).ok_or_else(|| {
            cx.report(
                Code::InvalidDimension,
                format!("`{s}` is not a size in pixels such as \"50px\"; it is ignored"),
            );
            Invalid::Reported
        })
    }
}

impl FromJson for Dimension {
    const EXPECTED: &'static str = "\"auto\", \"stretch\" or a size such as \"50px\"";
    fn from_json(value: Value, cx: &mut Ctx) -> Result<Self, Invalid> {
        let Value::String(s) = value else {
            return Err(Invalid::WrongType {
                expected: Self::EXPECTED,
            });
        };
        Dimension::parse(&s).ok_or_else(|| {
            cx.report(
                Code::InvalidDimension,
                format!(
                    "`{s}` is not \"auto\", \"stretch\" or a size such as \"50px\"; it is ignored"
                ),
            );
            Invalid::Reported
        })
    }
}

impl FromJson for ColumnWidth {
    const EXPECTED: &'static str = "\"auto\", \"stretch\", a weight or a size such as \"50px\"";
    fn from_json(value: Value, cx: &mut Ctx) -> Result<Self, Invalid> {
        ColumnWidth::from_json(&value).ok_or_else(|| {
            cx.report(
                Code::InvalidDimension,
                format!(
                    "{value} is not \"auto\", \"stretch\", a weight or a size such as \"50px\"; it is ignored"
                ),
            );
            Invalid::Reported
        })
    }
}
