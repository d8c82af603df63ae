//! `fields!`: a reader's properties, written once as a table.
//!
//! Every reader of an object is the same loop: take the next key, read its value by the
//! property's own rule, and hand the keys it does not know to a fallback. The macro writes that
//! loop (and the `match` on the key) from a table with one row a property, so each key is
//! written once and the code is what one would write by hand.
//!
//! ```text
//! fields! { cx, map {
//!     "text" => let text = req("TextBlock"),    // a required property: `text` is a `Slot`
//!     "color" => e.color = opt,                 // e.color = cx.opt(map, "color")?
//!     "poster" => e.poster = url(UrlUse::Resource),
//!     "type" if in_set => other = other_type("Image"),
//!     "a" | "b" => e.ab = opt,                  // either spelling; the one found is passed
//!     "type" => skip,                           // read and ignored
//!     "card" => |key| { /* any code */ },       // `key` is the property's name
//!     _ => shared(common),                      // or `unknown("Owner", e.extra)`, or `skip`
//! } }
//! ```
//!
//! A row `"key" => place = method(args)` reads with `cx.method(map, key, args)?`: every
//! property reader of [`Ctx`](super::reader::Ctx) takes the map and the key first. The key
//! passed is the one read (equal to `"key"`), not the literal: borrowed from the source text,
//! it tells a finding at the property where the property is. A `let`
//! row declares its place (before the loop) as [`Slot::Missing`](super::reader::Slot) with
//! the key, to be finished after the loop. The last row says what becomes of other keys:
//! `shared(reader)` gives them to the reader of the properties every element (input, action)
//! has; `unknown(owner, extra)` keeps them in `extra` and reports them; `skip` ignores them.
//!
//! `fields! { cx, map, key { … } }` is the `match` alone, on a key already read (a `&str`).

macro_rules! fields {
    // Reads every property of `map`.
    ($cx:ident, $map:ident { $($rows:tt)* }) => {
        fields! { @rows $cx $map (loop) [] [] $($rows)* }
    };
    // Reads the property `key`, whose value is next in `map`.
    ($cx:ident, $map:ident, $key:ident { $($rows:tt)* }) => {
        fields! { @rows $cx $map (key $key) [] [] $($rows)* }
    };

    // The last row: what becomes of the other keys.
    (@rows $cx:ident $map:ident $mode:tt [$($decl:tt)*] [$($arm:tt)*] _ => skip $(,)?) => {
        fields! { @end $cx $map $mode [$($decl)*] [$($arm)* _ => $cx.skip($map)?,] }
    };
    (@rows $cx:ident $map:ident $mode:tt [$($decl:tt)*] [$($arm:tt)*]
        _ => unknown($owner:expr, $extra:expr) $(,)?) => {
        fields! { @end $cx $map $mode [$($decl)*] [
            $($arm)* k => $cx.unknown_property($map, k, $owner, &mut $extra)?,
        ] }
    };
    (@rows $cx:ident $map:ident $mode:tt [$($decl:tt)*] [$($arm:tt)*]
        _ => shared($reader:expr) $(,)?) => {
        fields! { @end $cx $map $mode [$($decl)*] [
            $($arm)* k => $crate::parse::props::Props::field(&mut $reader, $cx, $map, k)?,
        ] }
    };

    // A property read and ignored.
    (@rows $cx:ident $map:ident $mode:tt [$($decl:tt)*] [$($arm:tt)*]
        $key:literal => skip, $($rest:tt)*) => {
        fields! { @rows $cx $map $mode [$($decl)*] [$($arm)* $key => $cx.skip($map)?,] $($rest)* }
    };
    // A property read by code of its own.
    (@rows $cx:ident $map:ident $mode:tt [$($decl:tt)*] [$($arm:tt)*]
        $key:literal => |$k:ident| $body:expr, $($rest:tt)*) => {
        fields! { @rows $cx $map $mode [$($decl)*] [
            $($arm)* $k @ $key => {
                $body;
            }
        ] $($rest)* }
    };
    // A required property, declared as a slot.
    (@rows $cx:ident $map:ident $mode:tt [$($decl:tt)*] [$($arm:tt)*]
        $key:literal => let $slot:ident = $how:ident $(($($arg:expr),* $(,)?))?, $($rest:tt)*) => {
        fields! { @rows $cx $map $mode [
            $($decl)* let mut $slot = $crate::parse::reader::Slot::Missing($key);
        ] [
            $($arm)* k @ $key => $slot = $cx.$how($map, k $($(, $arg)*)?)?,
        ] $($rest)* }
    };
    // A property read into a place.
    (@rows $cx:ident $map:ident $mode:tt [$($decl:tt)*] [$($arm:tt)*]
        $key:literal $(if $guard:expr)?
        => $root:ident $(. $field:ident)* = $how:ident $(($($arg:expr),* $(,)?))?,
        $($rest:tt)*) => {
        fields! { @rows $cx $map $mode [$($decl)*] [
            $($arm)* k @ $key $(if $guard)? => $root $(.$field)* = $cx.$how($map, k $($(, $arg)*)?)?,
        ] $($rest)* }
    };
    // A property of several spellings read into a place; the spelling found is passed on.
    (@rows $cx:ident $map:ident $mode:tt [$($decl:tt)*] [$($arm:tt)*]
        $key:literal $(| $alt:literal)+
        => $root:ident $(. $field:ident)* = $how:ident $(($($arg:expr),* $(,)?))?,
        $($rest:tt)*) => {
        fields! { @rows $cx $map $mode [$($decl)*] [
            $($arm)* k @ ($key $(| $alt)+) => $root $(.$field)* = $cx.$how($map, k $($(, $arg)*)?)?,
        ] $($rest)* }
    };

    // The reader.
    (@end $cx:ident $map:ident (loop) [$($decl:tt)*] [$($arm:tt)*]) => {
        $($decl)*
        while let Some(key) = $cx.next_key($map)? {
            match key.as_str() {
                $($arm)*
            }
        }
    };
    (@end $cx:ident $map:ident (key $key:ident) [$($decl:tt)*] [$($arm:tt)*]) => {
        $($decl)*
        match $key {
            $($arm)*
        }
    };
}

