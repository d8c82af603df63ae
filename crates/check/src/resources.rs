//! The `ui://` resources: listed and readable, of a view's mime type, with metadata a host
//! keeps, an HTML document or a JSON card template.

use std::collections::{BTreeMap, BTreeSet};

use base64::Engine as _;
use mcpapp_protocol::{A2UI_MIME_TYPE, CARD_MIME_TYPE, HTML_MIME_TYPE, mime_type_matches};
use serde_json::{Map, Value};

use crate::csp;
use crate::ids;
use crate::probe::Snapshot;
use crate::report::{Finding, Location, Outcome, clip};
use crate::tools::ToolFacts;

/// The kind of view a resource is: the host's own, so the checker and hosts cannot disagree.
pub use mcpapp_host::ViewKind;

/// A `ui://` resource that passed every static check, so the behaviour checks may open it.
#[derive(Debug, Clone, PartialEq)]
pub struct View {
    /// What kind of view it is.
    pub kind: ViewKind,
    /// Its text (the HTML, the card template, or the A2UI stream).
    pub text: String,
}

/// The findings on the `ui://` resources, and the views that may be opened, by URI.
pub fn check(snapshot: &Snapshot, facts: &[ToolFacts]) -> (Vec<Finding>, BTreeMap<String, View>) {
    let named: BTreeSet<&str> = facts.iter().filter_map(|f| f.view.as_deref()).collect();
    let mut findings = Vec::new();
    let listed: BTreeMap<&str, &Value> = match &snapshot.resources {
        Ok(resources) => {
            findings.push(Finding::pass(
                ids::RESOURCES_LIST,
                Location::server(),
                format!(
                    "{} listed",
                    crate::report::plural(resources.len(), "resource")
                ),
            ));
            resources
                .iter()
                .filter_map(|r| Some((r.get("uri")?.as_str()?, r)))
                .collect()
        }
        Err(why) if !named.is_empty() => {
            findings.push(Finding::fail(ids::RESOURCES_LIST, Location::server(), why));
            BTreeMap::new()
        }
        Err(_) => BTreeMap::new(),
    };
    let mut unlisted = BTreeSet::new();
    for uri in &named {
        if listed.contains_key(uri) {
            findings.push(Finding::pass(
                ids::RESOURCES_LISTED,
                Location::uri(uri),
                "listed",
            ));
            continue;
        }
        unlisted.insert(*uri);
        let read = match snapshot.reads.get(*uri) {
            Some(Ok(_)) => {
                "it can be read, but hosts that look in the list do not find it".to_owned()
            }
            Some(Err(why)) => format!("and it cannot be read either ({why})"),
            None => "and it was not read (too many resources)".to_owned(),
        };
        let tools: Vec<&str> = facts
            .iter()
            .filter(|f| f.view.as_deref() == Some(*uri))
            .map(|f| f.name.as_str())
            .collect();
        findings.push(Finding::fail(
            ids::RESOURCES_LISTED,
            Location::uri(uri),
            format!(
                "{} names this view, but resources/list does not list it; {read}",
                tools.join(", ")
            ),
        ));
    }
    let mut views = BTreeMap::new();
    for (uri, read) in &snapshot.reads {
        let mut found = Vec::new();
        let view = match read {
            Err(_) if unlisted.contains(uri.as_str()) => None,
            Err(why) => {
                found.push(Finding::fail(ids::RESOURCES_READ, Location::uri(uri), why));
                None
            }
            Ok(read) => resource(uri, read, listed.get(uri.as_str()).copied(), &mut found),
        };
        let clean = !found.iter().any(|f| f.outcome == Outcome::Fail);
        if let (Some(view), true) = (view, clean) {
            views.insert(uri.clone(), view);
        }
        findings.extend(found);
    }
    (findings, views)
}

/// The checks of one read resource; the view when it is one.
fn resource(
    uri: &str,
    read: &Value,
    listing: Option<&Value>,
    findings: &mut Vec<Finding>,
) -> Option<View> {
    let at = Location::uri(uri);
    let contents = read.get("contents").and_then(Value::as_array);
    let Some((index, item)) = contents.and_then(|c| {
        c.iter()
            .enumerate()
            .find(|(_, item)| item.get("uri").and_then(Value::as_str) == Some(uri))
            .or_else(|| c.iter().enumerate().next())
    }) else {
        findings.push(Finding::fail(
            ids::RESOURCES_READ,
            at.at("/contents"),
            "the read result has no content item",
        ));
        return None;
    };
    findings.push(Finding::pass(ids::RESOURCES_READ, at.clone(), "read"));
    let item_at = format!("/contents/{index}");
    let kind = mime_type(
        item,
        listing,
        &at.clone().at(format!("{item_at}/mimeType")),
        findings,
    )?;
    let text = match content_text(item) {
        Ok(text) => text,
        Err(why) => {
            findings.push(Finding::fail(ids::RESOURCES_READ, at.at(item_at), why));
            return None;
        }
    };
    match kind {
        ViewKind::Html => {
            findings.push(html_document(
                &text,
                at.clone().at(format!("{item_at}/text")),
            ));
            ui_meta(item, &item_at, listing, &at, findings);
        }
        ViewKind::Card => findings.push(card_template(&text, at.at(format!("{item_at}/text")))),
        ViewKind::A2ui => findings.push(crate::behaviour::a2ui::view_stream(
            &text,
            at.at(format!("{item_at}/text")),
        )),
    }
    Some(View { kind, text })
}

