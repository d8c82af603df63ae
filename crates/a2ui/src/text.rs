//! A surface as plain text: what a terminal, a log or a client without a GUI shows of it. One
//! line per thing the user would see or use, indented by nesting: texts as they read now,
//! inputs as `label: value`, buttons as `[label]`, images by their description; gaps in the
//! tree are said, not hidden. Bounded: at most [`MAX_LINES`] lines of at most
//! [`MAX_LINE_CHARS`] characters.

use serde_json::Value;

use crate::coerce::to_text;
use crate::processor::Processor;
use crate::surface::Surface;
use crate::tree::{Child, Node};

/// The most lines [`text_fallback`] writes; a last line says how many more there were.
pub const MAX_LINES: usize = 400;

/// The most characters of one line (a longer one ends with `…`).
pub const MAX_LINE_CHARS: usize = 240;

/// The surface as plain text. See the module docs.
#[must_use]
pub fn text_fallback(surface: &Surface) -> String {
    let tree = surface.tree();
    let Some(root) = &tree.root else {
        return "(the surface has no `root` component yet)".to_owned();
    };
    let mut out = Lines::default();
    // Depth-first, children in order: the stack holds what is still to write, last first
    // (a gap is written where its child would be).
    let mut stack: Vec<(usize, Result<&Node, String>)> = vec![(0, Ok(root))];
    while let Some((depth, item)) = stack.pop() {
        let node = match item {
            Ok(node) => node,
            Err(gap) => {
                out.push(depth, &gap);
                continue;
            }
        };
        let line = line_of(surface, node);
        let below = if line.is_some() { depth + 1 } else { depth };
        if let Some(line) = line {
            out.push(depth, &line);
        }
        // A button's label is its line: its children are not written again.
        if node.component == "Button" {
            continue;
        }
        for child in node.children.iter().rev() {
            let item = match child {
                Child::Node { node: inner, .. } => Ok(inner),
                Child::Missing { id, .. } => Err(format!("(`{id}` has not arrived)")),
                Child::Cycle { id, .. } => Err(format!("(`{id}` contains itself)")),
                Child::Cut { reason, .. } => Err(format!("(cut: {reason:?})")),
            };
            stack.push((below, item));
        }
    }
    out.finish()
}

/// The lines written so far, and how many were over [`MAX_LINES`].
#[derive(Default)]
struct Lines {
    lines: Vec<String>,
    omitted: usize,
}

impl Lines {
    fn push(&mut self, depth: usize, text: &str) {
        if self.lines.len() < MAX_LINES {
            self.lines
                .push(format!("{}{}", "  ".repeat(depth.min(20)), cut(text)));
        } else {
            self.omitted += 1;
        }
    }

    fn finish(mut self) -> String {
        if self.omitted > 0 {
            self.lines.push(format!("… {} more lines", self.omitted));
        }
        self.lines.join("\n")
    }
}

/// A line at most [`MAX_LINE_CHARS`] long, on one line.
fn cut(text: &str) -> String {
    let one_line = text.replace(['\n', '\r'], " ");
    if one_line.chars().count() <= MAX_LINE_CHARS {
        return one_line;
    }
    let mut short: String = one_line.chars().take(MAX_LINE_CHARS - 1).collect();
    short.push('…');
    short
}

