//! Properties shared by many elements and actions, and the small value types they use.

use compact_str::CompactString;
use std::borrow::Cow;
use std::collections::BTreeMap;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Serialize, Serializer};
use serde_json::{Map, Value};

use crate::enums::{
    ActionMode, ActionRole, ActionStyle, BlockElementHeight, HorizontalAlignment, ImageFillMode,
    InputLabelPosition, InputStyle, Spacing, VerticalAlignment,
};

model_struct! {
    /// Properties every element has. `F` is what may replace the element: another element, or
    /// for a [`super::Column`], another column.
    pub struct ElementCommon<F = super::Element> {
        /// Identifies the element: for inputs the key of its value in submitted data, for others
        /// the target of `Action.ToggleVisibility`. Unique across the whole card.
        pub id: Option<CompactString>,
        /// Whether the element is shown initially (default `true`).
        pub is_visible: Option<bool>,
        /// Space before the element.
        pub spacing: Option<Spacing>,
        /// Whether a line separates the element from the one before it.
        pub separator: Option<bool>,
        /// How tall the element is within its container.
        pub height: Option<BlockElementHeight>,
        /// Features (name → minimum version) the host must support to show this element;
        /// otherwise the fallback is shown.
        pub requires: Option<BTreeMap<String, String>>,
        /// What to show when the element cannot be shown.
        pub fallback: Option<Fallback<F>>,
        /// The card widths the element is shown at (`"narrow"`, `"atLeast:standard"`, …).
        pub target_width: Option<CompactString>,
        /// The language of the element's text (BCP 47).
        pub lang: Option<CompactString>,
    }
    extra;
}

impl<F> Default for ElementCommon<F> {
    fn default() -> Self {
        Self {
            id: None,
            is_visible: None,
            spacing: None,
            separator: None,
            height: None,
            requires: None,
            fallback: None,
            target_width: None,
            lang: None,
            extra: Map::new(),
        }
    }
}

model_struct! {
    /// Properties every input has, besides [`ElementCommon`].
    #[derive(Default)]
    pub struct InputCommon {
        /// The input's label, shown with it and read by screen readers.
        pub label: Option<CompactString>,
        /// Whether a value is needed before a submit.
        pub is_required: Option<bool>,
        /// What to tell the user when the value is missing or invalid.
        pub error_message: Option<CompactString>,
        /// Where the label goes.
        pub label_position: Option<InputLabelPosition>,
        /// The label's width when inline: a percentage number or `"Npx"`.
        pub label_width: Option<Value>,
        /// How the input looks before the user interacts with it.
        pub input_style: Option<InputStyle>,
    }
}

model_struct! {
    /// Properties every action has.
    #[derive(Default)]
    pub struct ActionCommon {
        /// Identifies the action; unique across the card.
        pub id: Option<CompactString>,
        /// The button's text.
        pub title: Option<CompactString>,
        /// An icon shown with the title.
        pub icon_url: Option<CompactString>,
        /// The button's style.
        pub style: Option<ActionStyle>,
        /// A hint shown on hover and read by screen readers.
        pub tooltip: Option<CompactString>,
        /// Whether the action can be used (default `true`).
        pub is_enabled: Option<bool>,
        /// A button, or an entry of the overflow menu.
        pub mode: Option<ActionMode>,
        /// The accessibility role.
        pub role: Option<ActionRole>,
        /// Features the host must support to show this action.
        pub requires: Option<BTreeMap<String, String>>,
        /// What to show when the action cannot be shown.
        pub fallback: Option<Fallback<super::Action>>,
    }
    extra;
}

/// What replaces an element or action a host cannot show.
#[derive(Debug, Clone, PartialEq)]
pub enum Fallback<T> {
    /// `"drop"`: show nothing, silently.
    Drop,
    /// Show this instead.
    Item(Box<T>),
}

impl<T: Serialize> Serialize for Fallback<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Self::Drop => serializer.serialize_str("drop"),
            Self::Item(item) => item.serialize(serializer),
        }
    }
}

