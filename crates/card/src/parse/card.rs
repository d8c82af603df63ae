//! Reading a card's root (and the cards of `Action.ShowCard`).

use std::fmt;

use compact_str::CompactString;
use serde::de::{MapAccess, Visitor};
use serde_json::Value;

use super::object::ObjectItem;
use super::props::{BoxReader, UnknownReader};
use super::reader::Ctx;
use super::seeds::Scalar;
use crate::diagnostic::{Code, Severity};
use crate::enums::{CardEnum, CardKind};
use crate::model::{
    AuthCardButton, Authentication, Card, Metadata, Refresh, TokenExchangeResource,
};

/// The newest Adaptive Cards version this model knows.
pub const SUPPORTED_VERSION: (u32, u32) = (1, 6);

/// Reads a card. The root card must say what it is; a `ShowCard`'s card may leave its type
/// out.
pub(crate) struct CardSeed<'c> {
    pub(crate) cx: &'c mut Ctx,
    pub(crate) is_root: bool,
    /// Where the card is read to, in place (a card is hundreds of bytes, and handed back by
    /// value it would be copied at every step out); left `None` when the value is no card.
    pub(crate) out: &'c mut Option<Card>,
}

seed_visits_itself!(CardSeed<'_> => (), deserialize_any);

impl CardSeed<'_> {
    fn mismatch(self, found: &str) {
        self.cx.report(
            Code::InvalidRoot,
            format!("a card must be a JSON object, not {found}"),
        );
    }
}

impl<'de> Visitor<'de> for CardSeed<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a card")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let (cx, is_root, out, map) = (self.cx, self.is_root, self.out, &mut map);
        cx.enter()?;
        let first_finding = cx.findings();
        let mut kind = None;
        let card = out.insert(Card::new());
        let unknown = UnknownReader::new("the card", &mut card.extra);
        let mut shared = BoxReader::new(&mut card.box_props, unknown);
        fields! { cx, map {
            "type" => |key| kind = Some(cx.scalar(map, key)?),
            "version" => card.version = opt,
            "$schema" => card.schema = opt,
            "body" => card.body = list,
            "actions" => card.actions = list,
            "fallbackText" => card.fallback_text = opt,
            "speak" => card.speak = opt,
            "lang" => card.lang = opt,
            "refresh" => |key| card.refresh = cx.item(map, key)?.map(Box::new),
            "authentication" => |key| card.authentication = cx.item(map, key)?.map(Box::new),
            "metadata" => |key| card.metadata = cx.item(map, key)?.map(Box::new),
            "isFinal" => card.is_final = opt,
            _ => shared(shared),
        } }
        cx.leave();
        let problem = match kind {
            Some(Scalar::Str(t)) => match CardKind::parse(t.as_str()) {
                Some(k) => {
                    if k.as_str() != t.as_str() {
                        cx.report_as(
                            Code::InvalidRoot,
                            Severity::Warning,
                            format!("the card type is written `{k}`, not `{}`", t.as_str()),
                        );
                    }
                    card.kind = k;
                    None
                }
                None => Some(format!(
                    "`{}` is not a card type: expected `McpApp` or `AdaptiveCard`",
                    t.as_str()
                )),
            },
            Some(other) => Some(format!(
                "the card's `type` must be `McpApp` or `AdaptiveCard`, not {}",
                other.type_name()
            )),
            None if is_root => Some(
                "the card has no `type`: expected `\"type\": \"McpApp\"` or `\"AdaptiveCard\"`"
                    .to_owned(),
            ),
            None => {
                card.kind = CardKind::AdaptiveCard;
                None
            }
        };
        if let Some(message) = problem {
            // Not a card: what was found inside it would only be noise.
            cx.truncate_findings(first_finding);
            cx.report(Code::InvalidRoot, message);
            *out = None;
            return Ok(());
        }
        if let Some(v) = &card.version {
            check_version(cx, v);
        }
        Ok(())
    }

    lenient_object_defaults!();
}

