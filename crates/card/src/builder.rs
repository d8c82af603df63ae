//! A typed, ergonomic builder for cards: what a server sends, and any card a host makes
//! itself (a placeholder, a form).
//!
//! ```
//! use mcpapp_card::CardBuilder;
//! use serde_json::json;
//!
//! let card = CardBuilder::new()
//!     .heading("Cancel your flight")
//!     .fact_set([("Booking", "FL-12345-ABC"), ("Date", "2026-12-01")])
//!     .input_text("reason", "Reason", |t| t.placeholder("e.g., change in travel plans").required())
//!     .submit("Confirm", "confirm_cancellation", json!({ "booking_id": "FL-12345-ABC" }))
//!     .build()?;
//! assert_eq!(card.actions.len(), 1);
//! # Ok::<(), mcpapp_card::Error>(())
//! ```
//!
//! [`CardBuilder::build`] checks the card with [`crate::check`]: a builder that produces an
//! invalid card is a bug in its caller, so such a card is never returned (and never sent).

use compact_str::CompactString;
/// `text` and `text_with`, the same on the card's body and on a box's items; each adds the
/// text through the builder's own `element`.
macro_rules! text_methods {
    () => {
        /// Adds a wrapping paragraph of text.
        pub fn text(self, text: impl Into<CompactString>) -> Self {
            self.text_with(text, |t| t)
        }

        /// Adds a wrapping paragraph of text, styled by `style`.
        pub fn text_with(
            self,
            text: impl Into<CompactString>,
            style: impl FnOnce($crate::builder::TextBuilder) -> $crate::builder::TextBuilder,
        ) -> Self {
            self.element($crate::builder::text_block(text.into(), style))
        }
    };
}

/// `placeholder`, `value`, `required` and `error_message`, the same on both input builders:
/// both input models (`self.0`) have these fields under the same names.
macro_rules! input_methods {
    () => {
        /// Sets the hint shown while the input is empty (nothing typed, nothing chosen).
        pub fn placeholder(mut self, placeholder: impl Into<CompactString>) -> Self {
            self.0.placeholder = Some(placeholder.into());
            self
        }

        /// Sets the initial value (of a multi-select choice set: the values, comma-separated).
        pub fn value(mut self, value: impl Into<CompactString>) -> Self {
            self.0.value = Some(value.into());
            self
        }

        /// Makes the input required.
        pub fn required(mut self) -> Self {
            self.0.input.is_required = Some(true);
            self
        }

        /// Sets the message shown when the value is refused.
        pub fn error_message(mut self, message: impl Into<CompactString>) -> Self {
            self.0.input.error_message = Some(message.into());
            self
        }
    };
}

mod items;

use crate::enums::{ActionStyle, AssociatedInputs, ChoiceInputStyle, FontSize, FontWeight};
use crate::model::{
    ActionCommon, Carousel, Choice, ChoiceSetInput, ElementCommon, Fact, FactSet, InputCommon,
    OpenUrlAction, ShowCardAction, Submission, SubmitAction, TargetElement, TextBlock, TextInput,
    ToggleVisibilityAction,
};
use crate::{Action, Card, Diagnostic, Element, Severity, TOOL_NAME_KEY};
use serde_json::{Map, Value};

use crate::Error;
pub use items::ItemsBuilder;

/// Builds a [`Card`] element by element; [`Self::build`] checks it.
#[derive(Debug, Clone, Default)]
#[must_use]
pub struct CardBuilder {
    card: Card,
    error: Option<Error>,
}

impl CardBuilder {
    /// An empty `McpApp` card.
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets the card's `version` (for Adaptive Cards hosts that need one).
    pub fn version(mut self, version: impl Into<CompactString>) -> Self {
        self.card.version = Some(version.into());
        self
    }

    text_methods!();

    /// Adds a heading: large, bold, wrapping text.
    pub fn heading(self, text: impl Into<CompactString>) -> Self {
        self.text_with(text, |t| t.size(FontSize::Large).weight(FontWeight::Bolder))
    }

