//! The vendored schema compiles, matches messages to their definitions, and reads
//! `containerDimensions` as the SDK does.

use mcpapp_apps_schema::{AppsSchema, FROM_APP, FROM_HOST, RESULTS, SchemaError, Verdict};
use serde_json::{Value, json};

fn valid(verdict: &Verdict) -> bool {
    matches!(verdict, Verdict::Valid { .. })
}

#[test]
fn every_definition_named_compiles() {
    let schema = AppsSchema::compile(mcpapp_apps_schema::SCHEMA_JSON).unwrap();
    let debug = format!("{schema:?}");
    for (_, definition) in FROM_APP.iter().chain(FROM_HOST).chain(RESULTS) {
        assert!(debug.contains(definition), "{definition} in {debug}");
    }
}

#[test]
fn a_damaged_schema_is_an_error_not_a_panic() {
    assert!(matches!(
        AppsSchema::compile("not json"),
        Err(SchemaError::Unreadable(_))
    ));
    assert!(matches!(
        AppsSchema::compile(r#"{"$defs": {}}"#),
        Err(SchemaError::Definition { .. })
    ));
}

#[test]
fn requests_notifications_and_results_are_checked_by_method() {
    let schema = AppsSchema::official();
    let initialize = json!({
        "jsonrpc": "2.0", "id": 1, "method": "ui/initialize",
        "params": {
            "appInfo": {"name": "app", "version": "1"},
            "appCapabilities": {},
            "protocolVersion": "2026-01-26"
        }
    });
    assert!(valid(&schema.check_from_app(&initialize, None)));
    // `clientInfo` for `appInfo`: the classic mistake.
    let mut wrong = initialize.clone();
    wrong["params"]["clientInfo"] = wrong["params"]["appInfo"].take();
    wrong["params"].as_object_mut().unwrap().remove("appInfo");
    let Verdict::Invalid { definition, errors } = schema.check_from_app(&wrong, None) else {
        panic!("refused")
    };
    assert_eq!(definition, "McpUiInitializeRequest");
    assert!(!errors.is_empty());

    let teardown = json!({"jsonrpc": "2.0", "id": 7, "result": {}});
    assert!(valid(
        &schema.check_from_app(&teardown, Some("ui/resource-teardown"))
    ));
    // Core MCP and unknown methods are not this schema's.
    let call = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "x"}});
    assert_eq!(schema.check_from_app(&call, None), Verdict::NotCovered);
    assert_eq!(
        schema.check_from_app(&teardown, Some("tools/call")),
        Verdict::NotCovered
    );
}

#[test]
fn container_dimensions_are_read_as_the_sdk_means_them() {
    let schema = AppsSchema::official();
    let changed = |dimensions: Value| {
        json!({
            "jsonrpc": "2.0",
            "method": "ui/notifications/host-context-changed",
            "params": {"containerDimensions": dimensions}
        })
    };
    for ok in [
        json!({}),
        json!({"maxHeight": 600}),
        json!({"height": 400, "width": 300}),
        json!({"maxHeight": 600, "maxWidth": 800}),
    ] {
        let verdict = schema.check_from_host(&changed(ok.clone()), None);
        assert!(valid(&verdict), "{ok}: {verdict:?}");
    }
    for bad in [json!({"depth": 3}), json!({"height": "tall"})] {
        let verdict = schema.check_from_host(&changed(bad.clone()), None);
        assert!(
            matches!(verdict, Verdict::Invalid { .. }),
            "{bad}: {verdict:?}"
        );
    }
}
