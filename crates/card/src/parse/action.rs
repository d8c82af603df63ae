//! Reading actions.

use serde_json::{Map, Value};

use super::card::card;
use super::common::{fallback, required_url, url};
use super::element::{object, type_name, unknown};
use super::reader::{Ctx, json_type};
use crate::diagnostic::Code;
use crate::model::{
    Action, ActionCommon, ExecuteAction, OpenUrlAction, ShowCardAction, SubmitAction,
    TargetElement, ToggleVisibilityAction,
};
use crate::rules::UrlUse;

/// Reads one action. `None` when it is dropped (reported).
pub(crate) fn action(cx: &mut Ctx, value: Value) -> Option<Action> {
    let mut map = object(cx, value, "an action")?;
    let ty = type_name(cx, &mut map, "action")?;
    Some(match ty.as_str() {
        "Action.Submit" => Action::Submit(submit(cx, map)),
        "Action.Execute" => Action::Execute(execute(cx, map)),
        "Action.OpenUrl" => Action::OpenUrl(open_url(cx, map)?),
        "Action.ShowCard" => Action::ShowCard(show_card(cx, map)),
        "Action.ToggleVisibility" => Action::ToggleVisibility(toggle_visibility(cx, map)),
        _ => return unknown(cx, map, &ty, "action", Code::UnknownAction, action),
    })
}

/// Reads a list of actions.
pub(crate) fn actions(cx: &mut Ctx, map: &mut Map<String, Value>, key: &str) -> Vec<Action> {
    cx.list(map, key, action)
}

/// Reads the properties every action has and keeps the rest as unknown properties. Call it
/// last.
fn action_common(cx: &mut Ctx, mut map: Map<String, Value>, owner: &str) -> ActionCommon {
    let id: Option<String> = cx.opt(&mut map, "id");
    if let Some(id) = &id {
        cx.record_id(id);
    }
    ActionCommon {
        id,
        title: cx.opt(&mut map, "title"),
        icon_url: url(cx, &mut map, "iconUrl", UrlUse::Resource),
        style: cx.opt(&mut map, "style"),
        tooltip: cx.opt(&mut map, "tooltip"),
        is_enabled: cx.opt(&mut map, "isEnabled"),
        mode: cx.opt(&mut map, "mode"),
        role: cx.opt(&mut map, "role"),
        requires: cx.opt(&mut map, "requires"),
        fallback: map
            .remove("fallback")
            .and_then(|v| cx.at("fallback", |cx| fallback(cx, v, action))),
        extra: cx.extra(map, owner),
    }
}

/// Remembers the keys of a submit's object `data`, to warn when an input would overwrite one.
fn record_data_keys(cx: &mut Ctx, data: Option<&Value>) {
    if let Some(Value::Object(data)) = data {
        for key in data.keys() {
            let pointer = cx.child_pointer("data");
            cx.data_keys.push((key.clone(), pointer));
        }
    }
}

fn submit(cx: &mut Ctx, mut map: Map<String, Value>) -> SubmitAction {
    let data: Option<Value> = cx.opt(&mut map, "data");
    record_data_keys(cx, data.as_ref());
    SubmitAction {
        data,
        associated_inputs: cx.opt(&mut map, "associatedInputs"),
        disabled_unless_associated_inputs_change: cx
            .opt(&mut map, "disabledUnlessAssociatedInputsChange"),
        common: action_common(cx, map, "Action.Submit"),
    }
}

fn execute(cx: &mut Ctx, mut map: Map<String, Value>) -> ExecuteAction {
    let data: Option<Value> = cx.opt(&mut map, "data");
    record_data_keys(cx, data.as_ref());
    ExecuteAction {
        verb: cx.opt(&mut map, "verb"),
        data,
        associated_inputs: cx.opt(&mut map, "associatedInputs"),
        disabled_unless_associated_inputs_change: cx
            .opt(&mut map, "disabledUnlessAssociatedInputsChange"),
        common: action_common(cx, map, "Action.Execute"),
    }
}

fn open_url(cx: &mut Ctx, mut map: Map<String, Value>) -> Option<OpenUrlAction> {
    let url = required_url(cx, &mut map, "url", "Action.OpenUrl", UrlUse::Link)?;
    Some(OpenUrlAction {
        url,
        common: action_common(cx, map, "Action.OpenUrl"),
    })
}

fn show_card(cx: &mut Ctx, mut map: Map<String, Value>) -> ShowCardAction {
    let card = match map.remove("card") {
        Some(v) => cx.at("card", |cx| card(cx, v, false)).map(Box::new),
        None => {
            cx.report(
                Code::MissingProperty,
                "Action.ShowCard needs a `card` to show",
            );
            None
        }
    };
    ShowCardAction {
        card,
        common: action_common(cx, map, "Action.ShowCard"),
    }
}

fn toggle_visibility(cx: &mut Ctx, mut map: Map<String, Value>) -> ToggleVisibilityAction {
    if !map.contains_key("targetElements") {
        cx.report(
            Code::MissingProperty,
            "Action.ToggleVisibility needs `targetElements` (an array of ids)",
        );
    }
    ToggleVisibilityAction {
        target_elements: cx.list(&mut map, "targetElements", target_element),
        common: action_common(cx, map, "Action.ToggleVisibility"),
    }
}

fn target_element(cx: &mut Ctx, value: Value) -> Option<TargetElement> {
    match value {
        Value::String(element_id) => Some(TargetElement {
            element_id,
            ..TargetElement::default()
        }),
        Value::Object(mut m) => {
            m.remove("type");
            Some(TargetElement {
                element_id: cx.req(&mut m, "elementId", "a target element")?,
                is_visible: cx.opt(&mut m, "isVisible"),
                extra: cx.extra(m, "TargetElement"),
            })
        }
        other => {
            let found = json_type(&other);
            cx.report(
                Code::WrongType,
                format!("a target element must be an id or an object, not {found}; it is dropped"),
            );
            None
        }
    }
}
