//! Readers of the properties many types share: every element's, every input's, every action's,
//! and a box's (the card, a container, a column, a table cell, a carousel page). Each takes the
//! keys its owner's reader does not know and hands on the ones it does not know either, so one
//! owner's properties are read in one pass whatever their order.

use serde::de::MapAccess;
use serde_json::{Map, Value};

use super::reader::{Ctx, Item};
use crate::diagnostic::Code;
use crate::model::{ActionCommon, BoxProps, ElementCommon, InputCommon};
use crate::rules::UrlUse;
use crate::submit::RESERVED_DATA_KEYS;

/// A reader of the properties its owner's own reader left over (`_ => shared(reader)` in
/// [`fields!`]).
pub(crate) trait Props {
    /// Reads the value of `key`, a property the owner's own reader does not know.
    fn field<'de, A: MapAccess<'de>>(
        &mut self,
        cx: &mut Ctx,
        map: &mut A,
        key: &str,
    ) -> Result<(), A::Error>;
}

/// Writes a [`Props`] impl whose `field` is a [`fields!`] table on the key, as every reader
/// below but [`UnknownReader`] is: `|self| p = self.place { rows }` borrows the reader's place as `p`
/// for the rows. `self` is named by the caller so that the rows may use it too (a macro's own
/// `self` is not the caller's).
macro_rules! props_table {
    (impl[$($gen:tt)*] for $ty:ty, |$this:ident| $p:ident = self.$place:ident {
        $($rows:tt)*
    }) => {
        impl<$($gen)*> Props for $ty {
            fn field<'de, A: MapAccess<'de>>(
                &mut $this,
                cx: &mut Ctx,
                map: &mut A,
                key: &str,
            ) -> Result<(), A::Error> {
                let $p = &mut *$this.$place;
                fields! { cx, map, key { $($rows)* } }
                Ok(())
            }
        }
    };
}

/// The end of a chain of readers: what reaches it is kept in `extra` and reported as unknown.
pub(crate) struct UnknownReader<'e> {
    owner: &'static str,
    extra: &'e mut Map<String, Value>,
}

impl<'e> UnknownReader<'e> {
    pub(crate) fn new(owner: &'static str, extra: &'e mut Map<String, Value>) -> Self {
        Self { owner, extra }
    }
}

impl Props for UnknownReader<'_> {
    fn field<'de, A: MapAccess<'de>>(
        &mut self,
        cx: &mut Ctx,
        map: &mut A,
        key: &str,
    ) -> Result<(), A::Error> {
        cx.unknown_property(map, key, self.owner, self.extra)
    }
}

/// Reads the properties every element (an [`ElementCommon`]) or every action (an
/// [`ActionCommon`]) has into the owner's own (so nothing is moved afterwards); what it does
/// not know is kept as unknown.
pub(crate) struct CommonReader<'e, C> {
    common: &'e mut C,
    owner: &'static str,
}

impl<'e, C> CommonReader<'e, C> {
    pub(crate) fn new(owner: &'static str, common: &'e mut C) -> Self {
        Self { common, owner }
    }
}

props_table! { impl[F: Item] for CommonReader<'_, ElementCommon<F>>, |self| c = self.common {
    "id" => c.id = id,
    "isVisible" => c.is_visible = opt,
    "spacing" => c.spacing = opt,
    "separator" => c.separator = opt,
    "height" => c.height = opt,
    "requires" => c.requires = requires,
    "fallback" => c.fallback = fallback,
    "targetWidth" => c.target_width = opt,
    "lang" => c.lang = opt,
    _ => unknown(self.owner, c.extra),
} }

/// Reads a box's properties, then hands the rest to `next` (the element's common properties,
/// or the owner's unknown ones).
pub(crate) struct BoxReader<'e, N> {
    props: &'e mut BoxProps,
    next: N,
}

impl<'e, N: Props> BoxReader<'e, N> {
    pub(crate) fn new(props: &'e mut BoxProps, next: N) -> Self {
        Self { props, next }
    }
}

props_table! { impl[N: Props] for BoxReader<'_, N>, |self| b = self.props {
    "selectAction" => b.select_action = single_action,
    "style" => b.style = opt,
    "verticalContentAlignment" => b.vertical_content_alignment = opt,
    "backgroundImage" => b.background_image = item,
    "minHeight" => b.min_height = opt,
    "rtl" => b.rtl = opt,
    _ => shared(self.next),
} }

/// Reads the properties every input has, then those every element has, and checks the id.
pub(crate) struct InputReader<'e> {
    input: &'e mut InputCommon,
    common: CommonReader<'e, ElementCommon>,
}

impl<'e> InputReader<'e> {
    pub(crate) fn new(
        owner: &'static str,
        input: &'e mut InputCommon,
        common: &'e mut ElementCommon,
    ) -> Self {
        Self {
            input,
            common: CommonReader::new(owner, common),
        }
    }

    /// Checks the input's id, once its properties are read: an input needs one that is not
    /// reserved.
    pub(crate) fn finish(self, cx: &mut Ctx) {
        let owner = self.common.owner;
        match &self.common.common.id {
            None => cx.report(
                Code::InputMissingId,
                format!("{owner} needs an `id`: without one its value cannot be submitted"),
            ),
            Some(id) if RESERVED_DATA_KEYS.contains(&id.as_str()) => cx.at("id", |cx| {
                cx.report(
                    Code::ReservedId,
                    format!(
                        "`{id}` is reserved in submitted data (it names the tool to call); an input with this id could redirect the action"
                    ),
                );
            }),
            Some(id) => cx.input_id(id),
        }
    }
}

props_table! { impl[] for InputReader<'_>, |self| i = self.input {
    "label" => i.label = opt,
    "isRequired" => i.is_required = opt,
    "errorMessage" => i.error_message = opt,
    "labelPosition" => i.label_position = opt,
    "labelWidth" => i.label_width = json,
    "inputStyle" => i.input_style = opt,
    _ => shared(self.common),
} }

props_table! { impl[] for CommonReader<'_, ActionCommon>, |self| c = self.common {
    "id" => c.id = id,
    "title" => c.title = opt,
    "iconUrl" => c.icon_url = url(UrlUse::Resource),
    "style" => c.style = opt,
    "tooltip" => c.tooltip = opt,
    "isEnabled" => c.is_enabled = opt,
    "mode" => c.mode = opt,
    "role" => c.role = opt,
    "requires" => c.requires = requires,
    "fallback" => c.fallback = fallback,
    _ => unknown(self.owner, c.extra),
} }
