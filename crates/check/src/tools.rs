//! `tools/list`: every tool's `_meta.ui` as the spec writes it, descriptions for the model, and
//! what the later checks need to know of each tool ([`ToolFacts`]).

use std::collections::BTreeSet;

use mcpapp_protocol::{RESOURCE_URI_META_KEY, is_ui_resource_uri};
use serde_json::{Map, Value};

use crate::ids;
use crate::report::{Finding, Location, clip, plural};

/// The longest tool name kept.
const MAX_TOOL_NAME_CHARS: usize = 200;

/// Who may use a tool, as its `_meta.ui.visibility` says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Visibility {
    /// None declared: the model and apps.
    Default,
    /// An array of strings (known or not).
    Listed(Vec<String>),
    /// Not an array of strings: hosts let nobody call the tool.
    Malformed,
}

/// What the checks after `tools/list` need to know of a tool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolFacts {
    /// Its name.
    pub name: String,
    /// Its `ui://` view, if it names one (nested key first, as hosts read it).
    pub view: Option<String>,
    /// Who may use it.
    pub visibility: Visibility,
    /// Its input schema.
    pub input_schema: Map<String, Value>,
}

impl ToolFacts {
    /// Whether the model may see and call it.
    #[must_use]
    pub fn model_visible(&self) -> bool {
        match &self.visibility {
            Visibility::Default => true,
            Visibility::Listed(list) => list.iter().any(|v| v == "model"),
            Visibility::Malformed => false,
        }
    }

    /// Whether only views may call it (a well-formed visibility with `app` and without `model`).
    #[must_use]
    pub fn app_only(&self) -> bool {
        matches!(&self.visibility, Visibility::Listed(list)
            if list.iter().any(|v| v == "app") && !list.iter().any(|v| v == "model"))
    }

    /// Whether a view may call it, when its visibility says (`None` when malformed).
    #[must_use]
    pub fn app_visible(&self) -> Option<bool> {
        match &self.visibility {
            Visibility::Default => Some(true),
            Visibility::Listed(list) => Some(list.iter().any(|v| v == "app")),
            Visibility::Malformed => None,
        }
    }
}

/// The findings on `tools/list` and each tool, and the facts of the tools.
pub fn check(tools: &Result<Vec<Value>, String>) -> (Vec<Finding>, Vec<ToolFacts>) {
    let tools = match tools {
        Ok(tools) => tools,
        Err(why) => {
            return (
                vec![Finding::fail(ids::TOOLS_LIST, Location::server(), why)],
                Vec::new(),
            );
        }
    };
    let mut findings = vec![Finding::pass(
        ids::TOOLS_LIST,
        Location::server(),
        format!("{} listed", plural(tools.len(), "tool")),
    )];
    let mut facts = Vec::new();
    for tool in tools {
        let name = tool.get("name").and_then(Value::as_str).unwrap_or_default();
        let name = clip(name, MAX_TOOL_NAME_CHARS);
        let meta = tool.get("_meta").and_then(Value::as_object);
        let ui = meta.and_then(|m| m.get("ui"));
        let at = Location::tool(&name);
        findings.extend(ui_shape(ui, &at));
        let ui = ui.and_then(Value::as_object);
        let nested = ui.and_then(|ui| ui.get("resourceUri"));
        findings.extend(resource_uri(nested, &at));
        findings.extend(legacy_key(
            nested,
            meta.and_then(|m| m.get(RESOURCE_URI_META_KEY)),
            &at,
        ));
        let (visibility, found) = visibility(ui.and_then(|ui| ui.get("visibility")), &at);
        findings.extend(found);
        // As hosts read it: the nested URI when it is a string, else the legacy one.
        let view = nested
            .and_then(Value::as_str)
            .or_else(|| {
                meta.and_then(|m| m.get(RESOURCE_URI_META_KEY))
                    .and_then(Value::as_str)
            })
            .filter(|uri| is_ui_resource_uri(uri))
            .map(str::to_owned);
        let fact = ToolFacts {
            name,
            view,
            visibility,
            input_schema: tool
                .get("inputSchema")
                .and_then(Value::as_object)
                .cloned()
                .unwrap_or_default(),
        };
        findings.extend(description(tool, &fact, &at));
        facts.push(fact);
    }
    (findings, facts)
}

fn ui_shape(ui: Option<&Value>, at: &Location) -> Option<Finding> {
    let at = at.clone().at("/_meta/ui");
    match ui? {
        Value::Object(ui) => {
            let misplaced: Vec<&str> = ["csp", "permissions"]
                .into_iter()
                .filter(|k| ui.contains_key(*k))
                .collect();
            Some(if misplaced.is_empty() {
                Finding::pass(ids::TOOLS_UI_META, at, "_meta.ui is an object")
            } else {
                Finding::warn(
                    ids::TOOLS_UI_META,
                    at,
                    format!(
                        "_meta.ui has {}, which belongs on the ui:// resource; hosts ignore it on a tool",
                        misplaced.join(" and ")
                    ),
                )
            })
        }
        other => Some(Finding::wrong_type(
            ids::TOOLS_UI_META,
            at,
            "_meta.ui",
            other,
            "not an object",
        )),
    }
}

