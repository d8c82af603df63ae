//! `kinds!`: an enumeration of boxed kinds told apart by their `type` (elements, actions).
//!
//! Each kind is named once, with its `type` as written in cards and the struct of its
//! properties. The macro declares the enum (tagged by `type`, every variant renamed to its
//! `type`, with the derives of every model type) and writes the matches that go over every
//! kind: `type_name`, `common` and `common_mut`. Written by hand, each of those repeats the
//! whole list of kinds.
//!
//! ```text
//! kinds! {
//!     /// docs of the enum
//!     pub enum Action (kinds of "action", common: ActionCommon) {
//!         /// docs of the kind
//!         Submit(SubmitAction) = "Action.Submit",
//!     }
//! }
//! ```

macro_rules! kinds {
    (
        $(#[$attr:meta])*
        pub enum $name:ident (kinds of $what:literal, common: $common:ty) {
            $( $(#[doc = $doc:literal])* $variant:ident($kind:ty) = $ty:literal ),+ $(,)?
        }
    ) => {
        $(#[$attr])*
        #[derive(Debug, Clone, PartialEq, ::serde::Serialize, ::schemars::JsonSchema)]
        #[serde(tag = "type")]
        pub enum $name {
            $(
                $(#[doc = $doc])*
                #[serde(rename = $ty)]
                $variant(Box<$kind>),
            )+
        }

        impl $name {
            #[doc = concat!("The ", $what, "'s `type` as written in cards.")]
            pub fn type_name(&self) -> &'static str {
                match self {
                    $(Self::$variant(_) => $ty,)+
                }
            }

            #[doc = concat!("The properties every ", $what, " has.")]
            pub fn common(&self) -> &$common {
                match self {
                    $(Self::$variant(kind) => &kind.common,)+
                }
            }

            #[doc = concat!("The properties every ", $what, " has, to change them.")]
            pub fn common_mut(&mut self) -> &mut $common {
                match self {
                    $(Self::$variant(kind) => &mut kind.common,)+
                }
            }
        }
    };
}
