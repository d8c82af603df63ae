//! The card model: plain data, one Rust type per card type.
//!
//! The types serialize to the card format (camelCase, enum values in their canonical spelling,
//! absent options left out) and describe it as JSON Schema. They are read by
//! [`crate::parse`], not by serde, so that a card is read leniently and every problem becomes a
//! [`crate::Diagnostic`] with its place in the source.
//!
//! Their strings are [`CompactString`]s: a string of up to 24 bytes (most ids, titles, values
//! and short texts) lives inside the struct instead of in an allocation of its own, which
//! spares about half of the allocations of reading and dropping a card. They dereference to
//! `&str`, and builders take anything that converts into one (`&str`, `String`).

#[macro_use]
mod kinds;
#[macro_use]
mod structs;
mod action;
mod box_props;
mod card;
mod carousel;
mod common;
mod element;
mod input;
mod layout;
mod media;
mod table;
mod text;

pub use action::{
    Action, ExecuteAction, OpenUrlAction, ShowCardAction, Submission, SubmitAction, TargetElement,
    ToggleVisibilityAction,
};
pub use box_props::BoxProps;
pub use card::{AuthCardButton, Authentication, Card, Metadata, Refresh, TokenExchangeResource};
pub use carousel::{Carousel, CarouselPage};
pub use common::{
    ActionCommon, BackgroundImage, ColumnWidth, Dimension, ElementCommon, Fallback, InputCommon, Px,
};
pub use compact_str::CompactString;
pub use element::Element;
pub use input::{
    Choice, ChoiceSetInput, DataQuery, DateInput, NumberInput, TextInput, TimeInput, ToggleInput,
};
pub(crate) use input::{FromTextValued, TextValued};
pub use layout::{ActionSet, Column, ColumnSet, Container, Fact, FactSet};
pub use media::{CaptionSource, Image, ImageSet, Media, MediaSource};
pub use table::{Table, TableCell, TableColumnDefinition, TableRow};
pub use text::{Inline, RichTextBlock, TextBlock, TextRun};
