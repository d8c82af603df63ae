//! The serde seeds the readers share: object keys, scalars, values skipped and values kept
//! whole as `serde_json::Value`, each held to the limits of the read.

use std::fmt;

use compact_str::CompactString;

use serde::Deserializer;
use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};

use super::reader::Ctx;

/// An object key, borrowed from the source text when it has no escapes.
pub(crate) enum Key<'de> {
    Borrowed(&'de str),
    Owned(String),
}

impl Key<'_> {
    pub(crate) fn as_str(&self) -> &str {
        match self {
            Self::Borrowed(s) => s,
            Self::Owned(s) => s,
        }
    }

    /// The key as a model string: a borrowed one is copied inline when short, an owned one
    /// keeps its buffer when long.
    pub(crate) fn into_compact(self) -> CompactString {
        match self {
            Self::Borrowed(s) => CompactString::new(s),
            Self::Owned(s) => CompactString::from(s),
        }
    }

    pub(crate) fn into_string(self) -> String {
        match self {
            Self::Borrowed(s) => s.to_owned(),
            Self::Owned(s) => s,
        }
    }
}

pub(super) struct KeySeed<'c> {
    pub(super) cx: &'c mut Ctx,
}

seed_visits_itself!(KeySeed<'_> => Key<'de>, deserialize_str);

impl<'de> Visitor<'de> for KeySeed<'_> {
    type Value = Key<'de>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a key")
    }
    fn visit_borrowed_str<E: de::Error>(self, s: &'de str) -> Result<Key<'de>, E> {
        self.cx.check_str(s)?;
        Ok(Key::Borrowed(s))
    }
    fn visit_str<E: de::Error>(self, s: &str) -> Result<Key<'de>, E> {
        self.cx.check_str(s)?;
        Ok(Key::Owned(s.to_owned()))
    }
    fn visit_string<E: de::Error>(self, s: String) -> Result<Key<'de>, E> {
        self.cx.check_str(&s)?;
        Ok(Key::Owned(s))
    }
}

/// A JSON value as the scalar readers see it: compound values are skipped.
pub(crate) enum Scalar<'de> {
    Null,
    Bool(bool),
    Number(f64),
    Str(Key<'de>),
    Array,
    Object,
}

impl Scalar<'_> {
    /// The value's JSON type, for messages.
    pub(crate) fn type_name(&self) -> &'static str {
        match self {
            Self::Null => "null",
            Self::Bool(_) => "a boolean",
            Self::Number(_) => "a number",
            Self::Str(_) => "a string",
            Self::Array => "an array",
            Self::Object => "an object",
        }
    }
}

pub(crate) struct ScalarSeed<'c> {
    pub(crate) cx: &'c mut Ctx,
}

seed_visits_itself!(ScalarSeed<'_> => Scalar<'de>, deserialize_any);

#[expect(
    clippy::cast_precision_loss,
    reason = "card numbers are sizes and counts, far below 2^53"
)]
impl<'de> Visitor<'de> for ScalarSeed<'_> {
    type Value = Scalar<'de>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_unit<E: de::Error>(self) -> Result<Scalar<'de>, E> {
        Ok(Scalar::Null)
    }
    fn visit_none<E: de::Error>(self) -> Result<Scalar<'de>, E> {
        Ok(Scalar::Null)
    }
    fn visit_bool<E: de::Error>(self, b: bool) -> Result<Scalar<'de>, E> {
        Ok(Scalar::Bool(b))
    }
    fn visit_i64<E: de::Error>(self, n: i64) -> Result<Scalar<'de>, E> {
        Ok(Scalar::Number(n as f64))
    }
    fn visit_u64<E: de::Error>(self, n: u64) -> Result<Scalar<'de>, E> {
        Ok(Scalar::Number(n as f64))
    }
    fn visit_f64<E: de::Error>(self, n: f64) -> Result<Scalar<'de>, E> {
        Ok(Scalar::Number(n))
    }
    fn visit_borrowed_str<E: de::Error>(self, s: &'de str) -> Result<Scalar<'de>, E> {
        self.cx.check_str(s)?;
        Ok(Scalar::Str(Key::Borrowed(s)))
    }
    fn visit_str<E: de::Error>(self, s: &str) -> Result<Scalar<'de>, E> {
        self.cx.check_str(s)?;
        Ok(Scalar::Str(Key::Owned(s.to_owned())))
    }
    fn visit_string<E: de::Error>(self, s: String) -> Result<Scalar<'de>, E> {
        self.cx.check_str(&s)?;
        Ok(Scalar::Str(Key::Owned(s)))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Scalar<'de>, A::Error> {
        skip_seq(self.cx, seq)?;
        Ok(Scalar::Array)
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Scalar<'de>, A::Error> {
        skip_map(self.cx, map)?;
        Ok(Scalar::Object)
    }
}

