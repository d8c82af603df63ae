//! The signature's canonical JSON and the sign/verify round trip: any JSON value →
//! `mcpapp_server::signing::canonical_json`, and the value (an object as it is, anything else as
//! `{"v": value}`) as the fixed data of a signed action.
//!
//! Properties: nothing panics; the canonical text is JSON, and canonicalizing it again gives the
//! same text (idempotent); a token from `Signer::sign_data` verifies (`Signer::check`) against the
//! data as a client sends it back (written as JSON text and read again), giving back data with
//! the same canonical form; changing a signed value (wrapping it in an array) or leaving it out
//! fails with `BadSignature`; a token from `Signer::sign_data_for_inputs` without inputs verifies
//! the bare data and refuses an extra argument (`UnexpectedInput`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use mcpapp_server::signing::{RESERVED_PREFIX, SIGNATURE_KEY, Signer, canonical_json};
use mcpapp_server::{Error, Rejection};
use serde_json::{Map, Value};

const NOW: u64 = 1_700_000_000;

fuzz_target!(|data: &[u8]| {
    let Ok(value) = serde_json::from_slice::<Value>(data) else {
        return;
    };
    let canonical = canonical_json(&value);
    let reread: Value = serde_json::from_str(&canonical)
        .unwrap_or_else(|e| panic!("canonical JSON {canonical:?} is not JSON: {e}"));
    assert_eq!(canonical, canonical_json(&reread), "not idempotent");

    // The fixed data of an action: reserved `mcp_` keys are the caller's to keep out.
    let fixed: Map<String, Value> = match value {
        Value::Object(map) => map
            .into_iter()
            .filter(|(k, _)| !k.starts_with(RESERVED_PREFIX))
            .collect(),
        other => Map::from_iter([("v".to_owned(), other)]),
    };
    let signer = Signer::new([("k1", [7_u8; 32])], 600)
        .expect("a valid key")
        .with_audience("fuzz");
    let token = match signer.sign_data("tool", fixed.clone(), "alice", NOW) {
        Ok(token) => token,
        Err(Error::UnsafeNumber(_)) => return,
        Err(e) => panic!("signing failed: {e}"),
    };
    let mut arguments = fixed.clone();
    arguments.insert(SIGNATURE_KEY.to_owned(), Value::String(token));
    // What the client sends back: the same data, through JSON text.
    let wire = serde_json::to_string(&arguments).expect("a map is always JSON");
    let arguments: Map<String, Value> = serde_json::from_str(&wire).expect("it reads back");
    let verified = signer
        .check("tool", &arguments, "alice", NOW + 1)
        .unwrap_or_else(|e| panic!("a genuine action was refused ({e}): {wire}"));
    assert_eq!(
        canonical_json(&Value::Object(verified.fixed)),
        canonical_json(&Value::Object(fixed.clone()))
    );
    assert!(verified.inputs.is_empty());

    if let Some(key) = fixed.keys().next() {
        let mut changed = arguments.clone();
        if let Some(slot) = changed.get_mut(key) {
            *slot = Value::Array(vec![slot.take()]);
        }
        assert_eq!(
            signer.check("tool", &changed, "alice", NOW + 1),
            Err(Rejection::BadSignature),
            "a changed value verified: {wire}"
        );
        let mut missing = arguments.clone();
        missing.remove(key);
        assert_eq!(
            signer.check("tool", &missing, "alice", NOW + 1),
            Err(Rejection::BadSignature),
            "a missing value verified: {wire}"
        );
    }

    // An action that allows no inputs refuses an extra argument, and takes none.
    let token = signer
        .sign_data_for_inputs("tool", fixed.clone(), &[], "alice", NOW)
        .unwrap_or_else(|e| panic!("signing failed: {e}"));
    let mut arguments = fixed.clone();
    arguments.insert(SIGNATURE_KEY.to_owned(), Value::String(token));
    assert!(signer.check("tool", &arguments, "alice", NOW + 1).is_ok());
    if !fixed.contains_key("extra") {
        arguments.insert("extra".to_owned(), Value::Null);
        assert_eq!(
            signer.check("tool", &arguments, "alice", NOW + 1),
            Err(Rejection::UnexpectedInput("extra".to_owned()))
        );
    }
});
