//! Reading a card's root (and the cards of `Action.ShowCard`).

use serde_json::{Map, Value};

use super::action::{action, actions};
use super::common::{background_image, single_action};
use super::element::{elements, object};
use super::reader::{Ctx, json_type};
use crate::diagnostic::{Code, Severity};
use crate::enums::{CardEnum, CardKind};
use crate::model::{
    AuthCardButton, Authentication, Card, Metadata, Refresh, TokenExchangeResource,
};

/// The newest Adaptive Cards version this model knows.
pub const SUPPORTED_VERSION: (u32, u32) = (1, 6);

/// Reads a card. The root card must say what it is; a `ShowCard`'s card may leave its type
/// out.
pub(crate) fn card(cx: &mut Ctx, value: Value, is_root: bool) -> Option<Card> {
    let Value::Object(mut map) = value else {
        let found = json_type(&value);
        cx.report(
            Code::InvalidRoot,
            format!("a card must be a JSON object, not {found}"),
        );
        return None;
    };
    let kind = match map.remove("type") {
        Some(Value::String(t)) => match CardKind::parse(&t) {
            Some(kind) if kind.as_str() == t => kind,
            Some(kind) => {
                cx.report_as(
                    Code::InvalidRoot,
                    Severity::Warning,
                    format!("the card type is written `{kind}`, not `{t}`"),
                );
                kind
            }
            None => {
                cx.report(
                    Code::InvalidRoot,
                    format!("`{t}` is not a card type: expected `McpApp` or `AdaptiveCard`"),
                );
                return None;
            }
        },
        Some(other) => {
            let found = json_type(&other);
            cx.report(
                Code::InvalidRoot,
                format!("the card's `type` must be `McpApp` or `AdaptiveCard`, not {found}"),
            );
            return None;
        }
        None if is_root => {
            cx.report(
                Code::InvalidRoot,
                "the card has no `type`: expected `\"type\": \"McpApp\"` or `\"AdaptiveCard\"`",
            );
            return None;
        }
        None => CardKind::AdaptiveCard,
    };
    let version: Option<String> = cx.opt(&mut map, "version");
    if let Some(v) = &version {
        check_version(cx, v);
    }
    let schema = cx.opt(&mut map, "$schema");
    let body = elements(cx, &mut map, "body");
    let card_actions = actions(cx, &mut map, "actions");
    Some(Card {
        kind,
        version,
        schema,
        body,
        actions: card_actions,
        select_action: single_action(cx, &mut map, "selectAction"),
        fallback_text: cx.opt(&mut map, "fallbackText"),
        background_image: background_image(cx, &mut map),
        min_height: cx.opt(&mut map, "minHeight"),
        rtl: cx.opt(&mut map, "rtl"),
        speak: cx.opt(&mut map, "speak"),
        lang: cx.opt(&mut map, "lang"),
        vertical_content_alignment: cx.opt(&mut map, "verticalContentAlignment"),
        style: cx.opt(&mut map, "style"),
        refresh: map
            .remove("refresh")
            .and_then(|v| cx.at("refresh", |cx| refresh(cx, v))),
        authentication: map
            .remove("authentication")
            .and_then(|v| cx.at("authentication", |cx| authentication(cx, v))),
        metadata: map.remove("metadata").and_then(|v| {
            cx.at("metadata", |cx| {
                let mut m = object(cx, v, "`metadata`")?;
                Some(Metadata {
                    web_url: cx.opt(&mut m, "webUrl"),
                    extra: cx.extra(m, "Metadata"),
                })
            })
        }),
        extra: cx.extra(map, "the card"),
    })
}

fn check_version(cx: &mut Ctx, version: &str) {
    let parsed = version.split_once('.').and_then(|(major, minor)| {
        Some((
            major.trim().parse::<u32>().ok()?,
            minor.trim().parse::<u32>().ok()?,
        ))
    });
    cx.at("version", |cx| match parsed {
        None => cx.report_as(
            Code::InvalidValue,
            Severity::Warning,
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

fn refresh(cx: &mut Ctx, value: Value) -> Option<Refresh> {
    let mut m = object(cx, value, "`refresh`")?;
    Some(Refresh {
        action: m
            .remove("action")
            .and_then(|v| cx.at("action", |cx| action(cx, v)))
            .map(Box::new),
        user_ids: cx.list(&mut m, "userIds", |cx, v| {
            let found = json_type(&v);
            if let Value::String(s) = v {
                Some(s)
            } else {
                cx.report(
                    Code::WrongType,
                    format!("a user id must be a string, not {found}"),
                );
                None
            }
        }),
        expires: cx.opt(&mut m, "expires"),
        extra: cx.extra(m, "Refresh"),
    })
}

fn authentication(cx: &mut Ctx, value: Value) -> Option<Authentication> {
    let mut m = object(cx, value, "`authentication`")?;
    Some(Authentication {
        text: cx.opt(&mut m, "text"),
        connection_name: cx.opt(&mut m, "connectionName"),
        token_exchange_resource: m.remove("tokenExchangeResource").and_then(|v| {
            cx.at("tokenExchangeResource", |cx| {
                let mut t = object(cx, v, "`tokenExchangeResource`")?;
                Some(TokenExchangeResource {
                    id: cx.req(&mut t, "id", "tokenExchangeResource")?,
                    uri: cx.req(&mut t, "uri", "tokenExchangeResource")?,
                    provider_id: cx.req(&mut t, "providerId", "tokenExchangeResource")?,
                })
            })
        }),
        buttons: cx.list(&mut m, "buttons", |cx, v| {
            let mut b: Map<String, Value> = object(cx, v, "a sign-in button")?;
            Some(AuthCardButton {
                kind: cx.req(&mut b, "type", "a sign-in button")?,
                value: cx.opt(&mut b, "value"),
                title: cx.opt(&mut b, "title"),
                image: cx.opt(&mut b, "image"),
            })
        }),
        extra: cx.extra(m, "Authentication"),
    })
}