/// `object_item!`: the [`ObjectItem`](super::object::ObjectItem) impl of an item that starts as
/// its default and has the properties of a [`fields!`] table set in it. The caller names the
/// reader's context, map and item, for the rows; a `let mut` first declares the reader the
/// table's last row hands other keys to; `=> made` (an `Option<Self>`) finishes the item from
/// its required properties, which otherwise is the item itself, always kept:
///
/// ```text
/// object_item! { Metadata = "`metadata`", |cx, map, e| {
///     "webUrl" => e.web_url = opt,
///     _ => unknown("Metadata", e.extra),
/// } }
/// object_item! { TableCell = "a table cell", |cx, map, e| {
///     let mut shared = BoxReader::new(&mut e.box_props, UnknownReader::new(…));
///     "items" => e.items = list,
///     _ => shared(shared),
/// } }
/// object_item! { MediaSource = "a media source", |cx, map, e| {
///     "url" => let url = req_url("a media source", UrlUse::Resource),
///     _ => unknown("MediaSource", e.extra),
/// } => url.finish(cx, "a media source", "a string").map(|url| MediaSource { url, ..e }) }
/// ```
macro_rules! object_item {
    ($ty:ty = $what:literal, |$cx:ident, $map:ident, $e:ident| {
        let mut $shared:ident = $reader:expr;
        $($rows:tt)*
    } $(=> $made:expr)?) => {
        object_item! { @impl $ty, $what, $cx, $map, $e [let mut $shared = $reader;]
            [$($made)?] $($rows)* }
    };
    ($ty:ty = $what:literal, |$cx:ident, $map:ident, $e:ident| { $($rows:tt)* }
        $(=> $made:expr)?) => {
        object_item! { @impl $ty, $what, $cx, $map, $e [] [$($made)?] $($rows)* }
    };
    // The impl; `setup` is the `let` of the reader for other keys, if any.
    (@impl $ty:ty, $what:literal, $cx:ident, $map:ident, $e:ident [$($setup:tt)*]
        [$($made:expr)?] $($rows:tt)*) => {
        impl $crate::parse::object::ObjectItem for $ty {
            const WHAT: &'static str = $what;
            fn read_fields<'de, A: ::serde::de::MapAccess<'de>>(
                $cx: &mut $crate::parse::reader::Ctx,
                $map: &mut A,
            ) -> Result<Option<Self>, A::Error> {
                let mut $e = <$ty>::default();
                $($setup)*
                fields! { $cx, $map { $($rows)* } }
                Ok(object_item!(@made $e $($made)?))
            }
        }
    };
    (@made $e:ident) => { Some($e) };
    (@made $e:ident $made:expr) => { $made };
}
