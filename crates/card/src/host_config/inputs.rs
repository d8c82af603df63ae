//! Input labels and error messages (`inputs`, Adaptive Cards 1.3).

use crate::enums::{Color as ColorName, FontSize, FontWeight, Spacing};

section! {
    /// Inputs' labels and error messages.
    pub struct InputsConfig {
        /// Labels.
        pub label: InputLabelConfig => section("label"),
        /// The message shown under an input that fails validation.
        pub error_message: ErrorMessageConfig => section("errorMessage"),
    }
}

impl InputsConfig {
    /// The official defaults.
    pub fn adaptive_cards() -> Self {
        Self {
            label: InputLabelConfig::adaptive_cards(),
            error_message: ErrorMessageConfig::ADAPTIVE_CARDS,
        }
    }
}

section! {
    /// Input labels.
    pub struct InputLabelConfig {
        /// The space between a label and its input.
        pub input_spacing: Spacing => enumeration("inputSpacing"),
        /// Labels of required inputs (`isRequired: true`).
        pub required_inputs: LabelConfig => section("requiredInputs"),
        /// Labels of the other inputs.
        pub optional_inputs: LabelConfig => section("optionalInputs"),
        /// The share of the row an inline label takes (`labelPosition: "inline"`), in percent.
        pub width: f32 => px("width"),
    }
}

impl InputLabelConfig {
    /// The official defaults: a small space, `" *"` in the attention colour after required
    /// labels, inline labels 30 % wide.
    pub fn adaptive_cards() -> Self {
        Self {
            input_spacing: Spacing::Small,
            required_inputs: LabelConfig {
                suffix: Some(" *".to_owned()),
                ..LabelConfig::plain()
            },
            optional_inputs: LabelConfig::plain(),
            width: 30.0,
        }
    }
}

section! {
    /// The text of a kind of label.
    #[derive(Eq, Hash)]
    pub struct LabelConfig {
        /// Colour name.
        pub color: ColorName => enumeration("color"),
        /// Whether the subtle colour is used.
        pub is_subtle: bool => bool("isSubtle"),
        /// Size.
        pub size: FontSize => enumeration("size"),
        /// Weight.
        pub weight: FontWeight => font_weight("weight"),
        /// Text appended to the label (`" *"` for required inputs); `""` in the JSON turns it
        /// off.
        #[serde(serialize_with = "suffix_or_empty")]
        pub suffix: Option<String> => optional_string("suffix"),
        /// The colour name of the suffix.
        pub suffix_color: ColorName => enumeration("suffixColor"),
    }
}

impl LabelConfig {
    /// A plain label: every property `default`, no suffix (an attention-coloured one if set).
    pub fn plain() -> Self {
        Self {
            color: ColorName::Default,
            is_subtle: false,
            size: FontSize::Default,
            weight: FontWeight::Default,
            suffix: None,
            suffix_color: ColorName::Attention,
        }
    }
}

/// Writes no suffix as `""`, which reads back as no suffix rather than as the default one.
#[expect(
    clippy::ref_option,
    reason = "serde's serialize_with passes a reference to the field"
)]
fn suffix_or_empty<S: serde::Serializer>(
    suffix: &Option<String>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(suffix.as_deref().unwrap_or(""))
}

section! {
    /// The message under an input that fails validation.
    #[derive(Copy, Eq, Hash)]
    pub struct ErrorMessageConfig {
        /// The space between the input and the message.
        pub spacing: Spacing => enumeration("spacing"),
        /// Size.
        pub size: FontSize => enumeration("size"),
        /// Weight.
        pub weight: FontWeight => font_weight("weight"),
        /// Colour name.
        pub color: ColorName => enumeration("color"),
    }
}

impl ErrorMessageConfig {
    /// The official defaults: default spacing, size and weight, in the attention colour.
    pub const ADAPTIVE_CARDS: Self = Self {
        spacing: Spacing::Default,
        size: FontSize::Default,
        weight: FontWeight::Default,
        color: ColorName::Attention,
    };
}
