//! The basic catalog's components as typed builders. Each becomes a [`Spec`] (its type, its
//! properties, and the event of its action, kept typed until the surface is built so that it
//! can be signed); [`crate::a2ui::SurfaceBuilder::add`] gives it its id.

use serde_json::{Map, Value};

use crate::a2ui::event::Event;
use crate::a2ui::value::{Check, Dynamic};

/// A component before it has an id: what every builder of this module turns into.
#[derive(Debug, Clone, PartialEq)]
#[must_use]
pub struct Spec {
    pub(crate) kind: &'static str,
    pub(crate) properties: Map<String, Value>,
    pub(crate) event: Option<Event>,
}

impl Spec {
    fn new(kind: &'static str) -> Self {
        Self {
            kind,
            properties: Map::new(),
            event: None,
        }
    }

    /// An input labelled `label` whose value is the data at `path`.
    fn input(kind: &'static str, label: &Dynamic, path: &str) -> Self {
        Self::new(kind)
            .set("label", label.to_json())
            .set("value", Dynamic::path(path).to_json())
    }

    fn set(mut self, name: &str, value: Value) -> Self {
        self.properties.insert(name.to_owned(), value);
        self
    }

    fn push_check(mut self, check: &Check) -> Self {
        let checks = self
            .properties
            .entry("checks")
            .or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(list) = checks {
            list.push(check.to_json());
        }
        self
    }

    /// The component's type (`"Text"`, …).
    #[must_use]
    pub fn kind(&self) -> &'static str {
        self.kind
    }

    /// Its share of the room in a `Row` or `Column` (CSS `flex-grow`); only for a direct child
    /// of one.
    pub fn weight(self, weight: f64) -> Self {
        self.set("weight", Value::from(weight))
    }

    /// What assistive technologies say: a short `label`, and a longer `description`.
    pub fn accessibility(self, label: impl Into<Dynamic>, description: Option<Dynamic>) -> Self {
        let mut attributes = Map::new();
        attributes.insert("label".to_owned(), label.into().to_json());
        if let Some(description) = description {
            attributes.insert("description".to_owned(), description.to_json());
        }
        self.set("accessibility", Value::Object(attributes))
    }
}

/// Anything that becomes a component: every builder of this module, and [`Spec`] itself.
pub trait IntoComponent {
    /// The component without its id.
    fn into_spec(self) -> Spec;
}

impl IntoComponent for Spec {
    fn into_spec(self) -> Spec {
        self
    }
}

/// A container's children: ids, or one copy of a template component per item of a data list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Children {
    /// These components, in order.
    Ids(Vec<String>),
    /// `component_id` repeated for each item of the list at `path`; inside it, relative paths
    /// (`name`) read the item.
    Template {
        /// The template component.
        component_id: String,
        /// The data list.
        path: String,
    },
}

impl Children {
    /// A template over the data list at `path`.
    #[must_use]
    pub fn template(component_id: impl Into<String>, path: impl Into<String>) -> Self {
        Self::Template {
            component_id: component_id.into(),
            path: path.into(),
        }
    }

    fn to_json(&self) -> Value {
        match self {
            Self::Ids(ids) => Value::from(ids.clone()),
            Self::Template { component_id, path } => {
                let mut object = Map::new();
                object.insert("componentId".to_owned(), Value::from(component_id.as_str()));
                object.insert("path".to_owned(), Value::from(path.as_str()));
                Value::Object(object)
            }
        }
    }
}

impl<const N: usize> From<[&str; N]> for Children {
    fn from(ids: [&str; N]) -> Self {
        Self::Ids(ids.iter().map(|id| (*id).to_owned()).collect())
    }
}

impl From<Vec<String>> for Children {
    fn from(ids: Vec<String>) -> Self {
        Self::Ids(ids)
    }
}

macro_rules! string_enum {
    ($(#[$doc:meta])* $name:ident { $($(#[$vdoc:meta])* $variant:ident => $text:literal),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum $name {
            $($(#[$vdoc])* $variant),+
        }

        impl $name {
            /// The value as the catalog writes it.
            #[must_use]
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Self::$variant => $text),+
                }
            }
        }
    };
}

string_enum!(
    /// A `Text`'s style.
    TextVariant {
        /// Heading 1.
        H1 => "h1",
        /// Heading 2.
        H2 => "h2",
        /// Heading 3.
        H3 => "h3",
        /// Heading 4.
        H4 => "h4",
        /// Heading 5.
        H5 => "h5",
        /// Small print.
        Caption => "caption",
        /// Body text (the default).
        Body => "body",
    }
);

string_enum!(
    /// Arrangement along a container's main axis.
    Justify {
        /// Packed at the start (the default).
        Start => "start",
        /// Packed in the middle.
        Center => "center",
        /// Packed at the end.
        End => "end",
        /// First and last at the edges.
        SpaceBetween => "spaceBetween",
        /// Equal room around each.
        SpaceAround => "spaceAround",
        /// Equal room between each.
        SpaceEvenly => "spaceEvenly",
        /// Stretched to fill.
        Stretch => "stretch",
    }
);

