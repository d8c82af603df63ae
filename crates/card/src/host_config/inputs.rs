//! Input labels and error messages (`inputs`, Adaptive Cards 1.3).

use serde::Serialize;

use super::reader::{Object, Reader};
use crate::enums::{Color as ColorName, FontSize, FontWeight, Spacing};

/// Inputs' labels and error messages.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct InputsConfig {
    /// Labels.
    pub label: InputLabelConfig,
    /// The message shown under an input that fails validation.
    pub error_message: ErrorMessageConfig,
}

impl InputsConfig {
    /// The official defaults.
    pub fn adaptive_cards() -> Self {
        Self {
            label: InputLabelConfig::adaptive_cards(),
            error_message: ErrorMessageConfig::ADAPTIVE_CARDS,
        }
    }

    pub(super) fn read(&mut self, r: &mut Reader, obj: &Object) {
        r.object(obj, "label", |r, o| self.label.read(r, o));
        r.object(obj, "errorMessage", |r, o| self.error_message.read(r, o));
    }
}

/// Input labels.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct InputLabelConfig {
    /// The space between a label and its input.
    pub input_spacing: Spacing,
    /// Labels of required inputs (`isRequired: true`).
    pub required_inputs: LabelConfig,
    /// Labels of the other inputs.
    pub optional_inputs: LabelConfig,
    /// The share of the row an inline label takes (`labelPosition: "inline"`), in percent.
    pub width: f32,
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

    fn read(&mut self, r: &mut Reader, obj: &Object) {
        r.enumeration(obj, "inputSpacing", &mut self.input_spacing);
        r.object(obj, "requiredInputs", |r, o| {
            self.required_inputs.read(r, o);
        });
        r.object(obj, "optionalInputs", |r, o| {
            self.optional_inputs.read(r, o);
        });
        r.px(obj, "width", &mut self.width);
    }
}

/// The text of a kind of label.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LabelConfig {
    /// Colour name.
    pub color: ColorName,
    /// Whether the subtle colour is used.
    pub is_subtle: bool,
    /// Size.
    pub size: FontSize,
    /// Weight.
    pub weight: FontWeight,
    /// Text appended to the label (`" *"` for required inputs); `""` in the JSON turns it
    /// off.
    #[serde(serialize_with = "suffix_or_empty")]
    pub suffix: Option<String>,
    /// The colour name of the suffix.
    pub suffix_color: ColorName,
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

    fn read(&mut self, r: &mut Reader, obj: &Object) {
        r.enumeration(obj, "color", &mut self.color);
        r.bool(obj, "isSubtle", &mut self.is_subtle);
        r.enumeration(obj, "size", &mut self.size);
        r.font_weight(obj, "weight", &mut self.weight);
        r.optional_string(obj, "suffix", &mut self.suffix);
        r.enumeration(obj, "suffixColor", &mut self.suffix_color);
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

/// The message under an input that fails validation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ErrorMessageConfig {
    /// The space between the input and the message.
    pub spacing: Spacing,
    /// Size.
    pub size: FontSize,
    /// Weight.
    pub weight: FontWeight,
    /// Colour name.
    pub color: ColorName,
}

impl ErrorMessageConfig {
    /// The official defaults: default spacing, size and weight, in the attention colour.
    pub const ADAPTIVE_CARDS: Self = Self {
        spacing: Spacing::Default,
        size: FontSize::Default,
        weight: FontWeight::Default,
        color: ColorName::Attention,
    };

    fn read(&mut self, r: &mut Reader, obj: &Object) {
        r.enumeration(obj, "spacing", &mut self.spacing);
        r.enumeration(obj, "size", &mut self.size);
        r.font_weight(obj, "weight", &mut self.weight);
        r.enumeration(obj, "color", &mut self.color);
    }
}
