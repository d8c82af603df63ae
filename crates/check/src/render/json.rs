//! The report for programs: one JSON document.

use serde::Serialize;

use crate::report::{Finding, Report, ServerSummary, Summary};

/// The document `mcpapp check --json` prints.
#[derive(Serialize)]
struct Document<'a> {
    /// Whether no check failed.
    passed: bool,
    /// The version of the official MCP Apps schema messages were checked against.
    ext_apps_schema: &'static str,
    server: &'a ServerSummary,
    summary: Summary,
    findings: &'a [Finding],
}

/// The report as one pretty-printed JSON document:
/// `{"passed", "ext_apps_schema", "server": {"target", "name", "version", "protocol_version"},
/// "summary": {"pass", "warn", "fail"}, "findings": [{"check", "outcome", "reason", "tool",
/// "uri", "pointer"}]}` (absent location parts are left out).
#[must_use]
pub fn json(report: &Report) -> String {
    let report = super::printable(report);
    let document = Document {
        passed: report.passed(),
        ext_apps_schema: mcpapp_apps_schema::EXT_APPS_VERSION,
        server: &report.server,
        summary: report.summary(),
        findings: &report.findings,
    };
    // Plain strings, numbers and booleans: serializing cannot fail.
    serde_json::to_string_pretty(&document).unwrap_or_default()
}
