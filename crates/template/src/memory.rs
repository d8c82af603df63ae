//! Resolving property paths against the data context.
//!
//! Mirrors upstream `TemplateObjectMemory` over `SimpleObjectMemory`: a path whose
//! first name starts with `$` reads a keyword (`$root`, `$data`, `$index`, `$host`),
//! any other path is read under `$data`; lambda variables (`select(items, x, x.a)`)
//! shadow both. Property names match case-insensitively (upstream `accessProperty`),
//! a missing or out-of-range step yields undefined, never an error.

use serde_json::{Value, json};

use crate::js;

/// One step of a path.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Segment {
    /// `.name` (or the root name).
    Name(String),
    /// `[number]`.
    Index(f64),
    /// `['key']`; `quoted` is false when the key starts with digits, which upstream
    /// writes without quotes in the path text.
    Key {
        /// The key.
        key: String,
        /// Whether the path text quotes it.
        quoted: bool,
    },
}

/// Upstream's text for a path (`a[0].b`, `a['k']`), used for `${path}` substitution.
pub(crate) fn path_text(segments: &[Segment]) -> String {
    let mut out = String::new();
    for (i, segment) in segments.iter().enumerate() {
        match segment {
            Segment::Name(name) => {
                if i > 0 {
                    out.push('.');
                }
                out.push_str(name);
            }
            Segment::Index(n) => {
                out.push('[');
                out.push_str(&js::number_to_string(*n));
                out.push(']');
            }
            Segment::Key { key, quoted } => {
                out.push_str(if *quoted { "['" } else { "[" });
                out.push_str(key);
                out.push_str(if *quoted { "']" } else { "]" });
            }
        }
    }
    out
}

/// Upstream `accessProperty`: falsy values have no properties; object keys match
/// exactly first, then ignoring case. The case-insensitive scan visits every key: each visit
/// is added to `cost`, for the caller to charge to the budget.
pub(crate) fn access_property<'v>(
    value: &'v Value,
    key: &str,
    cost: &mut u64,
) -> Option<&'v Value> {
    if !js::js_truthy(value) {
        return None;
    }
    let Value::Object(map) = value else {
        return None;
    };
    if let Some(found) = map.get(key) {
        return Some(found);
    }
    let lower = key.to_lowercase();
    *cost = cost.saturating_add(u64::try_from(map.len()).unwrap_or(u64::MAX));
    map.iter()
        .find(|(k, _)| k.to_lowercase() == lower)
        .map(|(_, v)| v)
}

fn array_index(items: &[Value], index: f64) -> Option<&Value> {
    if index < 0.0 || !js::is_integer(index) {
        return None;
    }
    items.get(usize::try_from(js::to_i64(index)?).ok()?)
}

/// One step of `SimpleObjectMemory.getValue` (its work added to `cost`).
pub(crate) fn step<'v>(value: &'v Value, segment: &Segment, cost: &mut u64) -> Option<&'v Value> {
    match (segment, value) {
        (Segment::Index(n), Value::Array(items)) => array_index(items, *n),
        (Segment::Index(n), other) => access_property(other, &js::number_to_string(*n), cost),
        (Segment::Name(key) | Segment::Key { key, .. }, Value::Array(items)) => {
            js::parse_int(key).and_then(|i| array_index(items, i))
        }
        (Segment::Name(key) | Segment::Key { key, .. }, other) => access_property(other, key, cost),
    }
}

/// Follows `segments` from `value` (its work added to `cost`).
pub(crate) fn walk<'v>(
    value: &'v Value,
    segments: &[Segment],
    cost: &mut u64,
) -> Option<&'v Value> {
    segments.iter().try_fold(value, |v, s| step(v, s, cost))
}

/// Splits a path string the way `SimpleObjectMemory` does (used by `getProperty`):
/// on runs of `.`, `[` and `]`, stripping quotes around a part.
pub(crate) fn split_path(path: &str) -> Vec<Segment> {
    path.split(['.', '[', ']'])
        .filter(|p| !p.is_empty())
        .map(|p| {
            let unquoted = p
                .strip_prefix('\'')
                .and_then(|x| x.strip_suffix('\''))
                .or_else(|| p.strip_prefix('"').and_then(|x| x.strip_suffix('"')))
                .unwrap_or(p);
            Segment::Name(unquoted.to_owned())
        })
        .collect()
}

