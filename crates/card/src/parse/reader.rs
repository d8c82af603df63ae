//! The reading context, and how the readers read items and lists of items (the seeds for
//! keys, scalars and raw values are in [`super::seeds`]).
//!
//! Cards are read in one streaming pass straight from the JSON text (or from a
//! `serde_json::Value`) into the model: no intermediate tree is built, which is what makes
//! reading faster than parsing the same text into a `Value`. Every reader is lenient: a value
//! of the wrong type is reported and skipped, never an error that stops the card. The only
//! errors that stop reading are the JSON syntax errors of the deserializer and the size
//! limits, which abort through [`Ctx::abort`].

use std::fmt;
use std::marker::PhantomData;

use compact_str::CompactString;
use serde::Deserializer;
use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use super::limits::Limits;
use super::locate::Position;
use super::places::{Kind, Places};
use super::seeds::{Key, KeySeed, Scalar, ScalarSeed, SkipSeed, ValueSeed};
use crate::diagnostic::{Code, Diagnostic, Severity};

/// The state of one read.
pub(crate) struct Ctx {
    /// The JSON pointer of the value being read.
    path: String,
    /// Where the value at `path` is in the source text, as far as the read can tell (kept
    /// beside `path` and restored with it).
    here: Position,
    /// The source text's address and length, when reading text: a key borrowed from it tells
    /// its own place by its address.
    source: Option<(usize, usize)>,
    /// Everything found so far.
    diagnostics: Vec<Diagnostic>,
    /// Where each finding is in the source text, as far as the read can tell.
    positions: Vec<Position>,
    /// Every `id` of an element or action and of an input, with the pointer of the `id`
    /// property, and the keys of every submit action's object `data`, with the pointer of
    /// that `data`.
    pub(crate) places: Places,
    limits: Limits,
    depth: usize,
    elements: usize,
    /// The limit that stopped the read, if one did.
    pub(crate) aborted: Option<Diagnostic>,
}

impl Ctx {
    pub(crate) fn new(limits: Limits) -> Self {
        Self {
            // Deep enough for most cards, so that the pointer is not regrown on every read.
            path: String::with_capacity(128),
            here: Position::Root,
            source: None,
            diagnostics: Vec::new(),
            positions: Vec::new(),
            places: Places::default(),
            limits,
            depth: 0,
            elements: 0,
            aborted: None,
        }
    }

    /// A context for reading `text`: findings get their places from the keys borrowed from it.
    pub(crate) fn for_text(limits: Limits, text: &str) -> Self {
        Self {
            source: Some((text.as_ptr() as usize, text.len())),
            ..Self::new(limits)
        }
    }

    /// The findings so far, and where each is in the source text as far as the read could
    /// tell (a finding added after the read, such as a card-wide one, has no position).
    pub(crate) fn into_findings(self) -> (Vec<Diagnostic>, Vec<Position>) {
        (self.diagnostics, self.positions)
    }

    /// Adds findings made after the read, which have no position of their own.
    pub(crate) fn extend_findings(&mut self, found: Vec<Diagnostic>) {
        self.positions
            .resize(self.positions.len() + found.len(), Position::Unknown);
        self.diagnostics.extend(found);
    }

    /// How many findings there are so far.
    pub(crate) fn findings(&self) -> usize {
        self.diagnostics.len()
    }

    /// Forgets the findings after the first `n`.
    pub(crate) fn truncate_findings(&mut self, n: usize) {
        self.diagnostics.truncate(n);
        self.positions.truncate(n);
    }

    /// Where `key` is in the source text: the key's opening quote when `key` was borrowed from
    /// the text (the readers pass on the key they read), unknown otherwise (a key with escapes,
    /// a key named in code, a read from a `Value`).
    fn key_position(&self, key: &str) -> Position {
        let at = key.as_ptr() as usize;
        match self.source {
            Some((start, len)) if at > start && at <= start + len => Position::At(at - start - 1),
            _ => Position::Unknown,
        }
    }

