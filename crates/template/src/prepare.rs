//! Turning a template `Value` into a tree with every `${...}` parsed.
//!
//! Like the official engine's `Template` constructor, all expressions are parsed up
//! front, so a syntax error anywhere fails the template even inside a branch that
//! `$when` would drop.

use serde_json::Value;

use crate::error::{LimitKind, TemplateError};
use crate::interpolation::{StringTemplate, parse_template_string};

/// A prepared template node.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Node {
    /// A value copied as is (numbers, booleans, null, strings without `${`, and
    /// literal `$data` values).
    Literal(Value),
    /// A string containing `${`.
    Template(StringTemplate),
    /// An array.
    Array(Vec<Node>),
    /// An object, entries in template order.
    Object(Vec<(String, Node)>),
}

/// One step of a JSON pointer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum PointerStep {
    /// An object key.
    Key(String),
    /// An array index.
    Index(usize),
}

/// Formats a JSON pointer (RFC 6901).
pub(crate) fn pointer_text(steps: &[PointerStep]) -> String {
    let mut out = String::new();
    for step in steps {
        out.push('/');
        match step {
            PointerStep::Key(k) => out.push_str(&k.replace('~', "~0").replace('/', "~1")),
            PointerStep::Index(i) => out.push_str(&i.to_string()),
        }
    }
    out
}

/// Prepares a template, failing on the first expression syntax error.
pub(crate) fn prepare(template: &Value, max_depth: usize) -> Result<Node, TemplateError> {
    let mut pointer = Vec::new();
    prepare_node(template, max_depth, &mut pointer)
}

fn prepare_node(
    value: &Value,
    max_depth: usize,
    pointer: &mut Vec<PointerStep>,
) -> Result<Node, TemplateError> {
    if pointer.len() > max_depth {
        return Err(TemplateError::LimitExceeded {
            pointer: pointer_text(pointer),
            limit: LimitKind::Depth,
            max: u64::try_from(max_depth).unwrap_or(u64::MAX),
        });
    }
    Ok(match value {
        Value::String(s) if s.contains("${") => {
            let parsed =
                parse_template_string(s, max_depth).map_err(|e| TemplateError::Syntax {
                    pointer: pointer_text(pointer),
                    expression: e.source,
                    message: e.message,
                })?;
            Node::Template(parsed)
        }
        Value::Array(items) => {
            let mut out = Vec::with_capacity(items.len());
            for (i, item) in items.iter().enumerate() {
                pointer.push(PointerStep::Index(i));
                out.push(prepare_node(item, max_depth, pointer)?);
                pointer.pop();
            }
            Node::Array(out)
        }
        Value::Object(map) => {
            let mut out = Vec::with_capacity(map.len());
            for (key, item) in map {
                pointer.push(PointerStep::Key(key.clone()));
                // A literal (non-string) `$data` is data, not template: keep it raw.
                let node = if key == "$data" && !item.is_string() {
                    Node::Literal(item.clone())
                } else {
                    prepare_node(item, max_depth, pointer)?
                };
                out.push((key.clone(), node));
                pointer.pop();
            }
            Node::Object(out)
        }
        other => Node::Literal(other.clone()),
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn syntax_errors_carry_the_pointer() {
        let err = prepare(&json!({"body": [{"text": "a ${1 +} b"}]}), 100).unwrap_err();
        let TemplateError::Syntax {
            pointer,
            expression,
            ..
        } = err
        else {
            panic!("{err:?}")
        };
        assert_eq!(pointer, "/body/0/text");
        assert_eq!(expression, "1 +");
    }

    #[test]
    fn pointers_escape_special_characters() {
        let steps = [PointerStep::Key("a/b~c".into()), PointerStep::Index(3)];
        assert_eq!(pointer_text(&steps), "/a~1b~0c/3");
    }

    #[test]
    fn deep_templates_are_rejected() {
        let mut v = json!(1);
        for _ in 0..200 {
            v = json!([v]);
        }
        assert!(matches!(
            prepare(&v, 100),
            Err(TemplateError::LimitExceeded {
                limit: LimitKind::Depth,
                ..
            })
        ));
    }
}
