//! Small shared shapes.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// An object with no defined members: `{}` on the wire.
///
/// Used for params and results the spec fixes as `{}` and for capability flags whose presence is
/// the whole message (`openLinks: {}`). Reading accepts any object, so a peer adding members does
/// not break anything.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub struct EmptyObject {}

wire_struct! {
    /// Name and version of an MCP participant (`appInfo`, `hostInfo`, `clientInfo`, `serverInfo`).
    #[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
    pub struct Implementation {
        /// Programmatic name.
        pub name: String,
        /// Version string.
        pub version: String,
        /// Display name.
        #[serde(default)]
        pub title: Option<String>,
    }
    extra: "Other members (`icons`, `websiteUrl`, ...), kept as sent.";
}

impl Implementation {
    /// An implementation with a name and a version.
    #[must_use]
    pub fn new(name: impl Into<String>, version: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            version: version.into(),
            ..Self::default()
        }
    }
}

wire_struct! {
    /// Params of the paginated `*/list` requests.
    #[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
    pub struct PaginatedParams {
        /// Opaque cursor from a previous page's `nextCursor`.
        #[serde(default)]
        pub cursor: Option<String>,
    }
}

/// Declares the result of a paginated `*/list` request: its items under their own name, the
/// cursor of the next page and metadata.
macro_rules! list_result {
    (
        $(#[doc = $doc:literal])*
        $name:ident {
            $(#[doc = $items_doc:literal])*
            $items:ident: $item:ty
        }
    ) => {
        wire_struct! {
            $(#[doc = $doc])*
            #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
            pub struct $name {
                $(#[doc = $items_doc])*
                pub $items: Vec<$item>,
                /// Cursor of the next page.
                #[serde(default)]
                pub next_cursor: Option<String>,
            }
            meta: "Metadata.";
        }
    };
}
pub(super) use list_result;