    /// Notes the first key of an object just read: when the object is an array item (an
    /// element, an action), it tells where the item starts. Called by the readers of elements
    /// and actions, where findings about the item itself are made (an unknown type, a fallback
    /// used, a required property missing), not for every key: the check would cost more than
    /// the walk it spares elsewhere.
    pub(crate) fn first_key_read(&mut self, key: &str) {
        if let Position::Item(depth) = self.here
            && depth + 1 == self.depth
        {
            self.here = match self.key_position(key) {
                Position::At(quote) => Position::Opens(quote),
                _ => Position::Unknown,
            };
        }
    }

    /// Remembers the `id` of the input being read, for the card-wide rules.
    pub(crate) fn input_id(&mut self, id: &str) {
        self.places.push(Kind::InputId, id, &self.path, "id");
    }

    /// Remembers a key of the `data` of the action being read, for the card-wide rules.
    pub(crate) fn data_key(&mut self, key: &str) {
        self.places.push(Kind::DataKey, key, &self.path, "data");
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
        let place = self.key_position(key);
        let outer = std::mem::replace(&mut self.here, place);
        let r = f(self);
        self.here = outer;
        self.path.truncate(len);
        r
    }

    /// Runs `f` with the pointer moved into array index `index`.
    pub(crate) fn at_index<R>(&mut self, index: usize, f: impl FnOnce(&mut Self) -> R) -> R {
        let len = self.path.len();
        push_index(&mut self.path, index);
        // Where the item starts is learnt from its first key, if it is an object.
        let outer = std::mem::replace(&mut self.here, Position::Item(self.depth));
        let r = f(self);
        self.here = outer;
        self.path.truncate(len);
        r
    }

    /// Reports a finding at the current place.
    pub(crate) fn report(&mut self, code: Code, message: impl Into<String>) {
        self.diagnostics
            .push(Diagnostic::new(code, self.path.clone(), message));
        self.positions.push(self.here);
    }

    /// Reports a finding at the current place with a severity other than the code's.
    pub(crate) fn report_as(&mut self, code: Code, severity: Severity, message: impl Into<String>) {
        self.diagnostics
            .push(Diagnostic::new(code, self.path.clone(), message).with_severity(severity));
        self.positions.push(self.here);
    }

    /// Reads an element's or action's `id` (the property `key`) and remembers it for the
    /// card-wide uniqueness check.
    pub(crate) fn id<'de, A: MapAccess<'de>>(
        &mut self,
        map: &mut A,
        key: &str,
    ) -> Result<Option<CompactString>, A::Error> {
        let id: Option<CompactString> = self.opt(map, key)?;
        if let Some(id) = &id {
            self.places.push(Kind::Id, id, &self.path, "id");
        }
        Ok(id)
    }

    /// Stops the read: a limit was exceeded here.
    pub(crate) fn abort<E: de::Error>(&mut self, code: Code, message: String) -> E {
        if self.aborted.is_none() {
            self.aborted = Some(Diagnostic::new(code, self.path.clone(), message));
        }
        E::custom("the card exceeds a limit")
    }

    /// Enters an object or array, checking the nesting limit.
    pub(crate) fn enter<E: de::Error>(&mut self) -> Result<(), E> {
        self.depth += 1;
        let max = self.limits.max_depth;
        self.within(self.depth, max, Code::TooDeep, |_, max| {
            format!("objects and arrays nest deeper than the limit of {max}")
        })
    }

    /// Leaves an object or array.
    pub(crate) fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// Counts an element, action or other typed object against the limit.
    pub(crate) fn count_element<E: de::Error>(&mut self) -> Result<(), E> {
        self.elements += 1;
        let max = self.limits.max_elements;
        self.within(self.elements, max, Code::TooManyElements, |_, max| {
            format!("the card has more than {max} elements")
        })
    }

    /// Checks a string against the length limit.
    pub(crate) fn check_str<E: de::Error>(&mut self, s: &str) -> Result<(), E> {
        let max = self.limits.max_string_bytes;
        self.within(s.len(), max, Code::StringTooLong, |len, max| {
            format!("a string of {len} bytes is longer than the limit of {max} bytes")
        })
    }