/// What a node shows as a line of its own; `None` for pure layout (rows, columns, lists,
/// cards), whose children carry the content.
fn line_of(surface: &Surface, node: &Node) -> Option<String> {
    let text = |property: &str| -> String {
        surface
            .property(&node.id, property, &node.scope)
            .map(|v| to_text(&v))
            .unwrap_or_default()
    };
    let value = |property: &str| -> Option<Value> {
        surface.property(&node.id, property, &node.scope).ok()
    };
    match node.component.as_str() {
        // An empty text (a status line not set yet) takes no line.
        "Text" => Some(text("text")).filter(|t| !t.trim().is_empty()),
        "Button" => Some(format!("[{}]", button_label(surface, node))),
        "Image" | "Icon" => {
            let name = text("name");
            let url = text("url");
            Some(format!(
                "(image {})",
                if name.is_empty() { url } else { name }
            ))
        }
        "Video" | "AudioPlayer" => Some(format!("({} {})", node.component, text("url"))),
        "Divider" => Some("---".to_owned()),
        "TextField" | "DateTimeInput" | "Slider" => {
            let shown = value("value").map(|v| to_text(&v)).unwrap_or_default();
            Some(format!("{}: {shown}", text("label")))
        }
        "CheckBox" => {
            let on = value("value").and_then(|v| v.as_bool()).unwrap_or(false);
            Some(format!(
                "[{}] {}",
                if on { "x" } else { " " },
                text("label")
            ))
        }
        "ChoicePicker" => {
            let chosen = value("value").map(|v| to_text(&v)).unwrap_or_default();
            Some(format!("{}: {chosen}", text("label")))
        }
        "Tabs" | "Modal" => Some(format!("({})", node.component)),
        _ => None,
    }
}

/// A button's label as a person reads it: the texts below it, joined (its id when it has
/// none).
#[must_use]
pub fn button_label(surface: &Surface, node: &Node) -> String {
    let mut words = Vec::new();
    let mut stack: Vec<&Node> = node
        .children
        .iter()
        .rev()
        .filter_map(|c| match c {
            Child::Node { node, .. } => Some(node),
            _ => None,
        })
        .collect();
    while let Some(inner) = stack.pop() {
        if inner.component == "Text"
            && let Ok(text) = surface.property(&inner.id, "text", &inner.scope)
        {
            words.push(to_text(&text));
        }
        stack.extend(inner.children.iter().rev().filter_map(|c| match c {
            Child::Node { node, .. } => Some(node),
            _ => None,
        }));
    }
    if words.is_empty() {
        node.id.clone()
    } else {
        words.join(" ")
    }
}

impl Processor {
    /// Every live surface as text ([`text_fallback`]), each under a `[surface ID]` line, in id
    /// order; `(no surface yet)` before the stream creates one.
    #[must_use]
    pub fn text_fallback(&self) -> String {
        let parts: Vec<String> = self
            .surfaces()
            .iter()
            .map(|(id, surface)| format!("[surface {id}]\n{}", text_fallback(surface)))
            .collect();
        if parts.is_empty() {
            "(no surface yet)".to_owned()
        } else {
            parts.join("\n")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::process_str;

    #[test]
    fn a_form_reads_as_lines_of_what_the_user_sees() {
        let stream = r#"[
{"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}},
{"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [
 {"id": "root", "component": "Column", "children": ["title", "name", "ok", "ghost"]},
 {"id": "title", "component": "Text", "text": "Book a table"},
 {"id": "name", "component": "TextField", "label": "Name", "value": {"path": "/name"}},
 {"id": "ok_label", "component": "Text", "text": "Book"},
 {"id": "ok", "component": "Button", "child": "ok_label", "action": {"event": {"name": "book"}}}
]}},
{"version": "v0.9", "updateDataModel": {"surfaceId": "s", "path": "/name", "value": "Ann"}}
]"#;
        let report = process_str(stream);
        let text = text_fallback(report.processor.surface("s").unwrap());
        assert_eq!(
            text,
            "Book a table\nName: Ann\n[Book]\n(`ghost` has not arrived)"
        );
    }

    #[test]
    fn a_processors_surfaces_read_one_under_another() {
        assert_eq!(Processor::default().text_fallback(), "(no surface yet)");
        let stream = r#"[
{"version": "v0.9", "createSurface": {"surfaceId": "b", "catalogId": "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}},
{"version": "v0.9", "createSurface": {"surfaceId": "a", "catalogId": "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}},
{"version": "v0.9", "updateComponents": {"surfaceId": "a", "components": [{"id": "root", "component": "Text", "text": "Hi"}]}}
]"#;
        let text = process_str(stream).processor.text_fallback();
        assert_eq!(
            text,
            "[surface a]\nHi\n[surface b]\n(the surface has no `root` component yet)"
        );
    }
}
