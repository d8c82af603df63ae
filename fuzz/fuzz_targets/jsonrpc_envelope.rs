//! The JSON-RPC envelope: any bytes → `Message::parse`.
//!
//! Properties: nothing panics; a message that parses round-trips: written out (as text, through
//! `Serialize`, and as a value, through `to_value`) and read again, it is the same message, and
//! writing it again gives the same text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mcpapp_protocol::Message;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(message) = Message::parse(text) else {
        return;
    };
    let written = serde_json::to_string(&message).expect("a message is always JSON");
    let again =
        Message::parse(&written).unwrap_or_else(|e| panic!("{written} does not read back: {e}"));
    assert_eq!(message, again, "{written}");
    let rewritten = serde_json::to_string(&again).expect("a message is always JSON");
    assert_eq!(written, rewritten);
    let from_value = Message::from_value(message.to_value())
        .unwrap_or_else(|e| panic!("{written} does not read back as a value: {e}"));
    assert_eq!(message, from_value);
    let _ = (message.method(), message.id());
});
