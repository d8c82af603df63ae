use serde_json::{Value, json};

use super::*;
use crate::catalog::Catalog;
use crate::data::DataModel;
use crate::limits::Limits;
use crate::pointer::Pointer;

fn eval_in(data: &Value, scope: &str, call: &Value) -> Result<Value, A2uiError> {
    let mut model = DataModel::new();
    model.set(&Pointer::root(), data.clone()).unwrap();
    let scope = Pointer::parse(scope).unwrap();
    let limits = Limits::default();
    let ctx = Context {
        data: &model,
        catalog: Catalog::basic(),
        scope: &scope,
        limits: &limits,
    };
    ctx.resolve(call)
}

fn eval(call: &Value) -> Value {
    eval_in(&json!({}), "/", call).unwrap()
}

#[test]
fn required_and_logic() {
    assert_eq!(
        eval(&json!({"call": "required", "args": {"value": ""}})),
        json!(false)
    );
    assert_eq!(
        eval(&json!({"call": "required", "args": {"value": []}})),
        json!(false)
    );
    assert_eq!(
        eval(&json!({"call": "required", "args": {"value": 0}})),
        json!(true)
    );
    assert_eq!(
        eval(&json!({"call": "required", "args": {"value": {"path": "/missing"}}})),
        json!(false)
    );
    let and = json!({"call": "and", "args": {"values": [true, {"call": "not", "args": {"value": false}}]}});
    assert_eq!(eval(&and), json!(true));
    let or = json!({"call": "or", "args": {"values": [false, "false"]}});
    assert_eq!(eval(&or), json!(false));
    // `or` stops at the first true value: the unknown function after it is never run.
    let short = json!({"call": "or", "args": {"values": [true, {"call": "nope"}]}});
    assert_eq!(eval(&short), json!(true));
}

#[test]
fn validators() {
    let regex = json!({"call": "regex", "args": {"value": "12345", "pattern": "^[0-9]{5}$"}});
    assert_eq!(eval(&regex), json!(true));
    let bad = json!({"call": "regex", "args": {"value": "x", "pattern": "(?<=a)b"}});
    assert!(matches!(
        eval_in(&json!({}), "/", &bad),
        Err(A2uiError::InvalidRegex { .. })
    ));
    let length = json!({"call": "length", "args": {"value": "héllo", "min": 2, "max": 5}});
    assert_eq!(eval(&length), json!(true));
    let short = json!({"call": "length", "args": {"value": "h", "min": 2}});
    assert_eq!(eval(&short), json!(false));
    let numeric = json!({"call": "numeric", "args": {"value": "42", "min": 0, "max": 100}});
    assert_eq!(eval(&numeric), json!(true));
    let nan = json!({"call": "numeric", "args": {"value": "abc", "min": 0}});
    assert_eq!(eval(&nan), json!(false));
    for (address, ok) in [("a@b.co", true), ("a b@c.de", false), ("nope", false)] {
        let email = json!({"call": "email", "args": {"value": address}});
        assert_eq!(eval(&email), json!(ok), "{address}");
    }
}

#[test]
fn numbers_and_currencies() {
    assert_eq!(format_number(1_234_567.891, None, true), "1,234,567.891");
    assert_eq!(format_number(1.005, Some(2), true), "1.01");
    assert_eq!(format_number(999.9996, Some(3), true), "1,000.000");
    assert_eq!(format_number(1234.5, Some(0), false), "1235");
    assert_eq!(format_number(-0.5, None, true), "-0.5");
    assert_eq!(format_number(2.0, None, true), "2");
    assert_eq!(
        format_currency(1234.5, "USD", None, true).unwrap(),
        "$1,234.50"
    );
    assert_eq!(format_currency(-3.0, "eur", None, true).unwrap(), "-€3.00");
    assert_eq!(
        format_currency(1500.0, "JPY", None, true).unwrap(),
        "¥1,500"
    );
    assert_eq!(
        format_currency(1.0, "CHF", None, true).unwrap(),
        "CHF\u{a0}1.00"
    );
    assert!(format_currency(1.0, "dollars", None, true).is_err());
    let call = json!({"call": "formatCurrency", "args": {"value": {"path": "/p"}, "currency": "USD", "decimals": 0}});
    assert_eq!(
        eval_in(&json!({"p": 99.5}), "/", &call).unwrap(),
        json!("$100")
    );
}