fn check_version(cx: &mut Ctx, version: &str) {
    let parsed = version.split_once('.').and_then(|(major, minor)| {
        Some((
            major.trim().parse::<u32>().ok()?,
            minor.trim().parse::<u32>().ok()?,
        ))
    });
    cx.at("version", |cx| match parsed {
        None => cx.report(
            Code::InvalidValue,
            format!("`{version}` is not a version such as \"1.6\""),
        ),
        Some(v) if v > SUPPORTED_VERSION => cx.report(
            Code::UnsupportedVersion,
            format!(
                "the card is written for version {version}; this renderer knows up to {}.{}, so newer features may not show",
                SUPPORTED_VERSION.0, SUPPORTED_VERSION.1
            ),
        ),
        Some(_) => {}
    });
}

object_item! { Refresh = "`refresh`", |cx, map, e| {
    "action" => |key| e.action = cx.item(map, key)?.map(Box::new),
    "userIds" => |key| {
        let ids = cx.value(map, key)?;
        e.user_ids = cx.at(key, |cx| strings(cx, ids, "a user id"));
    },
    "expires" => e.expires = opt,
    _ => unknown("Refresh", e.extra),
} }

/// The strings of an array; anything else is reported and left out.
fn strings(cx: &mut Ctx, value: Value, what: &str) -> Vec<CompactString> {
    let Value::Array(items) = value else {
        let found = super::json_type(&value);
        cx.report(
            Code::WrongType,
            format!("this should be an array, not {found}; it is ignored"),
        );
        return Vec::new();
    };
    let mut out = Vec::with_capacity(items.len());
    for (i, item) in items.into_iter().enumerate() {
        match item {
            Value::String(s) => out.push(s.into()),
            other => {
                let found = super::json_type(&other);
                cx.at_index(i, |cx| {
                    cx.report(
                        Code::WrongType,
                        format!("{what} must be a string, not {found}"),
                    );
                });
            }
        }
    }
    out
}

object_item! { Authentication = "`authentication`", |cx, map, e| {
    "text" => e.text = opt,
    "connectionName" => e.connection_name = opt,
    "tokenExchangeResource" => e.token_exchange_resource = item,
    "buttons" => e.buttons = list,
    _ => unknown("Authentication", e.extra),
} }

impl ObjectItem for TokenExchangeResource {
    const WHAT: &'static str = "`tokenExchangeResource`";
    fn read_fields<'de, A: MapAccess<'de>>(
        cx: &mut Ctx,
        map: &mut A,
    ) -> Result<Option<Self>, A::Error> {
        let owner = "tokenExchangeResource";
        fields! { cx, map {
            "id" => let id = req(owner),
            "uri" => let uri = req(owner),
            "providerId" => let provider_id = req(owner),
            _ => skip,
        } }
        let id = id.finish(cx, owner, "a string");
        let uri = uri.finish(cx, owner, "a string");
        let provider_id = provider_id.finish(cx, owner, "a string");
        Ok(match (id, uri, provider_id) {
            (Some(id), Some(uri), Some(provider_id)) => Some(TokenExchangeResource {
                id,
                uri,
                provider_id,
            }),
            _ => None,
        })
    }
}

impl ObjectItem for AuthCardButton {
    const WHAT: &'static str = "a sign-in button";
    fn read_fields<'de, A: MapAccess<'de>>(
        cx: &mut Ctx,
        map: &mut A,
    ) -> Result<Option<Self>, A::Error> {
        let owner = "a sign-in button";
        let (mut value, mut title, mut image) = (None, None, None);
        fields! { cx, map {
            "type" => let kind = req(owner),
            "value" => value = opt,
            "title" => title = opt,
            "image" => image = opt,
            _ => skip,
        } }
        Ok(kind
            .finish(cx, owner, "a string")
            .map(|kind| AuthCardButton {
                kind,
                value,
                title,
                image,
            }))
    }
}

object_item! { Metadata = "`metadata`", |cx, map, e| {
    "webUrl" => e.web_url = opt,
    _ => unknown("Metadata", e.extra),
} }
