//! Helpers shared by the integration tests.

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// Reads `json` as `T`, writes it back, and asserts nothing was lost or added.
#[expect(
    clippy::expect_used,
    reason = "a test helper: failing to read or write is the test failing"
)]
pub fn round_trip<T: Serialize + DeserializeOwned>(json: &Value) -> T {
    let typed: T = serde_json::from_value(json.clone()).expect("the JSON reads as the type");
    let written = serde_json::to_value(&typed).expect("the type writes as JSON");
    assert_eq!(&written, json, "round trip changed the JSON");
    typed
}
