//! Crate-internal macros: open string enums, wire structs and message markers.

/// Declares a string enum that stays open: a wire value this crate does not know becomes
/// `Other(String)` instead of a parse failure, and is written back unchanged.
///
/// Protocol enums grow (hosts already invent display modes such as Goose's `standalone`), and a
/// closed enum would make a whole host context or tool list unreadable because of one new value.
/// Equality and hashing go through the wire string, so `Other("pip".into())` equals `Pip`.
macro_rules! open_enum {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident => $wire:literal, )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone)]
        pub enum $name {
            $( $(#[$vmeta])* $variant, )+
            /// A value this version of the crate does not know, kept verbatim so it round-trips.
            Other(String),
        }

        impl $name {
            /// Every value this crate knows, as written on the wire.
            pub const KNOWN: &'static [&'static str] = &[$($wire),+];

            /// The value as written on the wire.
            #[must_use]
            pub fn as_str(&self) -> &str {
                match self {
                    $( Self::$variant => $wire, )+
                    Self::Other(other) => other,
                }
            }

            /// Whether this is one of the values in [`Self::KNOWN`].
            #[must_use]
            pub fn is_known(&self) -> bool {
                Self::KNOWN.contains(&self.as_str())
            }
        }

        impl ::core::convert::From<&str> for $name {
            fn from(value: &str) -> Self {
                match value {
                    $( $wire => Self::$variant, )+
                    other => Self::Other(other.to_owned()),
                }
            }
        }

        impl ::core::convert::From<String> for $name {
            fn from(value: String) -> Self {
                match value.as_str() {
                    $( $wire => Self::$variant, )+
                    _ => Self::Other(value),
                }
            }
        }

        impl ::core::cmp::PartialEq for $name {
            fn eq(&self, other: &Self) -> bool {
                self.as_str() == other.as_str()
            }
        }

        impl ::core::cmp::Eq for $name {}

        impl ::core::hash::Hash for $name {
            fn hash<H: ::core::hash::Hasher>(&self, state: &mut H) {
                self.as_str().hash(state);
            }
        }

        impl ::core::fmt::Display for $name {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl ::serde::Serialize for $name {
            fn serialize<S: ::serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $name {
            fn deserialize<D: ::serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                String::deserialize(deserializer).map(Self::from)
            }
        }

        impl ::schemars::JsonSchema for $name {
            fn schema_name() -> ::std::borrow::Cow<'static, str> {
                ::std::borrow::Cow::Borrowed(stringify!($name))
            }

            fn json_schema(_: &mut ::schemars::SchemaGenerator) -> ::schemars::Schema {
                $crate::schema::open_enum_schema(Self::KNOWN)
            }
        }
    };
}

/// Declares a struct the way the protocol writes its objects: members in camelCase, an absent
/// `Option` member not written, and after the members listed, when asked for, `_meta`
/// (`meta: "doc";`) and then every member this crate does not know (`extra: "doc";`), kept as
/// sent so that a value a host forwards reaches the peer unchanged.
///
/// The derives are the caller's: they differ with the members (`Eq`, `Copy`, `Default`).
macro_rules! wire_struct {
    (
        $(#[$attr:meta])*
        pub struct $name:ident { $($members:tt)* }
        $(meta: $meta_doc:literal;)?
        $(extra: $extra_doc:literal;)?
    ) => {
        #[::serde_with::skip_serializing_none]
        $(#[$attr])*
        #[serde(rename_all = "camelCase")]
        pub struct $name {
            $($members)*
            $(
                #[doc = $meta_doc]
                #[serde(rename = "_meta", default)]
                pub meta: Option<::serde_json::Map<String, ::serde_json::Value>>,
            )?
            $(
                #[doc = $extra_doc]
                #[serde(flatten)]
                pub extra: ::serde_json::Map<String, ::serde_json::Value>,
            )?
        }
    };
}

/// Declares a [`wire_struct!`] of presence flags: each member is written `{}` when set and left
/// out otherwise (`Option<EmptyObject>`), the way the spec says "supported" or "requested".
macro_rules! flags_struct {
    (
        $(#[$attr:meta])*
        pub struct $name:ident {
            $( $(#[doc = $doc:literal])* $flag:ident, )+
        }
        $(extra: $extra_doc:literal;)?
    ) => {
        wire_struct! {
            $(#[$attr])*
            pub struct $name {
                $(
                    $(#[doc = $doc])*
                    #[serde(default)]
                    pub $flag: Option<$crate::mcp::EmptyObject>,
                )+
            }
            $(extra: $extra_doc;)?
        }
    };
}

/// Declares the zero-sized markers of protocol messages, one entry a message:
/// `Request Name = "method", Params => Result;` implements [`crate::Request`] for `Name`,
/// `Notification Name = "method", Params;` implements [`crate::Notification`].
macro_rules! messages {
    ($(
        $(#[$meta:meta])*
        $kind:ident $name:ident = $method:literal, $params:ty $(=> $result:ty)?;
    )*) => {$(
        $(#[$meta])*
        #[derive(Debug)]
        pub enum $name {}

        impl $crate::$kind for $name {
            const METHOD: &'static str = $method;
            type Params = $params;
            $(type Result = $result;)?
        }
    )*};
}
