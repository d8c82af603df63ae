//! Visitor methods shared by the lenient readers, and the seed that is its own visitor.
//!
//! A lenient visitor takes some JSON types and reports the others instead of failing: each
//! macro adds the `visit_*` methods for JSON types the visitor does not take, calling
//! `self.mismatch(found)` (after skipping compound values and checking string limits). The
//! visitor has a `cx: &mut Ctx` field and a `fn mismatch(self, found: &str) -> Self::Value`.

/// `null`, booleans and numbers.
macro_rules! lenient_non_string {
    () => {
        fn visit_unit<E: serde::de::Error>(self) -> Result<Self::Value, E> {
            Ok(self.mismatch("null"))
        }
        fn visit_none<E: serde::de::Error>(self) -> Result<Self::Value, E> {
            Ok(self.mismatch("null"))
        }
        fn visit_bool<E: serde::de::Error>(self, _: bool) -> Result<Self::Value, E> {
            Ok(self.mismatch("a boolean"))
        }
        fn visit_i64<E: serde::de::Error>(self, _: i64) -> Result<Self::Value, E> {
            Ok(self.mismatch("a number"))
        }
        fn visit_u64<E: serde::de::Error>(self, _: u64) -> Result<Self::Value, E> {
            Ok(self.mismatch("a number"))
        }
        fn visit_f64<E: serde::de::Error>(self, _: f64) -> Result<Self::Value, E> {
            Ok(self.mismatch("a number"))
        }
    };
}

/// Strings.
macro_rules! lenient_str {
    () => {
        fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Self::Value, E> {
            self.cx.check_str(s)?;
            Ok(self.mismatch("a string"))
        }
    };
}

/// Arrays.
macro_rules! lenient_seq {
    () => {
        fn visit_seq<A: serde::de::SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
            $crate::parse::seeds::skip_seq(&mut *self.cx, seq)?;
            Ok(self.mismatch("an array"))
        }
    };
}

/// Objects.
macro_rules! lenient_map {
    () => {
        fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
            $crate::parse::seeds::skip_map(&mut *self.cx, map)?;
            Ok(self.mismatch("an object"))
        }
    };
}

/// Everything but arrays, for visitors that take arrays.
macro_rules! lenient_defaults {
    () => {
        lenient_non_string!();
        lenient_str!();
        lenient_map!();
    };
}

/// Everything but objects, for visitors that take objects.
macro_rules! lenient_object_defaults {
    () => {
        lenient_non_string!();
        lenient_str!();
        lenient_seq!();
    };
}

/// Makes a visitor its own seed: `deserialize` hands the value to the visitor with the
/// `Deserializer` method named (`deserialize_any`, or `deserialize_str` for a key).
macro_rules! seed_visits_itself {
    ($seed:ty => $value:ty, $how:ident $(, where $($generics:tt)*)?) => {
        impl<'de $(, $($generics)*)?> serde::de::DeserializeSeed<'de> for $seed {
            type Value = $value;
            fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<$value, D::Error> {
                d.$how(self)
            }
        }
    };
}
