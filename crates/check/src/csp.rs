//! A view's `_meta.ui.csp` and `permissions`: which entries a host keeps, and for each one it
//! drops, why.
//!
//! Hosts put only plain origins into the frame's policy (mcpapp's rule is
//! [`mcpapp_html::csp::is_safe_origin`]; the reference host's is as strict): an entry with a
//! path, a bare wildcard or a stray `;` never reaches the browser, so the app silently loses
//! what it asked for.

use mcpapp_html::csp::{is_private_origin, is_safe_origin};
use serde_json::{Map, Value};

use crate::ids;
use crate::report::{Finding, Location, clip};

/// The CSP lists the spec defines, with the directives they feed.
const LISTS: &[(&str, &str)] = &[
    ("connectDomains", "connect-src"),
    (
        "resourceDomains",
        "script-src, style-src, img-src, font-src and media-src",
    ),
    ("frameDomains", "frame-src"),
    ("baseUriDomains", "base-uri"),
];

/// The permissions the spec defines (`McpUiResourcePermissions`).
const PERMISSIONS: &[&str] = &["camera", "microphone", "geolocation", "clipboardWrite"];

/// The most entry findings per list: a list of thousands cannot flood the report.
const MAX_ENTRY_FINDINGS: usize = 10;

/// The findings on a view's `csp` (`ui` is its `_meta.ui`, `at` points at it).
pub fn check_csp(ui: &Map<String, Value>, at: &Location) -> Vec<Finding> {
    let Some(csp) = ui.get("csp") else {
        return vec![Finding::pass(
            ids::RESOURCES_CSP,
            at.clone(),
            "no csp: the restrictive default applies (no network)",
        )];
    };
    let at_csp = pointer(at, "/csp");
    let Some(csp) = csp.as_object() else {
        return vec![Finding::wrong_type(
            ids::RESOURCES_CSP,
            at_csp,
            "csp",
            csp,
            "not an object; hosts ignore it and the app gets no network",
        )];
    };
    let mut findings = Vec::new();
    let mut kept = 0;
    for (list, directive) in LISTS {
        let Some(value) = csp.get(*list) else {
            continue;
        };
        let at_list = pointer(&at_csp, &format!("/{list}"));
        let Some(entries) = value.as_array() else {
            findings.push(Finding::wrong_type(
                ids::RESOURCES_CSP,
                at_list,
                list,
                value,
                "not an array of origins; hosts drop it",
            ));
            continue;
        };
        let mut reported = 0;
        for (n, entry) in entries.iter().enumerate() {
            match judge(entry) {
                Judgement::Kept => kept += 1,
                judgement if reported < MAX_ENTRY_FINDINGS => {
                    reported += 1;
                    findings.push(judgement.finding(
                        pointer(&at_list, &format!("/{n}")),
                        entry,
                        directive,
                    ));
                }
                _ => {}
            }
        }
    }
    if !findings.iter().any(|f| f.outcome == crate::Outcome::Fail) {
        findings.push(Finding::pass(
            ids::RESOURCES_CSP,
            at_csp,
            format!(
                "{}, each one a host keeps",
                crate::report::plural(kept, "origin")
            ),
        ));
    }
    findings
}

/// The findings on a view's `permissions`.
pub fn check_permissions(ui: &Map<String, Value>, at: &Location) -> Vec<Finding> {
    let Some(permissions) = ui.get("permissions") else {
        return Vec::new();
    };
    let at = pointer(at, "/permissions");
    let Some(permissions) = permissions.as_object() else {
        return vec![Finding::wrong_type(
            ids::RESOURCES_PERMISSIONS,
            at,
            "permissions",
            permissions,
            "not an object",
        )];
    };
    let mut findings = Vec::new();
    for (name, value) in permissions.iter().take(MAX_ENTRY_FINDINGS) {
        let at_name = pointer(&at, &format!("/{}", escape(name)));
        if !PERMISSIONS.contains(&name.as_str()) {
            findings.push(Finding::warn(
                ids::RESOURCES_PERMISSIONS,
                at_name,
                format!(
                    "`{}` is not a permission the spec defines ({}); hosts ignore it",
                    clip(name, 60),
                    PERMISSIONS.join(", ")
                ),
            ));
        } else if !value.is_object() {
            findings.push(Finding::fail(
                ids::RESOURCES_PERMISSIONS,
                at_name,
                format!(
                    "{name} is {}; a permission is requested with {{}}",
                    mcpapp_card::json_type(value)
                ),
            ));
        }
    }
    if findings.is_empty() {
        let names: Vec<&str> = permissions.keys().map(String::as_str).collect();
        findings.push(Finding::pass(
            ids::RESOURCES_PERMISSIONS,
            at,
            format!(
                "asks for {}",
                if names.is_empty() {
                    "nothing".to_owned()
                } else {
                    names.join(", ")
                }
            ),
        ));
    }
    findings
}

/// What a host does with one entry.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Judgement {
    /// Put into the policy.
    Kept,
    /// Dropped unless the host's user allows local origins.
    Private,
    /// Dropped, for this reason.
    Dropped(&'static str),
}

impl Judgement {
    fn finding(&self, at: Location, entry: &Value, directive: &str) -> Finding {
        let shown = match entry {
            Value::String(s) => format!("`{}`", clip(s, 120)),
            other => mcpapp_card::json_type(other).to_owned(),
        };
        match self {
            Self::Kept => Finding::pass(ids::RESOURCES_CSP, at, format!("{shown} is kept")),
            Self::Private => Finding::warn(
                ids::RESOURCES_CSP,
                at,
                format!(
                    "{shown} is on the user's own machine or private network: hosts drop it \
                     from {directive} unless their user allows local origins"
                ),
            ),
            Self::Dropped(why) => Finding::fail(
                ids::RESOURCES_CSP,
                at,
                format!("{shown} is dropped from {directive}: {why}"),
            ),
        }
    }
}

