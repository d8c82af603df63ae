//! Signed actions: the honest path, the tampering suite and key rotation.

#![cfg(test)] // clippy.toml's allowances for tests hold in every function here

use base64::Engine as _;
use mcpapp_card::model::ExecuteAction;
use mcpapp_card::{Action, Card, ToolCall, tool_call};
use mcpapp_protocol::JsonRpcError;
use mcpapp_server::signing::canonical_json;
use mcpapp_server::{
    BuildSigned as _, CardBuilder, Error, MemoryReplayGuard, Rejection, ReplayGuard as _,
    SIGNATURE_KEY, Signer, VerifiedAction,
};
use serde_json::{Map, Value, json};

const NOW: u64 = 1_800_000_000;
const TTL: u64 = 600;
const OLD: &[u8; 32] = b"old-secret-0123456789abcdefghijk";
const NEW: &[u8; 32] = b"new-secret-0123456789abcdefghijk";
const USER: &str = "user-42";

fn signer() -> Signer {
    Signer::new([("k1", OLD.to_vec())], TTL).unwrap()
}

/// A card with two actions: cancel a booking (with a reason input) and keep it.
fn card() -> Card {
    CardBuilder::new()
        .text("Cancel FL-12345-ABC?")
        .input_text("reason", "Reason", |t| {
            t.placeholder("e.g., change in travel plans")
        })
        .submit(
            "Cancel",
            "confirm_cancellation",
            json!({ "booking_id": "FL-12345-ABC" }),
        )
        .submit(
            "Keep",
            "keep_booking",
            json!({ "booking_id": "FL-12345-ABC" }),
        )
        .build()
        .unwrap()
}

fn signed_card(signer: &Signer) -> Card {
    let mut card = card();
    signer.sign_card(&mut card, USER, NOW).unwrap();
    card
}

#[test]
fn build_signed_signs_a_checked_card() {
    let signer = signer();
    let card = CardBuilder::new()
        .submit("Keep", "keep_booking", json!({ "booking_id": "FL-1" }))
        .build_signed(&signer, USER, NOW)
        .unwrap();
    let call = click(&card, 0, &json!({}));
    verify_fresh(&signer, &call).unwrap();
    let err = CardBuilder::new()
        .input_text("booking_id", "Id", |t| t)
        .submit("Keep", "keep_booking", json!({ "booking_id": "FL-1" }))
        .build_signed(&signer, USER, NOW)
        .unwrap_err();
    assert_eq!(
        err,
        mcpapp_server::Error::InputCollision("booking_id".into())
    );
}

/// What the client sends back when the user clicks action `index`: the data merged with the
/// inputs, the tool taken from `mcp_tool_name`.
fn click(card: &Card, index: usize, inputs: &Value) -> ToolCall {
    let action = &card.actions[index];
    let Action::Submit(submit) = action else {
        panic!("not a submit")
    };
    let mut payload = submit.submission.data.clone().unwrap();
    for (k, v) in inputs.as_object().unwrap() {
        payload[k] = v.clone();
    }
    tool_call(action, payload).unwrap()
}

/// The cancel action of a card signed by `signer`, clicked with `reason`.
fn cancel_clicked(signer: &Signer, reason: &str) -> ToolCall {
    click(&signed_card(signer), 0, &json!({ "reason": reason }))
}

fn verify(
    signer: &Signer,
    call: &ToolCall,
    guard: &mut MemoryReplayGuard,
) -> Result<VerifiedAction, Rejection> {
    signer.verify(&call.name, &call.arguments, USER, NOW + 10, guard)
}

/// [`verify`] by a server that has seen no action yet.
fn verify_fresh(signer: &Signer, call: &ToolCall) -> Result<VerifiedAction, Rejection> {
    verify(signer, call, &mut MemoryReplayGuard::new())
}

#[test]
fn the_honest_path_verifies() {
    let signer = signer();
    let call = cancel_clicked(&signer, "plans changed");
    assert_eq!(call.name, "confirm_cancellation");
    let verified = verify_fresh(&signer, &call).unwrap();
    assert_eq!(
        Value::Object(verified.fixed),
        json!({ "booking_id": "FL-12345-ABC" })
    );
    assert_eq!(
        Value::Object(verified.inputs),
        json!({ "reason": "plans changed" })
    );
}

