//! The three forms of a report: for people ([`human`]), for programs ([`json`]) and for CI
//! systems ([`junit`]). Each one makes what servers and apps wrote printable first
//! ([`mcpapp_host::printable`]): their text never drives a terminal or a CI page.

mod human;
mod json;
mod junit;

pub use human::human;
pub use json::json;
pub use junit::junit;

use crate::report::{Finding, Location, Report, ServerSummary};

/// `text` printable, as an owned string.
fn safe(text: &str) -> String {
    mcpapp_host::printable(text).into_owned()
}

/// The report with every string made printable.
fn printable(report: &Report) -> Report {
    let server = ServerSummary {
        target: safe(&report.server.target),
        name: safe(&report.server.name),
        version: safe(&report.server.version),
        protocol_version: safe(&report.server.protocol_version),
    };
    let findings = report
        .findings
        .iter()
        .map(|f| Finding {
            check: f.check,
            outcome: f.outcome,
            reason: safe(&f.reason),
            location: Location {
                tool: f.location.tool.as_deref().map(safe),
                uri: f.location.uri.as_deref().map(safe),
                pointer: f.location.pointer.as_deref().map(safe),
            },
        })
        .collect();
    Report { server, findings }
}