/// What a host does with `entry`, and why.
fn judge(entry: &Value) -> Judgement {
    let Some(entry) = entry.as_str() else {
        return Judgement::Dropped("an origin is a string");
    };
    if is_safe_origin(entry) {
        return if is_private_origin(entry) {
            Judgement::Private
        } else {
            Judgement::Kept
        };
    }
    Judgement::Dropped(why_dropped(entry))
}

/// Why [`is_safe_origin`] refuses `entry`, in the words a server author needs.
fn why_dropped(entry: &str) -> &'static str {
    if entry.trim().is_empty() {
        return "it is empty";
    }
    if entry
        .chars()
        .any(|c| c.is_whitespace() || matches!(c, ';' | ',' | '\'' | '"'))
    {
        return "it has a space, `;`, `,` or a quote, which could add a keyword or a directive";
    }
    if entry == "*" || entry.starts_with("*:") || entry.starts_with("*.") {
        return "a wildcard on its own allows any origin; write a scheme and a wildcard \
                subdomain of a named domain (`https://*.example.com`)";
    }
    let Some((scheme, rest)) = entry.split_once("://") else {
        return "it has no scheme; write an origin like `https://cdn.example.com`";
    };
    if !matches!(
        scheme.to_ascii_lowercase().as_str(),
        "http" | "https" | "ws" | "wss"
    ) {
        return "only http, https, ws and wss origins are allowed";
    }
    let rest = rest.strip_suffix('/').unwrap_or(rest);
    if rest.contains(['/', '?', '#']) {
        return "it has a path, query or fragment; a CSP entry here is an origin \
                (scheme://host[:port]) only";
    }
    let host = rest.rsplit_once(':').map_or(rest, |(host, _)| host);
    if host.contains('*') {
        if host == "*" || (host.starts_with("*.") && !host.get(2..).unwrap_or("").contains('.')) {
            return "a wildcard over every host or a whole top-level domain; only a wildcard \
                    subdomain of a named domain (`https://*.example.com`) is allowed";
        }
        return "a wildcard is allowed only as the first label (`https://*.example.com`)";
    }
    if rest.contains('@') {
        return "it has user information; write the origin only";
    }
    if rest
        .rsplit_once(':')
        .is_some_and(|(_, port)| port.parse::<u16>().is_err() && port != "*")
    {
        return "its port is not a number";
    }
    "its host is not a domain name or an IPv4 address"
}

/// `at` with `suffix` appended to its pointer.
fn pointer(at: &Location, suffix: &str) -> Location {
    let base = at.pointer.clone().unwrap_or_default();
    at.clone().at(format!("{base}{suffix}"))
}

/// A JSON pointer token for `key`.
pub fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

#[cfg(test)]
mod tests {
    #![allow(clippy::indexing_slicing, reason = "tests")]

    use super::*;
    use crate::report::Outcome;
    use serde_json::json;

    fn judged(entry: &str) -> Judgement {
        judge(&json!(entry))
    }

    #[test]
    fn origins_are_kept_and_the_rest_dropped_with_a_reason() {
        assert_eq!(judged("https://api.example.com"), Judgement::Kept);
        assert_eq!(judged("https://*.example.com"), Judgement::Kept);
        assert_eq!(judged("http://localhost:3000"), Judgement::Private);
        let why = |entry| match judged(entry) {
            Judgement::Dropped(why) => why,
            other => panic!("{entry}: {other:?}"),
        };
        assert!(why("https://api.example.com/v1").contains("path"));
        assert!(why("*").contains("wildcard"));
        assert!(why("https://*").contains("wildcard"));
        assert!(why("https://*.com").contains("top-level"));
        assert!(why("https://a.*.example.com").contains("first label"));
        assert!(why("api.example.com").contains("no scheme"));
        assert!(why("ftp://example.com").contains("only http"));
        assert!(why("https://a.com; script-src *").contains("directive"));
        assert!(why("").contains("empty"));
    }

    #[test]
    fn one_finding_per_dropped_entry_and_a_pass_otherwise() {
        let ui = json!({"csp": {"connectDomains": ["https://a.example.com", "https://b.example.com/x"],
                                "resourceDomains": ["*"]}});
        let ui = ui.as_object().unwrap();
        let findings = check_csp(ui, &Location::uri("ui://a/b").at("/contents/0/_meta/ui"));
        assert_eq!(findings.len(), 2);
        assert!(findings.iter().all(|f| f.outcome == Outcome::Fail));
        assert_eq!(
            findings[0].location.pointer.as_deref(),
            Some("/contents/0/_meta/ui/csp/connectDomains/1")
        );
        let fine = json!({"csp": {"connectDomains": ["https://a.example.com"]}});
        let findings = check_csp(fine.as_object().unwrap(), &Location::uri("ui://a/b"));
        assert_eq!(findings.len(), 1);
        assert_eq!(findings[0].outcome, Outcome::Pass);
    }

    #[test]
    fn permissions_are_known_and_objects() {
        let ui = json!({"permissions": {"camera": {}, "teleport": {}, "microphone": true}});
        let findings = check_permissions(ui.as_object().unwrap(), &Location::uri("ui://a/b"));
        let outcomes: Vec<Outcome> = findings.iter().map(|f| f.outcome).collect();
        assert_eq!(outcomes, [Outcome::Fail, Outcome::Warn]);
    }
}
