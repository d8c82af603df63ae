//! Hostile and broken cards: each gets the right finding at the right place, and nothing
//! panics.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here
#![expect(clippy::needless_pass_by_value, reason = "test helpers fail loudly")]

use mcpapp_card::{Code, Diagnostic, Limits, Parser, Severity, parse, parse_str};
use serde_json::json;

/// The findings of a card, as (code, pointer) pairs.
fn findings(source: &str) -> Vec<(Code, String)> {
    parse_str(source)
        .diagnostics
        .into_iter()
        .map(|d| (d.code, d.pointer))
        .collect()
}

fn only_error(source: &str) -> Diagnostic {
    let parsed = parse_str(source);
    let errors: Vec<&Diagnostic> = parsed.errors().collect();
    assert_eq!(errors.len(), 1, "{:#?}", parsed.diagnostics);
    errors[0].clone()
}

fn card_with_body(body: serde_json::Value) -> String {
    serde_json::to_string_pretty(&json!({"type": "McpApp", "body": body})).unwrap()
}

#[test]
fn syntax_errors_carry_line_and_column() {
    let d = only_error("{\n  \"type\": \"McpApp\",\n  \"body\": [,]\n}");
    assert_eq!(d.code, Code::JsonSyntax);
    assert_eq!((d.line, d.column), (Some(3), Some(12)));
    assert!(d.message.contains("not valid JSON"), "{}", d.message);

    let d = only_error("");
    assert_eq!(d.code, Code::JsonSyntax);
    let d = only_error("{\"type\": \"McpApp\"");
    assert_eq!(d.code, Code::JsonSyntax);
}

#[test]
fn invalid_utf8_is_a_diagnostic() {
    let parsed = parse(b"{\"type\": \"McpApp\",\n \"x\": \"\xff\"}");
    assert!(parsed.card.is_none());
    let d = &parsed.diagnostics[0];
    assert_eq!(d.code, Code::InvalidUtf8);
    assert_eq!((d.line, d.column), (Some(2), Some(8)));
}

#[test]
fn roots_that_are_not_cards() {
    assert_eq!(only_error("[1, 2]").code, Code::InvalidRoot);
    assert_eq!(only_error("{\"body\": []}").code, Code::InvalidRoot);
    let d = only_error("{\"type\": \"Message\"}");
    assert_eq!(d.code, Code::InvalidRoot);
    assert!(d.message.contains("Message"));
    // Case is forgiven, with a warning.
    let parsed = parse_str("{\"type\": \"mcpapp\"}");
    assert!(parsed.is_valid());
    assert_eq!(parsed.diagnostics[0].severity, Severity::Warning);
}

#[test]
fn size_limit() {
    let limits = Limits {
        max_bytes: 100,
        ..Limits::default()
    };
    let big = card_with_body(json!([{"type": "TextBlock", "text": "x".repeat(200)}]));
    let parsed = Parser::new().limits(limits).parse(big.as_bytes());
    assert_eq!(parsed.diagnostics[0].code, Code::TooLarge);
    // The default limit is 4 MiB.
    let huge = format!(
        "{{\"type\":\"McpApp\",\"body\":[{{\"type\":\"TextBlock\",\"text\":\"{}\"}}]}}",
        "y".repeat(4 * 1024 * 1024)
    );
    assert_eq!(parse(huge.as_bytes()).diagnostics[0].code, Code::TooLarge);
}

#[test]
fn depth_limit() {
    let mut element = json!({"type": "TextBlock", "text": "deep"});
    for _ in 0..40 {
        element = json!({"type": "Container", "items": [element]});
    }
    let d = only_error(&card_with_body(json!([element])));
    assert_eq!(d.code, Code::TooDeep);
    assert!(
        d.pointer.starts_with("/body/0/items/0/items/0"),
        "{}",
        d.pointer
    );
    // Deeper than serde_json allows: still a clean diagnostic.
    let nested = format!("{}{}", "[".repeat(5000), "]".repeat(5000));
    assert_eq!(only_error(&nested).code, Code::TooDeep);
}

