//! Walking a card's tree: its elements, its inputs, its actions and the cards its
//! `Action.ShowCard`s hold.

use crate::model::{Action, Card, Element};

impl Card {
    /// Calls `f` on every element of this card, depth first, in reading order. Elements of
    /// `Action.ShowCard` cards and of unused fallbacks are not visited.
    pub fn for_each_element<'a>(&'a self, f: &mut impl FnMut(&'a Element)) {
        for e in &self.body {
            visit(e, f);
        }
    }

    /// The inputs of this card, not counting those of its `Action.ShowCard` cards: the inputs
    /// an action of this card gathers from it.
    pub fn inputs(&self) -> Vec<&Element> {
        let mut out = Vec::new();
        self.for_each_element(&mut |e| {
            if e.is_input() {
                out.push(e);
            }
        });
        out
    }

    /// The actions of this card: its action bar, its `ActionSet`s, select and inline actions,
    /// not counting those inside `Action.ShowCard` cards.
    pub fn actions_all(&self) -> Vec<&Action> {
        let mut out: Vec<&Action> = self.actions.iter().collect();
        out.extend(self.box_props.select_action.as_deref());
        self.for_each_element(&mut |e| element_actions(e, &mut out));
        out
    }

    /// The cards of this card's `Action.ShowCard`s (one level down).
    pub fn show_cards(&self) -> Vec<&Card> {
        self.actions_all()
            .into_iter()
            .filter_map(|a| match a {
                Action::ShowCard(s) => s.card.as_deref(),
                _ => None,
            })
            .collect()
    }

    /// This card and every card below it through `Action.ShowCard`s, depth first.
    pub fn all_cards(&self) -> Vec<&Card> {
        let mut out = vec![self];
        let mut i = 0;
        while let Some(card) = out.get(i).copied() {
            out.extend(card.show_cards());
            i += 1;
        }
        out
    }

    /// Every input of this card and of the cards below it.
    pub fn all_inputs(&self) -> Vec<&Element> {
        self.all_cards()
            .into_iter()
            .flat_map(Card::inputs)
            .collect()
    }

    /// Finds an element anywhere in this card or the cards below it by its id.
    pub fn element_by_id(&self, id: &str) -> Option<&Element> {
        let mut found = None;
        for card in self.all_cards() {
            card.for_each_element(&mut |e| {
                if found.is_none() && e.id() == Some(id) {
                    found = Some(e);
                }
            });
        }
        found
    }
}

fn visit<'a>(e: &'a Element, f: &mut impl FnMut(&'a Element)) {
    f(e);
    for child in children(e) {
        visit(child, f);
    }
}

/// The elements directly inside an element.
pub fn children(e: &Element) -> Box<dyn Iterator<Item = &Element> + '_> {
    match e {
        Element::Container(c) => Box::new(c.items.iter()),
        Element::ColumnSet(s) => Box::new(s.columns.iter().flat_map(|c| c.items.iter())),
        Element::Table(t) => Box::new(
            t.rows
                .iter()
                .flat_map(|r| r.cells.iter())
                .flat_map(|c| c.items.iter()),
        ),
        Element::Carousel(c) => Box::new(c.pages.iter().flat_map(|p| p.items.iter())),
        _ => Box::new(std::iter::empty()),
    }
}

fn element_actions<'a>(e: &'a Element, out: &mut Vec<&'a Action>) {
    match e {
        Element::ActionSet(s) => out.extend(s.actions.iter()),
        Element::Container(c) => out.extend(c.box_props.select_action.as_deref()),
        Element::ColumnSet(s) => {
            out.extend(s.select_action.as_deref());
            out.extend(
                s.columns
                    .iter()
                    .filter_map(|c| c.box_props.select_action.as_deref()),
            );
        }
        Element::Image(i) => out.extend(i.select_action.as_deref()),
        Element::ImageSet(s) => {
            out.extend(s.images.iter().filter_map(|i| i.select_action.as_deref()));
        }
        Element::Table(t) => out.extend(
            t.rows
                .iter()
                .flat_map(|r| r.cells.iter())
                .filter_map(|c| c.box_props.select_action.as_deref()),
        ),
        Element::Carousel(c) => {
            out.extend(
                c.pages
                    .iter()
                    .filter_map(|p| p.box_props.select_action.as_deref()),
            );
        }
        Element::RichTextBlock(r) => out.extend(r.inlines.iter().filter_map(|i| match i {
            crate::model::Inline::TextRun(t) => t.select_action.as_deref(),
        })),
        Element::InputText(t) => out.extend(t.inline_action.as_deref()),
        _ => {}
    }
}
