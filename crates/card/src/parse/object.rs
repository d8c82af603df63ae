//! Items read from a JSON object of their own (facts, choices, columns, cells, …).

use std::fmt;

use compact_str::CompactString;
use serde::Deserializer;
use serde::de::{MapAccess, Visitor};
use serde_json::{Map, Value};

use super::reader::{Ctx, Item};
use super::seeds::Scalar;
use crate::diagnostic::Code;

/// An item that is a JSON object (some also accept a string shorthand).
pub(crate) trait ObjectItem: Sized {
    /// What it is, for messages: "a fact".
    const WHAT: &'static str;
    /// Reads the object's properties.
    fn read_fields<'de, A: MapAccess<'de>>(
        cx: &mut Ctx,
        map: &mut A,
    ) -> Result<Option<Self>, A::Error>;
    /// Reads the string shorthand, for the items that have one.
    fn from_string(_text: &str) -> Option<Self> {
        None
    }
}

impl<T: ObjectItem> Item for T {
    fn read<'de, D: Deserializer<'de>>(
        d: D,
        cx: &mut Ctx,
        out: &mut Option<Self>,
    ) -> Result<(), D::Error> {
        d.deserialize_any(ObjectVisitor::<T> { cx, out })
    }
}

struct ObjectVisitor<'c, T> {
    cx: &'c mut Ctx,
    out: &'c mut Option<T>,
}

impl<T: ObjectItem> ObjectVisitor<'_, T> {
    fn mismatch(self, found: &str) {
        self.cx.report(
            Code::WrongType,
            format!("{} must be an object, not {found}; it is dropped", T::WHAT),
        );
    }
}

impl<'de, T: ObjectItem> Visitor<'de> for ObjectVisitor<'_, T> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(T::WHAT)
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let Self { cx, out } = self;
        cx.enter()?;
        cx.count_element()?;
        *out = T::read_fields(cx, &mut map)?;
        cx.leave();
        Ok(())
    }
    fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<(), E> {
        self.cx.check_str(s)?;
        match T::from_string(s) {
            Some(item) => *self.out = Some(item),
            None => self.mismatch("a string"),
        }
        Ok(())
    }
    lenient_non_string!();
    lenient_seq!();
}

impl Ctx {
    /// Reads the optional `type` (the property `key`) of an object whose type is fixed;
    /// returns the type found when it is another.
    pub(crate) fn other_type<'de, A: MapAccess<'de>>(
        &mut self,
        map: &mut A,
        key: &str,
        expected: &str,
    ) -> Result<Option<String>, A::Error> {
        let found = self.scalar(map, key)?;
        Ok(match found {
            Scalar::Str(t) if t.as_str() == expected => None,
            Scalar::Str(t) => Some(t.into_string()),
            other => Some(other.type_name().to_owned()),
        })
    }
}

/// Reads the properties of a title–value pair (a fact, a choice): both required strings, and
/// the properties nobody knows, kept, which `make` makes the item of. `None` when the title or
/// the value is missing or not a string (reported for `what`); an unknown property is reported
/// for `owner`.
pub(crate) fn title_and_value<'de, A: MapAccess<'de>, T>(
    cx: &mut Ctx,
    map: &mut A,
    what: &'static str,
    owner: &'static str,
    make: impl FnOnce(CompactString, CompactString, Map<String, Value>) -> T,
) -> Result<Option<T>, A::Error> {
    let mut extra = Map::new();
    fields! { cx, map {
        "title" => let title = req(what),
        "value" => let value = req(what),
        "type" => skip,
        _ => unknown(owner, extra),
    } }
    let title = title.finish(cx, what, "a string");
    let value = value.finish(cx, what, "a string");
    Ok(match (title, value) {
        (Some(title), Some(value)) => Some(make(title, value, extra)),
        _ => None,
    })
}