    /// Stops the read with `code` when `n` is past the limit `max`; `message` words it from
    /// both (and is only called then: the checks run for every value).
    fn within<E: de::Error>(
        &mut self,
        n: usize,
        max: usize,
        code: Code,
        message: impl FnOnce(usize, usize) -> String,
    ) -> Result<(), E> {
        if n > max {
            return Err(self.abort(code, message(n, max)));
        }
        Ok(())
    }

    /// Reads the next key of an object (checked against the string limit).
    pub(crate) fn next_key<'de, A: MapAccess<'de>>(
        &mut self,
        map: &mut A,
    ) -> Result<Option<Key<'de>>, A::Error> {
        map.next_key_seed(KeySeed { cx: self })
    }

    /// Reads the value of `key` as an optional property; a value of the wrong type is reported
    /// and ignored.
    pub(crate) fn opt<'de, T: FromScalar, A: MapAccess<'de>>(
        &mut self,
        map: &mut A,
        key: &str,
    ) -> Result<Option<T>, A::Error> {
        self.converted(map, key, |expected, found| {
            (
                Code::WrongType,
                format!("`{key}` should be {expected}, not {found}; it is ignored"),
            )
        })
    }

    /// Reads the value of `key` as a required property of `owner`: a value of the wrong type
    /// is an error.
    pub(crate) fn req<'de, T: FromScalar, A: MapAccess<'de>>(
        &mut self,
        map: &mut A,
        key: &str,
        owner: &str,
    ) -> Result<Slot<T>, A::Error> {
        let value = self.converted(map, key, |expected, found| {
            (
                Code::InvalidProperty,
                format!("{owner}'s `{key}` must be {expected}, not {found}"),
            )
        })?;
        Ok(value.map_or(Slot::Invalid, Slot::Set))
    }

    /// Reads the value of `key` as a `T`. A value that is not one is reported at the property
    /// and is `None`; a value of the wrong JSON type is reported as `wrong_type` words it, from
    /// what was expected and what was found.
    fn converted<'de, T: FromScalar, A: MapAccess<'de>>(
        &mut self,
        map: &mut A,
        key: &str,
        wrong_type: impl FnOnce(&'static str, &'static str) -> (Code, String),
    ) -> Result<Option<T>, A::Error> {
        // The pointer is extended only when there is something to report: this runs for
        // every property of every card.
        let scalar = self.scalar(map, key)?;
        let found = scalar.type_name();
        Ok(match T::from_scalar(scalar) {
            Ok(v) => Some(v),
            Err(invalid) => {
                let (code, message) = match invalid {
                    Invalid::WrongType { expected } => wrong_type(expected, found),
                    Invalid::Report(code, message) => (code, message),
                };
                self.at(key, |cx| cx.report(code, message));
                None
            }
        })
    }

    /// Reads the value of `key` as a scalar (skipping a compound value). A limit exceeded
    /// inside it is reported at the property; the pointer is extended only then, as this runs
    /// for every property.
    pub(crate) fn scalar<'de, A: MapAccess<'de>>(
        &mut self,
        map: &mut A,
        key: &str,
    ) -> Result<Scalar<'de>, A::Error> {
        let path_len = self.path.len();
        map.next_value_seed(ScalarSeed { cx: &mut *self })
            .inspect_err(|_| {
                if let Some(d) = &mut self.aborted
                    && d.pointer.len() == path_len
                {
                    push_key(&mut d.pointer, key);
                }
            })
    }

    /// Reads the value of `key` as any JSON value.
    pub(crate) fn value<'de, A: MapAccess<'de>>(
        &mut self,
        map: &mut A,
        key: &str,
    ) -> Result<Value, A::Error> {
        self.at(key, |cx| map.next_value_seed(ValueSeed { cx }))
    }

    /// Reads the value of `key` as any JSON value, for a property that keeps it as it is.
    pub(crate) fn json<'de, A: MapAccess<'de>>(
        &mut self,
        map: &mut A,
        key: &str,
    ) -> Result<Option<Value>, A::Error> {
        Ok(Some(self.value(map, key)?))
    }

    /// Reads the value of `key` as one item.
    pub(crate) fn item<'de, T: Item, A: MapAccess<'de>>(
        &mut self,
        map: &mut A,
        key: &str,
    ) -> Result<Option<T>, A::Error> {
        let mut out = None;
        self.at(key, |cx| map.next_value_seed(ItemSeed::new(cx, &mut out)))?;
        Ok(out)
    }

    /// Reads the value of `key` as an array of items; items that fail are dropped (reported).
    pub(crate) fn list<'de, T: Item, A: MapAccess<'de>>(
        &mut self,
        map: &mut A,
        key: &str,
    ) -> Result<Vec<T>, A::Error> {
        self.at(key, |cx| {
            map.next_value_seed(ListSeed::<T> {
                cx,
                key,
                item: PhantomData,
            })
        })
    }

    /// Reads the value of `key` as a required array of items (see [`Ctx::list`]).
    pub(crate) fn req_list<'de, T: Item, A: MapAccess<'de>>(
        &mut self,
        map: &mut A,
        key: &str,
    ) -> Result<Slot<Vec<T>>, A::Error> {
        Ok(Slot::Set(self.list(map, key)?))
    }

    /// Skips the value of the current key (checking limits).
    pub(crate) fn skip<'de, A: MapAccess<'de>>(&mut self, map: &mut A) -> Result<(), A::Error> {
        map.next_value_seed(SkipSeed { cx: self })
    }

    /// Keeps the value of a property nobody knows in `extra`, and reports it.
    pub(crate) fn unknown_property<'de, A: MapAccess<'de>>(
        &mut self,
        map: &mut A,
        key: &str,
        owner: &str,
        extra: &mut Map<String, Value>,
    ) -> Result<(), A::Error> {
        let value = self.value(map, key)?;
        let pointer = self.child_pointer(key);
        self.positions.push(self.key_position(key));
        self.diagnostics.push(Diagnostic::new(
            Code::UnknownProperty,
            pointer,
            format!("{owner} has no property `{key}`; it is kept but not used"),
        ));
        extra.insert(key.to_owned(), value);
        Ok(())
    }
}

