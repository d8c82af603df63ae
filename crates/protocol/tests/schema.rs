//! The checked-in JSON Schemas (`schemas/protocol/`) must match the Rust types.
//!
//! Run with `UPDATE_SCHEMAS=1` to regenerate them after changing a type.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use mcpapp_protocol::messages::METHODS;
use mcpapp_protocol::schema::{SCHEMA_FILE_NAME, protocol_schema};

#[expect(
    clippy::expect_used,
    reason = "a test helper: the crate layout is fixed"
)]
fn schema_dir() -> PathBuf {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(2)
        .expect("crates/protocol sits two levels below the workspace");
    workspace.join("schemas").join("protocol")
}

/// Every file the directory must contain, with its exact contents.
#[expect(
    clippy::expect_used,
    reason = "a test helper: serializing a Value cannot fail"
)]
fn generated_files() -> Vec<(String, String)> {
    let mut text =
        serde_json::to_string_pretty(&protocol_schema()).expect("a Value always serializes");
    text.push('\n');
    vec![(SCHEMA_FILE_NAME.to_owned(), text)]
}

#[test]
fn checked_in_schemas_are_current() {
    let dir = schema_dir();
    let update = std::env::var_os("UPDATE_SCHEMAS").is_some_and(|value| value == "1");
    let expected = generated_files();
    let expected_names: BTreeSet<&str> = expected.iter().map(|(name, _)| name.as_str()).collect();
    let mut problems = Vec::new();

    for (name, contents) in &expected {
        let path = dir.join(name);
        let current = fs::read_to_string(&path).ok();
        if current.as_deref() == Some(contents.as_str()) {
            continue;
        }
        if update {
            fs::create_dir_all(&dir).expect("create the schema directory");
            fs::write(&path, contents).expect("write a schema file");
            println!("updated {}", path.display());
        } else if current.is_none() {
            problems.push(format!("missing: {}", path.display()));
        } else {
            problems.push(format!("stale: {}", path.display()));
        }
    }

    // A file no type produces any more is stale too.
    if let Ok(entries) = fs::read_dir(&dir) {
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let is_json = Path::new(&name)
                .extension()
                .is_some_and(|ext| ext.eq_ignore_ascii_case("json"));
            if is_json && !expected_names.contains(name.as_str()) {
                if update {
                    fs::remove_file(entry.path()).expect("remove an obsolete schema file");
                    println!("removed {}", entry.path().display());
                } else {
                    problems.push(format!("obsolete: {}", entry.path().display()));
                }
            }
        }
    }

    assert!(
        problems.is_empty(),
        "the checked-in schemas do not match the Rust types:\n  {}\n\
         regenerate with: UPDATE_SCHEMAS=1 cargo test -p mcpapp-protocol --test schema",
        problems.join("\n  ")
    );
}

#[test]
fn schema_lists_every_method_of_the_catalogue_with_its_direction() {
    let schema = protocol_schema();
    let methods = schema["x-methods"]
        .as_object()
        .expect("x-methods is an object");
    let in_schema: BTreeSet<&str> = methods.keys().map(String::as_str).collect();
    let in_catalogue: BTreeSet<&str> = METHODS.iter().map(|info| info.method).collect();
    assert_eq!(in_schema, in_catalogue);
    for (method, entry) in methods {
        assert!(entry["direction"].is_string(), "{method} has no direction");
        let params = entry["params"].as_object().expect("params schema");
        if let Some(reference) = params.get("$ref").and_then(|r| r.as_str()) {
            let name = reference.trim_start_matches("#/$defs/");
            assert!(
                schema["$defs"].get(name).is_some(),
                "{method}: dangling {reference}"
            );
        }
    }
}

#[test]
fn schema_describes_the_main_types() {
    let schema = protocol_schema();
    let defs = schema["$defs"].as_object().expect("$defs");
    for name in [
        "InitializeParams",
        "InitializeResult",
        "HostContext",
        "HostCapabilities",
        "AppCapabilities",
        "DisplayMode",
        "ToolUiMeta",
        "ResourceUiMeta",
        "UiClientCapability",
        "CallToolResult",
        "ContentBlock",
        "JsonRpcMessage",
        "JsonRpcError",
        "SandboxResourceReadyParams",
    ] {
        assert!(defs.contains_key(name), "$defs lacks {name}");
    }
    let init = &defs["InitializeParams"];
    let required: Vec<&str> = init["required"]
        .as_array()
        .expect("required")
        .iter()
        .filter_map(|v| v.as_str())
        .collect();
    assert!(required.contains(&"appInfo") && required.contains(&"protocolVersion"));
    assert_eq!(
        defs["DisplayMode"]["anyOf"][0]["enum"],
        serde_json::json!(["inline", "fullscreen", "pip", "window"])
    );
}
