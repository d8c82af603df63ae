//! Where the published schema says something other than the SDK does, and how it is read here.
//! The vendored file stays as published; these are applied to the compiled copy.

use serde_json::{Map, Value};

/// The errata applied, in words (for reports and docs).
pub const ERRATA: &[&str] = &[
    "`containerDimensions` (in `McpUiHostContext`, `McpUiInitializeResult` and \
     `McpUiHostContextChangedNotification`) is the intersection of two unions of strict \
     objects (`{height} | {maxHeight}` and `{width} | {maxWidth}`). Each strict branch refuses \
     the other branch's key, so the published schema accepts only `{}`, while the SDK (zod) \
     accepts e.g. `{\"maxHeight\": 600, \"width\": 400}`. Read here as the SDK means it: the \
     branches are not strict, and the object as a whole allows only the four keys.",
];

/// Applies every erratum to a schema document in the SDK's layout.
pub(crate) fn apply(document: &mut Value) {
    loosen_strict_intersections(document);
}

/// An `allOf` of `anyOf`s whose branches are all strict objects: the branches lose
/// `additionalProperties: false`, and the node gets it over the union of their properties.
fn loosen_strict_intersections(node: &mut Value) {
    match node {
        Value::Object(object) => {
            if let Some(union) = strict_intersection(object) {
                if let Some(Value::Array(parts)) = object.get_mut("allOf") {
                    for part in parts.iter_mut() {
                        for branch in branches_mut(part) {
                            branch.remove("additionalProperties");
                        }
                    }
                }
                object.insert("type".to_owned(), Value::from("object"));
                object.insert("properties".to_owned(), Value::Object(union));
                object.insert("additionalProperties".to_owned(), Value::Bool(false));
            }
            for value in object.values_mut() {
                loosen_strict_intersections(value);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(loosen_strict_intersections),
        _ => {}
    }
}

/// The union of the branches' properties, each with its branch's rule, when `object` is such
/// an intersection.
fn strict_intersection(object: &Map<String, Value>) -> Option<Map<String, Value>> {
    let parts = object.get("allOf")?.as_array()?;
    let mut union = Map::new();
    for part in parts {
        let branches = part.get("anyOf")?.as_array()?;
        for branch in branches {
            if branch.get("additionalProperties") != Some(&Value::Bool(false)) {
                return None;
            }
            for (name, rule) in branch.get("properties")?.as_object()? {
                // A key's rule holds whichever branch matched.
                union.entry(name.clone()).or_insert_with(|| rule.clone());
            }
        }
    }
    (!union.is_empty()).then_some(union)
}

fn branches_mut(part: &mut Value) -> impl Iterator<Item = &mut Map<String, Value>> {
    part.get_mut("anyOf")
        .and_then(Value::as_array_mut)
        .into_iter()
        .flatten()
        .filter_map(Value::as_object_mut)
}
