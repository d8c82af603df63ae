//! The JSON-RPC envelope: parsing, writing, malformed input, typed extraction.

use mcpapp_protocol::messages::{Initialize, OpenLink, Ping, SizeChanged, ToolInput, UiMessage};
use mcpapp_protocol::{
    EmptyObject, JsonRpcError, JsonRpcErrorResponse, JsonRpcNotification, JsonRpcRequest,
    JsonRpcResponse, Message, OpenLinkParams, ProtocolError, RequestId, SizeChangedParams,
    ToolInputParams, UiActionResult,
};
use serde_json::{Value, json};

fn parse(value: Value) -> Result<Message, ProtocolError> {
    Message::from_value(value)
}

#[test]
fn request_round_trips_and_exposes_id_and_method() {
    let json = json!({"jsonrpc": "2.0", "id": 7, "method": "ui/open-link", "params": {"url": "https://modelcontextprotocol.io/"}});
    let message = parse(json.clone()).unwrap();
    assert_eq!(message.method(), Some("ui/open-link"));
    assert_eq!(message.id(), Some(&RequestId::Number(7)));
    assert_eq!(message.to_value(), json);
    assert_eq!(serde_json::to_value(&message).unwrap(), json);
}

#[test]
fn every_message_kind_is_recognised() {
    let notification =
        parse(json!({"jsonrpc": "2.0", "method": "ui/notifications/initialized"})).unwrap();
    assert_eq!(
        notification,
        Message::Notification(JsonRpcNotification::new(
            "ui/notifications/initialized",
            None
        ))
    );

    let response = parse(json!({"jsonrpc": "2.0", "id": "abc", "result": {}})).unwrap();
    assert_eq!(
        response,
        Message::Response(JsonRpcResponse::new("abc", json!({})))
    );

    let error = parse(json!({"jsonrpc": "2.0", "id": 3, "error": {"code": -32601, "message": "Method not found"}})).unwrap();
    let Message::Error(JsonRpcErrorResponse { id, error }) = error else {
        panic!("not an error response")
    };
    assert_eq!(id, Some(RequestId::Number(3)));
    assert_eq!(error.code, JsonRpcError::METHOD_NOT_FOUND);
    assert_eq!(error.message, "Method not found");
}

#[test]
fn unknown_method_is_a_value_not_a_failure() {
    let message = parse(json!({"jsonrpc": "2.0", "id": 1, "method": "ui/some-future-thing", "params": {"x": [1, 2]}})).unwrap();
    assert_eq!(message.method(), Some("ui/some-future-thing"));
    // No marker matches: every typed extraction says "not this one" rather than failing.
    assert!(message.extract_request::<Initialize>().unwrap().is_none());
    assert!(message.extract_request::<OpenLink>().unwrap().is_none());
    assert!(
        message
            .extract_notification::<ToolInput>()
            .unwrap()
            .is_none()
    );
    // And the host can answer it as JSON-RPC prescribes.
    let Message::Request(request) = &message else {
        panic!("not a request")
    };
    let answer = Message::from(request.method_not_found()).to_value();
    assert_eq!(
        answer,
        json!({"jsonrpc": "2.0", "id": 1, "error": {"code": -32601, "message": "Method not found: ui/some-future-thing"}})
    );

    let notification = parse(json!({"jsonrpc": "2.0", "method": "vendor/notify"})).unwrap();
    assert!(
        notification
            .extract_notification::<SizeChanged>()
            .unwrap()
            .is_none()
    );
}

#[test]
fn unknown_top_level_members_are_ignored() {
    let message =
        parse(json!({"jsonrpc": "2.0", "method": "ping", "id": 1, "trace": "x"})).unwrap();
    assert!(message.is_request::<Ping>());
}

