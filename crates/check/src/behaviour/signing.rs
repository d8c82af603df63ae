//! Signed card actions, for servers built with `mcpapp-server`: a server that signs the
//! actions calling a tool (`data.mcp_sig`) verifies every call of it, so every action calling
//! that tool must carry a well-formed token for it, unexpired, over exactly its fixed data.
//! Actions calling tools the server never signs for (read-only ones need no signature) are not
//! judged, nor is a server that signs nothing; the token's MAC is the server's secret to check,
//! so only its shape is checked here.

use std::collections::BTreeSet;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use mcpapp_server::SIGNATURE_KEY;
use serde_json::Value;

use super::card::ActionSeen;
use crate::ids;
use crate::report::{Finding, Location, clip, plural};

/// The findings on the actions of every card the server showed; `now` is in unix seconds.
pub fn check(actions: &[ActionSeen], now: u64) -> Vec<Finding> {
    let signed_for: BTreeSet<&str> = actions
        .iter()
        .filter(|a| a.data.contains_key(SIGNATURE_KEY))
        .filter_map(|a| a.calls.as_deref())
        .collect();
    let judged: Vec<&ActionSeen> = actions
        .iter()
        .filter(|a| {
            a.data.contains_key(SIGNATURE_KEY)
                || a.calls.as_deref().is_some_and(|t| signed_for.contains(t))
        })
        .collect();
    if judged.is_empty() {
        return Vec::new();
    }
    let mut findings: Vec<Finding> = judged
        .iter()
        .filter_map(|action| {
            token(action, now)
                .err()
                .map(|why| Finding::fail(ids::CARD_SIGNED, action.at.clone(), why))
        })
        .collect();
    if findings.is_empty() {
        findings.push(Finding::pass(
            ids::CARD_SIGNED,
            Location::server(),
            format!(
                "{} signed, each token well-formed for its tool and data",
                plural(judged.len(), "card action")
            ),
        ));
    }
    findings
}

/// Whether the action's token is well-formed: `CLAIMS.MAC`, both base64url, the claims naming
/// its tool, unexpired, over exactly its fixed data keys.
fn token(action: &ActionSeen, now: u64) -> Result<(), String> {
    let Some(token) = action.data.get(SIGNATURE_KEY) else {
        return Err(format!(
            "the server signs the actions that call this tool, but this one has no \
             {SIGNATURE_KEY}: the server will refuse it"
        ));
    };
    let token = token
        .as_str()
        .ok_or(format!("{SIGNATURE_KEY} is not a string"))?;
    let (claims, mac) = token
        .split_once('.')
        .ok_or(format!("{SIGNATURE_KEY} is not CLAIMS.MAC"))?;
    let mac = URL_SAFE_NO_PAD
        .decode(mac)
        .map_err(|_| format!("the MAC of {SIGNATURE_KEY} is not base64url"))?;
    if mac.len() != 32 {
        return Err(format!("the MAC of {SIGNATURE_KEY} is not an HMAC-SHA256"));
    }
    let claims: Value = URL_SAFE_NO_PAD
        .decode(claims)
        .ok()
        .and_then(|bytes| serde_json::from_slice(&bytes).ok())
        .ok_or(format!(
            "the claims of {SIGNATURE_KEY} are not base64url JSON"
        ))?;
    let text = |key: &str| claims.get(key).and_then(Value::as_str);
    for key in ["kid", "tool", "sub", "nonce"] {
        if text(key).is_none_or(str::is_empty) {
            return Err(format!("the token's claims lack `{key}`"));
        }
    }
    if text("tool") != action.calls.as_deref() {
        return Err(format!(
            "the token is for `{}`, but the action calls `{}`",
            clip(text("tool").unwrap_or_default(), 80),
            clip(action.calls.as_deref().unwrap_or_default(), 80)
        ));
    }
    let exp = claims
        .get("exp")
        .and_then(Value::as_u64)
        .ok_or("the token's claims lack `exp`")?;
    if exp <= now {
        return Err(format!(
            "the token expired {} s before the card was shown",
            now - exp
        ));
    }
    let mut keys: Vec<&str> = claims
        .get("keys")
        .and_then(Value::as_array)
        .ok_or("the token's claims lack `keys`")?
        .iter()
        .filter_map(Value::as_str)
        .collect();
    let mut fixed: Vec<&str> = action
        .data
        .keys()
        .map(String::as_str)
        .filter(|k| *k != SIGNATURE_KEY && *k != mcpapp_card::TOOL_NAME_KEY)
        .collect();
    keys.sort_unstable();
    fixed.sort_unstable();
    if keys != fixed {
        return Err(format!(
            "the token covers the data keys {keys:?}, but the action's fixed data has {fixed:?}"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Outcome;
    use serde_json::{Map, json};

    fn action(data: &Value) -> ActionSeen {
        let data: Map<String, Value> = data.as_object().cloned().unwrap_or_default();
        ActionSeen {
            at: Location::tool("t"),
            calls: data
                .get("mcp_tool_name")
                .and_then(Value::as_str)
                .map(str::to_owned),
            data,
        }
    }

    fn sig(claims: &Value) -> String {
        format!(
            "{}.{}",
            URL_SAFE_NO_PAD.encode(claims.to_string()),
            URL_SAFE_NO_PAD.encode([7u8; 32])
        )
    }

    fn claims(tool: &str, exp: u64, keys: &[&str]) -> Value {
        json!({"kid": "k1", "aud": "", "tool": tool, "exp": exp, "sub": "ada", "nonce": "n", "keys": keys})
    }

    #[test]
    fn actions_of_tools_the_server_never_signs_for_are_not_judged() {
        let actions = [action(&json!({"mcp_tool_name": "go"}))];
        assert!(check(&actions, 100).is_empty());
        let signed =
            action(&json!({"mcp_tool_name": "stop", "mcp_sig": sig(&claims("stop", 200, &[]))}));
        assert_eq!(check(&[actions[0].clone(), signed], 100).len(), 1);
    }

    #[test]
    fn every_action_of_a_signing_server_carries_a_fitting_token() {
        let good = action(
            &json!({"mcp_tool_name": "go", "id": 1, "mcp_sig": sig(&claims("go", 200, &["id"]))}),
        );
        assert_eq!(
            check(std::slice::from_ref(&good), 100)[0].outcome,
            Outcome::Pass
        );
        let unsigned = action(&json!({"mcp_tool_name": "go"}));
        let expired =
            action(&json!({"mcp_tool_name": "go", "mcp_sig": sig(&claims("go", 50, &[]))}));
        let other_tool =
            action(&json!({"mcp_tool_name": "go", "mcp_sig": sig(&claims("stop", 200, &[]))}));
        let other_keys = action(
            &json!({"mcp_tool_name": "go", "id": 1, "mcp_sig": sig(&claims("go", 200, &[]))}),
        );
        let garbage = action(&json!({"mcp_tool_name": "go", "mcp_sig": "not a token"}));
        let findings = check(
            &[good, unsigned, expired, other_tool, other_keys, garbage],
            100,
        );
        assert_eq!(findings.len(), 5);
        assert!(findings.iter().all(|f| f.outcome == Outcome::Fail));
    }
}
