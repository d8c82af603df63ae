//! Signed card actions: the server signs the fixed data of each action when it builds a card, and
//! verifies it when the action comes back as a `tools/call`.
//!
//! # The token
//!
//! Each `Action.Submit` and `Action.Execute` gets one field, [`SIGNATURE_KEY`] (`mcp_sig`), a
//! compact token `CLAIMS.MAC`, both parts base64url without padding:
//!
//! - `CLAIMS` is the JSON object `{"kid", "aud", "tool", "exp", "sub", "nonce", "keys"}`: the id
//!   of the signing key, the server the action is for ([`Signer::with_audience`]), the tool the
//!   action calls, the expiry in unix seconds, the subject (session or user id) the card was
//!   issued to, a nonce unique to this signature, and the names of the fixed data keys. The
//!   claims are readable by the client; nothing in them is secret.
//! - `MAC` is HMAC-SHA256, under the key `kid`, of the RFC 8785 canonical JSON
//!   ([`canonical_json`]) of `{"aud", "data", "exp", "kid", "nonce", "sub", "tool"}`, where `data`
//!   is the fixed data of the action without `mcp_tool_name` (which the client turns into the
//!   tool name) and without the token.
//!
//! When the action comes back, [`Signer::verify`] recomputes the MAC over the argument values of
//! the fixed keys and compares it in constant time, then checks tool, subject, expiry and, with a
//! [`ReplayGuard`], that the nonce is used once. Everything else in the arguments is the user's
//! input; an input may not use a reserved `mcp_` name.
//!
//! A card whose input ids collide with its fixed data keys is refused when signing: the client
//! merges inputs over the data, so such a card could never verify.

use std::collections::hash_map::RandomState;
use std::hash::BuildHasher;
use std::sync::atomic::{AtomicU64, Ordering};

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use mcpapp_card::{Card, Diagnostic, Severity, TOOL_NAME_KEY};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use sha2::Sha256;

mod build;
mod canonical;
mod replay;

use crate::{Error, Rejection};
pub use build::BuildSigned;
pub use canonical::canonical_json;
use canonical::unsafe_number;
pub use replay::{MemoryReplayGuard, ReplayGuard};

type HmacSha256 = Hmac<Sha256>;

/// The data key that holds an action's signature token.
pub const SIGNATURE_KEY: &str = "mcp_sig";

/// The prefix of the data keys reserved for mcpapp (`mcp_tool_name`, [`SIGNATURE_KEY`]); no
/// input and no fixed data key may use it.
pub const RESERVED_PREFIX: &str = "mcp_";

/// The shortest secret [`Signer::new`] accepts, in bytes.
pub const MIN_SECRET_LEN: usize = 32;

/// A verified action: the signed data and the user's inputs, apart.
#[derive(Debug, Clone, PartialEq)]
pub struct VerifiedAction {
    /// The fixed data the server signed (without `mcp_tool_name` and the token).
    pub fixed: Map<String, Value>,
    /// Every other argument: the values the user entered.
    pub inputs: Map<String, Value>,
    /// The action's one-time nonce, spent by [`VerifiedAction::consume`].
    pub nonce: String,
    /// When the action expires (unix seconds).
    pub expires: u64,
}

impl VerifiedAction {
    /// Spends the action's nonce in `replay`: `Err(Replayed)` when it was spent before. Call it
    /// once the inputs are accepted and just before acting, so a user whose inputs were refused
    /// can correct them and submit the same card again.
    pub fn consume(&self, replay: &mut dyn ReplayGuard, now: u64) -> Result<(), Rejection> {
        if replay.first_use(&self.nonce, self.expires, now) {
            Ok(())
        } else {
            Err(Rejection::Replayed)
        }
    }
}

#[derive(Debug, Serialize, Deserialize)]
struct Claims {
    kid: String,
    /// The server the action is for.
    #[serde(default)]
    aud: String,
    tool: String,
    exp: u64,
    sub: String,
    nonce: String,
    keys: Vec<String>,
    /// The ids of the inputs whose values may come with the action (the signed card's); any
    /// other argument is refused. `None` (actions signed by [`Signer::sign_data`]): not
    /// restricted here, the handler checks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    inputs: Option<Vec<String>>,
}

/// Signs and verifies card actions with HMAC-SHA256.
#[derive(Debug)]
pub struct Signer {
    keys: Vec<(String, Vec<u8>)>,
    ttl: u64,
    audience: String,
    seed: u64,
    counter: AtomicU64,
}