    /// Adds a list of `(title, value)` facts.
    pub fn fact_set<T: Into<CompactString>, V: Into<CompactString>>(
        self,
        facts: impl IntoIterator<Item = (T, V)>,
    ) -> Self {
        let facts = titled(facts, |title, value| Fact {
            title,
            value,
            ..Fact::default()
        });
        self.element(Element::FactSet(Box::new(FactSet {
            facts,
            common: ElementCommon::default(),
        })))
    }

    /// Adds a text field named `id` (the key of its value in the submitted data) labelled
    /// `label` (an empty label is left out), configured by `configure`.
    pub fn input_text(
        self,
        id: impl Into<CompactString>,
        label: impl Into<CompactString>,
        configure: impl FnOnce(TextInputBuilder) -> TextInputBuilder,
    ) -> Self {
        let input = TextInput {
            input: input_common(label.into()),
            common: element_id(id.into()),
            ..TextInput::default()
        };
        let input = configure(TextInputBuilder(input)).0;
        self.element(Element::InputText(Box::new(input)))
    }

    /// Adds a choice set named `id` labelled `label` (an empty label is left out) offering
    /// `(title, value)` choices, configured by `configure`.
    pub fn input_choice<T: Into<CompactString>, V: Into<CompactString>>(
        self,
        id: impl Into<CompactString>,
        label: impl Into<CompactString>,
        choices: impl IntoIterator<Item = (T, V)>,
        configure: impl FnOnce(ChoiceInputBuilder) -> ChoiceInputBuilder,
    ) -> Self {
        let choices = titled(choices, |title, value| Choice {
            title,
            value,
            extra: Map::new(),
        });
        let input = ChoiceSetInput {
            choices,
            choices_data: None,
            is_multi_select: None,
            style: None,
            value: None,
            placeholder: None,
            wrap: None,
            input: input_common(label.into()),
            common: element_id(id.into()),
        };
        let input = configure(ChoiceInputBuilder(input)).0;
        self.element(Element::InputChoiceSet(Box::new(input)))
    }

    /// Adds an `Action.Submit` button that calls the tool `tool_name` with `data` (a JSON object,
    /// or `null` for none) plus the values of the card's inputs.
    ///
    /// `data` must not set `mcp_`-prefixed keys: the tool name is written from `tool_name`, and
    /// the signature by the server's signer.
    pub fn submit(
        mut self,
        title: impl Into<CompactString>,
        tool_name: impl Into<String>,
        data: Value,
    ) -> Self {
        let title = title.into();
        let mut fixed = match data {
            Value::Object(map) => map,
            Value::Null => Map::new(),
            _ => {
                self.fail(Error::DataNotAnObject {
                    action: title.into(),
                });
                return self;
            }
        };
        if let Some(key) = fixed.keys().find(|k| k.starts_with("mcp_")) {
            let key = key.clone();
            self.fail(Error::ReservedKey {
                action: title.into(),
                key,
            });
            return self;
        }
        fixed.insert(TOOL_NAME_KEY.to_owned(), Value::String(tool_name.into()));
        self.card
            .actions
            .push(Action::Submit(Box::new(SubmitAction {
                submission: Submission {
                    data: Some(Value::Object(fixed)),
                    ..Submission::default()
                },
                common: action_common(title),
            })));
        self
    }

    /// Adds a button that calls no tool: an `Action.Submit` with the fixed id `id`, for a card
    /// whose reader is the host itself (a server's question, a sampling request), which reads
    /// the pressed button's id. The primary answer gathers the card's inputs and is styled as
    /// the positive choice; the others gather none (a Decline needs no valid form).
    pub fn answer(
        mut self,
        id: impl Into<CompactString>,
        title: impl Into<CompactString>,
        primary: bool,
    ) -> Self {
        let mut common = action_common(title.into());
        common.id = Some(id.into());
        let associated_inputs = if primary {
            common.style = Some(ActionStyle::Positive);
            None
        } else {
            Some(AssociatedInputs::None)
        };
        self.card
            .actions
            .push(Action::Submit(Box::new(SubmitAction {
                submission: Submission {
                    associated_inputs,
                    ..Submission::default()
                },
                common,
            })));
        self
    }

