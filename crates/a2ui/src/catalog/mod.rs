//! The catalogs this crate knows (the official basic and minimal catalogs): which components
//! and functions each defines, and which properties of each component refer to other
//! components. Those links are read from the catalog's schema itself (a property whose
//! schema is `ComponentId` or `ChildList`), as the protocol asks validators to do.

mod components;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use serde_json::{Map, Value};

use crate::diagnostic::push_token;
use crate::dynamic::ChildList;
use crate::message::Component;

pub use components::{
    AudioPlayer, BasicComponent, Button, Card, CheckBox, ChoiceOption, ChoicePicker, Column,
    DateTimeInput, Divider, Flex, Icon, Image, List, Modal, Row, Slider, Tab, Tabs, Text,
    TextField, Video,
};

/// The basic catalog's id (what `createSurface` names).
pub const BASIC_CATALOG_ID: &str =
    "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json";
/// The minimal catalog's id.
pub const MINIMAL_CATALOG_ID: &str =
    "https://a2ui.org/specification/v0_9/catalogs/minimal/catalog.json";

/// The vendored basic catalog schema, as published.
pub const BASIC_CATALOG_JSON: &str = include_str!("../../vendor/a2ui/catalogs/basic/catalog.json");
/// The vendored minimal catalog schema, as published.
pub const MINIMAL_CATALOG_JSON: &str =
    include_str!("../../vendor/a2ui/catalogs/minimal/catalog.json");

/// Which of the known catalogs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CatalogKind {
    /// The basic catalog (18 components, 14 functions).
    Basic,
    /// The minimal catalog (5 components, `capitalize`).
    Minimal,
}

/// One step of a property path inside a component.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Step {
    Key(String),
    EachItem,
}

/// A property (possibly inside arrays of objects, like `tabs[].child`) holding a reference.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Link {
    steps: Vec<Step>,
    list: bool,
}

/// A catalog: its components, their links, and its functions.
#[derive(Debug)]
pub struct Catalog {
    kind: CatalogKind,
    id: &'static str,
    components: BTreeMap<String, Vec<Link>>,
    functions: BTreeSet<String>,
}

/// A reference from a component to children, found in its properties.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChildRef {
    /// One child by id.
    Id {
        /// JSON pointer of the reference inside the component (`/child`, `/children/2`).
        field: String,
        /// The child's id.
        id: String,
    },
    /// A template repeated over a data list.
    Template {
        /// JSON pointer of the `ChildList` inside the component (`/children`).
        field: String,
        /// The template component's id.
        component_id: String,
        /// The data path of the list.
        path: String,
    },
}

impl ChildRef {
    /// The id referred to (the template's, for a template).
    #[must_use]
    pub fn id(&self) -> &str {
        match self {
            Self::Id { id, .. } => id,
            Self::Template { component_id, .. } => component_id,
        }
    }

    /// Where in the component the reference is.
    #[must_use]
    pub fn field(&self) -> &str {
        match self {
            Self::Id { field, .. } | Self::Template { field, .. } => field,
        }
    }
}

impl Catalog {
    /// The basic catalog.
    pub fn basic() -> &'static Catalog {
        static CATALOG: OnceLock<Catalog> = OnceLock::new();
        CATALOG
            .get_or_init(|| Catalog::read(CatalogKind::Basic, BASIC_CATALOG_ID, BASIC_CATALOG_JSON))
    }

    /// The minimal catalog.
    pub fn minimal() -> &'static Catalog {
        static CATALOG: OnceLock<Catalog> = OnceLock::new();
        CATALOG.get_or_init(|| {
            Catalog::read(
                CatalogKind::Minimal,
                MINIMAL_CATALOG_ID,
                MINIMAL_CATALOG_JSON,
            )
        })
    }

    /// The catalog with this id, if it is one this crate knows.
    #[must_use]
    pub fn by_id(id: &str) -> Option<&'static Catalog> {
        match id {
            BASIC_CATALOG_ID => Some(Self::basic()),
            MINIMAL_CATALOG_ID => Some(Self::minimal()),
            _ => None,
        }
    }

    /// Which catalog this is.
    #[must_use]
    pub fn kind(&self) -> CatalogKind {
        self.kind
    }

    /// Its id.
    #[must_use]
    pub fn id(&self) -> &'static str {
        self.id
    }

    /// Whether it defines this component type.
    #[must_use]
    pub fn has_component(&self, name: &str) -> bool {
        self.components.contains_key(name)
    }

    /// Whether it defines this function.
    #[must_use]
    pub fn has_function(&self, name: &str) -> bool {
        self.functions.contains(name)
    }

    /// The component types it defines.
    pub fn component_names(&self) -> impl Iterator<Item = &str> {
        self.components.keys().map(String::as_str)
    }

    /// The functions it defines.
    pub fn function_names(&self) -> impl Iterator<Item = &str> {
        self.functions.iter().map(String::as_str)
    }

    /// The references from `component` to other components, in property order (unknown
    /// component types have none).
    #[must_use]
    pub fn child_refs(&self, component: &Component) -> Vec<ChildRef> {
        self.child_refs_of(&component.component, &component.properties)
    }

    /// [`Self::child_refs`] of a component given by its type and properties.
    pub fn child_refs_of(&self, kind: &str, properties: &Map<String, Value>) -> Vec<ChildRef> {
        let mut out = Vec::new();
        let Some(links) = self.components.get(kind) else {
            return out;
        };
        for link in links {
            let Some((Step::Key(first), rest)) = link.steps.split_first() else {
                continue;
            };
            let Some(value) = properties.get(first) else {
                continue;
            };
            let mut field = String::new();
            push_token(&mut field, first);
            collect(value, rest, link.list, &mut field, &mut out);
        }
        out
    }

    fn read(kind: CatalogKind, id: &'static str, text: &str) -> Catalog {
        let document: Value = serde_json::from_str(text).unwrap_or(Value::Null);
        let mut components = BTreeMap::new();
        if let Some(map) = document.get("components").and_then(Value::as_object) {
            for (name, schema) in map {
                let mut links = Vec::new();
                find_links(schema, &mut Vec::new(), &mut links, 0);
                components.insert(name.clone(), links);
            }
        }
        let functions = document
            .get("functions")
            .and_then(Value::as_object)
            .map(|map| map.keys().cloned().collect())
            .unwrap_or_default();
        Catalog {
            kind,
            id,
            components,
            functions,
        }
    }
}

