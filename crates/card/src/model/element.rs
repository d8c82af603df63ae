//! The element enumeration: everything that can sit in a card's body or a container.

use schemars::JsonSchema;
use serde::Serialize;

use super::{
    ActionSet, Carousel, ChoiceSetInput, ColumnSet, Container, DateInput, ElementCommon, FactSet,
    Image, ImageSet, Media, NumberInput, RichTextBlock, Table, TextBlock, TextInput, TimeInput,
    ToggleInput,
};

/// One element of a card's body or of a container.
///
/// Each kind is boxed: elements are moved around a lot while a card is read and laid out, and
/// a box keeps the enum two words wide instead of the size of its largest kind.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(tag = "type")]
pub enum Element {
    /// Text, with a markdown subset.
    TextBlock(Box<TextBlock>),
    /// Text made of separately formatted runs.
    RichTextBlock(Box<RichTextBlock>),
    /// An image.
    Image(Box<Image>),
    /// A row of images.
    ImageSet(Box<ImageSet>),
    /// A video or audio clip.
    Media(Box<Media>),
    /// Title–value pairs.
    FactSet(Box<FactSet>),
    /// A group of elements.
    Container(Box<Container>),
    /// Columns side by side.
    ColumnSet(Box<ColumnSet>),
    /// A row of buttons within the body.
    ActionSet(Box<ActionSet>),
    /// A table.
    Table(Box<Table>),
    /// Pages shown one at a time.
    Carousel(Box<Carousel>),
    /// A text field.
    #[serde(rename = "Input.Text")]
    InputText(Box<TextInput>),
    /// A number field.
    #[serde(rename = "Input.Number")]
    InputNumber(Box<NumberInput>),
    /// A date field.
    #[serde(rename = "Input.Date")]
    InputDate(Box<DateInput>),
    /// A time field.
    #[serde(rename = "Input.Time")]
    InputTime(Box<TimeInput>),
    /// A check box.
    #[serde(rename = "Input.Toggle")]
    InputToggle(Box<ToggleInput>),
    /// A choice among options.
    #[serde(rename = "Input.ChoiceSet")]
    InputChoiceSet(Box<ChoiceSetInput>),
}

impl Element {
    /// The element's `type` as written in cards.
    pub fn type_name(&self) -> &'static str {
        match self {
            Self::TextBlock(_) => "TextBlock",
            Self::RichTextBlock(_) => "RichTextBlock",
            Self::Image(_) => "Image",
            Self::ImageSet(_) => "ImageSet",
            Self::Media(_) => "Media",
            Self::FactSet(_) => "FactSet",
            Self::Container(_) => "Container",
            Self::ColumnSet(_) => "ColumnSet",
            Self::ActionSet(_) => "ActionSet",
            Self::Table(_) => "Table",
            Self::Carousel(_) => "Carousel",
            Self::InputText(_) => "Input.Text",
            Self::InputNumber(_) => "Input.Number",
            Self::InputDate(_) => "Input.Date",
            Self::InputTime(_) => "Input.Time",
            Self::InputToggle(_) => "Input.Toggle",
            Self::InputChoiceSet(_) => "Input.ChoiceSet",
        }
    }

    /// The properties every element has.
    pub fn common(&self) -> &ElementCommon {
        match self {
            Self::TextBlock(e) => &e.common,
            Self::RichTextBlock(e) => &e.common,
            Self::Image(e) => &e.common,
            Self::ImageSet(e) => &e.common,
            Self::Media(e) => &e.common,
            Self::FactSet(e) => &e.common,
            Self::Container(e) => &e.common,
            Self::ColumnSet(e) => &e.common,
            Self::ActionSet(e) => &e.common,
            Self::Table(e) => &e.common,
            Self::Carousel(e) => &e.common,
            Self::InputText(e) => &e.common,
            Self::InputNumber(e) => &e.common,
            Self::InputDate(e) => &e.common,
            Self::InputTime(e) => &e.common,
            Self::InputToggle(e) => &e.common,
            Self::InputChoiceSet(e) => &e.common,
        }
    }

    /// The properties every element has, to change them.
    pub fn common_mut(&mut self) -> &mut ElementCommon {
        match self {
            Self::TextBlock(e) => &mut e.common,
            Self::RichTextBlock(e) => &mut e.common,
            Self::Image(e) => &mut e.common,
            Self::ImageSet(e) => &mut e.common,
            Self::Media(e) => &mut e.common,
            Self::FactSet(e) => &mut e.common,
            Self::Container(e) => &mut e.common,
            Self::ColumnSet(e) => &mut e.common,
            Self::ActionSet(e) => &mut e.common,
            Self::Table(e) => &mut e.common,
            Self::Carousel(e) => &mut e.common,
            Self::InputText(e) => &mut e.common,
            Self::InputNumber(e) => &mut e.common,
            Self::InputDate(e) => &mut e.common,
            Self::InputTime(e) => &mut e.common,
            Self::InputToggle(e) => &mut e.common,
            Self::InputChoiceSet(e) => &mut e.common,
        }
    }

    /// The element's `id`, if it has one.
    pub fn id(&self) -> Option<&str> {
        self.common().id.as_deref()
    }

    /// Whether the element is an input (its value is submitted).
    pub fn is_input(&self) -> bool {
        matches!(
            self,
            Self::InputText(_)
                | Self::InputNumber(_)
                | Self::InputDate(_)
                | Self::InputTime(_)
                | Self::InputToggle(_)
                | Self::InputChoiceSet(_)
        )
    }

    /// What every input has (label, required, error message), if the element is an input.
    pub fn input_common(&self) -> Option<&super::InputCommon> {
        Some(match self {
            Self::InputText(e) => &e.input,
            Self::InputNumber(e) => &e.input,
            Self::InputDate(e) => &e.input,
            Self::InputTime(e) => &e.input,
            Self::InputToggle(e) => &e.input,
            Self::InputChoiceSet(e) => &e.input,
            _ => return None,
        })
    }
}