fn resource_uri(nested: Option<&Value>, at: &Location) -> Option<Finding> {
    let at = at.clone().at("/_meta/ui/resourceUri");
    Some(match nested? {
        Value::String(uri) if is_ui_resource_uri(uri) && uri.len() > "ui://".len() => {
            Finding::pass(ids::TOOLS_RESOURCE_URI, at.with_uri(uri), "a ui:// URI")
        }
        Value::String(uri) => Finding::fail(
            ids::TOOLS_RESOURCE_URI,
            at,
            format!(
                "`{}` is not a ui:// URI; hosts open only ui:// resources as views",
                clip(uri, 200)
            ),
        ),
        other => Finding::wrong_type(
            ids::TOOLS_RESOURCE_URI,
            at,
            "resourceUri",
            other,
            "not a ui:// URI string",
        ),
    })
}

fn legacy_key(nested: Option<&Value>, legacy: Option<&Value>, at: &Location) -> Option<Finding> {
    let at = at.clone().at("/_meta/ui~1resourceUri");
    let legacy = legacy?;
    let Some(legacy) = legacy.as_str() else {
        return Some(Finding::wrong_type(
            ids::TOOLS_LEGACY_KEY,
            at,
            "the legacy ui/resourceUri",
            legacy,
            "not a string",
        ));
    };
    Some(match nested.and_then(Value::as_str) {
        Some(nested) if nested == legacy => Finding::pass(
            ids::TOOLS_LEGACY_KEY,
            at,
            "agrees with _meta.ui.resourceUri",
        ),
        Some(nested) => Finding::fail(
            ids::TOOLS_LEGACY_KEY,
            at,
            format!(
                "the legacy ui/resourceUri `{}` differs from _meta.ui.resourceUri `{}`: older \
                 hosts open one view, newer hosts the other",
                clip(legacy, 200),
                clip(nested, 200)
            ),
        ),
        None => Finding::warn(
            ids::TOOLS_LEGACY_KEY,
            at,
            "only the deprecated ui/resourceUri names the view; add _meta.ui.resourceUri",
        ),
    })
}

fn visibility(value: Option<&Value>, at: &Location) -> (Visibility, Option<Finding>) {
    let at = at.clone().at("/_meta/ui/visibility");
    let Some(value) = value else {
        return (Visibility::Default, None);
    };
    let Some(entries) = value
        .as_array()
        .and_then(|a| a.iter().map(Value::as_str).collect::<Option<Vec<&str>>>())
    else {
        let what = match value {
            Value::Array(_) => "an array with an entry that is not a string",
            other => mcpapp_card::json_type(other),
        };
        let finding = Finding::fail(
            ids::TOOLS_VISIBILITY,
            at,
            format!(
                "visibility is {what}, not an array of \"model\" and \"app\"; hosts let nobody \
                 call the tool"
            ),
        );
        return (Visibility::Malformed, Some(finding));
    };
    let unknown: BTreeSet<&str> = entries
        .iter()
        .copied()
        .filter(|v| !matches!(*v, "model" | "app"))
        .collect();
    let listed = Visibility::Listed(entries.iter().map(|v| (*v).to_owned()).collect());
    let finding = if !unknown.is_empty() {
        let unknown: Vec<String> = unknown
            .iter()
            .map(|v| format!("`{}`", clip(v, 40)))
            .collect();
        Finding::fail(
            ids::TOOLS_VISIBILITY,
            at,
            format!(
                "visibility has {}, which is neither \"model\" nor \"app\"",
                unknown.join(", ")
            ),
        )
    } else if entries.is_empty() {
        Finding::warn(
            ids::TOOLS_VISIBILITY,
            at,
            "visibility is empty: neither the model nor apps may call the tool",
        )
    } else {
        Finding::pass(ids::TOOLS_VISIBILITY, at, format!("{entries:?}"))
    };
    (listed, Some(finding))
}

fn description(tool: &Value, fact: &ToolFacts, at: &Location) -> Option<Finding> {
    if !fact.model_visible() {
        return None;
    }
    let at = at.clone().at("/description");
    Some(
        match tool
            .get("description")
            .and_then(Value::as_str)
            .map(str::trim)
        {
            Some(text) if !text.is_empty() => {
                Finding::pass(ids::TOOLS_DESCRIPTION, at, "the model is told what it does")
            }
            _ => Finding::fail(
                ids::TOOLS_DESCRIPTION,
                at,
                "the model may call this tool but it has no description",
            ),
        },
    )
}

