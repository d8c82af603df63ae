//! The elements of a box inside a card (a `Container`, a carousel page), built the way
//! [`CardBuilder`](super::CardBuilder) builds the card's own body.

use crate::Element;
use crate::model::{CarouselPage, Container, ElementCommon};
use compact_str::CompactString;

/// Builds the elements of a container ([`CardBuilder::container`]) or of a carousel page
/// ([`CardBuilder::carousel`]), with the box's id and visibility.
///
/// [`CardBuilder::container`]: super::CardBuilder::container
/// [`CardBuilder::carousel`]: super::CardBuilder::carousel
#[derive(Debug, Clone, Default)]
#[must_use]
pub struct ItemsBuilder {
    items: Vec<Element>,
    common: ElementCommon,
}

impl ItemsBuilder {
    /// An empty, visible box without an id.
    pub fn new() -> Self {
        Self::default()
    }

    /// Names the box, so that an `Action.ToggleVisibility` can show or hide it
    /// ([`CardBuilder::toggle_visibility`](super::CardBuilder::toggle_visibility)).
    pub fn id(mut self, id: impl Into<CompactString>) -> Self {
        self.common.id = Some(id.into());
        self
    }

    /// Hides the box until an action shows it.
    pub fn hidden(mut self) -> Self {
        self.common.is_visible = Some(false);
        self
    }

    text_methods!();

    /// Adds any element.
    pub fn element(mut self, element: Element) -> Self {
        self.items.push(element);
        self
    }

    pub(super) fn into_container(self) -> Element {
        Element::Container(Box::new(Container {
            items: self.items,
            common: self.common,
            ..Container::default()
        }))
    }

    pub(super) fn into_page(self) -> CarouselPage {
        CarouselPage {
            items: self.items,
            common: self.common,
            ..CarouselPage::default()
        }
    }
}
