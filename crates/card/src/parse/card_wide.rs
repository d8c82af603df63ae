//! The rules that need the whole card: ids are unique (across ShowCard cards too), and an
//! input should not silently overwrite an action's fixed data.

use std::collections::HashMap;

use super::places::{Kind, Places};
use super::reader::Ctx;
use crate::diagnostic::{Code, Diagnostic};

/// Up to this many names, a scan of the earlier ones is cheaper than hashing them all; most
/// cards have a handful of ids, and this runs for every card.
const SCAN_UP_TO: usize = 16;

/// Applies the card-wide rules to what the read remembered.
pub(super) fn card_wide_rules(cx: &mut Ctx) {
    let mut found = Vec::new();
    duplicate_ids(&cx.places, &mut found);
    inputs_shadowing_data(&cx.places, &mut found);
    cx.extend_findings(found);
}

/// Each id used before is reported where it is used again, naming its first use.
fn duplicate_ids(places: &Places, found: &mut Vec<Diagnostic>) {
    let n = places.len(Kind::Id);
    if n < 2 {
        return;
    }
    let mut first = FirstPlaces::with_capacity(n);
    for (id, pointer) in places.iter(Kind::Id) {
        if let Some(previous) = first.get_or_insert(id, pointer) {
            found.push(Diagnostic::new(
                Code::DuplicateId,
                pointer,
                format!(
                    "the id `{id}` is already used at {previous}; ids must be unique across the card"
                ),
            ));
        }
    }
}

/// Each input whose id is a key of an action's fixed data is reported, naming the first such
/// action's data.
fn inputs_shadowing_data(places: &Places, found: &mut Vec<Diagnostic>) {
    let n = places.len(Kind::DataKey);
    if n == 0 || places.len(Kind::InputId) == 0 {
        return;
    }
    let mut data = FirstPlaces::with_capacity(n);
    for (key, action) in places.iter(Kind::DataKey) {
        data.get_or_insert(key, action);
    }
    for (id, pointer) in places.iter(Kind::InputId) {
        if let Some(action) = data.get(id) {
            found.push(Diagnostic::new(
                Code::InputShadowsData,
                pointer,
                format!(
                    "the value of input `{id}` will overwrite the fixed `{id}` in the data at {action}; rename the input if that is not intended"
                ),
            ));
        }
    }
}

/// The pointer where each name was first found. Up to [`SCAN_UP_TO`] names a list is scanned;
/// beyond, a map makes each lookup one hash rather than a scan.
enum FirstPlaces<'p> {
    Few(Vec<(&'p str, &'p str)>),
    Many(HashMap<&'p str, &'p str>),
}

impl<'p> FirstPlaces<'p> {
    /// Room for `n` names.
    fn with_capacity(n: usize) -> Self {
        if n <= SCAN_UP_TO {
            Self::Few(Vec::with_capacity(n))
        } else {
            Self::Many(HashMap::with_capacity(n))
        }
    }

    /// Where `name` was first found.
    fn get(&self, name: &str) -> Option<&'p str> {
        match self {
            Self::Few(few) => few.iter().find(|(n, _)| *n == name).map(|&(_, p)| p),
            Self::Many(many) => many.get(name).copied(),
        }
    }

    /// Where `name` was first found; when it is new, `pointer` becomes its first place.
    fn get_or_insert(&mut self, name: &'p str, pointer: &'p str) -> Option<&'p str> {
        let previous = self.get(name);
        if previous.is_none() {
            match self {
                Self::Few(few) => few.push((name, pointer)),
                Self::Many(many) => {
                    many.insert(name, pointer);
                }
            }
        }
        previous
    }
}