/// Appends `/key` to a pointer, escaping `~` and `/` as RFC 6901 says.
pub(crate) fn push_key(pointer: &mut String, key: &str) {
    pointer.push('/');
    // A byte test, not `contains([..])`: keys are short and this runs for every pointer step.
    if key.bytes().any(|b| b == b'~' || b == b'/') {
        pointer.push_str(&key.replace('~', "~0").replace('/', "~1"));
    } else {
        pointer.push_str(key);
    }
}

/// Appends `/index` to a pointer (without the formatting machinery: it runs for every item).
pub(crate) fn push_index(pointer: &mut String, index: usize) {
    pointer.push('/');
    let mut digits = [0u8; 20];
    let mut n = index;
    let mut start = digits.len();
    loop {
        start -= 1;
        if let Some(d) = digits.get_mut(start) {
            #[expect(clippy::cast_possible_truncation, reason = "a digit fits a byte")]
            let digit = (n % 10) as u8;
            *d = b'0' + digit;
        }
        n /= 10;
        if n == 0 || start == 0 {
            break;
        }
    }
    for &d in digits.get(start..).unwrap_or_default() {
        pointer.push(char::from(d));
    }
}

/// A required property while it is being read.
pub(crate) enum Slot<T> {
    /// Not seen (yet): the property's key.
    Missing(&'static str),
    /// Seen, but unusable (reported).
    Invalid,
    /// Seen and read.
    Set(T),
}

impl<T> Slot<T> {
    /// The value; reports a missing property of `owner` (an invalid one was reported when read).
    pub(crate) fn finish(self, cx: &mut Ctx, owner: &str, expected: &str) -> Option<T> {
        match self {
            Self::Set(v) => Some(v),
            Self::Invalid => None,
            Self::Missing(key) => {
                cx.report(
                    Code::MissingProperty,
                    format!("{owner} needs `{key}` ({expected})"),
                );
                None
            }
        }
    }
}

impl<T> Slot<Vec<T>> {
    /// A required array; reports a missing one of `owner`, which is then empty.
    pub(crate) fn finish_array(self, cx: &mut Ctx, owner: &str) -> Vec<T> {
        self.finish(cx, owner, "an array").unwrap_or_default()
    }
}

/// Why a scalar could not be converted.
pub(crate) enum Invalid {
    /// The JSON type is wrong; the caller reports it (as a warning, or an error when the
    /// property is required).
    WrongType {
        /// What was expected, for the message: "a string".
        expected: &'static str,
    },
    /// Something else is wrong; the caller reports this finding at the property.
    Report(Code, String),
}

/// A property value read from a JSON scalar.
pub(crate) trait FromScalar: Sized {
    /// What the value looks like, for messages: "a string".
    const EXPECTED: &'static str;
    /// Converts a scalar.
    fn from_scalar(scalar: Scalar<'_>) -> Result<Self, Invalid>;

    /// What a scalar of another JSON type is: not [`Self::EXPECTED`].
    fn wrong_type() -> Invalid {
        Invalid::WrongType {
            expected: Self::EXPECTED,
        }
    }
}

/// Something read from an object or array of its own (an element, an action, a fact, …).
pub(crate) trait Item: Sized {
    /// Reads one value as this item into `out`, which stays `None` when the item is dropped
    /// (reported). In place: an item can be hundreds of bytes (a column, a table cell), and
    /// handed back by value through serde it would be copied at every step out.
    fn read<'de, D: Deserializer<'de>>(
        d: D,
        cx: &mut Ctx,
        out: &mut Option<Self>,
    ) -> Result<(), D::Error>;
}

/// Reads one item into `out`.
pub(crate) struct ItemSeed<'c, T> {
    cx: &'c mut Ctx,
    out: &'c mut Option<T>,
}

impl<'c, T> ItemSeed<'c, T> {
    pub(crate) fn new(cx: &'c mut Ctx, out: &'c mut Option<T>) -> Self {
        Self { cx, out }
    }
}

impl<'de, T: Item> DeserializeSeed<'de> for ItemSeed<'_, T> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        T::read(d, self.cx, self.out)
    }
}

