//! `$data`, `$index`, `$root`, `$when`, splicing and type-preserving bindings, checked
//! against outputs of the official engine for the same templates and data.

use serde_json::{Value, json};

const DATA: &str = r#"{"items": [{"n": "a", "v": 1}, {"n": "b", "v": 2}, {"n": "c", "v": 3}], "one": [{"n": "z"}], "none": [], "s": "str", "obj": {"k": "v"}, "flag": true, "off": false, "zero": 0, "groups": [{"g": "x", "members": [{"m": 1}, {"m": 2}]}, {"g": "y", "members": [{"m": 3}]}]}"#;

/// (template, official output)
const CASES: &[(&str, &str)] = &[
    (
        r#"{"body": [{"$data": "${items}", "t": "${n}"}]}"#,
        r#"{"body": [{"t": "a"}, {"t": "b"}, {"t": "c"}]}"#,
    ),
    (
        r#"{"body": [{"$data": "${items}", "t": "${$index}:${n}", "$when": "${v != 2}"}]}"#,
        r#"{"body": [{"t": "0:a"}, {"t": "2:c"}]}"#,
    ),
    (
        r#"{"card": {"$data": "${items}", "t": "${n}"}}"#,
        r#"{"card": [{"t": "a"}, {"t": "b"}, {"t": "c"}]}"#,
    ),
    (
        r#"{"card": {"$data": "${one}", "t": "${n}"}}"#,
        r#"{"card": {"t": "z"}}"#,
    ),
    (
        r#"{"card": {"$data": "${none}", "t": "${n}"}}"#,
        r#"{"card": null}"#,
    ),
    (
        r#"{"body": [{"$data": "${none}", "t": "x"}, {"t": "kept"}]}"#,
        r#"{"body": [{"t": "kept"}]}"#,
    ),
    (
        r#"{"body": [{"$data": "${groups}", "g": "${g}", "m": [{"$data": "${members}", "v": "${m}", "i": "${$index}", "root": "${$root.s}"}]}]}"#,
        r#"{"body": [{"g": "x", "m": [{"v": 1, "i": 0, "root": "str"}, {"v": 2, "i": 1, "root": "str"}]}, {"g": "y", "m": [{"v": 3, "i": 0, "root": "str"}]}]}"#,
    ),
    (
        r#"{"body": [{"$data": "${groups}", "items": [{"$data": "${$root.one}", "t": "${n}${$index}"}]}]}"#,
        r#"{"body": [{"items": [{"t": "z0"}]}, {"items": [{"t": "z0"}]}]}"#,
    ),
    (
        r#"{"body": [{"$data": "${obj}", "t": "${k}", "inner": {"t": "${k} ${$data.k}"}}]}"#,
        r#"{"body": [{"t": "v", "inner": {"t": "v v"}}]}"#,
    ),
    (
        r#"{"body": [{"$data": "${s}", "t": "${$data}", "len": "${length($data)}"}]}"#,
        r#"{"body": [{"t": "str", "len": 3}]}"#,
    ),
    (
        r#"{"body": [{"$data": "${missing}", "t": "${$data}"}]}"#,
        r#"{"body": [{"t": "${missing}"}]}"#,
    ),
    (
        r#"{"body": [{"$data": {"lit": 5}, "t": "${lit}"}]}"#,
        r#"{"body": [{"t": 5}]}"#,
    ),
    (
        r#"{"body": [{"$data": [1, 2], "t": "${$data}"}]}"#,
        r#"{"body": [{"t": 1}, {"t": 2}]}"#,
    ),
    (
        r#"{"body": [{"$data": "plain", "t": "${$data}"}]}"#,
        r#"{"body": [{"t": "plain"}]}"#,
    ),
    (
        r#"{"body": [{"$when": "${flag}", "a": 1}, {"$when": "${off}", "b": 2}, {"$when": "${!off}", "c": 3}]}"#,
        r#"{"body": [{"a": 1}, {"c": 3}]}"#,
    ),
    (
        r#"{"body": [{"$when": "${zero}", "a": 1}, {"$when": "${missing}", "b": 2}, {"$when": "${s}", "c": 3}]}"#,
        r#"{"body": []}"#,
    ),
    (
        r#"{"body": [{"$when": true, "a": 1}, {"$when": false, "b": 2}, {"$when": "true", "c": 3}, {"$when": "", "d": 4}]}"#,
        r#"{"body": [{"b": 2}, {"d": 4}]}"#,
    ),
    (
        r#"{"body": [{"$when": "x ${flag}", "a": 1}]}"#,
        r#"{"body": []}"#,
    ),
    (r#"{"$when": "${off}", "type": "AdaptiveCard"}"#, r"null"),
    (
        r#"{"a": [null, 1, "${missing}", [2, [3]], {"$when": "${off}"}]}"#,
        r#"{"a": [1, "${missing}", 2, 3]}"#,
    ),
    (
        r#"{"a": "${items}", "b": ["${items}"], "c": "${none}", "d": ["${none}", "x"]}"#,
        r#"{"a": [{"n": "a", "v": 1}, {"n": "b", "v": 2}, {"n": "c", "v": 3}], "b": [{"n": "a", "v": 1}, {"n": "b", "v": 2}, {"n": "c", "v": 3}], "c": [], "d": ["x"]}"#,
    ),
    (
        r#"{"a": {"$data": "${items}", "$when": "${$index == 1}", "t": "${n}"}}"#,
        r#"{"a": {"t": "b"}}"#,
    ),
    (
        r#"{"t": "${$index}", "x": {"$data": "${items}", "y": {"$data": "${obj}", "i": "${$index}"}}}"#,
        r#"{"t": "${$index}", "x": [{"y": {"i": 0}}, {"y": {"i": 1}}, {"y": {"i": 2}}]}"#,
    ),
    (
        r#"{"$root": 1, "$index": 2, "$host": 3, "$_acTemplateVersion": 4, "keep": 5}"#,
        r#"{"keep": 5}"#,
    ),
    (r#"{"v": "${$_acTemplateVersion.major}"}"#, r#"{"v": 2}"#),
    (
        r#"{"a": "${items[0]}", "b": "${items[0].n}${items[1].n}", "c": "${obj}", "d": "x${obj}", "e": "${flag}", "f": "${zero}"}"#,
        r#"{"a": {"n": "a", "v": 1}, "b": "ab", "c": {"k": "v"}, "d": "x[object Object]", "e": true, "f": 0}"#,
    ),
    (
        r#"{"text": "Price: $${string(items[1].v * 1000)}"}"#,
        r#"{"text": "Price: $2,000"}"#,
    ),
    (
        r#"{"esc": "\\${items}", "mixed": "\\${a} ${s}"}"#,
        r#"{"esc": "${items}", "mixed": "${a} str"}"#,
    ),
];

fn parse(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| Value::String(format!("bad test JSON: {e}")))
}

#[test]
fn structure_matches_the_official_engine() {
    let data = parse(DATA);
    for (template, expected) in CASES {
        let actual = mcpapp_template::expand(&parse(template), &data).unwrap();
        assert_eq!(actual, parse(expected), "{template}");
    }
}

#[test]
fn host_data_is_reachable_as_host() {
    let host = json!({"theme": "dark"});
    let options = mcpapp_template::ExpandOptions {
        host: Some(&host),
        ..Default::default()
    };
    let out = mcpapp_template::expand_with(
        &json!({"t": "${$host.theme}", "u": "${$host.nope}"}),
        &json!({}),
        &options,
    )
    .unwrap();
    assert_eq!(out.value, json!({"t": "dark", "u": "${$host.nope}"}));
    let bare = mcpapp_template::expand(&json!({"t": "${$host.theme}"}), &json!({})).unwrap();
    assert_eq!(bare, json!({"t": "${$host.theme}"}));
}

#[test]
fn warnings_name_unresolved_paths_and_failed_expressions() {
    let template = json!({"body": [{"text": "${missing.name}"}, {"text": "a ${nope(1)} b"}, {"$when": "${1 + 'x' > 2}", "x": 1}]});
    let out = mcpapp_template::expand_with(
        &template,
        &json!({}),
        &mcpapp_template::ExpandOptions::default(),
    )
    .unwrap();
    assert_eq!(
        out.value,
        json!({"body": [{"text": "${missing.name}"}, {"text": "a ${nope(1)} b"}]})
    );
    let pointers: Vec<&str> = out.warnings.iter().map(|w| w.pointer.as_str()).collect();
    assert_eq!(pointers, ["/body/0/text", "/body/1/text", "/body/2/$when"]);
    assert!(
        out.warnings[0].message.contains("missing.name"),
        "{:?}",
        out.warnings
    );
    assert!(
        out.warnings[1].message.contains("nope(1)"),
        "{:?}",
        out.warnings
    );
}

#[test]
fn a_parsed_template_expands_with_different_data() {
    let template = mcpapp_template::Template::parse(&json!({"t": "${name}"})).unwrap();
    assert_eq!(
        template.expand(&json!({"name": "a"})).unwrap(),
        json!({"t": "a"})
    );
    assert_eq!(
        template.expand(&json!({"name": 2})).unwrap(),
        json!({"t": 2})
    );
}

#[test]
fn utc_now_uses_the_fixed_clock() {
    let now = std::time::UNIX_EPOCH + std::time::Duration::from_hours(432_500);
    let options = mcpapp_template::ExpandOptions {
        now: Some(now),
        ..Default::default()
    };
    let template = json!({"a": "${utcNow()}", "b": "${getPastTime(1, 'Day', 'yyyy-MM-dd')}", "c": "${utcNow('dddd')}"});
    let out = mcpapp_template::expand_with(&template, &json!({}), &options).unwrap();
    assert_eq!(
        out.value,
        json!({"a": "2019-05-04T20:00:00.000Z", "b": "2019-05-03", "c": "Saturday"})
    );
}