    /// Like [`Self::submit`], and once the tool call succeeds the card is done: the app ends
    /// (`isFinal` on the action; a booking's "Confirm", a form's "Send").
    pub fn submit_final(
        self,
        title: impl Into<CompactString>,
        tool_name: impl Into<String>,
        data: Value,
    ) -> Self {
        let mut built = self.submit(title, tool_name, data);
        if built.error.is_none()
            && let Some(Action::Submit(submit)) = built.card.actions.last_mut()
        {
            submit.submission.is_final = Some(true);
        }
        built
    }

    /// Marks the card as the app's last word (`isFinal`): a host that shows it ends the app,
    /// and inline the card stays in the conversation as history.
    pub fn is_final(mut self) -> Self {
        self.card.is_final = Some(true);
        self
    }

    /// Adds an `Action.OpenUrl` button. The URL is checked by [`Self::build`]: script and local
    /// schemes make the card invalid.
    pub fn open_url(
        mut self,
        title: impl Into<CompactString>,
        url: impl Into<CompactString>,
    ) -> Self {
        self.card
            .actions
            .push(Action::OpenUrl(Box::new(OpenUrlAction {
                url: url.into(),
                common: action_common(title.into()),
            })));
        self
    }

    /// Adds a container of elements (which an id lets an action show or hide).
    pub fn container(self, items: ItemsBuilder) -> Self {
        self.element(items.into_container())
    }

    /// Adds a carousel: pages of elements shown one at a time.
    pub fn carousel(self, pages: impl IntoIterator<Item = ItemsBuilder>) -> Self {
        self.element(Element::Carousel(Box::new(Carousel {
            pages: pages.into_iter().map(ItemsBuilder::into_page).collect(),
            ..Carousel::default()
        })))
    }

    /// Adds an `Action.ToggleVisibility` button that shows or hides the elements named
    /// `targets` (their ids).
    pub fn toggle_visibility<T: Into<CompactString>>(
        self,
        title: impl Into<CompactString>,
        targets: impl IntoIterator<Item = T>,
    ) -> Self {
        let target_elements = targets
            .into_iter()
            .map(|id| TargetElement {
                element_id: id.into(),
                ..TargetElement::default()
            })
            .collect();
        self.action(Action::ToggleVisibility(Box::new(ToggleVisibilityAction {
            target_elements,
            common: action_common(title.into()),
        })))
    }

    /// Adds an `Action.ShowCard` button that unfolds `card` below the actions.
    pub fn show_card(self, title: impl Into<CompactString>, card: Card) -> Self {
        self.action(Action::ShowCard(Box::new(ShowCardAction {
            card: Some(Box::new(card)),
            common: action_common(title.into()),
        })))
    }

    /// Adds any element, for what the shortcuts above do not cover.
    pub fn element(mut self, element: Element) -> Self {
        self.card.body.push(element);
        self
    }

    /// Adds any action, for what the shortcuts above do not cover.
    pub fn action(mut self, action: Action) -> Self {
        self.card.actions.push(action);
        self
    }

    /// The card, if it is valid: the first misuse of the builder, or else every error-severity
    /// finding of [`crate::check`], is an error.
    pub fn build(self) -> Result<Card, Error> {
        if let Some(error) = self.error {
            return Err(error);
        }
        let errors: Vec<Diagnostic> = crate::check(&self.card)
            .into_iter()
            .filter(|d| d.severity == Severity::Error)
            .collect();
        if errors.is_empty() {
            Ok(self.card)
        } else {
            Err(Error::InvalidCard(errors))
        }
    }

    fn fail(&mut self, error: Error) {
        self.error.get_or_insert(error);
    }
}

/// A wrapping text block, styled by `style`: the card's and a box's text.
fn text_block(text: CompactString, style: impl FnOnce(TextBuilder) -> TextBuilder) -> Element {
    let block = TextBlock {
        text,
        wrap: Some(true),
        ..TextBlock::default()
    };
    Element::TextBlock(Box::new(style(TextBuilder(block)).0))
}