#[test]
fn every_submit_and_execute_is_signed_wherever_it_is() {
    let signer = signer();
    let mut card = card();
    card.actions.push(Action::Execute(Box::new(ExecuteAction {
        verb: Some("refresh".into()),
        ..ExecuteAction::default()
    })));
    card.box_props.select_action = Some(Box::new(card.actions[1].clone()));
    signer.sign_card(&mut card, USER, NOW).unwrap();
    let value = serde_json::to_value(&card).unwrap();
    for data in [
        &value["actions"][0]["data"],
        &value["actions"][1]["data"],
        &value["actions"][2]["data"],
        &value["selectAction"]["data"],
    ] {
        assert!(data[SIGNATURE_KEY].is_string(), "{data}");
    }
    // The Execute action's tool is its verb.
    let Action::Execute(execute) = &card.actions[2] else {
        panic!()
    };
    let args = execute
        .submission
        .data
        .clone()
        .unwrap()
        .as_object()
        .unwrap()
        .clone();
    let verified = signer
        .verify("refresh", &args, USER, NOW, &mut MemoryReplayGuard::new())
        .unwrap();
    assert!(verified.fixed.is_empty() && verified.inputs.is_empty());
}

/// The signed card's cancel action, clicked with a reason, its arguments then edited by
/// `edit` (as a tampering client would), and verified by a fresh server.
fn verify_edited(edit: impl FnOnce(&mut Map<String, Value>)) -> Result<VerifiedAction, Rejection> {
    let signer = signer();
    let mut call = cancel_clicked(&signer, "x");
    edit(&mut call.arguments);
    verify_fresh(&signer, &call)
}

/// [`verify_edited`] with the signature replaced by `signature`.
fn verify_with_signature(signature: Value) -> Result<VerifiedAction, Rejection> {
    verify_edited(|arguments| {
        arguments.insert(SIGNATURE_KEY.into(), signature);
    })
}

#[test]
fn edited_fixed_data_is_refused() {
    let edited = verify_edited(|arguments| {
        arguments.insert("booking_id".into(), json!("FL-99999-ZZZ"));
    });
    assert_eq!(edited, Err(Rejection::BadSignature));
}

#[test]
fn removed_fixed_data_is_refused() {
    let removed = verify_edited(|arguments| {
        arguments.remove("booking_id");
    });
    assert_eq!(removed, Err(Rejection::BadSignature));
}

#[test]
fn a_removed_signature_is_refused() {
    let removed = verify_edited(|arguments| {
        arguments.remove(SIGNATURE_KEY);
    });
    assert_eq!(removed, Err(Rejection::MissingSignature));
}

#[test]
fn a_garbled_signature_is_refused() {
    for garbage in [json!("nonsense"), json!("a.b"), json!(42)] {
        let garbled = verify_with_signature(garbage);
        assert_eq!(garbled, Err(Rejection::BadSignature));
    }
}

#[test]
fn a_signature_of_another_tool_is_refused() {
    let signer = signer();
    let card = signed_card(&signer);
    // The "Keep" action's data and signature, sent to the cancel tool.
    let keep = click(&card, 1, &json!({}));
    let call = ToolCall {
        name: "confirm_cancellation".into(),
        arguments: keep.arguments,
        finishes: false,
    };
    assert_eq!(verify_fresh(&signer, &call), Err(Rejection::WrongTool));
}

#[test]
fn a_signature_copied_from_other_data_is_refused() {
    let signer = signer();
    let mut other = CardBuilder::new()
        .submit(
            "Cancel",
            "confirm_cancellation",
            json!({ "booking_id": "FL-OTHER" }),
        )
        .build()
        .unwrap();
    signer.sign_card(&mut other, USER, NOW).unwrap();
    let other_sig = click(&other, 0, &json!({})).arguments[SIGNATURE_KEY].clone();
    let copied = verify_with_signature(other_sig);
    assert_eq!(copied, Err(Rejection::BadSignature));
}

#[test]
fn an_expired_action_is_refused() {
    let signer = signer();
    let call = cancel_clicked(&signer, "x");
    let mut guard = MemoryReplayGuard::new();
    assert_eq!(
        signer.verify(&call.name, &call.arguments, USER, NOW + TTL, &mut guard),
        Err(Rejection::Expired)
    );
    assert!(
        signer
            .verify(&call.name, &call.arguments, USER, NOW + TTL - 1, &mut guard)
            .is_ok()
    );
}

