//! Reading what many types share: typed dispatch with fallbacks, URLs, background images and
//! single actions.

use std::collections::BTreeMap;
use std::fmt;
use std::marker::PhantomData;

use compact_str::CompactString;
use serde::Deserializer;
use serde::de::value::{MapAccessDeserializer, MapDeserializer};
use serde::de::{self, MapAccess, Visitor};
use serde_json::{Map, Value};

use super::object::ObjectItem;
use super::reader::{Ctx, Item, Slot};
use super::seeds::{Scalar, skip_rest};
use crate::diagnostic::Code;
use crate::model::{Action, BackgroundImage, Fallback};
use crate::rules::{UrlProblem, UrlUse, check_url};

/// A type read by dispatching on its `type` property (elements, actions). It is read as any
/// other [`ObjectItem`], with the same limits and the same report of a non-object.
pub(crate) trait Typed: Sized {
    /// What it is, for messages: "element".
    const WHAT: &'static str;
    /// The same with its article, for messages: "an element".
    const A_WHAT: &'static str;
    /// The code of an unknown type without a fallback.
    const UNKNOWN: Code;
    /// Reads the rest of an object whose type is `ty`.
    fn dispatch<'de, A: MapAccess<'de>>(
        ty: &str,
        cx: &mut Ctx,
        map: &mut A,
    ) -> Result<Dispatched<Self>, A::Error>;
}

/// What [`Typed::dispatch`] made of a type.
pub(crate) enum Dispatched<T> {
    /// A known type, read (or dropped, reported).
    Read(Option<T>),
    /// A type this model does not know; nothing was read.
    Unknown,
}

impl<T: Typed> ObjectItem for T {
    const WHAT: &'static str = T::A_WHAT;

    /// The `type` is usually the first property, and then the object is read in one pass;
    /// otherwise the object is first gathered into a map.
    fn read_fields<'de, A: MapAccess<'de>>(
        cx: &mut Ctx,
        map: &mut A,
    ) -> Result<Option<Self>, A::Error> {
        let first = cx.next_key(map)?;
        if let Some(key) = &first {
            cx.first_key_read(key.as_str());
        }
        Ok(match first {
            None => {
                no_type::<T>(cx);
                None
            }
            Some(key) if key.as_str() == "type" => match cx.scalar(map, "type")? {
                Scalar::Str(ty) => rest::<T, A>(ty.as_str(), cx, map)?,
                other => {
                    bad_type::<T>(cx, other.type_name());
                    skip_rest(cx, map)?;
                    None
                }
            },
            Some(first) => {
                // `type` comes later: gather the object, then read it knowing its type.
                let mut object = Map::new();
                let key = first.into_string();
                let value = cx.value(map, &key)?;
                object.insert(key, value);
                while let Some(key) = cx.next_key(map)? {
                    let key = key.into_string();
                    let value = cx.value(map, &key)?;
                    object.insert(key, value);
                }
                match object.remove("type") {
                    Some(Value::String(ty)) => {
                        let mut gathered =
                            MapDeserializer::<_, serde_json::Error>::new(object.into_iter());
                        rest::<T, _>(&ty, cx, &mut gathered).map_err(de::Error::custom)?
                    }
                    Some(other) => {
                        bad_type::<T>(cx, super::json_type(&other));
                        None
                    }
                    None => {
                        no_type::<T>(cx);
                        None
                    }
                }
            }
        })
    }
}

fn no_type<T: Typed>(cx: &mut Ctx) {
    cx.report(
        T::UNKNOWN,
        format!("this {} has no `type`; it is dropped", T::WHAT),
    );
}

fn bad_type<T: Typed>(cx: &mut Ctx, found: &str) {
    cx.report(
        Code::WrongType,
        format!(
            "an {}'s `type` must be a string, not {found}; the {} is dropped",
            T::WHAT,
            T::WHAT
        ),
    );
}

/// Reads the rest of a typed object: its type's reader, or its fallback.
fn rest<'de, T: Typed, A: MapAccess<'de>>(
    ty: &str,
    cx: &mut Ctx,
    map: &mut A,
) -> Result<Option<T>, A::Error> {
    match T::dispatch(ty, cx, map)? {
        Dispatched::Read(item) => Ok(item),
        Dispatched::Unknown => {
            let mut fallback = None;
            let mut seen = false;
            while let Some(key) = cx.next_key(map)? {
                if key.as_str() == "fallback" && !seen {
                    seen = true;
                    fallback = cx.at(key.as_str(), |cx| {
                        map.next_value_seed(FallbackSeed::<T> {
                            cx,
                            item: PhantomData,
                        })
                    })?;
                } else {
                    cx.skip(map)?;
                }
            }
            Ok(unknown_outcome(cx, ty, T::WHAT, T::UNKNOWN, fallback))
        }
    }
}