#[test]
fn element_limit() {
    let body: Vec<_> = (0..10_001)
        .map(|i| json!({"type": "TextBlock", "text": i.to_string()}))
        .collect();
    let d = only_error(&card_with_body(json!(body)));
    assert_eq!(d.code, Code::TooManyElements);
    let body: Vec<_> = (0..9_000)
        .map(|i| json!({"type": "TextBlock", "text": i.to_string()}))
        .collect();
    assert!(parse_str(&card_with_body(json!(body))).is_valid());
}

#[test]
fn string_limit() {
    let d = only_error(&card_with_body(
        json!([{"type": "TextBlock", "text": "z".repeat(1024 * 1024 + 1)}]),
    ));
    assert_eq!(d.code, Code::StringTooLong);
    assert_eq!(d.pointer, "/body/0/text");
}

#[test]
fn link_urls() {
    for (url, code) in [
        ("javascript:alert(1)", Code::UnsafeUrl),
        ("JAVASCRIPT:alert(1)", Code::UnsafeUrl),
        ("  javascript:alert(1)", Code::UnsafeUrl),
        ("java\nscript:alert(1)", Code::UnsafeUrl),
        ("file:///etc/passwd", Code::UnsafeUrl),
        ("data:text/html,hi", Code::UnsafeUrl),
        ("vbscript:x", Code::UnsafeUrl),
        ("/relative", Code::InvalidUrl),
        ("http://", Code::InvalidUrl),
    ] {
        let source = serde_json::to_string_pretty(&json!({
            "type": "McpApp",
            "actions": [{"type": "Action.OpenUrl", "title": "Go", "url": url}]
        }))
        .unwrap();
        let d = only_error(&source);
        assert_eq!(
            (d.code, d.pointer.as_str()),
            (code, "/actions/0/url"),
            "{url:?}"
        );
        assert_eq!(d.line, Some(6), "{url:?}");
        // The unsafe action is not in the model.
        assert!(parse_str(&source).card.unwrap().actions.is_empty());
    }
    for url in [
        "https://example.com",
        "http://example.com/x?y#z",
        "mailto:a@example.com",
    ] {
        let source = json!({"type": "McpApp", "actions": [{"type": "Action.OpenUrl", "url": url}]});
        assert!(parse_str(&source.to_string()).is_valid(), "{url}");
    }
}

#[test]
fn resource_urls() {
    let image = |url: &str| card_with_body(json!([{"type": "Image", "url": url}]));
    for (url, code) in [
        ("javascript:alert(1)", Code::UnsafeUrl),
        ("file:///home/me/secret.png", Code::UnsafeUrl),
        ("blob:https://x/y", Code::UnsafeUrl),
    ] {
        let d = only_error(&image(url));
        assert_eq!((d.code, d.pointer.as_str()), (code, "/body/0/url"), "{url}");
    }
    for url in [
        "https://example.com/a.png",
        "http://example.com/a.png",
        "data:image/png;base64,iVBORw0KGgo=",
    ] {
        assert!(parse_str(&image(url)).is_valid(), "{url}");
    }
    // Every place an image URL goes is checked.
    let everywhere = json!({
        "type": "McpApp",
        "backgroundImage": "javascript:a",
        "body": [
            {"type": "Container", "items": [], "backgroundImage": {"url": "file:///b"}},
            {"type": "Media", "poster": "javascript:c", "sources": [{"url": "file:///d"}]},
            {"type": "ImageSet", "images": [{"type": "Image", "url": "javascript:e"}]}
        ],
        "actions": [{"type": "Action.Submit", "title": "x", "iconUrl": "javascript:f"}]
    });
    let mut unsafe_at: Vec<String> = parse_str(&everywhere.to_string())
        .diagnostics
        .into_iter()
        .filter(|d| d.code == Code::UnsafeUrl)
        .map(|d| d.pointer)
        .collect();
    unsafe_at.sort();
    assert_eq!(
        unsafe_at,
        [
            "/actions/0/iconUrl",
            "/backgroundImage",
            "/body/0/backgroundImage/url",
            "/body/1/poster",
            "/body/1/sources/0/url",
            "/body/2/images/0/url"
        ]
    );
}

