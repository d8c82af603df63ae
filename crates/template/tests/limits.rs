//! Hostile and broken templates fail with a clear error instead of exhausting the
//! machine or panicking.
#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

use mcpapp_template::{ExpandOptions, LimitKind, Limits, TemplateError, expand, expand_with};
use serde_json::{Value, json};

fn limit_of(result: Result<Value, TemplateError>) -> LimitKind {
    match result {
        Err(TemplateError::LimitExceeded { limit, .. }) => limit,
        other => panic!("expected a limit error, got {other:?}"),
    }
}

#[test]
fn deeply_nested_templates_hit_the_depth_limit() {
    let mut template = json!("leaf");
    for _ in 0..1000 {
        template = json!({ "items": [template] });
    }
    assert_eq!(limit_of(expand(&template, &json!({}))), LimitKind::Depth);
}

#[test]
fn deeply_nested_expressions_are_syntax_errors() {
    let cases = [
        format!("${{{}1{}}}", "(".repeat(5000), ")".repeat(5000)),
        format!("${{{}x}}", "!".repeat(5000)),
        format!("${{{}}}", vec!["1"; 5000].join(" + ")),
        format!("${{a{}}}", ".b".repeat(5000)),
        format!("${{{}1{}}}", "[".repeat(5000), "]".repeat(5000)),
    ];
    for text in cases {
        match expand(&json!({ "t": text }), &json!({})) {
            Err(TemplateError::Syntax { message, .. }) => {
                assert!(message.contains("nested"), "{message}");
            }
            other => panic!("expected a syntax error, got {other:?}"),
        }
    }
}

#[test]
fn nested_repetition_hits_the_repetition_limit() {
    let data = json!({ "a": (0..100).collect::<Vec<_>>() });
    let mut template = json!({ "t": "${$index}" });
    for _ in 0..4 {
        template = json!({ "$data": "${$root.a}", "items": [template] });
    }
    assert_eq!(limit_of(expand(&template, &data)), LimitKind::Repetitions);
}

#[test]
fn large_outputs_hit_the_output_limits() {
    assert_eq!(
        limit_of(expand(&json!({ "t": "${range(0, 1000000)}" }), &json!({}))),
        LimitKind::OutputNodes
    );
    let data = json!({ "big": (0..1000).collect::<Vec<_>>() });
    let template = json!({ "$data": "${range(0, 200)}", "copy": "${$root.big}" });
    assert_eq!(limit_of(expand(&template, &data)), LimitKind::OutputNodes);
    let data = json!({ "s": "x".repeat(1024) });
    let template = json!({ "t": "${join(select(range(0, 50000), i, $root.s), '')}" });
    assert_eq!(limit_of(expand(&template, &data)), LimitKind::OutputBytes);
}

#[test]
fn repeated_heavy_evaluation_hits_the_work_limit() {
    let data =
        json!({ "rows": (0..2000).map(|i| json!({ "i": i, "name": "row" })).collect::<Vec<_>>() });
    let template = json!({ "$data": "${range(0, 5000)}", "n": "${length(string($root))}" });
    // A tenth of the default budget keeps the test fast; the default fails the same way.
    let options = ExpandOptions {
        limits: Limits {
            max_work: 1_000_000,
            ..Limits::default()
        },
        ..Default::default()
    };
    assert_eq!(
        limit_of(expand_with(&template, &data, &options).map(|e| e.value)),
        LimitKind::Work
    );
}

#[test]
fn limits_are_configurable() {
    let options = ExpandOptions {
        limits: Limits {
            max_output_nodes: 5,
            ..Limits::default()
        },
        ..Default::default()
    };
    let err = expand_with(&json!({ "a": [1, 2, 3, 4, 5, 6] }), &json!({}), &options).unwrap_err();
    assert!(
        matches!(
            err,
            TemplateError::LimitExceeded {
                limit: LimitKind::OutputNodes,
                max: 5,
                ..
            }
        ),
        "{err}"
    );
    assert!(err.to_string().contains("output node count"), "{err}");
}

#[test]
fn syntax_errors_name_the_node_and_the_expression() {
    let template =
        json!({ "body": [{ "type": "TextBlock", "$when": "${true}", "text": "Hi ${name +}" }] });
    let err = expand(&template, &json!({})).unwrap_err();
    assert_eq!(
        err,
        TemplateError::Syntax {
            pointer: "/body/0/text".into(),
            expression: "name +".into(),
            message: "expected an expression but the expression ended".into(),
        }
    );
    assert!(
        err.to_string().contains("/body/0/text") && err.to_string().contains("name +"),
        "{err}"
    );
}

#[test]
fn syntax_errors_fail_even_in_dropped_branches() {
    let template = json!({ "$when": "${false}", "t": "${substring('a')}" });
    assert!(matches!(
        expand(&template, &json!({})),
        Err(TemplateError::Syntax { .. })
    ));
}

#[test]
fn whole_value_evaluation_errors_and_unknown_functions_are_reported() {
    let err = expand(&json!({ "n": "${1 / 0}" }), &json!({})).unwrap_err();
    assert!(
        matches!(&err, TemplateError::Evaluation { pointer, expression, .. } if pointer == "/n" && expression == "1 / 0"),
        "{err}"
    );
    let err = expand(&json!({ "n": "${frobnicate(1)}" }), &json!({})).unwrap_err();
    assert!(
        matches!(&err, TemplateError::UnknownFunction { name, .. } if name == "frobnicate"),
        "{err}"
    );
    let err = expand(&json!({ "$when": "${frobnicate(1)}" }), &json!({})).unwrap_err();
    assert!(matches!(err, TemplateError::UnknownFunction { .. }));
    // Inside text the expression is left in place, like the official engine does.
    assert_eq!(
        expand(&json!({ "n": "a ${frobnicate(1)}" }), &json!({})).unwrap(),
        json!({ "n": "a ${frobnicate(1)}" })
    );
}

#[test]
fn deep_data_is_walked_within_the_depth_limit() {
    let mut data = json!(1);
    for _ in 0..150 {
        data = json!({ "a": data });
    }
    let template = json!({ "t": "${string($root)}" });
    assert_eq!(limit_of(expand(&template, &data)), LimitKind::Depth);
}

#[test]
fn case_insensitive_misses_are_charged_for_every_key_they_scan() {
    // A wide object and a template that looks up names it lacks, many times: each miss scans
    // every key (the engine matches names ignoring case), and that work is charged.
    let wide: serde_json::Map<String, Value> =
        (0..20_000).map(|i| (format!("key{i}"), json!(i))).collect();
    let data = json!({ "wide": wide, "items": vec![0; 2000] });
    let template = json!({ "rows": [{ "$data": "${items}", "v": "${$root.wide.missing}" }] });
    assert_eq!(limit_of(expand(&template, &data)), LimitKind::Work);
}

#[test]
fn replace_ignore_case_is_charged_for_text_times_pattern() {
    let data = json!({ "text": "a".repeat(200_000), "pattern": format!("{}b", "a".repeat(2_000)) });
    let template = json!({ "t": "${replaceIgnoreCase(text, pattern, 'x')}" });
    assert_eq!(limit_of(expand(&template, &data)), LimitKind::Work);
    // An ordinary replacement is well within the budget.
    let small = json!({ "t": "${replaceIgnoreCase('Hello World', 'WORLD', 'there')}" });
    assert_eq!(
        expand(&small, &json!({})).unwrap(),
        json!({ "t": "Hello there" })
    );
}