string_enum!(
    /// Alignment across a container's main axis.
    Align {
        /// At the start.
        Start => "start",
        /// In the middle.
        Center => "center",
        /// At the end.
        End => "end",
        /// Stretched (the default).
        Stretch => "stretch",
    }
);

string_enum!(
    /// A `Button`'s style.
    ButtonVariant {
        /// The default button.
        Default => "default",
        /// The main call to action.
        Primary => "primary",
        /// No border or background: a link.
        Borderless => "borderless",
    }
);

string_enum!(
    /// A `TextField`'s kind.
    TextFieldVariant {
        /// One line (the default).
        ShortText => "shortText",
        /// Several lines.
        LongText => "longText",
        /// A number.
        Number => "number",
        /// A secret, shown as dots.
        Obscured => "obscured",
    }
);

/// `Text`: text (simple Markdown).
#[derive(Debug, Clone, PartialEq)]
#[must_use]
pub struct Text(Spec);

impl Text {
    /// Text showing `text` (a literal, a binding, or a `formatString` call).
    pub fn new(text: impl Into<Dynamic>) -> Self {
        Self(Spec::new("Text").set("text", text.into().to_json()))
    }

    /// Its style.
    pub fn variant(self, variant: TextVariant) -> Self {
        Self(self.0.set("variant", Value::from(variant.as_str())))
    }
}

/// `Column`: children one under another.
#[derive(Debug, Clone, PartialEq)]
#[must_use]
pub struct Column(Spec);

/// `Row`: children side by side.
#[derive(Debug, Clone, PartialEq)]
#[must_use]
pub struct Row(Spec);

/// `List`: a scrolling list of children.
#[derive(Debug, Clone, PartialEq)]
#[must_use]
pub struct List(Spec);

macro_rules! container {
    ($name:ident, $kind:literal) => {
        impl $name {
            /// The container of `children`.
            pub fn new(children: impl Into<Children>) -> Self {
                Self(Spec::new($kind).set("children", children.into().to_json()))
            }

            /// Alignment across the main axis.
            pub fn align(self, align: Align) -> Self {
                Self(self.0.set("align", Value::from(align.as_str())))
            }
        }
    };
}

container!(Column, "Column");
container!(Row, "Row");
container!(List, "List");

impl Column {
    /// Arrangement along the main axis.
    pub fn justify(self, justify: Justify) -> Self {
        Self(self.0.set("justify", Value::from(justify.as_str())))
    }
}

impl Row {
    /// Arrangement along the main axis.
    pub fn justify(self, justify: Justify) -> Self {
        Self(self.0.set("justify", Value::from(justify.as_str())))
    }
}

impl List {
    /// Lays the items out side by side instead of one under another.
    pub fn horizontal(self) -> Self {
        Self(self.0.set("direction", Value::from("horizontal")))
    }
}

/// `Card`: a card around one child.
#[derive(Debug, Clone, PartialEq)]
#[must_use]
pub struct Card(Spec);

impl Card {
    /// A card around the component `child`.
    pub fn new(child: &str) -> Self {
        Self(Spec::new("Card").set("child", Value::from(child)))
    }
}

/// `Divider`: a dividing line.
#[derive(Debug, Clone, PartialEq)]
#[must_use]
pub struct Divider(Spec);

impl Divider {
    /// A horizontal line.
    pub fn new() -> Self {
        Self(Spec::new("Divider"))
    }

    /// A vertical line instead.
    pub fn vertical(self) -> Self {
        Self(self.0.set("axis", Value::from("vertical")))
    }
}

impl Default for Divider {
    fn default() -> Self {
        Self::new()
    }
}

/// `Button`: sends an event to the server when pressed, unless one of its checks fails.
#[derive(Debug, Clone, PartialEq)]
#[must_use]
pub struct Button(Spec);

impl Button {
    /// A button showing the component `child` (usually a `Text`) that sends `event`.
    pub fn new(child: &str, event: Event) -> Self {
        let mut spec = Spec::new("Button").set("child", Value::from(child));
        spec.event = Some(event);
        Self(spec)
    }

    /// Its style.
    pub fn variant(self, variant: ButtonVariant) -> Self {
        Self(self.0.set("variant", Value::from(variant.as_str())))
    }

    /// A check that must pass for the button to be usable.
    pub fn check(self, check: &Check) -> Self {
        Self(self.0.push_check(check))
    }
}

/// Input components bound to a data path, with checks of their own value; given the
/// component's A2UI name and a doc, also its plain constructor from a label and a path.
macro_rules! bound_input {
    ($name:ident, $component:literal, $new_doc:literal) => {
        impl $name {
            #[doc = $new_doc]
            pub fn new(label: impl Into<Dynamic>, path: &str) -> Self {
                let spec = Spec::input($component, &label.into(), path);
                Self(spec, path.to_owned())
            }
        }

        bound_input!($name);
    };
    ($name:ident) => {
        impl $name {
            /// A check of the input.
            pub fn check(self, check: &Check) -> Self {
                Self(self.0.push_check(check), self.1)
            }

            /// The input must be filled in.
            pub fn required(self, message: impl Into<String>) -> Self {
                let check = Check::required(&self.1, message);
                self.check(&check)
            }

            /// The data path the input writes.
            #[must_use]
            pub fn path(&self) -> &str {
                &self.1
            }
        }
    };
}