#[test]
fn a_replayed_action_is_refused() {
    let signer = signer();
    let card = signed_card(&signer);
    let call = click(&card, 0, &json!({ "reason": "x" }));
    let mut guard = MemoryReplayGuard::new();
    verify(&signer, &call, &mut guard).unwrap();
    // Even with other inputs, the same signed action is used once.
    let again = click(&card, 0, &json!({ "reason": "y" }));
    assert_eq!(
        verify(&signer, &again, &mut guard),
        Err(Rejection::Replayed)
    );
    // The other action has its own nonce.
    verify(&signer, &click(&card, 1, &json!({})), &mut guard).unwrap();
    assert_eq!(guard.len(), 2);
}

#[test]
fn the_memory_guard_forgets_expired_nonces() {
    use mcpapp_server::ReplayGuard as _;
    let mut guard = MemoryReplayGuard::new();
    assert!(guard.first_use("n", 100, 50));
    assert!(!guard.first_use("n", 100, 99));
    assert!(guard.first_use("m", 200, 100));
    assert_eq!(guard.len(), 1, "`n` expired at 100");
    assert!(guard.first_use("n", 300, 150));
}

#[test]
fn another_subject_is_refused() {
    let signer = signer();
    let call = cancel_clicked(&signer, "x");
    assert_eq!(
        signer.verify(
            &call.name,
            &call.arguments,
            "user-7",
            NOW,
            &mut MemoryReplayGuard::new()
        ),
        Err(Rejection::OtherSubject)
    );
}

#[test]
fn an_unknown_key_is_refused() {
    let call = cancel_clicked(&signer(), "x");
    let stranger = Signer::new([("k9", NEW.to_vec())], TTL).unwrap();
    assert_eq!(verify_fresh(&stranger, &call), Err(Rejection::UnknownKey));
    // Same key id, other secret: the signature does not match.
    let impostor = Signer::new([("k1", NEW.to_vec())], TTL).unwrap();
    assert_eq!(verify_fresh(&impostor, &call), Err(Rejection::BadSignature));
}

#[test]
fn an_input_overriding_fixed_data_is_refused() {
    let signer = signer();
    let card = signed_card(&signer);
    // A forged input named like a fixed key replaces the signed value.
    let call = click(&card, 0, &json!({ "booking_id": "FL-99999-ZZZ" }));
    assert_eq!(verify_fresh(&signer, &call), Err(Rejection::BadSignature));
    // An input using a reserved name.
    let call = click(&card, 0, &json!({ "mcp_admin": true }));
    assert_eq!(
        verify_fresh(&signer, &call),
        Err(Rejection::ReservedInput("mcp_admin".into()))
    );
    // A card whose input shadows fixed data, or uses a reserved id, is never signed.
    for id in ["booking_id", "mcp_sig"] {
        let mut bad = CardBuilder::new()
            .input_text(id, "Id", |t| t)
            .submit(
                "Cancel",
                "confirm_cancellation",
                json!({ "booking_id": "FL-1" }),
            )
            .build()
            .unwrap();
        assert_eq!(
            signer.sign_card(&mut bad, USER, NOW),
            Err(Error::InputCollision(id.into()))
        );
    }
}

#[test]
fn key_rotation() {
    let old = signer();
    let call = cancel_clicked(&old, "x");
    // New key first (it signs), old key still listed: old signatures verify.
    let rotated = Signer::new([("k2", NEW.to_vec()), ("k1", OLD.to_vec())], TTL).unwrap();
    verify_fresh(&rotated, &call).unwrap();
    let new_call = cancel_clicked(&rotated, "x");
    verify_fresh(&rotated, &new_call).unwrap();
    assert_eq!(verify_fresh(&old, &new_call), Err(Rejection::UnknownKey));
    // Old key removed: refused.
    let retired = Signer::new([("k2", NEW.to_vec())], TTL).unwrap();
    assert_eq!(verify_fresh(&retired, &call), Err(Rejection::UnknownKey));
}

