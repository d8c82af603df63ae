//! The element enumeration: everything that can sit in a card's body or a container.

use super::{
    ActionSet, Carousel, ChoiceSetInput, ColumnSet, Container, DateInput, ElementCommon, FactSet,
    Image, ImageSet, Media, NumberInput, RichTextBlock, Table, TextBlock, TextInput, TimeInput,
    ToggleInput,
};

kinds! {
    /// One element of a card's body or of a container.
    ///
    /// Each kind is boxed: elements are moved around a lot while a card is read and laid out, and
    /// a box keeps the enum two words wide instead of the size of its largest kind.
    pub enum Element (kinds of "element", common: ElementCommon) {
        /// Text, with a markdown subset.
        TextBlock(TextBlock) = "TextBlock",
        /// Text made of separately formatted runs.
        RichTextBlock(RichTextBlock) = "RichTextBlock",
        /// An image.
        Image(Image) = "Image",
        /// A row of images.
        ImageSet(ImageSet) = "ImageSet",
        /// A video or audio clip.
        Media(Media) = "Media",
        /// Title–value pairs.
        FactSet(FactSet) = "FactSet",
        /// A group of elements.
        Container(Container) = "Container",
        /// Columns side by side.
        ColumnSet(ColumnSet) = "ColumnSet",
        /// A row of buttons within the body.
        ActionSet(ActionSet) = "ActionSet",
        /// A table.
        Table(Table) = "Table",
        /// Pages shown one at a time.
        Carousel(Carousel) = "Carousel",
        /// A text field.
        InputText(TextInput) = "Input.Text",
        /// A number field.
        InputNumber(NumberInput) = "Input.Number",
        /// A date field.
        InputDate(DateInput) = "Input.Date",
        /// A time field.
        InputTime(TimeInput) = "Input.Time",
        /// A check box.
        InputToggle(ToggleInput) = "Input.Toggle",
        /// A choice among options.
        InputChoiceSet(ChoiceSetInput) = "Input.ChoiceSet",
    }
}

impl Element {
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