fn mime_type(
    item: &Value,
    listing: Option<&Value>,
    at: &Location,
    findings: &mut Vec<Finding>,
) -> Option<ViewKind> {
    let mime = item.get("mimeType").and_then(Value::as_str);
    let kind = match mime {
        Some(m) if mime_type_matches(m, HTML_MIME_TYPE) => ViewKind::Html,
        Some(m) if mime_type_matches(m, CARD_MIME_TYPE) => ViewKind::Card,
        Some(m) if mime_type_matches(m, A2UI_MIME_TYPE) => ViewKind::A2ui,
        other => {
            let shown = other.map_or_else(
                || "no mime type".to_owned(),
                |m| format!("`{}`", clip(m, 80)),
            );
            findings.push(Finding::fail(
                ids::RESOURCES_MIME_TYPE,
                at.clone(),
                format!(
                    "{shown} is none of {HTML_MIME_TYPE} (an HTML app), {CARD_MIME_TYPE} (a \
                     card) and {A2UI_MIME_TYPE} (A2UI); hosts do not open it as a view"
                ),
            ));
            return None;
        }
    };
    let listed = listing
        .and_then(|l| l.get("mimeType"))
        .and_then(Value::as_str);
    findings.push(match (listed, mime) {
        (Some(listed), Some(read)) if !mime_type_matches(listed, read) => Finding::warn(
            ids::RESOURCES_MIME_TYPE,
            at.clone(),
            format!(
                "resources/list says `{}` but the content is `{read}`",
                clip(listed, 80)
            ),
        ),
        _ => Finding::pass(
            ids::RESOURCES_MIME_TYPE,
            at.clone(),
            mime.unwrap_or_default(),
        ),
    });
    Some(kind)
}

/// The text of a content item: `text`, or a UTF-8 `blob`.
fn content_text(item: &Value) -> Result<String, String> {
    if let Some(text) = item.get("text").and_then(Value::as_str) {
        return Ok(text.to_owned());
    }
    let blob = item
        .get("blob")
        .and_then(Value::as_str)
        .ok_or("the content item has neither text nor blob")?;
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(blob)
        .map_err(|e| format!("the blob is not base64: {e}"))?;
    String::from_utf8(bytes).map_err(|_| "the blob is not UTF-8 text".to_owned())
}

/// Hosts put the text into a frame as a whole page.
fn html_document(text: &str, at: Location) -> Finding {
    let mut rest = text.trim_start_matches('\u{feff}').trim_start();
    // Comments may come before the doctype.
    while let Some(after) = rest.strip_prefix("<!--") {
        rest = after.split_once("-->").map_or("", |(_, r)| r).trim_start();
    }
    let head: String = rest
        .chars()
        .take(14)
        .collect::<String>()
        .to_ascii_lowercase();
    if head.starts_with("<!doctype html") || head.starts_with("<html") {
        return Finding::pass(ids::RESOURCES_HTML_DOCUMENT, at, "an HTML document");
    }
    let start: String = rest.chars().take(40).collect();
    Finding::fail(
        ids::RESOURCES_HTML_DOCUMENT,
        at,
        if rest.is_empty() {
            "the HTML is empty".to_owned()
        } else {
            format!(
                "the HTML is not a document (it starts with `{start}`); start it with \
                 <!doctype html> so that browsers do not render it in quirks mode"
            )
        },
    )
}

fn card_template(text: &str, at: Location) -> Finding {
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(card))
            if matches!(
                card.get("type").and_then(Value::as_str),
                Some("McpApp" | "AdaptiveCard")
            ) =>
        {
            Finding::pass(ids::RESOURCES_CARD_TEMPLATE, at, "a JSON card template")
        }
        Ok(_) => Finding::fail(
            ids::RESOURCES_CARD_TEMPLATE,
            at,
            "the card template is not a JSON object of type McpApp or AdaptiveCard",
        ),
        Err(e) => Finding::fail(
            ids::RESOURCES_CARD_TEMPLATE,
            at,
            format!("the card template is not JSON: {e}"),
        ),
    }
}

/// The `_meta.ui` a host uses (the content item's, else the listing's) and its parts.
fn ui_meta(
    item: &Value,
    item_at: &str,
    listing: Option<&Value>,
    at: &Location,
    findings: &mut Vec<Finding>,
) {
    // The listing entry's has a pointer without `/contents`.
    let found = item
        .pointer("/_meta/ui")
        .map(|ui| (ui, at.clone().at(format!("{item_at}/_meta/ui"))))
        .or_else(|| {
            listing
                .and_then(|l| l.pointer("/_meta/ui"))
                .map(|ui| (ui, at.clone().at("/_meta/ui")))
        });
    let Some((ui, ui_at)) = found else {
        findings.push(Finding::pass(
            ids::RESOURCES_CSP,
            at.clone(),
            "no _meta.ui: the restrictive default sandbox applies (no network)",
        ));
        return;
    };
    let Some(ui) = ui.as_object() else {
        findings.push(Finding::wrong_type(
            ids::RESOURCES_UI_META,
            ui_at,
            "_meta.ui",
            ui,
            "not an object; hosts ignore it",
        ));
        return;
    };
    findings.push(ui_members(ui, &ui_at));
    findings.extend(csp::check_csp(ui, &ui_at));
    findings.extend(csp::check_permissions(ui, &ui_at));
}