impl Signer {
    /// A signer with `(key id, secret)` pairs and a lifetime of `ttl` seconds. The first key
    /// signs; all of them verify, so a key can be rotated by putting the new one first and
    /// removing the old one once the cards it signed have expired.
    pub fn new<I, K, S>(keys: I, ttl: u64) -> Result<Self, Error>
    where
        I: IntoIterator<Item = (K, S)>,
        K: Into<String>,
        S: Into<Vec<u8>>,
    {
        let keys: Vec<(String, Vec<u8>)> = keys
            .into_iter()
            .map(|(k, s)| (k.into(), s.into()))
            .collect();
        if keys.is_empty() {
            return Err(Error::NoKeys);
        }
        if let Some((kid, _)) = keys.iter().find(|(_, s)| s.len() < MIN_SECRET_LEN) {
            return Err(Error::WeakKey(kid.clone()));
        }
        Ok(Self {
            keys,
            ttl,
            audience: String::new(),
            seed: RandomState::new().hash_one("mcpapp-nonce"),
            counter: AtomicU64::new(0),
        })
    }

    /// Names the server these actions are for (the audience claim): an action signed by a
    /// signer with another audience is refused ([`Rejection::OtherAudience`]) even under the
    /// same key, so servers that share a key cannot take each other's actions.
    #[must_use]
    pub fn with_audience(mut self, audience: impl Into<String>) -> Self {
        self.audience = audience.into();
        self
    }

    /// Signs every `Action.Submit` and `Action.Execute` of `card`, wherever it is (body, card
    /// actions, select actions, inline actions, show-card sub-cards), for `subject` at `now`
    /// (unix seconds). A signature already present is replaced.
    pub fn sign_card(&self, card: &mut Card, subject: &str, now: u64) -> Result<(), Error> {
        let mut value = serde_json::to_value(&*card)
            .map_err(|e| Error::InvalidCard(vec![invalid(&e.to_string())]))?;
        let mut input_ids = Vec::new();
        collect_input_ids(&value, &mut input_ids);
        if let Some(id) = input_ids.iter().find(|id| id.starts_with(RESERVED_PREFIX)) {
            return Err(Error::InputCollision(id.clone()));
        }
        self.sign_value(&mut value, "", subject, now, &input_ids)?;
        let parsed = mcpapp_card::parse_value(value);
        let errors: Vec<Diagnostic> = parsed
            .diagnostics
            .into_iter()
            .filter(|d| d.severity == Severity::Error)
            .collect();
        match parsed.card {
            Some(signed) if errors.is_empty() => {
                *card = signed;
                Ok(())
            }
            _ => Err(Error::InvalidCard(errors)),
        }
    }

