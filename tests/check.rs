#![cfg(test)] // clippy.toml's allowances for tests hold in every function here
//! `mcpapp check` as CI runs it: the built binary against our example servers and the public
//! npm example servers (which pass), against a fixture server with one deliberate defect per
//! run (each fails with its own finding and nothing else), with bad arguments (exit 2), and its
//! report in `JUnit` XML read by a real parser (Python's `junitparser`).
//!
//! Chromium, the npm servers, Python and `junitparser` come from `.ci/run`; in CI (`CI` set) a
//! missing one fails the test, elsewhere the test is skipped loudly.

mod support;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::Mutex;

use serde_json::Value;
use support::npm::server_entry;
use support::{MCPAPP, chromium_present as chromium, present};

/// The fixture server (one defect per run).
fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/broken_servers/server.py")
}

fn python() -> bool {
    let works = Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    present("python3", works)
}

/// `mcpapp check --json ARGS -- SERVER…`: the exit code and the report.
fn check(args: &[&str], server: &[&str]) -> (Option<i32>, Value, String) {
    let output = Command::new(MCPAPP)
        .arg("check")
        .arg("--json")
        .args(args)
        .arg("--")
        .args(server)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    let report = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("not a JSON report ({e}): {output:?}"));
    (output.status.code(), report, stderr)
}

