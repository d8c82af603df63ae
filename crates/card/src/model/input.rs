//! Inputs: the elements whose values a submit gathers.

use super::{Action, ElementCommon, InputCommon};
use crate::enums::{ChoiceInputStyle, TextInputStyle};
use compact_str::CompactString;

input! {
    /// A text field.
    pub struct TextInput {
        /// The initial text.
        pub value: Option<CompactString>,
        /// A hint shown while the field is empty.
        pub placeholder: Option<CompactString>,
        /// Whether the field takes several lines.
        pub is_multiline: Option<bool>,
        /// The most characters the field takes.
        pub max_length: Option<u32>,
        /// A regular expression the text must match somewhere (not anchored, as in JavaScript's
        /// `RegExp.test`). Checked by the renderer and again by the server.
        pub regex: Option<CompactString>,
        /// What kind of text the field takes.
        pub style: Option<TextInputStyle>,
        /// A button beside the field (not `Action.ShowCard`).
        pub inline_action: Option<Box<Action>>,
    }
}

input! {
    /// A number field.
    pub struct NumberInput {
        /// The initial number.
        pub value: Option<f64>,
        /// A hint shown while the field is empty.
        pub placeholder: Option<CompactString>,
        /// The smallest number allowed.
        pub min: Option<f64>,
        /// The largest number allowed.
        pub max: Option<f64>,
    }
}

/// Declares an input whose value is text of one type (a date, a time): the same properties,
/// described by the name of the type (`what`), and built by the reader from one
/// [`TextValued`].
macro_rules! text_valued_input {
    ($(#[doc = $doc:literal])* $name:ident, $what:literal) => {
        input! {
            $(#[doc = $doc])*
            pub struct $name {
                #[doc = concat!("The initial ", $what, ".")]
                pub value: Option<CompactString>,
                /// A hint shown while the field is empty.
                pub placeholder: Option<CompactString>,
                #[doc = concat!("The earliest ", $what, " allowed.")]
                pub min: Option<CompactString>,
                #[doc = concat!("The latest ", $what, " allowed.")]
                pub max: Option<CompactString>,
            }
        }

        impl FromTextValued for $name {
            fn from_text_valued(t: TextValued) -> Self {
                Self {
                    value: t.value,
                    placeholder: t.placeholder,
                    min: t.min,
                    max: t.max,
                    input: t.input,
                    common: t.common,
                }
            }
        }
    };
}

/// The properties of a date or time input, as their one reader gathers them.
#[derive(Debug)]
pub(crate) struct TextValued {
    pub(crate) value: Option<CompactString>,
    pub(crate) placeholder: Option<CompactString>,
    pub(crate) min: Option<CompactString>,
    pub(crate) max: Option<CompactString>,
    pub(crate) input: InputCommon,
    pub(crate) common: ElementCommon,
}

/// An input the reader builds from the [`TextValued`] it gathered.
pub(crate) trait FromTextValued {
    /// The input with these properties.
    fn from_text_valued(t: TextValued) -> Self;
}

text_valued_input! {
    /// A date field; values are `YYYY-MM-DD`.
    DateInput, "date"
}

text_valued_input! {
    /// A time field; values are `HH:MM` (24 hours).
    TimeInput, "time"
}

input! {
    /// A check box with a title.
    pub struct ToggleInput {
        /// The text beside the box.
        pub title: CompactString,
        /// The initial value: checked when it equals `valueOn`.
        pub value: Option<CompactString>,
        /// The value submitted when checked (default `"true"`).
        pub value_on: Option<CompactString>,
        /// The value submitted when not checked (default `"false"`).
        pub value_off: Option<CompactString>,
        /// Whether the title wraps.
        pub wrap: Option<bool>,
    }
}

impl ToggleInput {
    /// The value submitted when checked.
    pub fn on_value(&self) -> &str {
        self.value_on.as_deref().unwrap_or("true")
    }

    /// The value submitted when not checked.
    pub fn off_value(&self) -> &str {
        self.value_off.as_deref().unwrap_or("false")
    }
}

input! {
    /// A choice among options: a drop-down, radio buttons or check boxes.
    pub struct ChoiceSetInput {
        /// The options.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub choices: Vec<Choice>,
        /// Options the host fetches as the user types (`Data.Query`).
        #[serde(rename = "choices.data")]
        pub choices_data: Option<DataQuery>,
        /// Whether several options may be chosen.
        pub is_multi_select: Option<bool>,
        /// How the options are shown.
        pub style: Option<ChoiceInputStyle>,
        /// The initially chosen values, comma-separated.
        pub value: Option<CompactString>,
        /// A hint shown while nothing is chosen.
        pub placeholder: Option<CompactString>,
        /// Whether option titles wrap.
        pub wrap: Option<bool>,
    }
}

model_struct! {
    /// One option of a choice set.
    #[derive(Default)]
    pub struct Choice {
        /// What the user sees.
        pub title: CompactString,
        /// What is submitted.
        pub value: CompactString,
    }
    extra;
}

model_struct! {
    /// A query for choices the host fetches from the agent as the user types.
    #[derive(Default)]
    pub struct DataQuery {
        /// The data set to query.
        pub dataset: CompactString,
        /// How many results to ask for.
        pub count: Option<u32>,
        /// How many results to skip.
        pub skip: Option<u32>,
    }
    extra;
}
