//! The report for people: grouped, one line per check, and a summary line.

use std::fmt::Write as _;

use crate::report::{Outcome, Report};

/// The report as text: a heading, the findings grouped (server, tools, resources, app, card)
/// one per line (`fail  tools.description  tool get: … `), and a summary line.
#[must_use]
pub fn human(report: &Report) -> String {
    let report = super::printable(report);
    let mut out = String::new();
    let server = &report.server;
    let _ = writeln!(
        out,
        "mcpapp check: {} {} ({})",
        if server.name.is_empty() {
            "(unnamed server)"
        } else {
            &server.name
        },
        server.version,
        server.target
    );
    let mut group = "";
    for finding in &report.findings {
        if finding.group() != group {
            group = finding.group();
            let _ = writeln!(out, "\n{group}");
        }
        let mark = match finding.outcome {
            Outcome::Pass => "pass",
            Outcome::Warn => "WARN",
            Outcome::Fail => "FAIL",
        };
        let place = finding.location.describe();
        let place = if place.is_empty() {
            String::new()
        } else {
            format!(" [{place}]")
        };
        let _ = writeln!(
            out,
            "  {mark}  {}{place}: {}",
            finding.check, finding.reason
        );
    }
    let summary = report.summary();
    let verdict = if report.passed() { "PASSED" } else { "FAILED" };
    let _ = writeln!(
        out,
        "\n{verdict}: {} passed, {} {}, {} failed",
        summary.pass,
        summary.warn,
        if summary.warn == 1 {
            "warning"
        } else {
            "warnings"
        },
        summary.fail
    );
    out
}
