//! The report for CI systems: `JUnit` XML, one test suite per group and one test case per
//! finding. A failed check is a `<failure>`; a warning passes, with its reason in
//! `<system-out>`.

use std::io;

use quick_xml::Writer;
use quick_xml::events::{BytesDecl, BytesText, Event};

use crate::ids;
use crate::report::{Finding, Outcome, Report};

/// The report as `JUnit` XML (the common dialect Jenkins, GitLab and GitHub's reporters read).
#[must_use]
pub fn junit(report: &Report) -> String {
    let report = super::printable(report);
    // Writing into memory cannot fail.
    let bytes = write(&report).unwrap_or_default();
    String::from_utf8(bytes).unwrap_or_default()
}

fn write(report: &Report) -> io::Result<Vec<u8>> {
    let mut writer = Writer::new_with_indent(Vec::new(), b' ', 2);
    writer.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))?;
    let summary = report.summary();
    let name = format!("mcpapp check {}", xml_safe(&report.server.name));
    writer
        .create_element("testsuites")
        .with_attribute(("name", name.as_str()))
        .with_attribute(("tests", report.findings.len().to_string().as_str()))
        .with_attribute(("failures", summary.fail.to_string().as_str()))
        .with_attribute(("errors", "0"))
        .with_attribute(("skipped", "0"))
        .with_attribute(("time", "0"))
        .write_inner_content(|w| {
            for group in ids::GROUPS {
                let cases: Vec<&Finding> = report
                    .findings
                    .iter()
                    .filter(|f| f.group() == *group)
                    .collect();
                if !cases.is_empty() {
                    suite(w, group, &cases)?;
                }
            }
            Ok(())
        })?;
    Ok(writer.into_inner())
}

fn suite(w: &mut Writer<Vec<u8>>, group: &str, cases: &[&Finding]) -> io::Result<()> {
    let failures = cases.iter().filter(|f| f.outcome == Outcome::Fail).count();
    w.create_element("testsuite")
        .with_attribute(("name", group))
        .with_attribute(("tests", cases.len().to_string().as_str()))
        .with_attribute(("failures", failures.to_string().as_str()))
        .with_attribute(("errors", "0"))
        .with_attribute(("skipped", "0"))
        .with_attribute(("time", "0"))
        .write_inner_content(|w| {
            for finding in cases {
                case(w, group, finding)?;
            }
            Ok(())
        })?;
    Ok(())
}

fn case(w: &mut Writer<Vec<u8>>, group: &str, finding: &Finding) -> io::Result<()> {
    let place = finding.location.describe();
    let name = if place.is_empty() {
        finding.check.to_owned()
    } else {
        format!("{} [{}]", finding.check, xml_safe(&place))
    };
    let classname = format!("mcpapp-check.{group}");
    let reason = xml_safe(&finding.reason);
    let element = w
        .create_element("testcase")
        .with_attribute(("name", name.as_str()))
        .with_attribute(("classname", classname.as_str()))
        .with_attribute(("time", "0"));
    match finding.outcome {
        Outcome::Pass => {
            element.write_empty()?;
        }
        Outcome::Fail => {
            element.write_inner_content(|w| {
                w.create_element("failure")
                    .with_attribute(("message", reason.as_str()))
                    .with_attribute(("type", finding.check))
                    .write_text_content(BytesText::new(&reason))?;
                Ok(())
            })?;
        }
        Outcome::Warn => {
            element.write_inner_content(|w| {
                w.create_element("system-out")
                    .write_text_content(BytesText::new(&format!("warning: {reason}")))?;
                Ok(())
            })?;
        }
    }
    Ok(())
}

/// XML 1.0 has no place for U+FFFE and U+FFFF (controls are already escaped by `printable`).
fn xml_safe(text: &str) -> String {
    text.replace(['\u{fffe}', '\u{ffff}'], "\u{fffd}")
}
