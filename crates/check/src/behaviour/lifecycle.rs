//! Judging one HTML app's run from what passed between it and the host: it initialized, said
//! so, reported its size, answered teardown; what it sent fits the schema; it logged no errors
//! and broke no rule of its CSP.
//!
//! Checks that depend on an earlier step are left out when that step failed: an app that never
//! sends `ui/initialize` has one finding about that, not four.

use std::time::{Duration, Instant};

use mcpapp_html::presenter::{ConsoleEntry, ConsoleKind};
use serde_json::Value;

use super::messages;
use crate::ids;
use crate::report::{Finding, Location, clip};

/// One message of an app's trace.
#[derive(Debug, Clone, PartialEq)]
pub struct Seen {
    /// From the app to the host (else the other way).
    pub to_host: bool,
    /// The message.
    pub message: Value,
    /// When it passed.
    pub at: Instant,
}

/// What happened while an app was open.
#[derive(Debug, Clone)]
pub struct AppRun {
    /// Where the findings are (the tool and its view).
    pub at: Location,
    /// Its messages, both ways, in order.
    pub trace: Vec<Seen>,
    /// When its page was opened.
    pub opened_at: Instant,
    /// What its frames logged.
    pub console: Vec<ConsoleEntry>,
    /// How many messages it posted that were not JSON-RPC (dropped before the host).
    pub dropped: u64,
    /// How long each step was waited for.
    pub timeout: Duration,
}

/// The most console findings per app.
const MAX_CONSOLE_FINDINGS: usize = 5;

impl AppRun {
    fn first(&self, to_host: bool, method: &str) -> Option<(usize, &Seen)> {
        self.trace.iter().enumerate().find(|(_, s)| {
            s.to_host == to_host && s.message.get("method").and_then(Value::as_str) == Some(method)
        })
    }

    /// The answer (from the other side) to the request `request`, after it.
    fn answer_to(&self, index: usize, request: &Seen) -> Option<&Seen> {
        let id = request.message.get("id")?;
        self.trace.iter().skip(index + 1).find(|s| {
            s.to_host != request.to_host
                && s.message.get("method").is_none()
                && s.message.get("id") == Some(id)
        })
    }

    fn millis(&self, seen: &Seen) -> u128 {
        seen.at
            .saturating_duration_since(self.opened_at)
            .as_millis()
    }
}

/// Every finding on the run.
pub fn judge(run: &AppRun) -> Vec<Finding> {
    let mut findings = lifecycle(run);
    findings.extend(messages::judge(&run.trace, run.dropped, &run.at));
    findings.extend(console(run));
    findings
}

fn lifecycle(run: &AppRun) -> Vec<Finding> {
    let at = &run.at;
    let secs = run.timeout.as_secs_f32();
    let Some((init_index, init)) = run.first(true, "ui/initialize") else {
        return vec![Finding::fail(
            ids::APP_INITIALIZE,
            at.clone(),
            format!(
                "the app sent no ui/initialize within {secs} s of loading; hosts never show it its data"
            ),
        )];
    };
    let mut findings = vec![Finding::pass(
        ids::APP_INITIALIZE,
        at.clone(),
        format!("ui/initialize {} ms after loading", run.millis(init)),
    )];
    // A refused ui/initialize is the message's fault, which the schema check names.
    let Some(answer) = run
        .answer_to(init_index, init)
        .filter(|a| a.message.get("result").is_some())
    else {
        return findings;
    };
    let initialized = run.trace.iter().find(|s| {
        s.to_host && s.at >= answer.at && method(s) == Some("ui/notifications/initialized")
    });
    let Some(initialized) = initialized else {
        findings.push(Finding::fail(
            ids::APP_INITIALIZED,
            at.clone(),
            format!(
                "the host answered ui/initialize but the app sent no ui/notifications/initialized \
                 within {secs} s; hosts send it its input and result only after that"
            ),
        ));
        return findings;
    };
    findings.push(Finding::pass(
        ids::APP_INITIALIZED,
        at.clone(),
        format!("initialized {} ms after loading", run.millis(initialized)),
    ));
    findings.push(size(run));
    findings.extend(teardown(run));
    findings
}

fn method(seen: &Seen) -> Option<&str> {
    seen.message.get("method").and_then(Value::as_str)
}

fn size(run: &AppRun) -> Finding {
    match run.first(true, "ui/notifications/size-changed") {
        Some((_, seen)) => {
            let dimension = |key: &str| {
                seen.message
                    .pointer(&format!("/params/{key}"))
                    .map_or_else(|| "?".to_owned(), ToString::to_string)
            };
            Finding::pass(
                ids::APP_SIZE,
                run.at.clone(),
                format!(
                    "reported {}×{}",
                    clip(&dimension("width"), 20),
                    clip(&dimension("height"), 20)
                ),
            )
        }
        None => Finding::fail(
            ids::APP_SIZE,
            run.at.clone(),
            "the app never reported its size (ui/notifications/size-changed); hosts cannot fit \
             an inline frame to it",
        ),
    }
}

fn teardown(run: &AppRun) -> Option<Finding> {
    let (index, request) = run.first(false, "ui/resource-teardown")?;
    let at = run.at.clone();
    Some(match run.answer_to(index, request) {
        Some(answer) if answer.message.get("result").is_some() => Finding::pass(
            ids::APP_TEARDOWN,
            at,
            format!(
                "answered ui/resource-teardown after {} ms",
                answer.at.saturating_duration_since(request.at).as_millis()
            ),
        ),
        Some(answer) => Finding::warn(
            ids::APP_TEARDOWN,
            at,
            format!(
                "answered ui/resource-teardown with an error, so hosts close it at once; answer \
                 {{}} once it is ready to go: {}",
                clip(
                    &answer
                        .message
                        .get("error")
                        .map(ToString::to_string)
                        .unwrap_or_default(),
                    200
                )
            ),
        ),
        None => Finding::fail(
            ids::APP_TEARDOWN,
            at,
            format!(
                "did not answer ui/resource-teardown within {} s; hosts close it without letting \
                 it save",
                run.timeout.as_secs_f32()
            ),
        ),
    })
}