/// Whether each app-only tool can be called by some view: a tool of the server with a `ui://`
/// view (an HTML app or a card template may call it), or a card that names it. When not every
/// card could be seen (`all_seen` false: a tool was not called, or failed), a tool no view
/// names is a warning, not a failure.
pub fn app_only_views(
    facts: &[ToolFacts],
    named_by_cards: &BTreeSet<String>,
    all_seen: bool,
) -> Vec<Finding> {
    let any_view = facts.iter().any(|f| f.view.is_some());
    facts
        .iter()
        .filter(|f| f.app_only())
        .map(|f| {
            let at = Location::tool(&f.name);
            if let Some(uri) = &f.view {
                Finding::pass(ids::TOOLS_APP_ONLY_VIEW, at, format!("its view is {uri}"))
            } else if named_by_cards.contains(&f.name) {
                Finding::pass(ids::TOOLS_APP_ONLY_VIEW, at, "a card's action calls it")
            } else if any_view {
                Finding::pass(
                    ids::TOOLS_APP_ONLY_VIEW,
                    at,
                    "the server's views may call it",
                )
            } else if all_seen {
                Finding::fail(
                    ids::TOOLS_APP_ONLY_VIEW,
                    at,
                    "only apps may call this tool, but no tool of the server has a view and no \
                     card names it: nothing can ever call it",
                )
            } else {
                Finding::warn(
                    ids::TOOLS_APP_ONLY_VIEW,
                    at,
                    "only apps may call this tool, and no view or card seen names it; not every \
                     tool could be called (see tools.call), so a card may still do",
                )
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::indexing_slicing, reason = "tests")]

    use super::*;
    use crate::report::Outcome;
    use serde_json::json;

    fn problems(tool: Value) -> Vec<(&'static str, Outcome)> {
        let (findings, _) = check(&Ok(vec![tool]));
        findings
            .into_iter()
            .filter(|f| f.outcome != Outcome::Pass)
            .map(|f| (f.check, f.outcome))
            .collect()
    }

    #[test]
    fn well_formed_metadata_passes() {
        let tool = json!({"name": "t", "description": "d", "inputSchema": {"type": "object"},
            "_meta": {"ui": {"resourceUri": "ui://a/b", "visibility": ["model", "app"]},
                      "ui/resourceUri": "ui://a/b"}});
        assert_eq!(problems(tool), []);
    }

    #[test]
    fn each_defect_is_named() {
        let base = |meta: Value| json!({"name": "t", "description": "d", "_meta": meta});
        assert_eq!(
            problems(base(json!({"ui": {"resourceUri": "https://a/b"}}))),
            [(ids::TOOLS_RESOURCE_URI, Outcome::Fail)]
        );
        assert_eq!(
            problems(base(json!({"ui": {"visibility": "app"}}))),
            [(ids::TOOLS_VISIBILITY, Outcome::Fail)]
        );
        assert_eq!(
            problems(base(json!({"ui": {"visibility": ["model", "agent"]}}))),
            [(ids::TOOLS_VISIBILITY, Outcome::Fail)]
        );
        assert_eq!(
            problems(base(
                json!({"ui": {"resourceUri": "ui://a/b"}, "ui/resourceUri": "ui://a/c"})
            )),
            [(ids::TOOLS_LEGACY_KEY, Outcome::Fail)]
        );
        assert_eq!(
            problems(base(json!({"ui": "ui://a/b"}))),
            [(ids::TOOLS_UI_META, Outcome::Fail)]
        );
        assert_eq!(
            problems(json!({"name": "t", "_meta": {"ui": {"resourceUri": "ui://a/b"}}})),
            [(ids::TOOLS_DESCRIPTION, Outcome::Fail)]
        );
        // An app-only tool needs no description.
        assert_eq!(
            problems(json!({"name": "t", "_meta": {"ui": {"visibility": ["app"]}}})),
            []
        );
    }

    #[test]
    fn an_app_only_tool_needs_some_view() {
        let (_, facts) = check(&Ok(vec![
            json!({"name": "helper", "_meta": {"ui": {"visibility": ["app"]}}}),
        ]));
        let none = BTreeSet::new();
        assert_eq!(
            app_only_views(&facts, &none, true)[0].outcome,
            Outcome::Fail
        );
        assert_eq!(
            app_only_views(&facts, &none, false)[0].outcome,
            Outcome::Warn
        );
        let named = BTreeSet::from(["helper".to_owned()]);
        assert_eq!(
            app_only_views(&facts, &named, true)[0].outcome,
            Outcome::Pass
        );
    }
}