impl<T: JsonSchema> JsonSchema for Fallback<T> {
    fn schema_name() -> Cow<'static, str> {
        format!("FallbackOf{}", T::schema_name()).into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let item = generator.subschema_for::<T>();
        json_schema!({
            "description": "What to show instead when this cannot be shown: `\"drop\"` for nothing, or a replacement.",
            "anyOf": [
                { "type": "string", "pattern": "^[dD][rR][oO][pP]$" },
                item
            ]
        })
    }
}

/// A size in device-independent pixels, written `"50px"` in cards.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
pub struct Px(pub f32);

impl Px {
    /// Reads `"50px"` (also `"50"`); `None` for anything else or a negative size.
    pub fn parse(s: &str) -> Option<Self> {
        let s = s.trim();
        let number = s
            .strip_suffix("px")
            .or_else(|| s.strip_suffix("PX"))
            .unwrap_or(s);
        let value: f32 = number.trim().parse().ok()?;
        (value.is_finite() && value >= 0.0).then_some(Self(value))
    }
}

impl Serialize for Px {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&format_args!("{}px", self.0))
    }
}

impl JsonSchema for Px {
    fn schema_name() -> Cow<'static, str> {
        "Pixels".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A size in pixels, such as `\"50px\"`.",
            "type": "string",
            "pattern": "^[0-9]+(\\.[0-9]+)?(px|PX)?$"
        })
    }
}

/// What a [`ColumnWidth`] or [`Dimension`] written as text may be: `auto`, `stretch` (any case)
/// or pixels (`"50"`, `"50px"`); for a column width, a bare number is a weight.
const KEYWORD_OR_PIXELS: &str =
    "^([aA][uU][tT][oO]|[sS][tT][rR][eE][tT][cC][hH]|[0-9]+(\\.[0-9]+)?(px|PX)?)$";

/// The width of a column: a keyword, a relative weight or pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ColumnWidth {
    /// As wide as its content.
    Auto,
    /// Shares the remaining width with the other stretch columns.
    Stretch,
    /// A share of the width relative to the other weighted columns (`2` is twice `1`).
    Weight(f32),
    /// A fixed width.
    Pixels(Px),
}

impl ColumnWidth {
    /// A relative weight; `None` unless it is a finite number of at least 0.
    pub fn from_weight(weight: f64) -> Option<Self> {
        #[expect(
            clippy::cast_possible_truncation,
            reason = "a column weight needs no more than f32 precision"
        )]
        (weight.is_finite() && weight >= 0.0).then_some(Self::Weight(weight as f32))
    }

    /// Reads a width written as text: `"auto"`, `"stretch"`, `"2"` or `"50px"`. A bare number
    /// is a weight here, not pixels as in a [`Dimension`].
    pub fn parse(s: &str) -> Option<Self> {
        let t = s.trim();
        match Dimension::parse(t) {
            Some(Dimension::Pixels(_)) | None if !t.to_ascii_lowercase().ends_with("px") => {
                t.parse::<f64>().ok().and_then(Self::from_weight)
            }
            dimension => dimension.map(Self::from),
        }
    }

    /// Reads a width from its JSON form: `"auto"`, `"stretch"`, `2`, `"2"` or `"50px"`.
    pub fn from_json(value: &Value) -> Option<Self> {
        match value {
            Value::Number(n) => n.as_f64().and_then(Self::from_weight),
            Value::String(s) => Self::parse(s),
            _ => None,
        }
    }
}

impl From<Dimension> for ColumnWidth {
    fn from(dimension: Dimension) -> Self {
        match dimension {
            Dimension::Auto => Self::Auto,
            Dimension::Stretch => Self::Stretch,
            Dimension::Pixels(px) => Self::Pixels(px),
        }
    }
}

impl Serialize for ColumnWidth {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Self::Auto => Dimension::Auto.serialize(serializer),
            Self::Stretch => Dimension::Stretch.serialize(serializer),
            Self::Weight(w) => serializer.serialize_f32(*w),
            Self::Pixels(px) => px.serialize(serializer),
        }
    }
}