/// `domain` a string, `prefersBorder` a boolean.
fn ui_members(ui: &Map<String, Value>, at: &Location) -> Finding {
    let wrong: Vec<String> = [
        ("domain", Value::is_string as fn(&Value) -> bool),
        ("prefersBorder", Value::is_boolean),
    ]
    .into_iter()
    .filter_map(|(key, fits)| {
        let value = ui.get(key)?;
        (!fits(value)).then(|| format!("{key} is {}", mcpapp_card::json_type(value)))
    })
    .collect();
    if wrong.is_empty() {
        Finding::pass(
            ids::RESOURCES_UI_META,
            at.clone(),
            "_meta.ui is well-formed",
        )
    } else {
        Finding::fail(
            ids::RESOURCES_UI_META,
            at.clone(),
            format!(
                "{} (domain is a string, prefersBorder a boolean)",
                wrong.join(", ")
            ),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn facts(view: &str) -> Vec<ToolFacts> {
        vec![ToolFacts {
            name: "show".to_owned(),
            view: Some(view.to_owned()),
            visibility: crate::tools::Visibility::Default,
            input_schema: Map::new(),
        }]
    }

    fn snapshot(listed: &Value, reads: Vec<(&str, Result<Value, String>)>) -> Snapshot {
        Snapshot {
            resources: Ok(listed.as_array().cloned().unwrap_or_default()),
            reads: reads
                .into_iter()
                .map(|(uri, read)| (uri.to_owned(), read))
                .collect(),
            ..Snapshot::default()
        }
    }

    fn problems(findings: &[Finding]) -> Vec<(&'static str, Outcome)> {
        findings
            .iter()
            .filter(|f| f.outcome != Outcome::Pass)
            .map(|f| (f.check, f.outcome))
            .collect()
    }

    const APP: &str = "<!doctype html><html><body>hi</body></html>";

    #[test]
    fn a_good_html_view_passes_and_may_be_opened() {
        let read = json!({"contents": [{"uri": "ui://a/app", "mimeType": HTML_MIME_TYPE, "text": APP,
            "_meta": {"ui": {"csp": {"connectDomains": ["https://api.example.com"]}, "prefersBorder": true}}}]});
        let snap = snapshot(
            &json!([{"uri": "ui://a/app", "name": "app", "mimeType": HTML_MIME_TYPE}]),
            vec![("ui://a/app", Ok(read))],
        );
        let (findings, views) = check(&snap, &facts("ui://a/app"));
        assert_eq!(problems(&findings), []);
        assert_eq!(views["ui://a/app"].kind, ViewKind::Html);
    }

    #[test]
    fn a_missing_resource_is_one_finding() {
        let snap = snapshot(
            &json!([]),
            vec![("ui://a/gone", Err("no such resource".to_owned()))],
        );
        let (findings, views) = check(&snap, &facts("ui://a/gone"));
        assert_eq!(
            problems(&findings),
            [(ids::RESOURCES_LISTED, Outcome::Fail)]
        );
        assert!(views.is_empty());
    }

    #[test]
    fn a_wrong_mime_type_or_a_fragment_is_named() {
        let read = |mime: &str, text: &str| json!({"contents": [{"uri": "ui://a/app", "mimeType": mime, "text": text}]});
        let listed = json!([{"uri": "ui://a/app", "name": "app"}]);
        let snap = snapshot(&listed, vec![("ui://a/app", Ok(read("text/html", APP)))]);
        assert_eq!(
            problems(&check(&snap, &facts("ui://a/app")).0),
            [(ids::RESOURCES_MIME_TYPE, Outcome::Fail)]
        );
        let snap = snapshot(
            &listed,
            vec![("ui://a/app", Ok(read(HTML_MIME_TYPE, "<p>hi</p>")))],
        );
        assert_eq!(
            problems(&check(&snap, &facts("ui://a/app")).0),
            [(ids::RESOURCES_HTML_DOCUMENT, Outcome::Fail)]
        );
    }

    #[test]
    fn a_card_template_is_json() {
        let read = json!({"contents": [{"uri": "ui://a/card", "mimeType": CARD_MIME_TYPE,
            "text": "{\"type\": \"McpApp\", \"body\": []}"}]});
        let snap = snapshot(
            &json!([{"uri": "ui://a/card", "name": "card"}]),
            vec![("ui://a/card", Ok(read))],
        );
        let (findings, views) = check(&snap, &facts("ui://a/card"));
        assert_eq!(problems(&findings), []);
        assert_eq!(views["ui://a/card"].kind, ViewKind::Card);
    }
}
