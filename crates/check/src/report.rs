//! What a check run found: one [`Finding`] per check and subject, and the [`Report`] that holds
//! them with the server they are about.

use serde::Serialize;

use crate::ids;

/// How a check came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// What was checked holds.
    Pass,
    /// Hosts will cope, but something is off or could not be checked (the run still passes).
    Warn,
    /// Hosts will show the app wrongly or not at all (the run fails).
    Fail,
}

impl Outcome {
    /// The word the reports use: `pass`, `warn` or `fail`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pass => "pass",
            Self::Warn => "warn",
            Self::Fail => "fail",
        }
    }
}

/// Where a finding is: the tool, the `ui://` resource and a JSON pointer into what was checked
/// (the tool's definition, the resource's read result, a message, a card), as far as they apply.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Location {
    /// The tool, by name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tool: Option<String>,
    /// The resource, by URI.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uri: Option<String>,
    /// A JSON pointer into the checked value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pointer: Option<String>,
}

impl Location {
    /// Nowhere in particular (the server as a whole).
    #[must_use]
    pub fn server() -> Self {
        Self::default()
    }

    /// A tool.
    #[must_use]
    pub fn tool(name: &str) -> Self {
        Self {
            tool: Some(name.to_owned()),
            ..Self::default()
        }
    }

    /// A resource.
    #[must_use]
    pub fn uri(uri: &str) -> Self {
        Self {
            uri: Some(uri.to_owned()),
            ..Self::default()
        }
    }

    /// This location with the resource `uri`.
    #[must_use]
    pub fn with_uri(mut self, uri: &str) -> Self {
        self.uri = Some(uri.to_owned());
        self
    }

    /// This location with a JSON `pointer`.
    #[must_use]
    pub fn at(mut self, pointer: impl Into<String>) -> Self {
        self.pointer = Some(pointer.into());
        self
    }

    /// `tool T, ui://…, at /p` for the reports; empty for the server as a whole.
    #[must_use]
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let Some(tool) = &self.tool {
            parts.push(format!("tool {tool}"));
        }
        if let Some(uri) = &self.uri {
            parts.push(uri.clone());
        }
        if let Some(pointer) = &self.pointer {
            parts.push(format!(
                "at {}",
                if pointer.is_empty() { "/" } else { pointer }
            ));
        }
        parts.join(", ")
    }
}

/// One check's result for one subject (the server, a tool, a resource, an app, a card).
///
/// `reason` and `location` may hold what the server or the app sent: hostile text, cut to a
/// bounded length here but not otherwise changed. The renderers make it printable.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// The check's stable id (see [`ids`]), like `tools.ui-meta.resource-uri`.
    pub check: &'static str,
    /// How it came out.
    pub outcome: Outcome,
    /// Why, in a sentence.
    pub reason: String,
    /// Where.
    #[serde(flatten)]
    pub location: Location,
}

/// The longest reason kept, in characters: a server's text quoted in one cannot make a report
/// huge.
pub const MAX_REASON_CHARS: usize = 600;

impl Finding {
    /// A finding; `reason` is cut to [`MAX_REASON_CHARS`].
    #[must_use]
    pub fn new(
        check: &'static str,
        outcome: Outcome,
        location: Location,
        reason: impl Into<String>,
    ) -> Self {
        Self {
            check,
            outcome,
            reason: clip(&reason.into(), MAX_REASON_CHARS),
            location,
        }
    }

    /// A passed check.
    #[must_use]
    pub fn pass(check: &'static str, location: Location, reason: impl Into<String>) -> Self {
        Self::new(check, Outcome::Pass, location, reason)
    }

    /// A warning.
    #[must_use]
    pub fn warn(check: &'static str, location: Location, reason: impl Into<String>) -> Self {
        Self::new(check, Outcome::Warn, location, reason)
    }

    /// A failed check.
    #[must_use]
    pub fn fail(check: &'static str, location: Location, reason: impl Into<String>) -> Self {
        Self::new(check, Outcome::Fail, location, reason)
    }

