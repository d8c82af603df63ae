//! Reading the properties many types share: element and action commons, fallbacks, URLs,
//! background images and select actions.

use serde_json::{Map, Value};

use super::reader::{Ctx, json_type};
use crate::diagnostic::Code;
use crate::model::{Action, BackgroundImage, ElementCommon, Fallback};
use crate::rules::{UrlProblem, UrlUse, check_url};

/// Reads the properties every element has and keeps what is left as unknown properties.
/// Call it last: it takes everything the element's own reader left.
pub(crate) fn element_common<F>(
    cx: &mut Ctx,
    mut map: Map<String, Value>,
    owner: &str,
    read_fallback: impl FnOnce(&mut Ctx, Value) -> Option<F>,
) -> ElementCommon<F> {
    let id: Option<String> = cx.opt(&mut map, "id");
    if let Some(id) = &id {
        cx.record_id(id);
    }
    let is_visible = cx.opt(&mut map, "isVisible");
    let spacing = cx.opt(&mut map, "spacing");
    let separator = cx.opt(&mut map, "separator");
    let height = cx.opt(&mut map, "height");
    let requires = cx.opt(&mut map, "requires");
    let fallback = map
        .remove("fallback")
        .and_then(|v| cx.at("fallback", |cx| fallback(cx, v, read_fallback)));
    let target_width = cx.opt(&mut map, "targetWidth");
    let lang = cx.opt(&mut map, "lang");
    ElementCommon {
        id,
        is_visible,
        spacing,
        separator,
        height,
        requires,
        fallback,
        target_width,
        lang,
        extra: cx.extra(map, owner),
    }
}

/// Reads a `fallback`: `"drop"` or a replacement read by `read`.
pub(crate) fn fallback<T>(
    cx: &mut Ctx,
    value: Value,
    read: impl FnOnce(&mut Ctx, Value) -> Option<T>,
) -> Option<Fallback<T>> {
    match value {
        Value::String(s) if s.eq_ignore_ascii_case("drop") => Some(Fallback::Drop),
        v @ Value::Object(_) => read(cx, v).map(|item| Fallback::Item(Box::new(item))),
        other => {
            let found = json_type(&other);
            cx.report(
                Code::WrongType,
                format!("`fallback` should be \"drop\" or an object, not {found}; it is ignored"),
            );
            None
        }
    }
}

/// Reads an optional URL property and checks it for its use. A URL that fails the check is
/// reported and left out of the model, so a model never holds an unsafe URL.
pub(crate) fn url(
    cx: &mut Ctx,
    map: &mut Map<String, Value>,
    key: &str,
    used_as: UrlUse,
) -> Option<String> {
    let url: String = cx.opt(map, key)?;
    checked_url(cx, key, url, used_as)
}

/// Reads a required URL property of `owner`, checked as [`url`] does.
pub(crate) fn required_url(
    cx: &mut Ctx,
    map: &mut Map<String, Value>,
    key: &str,
    owner: &str,
    used_as: UrlUse,
) -> Option<String> {
    let url: String = cx.req(map, key, owner)?;
    checked_url(cx, key, url, used_as)
}

fn checked_url(cx: &mut Ctx, key: &str, url: String, used_as: UrlUse) -> Option<String> {
    cx.at(key, |cx| checked_url_here(cx, url, used_as))
}

/// Reads `backgroundImage`: a URL string or an object.
pub(crate) fn background_image(
    cx: &mut Ctx,
    map: &mut Map<String, Value>,
) -> Option<BackgroundImage> {
    let value = map.remove("backgroundImage")?;
    cx.at("backgroundImage", |cx| match value {
        Value::String(url) => {
            checked_url_here(cx, url, UrlUse::Resource).map(|url| BackgroundImage {
                url,
                ..BackgroundImage::default()
            })
        }
        Value::Object(mut m) => {
            let url = required_url(cx, &mut m, "url", "backgroundImage", UrlUse::Resource)?;
            Some(BackgroundImage {
                url,
                fill_mode: cx.opt(&mut m, "fillMode"),
                horizontal_alignment: cx.opt(&mut m, "horizontalAlignment"),
                vertical_alignment: cx.opt(&mut m, "verticalAlignment"),
                extra: {
                    m.remove("type");
                    cx.extra(m, "BackgroundImage")
                },
            })
        }
        other => {
            let found = json_type(&other);
            cx.report(
                Code::WrongType,
                format!(
                    "`backgroundImage` should be a URL or an object, not {found}; it is ignored"
                ),
            );
            None
        }
    })
}

/// Checks a URL that is itself the value at the current pointer. Unsafe and invalid URLs are
/// errors and left out of the model; harmless unsupported ones are warnings and left out too;
/// relative resource URLs are kept (the host may know a base for them).
fn checked_url_here(cx: &mut Ctx, url: String, used_as: UrlUse) -> Option<String> {
    let Err(problem) = check_url(&url, used_as) else {
        return Some(url);
    };
    let (code, keep) = match &problem {
        UrlProblem::Relative if used_as == UrlUse::Resource => (Code::RelativeUrl, true),
        UrlProblem::Relative | UrlProblem::Invalid(_) => (Code::InvalidUrl, false),
        UrlProblem::Unsafe { .. } => (Code::UnsafeUrl, false),
        UrlProblem::Unsupported { .. } => (Code::UnsupportedUrl, false),
    };
    let shown: String = url.chars().take(80).collect();
    cx.report(code, format!("`{shown}` is {problem}"));
    keep.then_some(url)
}

/// Reads `selectAction` (or another key holding a single action that must not be a
/// `ShowCard`, such as `inlineAction`).
pub(crate) fn single_action(
    cx: &mut Ctx,
    map: &mut Map<String, Value>,
    key: &str,
) -> Option<Box<Action>> {
    let value = map.remove(key)?;
    cx.at(key, |cx| {
        let action = super::action::action(cx, value)?;
        if matches!(action, Action::ShowCard(_)) {
            cx.report(
                Code::ShowCardNotAllowed,
                format!("an Action.ShowCard cannot be used as `{key}`; it is ignored"),
            );
            return None;
        }
        Some(Box::new(action))
    })
}