/// `TextField`: a text input, written to a data path as the user types.
#[derive(Debug, Clone, PartialEq)]
#[must_use]
pub struct TextField(Spec, String);

impl TextField {
    /// Its kind (one line, several, a number, a secret).
    pub fn variant(self, variant: TextFieldVariant) -> Self {
        Self(self.0.set("variant", Value::from(variant.as_str())), self.1)
    }

    /// The value must be an email address.
    pub fn email(self, message: impl Into<String>) -> Self {
        let check = Check::email(&self.1, message);
        self.check(&check)
    }

    /// The value must be `min..=max` characters long.
    pub fn length(self, min: Option<u64>, max: Option<u64>, message: impl Into<String>) -> Self {
        let check = Check::length(&self.1, min, max, message);
        self.check(&check)
    }

    /// The value must be a number within `min..=max`.
    pub fn numeric(self, min: Option<f64>, max: Option<f64>, message: impl Into<String>) -> Self {
        let check = Check::numeric(&self.1, min, max, message);
        self.check(&check)
    }
}

bound_input!(
    TextField,
    "TextField",
    "A field labelled `label` whose value is the data at `path`."
);

/// `DateTimeInput`: a date, a time, or both, as ISO 8601 text at a data path.
#[derive(Debug, Clone, PartialEq)]
#[must_use]
pub struct DateTimeInput(Spec, String);

impl DateTimeInput {
    /// An input of the value at `path`; choose [`Self::date`] and/or [`Self::time`].
    pub fn new(path: &str) -> Self {
        let spec = Spec::new("DateTimeInput").set("value", Dynamic::path(path).to_json());
        Self(spec, path.to_owned())
    }

    /// Its label.
    pub fn label(self, label: impl Into<Dynamic>) -> Self {
        Self(self.0.set("label", label.into().to_json()), self.1)
    }

    /// Lets the user pick a date.
    pub fn date(self) -> Self {
        Self(self.0.set("enableDate", Value::Bool(true)), self.1)
    }

    /// Lets the user pick a time.
    pub fn time(self) -> Self {
        Self(self.0.set("enableTime", Value::Bool(true)), self.1)
    }
}

bound_input!(DateTimeInput);

/// `ChoicePicker`: one (or several) of a list of options; the chosen values are a list of
/// strings at a data path.
#[derive(Debug, Clone, PartialEq)]
#[must_use]
pub struct ChoicePicker(Spec, String);

impl ChoicePicker {
    /// A picker labelled `label` of `options` (`(label, value)`), writing the chosen values
    /// at `path`; one choice at a time unless [`Self::multiple`].
    pub fn new<'a>(
        label: impl Into<Dynamic>,
        path: &str,
        options: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Self {
        let options: Vec<Value> = options
            .into_iter()
            .map(|(label, value)| {
                let mut option = Map::new();
                option.insert("label".to_owned(), Value::from(label));
                option.insert("value".to_owned(), Value::from(value));
                Value::Object(option)
            })
            .collect();
        let spec =
            Spec::input("ChoicePicker", &label.into(), path).set("options", Value::Array(options));
        Self(spec, path.to_owned())
    }

    /// Several choices at once.
    pub fn multiple(self) -> Self {
        Self(
            self.0.set("variant", Value::from("multipleSelection")),
            self.1,
        )
    }

    /// Shown as chips rather than check boxes.
    pub fn chips(self) -> Self {
        Self(self.0.set("displayStyle", Value::from("chips")), self.1)
    }
}

bound_input!(ChoicePicker);

/// `Slider`: a number within a range, at a data path.
#[derive(Debug, Clone, PartialEq)]
#[must_use]
pub struct Slider(Spec, String);

impl Slider {
    /// A slider labelled `label` from `min` to `max`, its value the number at `path`.
    pub fn new(label: impl Into<Dynamic>, path: &str, min: f64, max: f64) -> Self {
        let spec = Spec::input("Slider", &label.into(), path)
            .set("min", Value::from(min))
            .set("max", Value::from(max));
        Self(spec, path.to_owned())
    }
}

bound_input!(Slider);

/// `CheckBox`: a boolean at a data path.
#[derive(Debug, Clone, PartialEq)]
#[must_use]
pub struct CheckBox(Spec, String);

bound_input!(
    CheckBox,
    "CheckBox",
    "A check box labelled `label`, its value the boolean at `path`."
);

macro_rules! into_component {
    ($($name:ident),+) => {
        $(impl IntoComponent for $name {
            fn into_spec(self) -> Spec {
                self.0
            }
        })+
    };
}

into_component!(
    Text,
    Column,
    Row,
    List,
    Card,
    Divider,
    Button,
    TextField,
    DateTimeInput,
    ChoicePicker,
    Slider,
    CheckBox
);
