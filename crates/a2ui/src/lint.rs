//! What the schema cannot see in one message: duplicate ids, component types and functions
//! the catalog does not define, malformed JSON pointers, regular expressions and
//! `formatString` templates that do not compile, URLs outside `https`/`http`/`mailto`.

use std::collections::HashSet;

use serde_json::Value;

use crate::catalog::{Catalog, ChildRef};
use crate::diagnostic::{Code, Diagnostic, push_token};
use crate::functions::compile_regex as compile_pattern;
use crate::functions::{Expr, Part, parse_template};
use crate::limits::MAX_JSON_DEPTH;
use crate::pointer::Pointer;
use crate::url_check::check_url;

/// Component properties holding a URL the renderer will load.
const URL_COMPONENTS: [&str; 3] = ["Image", "Video", "AudioPlayer"];

/// Lints one message (its JSON), pointers relative to the message.
pub(crate) fn lint_message(message: &Value, catalog: &Catalog, out: &mut Vec<Diagnostic>) {
    if let Some(body) = message.get("createSurface")
        && let Some(Value::String(url)) = body.get("theme").and_then(|t| t.get("iconUrl"))
    {
        url_finding(url, "/createSurface/theme/iconUrl", out);
    }
    if let Some(body) = message.get("updateDataModel")
        && let Some(Value::String(path)) = body.get("path")
        && let Err(e) = Pointer::parse_absolute(path)
    {
        out.push(Diagnostic::new(
            Code::InvalidPointer,
            "/updateDataModel/path",
            e.to_string(),
        ));
    }
    let Some(Value::Array(components)) = message
        .get("updateComponents")
        .and_then(|b| b.get("components"))
    else {
        return;
    };
    let mut seen = HashSet::new();
    for (i, raw) in components.iter().enumerate() {
        let base = format!("/updateComponents/components/{i}");
        if let Some(id) = raw.get("id").and_then(Value::as_str)
            && !seen.insert(id)
        {
            out.push(Diagnostic::new(
                Code::DuplicateId,
                format!("{base}/id"),
                format!("the id `{id}` is used by an earlier component of this update"),
            ));
        }
        lint_component(raw, catalog, &base, out);
    }
}

fn lint_component(raw: &Value, catalog: &Catalog, base: &str, out: &mut Vec<Diagnostic>) {
    let (Some(properties), Some(kind)) = (
        raw.as_object(),
        raw.get("component").and_then(Value::as_str),
    ) else {
        return;
    };
    if !catalog.has_component(kind) {
        out.push(Diagnostic::new(
            Code::UnknownComponent,
            format!("{base}/component"),
            format!("the catalog `{}` has no component `{kind}`", catalog.id()),
        ));
    }
    if URL_COMPONENTS.contains(&kind)
        && let Some(Value::String(url)) = properties.get("url")
    {
        url_finding(url, &format!("{base}/url"), out);
    }
    if let Some(Value::String(pattern)) = properties.get("validationRegexp")
        && let Err(e) = compile_pattern(pattern)
    {
        out.push(Diagnostic::new(
            Code::InvalidRegex,
            format!("{base}/validationRegexp"),
            e.to_string(),
        ));
    }
    for reference in catalog.child_refs_of(kind, properties) {
        if let ChildRef::Template { field, path, .. } = reference {
            pointer_finding(&path, &format!("{base}{field}/path"), out);
        }
    }
    let mut at = base.to_owned();
    walk(raw, catalog, &mut at, 0, out);
}

/// Every binding and call anywhere in a component: one path string, grown and cut as the
/// walk goes (no string per value). The message's depth was bounded before the lint runs;
/// the walk stops at that bound too.
fn walk(
    value: &Value,
    catalog: &Catalog,
    at: &mut String,
    depth: usize,
    out: &mut Vec<Diagnostic>,
) {
    if depth > MAX_JSON_DEPTH {
        return;
    }
    match value {
        Value::Object(object) => {
            if let (Some(Value::String(path)), 1) = (object.get("path"), object.len()) {
                pointer_finding(path, &format!("{at}/path"), out);
            }
            if let Some(Value::String(name)) = object.get("call") {
                lint_call(name, object.get("args"), catalog, at, out);
            }
            for (key, child) in object {
                let len = at.len();
                push_token(at, key);
                walk(child, catalog, at, depth + 1, out);
                at.truncate(len);
            }
        }
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                let len = at.len();
                at.push('/');
                at.push_str(&i.to_string());
                walk(child, catalog, at, depth + 1, out);
                at.truncate(len);
            }
        }
        _ => {}
    }
}

fn lint_call(
    name: &str,
    args: Option<&Value>,
    catalog: &Catalog,
    at: &str,
    out: &mut Vec<Diagnostic>,
) {
    if !catalog.has_function(name) {
        out.push(Diagnostic::new(
            Code::UnknownFunction,
            format!("{at}/call"),
            format!("the catalog `{}` has no function `{name}`", catalog.id()),
        ));
        return;
    }
    let literal = |key: &str| args.and_then(|a| a.get(key)).and_then(Value::as_str);
    match name {
        "regex" => {
            if let Some(pattern) = literal("pattern")
                && let Err(e) = compile_pattern(pattern)
            {
                out.push(Diagnostic::new(
                    Code::InvalidRegex,
                    format!("{at}/args/pattern"),
                    e.to_string(),
                ));
            }
        }
        "openUrl" => {
            if let Some(url) = literal("url") {
                url_finding(url, &format!("{at}/args/url"), out);
            }
        }
        "formatString" => {
            if let Some(template) = literal("value") {
                lint_template(template, catalog, &format!("{at}/args/value"), out);
            }
        }
        _ => {}
    }
}

fn lint_template(template: &str, catalog: &Catalog, at: &str, out: &mut Vec<Diagnostic>) {
    let parts = match parse_template(template) {
        Ok(parts) => parts,
        Err(e) => {
            out.push(Diagnostic::new(Code::InvalidFormat, at, e.to_string()));
            return;
        }
    };
    let mut stack: Vec<&Expr> = parts
        .iter()
        .filter_map(|p| match p {
            Part::Expr(e) => Some(e),
            Part::Text(_) => None,
        })
        .collect();
    while let Some(expr) = stack.pop() {
        match expr {
            Expr::Path(path) => pointer_finding(path, at, out),
            Expr::Call { name, args } => {
                if !catalog.has_function(name) {
                    out.push(Diagnostic::new(
                        Code::UnknownFunction,
                        at,
                        format!(
                            "the template calls `{name}`, which the catalog `{}` does not define",
                            catalog.id()
                        ),
                    ));
                }
                stack.extend(args.iter().map(|(_, e)| e));
            }
            Expr::Literal(_) => {}
        }
    }
}

fn pointer_finding(path: &str, at: &str, out: &mut Vec<Diagnostic>) {
    if let Err(e) = Pointer::parse(path) {
        out.push(Diagnostic::new(Code::InvalidPointer, at, e.to_string()));
    }
}

fn url_finding(url: &str, at: &str, out: &mut Vec<Diagnostic>) {
    // A URL built from the data model is checked when resolved; a literal now.
    if let Err(e) = check_url(url) {
        out.push(Diagnostic::new(Code::UnsafeUrl, at, e.to_string()));
    }
}