#[test]
fn extract_distinguishes_kind_method_and_bad_params() {
    let request = parse(json!({"jsonrpc": "2.0", "id": 2, "method": "ui/open-link", "params": {"url": "https://a.example"}})).unwrap();
    let (id, params) = request.extract_request::<OpenLink>().unwrap().unwrap();
    assert_eq!(id, RequestId::Number(2));
    assert_eq!(
        params,
        OpenLinkParams {
            url: "https://a.example".into()
        }
    );
    assert!(request.extract_request::<UiMessage>().unwrap().is_none());
    // The kind matters as well as the name: a notification is never a request's match.
    let as_notification =
        parse(json!({"jsonrpc": "2.0", "method": "ui/open-link", "params": {"url": "x"}})).unwrap();
    assert!(
        as_notification
            .extract_request::<OpenLink>()
            .unwrap()
            .is_none()
    );
    assert!(!as_notification.is_request::<OpenLink>());

    let bad = parse(
        json!({"jsonrpc": "2.0", "id": 3, "method": "ui/open-link", "params": {"href": "x"}}),
    )
    .unwrap();
    let error = bad.extract_request::<OpenLink>().unwrap_err();
    assert!(
        matches!(&error, ProtocolError::InvalidParams { method, .. } if method == "ui/open-link"),
        "{error}"
    );
    assert_eq!(error.to_jsonrpc_error().code, JsonRpcError::INVALID_PARAMS);
    assert!(error.to_string().contains("url"), "{error}");
}

#[test]
fn absent_params_read_as_an_empty_object() {
    let ping = parse(json!({"jsonrpc": "2.0", "id": 0, "method": "ping"})).unwrap();
    assert!(ping.extract_request::<Ping>().unwrap().is_some());
    let null_params =
        parse(json!({"jsonrpc": "2.0", "method": "ui/notifications/size-changed", "params": null}))
            .unwrap();
    assert_eq!(
        null_params.extract_notification::<SizeChanged>().unwrap(),
        Some(SizeChangedParams::default())
    );
    // A method whose params have required members still reports them missing.
    let open = parse(json!({"jsonrpc": "2.0", "id": 1, "method": "ui/open-link"})).unwrap();
    assert!(open.extract_request::<OpenLink>().is_err());
}

#[test]
fn typed_constructors_build_the_wire_form() {
    let params = ToolInputParams {
        arguments: Some(json!({"city": "Oslo"}).as_object().unwrap().clone()),
    };
    let message = Message::notification::<ToolInput>(&params).unwrap();
    assert_eq!(
        message.to_value(),
        json!({"jsonrpc": "2.0", "method": "ui/notifications/tool-input", "params": {"arguments": {"city": "Oslo"}}})
    );
    assert_eq!(
        message.extract_notification::<ToolInput>().unwrap(),
        Some(params)
    );

    let request = Message::request::<OpenLink>(
        "req-1",
        &OpenLinkParams {
            url: "https://b.example".into(),
        },
    )
    .unwrap();
    assert_eq!(
        request.to_value(),
        json!({"jsonrpc": "2.0", "id": "req-1", "method": "ui/open-link", "params": {"url": "https://b.example"}})
    );

    let response = Message::response::<OpenLink>(5, &UiActionResult::failed()).unwrap();
    assert_eq!(
        response.to_value(),
        json!({"jsonrpc": "2.0", "id": 5, "result": {"isError": true}})
    );
    let Message::Response(response) = response else {
        panic!("not a response")
    };
    assert!(response.extract_result::<OpenLink>().unwrap().is_error());

    let ping = JsonRpcRequest::typed::<Ping>(9, &EmptyObject::default()).unwrap();
    assert_eq!(
        ping.to_value(),
        json!({"jsonrpc": "2.0", "id": 9, "method": "ping", "params": {}})
    );
}

#[test]
fn typed_result_that_does_not_fit_is_an_error() {
    let response = JsonRpcResponse::new(1, json!({"mode": 42}));
    let error = response
        .extract_result::<mcpapp_protocol::messages::RequestDisplayMode>()
        .unwrap_err();
    assert!(matches!(error, ProtocolError::InvalidResult { .. }));
    assert_eq!(error.to_jsonrpc_error().code, JsonRpcError::INTERNAL_ERROR);
}