/// What an element of an unknown type becomes: its fallback, or nothing.
pub(crate) fn unknown_outcome<T>(
    cx: &mut Ctx,
    ty: &str,
    what: &str,
    code: Code,
    fallback: Option<Fallback<T>>,
) -> Option<T> {
    match fallback {
        Some(Fallback::Drop) => {
            cx.report(
                Code::FallbackUsed,
                format!("unknown {what} type `{ty}` is dropped, as its fallback asks"),
            );
            None
        }
        Some(Fallback::Item(item)) => {
            cx.report(
                Code::FallbackUsed,
                format!("unknown {what} type `{ty}` is replaced by its fallback"),
            );
            Some(*item)
        }
        None => {
            cx.report(
                code,
                format!("unknown {what} type `{ty}` has no usable fallback; it is dropped"),
            );
            None
        }
    }
}

/// Reads a `fallback`: `"drop"` or a replacement.
pub(crate) struct FallbackSeed<'c, T> {
    cx: &'c mut Ctx,
    item: PhantomData<T>,
}

seed_visits_itself!(FallbackSeed<'_, T> => Option<Fallback<T>>, deserialize_any, where T: Item);

impl<T> FallbackSeed<'_, T> {
    fn mismatch(self, found: &str) -> Option<Fallback<T>> {
        self.cx.report(
            Code::WrongType,
            format!("`fallback` should be \"drop\" or an object, not {found}; it is ignored"),
        );
        None
    }
}

impl<'de, T: Item> Visitor<'de> for FallbackSeed<'_, T> {
    type Value = Option<Fallback<T>>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("\"drop\" or an object")
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        let mut item = None;
        T::read(MapAccessDeserializer::new(map), self.cx, &mut item)?;
        Ok(item.map(|item| Fallback::Item(Box::new(item))))
    }
    fn visit_str<E: de::Error>(self, s: &str) -> Result<Self::Value, E> {
        if s.eq_ignore_ascii_case("drop") {
            Ok(Some(Fallback::Drop))
        } else {
            Ok(self.mismatch("a string other than \"drop\""))
        }
    }
    lenient_non_string!();
    lenient_seq!();
}

impl Ctx {
    /// Reads a `fallback` property (the property `key`).
    pub(crate) fn fallback<'de, T: Item, A: MapAccess<'de>>(
        &mut self,
        map: &mut A,
        key: &str,
    ) -> Result<Option<Fallback<T>>, A::Error> {
        self.at(key, |cx| {
            map.next_value_seed(FallbackSeed::<T> {
                cx,
                item: PhantomData,
            })
        })
    }

    /// Reads an optional URL property and checks it for its use. A URL that fails the check
    /// is reported and left out of the model, so a model never holds an unsafe URL.
    pub(crate) fn url<'de, A: MapAccess<'de>>(
        &mut self,
        map: &mut A,
        key: &str,
        used_as: UrlUse,
    ) -> Result<Option<CompactString>, A::Error> {
        let url: Option<CompactString> = self.opt(map, key)?;
        Ok(url.and_then(|url| checked_url(self, Some(key), url, used_as)))
    }

    /// Reads a required URL property of `owner`, checked as [`Ctx::url`] does.
    pub(crate) fn req_url<'de, A: MapAccess<'de>>(
        &mut self,
        map: &mut A,
        key: &str,
        owner: &str,
        used_as: UrlUse,
    ) -> Result<Slot<CompactString>, A::Error> {
        Ok(match self.req::<CompactString, A>(map, key, owner)? {
            Slot::Set(url) => match checked_url(self, Some(key), url, used_as) {
                Some(url) => Slot::Set(url),
                None => Slot::Invalid,
            },
            other => other,
        })
    }

    /// Reads an action that must not be an `Action.ShowCard` (`selectAction`, `inlineAction`).
    pub(crate) fn single_action<'de, A: MapAccess<'de>>(
        &mut self,
        map: &mut A,
        key: &str,
    ) -> Result<Option<Box<Action>>, A::Error> {
        let action: Option<Action> = self.item(map, key)?;
        Ok(match action {
            Some(Action::ShowCard(_)) => {
                self.at(key, |cx| {
                    cx.report(
                        Code::ShowCardNotAllowed,
                        format!("an Action.ShowCard cannot be used as `{key}`; it is ignored"),
                    );
                });
                None
            }
            other => other.map(Box::new),
        })
    }