/// The findings that did not pass, as `(check, outcome)`.
fn problems(report: &Value) -> Vec<(String, String)> {
    report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["outcome"] != "pass")
        .map(|f| {
            (
                f["check"].as_str().unwrap().to_owned(),
                f["outcome"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// Whether a check passed at least once.
fn passed(report: &Value, check: &str) -> bool {
    report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .any(|f| f["check"] == check && f["outcome"] == "pass")
}

/// A report that passed, with nothing that failed (the whole report when not).
fn assert_passes(what: &str, code: Option<i32>, report: &Value) {
    let failed: Vec<_> = problems(report)
        .into_iter()
        .filter(|(_, outcome)| outcome == "fail")
        .collect();
    assert!(
        code == Some(0) && report["passed"] == true && failed.is_empty(),
        "{what} should pass: {failed:?}\n{report:#}"
    );
}

#[test]
fn our_example_servers_pass() {
    if !chromium() {
        return;
    }
    // Flights' sample booking comes from its input schema's examples; the weather is asked
    // for with --args.
    let weather = r#"get_forecast={"city": "Bergen", "days": 2}"#;
    let examples: [(&str, &[&str], &[&str]); 5] = [
        (
            "flights",
            &[],
            &[
                "card.valid",
                "card.signed",
                "card.text-fallback",
                "tools.model-list",
            ],
        ),
        (
            "scheduler",
            &[],
            &[
                "card.valid",
                "card.signed",
                "card.actions",
                "tools.app-only.view",
            ],
        ),
        (
            "weather",
            &["--args", weather],
            &[
                "app.initialize",
                "app.initialized",
                "app.size",
                "app.teardown",
                "app.messages",
            ],
        ),
        ("weather-card", &[], &["card.valid", "card.text-fallback"]),
        (
            "tables",
            &[],
            &[
                "resources.a2ui",
                "a2ui.valid",
                "a2ui.events",
                "card.text-fallback",
            ],
        ),
    ];
    for (example, args, exercised) in examples {
        let (code, report, stderr) = check(args, &[MCPAPP, "serve-example", example]);
        assert_passes(example, code, &report);
        assert!(
            problems(&report).is_empty(),
            "{example}: {:?} {stderr}",
            problems(&report)
        );
        for id in exercised {
            assert!(
                passed(&report, id),
                "{example} did not pass {id}:\n{report:#}"
            );
        }
    }
}

/// The public MCP Apps example servers (`.ci/run` installs them into `$MCPAPP_NPM_DIR`).
fn npm_server(package: &str) -> Option<String> {
    let entry = server_entry(package);
    present(package, entry.exists()).then(|| entry.to_string_lossy().into_owned())
}

#[test]
fn the_npm_example_servers_pass() {
    if !chromium() {
        return;
    }
    for package in [
        "server-basic-vanillajs",
        "server-system-monitor",
        "server-budget-allocator",
    ] {
        let Some(entry) = npm_server(package) else {
            return;
        };
        let (code, report, _) = check(&[], &["node", &entry, "--stdio"]);
        assert_passes(package, code, &report);
        for id in [
            "app.initialize",
            "app.initialized",
            "app.size",
            "app.messages",
            "app.csp",
        ] {
            assert!(
                passed(&report, id),
                "{package} did not pass {id}:\n{report:#}"
            );
        }
    }
}

/// Each defect of the fixture server, and the one finding it must give.
const DEFECTS: &[(&str, &str, &str)] = &[
    ("none", "", ""),
    ("bad-uri-scheme", "tools.ui-meta.resource-uri", "fail"),
    ("missing-resource", "resources.listed", "fail"),
    ("wrong-mime-type", "resources.mime-type", "fail"),
    ("csp-path", "resources.csp", "fail"),
    ("csp-wildcard", "resources.csp", "fail"),
    ("visibility-not-array", "tools.ui-meta.visibility", "fail"),
    ("never-initializes", "app.initialize", "fail"),
    ("malformed-message", "app.messages", "fail"),
    ("not-json-rpc", "app.messages", "fail"),
    ("invalid-card", "card.valid", "fail"),
    ("action-missing-tool", "card.actions", "fail"),
    ("no-text-fallback", "card.text-fallback", "fail"),
    ("no-teardown-answer", "app.teardown", "fail"),
    ("no-size", "app.size", "fail"),
    ("csp-violation", "app.csp", "fail"),
    ("console-error", "app.console", "warn"),
    ("no-description", "tools.description", "fail"),
    ("legacy-key-mismatch", "tools.ui-meta.legacy-key", "fail"),
    ("app-only-to-model", "tools.model-list", "fail"),
    ("html-fragment", "resources.html-document", "fail"),
    ("unknown-permission", "resources.permissions", "warn"),
    ("bad-template", "resources.card-template", "fail"),
    ("hostile-text", "tools.ui-meta.resource-uri", "fail"),
];

/// `mcpapp check` of the fixture with `defect` (short app timeouts: one fixture never
/// initializes, one never answers teardown).
fn check_fixture(defect: &str, extra: &[&str]) -> (Option<i32>, Value, String) {
    let server = fixture();
    let mut args = vec!["--timeout", "4"];
    args.extend_from_slice(extra);
    check(
        &args,
        &["python3", server.to_str().unwrap(), "--defect", defect],
    )
}

#[test]
fn each_broken_fixture_fails_with_its_own_finding_and_nothing_else() {
    if !chromium() || !python() {
        return;
    }
    // Every defect of the fixture has its line here.
    let listed = Command::new("python3")
        .arg(fixture())
        .arg("--list")
        .output()
        .unwrap();
    let listed: Vec<String> = String::from_utf8(listed.stdout)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect();
    let tested: Vec<String> = DEFECTS.iter().map(|(d, _, _)| (*d).to_owned()).collect();
    assert_eq!(listed, tested);
    // Three at a time: each run is a server, a host and a browser.
    let queue = Mutex::new(DEFECTS.iter());
    let results = Mutex::new(BTreeMap::new());
    std::thread::scope(|scope| {
        for _ in 0..3 {
            scope.spawn(|| {
                loop {
                    let Some(&(defect, id, outcome)) = queue.lock().unwrap().next() else {
                        break;
                    };
                    let (code, report, stderr) = check_fixture(defect, &[]);
                    results
                        .lock()
                        .unwrap()
                        .insert(defect, (id, outcome, code, report, stderr));
                }
            });
        }
    });
    let mut wrong = Vec::new();
    for (defect, (id, outcome, code, report, stderr)) in results.into_inner().unwrap() {
        let expected: Vec<(String, String)> = if id.is_empty() {
            Vec::new()
        } else {
            vec![(id.to_owned(), outcome.to_owned())]
        };
        let exit = i32::from(outcome == "fail");
        if problems(&report) != expected || code != Some(exit) {
            wrong.push(format!(
                "{defect}: expected {expected:?} (exit {exit}), got {:?} (exit {code:?}) {stderr}",
                problems(&report)
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn what_a_server_says_is_made_printable() {
    if !python() {
        return;
    }
    let output = Command::new(MCPAPP)
        .args(["check", "--no-browser", "--", "python3"])
        .arg(fixture())
        .args(["--defect", "hostile-text"])
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(!text.contains(['\u{1b}', '\u{7}', '\u{202e}']), "{text:?}");
    assert!(
        text.contains(r"https://\u{1b}]52;c;cHduZWQ=\u{7}"),
        "{text}"
    );
    // Grouped, one line per check, and a summary line.
    assert!(
        text.contains("\n\ntools\n  pass  tools.list: 4 tools listed\n"),
        "{text}"
    );
    assert!(
        text.contains("\n  FAIL  tools.ui-meta.resource-uri [tool show_app, at /_meta/ui/resourceUri]: `https://"),
        "{text}"
    );
    assert!(
        text.trim_end()
            .lines()
            .last()
            .unwrap()
            .starts_with("FAILED: "),
        "{text}"
    );
}

#[test]
fn bad_arguments_and_unreachable_servers_exit_2() {
    let run = |args: &[&str]| {
        let output: Output = Command::new(MCPAPP)
            .arg("check")
            .args(args)
            .output()
            .unwrap();
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )
    };
    // Each run's arguments, and what its refusal says.
    let cases: [(&[&str], &str); 4] = [
        (&[], "give the server"),
        (
            &[
                "--args",
                "get_forecast=[1]",
                "--",
                MCPAPP,
                "serve-example",
                "weather",
            ],
            "must be a JSON object",
        ),
        (
            &[
                "--tool",
                "nope",
                "--no-browser",
                "--",
                MCPAPP,
                "serve-example",
                "weather",
            ],
            "has no tool `nope`; it has: get_forecast",
        ),
        (&["--", "/nonexistent/server"], "unreachable"),
    ];
    for (args, said) in cases {
        let (code, stderr) = run(args);
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(said), "{args:?}: {stderr}");
    }
    // A server that dies at start: how it exited and what it said.
    let dies = "import sys; sys.stderr.write('boom: no config\\n'); sys.exit(3)";
    if python() {
        let (code, stderr) = run(&["--", "python3", "-c", dies]);
        assert_eq!(code, Some(2), "{stderr}");
        assert!(stderr.contains("exit status: 3"), "{stderr}");
        assert!(stderr.contains("it said:\n  | boom: no config"), "{stderr}");
    }
    let (code, stderr) = run(&["--url", "http://127.0.0.1:9/mcp"]);
    assert_eq!(code, Some(2), "{stderr}");
}

/// Where `.ci/run` installs Python packages for the tests (`MCPAPP_PY_DIR`).
fn python_packages() -> PathBuf {
    std::env::var_os("MCPAPP_PY_DIR").map_or_else(
        || PathBuf::from(std::env::var_os("HOME").unwrap()).join(".cache/mcpapp-py"),
        PathBuf::from,
    )
}

/// Reads a `JUnit` file with `junitparser` and gives what it found, as JSON.
const READ_JUNIT: &str = r#"
import json, sys
from junitparser import JUnitXml, Failure
xml = JUnitXml.fromfile(sys.argv[1])
suites = []
for suite in xml:
    cases = []
    for case in suite:
        failures = [r for r in case.result if isinstance(r, Failure)]
        cases.append({"name": case.name, "classname": case.classname,
                      "failure": failures[0].message if failures else None,
                      "system_out": case.system_out})
    suites.append({"name": suite.name, "tests": suite.tests, "failures": suite.failures, "cases": cases})
print(json.dumps(suites))
"#;

#[test]
fn the_junit_report_is_read_by_junitparser() {
    if !chromium() || !python() {
        return;
    }
    let packages = python_packages();
    let importable = Command::new("python3")
        .args(["-c", "import junitparser"])
        .env("PYTHONPATH", &packages)
        .output()
        .is_ok_and(|o| o.status.success());
    if !present("Python's junitparser", importable) {
        return;
    }
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("check_junit");
    std::fs::create_dir_all(&dir).unwrap();
    for defect in ["csp-path", "console-error", "hostile-text"] {
        let file = dir.join(format!("{defect}.xml"));
        let (_, report, _) = check_fixture(defect, &["--junit", file.to_str().unwrap()]);
        let read = Command::new("python3")
            .args(["-c", READ_JUNIT])
            .arg(&file)
            .env("PYTHONPATH", &packages)
            .output()
            .unwrap();
        assert!(
            read.status.success(),
            "junitparser refused {}: {read:?}",
            file.display()
        );
        let suites: Value = serde_json::from_slice(&read.stdout).unwrap();
        let suites = suites.as_array().unwrap();
        let findings = report["findings"].as_array().unwrap();
        // One case per finding, one failure per failed check, warnings in system-out.
        let cases: Vec<&Value> = suites
            .iter()
            .flat_map(|s| s["cases"].as_array().unwrap())
            .collect();
        assert_eq!(cases.len(), findings.len(), "{defect}");
        let failures: u64 = suites.iter().map(|s| s["failures"].as_u64().unwrap()).sum();
        assert_eq!(
            failures,
            report["summary"]["fail"].as_u64().unwrap(),
            "{defect}"
        );
        for (case, finding) in cases.iter().zip(findings) {
            assert!(
                case["name"]
                    .as_str()
                    .unwrap()
                    .starts_with(finding["check"].as_str().unwrap())
            );
            match finding["outcome"].as_str().unwrap() {
                "fail" => assert_eq!(case["failure"], finding["reason"], "{defect}"),
                "warn" => assert!(case["system_out"].as_str().unwrap().contains("warning: ")),
                _ => assert!(case["failure"].is_null()),
            }
        }
        // A suite per group, in report order.
        let groups: Vec<&str> = suites.iter().map(|s| s["name"].as_str().unwrap()).collect();
        let mut expected: Vec<&str> = findings
            .iter()
            .map(|f| f["check"].as_str().unwrap().split('.').next().unwrap())
            .collect();
        expected.dedup();
        assert_eq!(groups, expected, "{defect}");
    }
}