#[test]
fn ids_are_unique_across_show_cards() {
    let source = serde_json::to_string_pretty(&json!({
        "type": "McpApp",
        "body": [{"type": "Input.Text", "id": "name"}],
        "actions": [{"type": "Action.ShowCard", "title": "More", "card": {
            "type": "AdaptiveCard",
            "body": [{"type": "Input.Text", "id": "name"}]
        }}]
    }))
    .unwrap();
    let d = only_error(&source);
    assert_eq!(d.code, Code::DuplicateId);
    // The later of the two in the document is the duplicate; the message names the first.
    // (`json!` sorts keys, so `actions` comes before `body` here.)
    assert_eq!(d.pointer, "/body/0/id");
    assert!(
        d.message.contains("/actions/0/card/body/0/id"),
        "{}",
        d.message
    );
    assert!(d.line.is_some());
}

#[test]
fn inputs_need_ids_and_may_not_use_reserved_ones() {
    let d = only_error(&card_with_body(
        json!([{"type": "Input.Number", "label": "Guests"}]),
    ));
    assert_eq!(
        (d.code, d.pointer.as_str()),
        (Code::InputMissingId, "/body/0")
    );
    let d = only_error(&card_with_body(json!([
        {"type": "Container", "items": [{"type": "Input.Text", "id": "mcp_tool_name"}]}
    ])));
    assert_eq!(
        (d.code, d.pointer.as_str()),
        (Code::ReservedId, "/body/0/items/0/id")
    );
}

#[test]
fn input_shadowing_data_is_a_warning() {
    let source = json!({
        "type": "McpApp",
        "body": [{"type": "Input.Text", "id": "booking_id"}],
        "actions": [{"type": "Action.Submit", "data": {"mcp_tool_name": "t", "booking_id": "B1"}}]
    });
    let f = findings(&source.to_string());
    assert_eq!(f, [(Code::InputShadowsData, "/body/0/id".to_owned())]);
}

#[test]
fn bad_regex_and_ranges() {
    let d = only_error(&card_with_body(json!([
        {"type": "Input.Text", "id": "a", "regex": "([a-z]+"}
    ])));
    assert_eq!(
        (d.code, d.pointer.as_str()),
        (Code::InvalidRegex, "/body/0/regex")
    );
    assert!(d.message.contains("unclosed"), "{}", d.message);

    for (element, pointer) in [
        (
            json!({"type": "Input.Number", "id": "n", "min": 5, "max": 1}),
            "/body/0/min",
        ),
        (
            json!({"type": "Input.Date", "id": "d", "min": "2024-05-01", "max": "2024-01-01"}),
            "/body/0/min",
        ),
        (
            json!({"type": "Input.Time", "id": "t", "min": "18:00", "max": "09:00"}),
            "/body/0/min",
        ),
    ] {
        let d = only_error(&card_with_body(json!([element])));
        assert_eq!(
            (d.code, d.pointer.as_str()),
            (Code::MinGreaterThanMax, pointer)
        );
    }
}