#[test]
fn error_response_with_unknown_id_is_written_with_null_id() {
    let message = Message::error(None, JsonRpcError::parse_error("bad JSON"));
    assert_eq!(
        message.to_value(),
        json!({"jsonrpc": "2.0", "id": null, "error": {"code": -32700, "message": "bad JSON"}})
    );
    assert_eq!(parse(message.to_value()).unwrap(), message);
    // Some peers omit the id entirely; that reads the same.
    let without_id =
        parse(json!({"jsonrpc": "2.0", "error": {"code": -32700, "message": "bad JSON"}})).unwrap();
    assert_eq!(without_id, message);
}

#[test]
fn error_constructors_carry_the_standard_codes() {
    assert_eq!(JsonRpcError::PARSE_ERROR, -32700);
    assert_eq!(JsonRpcError::INVALID_REQUEST, -32600);
    assert_eq!(JsonRpcError::METHOD_NOT_FOUND, -32601);
    assert_eq!(JsonRpcError::INVALID_PARAMS, -32602);
    assert_eq!(JsonRpcError::INTERNAL_ERROR, -32603);
    assert_eq!(JsonRpcError::invalid_request("x").code, -32600);
    assert_eq!(JsonRpcError::invalid_params("x").code, -32602);
    assert_eq!(JsonRpcError::internal_error("x").code, -32603);
    assert_eq!(JsonRpcError::server_error("denied").code, -32000);
    let with_data = JsonRpcError::method_not_found("ui/x").with_data(json!({"method": "ui/x"}));
    assert_eq!(
        serde_json::to_value(&with_data).unwrap(),
        json!({"code": -32601, "message": "Method not found: ui/x", "data": {"method": "ui/x"}})
    );
    assert_eq!(
        with_data.to_string(),
        "JSON-RPC error -32601: Method not found: ui/x"
    );
}

/// Each malformed envelope, with the error it must produce; none may panic.
#[test]
#[expect(
    clippy::too_many_lines,
    reason = "a table of malformed envelopes with their errors"
)]
fn malformed_envelopes_are_errors() {
    type Check = fn(&ProtocolError) -> bool;
    let cases: Vec<(Value, Check)> = vec![
        (json!("hello"), |e| {
            matches!(e, ProtocolError::NotAnObject { found: "string" })
        }),
        (json!(null), |e| {
            matches!(e, ProtocolError::NotAnObject { found: "null" })
        }),
        (
            json!([{"jsonrpc": "2.0", "method": "ping", "id": 1}]),
            |e| matches!(e, ProtocolError::Batch),
        ),
        (json!({"method": "ping", "id": 1}), |e| {
            matches!(e, ProtocolError::InvalidVersion { found: None })
        }),
        (
            json!({"jsonrpc": "1.0", "method": "ping", "id": 1}),
            |e| matches!(e, ProtocolError::InvalidVersion { found: Some(v) } if v == "\"1.0\""),
        ),
        (json!({"jsonrpc": 2.0, "method": "ping", "id": 1}), |e| {
            matches!(e, ProtocolError::InvalidVersion { .. })
        }),
        (
            json!({"jsonrpc": "2.0", "method": "ping", "id": 1.5}),
            |e| matches!(e, ProtocolError::InvalidId { .. }),
        ),
        (
            json!({"jsonrpc": "2.0", "method": "ping", "id": true}),
            |e| matches!(e, ProtocolError::InvalidId { .. }),
        ),
        (
            json!({"jsonrpc": "2.0", "method": "ping", "id": {"n": 1}}),
            |e| matches!(e, ProtocolError::InvalidId { .. }),
        ),
        (
            json!({"jsonrpc": "2.0", "method": "ping", "id": u64::MAX}),
            |e| matches!(e, ProtocolError::InvalidId { .. }),
        ),
        (
            json!({"jsonrpc": "2.0", "method": "ping", "id": null}),
            |e| matches!(e, ProtocolError::NullRequestId),
        ),
        (json!({"jsonrpc": "2.0", "method": 42}), |e| {
            matches!(e, ProtocolError::InvalidMethod { .. })
        }),
        (
            json!({"jsonrpc": "2.0", "method": "ping", "params": "x"}),
            |e| matches!(e, ProtocolError::InvalidParamsType { found: "string" }),
        ),
        (
            json!({"jsonrpc": "2.0", "id": 1, "result": {}, "error": {"code": 1, "message": "m"}}),
            |e| matches!(e, ProtocolError::ResultAndError),
        ),
        (
            json!({"jsonrpc": "2.0", "id": 1, "method": "ping", "result": {}}),
            |e| matches!(e, ProtocolError::MethodAndResponse),
        ),
        (json!({"jsonrpc": "2.0", "result": {}}), |e| {
            matches!(e, ProtocolError::MissingResponseId)
        }),
        (json!({"jsonrpc": "2.0", "id": null, "result": {}}), |e| {
            matches!(e, ProtocolError::MissingResponseId)
        }),
        (json!({"jsonrpc": "2.0", "id": 1, "error": "boom"}), |e| {
            matches!(e, ProtocolError::InvalidErrorObject { .. })
        }),
        (
            json!({"jsonrpc": "2.0", "id": 1, "error": {"code": "x", "message": "m"}}),
            |e| matches!(e, ProtocolError::InvalidErrorObject { .. }),
        ),
        (json!({"jsonrpc": "2.0", "id": 1}), |e| {
            matches!(e, ProtocolError::NotAMessage)
        }),
    ];
    for (json, expected) in cases {
        let error = parse(json.clone()).expect_err(&format!("{json} must be rejected"));
        assert!(expected(&error), "{json} gave {error:?}");
        assert_eq!(
            error.to_jsonrpc_error().code,
            JsonRpcError::INVALID_REQUEST,
            "{json}"
        );
        assert!(!error.to_string().is_empty());
    }
}

