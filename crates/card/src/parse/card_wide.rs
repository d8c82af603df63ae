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
    cx.diagnostics.extend(found);
}

/// Each id used before is reported where it is used again, naming its first use.
fn duplicate_ids(places: &Places, found: &mut Vec<Diagnostic>) {
    let ids = || places.iter(Kind::Id);
    let n = places.len(Kind::Id);
    if n < 2 {
        return;
    }
    let mut report = |id: &str, pointer: &str, previous: &str| {
        found.push(Diagnostic::new(
            Code::DuplicateId,
            pointer,
            format!(
                "the id `{id}` is already used at {previous}; ids must be unique across the card"
            ),
        ));
    };
    if n <= SCAN_UP_TO {
        // Gathered first: the places of other kinds may be many.
        let ids: Vec<(&str, &str)> = ids().collect();
        for (i, &(id, pointer)) in ids.iter().enumerate() {
            if let Some((_, previous)) = ids.iter().take(i).find(|(other, _)| *other == id) {
                report(id, pointer, previous);
            }
        }
        return;
    }
    let mut first: HashMap<&str, &str> = HashMap::with_capacity(n);
    for (id, pointer) in ids() {
        if let Some(previous) = first.get(id) {
            report(id, pointer, previous);
        } else {
            first.insert(id, pointer);
        }
    }
}

/// Each input whose id is a key of an action's fixed data is reported, naming the first such
/// action's data.
fn inputs_shadowing_data(places: &Places, found: &mut Vec<Diagnostic>) {
    let inputs = || places.iter(Kind::InputId);
    let data_keys = || places.iter(Kind::DataKey);
    let n = places.len(Kind::DataKey);
    if n == 0 || places.len(Kind::InputId) == 0 {
        return;
    }
    let mut report = |id: &str, pointer: &str, action: &str| {
        found.push(Diagnostic::new(
            Code::InputShadowsData,
            pointer,
            format!(
                "the value of input `{id}` will overwrite the fixed `{id}` in the data at {action}; rename the input if that is not intended"
            ),
        ));
    };
    if n <= SCAN_UP_TO {
        // Gathered first: the inputs may be many.
        let data_keys: Vec<(&str, &str)> = data_keys().collect();
        for (id, pointer) in inputs() {
            if let Some((_, action)) = data_keys.iter().find(|(key, _)| *key == id) {
                report(id, pointer, action);
            }
        }
        return;
    }
    // The first action whose data has each key: one lookup per input, not one scan.
    let mut data: HashMap<&str, &str> = HashMap::with_capacity(n);
    for (key, action) in data_keys() {
        data.entry(key).or_insert(action);
    }
    for (id, pointer) in inputs() {
        if let Some(action) = data.get(id) {
            report(id, pointer, action);
        }
    }
}
