//! `mcpapp validate` as a user runs it: exit codes, compiler-style lines, JSON output.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

mod support;

use std::path::{Path, PathBuf};

use support::cli::{assert_contains, mcpapp, mcpapp_with_stdin, text};

fn temp_card(name: &str, text: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli_validate");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn valid_cards_exit_zero() {
    let o = mcpapp(&["validate", "examples/cards/flight-cancellation.json"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stdout));
    assert_eq!(
        text(&o.stdout).trim(),
        "1 file checked: 1 valid, 0 invalid (0 errors, 0 warnings)"
    );
}

#[test]
fn errors_print_like_a_compiler_and_exit_one() {
    let path = temp_card(
        "bad.json",
        "{\n  \"type\": \"McpApp\",\n  \"actions\": [\n    {\"type\": \"Action.OpenUrl\", \"title\": \"x\", \"url\": \"javascript:alert(1)\"}\n  ]\n}\n",
    );
    let o = mcpapp(&["validate", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let out = text(&o.stdout);
    let first = out.lines().next().unwrap();
    assert!(
        first.starts_with(&format!("{}:4:46: error[unsafe-url]: ", path.display())),
        "{out}"
    );
    assert!(first.ends_with("(at /actions/0/url)"), "{out}");
    assert!(
        out.contains("0 valid, 1 invalid (1 error, 0 warnings)"),
        "{out}"
    );
}

#[test]
fn unreadable_files_exit_two_even_beside_invalid_ones() {
    let bad = temp_card("syntax.json", "{\"type\": ");
    let o = mcpapp(&["validate", bad.to_str().unwrap(), "does/not/exist.json"]);
    assert_eq!(o.status.code(), Some(2));
    let out = text(&o.stdout);
    assert_contains(
        &out,
        &[
            "error[json-syntax]",
            "does/not/exist.json: error: cannot read the file",
        ],
    );
}

#[test]
fn json_output_has_the_documented_shape() {
    let o = mcpapp_with_stdin(
        &[
            "validate",
            "--json",
            "examples/cards/meeting-slots.json",
            "-",
        ],
        r#"{"type":"McpApp","body":[{"type":"Input.Text","id":"mcp_tool_name"}]}"#,
    );
    assert_eq!(o.status.code(), Some(1));
    let report: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let files = report["files"].as_array().unwrap();
    assert_eq!(files.len(), 2);
    assert_eq!(files[0]["file"], "examples/cards/meeting-slots.json");
    assert_eq!(files[0]["valid"], true);
    assert_eq!(files[1]["file"], "<stdin>");
    assert_eq!(files[1]["valid"], false);
    let d = &files[1]["diagnostics"][0];
    assert_eq!(d["severity"], "error");
    assert_eq!(d["code"], "reserved-id");
    assert_eq!(d["pointer"], "/body/0/id");
    assert_eq!(d["line"], 1);
    assert!(d["column"].as_u64().unwrap() > 1);
    assert!(d["message"].as_str().unwrap().contains("mcp_tool_name"));
}

#[test]
fn templates_are_filled_with_data_first() {
    let o = mcpapp(&[
        "validate",
        "--data",
        "examples/templates/forecast.data.json",
        "examples/templates/forecast.template.json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stdout));
    let o = mcpapp(&[
        "validate",
        "--data",
        "no-such-data.json",
        "examples/templates/forecast.template.json",
    ]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn every_corpus_card_validates_without_a_crash() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/adaptive-cards");
    let mut files = Vec::new();
    for version in ["v1.0", "v1.1", "v1.2", "v1.3", "v1.4", "v1.5", "v1.6"] {
        for kind in ["Elements", "Scenarios"] {
            if let Ok(entries) = std::fs::read_dir(corpus.join(version).join(kind)) {
                for entry in entries {
                    files.push(entry.unwrap().path().to_string_lossy().into_owned());
                }
            }
        }
    }
    assert!(files.len() > 180);
    let mut args = vec!["validate"];
    args.extend(files.iter().map(String::as_str));
    let o = mcpapp(&args);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stdout));
}
