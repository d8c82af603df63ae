//! The state of a card on screen, kept apart from the card: what the user typed and chose,
//! what is shown or hidden, which page of a carousel is up. It serializes, because it is what
//! a host saves and restores: the widget that draws the card and the session that saves it
//! share this one type.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::{Card, InputValue, InputValues};

/// Everything the user changed on a card: the whole view state a host saves and restores.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CardState {
    /// The inputs' values, by input id.
    pub values: InputValues,
    /// Visibility set by `Action.ToggleVisibility`, by element id (over the card's
    /// `isVisible`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub visibility: BTreeMap<String, bool>,
    /// The `Action.ShowCard`s that are expanded, by their place in the card.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub expanded: BTreeSet<String>,
    /// The page each carousel shows, by its place in the card.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub carousel_pages: BTreeMap<String, usize>,
    /// The message shown under each input that failed its rules at the last submit.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub errors: BTreeMap<String, String>,
}

impl CardState {
    /// The state of a card nobody has touched: its inputs' initial values.
    pub fn new(card: &Card) -> Self {
        Self {
            values: InputValues::initial(card),
            ..Self::default()
        }
    }

    /// Takes over the values of `saved` where they fit this card (a restored state, or the
    /// state of a card that was replaced by a new version of itself), and what was toggled,
    /// expanded and paged. Input errors are not taken over: they belong to the last submit.
    pub fn restore(&mut self, card: &Card, saved: &CardState) {
        self.values.restore(card, &saved.values);
        self.visibility.clone_from(&saved.visibility);
        self.expanded.clone_from(&saved.expanded);
        self.carousel_pages.clone_from(&saved.carousel_pages);
    }

    /// Reads a saved state: a whole `CardState`, or the bare input values that earlier
    /// versions saved. `None` when it is neither.
    pub fn from_saved(saved: &serde_json::Value) -> Option<Self> {
        if let Ok(state) = Self::deserialize(saved) {
            return Some(state);
        }
        InputValues::deserialize(saved).ok().map(|values| Self {
            values,
            ..Self::default()
        })
    }

    /// Whether the element with this id is shown, given its own `isVisible`.
    pub fn is_visible(&self, id: Option<&str>, declared: Option<bool>) -> bool {
        id.and_then(|id| self.visibility.get(id).copied())
            .unwrap_or(declared != Some(false))
    }

    /// The text of a text-like input (empty when it has none).
    pub fn text(&self, id: &str) -> &str {
        match self.values.get(id) {
            Some(InputValue::Text(text)) => text,
            _ => "",
        }
    }
}
