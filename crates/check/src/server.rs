//! The server as a whole: its `initialize` answer and the MCP Apps extension in its
//! capabilities.

use mcpapp_protocol::EXTENSION_ID;
use serde_json::Value;

use crate::ids;
use crate::probe::Snapshot;
use crate::report::{Finding, Location, ServerSummary, clip};

/// The longest server name or version kept.
const MAX_NAME_CHARS: usize = 120;

/// What the server said about itself, and the findings on its `initialize` answer.
pub fn check(snapshot: &Snapshot, target: &str) -> (ServerSummary, Vec<Finding>) {
    let text = |pointer: &str| {
        snapshot
            .initialize
            .pointer(pointer)
            .and_then(Value::as_str)
            .map(|s| clip(s, MAX_NAME_CHARS))
            .unwrap_or_default()
    };
    let summary = ServerSummary {
        target: target.to_owned(),
        name: text("/serverInfo/name"),
        version: text("/serverInfo/version"),
        protocol_version: text("/protocolVersion"),
    };
    let mut findings = vec![Finding::pass(
        ids::SERVER_INITIALIZE,
        Location::server(),
        format!(
            "{} {} answered initialize with protocol {}",
            or_unnamed(&summary.name),
            summary.version,
            summary.protocol_version
        ),
    )];
    findings.push(extension(&snapshot.initialize));
    (summary, findings)
}

fn or_unnamed(name: &str) -> &str {
    if name.is_empty() { "(unnamed)" } else { name }
}

/// The extension is the client's to advertise; a server may declare it too, and then it must
/// be an object as every extension setting is.
fn extension(initialize: &Value) -> Finding {
    let pointer = format!(
        "/capabilities/extensions/{}",
        EXTENSION_ID.replace('~', "~0").replace('/', "~1")
    );
    match initialize
        .get("capabilities")
        .and_then(|c| c.get("extensions"))
        .and_then(|e| e.get(EXTENSION_ID))
    {
        None => Finding::pass(
            ids::SERVER_EXTENSION,
            Location::server(),
            format!(
                "{EXTENSION_ID} is not declared, which is fine: hosts advertise it and read \
                 each tool's _meta.ui"
            ),
        ),
        Some(Value::Object(_)) => Finding::pass(
            ids::SERVER_EXTENSION,
            Location::server().at(pointer),
            format!("{EXTENSION_ID} is declared"),
        ),
        Some(other) => Finding::fail(
            ids::SERVER_EXTENSION,
            Location::server().at(pointer),
            format!(
                "{EXTENSION_ID} is declared as {}, not an object of settings",
                mcpapp_card::json_type(other)
            ),
        ),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::indexing_slicing, reason = "tests")]

    use super::*;
    use crate::report::Outcome;
    use serde_json::json;

    fn snapshot(initialize: Value) -> Snapshot {
        Snapshot {
            initialize,
            ..Snapshot::default()
        }
    }

    #[test]
    fn a_declared_extension_must_be_an_object() {
        let declared = |value: Value| {
            let init = json!({"protocolVersion": "2025-11-25",
                "serverInfo": {"name": "s", "version": "1"},
                "capabilities": {"extensions": {EXTENSION_ID: value}}});
            check(&snapshot(init), "cmd").1
        };
        assert_eq!(declared(json!({}))[1].outcome, Outcome::Pass);
        let bad = declared(json!(true));
        assert_eq!(bad[1].outcome, Outcome::Fail);
        assert_eq!(
            bad[1].location.pointer.as_deref(),
            Some("/capabilities/extensions/io.modelcontextprotocol~1ui")
        );
        let (summary, absent) = check(&snapshot(json!({"serverInfo": {"name": "s"}})), "cmd");
        assert_eq!(absent[1].outcome, Outcome::Pass);
        assert_eq!(summary.name, "s");
    }
}