/// Skips a value, still holding it to the limits.
pub(crate) struct SkipSeed<'c> {
    pub(crate) cx: &'c mut Ctx,
}

impl<'de> DeserializeSeed<'de> for SkipSeed<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(ScalarSeed { cx: self.cx }).map(|_| ())
    }
}

pub(crate) fn skip_seq<'de, A: SeqAccess<'de>>(cx: &mut Ctx, mut seq: A) -> Result<(), A::Error> {
    cx.enter()?;
    while seq.next_element_seed(SkipSeed { cx: &mut *cx })?.is_some() {}
    cx.leave();
    Ok(())
}

pub(crate) fn skip_map<'de, A: MapAccess<'de>>(cx: &mut Ctx, mut map: A) -> Result<(), A::Error> {
    cx.enter()?;
    while cx.next_key(&mut map)?.is_some() {
        cx.skip(&mut map)?;
    }
    cx.leave();
    Ok(())
}

/// Skips the rest of an object whose reading was given up.
pub(crate) fn skip_rest<'de, A: MapAccess<'de>>(cx: &mut Ctx, map: &mut A) -> Result<(), A::Error> {
    while cx.next_key(map)?.is_some() {
        cx.skip(map)?;
    }
    Ok(())
}

/// Reads any JSON value into a `serde_json::Value`, holding it to the limits.
pub(crate) struct ValueSeed<'c> {
    pub(crate) cx: &'c mut Ctx,
}

seed_visits_itself!(ValueSeed<'_> => Value, deserialize_any);

impl<'de> Visitor<'de> for ValueSeed<'_> {
    type Value = Value;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_unit<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_bool<E: de::Error>(self, b: bool) -> Result<Value, E> {
        Ok(Value::Bool(b))
    }
    fn visit_i64<E: de::Error>(self, n: i64) -> Result<Value, E> {
        Ok(Value::Number(n.into()))
    }
    fn visit_u64<E: de::Error>(self, n: u64) -> Result<Value, E> {
        Ok(Value::Number(n.into()))
    }
    fn visit_f64<E: de::Error>(self, n: f64) -> Result<Value, E> {
        Ok(Number::from_f64(n).map_or(Value::Null, Value::Number))
    }
    fn visit_str<E: de::Error>(self, s: &str) -> Result<Value, E> {
        self.cx.check_str(s)?;
        Ok(Value::String(s.to_owned()))
    }
    fn visit_string<E: de::Error>(self, s: String) -> Result<Value, E> {
        self.cx.check_str(&s)?;
        Ok(Value::String(s))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let cx = self.cx;
        cx.enter()?;
        let mut items = Vec::new();
        let mut i = 0;
        while let Some(v) = cx.at_index(i, |cx| seq.next_element_seed(ValueSeed { cx }))? {
            items.push(v);
            i += 1;
        }
        cx.leave();
        Ok(Value::Array(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let cx = self.cx;
        cx.enter()?;
        let mut out = Map::new();
        while let Some(key) = cx.next_key(&mut map)? {
            let key = key.into_string();
            let v = cx.value(&mut map, &key)?;
            out.insert(key, v);
        }
        cx.leave();
        Ok(Value::Object(out))
    }
}