#[test]
fn text_that_is_not_json_is_a_parse_error() {
    let error = "{not json".parse::<Message>().unwrap_err();
    assert!(matches!(error, ProtocolError::Json(_)));
    assert_eq!(error.to_jsonrpc_error().code, JsonRpcError::PARSE_ERROR);
    assert_eq!(JsonRpcError::from(&error).code, JsonRpcError::PARSE_ERROR);
}

#[test]
fn serde_deserialize_of_envelope_types_checks_the_kind() {
    let request: JsonRpcRequest =
        serde_json::from_value(json!({"jsonrpc": "2.0", "id": 1, "method": "ping"})).unwrap();
    assert_eq!(request.id, RequestId::Number(1));
    let wrong_kind = serde_json::from_value::<JsonRpcNotification>(
        json!({"jsonrpc": "2.0", "id": 1, "method": "ping"}),
    );
    assert!(
        wrong_kind
            .unwrap_err()
            .to_string()
            .contains("expected a JSON-RPC notification")
    );
    let message: Message = serde_json::from_str(
        r#"{"jsonrpc":"2.0","method":"ui/notifications/initialized","params":{}}"#,
    )
    .unwrap();
    assert!(message.is_notification::<mcpapp_protocol::messages::Initialized>());
    assert!(serde_json::from_str::<Message>(r#"{"jsonrpc":"2.0"}"#).is_err());
}

#[test]
fn request_ids_convert_and_display() {
    assert_eq!(RequestId::from(4), RequestId::Number(4));
    assert_eq!(RequestId::from("a"), RequestId::String("a".into()));
    assert_eq!(RequestId::from(String::from("b")).to_string(), "b");
    assert_eq!(RequestId::Number(-3).to_string(), "-3");
    // A string that looks like a number stays a string: ids are compared by kind and value.
    let message = parse(json!({"jsonrpc": "2.0", "id": "1", "result": {}})).unwrap();
    assert_eq!(message.id(), Some(&RequestId::String("1".into())));
    assert_ne!(message.id(), Some(&RequestId::Number(1)));
}
