//! RFC 8785 canonical JSON, what a signature is computed over, and the integers it cannot
//! carry exactly.

use serde_json::Value;

/// `value` as canonical JSON, the JSON Canonicalization Scheme of RFC 8785 (JCS): object keys
/// sorted by their UTF-16 code units at every level, no whitespace, numbers as ECMAScript
/// writes them (`10.0` is `10`), minimal string escapes. A signature over it survives a client
/// in any language that keeps the values (JavaScript included).
pub fn canonical_json(value: &Value) -> String {
    // Serializing a `Value` cannot fail: keys are strings and numbers are finite.
    serde_jcs::to_string(value).unwrap_or_default()
}

/// The largest integer every JSON reader keeps exactly (a double's 53-bit mantissa).
const MAX_SAFE_INTEGER: u64 = (1 << 53) - 1;

/// The JSON pointer of the first integer in `value` beyond ±2^53, if any.
pub(super) fn unsafe_number(value: &Value, pointer: String) -> Option<String> {
    match value {
        Value::Number(n) => {
            let beyond = n.as_u64().is_some_and(|u| u > MAX_SAFE_INTEGER)
                || n.as_i64()
                    .is_some_and(|i| i.unsigned_abs() > MAX_SAFE_INTEGER);
            beyond.then_some(pointer)
        }
        Value::Array(items) => items
            .iter()
            .enumerate()
            .find_map(|(i, item)| unsafe_number(item, format!("{pointer}/{i}"))),
        Value::Object(members) => members.iter().find_map(|(key, item)| {
            let escaped = key.replace('~', "~0").replace('/', "~1");
            unsafe_number(item, format!("{pointer}/{escaped}"))
        }),
        _ => None,
    }
}