#[test]
fn signer_keys_are_checked() {
    assert_eq!(
        Signer::new(Vec::<(String, Vec<u8>)>::new(), TTL).unwrap_err(),
        Error::NoKeys
    );
    assert_eq!(
        Signer::new([("short", b"too short".to_vec())], TTL).unwrap_err(),
        Error::WeakKey("short".into())
    );
}

#[test]
fn rejections_become_invalid_params() {
    let cases = [
        (Rejection::MissingSignature, "missing-signature"),
        (Rejection::BadSignature, "bad-signature"),
        (Rejection::WrongTool, "wrong-tool"),
        (Rejection::Expired, "expired"),
        (Rejection::Replayed, "replayed"),
        (Rejection::OtherSubject, "other-subject"),
        (Rejection::UnknownKey, "unknown-key"),
        (Rejection::ReservedInput("mcp_x".into()), "reserved-input"),
    ];
    for (rejection, reason) in cases {
        let error = rejection.to_jsonrpc_error();
        assert_eq!(error.code, JsonRpcError::INVALID_PARAMS);
        assert_eq!(error.message, rejection.to_string());
        assert_eq!(error.data, Some(json!({ "reason": reason })));
    }
}

#[test]
fn canonical_json_sorts_keys_recursively() {
    let mut inner = Map::new();
    inner.insert("z".into(), json!(1));
    inner.insert("a".into(), json!([{ "y": "é\"", "b": null }]));
    let value = json!({ "b": Value::Object(inner), "a": 1.5 });
    assert_eq!(
        canonical_json(&value),
        r#"{"a":1.5,"b":{"a":[{"b":null,"y":"é\""}],"z":1}}"#
    );
}

#[test]
fn check_does_not_spend_the_action_and_consume_spends_it_once() {
    let signer = signer();
    let call = cancel_clicked(&signer, "plans changed");
    let mut guard = MemoryReplayGuard::new();
    let first = signer
        .check(&call.name, &call.arguments, USER, NOW + 10)
        .unwrap();
    let again = signer
        .check(&call.name, &call.arguments, USER, NOW + 10)
        .unwrap();
    assert_eq!(first, again);
    assert!(guard.is_empty());
    assert_eq!(first.consume(&mut guard, NOW + 10), Ok(()));
    assert_eq!(
        again.consume(&mut guard, NOW + 11),
        Err(Rejection::Replayed)
    );
    assert_eq!(verify(&signer, &call, &mut guard), Err(Rejection::Replayed));
}

#[test]
fn canonical_json_is_rfc_8785() {
    // Numbers as ECMAScript writes them, keys by UTF-16 code units (U+E000 sorts after the
    // surrogate pair of U+1F600, unlike by UTF-8 bytes).
    let value = json!({ "\u{e000}": 1, "\u{1f600}": 2, "n": [10.0, 1e21, 0.000_001, -0.0] });
    assert_eq!(
        canonical_json(&value),
        "{\"n\":[10,1e+21,0.000001,0],\"\u{1f600}\":2,\"\u{e000}\":1}"
    );
}

#[test]
fn a_client_that_rewrites_numbers_still_verifies() {
    // The server signs 10.0; a JavaScript client sends back 10.
    let signer = signer();
    let token = signer
        .sign_data(
            "pay",
            Map::from_iter([("amount".to_owned(), json!(10.0))]),
            USER,
            NOW,
        )
        .unwrap();
    let mut arguments = Map::new();
    arguments.insert("amount".into(), json!(10));
    arguments.insert(SIGNATURE_KEY.into(), json!(token));
    assert!(signer.check("pay", &arguments, USER, NOW).is_ok());
}

#[test]
fn integers_no_client_keeps_exactly_are_not_signed() {
    let error = signer()
        .sign_data(
            "pay",
            Map::from_iter([(
                "order".to_owned(),
                json!({ "id": 9_007_199_254_740_993_u64 }),
            )]),
            USER,
            NOW,
        )
        .unwrap_err();
    assert_eq!(error, Error::UnsafeNumber("/order/id".into()));
    assert!(
        signer()
            .sign_data(
                "pay",
                Map::from_iter([("id".to_owned(), json!(9_007_199_254_740_991_u64))]),
                USER,
                NOW
            )
            .is_ok()
    );
}