/// Reads an array of items.
struct ListSeed<'c, 'k, T> {
    cx: &'c mut Ctx,
    key: &'k str,
    item: PhantomData<T>,
}

seed_visits_itself!(ListSeed<'_, '_, T> => Vec<T>, deserialize_any, where T: Item);

impl<'de, T: Item> Visitor<'de> for ListSeed<'_, '_, T> {
    type Value = Vec<T>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an array")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
        let cx = self.cx;
        cx.enter()?;
        // `serde_json` gives no size hint. Elements and actions are two words each: room for
        // a typical body or action list up front spares the growth from 4 to 8, a copy and a
        // free (about 2% of reading the corpus); larger items start as `Vec` starts them.
        let guess = if std::mem::size_of::<T>() <= 16 { 8 } else { 0 };
        let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(guess).min(64));
        let (mut i, mut item) = (0, None);
        while cx
            .at_index(i, |cx| seq.next_element_seed(ItemSeed::new(cx, &mut item)))?
            .is_some()
        {
            out.extend(item.take());
            i += 1;
        }
        cx.leave();
        Ok(out)
    }
    lenient_defaults!();
}

impl<T> ListSeed<'_, '_, T> {
    fn mismatch(self, found: &str) -> Vec<T> {
        let key = self.key;
        self.cx.report(
            Code::WrongType,
            format!("`{key}` should be an array, not {found}; it is ignored"),
        );
        Vec::new()
    }
}