    fn sign_value(
        &self,
        value: &mut Value,
        pointer: &str,
        subject: &str,
        now: u64,
        input_ids: &[String],
    ) -> Result<(), Error> {
        match value {
            Value::Object(map) => {
                let kind = map.get("type").and_then(Value::as_str);
                let is_signed = matches!(kind, Some("Action.Submit" | "Action.Execute"));
                if is_signed {
                    self.sign_action(map, pointer, subject, now, input_ids)?;
                }
                for (key, child) in map.iter_mut() {
                    if is_signed && key == "data" {
                        continue;
                    }
                    let child_pointer = format!("{pointer}/{}", escape_pointer(key));
                    self.sign_value(child, &child_pointer, subject, now, input_ids)?;
                }
                Ok(())
            }
            Value::Array(items) => {
                for (i, child) in items.iter_mut().enumerate() {
                    self.sign_value(child, &format!("{pointer}/{i}"), subject, now, input_ids)?;
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    fn sign_action(
        &self,
        action: &mut Map<String, Value>,
        pointer: &str,
        subject: &str,
        now: u64,
        input_ids: &[String],
    ) -> Result<(), Error> {
        let verb = action
            .get("verb")
            .and_then(Value::as_str)
            .map(str::to_owned);
        // An action that submits no inputs allows none; any other, those of its card.
        let submits_none = action
            .get("associatedInputs")
            .and_then(Value::as_str)
            .is_some_and(|a| a.eq_ignore_ascii_case("none"));
        let allowed: Vec<String> = if submits_none {
            Vec::new()
        } else {
            input_ids.to_vec()
        };
        let data = action
            .entry("data")
            .or_insert_with(|| Value::Object(Map::new()));
        let Value::Object(data) = data else {
            return Err(Error::DataNotAnObject(pointer.to_owned()));
        };
        data.remove(SIGNATURE_KEY);
        let tool = match data.get(TOOL_NAME_KEY) {
            Some(Value::String(name)) if !name.is_empty() => name.clone(),
            _ => verb
                .filter(|v| !v.is_empty())
                .ok_or_else(|| Error::NoTool(pointer.to_owned()))?,
        };
        let mut fixed = data.clone();
        fixed.remove(TOOL_NAME_KEY);
        if let Some(key) = fixed.keys().find(|k| k.starts_with(RESERVED_PREFIX)) {
            return Err(Error::ReservedKey {
                pointer: pointer.to_owned(),
                key: key.clone(),
            });
        }
        if let Some(key) = fixed.keys().find(|k| input_ids.contains(k)) {
            return Err(Error::InputCollision(key.clone()));
        }
        let token = self.sign_claims(&tool, fixed, Some(allowed), subject, now)?;
        data.insert(SIGNATURE_KEY.to_owned(), Value::String(token));
        Ok(())
    }

    /// The signature token for calling `tool` with the fixed data `fixed` (without
    /// `mcp_tool_name`), issued to `subject` at `now`; for actions built without
    /// [`Self::sign_card`]. Put it in the data under [`SIGNATURE_KEY`]. Other arguments are
    /// not restricted by the signature: the handler checks them (or use
    /// [`Self::sign_data_for_inputs`]).
    pub fn sign_data(
        &self,
        tool: &str,
        fixed: Map<String, Value>,
        subject: &str,
        now: u64,
    ) -> Result<String, Error> {
        self.sign_claims(tool, fixed, None, subject, now)
    }

    /// [`Self::sign_data`] for an action whose other arguments may only be the inputs
    /// `inputs` (their ids): [`Self::verify`] refuses any other with
    /// [`Rejection::UnexpectedInput`].
    pub fn sign_data_for_inputs(
        &self,
        tool: &str,
        fixed: Map<String, Value>,
        inputs: &[&str],
        subject: &str,
        now: u64,
    ) -> Result<String, Error> {
        let inputs = inputs.iter().map(|id| (*id).to_owned()).collect();
        self.sign_claims(tool, fixed, Some(inputs), subject, now)
    }

    fn sign_claims(
        &self,
        tool: &str,
        fixed: Map<String, Value>,
        inputs: Option<Vec<String>>,
        subject: &str,
        now: u64,
    ) -> Result<String, Error> {
        let (kid, secret) = self.keys.first().ok_or(Error::NoKeys)?;
        if let Some(pointer) = unsafe_number(&Value::Object(fixed.clone()), String::new()) {
            return Err(Error::UnsafeNumber(pointer));
        }
        let count = self.counter.fetch_add(1, Ordering::Relaxed);
        let mut nonce_bytes = [0_u8; 16];
        let (high, low) = nonce_bytes.split_at_mut(8);
        high.copy_from_slice(&self.seed.to_be_bytes());
        low.copy_from_slice(&count.to_be_bytes());
        let claims = Claims {
            kid: kid.clone(),
            aud: self.audience.clone(),
            tool: tool.to_owned(),
            exp: now.saturating_add(self.ttl),
            sub: subject.to_owned(),
            nonce: URL_SAFE_NO_PAD.encode(nonce_bytes),
            keys: fixed.keys().cloned().collect(),
            inputs: inputs.map(|mut ids| {
                ids.sort();
                ids.dedup();
                ids
            }),
        };
        let mac = mac(secret, &claims, fixed).ok_or_else(|| Error::WeakKey(kid.clone()))?;
        let claims_json = serde_json::to_vec(&claims)
            .map_err(|e| Error::InvalidCard(vec![invalid(&e.to_string())]))?;
        Ok(format!(
            "{}.{}",
            URL_SAFE_NO_PAD.encode(claims_json),
            URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes())
        ))
    }

    /// Verifies the `arguments` of a `tools/call` of `tool_name` made by `subject` at `now`, and
    /// records its nonce in `replay`. The arguments are the action's data merged with the user's
    /// inputs (`mcp_tool_name` may be present or already removed).
    ///
    /// A handler that checks the inputs afterwards should use [`Self::check`] and then
    /// [`VerifiedAction::consume`] instead, so refused inputs do not spend the action.
    pub fn verify(
        &self,
        tool_name: &str,
        arguments: &Map<String, Value>,
        subject: &str,
        now: u64,
        replay: &mut dyn ReplayGuard,
    ) -> Result<VerifiedAction, Rejection> {
        let action = self.check(tool_name, arguments, subject, now)?;
        action.consume(replay, now)?;
        Ok(action)
    }

    /// [`Self::verify`] without spending the nonce: everything but the replay check.
    pub fn check(
        &self,
        tool_name: &str,
        arguments: &Map<String, Value>,
        subject: &str,
        now: u64,
    ) -> Result<VerifiedAction, Rejection> {
        let mut args = arguments.clone();
        let token = match args.remove(SIGNATURE_KEY) {
            None => return Err(Rejection::MissingSignature),
            Some(Value::String(token)) => token,
            Some(_) => return Err(Rejection::BadSignature),
        };
        match args.remove(TOOL_NAME_KEY) {
            Some(Value::String(name)) if name != tool_name => return Err(Rejection::WrongTool),
            Some(Value::String(_)) | None => {}
            Some(_) => return Err(Rejection::BadSignature),
        }
        let (claims_part, mac_part) = token.split_once('.').ok_or(Rejection::BadSignature)?;
        let claims: Claims = URL_SAFE_NO_PAD
            .decode(claims_part)
            .ok()
            .and_then(|bytes| serde_json::from_slice(&bytes).ok())
            .ok_or(Rejection::BadSignature)?;
        let tag = URL_SAFE_NO_PAD
            .decode(mac_part)
            .map_err(|_| Rejection::BadSignature)?;
        let secret = self
            .keys
            .iter()
            .find(|(kid, _)| *kid == claims.kid)
            .map(|(_, secret)| secret)
            .ok_or(Rejection::UnknownKey)?;
        let mut fixed = Map::new();
        for key in &claims.keys {
            let value = args.remove(key).ok_or(Rejection::BadSignature)?;
            fixed.insert(key.clone(), value);
        }
        mac(secret, &claims, fixed.clone())
            .ok_or(Rejection::BadSignature)?
            .verify_slice(&tag)
            .map_err(|_| Rejection::BadSignature)?;
        if claims.tool != tool_name {
            return Err(Rejection::WrongTool);
        }
        if claims.aud != self.audience {
            return Err(Rejection::OtherAudience);
        }
        if claims.sub != subject {
            return Err(Rejection::OtherSubject);
        }
        if now >= claims.exp {
            return Err(Rejection::Expired);
        }
        if let Some(key) = args.keys().find(|k| k.starts_with(RESERVED_PREFIX)) {
            return Err(Rejection::ReservedInput(key.clone()));
        }
        if let Some(allowed) = &claims.inputs
            && let Some(key) = args.keys().find(|k| allowed.binary_search(k).is_err())
        {
            return Err(Rejection::UnexpectedInput(key.clone()));
        }
        Ok(VerifiedAction {
            fixed,
            inputs: args,
            nonce: claims.nonce,
            expires: claims.exp,
        })
    }
}

/// The MAC state over the canonical signed payload, ready to finalize or verify.
fn mac(secret: &[u8], claims: &Claims, fixed: Map<String, Value>) -> Option<HmacSha256> {
    let mut payload = json!({
        "aud": claims.aud,
        "data": Value::Object(fixed),
        "exp": claims.exp,
        "kid": claims.kid,
        "nonce": claims.nonce,
        "sub": claims.sub,
        "tool": claims.tool,
    });
    // The allowed inputs are signed too, so they cannot be widened; absent, the payload is
    // what it always was.
    if let (Some(inputs), Some(object)) = (&claims.inputs, payload.as_object_mut()) {
        object.insert("inputs".to_owned(), json!(inputs));
    }
    let mut mac = HmacSha256::new_from_slice(secret).ok()?;
    mac.update(canonical_json(&payload).as_bytes());
    Some(mac)
}

fn collect_input_ids(value: &Value, ids: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            let is_input = map
                .get("type")
                .and_then(Value::as_str)
                .is_some_and(|t| t.starts_with("Input."));
            if is_input && let Some(Value::String(id)) = map.get("id") {
                ids.push(id.clone());
            }
            for (key, child) in map {
                if key != "data" {
                    collect_input_ids(child, ids);
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|child| collect_input_ids(child, ids)),
        _ => {}
    }
}

fn escape_pointer(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

fn invalid(message: &str) -> Diagnostic {
    Diagnostic::new(mcpapp_card::Code::InvalidProperty, "", message)
}