#[test]
fn an_action_for_another_server_is_refused_under_the_same_key() {
    let flights = signer().with_audience("flights");
    let scheduler = signer().with_audience("scheduler");
    let call = cancel_clicked(&flights, "plans changed");
    assert_eq!(
        scheduler
            .check(&call.name, &call.arguments, USER, NOW)
            .unwrap_err(),
        Rejection::OtherAudience
    );
    assert!(
        flights
            .check(&call.name, &call.arguments, USER, NOW)
            .is_ok()
    );
}

#[test]
fn the_memory_guard_is_bounded_and_forgets_in_order_of_expiry() {
    let mut guard = MemoryReplayGuard::with_capacity(2);
    assert!(guard.first_use("a", NOW + 10, NOW));
    assert!(guard.first_use("b", NOW + 20, NOW));
    // Full of unexpired nonces: refused rather than forgotten.
    assert!(!guard.first_use("c", NOW + 30, NOW));
    assert!(!guard.first_use("a", NOW + 10, NOW + 5));
    // Once `a` has expired there is room again, and `a` is forgotten (its action is expired
    // and refused by the signature check anyway).
    assert!(guard.first_use("c", NOW + 30, NOW + 10));
    assert_eq!(guard.len(), 2);
    assert!(!guard.first_use("b", NOW + 20, NOW + 11));
}

#[test]
fn an_argument_no_input_of_the_signed_card_allows_is_refused() {
    let signer = signer();
    let card = signed_card(&signer);
    // `reason` is an input of the card; `refund_to` is not, and nothing in the handler has
    // to know that for the signature check to refuse it.
    let call = click(
        &card,
        0,
        &json!({ "reason": "plans changed", "refund_to": "attacker-account" }),
    );
    let err = verify_fresh(&signer, &call).unwrap_err();
    assert_eq!(err, Rejection::UnexpectedInput("refund_to".into()));
    assert_eq!(err.reason(), "unexpected-input");
    // Refused before its nonce was spent: the honest submit still goes through.
    let honest = click(&card, 0, &json!({ "reason": "plans changed" }));
    verify_fresh(&signer, &honest).unwrap();
}

#[test]
fn an_action_that_submits_no_inputs_allows_none() {
    let signer = signer();
    let mut card = card();
    let Action::Submit(keep) = &mut card.actions[1] else {
        panic!("not a submit")
    };
    keep.submission.associated_inputs = Some(mcpapp_card::enums::AssociatedInputs::None);
    signer.sign_card(&mut card, USER, NOW).unwrap();
    let call = click(&card, 1, &json!({ "reason": "x" }));
    assert_eq!(
        verify_fresh(&signer, &call).unwrap_err(),
        Rejection::UnexpectedInput("reason".into())
    );
    verify(
        &signer,
        &click(&card, 1, &json!({})),
        &mut MemoryReplayGuard::new(),
    )
    .unwrap();
}

#[test]
fn the_allowed_inputs_are_signed_and_cannot_be_widened() {
    let signer = signer();
    let token = signer
        .sign_data_for_inputs("pay", Map::new(), &["amount"], USER, NOW)
        .unwrap();
    let mut arguments = Map::new();
    arguments.insert(mcpapp_server::SIGNATURE_KEY.into(), json!(token.clone()));
    arguments.insert("amount".into(), json!("10"));
    let guard = &mut MemoryReplayGuard::new();
    signer.check("pay", &arguments, USER, NOW + 1).unwrap();
    arguments.insert("to".into(), json!("x"));
    assert_eq!(
        signer.check("pay", &arguments, USER, NOW + 1).unwrap_err(),
        Rejection::UnexpectedInput("to".into())
    );
    // Rewriting the claims to allow `to` breaks the MAC.
    let (claims, mac) = token.split_once('.').unwrap();
    let engine = base64::engine::general_purpose::URL_SAFE_NO_PAD;
    let mut decoded: Value = serde_json::from_slice(&engine.decode(claims).unwrap()).unwrap();
    decoded["inputs"] = json!(["amount", "to"]);
    let forged = format!(
        "{}.{mac}",
        engine.encode(serde_json::to_vec(&decoded).unwrap())
    );
    arguments.insert(mcpapp_server::SIGNATURE_KEY.into(), json!(forged));
    assert_eq!(
        signer
            .verify("pay", &arguments, USER, NOW + 1, guard)
            .unwrap_err(),
        Rejection::BadSignature
    );
}
