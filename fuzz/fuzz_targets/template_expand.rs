//! Template expansion: the input is `TEMPLATE \0 DATA` (the data is `{}` when there is no NUL),
//! both read as JSON, then expanded with the default limits and a fixed clock, and also read as
//! a card template (`mcpapp_card::parse_template`, what a host does with a `ui://` template).
//!
//! Properties: nothing panics or hangs (libFuzzer's `-timeout`); a successful expansion stays
//! within the default [`Limits`]: at most `max_output_nodes` JSON nodes and `max_output_bytes`
//! bytes of strings and keys, and at most [`MAX_WARNINGS`] warnings.
#![no_main]

use std::time::{Duration, UNIX_EPOCH};

use libfuzzer_sys::fuzz_target;
use mcpapp_template::{ExpandOptions, Limits, MAX_WARNINGS, expand_with};
use serde_json::Value;

/// Nodes and string bytes (keys included) of a value, as the limits count them.
fn size(value: &Value) -> (u64, u64) {
    match value {
        Value::String(s) => (1, s.len() as u64),
        Value::Array(items) => items
            .iter()
            .map(size)
            .fold((1, 0), |a, b| (a.0 + b.0, a.1 + b.1)),
        Value::Object(map) => map.iter().fold((1, 0), |a, (k, v)| {
            let (n, b) = size(v);
            (a.0 + n, a.1 + b + k.len() as u64)
        }),
        _ => (1, 0),
    }
}

fuzz_target!(|data: &[u8]| {
    let (template, rest) = match data.iter().position(|b| *b == 0) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &b"{}"[..]),
    };
    let Ok(template_value) = serde_json::from_slice::<Value>(template) else {
        return;
    };
    let Ok(root) = serde_json::from_slice::<Value>(rest) else {
        return;
    };
    let options = ExpandOptions {
        // 2024-01-02T03:04:05Z: `utcNow()` and friends are deterministic.
        now: Some(UNIX_EPOCH + Duration::from_secs(1_704_164_645)),
        ..ExpandOptions::default()
    };
    let limits = Limits::default();
    if let Ok(expansion) = expand_with(&template_value, &root, &options) {
        let (nodes, bytes) = size(&expansion.value);
        assert!(nodes <= limits.max_output_nodes, "{nodes} output nodes");
        assert!(bytes <= limits.max_output_bytes, "{bytes} output bytes");
        assert!(expansion.warnings.len() <= MAX_WARNINGS);
        for w in &expansion.warnings {
            assert!(
                template_value.pointer(&w.pointer).is_some(),
                "warning outside the template: {w:?}"
            );
        }
    }
    let _ = mcpapp_card::Parser::new().parse_template_with(template, &root, &options);
});