impl JsonSchema for ColumnWidth {
    fn schema_name() -> Cow<'static, str> {
        "ColumnWidth".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "`\"auto\"`, `\"stretch\"`, a relative weight (number), or pixels (`\"50px\"`).",
            "anyOf": [
                { "type": "number", "minimum": 0 },
                { "type": "string", "pattern": KEYWORD_OR_PIXELS }
            ]
        })
    }
}

/// The height or width of an image: a keyword or pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Dimension {
    /// The natural size.
    Auto,
    /// Fill the container.
    Stretch,
    /// A fixed size.
    Pixels(Px),
}

impl Dimension {
    /// Reads `"auto"`, `"stretch"` or `"50px"`.
    pub fn parse(s: &str) -> Option<Self> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("auto") {
            Some(Self::Auto)
        } else if t.eq_ignore_ascii_case("stretch") {
            Some(Self::Stretch)
        } else {
            Px::parse(t).map(Self::Pixels)
        }
    }
}

impl Serialize for Dimension {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Self::Auto => serializer.serialize_str("auto"),
            Self::Stretch => serializer.serialize_str("stretch"),
            Self::Pixels(px) => px.serialize(serializer),
        }
    }
}

impl JsonSchema for Dimension {
    fn schema_name() -> Cow<'static, str> {
        "Dimension".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "`\"auto\"`, `\"stretch\"`, or pixels (`\"50px\"`).",
            "type": "string",
            "pattern": KEYWORD_OR_PIXELS
        })
    }
}

model_struct! {
    /// An image drawn behind a container or card. Cards may write just the URL; it is read into
    /// this form.
    #[derive(Default)]
    pub struct BackgroundImage {
        /// The image (`https`, `http` or `data:`).
        pub url: CompactString,
        /// How the image fills the area.
        pub fill_mode: Option<ImageFillMode>,
        /// Horizontal position when not covering.
        pub horizontal_alignment: Option<HorizontalAlignment>,
        /// Vertical position when not covering.
        pub vertical_alignment: Option<VerticalAlignment>,
    }
    extra;
}

/// The schema of a `backgroundImage`: a URL, or the object form.
pub(crate) fn background_image_schema(generator: &mut SchemaGenerator) -> Schema {
    let object = generator.subschema_for::<BackgroundImage>();
    json_schema!({
        "description": "An image behind the content: its URL, or an object with the URL and how to draw it.",
        "anyOf": [{ "type": "string" }, object]
    })
}

/// The schema of `targetElements`: ids, or objects naming an id.
pub(crate) fn target_elements_schema(generator: &mut SchemaGenerator) -> Schema {
    let object = generator.subschema_for::<super::TargetElement>();
    json_schema!({
        "description": "The elements to show, hide or toggle: an id toggles, an object may say which.",
        "type": "array",
        "items": { "anyOf": [{ "type": "string" }, object] }
    })
}

/// The schema of `inlines`: text, or text runs.
pub(crate) fn inlines_schema(generator: &mut SchemaGenerator) -> Schema {
    let object = generator.subschema_for::<super::Inline>();
    json_schema!({
        "description": "The runs, in order: plain text, or `TextRun` objects.",
        "type": "array",
        "items": { "anyOf": [{ "type": "string" }, object] }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_column_widths() {
        assert_eq!(
            ColumnWidth::from_json(&json!("Auto")),
            Some(ColumnWidth::Auto)
        );
        assert_eq!(
            ColumnWidth::from_json(&json!(2)),
            Some(ColumnWidth::Weight(2.0))
        );
        assert_eq!(
            ColumnWidth::from_json(&json!("3")),
            Some(ColumnWidth::Weight(3.0))
        );
        assert_eq!(
            ColumnWidth::from_json(&json!("50px")),
            Some(ColumnWidth::Pixels(Px(50.0)))
        );
        assert_eq!(ColumnWidth::from_json(&json!("wide")), None);
        assert_eq!(ColumnWidth::from_json(&json!(-1)), None);
    }

    #[test]
    fn pixels_round_trip() {
        assert_eq!(Px::parse("12.5px"), Some(Px(12.5)));
        assert_eq!(serde_json::to_value(Px(40.0)).unwrap(), json!("40px"));
        assert_eq!(Px::parse("-3px"), None);
    }
}