/// The caller's `(title, value)` pairs as the items of a fact set or a choice set, which both
/// call their two strings `title` and `value`.
fn titled<T: Into<CompactString>, V: Into<CompactString>, I>(
    pairs: impl IntoIterator<Item = (T, V)>,
    item: impl Fn(CompactString, CompactString) -> I,
) -> Vec<I> {
    pairs
        .into_iter()
        .map(|(title, value)| item(title.into(), value.into()))
        .collect()
}

fn element_id(id: CompactString) -> ElementCommon {
    ElementCommon {
        id: Some(id),
        ..ElementCommon::default()
    }
}

fn input_common(label: CompactString) -> InputCommon {
    InputCommon {
        label: (!label.is_empty()).then_some(label),
        ..InputCommon::default()
    }
}

fn action_common(title: CompactString) -> ActionCommon {
    ActionCommon {
        title: Some(title),
        ..ActionCommon::default()
    }
}

/// Styles a text block; see [`CardBuilder::text_with`].
#[derive(Debug, Clone)]
#[must_use]
pub struct TextBuilder(TextBlock);

impl TextBuilder {
    /// Sets the font size.
    pub fn size(mut self, size: FontSize) -> Self {
        self.0.size = Some(size);
        self
    }

    /// Sets the font weight.
    pub fn weight(mut self, weight: FontWeight) -> Self {
        self.0.weight = Some(weight);
        self
    }

    /// Makes the text subtle (dimmer).
    pub fn subtle(mut self) -> Self {
        self.0.is_subtle = Some(true);
        self
    }

    /// Keeps the text on one line (it wraps by default).
    pub fn no_wrap(mut self) -> Self {
        self.0.wrap = None;
        self
    }
}

/// Configures an `Input.Text`; see [`CardBuilder::input_text`].
#[derive(Debug, Clone)]
#[must_use]
pub struct TextInputBuilder(TextInput);

impl TextInputBuilder {
    input_methods!();

    /// Limits the length, in characters.
    pub fn max_length(mut self, max: u32) -> Self {
        self.0.max_length = Some(max);
        self
    }

    /// Requires the value to match `regex` (checked by [`CardBuilder::build`]).
    pub fn regex(mut self, regex: impl Into<CompactString>) -> Self {
        self.0.regex = Some(regex.into());
        self
    }

    /// Allows several lines.
    pub fn multiline(mut self) -> Self {
        self.0.is_multiline = Some(true);
        self
    }
}

/// Configures an `Input.ChoiceSet`; see [`CardBuilder::input_choice`].
#[derive(Debug, Clone)]
#[must_use]
pub struct ChoiceInputBuilder(ChoiceSetInput);

impl ChoiceInputBuilder {
    input_methods!();

    /// Allows several choices.
    pub fn multi_select(mut self) -> Self {
        self.0.is_multi_select = Some(true);
        self
    }

    /// Sets how the choices are shown.
    pub fn style(mut self, style: ChoiceInputStyle) -> Self {
        self.0.style = Some(style);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// `input_methods!` writes the same JSON on both input builders.
    #[test]
    fn both_input_builders_set_the_shared_fields() {
        let card = CardBuilder::new()
            .input_text("name", "Name", |t| {
                t.placeholder("Ada")
                    .value("Grace")
                    .required()
                    .error_message("A name, please")
            })
            .input_choice("size", "", [("Small", "s"), ("Large", "l")], |c| {
                c.placeholder("Pick one")
                    .value("l")
                    .required()
                    .error_message("A size, please")
            })
            .build()
            .unwrap();
        let body = serde_json::to_value(&card).unwrap()["body"].clone();
        assert_eq!(
            body,
            json!([
                {"type": "Input.Text", "id": "name", "label": "Name", "placeholder": "Ada",
                    "value": "Grace", "isRequired": true, "errorMessage": "A name, please"},
                {"type": "Input.ChoiceSet", "id": "size", "placeholder": "Pick one", "value": "l",
                    "isRequired": true, "errorMessage": "A size, please",
                    "choices": [{"title": "Small", "value": "s"}, {"title": "Large", "value": "l"}]}
            ])
        );
    }
}