/// The keyword roots of the template memory.
pub(crate) struct Roots<'a> {
    /// `$root`.
    pub root: &'a Value,
    /// `$data`.
    pub data: &'a Value,
    /// `$index`, inside a `$data` repetition.
    pub index: Option<usize>,
    /// `$host`.
    pub host: Option<&'a Value>,
}

/// `$_acTemplateVersion`: the upstream engine version whose behaviour this crate follows.
fn template_version() -> Value {
    json!({"major": 2, "minor": 3, "patch": 1, "suffix": ""})
}

/// Resolves a rooted path (`name.a[0]`) through lambda variables, then the keywords,
/// then `$data`. Returns an owned copy only for synthesized roots (`$index`), so the
/// caller decides how to copy borrowed results. Its work (names compared, keys scanned) is
/// added to `cost`.
pub(crate) fn lookup<'v>(
    roots: &Roots<'v>,
    locals: &'v [(String, Value)],
    segments: &[Segment],
    cost: &mut u64,
) -> Option<std::borrow::Cow<'v, Value>> {
    use std::borrow::Cow;
    let (first, rest) = segments.split_first()?;
    let first_name = match first {
        Segment::Name(n) | Segment::Key { key: n, .. } => n.clone(),
        Segment::Index(n) => js::number_to_string(*n),
    };
    let lower = first_name.to_lowercase();
    *cost = cost.saturating_add(u64::try_from(locals.len()).unwrap_or(u64::MAX));
    for (name, value) in locals.iter().rev() {
        if name.to_lowercase() == lower
            && let Some(found) = walk(value, rest, cost)
        {
            return Some(Cow::Borrowed(found));
        }
    }
    if !first_name.starts_with('$') {
        return walk(roots.data, segments, cost).map(Cow::Borrowed);
    }
    let base: Cow<'v, Value> = match lower.as_str() {
        "$root" => Cow::Borrowed(roots.root),
        "$data" => Cow::Borrowed(roots.data),
        "$host" => Cow::Borrowed(roots.host?),
        "$index" => Cow::Owned(js::count(roots.index?)),
        "$_actemplateversion" => Cow::Owned(template_version()),
        _ => return None,
    };
    match base {
        Cow::Borrowed(v) => walk(v, rest, cost).map(Cow::Borrowed),
        Cow::Owned(v) => walk(&v, rest, cost).cloned().map(Cow::Owned),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_read_case_insensitively_and_skip_missing_steps() {
        let data = json!({"buildId": 7, "list": [{"a": 1}], "zero": 0});
        let segs = |v: Vec<Segment>| v;
        assert_eq!(
            walk(&data, &segs(vec![Segment::Name("buildID".into())]), &mut 0),
            Some(&json!(7))
        );
        let a = vec![
            Segment::Name("list".into()),
            Segment::Index(0.0),
            Segment::Name("a".into()),
        ];
        assert_eq!(walk(&data, &a, &mut 0), Some(&json!(1)));
        assert_eq!(
            walk(
                &data,
                &[Segment::Name("list".into()), Segment::Index(3.0)],
                &mut 0
            ),
            None
        );
        assert_eq!(
            walk(
                &data,
                &[Segment::Name("zero".into()), Segment::Name("x".into())],
                &mut 0
            ),
            None
        );
        assert_eq!(path_text(&a), "list[0].a");
        // A miss scans every key, and says so.
        let wide: serde_json::Map<String, Value> =
            (0..1000).map(|i| (format!("k{i}"), json!(i))).collect();
        let mut cost = 0;
        assert_eq!(
            walk(
                &Value::Object(wide),
                &[Segment::Name("missing".into())],
                &mut cost
            ),
            None
        );
        assert_eq!(cost, 1000);
    }

    #[test]
    fn keywords_and_locals() {
        let root = json!({"x": 1});
        let data = json!({"y": 2});
        let roots = Roots {
            root: &root,
            data: &data,
            index: Some(3),
            host: None,
        };
        let locals = vec![("it".to_owned(), json!({"z": 4}))];
        let get = |p: &str| {
            lookup(&roots, &locals, &split_path(p), &mut 0).map(std::borrow::Cow::into_owned)
        };
        assert_eq!(get("$root.x"), Some(json!(1)));
        assert_eq!(get("y"), Some(json!(2)));
        assert_eq!(get("$index"), Some(json!(3)));
        assert_eq!(get("IT.z"), Some(json!(4)));
        assert_eq!(get("$host.a"), None);
        assert_eq!(get("x"), None);
    }
}
