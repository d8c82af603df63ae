//! The resolved component tree of a surface: from `root`, each component with its children
//! in order, template children expanded once per data item (each in its item's scope).
//! Whatever cannot be shown is a visible gap, not a failure: a child id no component has, a
//! cycle, a branch deeper than the depth bound, template items or nodes over their bounds.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::catalog::{Catalog, ChildRef};
use crate::data::DataModel;
use crate::limits::Limits;
use crate::message::Component;
use crate::pointer::Pointer;

/// One component placed in the tree.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    /// The component's id.
    pub id: String,
    /// Its type (`"Column"`, …).
    pub component: String,
    /// Where its relative paths start: the root, or the template item it was made for.
    pub scope: Pointer,
    /// Its children, in the order its properties list them.
    pub children: Vec<Child>,
}

/// A child slot of a node.
#[derive(Debug, Clone, PartialEq)]
pub enum Child {
    /// A component.
    Node {
        /// JSON pointer of the reference inside the parent (`/child`, `/children/2`,
        /// `/tabs/0/child`; a template's copies all have the template's `/children`).
        field: String,
        /// The child.
        node: Node,
    },
    /// The id names no component (yet: it may arrive later in the stream).
    Missing {
        /// Where the reference is.
        field: String,
        /// The id.
        id: String,
    },
    /// The id is one of the node's own ancestors.
    Cycle {
        /// Where the reference is.
        field: String,
        /// The id.
        id: String,
    },
    /// Children left out because a bound was reached.
    Cut {
        /// Where the reference is.
        field: String,
        /// Which bound.
        reason: Cut,
    },
}

/// Why children were left out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cut {
    /// The branch is deeper than [`Limits::max_tree_depth`].
    TooDeep,
    /// The tree reached [`Limits::max_tree_nodes`].
    TooManyNodes,
    /// A template's list is longer than [`Limits::max_template_items`]: `omitted` items
    /// are not shown.
    TemplateItems {
        /// How many items were left out.
        omitted: usize,
    },
}

/// A surface's resolved tree.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Tree {
    /// The root, when a component has the id `root`.
    pub root: Option<Node>,
    /// How many nodes the tree has.
    pub nodes: usize,
}

impl Tree {
    /// Every gap in the tree (missing, cycle, cut), with the id of the node it is in.
    #[must_use]
    pub fn gaps(&self) -> Vec<(&str, &Child)> {
        let mut out = Vec::new();
        let mut stack: Vec<&Node> = self.root.iter().collect();
        while let Some(node) = stack.pop() {
            for child in &node.children {
                match child {
                    Child::Node { node: inner, .. } => stack.push(inner),
                    gap => out.push((node.id.as_str(), gap)),
                }
            }
        }
        out
    }
}

pub(crate) struct Builder<'a> {
    pub(crate) components: &'a BTreeMap<String, Component>,
    pub(crate) catalog: &'a Catalog,
    pub(crate) data: &'a DataModel,
    pub(crate) limits: &'a Limits,
    pub(crate) nodes: usize,
}

impl<'a> Builder<'a> {
    pub(crate) fn build(mut self) -> Tree {
        let components = self.components;
        let root = components.get("root").map(|component| {
            let mut ancestors = Vec::new();
            self.node(component, Pointer::root(), &mut ancestors)
        });
        Tree {
            root,
            nodes: self.nodes,
        }
    }

    /// A node and, below it, its children (recursion bounded by the depth limit: the
    /// ancestors list is the path from the root).
    fn node(
        &mut self,
        component: &'a Component,
        scope: Pointer,
        ancestors: &mut Vec<&'a str>,
    ) -> Node {
        self.nodes += 1;
        let mut node = Node {
            id: component.id.clone(),
            component: component.component.clone(),
            scope,
            children: Vec::new(),
        };
        ancestors.push(&component.id);
        for reference in self.catalog.child_refs(component) {
            match reference {
                ChildRef::Id { field, id } => {
                    let scope = node.scope.clone();
                    let child = self.child(field, &id, scope, ancestors);
                    node.children.push(child);
                }
                ChildRef::Template {
                    field,
                    component_id,
                    path,
                } => self.expand(&mut node, &field, &component_id, &path, ancestors),
            }
        }
        ancestors.pop();
        node
    }

    fn child(
        &mut self,
        field: String,
        id: &str,
        scope: Pointer,
        ancestors: &mut Vec<&'a str>,
    ) -> Child {
        let components = self.components;
        let Some(component) = components.get(id) else {
            return Child::Missing {
                field,
                id: id.to_owned(),
            };
        };
        if ancestors.contains(&id) {
            return Child::Cycle {
                field,
                id: id.to_owned(),
            };
        }
        if ancestors.len() >= self.limits.max_tree_depth {
            return Child::Cut {
                field,
                reason: Cut::TooDeep,
            };
        }
        if self.nodes >= self.limits.max_tree_nodes {
            return Child::Cut {
                field,
                reason: Cut::TooManyNodes,
            };
        }
        let node = self.node(component, scope, ancestors);
        Child::Node { field, node }
    }

    /// One child per item of the list at `path` (read in the node's scope), each in the
    /// item's scope.
    fn expand(
        &mut self,
        node: &mut Node,
        field: &str,
        component_id: &str,
        path: &str,
        ancestors: &mut Vec<&'a str>,
    ) {
        let Ok(pointer) = Pointer::parse(path) else {
            return;
        };
        let list = pointer.in_scope(&node.scope);
        // Only the items shown are named: a 200,000-item list costs 2,000 tokens.
        let (total, tokens): (usize, Vec<String>) = match self.data.get(&list) {
            Some(Value::Array(items)) => (
                items.len(),
                (0..items.len().min(self.limits.max_template_items))
                    .map(|i| i.to_string())
                    .collect(),
            ),
            Some(Value::Object(map)) => (
                map.len(),
                map.keys()
                    .take(self.limits.max_template_items)
                    .cloned()
                    .collect(),
            ),
            _ => (0, Vec::new()),
        };
        for token in tokens {
            let scope = list.child(token);
            let child = self.child(field.to_owned(), component_id, scope, ancestors);
            let stop = !matches!(child, Child::Node { .. });
            node.children.push(child);
            if stop {
                // The same gap would repeat for every item.
                return;
            }
        }
        let shown = total.min(self.limits.max_template_items);
        if shown < total {
            node.children.push(Child::Cut {
                field: field.to_owned(),
                reason: Cut::TemplateItems {
                    omitted: total - shown,
                },
            });
        }
    }
}
