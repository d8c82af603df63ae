//! `model_struct!`, `element!`, `input!` and `action!`: the rules every struct of the model
//! shares, written once.
//!
//! Every model struct serializes the same way (members in camelCase, an absent `Option` left
//! out) and derives the same traits; an element ends with the properties of every element, an
//! input with those of every input before them, an action with those of every action. Written
//! by hand, each struct repeats its attributes and those trailing members. A struct's own
//! members stay in place, with their docs, as ordinary Rust:
//!
//! ```text
//! element! {
//!     /// A row of images, all of one size.
//!     pub struct ImageSet {
//!         /// The images.
//!         pub images: Vec<Image>,
//!     }
//! }
//! ```

/// Declares a struct of the model: an absent `Option` member is not written
/// (`skip_serializing_none`), members are in camelCase, and it derives `Debug`, `Clone`,
/// `PartialEq`, `Serialize` and `JsonSchema`. Further attributes are the caller's: a
/// `#[derive(Default)]` where a derived default makes sense (the card's is `McpApp`, written
/// by hand).
///
/// `extra;` after the braces adds the last member, `extra`: every property the model does not
/// know, kept as it was, so that a card read and written again loses nothing.
///
/// One type parameter with a default is allowed (`ElementCommon<F = Element>`).
macro_rules! model_struct {
    (
        $(#[$attr:meta])*
        pub struct $name:ident $(<$param:ident = $param_default:ty>)? { $($members:tt)* }
        extra;
    ) => {
        model_struct! {
            $(#[$attr])*
            pub struct $name $(<$param = $param_default>)? {
                $($members)*
                /// Properties this model does not know, kept as they were.
                #[serde(flatten)]
                pub extra: ::serde_json::Map<String, ::serde_json::Value>,
            }
        }
    };
    (
        $(#[$attr:meta])*
        pub struct $name:ident $(<$param:ident = $param_default:ty>)? { $($members:tt)* }
    ) => {
        // First: it reads the members' types, and the derives below must see its result.
        #[::serde_with::skip_serializing_none]
        $(#[$attr])*
        #[derive(Debug, Clone, PartialEq, ::serde::Serialize, ::schemars::JsonSchema)]
        #[serde(rename_all = "camelCase")]
        pub struct $name $(<$param = $param_default>)? { $($members)* }
    };
}

/// Declares a kind of element or action: a [`model_struct!`] with a derived default (builders
/// and the reader start from it) whose last member is `common`, the properties every such kind
/// has, flattened into it. Used through [`element!`] and [`action!`], which name those
/// properties.
macro_rules! kind_struct {
    (
        $common_doc:literal, $common:ty;
        $(#[$attr:meta])*
        pub struct $name:ident { $($members:tt)* }
    ) => {
        model_struct! {
            $(#[$attr])*
            #[derive(Default)]
            pub struct $name {
                $($members)*
                #[doc = $common_doc]
                #[serde(flatten)]
                pub common: $common,
            }
        }
    };
}

/// Declares an element kind: a [`kind_struct!`] ending with the
/// [`ElementCommon`](super::ElementCommon) every element has.
macro_rules! element {
    ($($item:tt)*) => {
        kind_struct! { " Properties of every element.", $crate::model::ElementCommon; $($item)* }
    };
}

/// Declares an action kind: a [`kind_struct!`] ending with the
/// [`ActionCommon`](super::ActionCommon) every action has.
macro_rules! action {
    ($($item:tt)*) => {
        kind_struct! { " Properties of every action.", $crate::model::ActionCommon; $($item)* }
    };
}

/// Declares an input kind: an [`element!`] whose members end with `input`, the
/// [`InputCommon`](super::InputCommon) every input has, flattened into it, before `common`.
macro_rules! input {
    (
        $(#[$attr:meta])*
        pub struct $name:ident { $($members:tt)* }
    ) => {
        element! {
            $(#[$attr])*
            pub struct $name {
                $($members)*
                /// Properties of every input.
                #[serde(flatten)]
                pub input: $crate::model::InputCommon,
            }
        }
    };
}