#[test]
fn dates() {
    let ms = mcpapp_template::datetime::parse_iso("2026-01-16T14:30:05Z").unwrap();
    assert_eq!(format_date(ms, "MMM dd, yyyy").unwrap(), "Jan 16, 2026");
    assert_eq!(format_date(ms, "HH:mm").unwrap(), "14:30");
    assert_eq!(format_date(ms, "h:mm a").unwrap(), "2:30 PM");
    assert_eq!(
        format_date(ms, "EEEE, d MMMM").unwrap(),
        "Friday, 16 January"
    );
    assert_eq!(
        format_date(ms, "yy-M-d 'at' ss''").unwrap(),
        "26-1-16 at 05'"
    );
    let call = json!({"call": "formatDate", "args": {"value": "not a date", "format": "yyyy"}});
    assert_eq!(eval(&call), json!(""));
}

#[test]
fn format_string_interpolates() {
    let data =
        json!({"user": {"name": "Ada"}, "items": [{"n": 3}], "when": "2026-02-02T15:17:00Z"});
    let call = json!({"call": "formatString", "args": {"value":
        "Hi ${/user/name}: ${n} item(s) on ${formatDate(value: ${/when}, format: 'MMM d')} \\${x}"}});
    assert_eq!(
        eval_in(&data, "/items/0", &call).unwrap(),
        json!("Hi Ada: 3 item(s) on Feb 2 ${x}")
    );
    let missing = json!({"call": "formatString", "args": {"value": "[${/nope}]"}});
    assert_eq!(eval(&missing), json!("[]"));
    let unknown = json!({"call": "formatString", "args": {"value": "${now()}"}});
    assert!(matches!(
        eval_in(&json!({}), "/", &unknown),
        Err(A2uiError::UnknownFunction(name)) if name == "now"
    ));
}

#[test]
fn pluralize_open_url_and_depth() {
    let call = |n: i64| json!({"call": "pluralize", "args": {"value": n, "one": "1 item", "other": "many"}});
    assert_eq!(eval(&call(1)), json!("1 item"));
    assert_eq!(eval(&call(0)), json!("many"));
    assert_eq!(eval(&call(5)), json!("many"));
    let open = json!({"call": "openUrl", "args": {"url": "javascript:alert(1)"}});
    assert!(matches!(
        eval_in(&json!({}), "/", &open),
        Err(A2uiError::UnsafeUrl { .. })
    ));
    let mut deep = json!(true);
    for _ in 0..100 {
        deep = json!({"call": "not", "args": {"value": deep}});
    }
    assert!(matches!(
        eval_in(&json!({}), "/", &deep),
        Err(A2uiError::Limit(_))
    ));
}

#[test]
fn capitalize_only_in_the_minimal_catalog() {
    assert_eq!(capitalize("hello world"), "Hello world");
    let call = json!({"call": "capitalize", "args": {"value": "x"}});
    assert!(matches!(
        eval_in(&json!({}), "/", &call),
        Err(A2uiError::UnknownFunction(_))
    ));
}

#[test]
fn regex_results_hold_across_the_pattern_cache() {
    // More distinct patterns than the cache keeps: each still judges its own value.
    for round in 0..2 {
        for n in 0..100 {
            let call = json!({"call": "regex", "args": {"value": format!("a{n}"), "pattern": format!("^a{n}$")}});
            assert_eq!(eval(&call), json!(true), "round {round}, pattern {n}");
            let other =
                json!({"call": "regex", "args": {"value": "zz", "pattern": format!("^a{n}$")}});
            assert_eq!(eval(&other), json!(false));
        }
    }
}
