//! A surface's structure, checked when a stream ends: a `root`, every child id defined, no
//! cycles (found without recursion, so a 20,000-long chain costs a loop, not the stack), and
//! the resolved tree within its bounds.

use std::collections::BTreeMap;

use crate::catalog::ChildRef;
use crate::diagnostic::{Code, Diagnostic};
use crate::surface::Surface;
use crate::tree::{Child, Cut};

/// The structural findings about one surface.
pub(crate) fn lint_surface(surface: &Surface) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    if surface.components.is_empty() {
        return out;
    }
    let at = |id: &str, field: &str| -> (Option<usize>, String) {
        match surface.origins.get(id) {
            Some((message, i)) => (*message, format!("/updateComponents/components/{i}{field}")),
            None => (None, String::new()),
        }
    };
    let located = |code: Code, id: &str, field: &str, text: String| {
        let (message, pointer) = at(id, field);
        let d = Diagnostic::new(code, pointer, text);
        match message {
            Some(i) => d.in_message(i),
            None => d,
        }
    };
    if !surface.components.contains_key("root") {
        out.push(Diagnostic::new(
            Code::MissingRoot,
            "",
            format!(
                "the surface `{}` has {} component(s) but none with the id `root`",
                surface.id,
                surface.components.len()
            ),
        ));
    }
    let edges: BTreeMap<&str, Vec<ChildRef>> = surface
        .components
        .iter()
        .map(|(id, c)| (id.as_str(), surface.catalog.child_refs(c)))
        .collect();
    for (id, refs) in &edges {
        for reference in refs {
            if !surface.components.contains_key(reference.id()) {
                out.push(located(
                    Code::MissingChild,
                    id,
                    reference.field(),
                    format!(
                        "`{id}` refers to `{}`, which no component of the surface `{}` is",
                        reference.id(),
                        surface.id
                    ),
                ));
            }
        }
    }
    weights(surface, &edges, &located, &mut out);
    for (id, reference) in back_edges(&edges) {
        out.push(located(
            Code::Cycle,
            id,
            reference.field(),
            format!(
                "`{id}` refers to `{}`, one of its own ancestors: the components form a cycle",
                reference.id()
            ),
        ));
    }
    tree_findings(surface, &located, &mut out);
    out
}

/// A `weight` counts only in a `Row` or a `Column`.
fn weights(
    surface: &Surface,
    edges: &BTreeMap<&str, Vec<ChildRef>>,
    located: &dyn Fn(Code, &str, &str, String) -> Diagnostic,
    out: &mut Vec<Diagnostic>,
) {
    for (parent, reference) in edges
        .iter()
        .flat_map(|(id, refs)| refs.iter().map(move |r| (*id, r)))
    {
        let child = surface.components.get(reference.id());
        let parent_kind = surface
            .components
            .get(parent)
            .map_or("", |c| c.component.as_str());
        if child.is_some_and(|c| c.properties.contains_key("weight"))
            && !matches!(parent_kind, "Row" | "Column")
        {
            out.push(located(
                Code::MisplacedWeight,
                reference.id(),
                "/weight",
                format!(
                    "`{}` has a weight, but its parent `{parent}` is a {parent_kind}: only a Row's or a Column's children are weighted",
                    reference.id()
                ),
            ));
        }
    }
}

/// The resolved tree's cuts (too deep, too many nodes, template items left out).
fn tree_findings(
    surface: &Surface,
    located: &dyn Fn(Code, &str, &str, String) -> Diagnostic,
    out: &mut Vec<Diagnostic>,
) {
    for (parent, gap) in surface.tree().gaps() {
        let Child::Cut { field, reason } = gap else {
            continue;
        };
        let (code, text) = match reason {
            Cut::TooDeep => (
                Code::TooDeep,
                format!(
                    "the tree is deeper than {} levels below `{parent}`: the rest is cut",
                    surface.limits.max_tree_depth
                ),
            ),
            Cut::TooManyNodes => (
                Code::TreeTruncated,
                format!(
                    "the tree has more than {} nodes: the rest is cut",
                    surface.limits.max_tree_nodes
                ),
            ),
            Cut::TemplateItems { omitted } => (
                Code::TemplateTruncated,
                format!(
                    "the template of `{parent}` shows {} items; {omitted} more are cut",
                    surface.limits.max_template_items
                ),
            ),
        };
        out.push(located(code, parent, field, text));
    }
}

/// The references that close a cycle, found by an iterative depth-first walk.
fn back_edges<'e>(edges: &'e BTreeMap<&'e str, Vec<ChildRef>>) -> Vec<(&'e str, &'e ChildRef)> {
    #[derive(Clone, Copy, PartialEq, Eq)]
    enum State {
        Open,
        Done,
    }
    let mut state: BTreeMap<&str, State> = BTreeMap::new();
    let mut found = Vec::new();
    // From `root` first, so that the reference reported is the one that leads back up the
    // tree as the renderer walks it.
    let starts = edges
        .get_key_value("root")
        .map(|(k, _)| *k)
        .into_iter()
        .chain(edges.keys().copied());
    for start in starts {
        if state.contains_key(start) {
            continue;
        }
        state.insert(start, State::Open);
        let mut stack: Vec<(&str, usize)> = vec![(start, 0)];
        while let Some((id, next)) = stack.pop() {
            let refs = edges.get(id).map_or(&[][..], Vec::as_slice);
            let Some(reference) = refs.get(next) else {
                state.insert(id, State::Done);
                continue;
            };
            stack.push((id, next + 1));
            let target = reference.id();
            let Some((&key, _)) = edges.get_key_value(target) else {
                continue;
            };
            match state.get(key) {
                Some(State::Open) => found.push((id, reference)),
                Some(State::Done) => {}
                None => {
                    state.insert(key, State::Open);
                    stack.push((key, 0));
                }
            }
        }
    }
    found
}