    /// A failed check on a value of the wrong JSON type: "`what` is a string, `expected`",
    /// where `expected` says what it should be (and what hosts do instead).
    pub(crate) fn wrong_type(
        check: &'static str,
        location: Location,
        what: &str,
        value: &serde_json::Value,
        expected: &str,
    ) -> Self {
        let found = mcpapp_card::json_type(value);
        Self::fail(check, location, format!("{what} is {found}, {expected}"))
    }

    /// This finding at `location` instead.
    #[must_use]
    pub fn relocated(mut self, location: Location) -> Self {
        self.location = location;
        self
    }

    /// The group the check belongs to (`server`, `tools`, `resources`, `app`, `card`).
    #[must_use]
    pub fn group(&self) -> &'static str {
        ids::group_of(self.check)
    }
}

/// `text` cut to at most `max` characters, with `…` where it was cut.
#[must_use]
pub fn clip(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((cut, _)) => format!("{}…", text.get(..cut).unwrap_or(text)),
        None => text.to_owned(),
    }
}

/// `1 tool`, `2 tools`: a count with its noun.
#[must_use]
pub fn plural(count: usize, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

/// The server that was checked, as it named itself.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct ServerSummary {
    /// How it was reached: the command line or the URL.
    pub target: String,
    /// `serverInfo.name`.
    pub name: String,
    /// `serverInfo.version`.
    pub version: String,
    /// The protocol version it chose.
    pub protocol_version: String,
}

/// How many findings came out each way.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// Passed checks.
    pub pass: usize,
    /// Warnings.
    pub warn: usize,
    /// Failed checks.
    pub fail: usize,
}

/// Everything a run found, in report order (grouped: server, tools, resources, app, card).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Report {
    /// The server.
    pub server: ServerSummary,
    /// The findings.
    pub findings: Vec<Finding>,
}

impl Report {
    /// A report of `findings` about `server`, put in report order (by group, then as found).
    #[must_use]
    pub fn new(server: ServerSummary, mut findings: Vec<Finding>) -> Self {
        findings.sort_by_key(|f| ids::group_rank(f.group()));
        Self { server, findings }
    }

    /// How many findings came out each way.
    #[must_use]
    pub fn summary(&self) -> Summary {
        let mut summary = Summary::default();
        for finding in &self.findings {
            match finding.outcome {
                Outcome::Pass => summary.pass += 1,
                Outcome::Warn => summary.warn += 1,
                Outcome::Fail => summary.fail += 1,
            }
        }
        summary
    }

    /// Whether no check failed (warnings allowed).
    #[must_use]
    pub fn passed(&self) -> bool {
        self.findings.iter().all(|f| f.outcome != Outcome::Fail)
    }

    /// The findings that did not pass.
    pub fn problems(&self) -> impl Iterator<Item = &Finding> {
        self.findings.iter().filter(|f| f.outcome != Outcome::Pass)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wrong_type_says_what_was_found_and_what_was_expected() {
        let finding = Finding::wrong_type(
            ids::RESOURCES_CSP,
            Location::server(),
            "csp",
            &serde_json::json!([1]),
            "not an object; hosts ignore it",
        );
        assert_eq!(finding.outcome, Outcome::Fail);
        assert_eq!(
            finding.reason,
            "csp is an array, not an object; hosts ignore it"
        );
    }

    #[test]
    fn reasons_are_cut_and_findings_sorted_by_group() {
        let long = "x".repeat(MAX_REASON_CHARS + 10);
        let finding = Finding::fail(ids::CARD_VALID, Location::tool("t"), long);
        assert_eq!(finding.reason.chars().count(), MAX_REASON_CHARS + 1);
        let report = Report::new(
            ServerSummary::default(),
            vec![
                finding,
                Finding::pass(ids::SERVER_INITIALIZE, Location::server(), "ok"),
            ],
        );
        assert_eq!(report.findings[0].check, ids::SERVER_INITIALIZE);
        assert!(!report.passed());
        assert_eq!(
            report.summary(),
            Summary {
                pass: 1,
                warn: 0,
                fail: 1
            }
        );
    }

    #[test]
    fn locations_read_naturally() {
        let at = Location::tool("get").with_uri("ui://a/b").at("/_meta/ui");
        assert_eq!(at.describe(), "tool get, ui://a/b, at /_meta/ui");
        assert_eq!(Location::server().describe(), "");
    }
}