#[test]
fn required_properties() {
    for (element, code, pointer) in [
        (
            json!({"type": "TextBlock"}),
            Code::MissingProperty,
            "/body/0",
        ),
        (
            json!({"type": "TextBlock", "text": 42}),
            Code::InvalidProperty,
            "/body/0/text",
        ),
        (
            json!({"type": "TextBlock", "text": ["a"]}),
            Code::InvalidProperty,
            "/body/0/text",
        ),
        (
            json!({"type": "Input.Toggle", "id": "t"}),
            Code::MissingProperty,
            "/body/0",
        ),
        (json!({"type": "Image"}), Code::MissingProperty, "/body/0"),
        (
            json!({"type": "FactSet", "facts": [{"title": "a"}]}),
            Code::MissingProperty,
            "/body/0/facts/0",
        ),
        (
            json!({"type": "Input.ChoiceSet", "id": "c", "choices": [{"value": "a"}]}),
            Code::MissingProperty,
            "/body/0/choices/0",
        ),
    ] {
        let d = only_error(&card_with_body(json!([element])));
        assert_eq!((d.code, d.pointer.as_str()), (code, pointer), "{element}");
    }
    let d = only_error(r#"{"type":"McpApp","actions":[{"type":"Action.OpenUrl","title":"x"}]}"#);
    assert_eq!(
        (d.code, d.pointer.as_str()),
        (Code::MissingProperty, "/actions/0")
    );
}

#[test]
fn wrong_types_and_enum_values_are_warnings() {
    let source = card_with_body(json!([{
        "type": "TextBlock", "text": "hi", "size": "huge", "wrap": "yes", "maxLines": -1,
        "weight": "BOLDER", "spacing": 3
    }]));
    let parsed = parse_str(&source);
    assert!(parsed.is_valid());
    let mut f: Vec<(Code, String)> = findings(&source);
    f.sort_by(|a, b| a.1.cmp(&b.1));
    assert_eq!(
        f,
        [
            (Code::WrongType, "/body/0/maxLines".to_owned()),
            (Code::UnknownEnumValue, "/body/0/size".to_owned()),
            (Code::WrongType, "/body/0/spacing".to_owned()),
            (Code::WrongType, "/body/0/wrap".to_owned()),
        ]
    );
    let Some(mcpapp_card::Element::TextBlock(block)) = parsed.card.unwrap().body.pop() else {
        panic!()
    };
    assert_eq!(block.weight, Some(mcpapp_card::enums::FontWeight::Bolder));
    assert_eq!(block.size, None);
}

#[test]
fn unknown_elements_fall_back_or_drop_with_a_warning() {
    let source = card_with_body(json!([
        {"type": "Graph", "fallback": {"type": "TextBlock", "text": "no graph"}},
        {"type": "Graph", "fallback": "drop"},
        {"type": "Graph"},
        {"type": "Rating", "fallback": {"type": "Chart", "fallback": {"type": "TextBlock", "text": "deep"}}},
        "not an object",
        {"text": "no type"}
    ]));
    let parsed = parse_str(&source);
    assert!(parsed.is_valid(), "{:#?}", parsed.diagnostics);
    let body = parsed.card.unwrap().body;
    assert_eq!(body.len(), 2);
    let f = findings(&source);
    assert!(
        f.contains(&(Code::UnknownElement, "/body/2".to_owned())),
        "{f:?}"
    );
    assert!(f.contains(&(Code::FallbackUsed, "/body/0".to_owned())));
    assert!(f.contains(&(Code::FallbackUsed, "/body/1".to_owned())));
    assert!(f.contains(&(Code::FallbackUsed, "/body/3/fallback".to_owned())));
    assert!(f.contains(&(Code::WrongType, "/body/4".to_owned())));
    assert!(f.contains(&(Code::UnknownElement, "/body/5".to_owned())));
}

#[test]
fn unknown_properties_are_kept_and_reported_as_info() {
    let source = json!({
        "type": "AdaptiveCard", "version": "1.5",
        "$schema": "http://adaptivecards.io/schemas/adaptive-card.json",
        "msteams": {"width": "Full"},
        "body": [{"type": "TextBlock", "text": "x", "x-custom": 1}]
    });
    let parsed = parse_str(&source.to_string());
    assert!(parsed.is_valid());
    assert!(
        parsed
            .diagnostics
            .iter()
            .all(|d| d.severity == Severity::Info)
    );
    let written = serde_json::to_value(parsed.card.unwrap()).unwrap();
    assert_eq!(written["msteams"], json!({"width": "Full"}));
    assert_eq!(written["body"][0]["x-custom"], json!(1));
    assert_eq!(written["$schema"], source["$schema"]);
}

#[test]
fn newer_versions_warn() {
    let parsed = parse_str(r#"{"type":"AdaptiveCard","version":"2.1","body":[]}"#);
    assert!(parsed.is_valid());
    assert_eq!(parsed.diagnostics[0].code, Code::UnsupportedVersion);
    assert_eq!(parsed.diagnostics[0].pointer, "/version");
}

#[test]
fn show_card_cannot_be_a_select_action() {
    let source = card_with_body(json!([{
        "type": "Container", "items": [],
        "selectAction": {"type": "Action.ShowCard", "card": {"type": "AdaptiveCard"}}
    }]));
    assert_eq!(
        findings(&source),
        [(Code::ShowCardNotAllowed, "/body/0/selectAction".to_owned())]
    );
}

#[test]
fn pointers_escape_special_keys() {
    let parsed = parse_str(r#"{"type":"McpApp","a/b~c":1}"#);
    assert_eq!(parsed.diagnostics[0].pointer, "/a~1b~0c");
    assert_eq!(parsed.diagnostics[0].column, Some(18));
}

#[test]
fn the_type_may_come_after_the_other_properties() {
    let source = card_with_body(json!([
        {"text": "hi", "color": "pink", "type": "TextBlock"},
        {"size": 3, "fallback": {"text": "instead", "type": "TextBlock"}, "type": "Gauge"},
        {"text": "no type", "isSubtle": true},
        {"text": "numbered", "type": 7},
        "not an element",
    ]));
    let parsed = parse_str(&source);
    let found: Vec<(Code, &str, &str)> = parsed
        .diagnostics
        .iter()
        .map(|d| (d.code, d.pointer.as_str(), d.message.as_str()))
        .collect();
    assert_eq!(
        found,
        [
            (
                Code::UnknownEnumValue,
                "/body/0/color",
                "unknown Color `pink`, expected `default`, `dark`, `light`, `accent`, `good`, `warning` or `attention`; the default is used"
            ),
            (
                Code::FallbackUsed,
                "/body/1",
                "unknown element type `Gauge` is replaced by its fallback"
            ),
            (
                Code::UnknownElement,
                "/body/2",
                "this element has no `type`; it is dropped"
            ),
            (
                Code::WrongType,
                "/body/3",
                "an element's `type` must be a string, not a number; the element is dropped"
            ),
            (
                Code::WrongType,
                "/body/4",
                "an element must be an object, not a string; it is dropped"
            ),
        ]
    );
    let body = serde_json::to_value(&parsed.card.unwrap().body).unwrap();
    assert_eq!(
        body,
        json!([{"type": "TextBlock", "text": "hi"}, {"type": "TextBlock", "text": "instead"}])
    );
}

#[test]
fn messages_of_wrong_values_name_what_was_expected() {
    let source = card_with_body(json!([
        {"type": "TextBlock", "text": 5, "wrap": 3, "maxLines": -1},
        {"type": "Container", "minHeight": "big", "items": []},
        {"type": "Image", "url": "https://example.com/a.png", "height": "tall", "width": true},
        {"type": "ColumnSet", "columns": [{"width": "wide"}, {"width": -2}, {"width": null}]},
    ]));
    let found: Vec<String> = parse_str(&source)
        .diagnostics
        .iter()
        .map(|d| format!("{:?} {} {}", d.code, d.pointer, d.message))
        .collect();
    assert_eq!(
        found,
        [
            "WrongType /body/0/maxLines `maxLines` should be a whole number of at least 0, not a number; it is ignored",
            "InvalidProperty /body/0/text TextBlock's `text` must be a string, not a number",
            "WrongType /body/0/wrap `wrap` should be a boolean, not a number; it is ignored",
            "InvalidDimension /body/1/minHeight `big` is not a size in pixels such as \"50px\"; it is ignored",
            "InvalidDimension /body/2/height `tall` is not \"auto\", \"stretch\" or a size such as \"50px\"; it is ignored",
            "WrongType /body/2/width `width` should be \"auto\", \"stretch\" or a size such as \"50px\", not a boolean; it is ignored",
            "InvalidDimension /body/3/columns/0/width \"wide\" is not \"auto\", \"stretch\", a weight or a size such as \"50px\"; it is ignored",
            "InvalidDimension /body/3/columns/1/width -2 is not \"auto\", \"stretch\", a weight or a size such as \"50px\"; it is ignored",
            "WrongType /body/3/columns/2/width `width` should be \"auto\", \"stretch\", a weight or a size such as \"50px\", not null; it is ignored",
        ]
    );
}