/// Console errors warn; what the CSP refused fails (the app is broken in every host that
/// applies the policy it declared).
fn console(run: &AppRun) -> Vec<Finding> {
    let mut findings = Vec::new();
    // A frame's log and its page's may report the same refusal twice.
    let mut unique: Vec<&ConsoleEntry> = Vec::new();
    for entry in &run.console {
        if !unique
            .iter()
            .any(|u| u.kind == entry.kind && u.text == entry.text)
        {
            unique.push(entry);
        }
    }
    let (csp, other): (Vec<&ConsoleEntry>, Vec<&ConsoleEntry>) = unique
        .into_iter()
        .partition(|e| e.kind == ConsoleKind::CspViolation);
    for entry in csp.iter().take(MAX_CONSOLE_FINDINGS) {
        findings.push(Finding::fail(
            ids::APP_CSP,
            run.at.clone(),
            format!(
                "the browser refused what the app's CSP does not allow (declare the origin in \
                 _meta.ui.csp): {}",
                clip(&entry.text, 300)
            ),
        ));
    }
    if csp.is_empty() {
        findings.push(Finding::pass(
            ids::APP_CSP,
            run.at.clone(),
            "no CSP violation",
        ));
    }
    for entry in other.iter().take(MAX_CONSOLE_FINDINGS) {
        let what = match entry.kind {
            ConsoleKind::Exception => "threw",
            ConsoleKind::ConsoleError => "logged an error",
            _ => "made the browser log an error",
        };
        findings.push(Finding::warn(
            ids::APP_CONSOLE,
            run.at.clone(),
            format!("the app {what}: {}", clip(&entry.text, 300)),
        ));
    }
    if other.is_empty() {
        findings.push(Finding::pass(
            ids::APP_CONSOLE,
            run.at.clone(),
            "no errors logged",
        ));
    }
    findings
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Outcome;
    use serde_json::json;

    fn run(messages: &[(bool, Value)]) -> AppRun {
        let opened_at = Instant::now();
        AppRun {
            at: Location::tool("t").with_uri("ui://t/app"),
            trace: messages
                .iter()
                .map(|(to_host, message)| Seen {
                    to_host: *to_host,
                    message: message.clone(),
                    at: Instant::now(),
                })
                .collect(),
            opened_at,
            console: Vec::new(),
            dropped: 0,
            timeout: Duration::from_secs(10),
        }
    }

    fn problems(run: &AppRun) -> Vec<(&'static str, Outcome)> {
        judge(run)
            .into_iter()
            .filter(|f| f.outcome != Outcome::Pass)
            .map(|f| (f.check, f.outcome))
            .collect()
    }

    fn good() -> Vec<(bool, Value)> {
        vec![
            (
                true,
                json!({"jsonrpc": "2.0", "id": 1, "method": "ui/initialize", "params": {
                "appInfo": {"name": "a", "version": "1"}, "appCapabilities": {},
                "protocolVersion": "2026-01-26"}}),
            ),
            (false, json!({"jsonrpc": "2.0", "id": 1, "result": {}})),
            (
                true,
                json!({"jsonrpc": "2.0", "method": "ui/notifications/initialized", "params": {}}),
            ),
            (
                true,
                json!({"jsonrpc": "2.0", "method": "ui/notifications/size-changed", "params": {"width": 300, "height": 200}}),
            ),
            (
                false,
                json!({"jsonrpc": "2.0", "id": 0, "method": "ui/resource-teardown", "params": {}}),
            ),
            (true, json!({"jsonrpc": "2.0", "id": 0, "result": {}})),
        ]
    }

    #[test]
    fn a_good_app_passes_every_step() {
        assert_eq!(problems(&run(&good())), []);
    }

    #[test]
    fn a_silent_app_fails_once() {
        assert_eq!(problems(&run(&[])), [(ids::APP_INITIALIZE, Outcome::Fail)]);
    }

    #[test]
    fn each_missing_step_is_named() {
        let mut messages = good();
        messages.remove(5);
        assert_eq!(
            problems(&run(&messages)),
            [(ids::APP_TEARDOWN, Outcome::Fail)]
        );
        let mut messages = good();
        messages.remove(3);
        assert_eq!(problems(&run(&messages)), [(ids::APP_SIZE, Outcome::Fail)]);
        let messages = good().into_iter().take(2).collect::<Vec<_>>();
        assert_eq!(
            problems(&run(&messages)),
            [(ids::APP_INITIALIZED, Outcome::Fail)]
        );
    }

    #[test]
    fn csp_violations_fail_and_console_errors_warn() {
        let mut app = run(&good());
        app.console = vec![
            ConsoleEntry {
                kind: ConsoleKind::CspViolation,
                text: "Refused to load".into(),
                url: String::new(),
                frame_url: String::new(),
            },
            ConsoleEntry {
                kind: ConsoleKind::Exception,
                text: "TypeError".into(),
                url: String::new(),
                frame_url: String::new(),
            },
        ];
        assert_eq!(
            problems(&app),
            [
                (ids::APP_CSP, Outcome::Fail),
                (ids::APP_CONSOLE, Outcome::Warn)
            ]
        );
    }
}
