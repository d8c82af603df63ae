//! `section!`: a part of the host config declared with how each of its keys is read.
//!
//! Every part of the host config serializes the same way (keys in camelCase) and reads
//! itself the same way: one [`Reader`] call a member, over the value it has. Written by hand,
//! each part repeats its members in a `read` function, which can drift from the struct (a
//! member added and never read). Here each member says beside its type how it is read:
//!
//! ```text
//! section! {
//!     /// What each image size name means.
//!     #[derive(Copy)]
//!     pub struct ImageSizes {
//!         /// `small`.
//!         pub small: f32 => positive_px("small"),
//!     }
//! }
//! ```
//!
//! `positive_px("small")` there is `r.positive_px(obj, "small", &mut self.small)`, for any
//! reading method of [`Reader`] that takes the object, the key and the member.

use super::reader::{Object, Reader};

/// A part of the host config that reads itself over the values it has, from the object at its
/// key.
pub(super) trait Section {
    /// Reads each key of `obj` this part knows over its value.
    fn read(&mut self, r: &mut Reader, obj: &Object);
}

impl Reader {
    /// A part of the host config, read from the object at `key`; anything but an object is a
    /// warning.
    pub(super) fn section(&mut self, obj: &Object, key: &str, target: &mut impl Section) {
        self.object(obj, key, |r, o| target.read(r, o));
    }
}

/// Declares a part of the host config (see the [module documentation](self)): the struct,
/// deriving `Debug`, `Clone`, `PartialEq` and `Serialize` with its keys in camelCase, and its
/// [`Section`] implementation, which reads each member as it says. Further attributes are the
/// caller's (`Copy`, `Eq` and `Hash` where the members allow them).
macro_rules! section {
    (
        $(#[$attr:meta])*
        pub struct $name:ident {
            $(
                $(#[$member_attr:meta])*
                pub $member:ident: $ty:ty => $read:ident($key:literal),
            )+
        }
    ) => {
        $(#[$attr])*
        #[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
        #[serde(rename_all = "camelCase")]
        pub struct $name {
            $(
                $(#[$member_attr])*
                pub $member: $ty,
            )+
        }

        impl $crate::host_config::section::Section for $name {
            fn read(
                &mut self,
                r: &mut $crate::host_config::reader::Reader,
                obj: &$crate::host_config::reader::Object,
            ) {
                $(r.$read(obj, $key, &mut self.$member);)+
            }
        }
    };
}