    /// Reads `requires` (the property `key`): feature names and versions.
    pub(crate) fn requires<'de, A: MapAccess<'de>>(
        &mut self,
        map: &mut A,
        key: &str,
    ) -> Result<Option<BTreeMap<String, String>>, A::Error> {
        let value = self.value(map, key)?;
        self.at(key, |cx| match value {
            Value::Object(features) => {
                let mut out = BTreeMap::new();
                for (name, version) in features {
                    match version {
                        Value::String(v) => {
                            out.insert(name, v);
                        }
                        other => {
                            let found = super::json_type(&other);
                            cx.at(&name, |cx| {
                                cx.report(
                                    Code::WrongType,
                                    format!("the version of feature `{name}` should be a string like \"1.0\", not {found}"),
                                );
                            });
                        }
                    }
                }
                Ok(Some(out))
            }
            other => {
                let found = super::json_type(&other);
                cx.report(
                    Code::WrongType,
                    format!("`requires` should be an object of feature names and versions, not {found}; it is ignored"),
                );
                Ok(None)
            }
        })
    }
}

/// Checks a URL that is the value of property `key` of the current value (or the current value
/// itself). Unsafe and invalid URLs are errors and left out of the model; harmless unsupported
/// ones are warnings and left out too; relative resource URLs are kept (the host may know a
/// base for them).
fn checked_url(
    cx: &mut Ctx,
    key: Option<&str>,
    url: CompactString,
    used_as: UrlUse,
) -> Option<CompactString> {
    let Err(problem) = check_url(&url, used_as) else {
        return Some(url);
    };
    let (code, keep) = match &problem {
        UrlProblem::Relative if used_as == UrlUse::Resource => (Code::RelativeUrl, true),
        UrlProblem::Relative | UrlProblem::Invalid(_) => (Code::InvalidUrl, false),
        UrlProblem::Unsafe { .. } => (Code::UnsafeUrl, false),
        UrlProblem::Unsupported { .. } => (Code::UnsupportedUrl, false),
    };
    let shown: String = url.chars().take(80).collect();
    let message = format!("`{shown}` is {problem}");
    // The pointer is extended only for a finding: this runs for every URL of every card.
    match key {
        Some(key) => cx.at(key, |cx| cx.report(code, message)),
        None => cx.report(code, message),
    }
    keep.then_some(url)
}

/// A `backgroundImage`: a URL, or an object.
impl Item for BackgroundImage {
    fn read<'de, D: Deserializer<'de>>(
        d: D,
        cx: &mut Ctx,
        out: &mut Option<Self>,
    ) -> Result<(), D::Error> {
        *out = d.deserialize_any(BackgroundVisitor { cx })?;
        Ok(())
    }
}

struct BackgroundVisitor<'c> {
    cx: &'c mut Ctx,
}

impl BackgroundVisitor<'_> {
    fn mismatch(self, found: &str) -> Option<BackgroundImage> {
        self.cx.report(
            Code::WrongType,
            format!("`backgroundImage` should be a URL or an object, not {found}; it is ignored"),
        );
        None
    }
}

impl<'de> Visitor<'de> for BackgroundVisitor<'_> {
    type Value = Option<BackgroundImage>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a URL or an object")
    }
    fn visit_str<E: de::Error>(self, s: &str) -> Result<Self::Value, E> {
        self.cx.check_str(s)?;
        Ok(
            checked_url(self.cx, None, CompactString::new(s), UrlUse::Resource).map(|url| {
                BackgroundImage {
                    url,
                    ..BackgroundImage::default()
                }
            }),
        )
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let (cx, map) = (self.cx, &mut map);
        cx.enter()?;
        let mut image = BackgroundImage::default();
        fields! { cx, map {
            "url" => let url = req_url("backgroundImage", UrlUse::Resource),
            "fillMode" => image.fill_mode = opt,
            "horizontalAlignment" => image.horizontal_alignment = opt,
            "verticalAlignment" => image.vertical_alignment = opt,
            "type" => skip,
            _ => unknown("BackgroundImage", image.extra),
        } }
        cx.leave();
        Ok(url
            .finish(cx, "backgroundImage", "a string")
            .map(|url| BackgroundImage { url, ..image }))
    }
    lenient_non_string!();
    lenient_seq!();
}