/// Walks a component's schema for properties whose schema is a `ComponentId` or `ChildList`
/// reference. `depth` bounds the walk (the vendored schemas are shallow).
fn find_links(schema: &Value, steps: &mut Vec<Step>, out: &mut Vec<Link>, depth: usize) {
    if depth > 16 {
        return;
    }
    let Some(object) = schema.as_object() else {
        return;
    };
    if let Some(reference) = object.get("$ref").and_then(Value::as_str) {
        let list = reference.ends_with("/ChildList");
        if (list || reference.ends_with("/ComponentId")) && !steps.is_empty() {
            out.push(Link {
                steps: steps.clone(),
                list,
            });
            return;
        }
    }
    for part in object
        .get("allOf")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        find_links(part, steps, out, depth + 1);
    }
    if let Some(properties) = object.get("properties").and_then(Value::as_object) {
        for (name, property) in properties {
            if name == "id" {
                continue;
            }
            steps.push(Step::Key(name.clone()));
            find_links(property, steps, out, depth + 1);
            steps.pop();
        }
    }
    if let Some(items) = object.get("items") {
        steps.push(Step::EachItem);
        find_links(items, steps, out, depth + 1);
        steps.pop();
    }
}

fn collect(value: &Value, steps: &[Step], list: bool, field: &mut String, out: &mut Vec<ChildRef>) {
    match steps.split_first() {
        None => {
            if list {
                match ChildList::from_value(value) {
                    Some(ChildList::Static(ids)) => {
                        for (i, id) in ids.into_iter().enumerate() {
                            out.push(ChildRef::Id {
                                field: format!("{field}/{i}"),
                                id,
                            });
                        }
                    }
                    Some(ChildList::Template { component_id, path }) => {
                        out.push(ChildRef::Template {
                            field: field.clone(),
                            component_id,
                            path,
                        });
                    }
                    None => {}
                }
            } else if let Some(id) = value.as_str() {
                out.push(ChildRef::Id {
                    field: field.clone(),
                    id: id.to_owned(),
                });
            }
        }
        Some((Step::Key(key), rest)) => {
            if let Some(next) = value.get(key) {
                let len = field.len();
                push_token(field, key);
                collect(next, rest, list, field, out);
                field.truncate(len);
            }
        }
        Some((Step::EachItem, rest)) => {
            for (i, item) in value.as_array().into_iter().flatten().enumerate() {
                let len = field.len();
                field.push('/');
                field.push_str(&i.to_string());
                collect(item, rest, list, field, out);
                field.truncate(len);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn knows_the_catalogs() {
        let basic = Catalog::basic();
        assert_eq!(basic.component_names().count(), 18);
        assert_eq!(basic.function_names().count(), 14);
        let minimal = Catalog::minimal();
        assert_eq!(minimal.component_names().count(), 5);
        assert!(minimal.has_function("capitalize"));
        assert!(Catalog::by_id("https://example.com/mine").is_none());
    }

    #[test]
    fn finds_links_from_the_schema() {
        let tabs: Component = serde_json::from_value(json!({
            "id": "t", "component": "Tabs",
            "tabs": [{"title": "A", "child": "a"}, {"title": "B", "child": "b"}]
        }))
        .unwrap();
        let refs = Catalog::basic().child_refs(&tabs);
        assert_eq!(
            refs,
            vec![
                ChildRef::Id {
                    field: "/tabs/0/child".into(),
                    id: "a".into()
                },
                ChildRef::Id {
                    field: "/tabs/1/child".into(),
                    id: "b".into()
                },
            ]
        );
        let modal: Component = serde_json::from_value(
            json!({"id": "m", "component": "Modal", "trigger": "b", "content": "c"}),
        )
        .unwrap();
        let ids: Vec<String> = Catalog::basic()
            .child_refs(&modal)
            .iter()
            .map(|r| r.id().to_owned())
            .collect();
        assert_eq!(ids.len(), 2);
        assert!(ids.contains(&"b".to_owned()) && ids.contains(&"c".to_owned()));
        let list: Component = serde_json::from_value(json!({
            "id": "l", "component": "List", "children": {"componentId": "row", "path": "/items"}
        }))
        .unwrap();
        assert!(matches!(
            Catalog::basic().child_refs(&list).as_slice(),
            [ChildRef::Template { component_id, .. }] if component_id == "row"
        ));
    }
}
