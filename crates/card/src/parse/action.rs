//! Reading actions.

use serde::de::MapAccess;
use serde_json::Value;

use super::card::CardSeed;
use super::common::{Dispatched, Typed};
use super::object::ObjectItem;
use super::props::CommonReader;
use super::reader::Ctx;
use crate::diagnostic::Code;
use crate::model::{
    Action, ActionCommon, ExecuteAction, OpenUrlAction, ShowCardAction, Submission, SubmitAction,
    TargetElement, ToggleVisibilityAction,
};
use crate::rules::UrlUse;

impl Typed for Action {
    const WHAT: &'static str = "action";
    const A_WHAT: &'static str = "an action";
    const UNKNOWN: Code = Code::UnknownAction;

    fn dispatch<'de, A: MapAccess<'de>>(
        ty: &str,
        cx: &mut Ctx,
        map: &mut A,
    ) -> Result<Dispatched<Self>, A::Error> {
        Ok(Dispatched::Read(match ty {
            "Action.Submit" => Some(submission(cx, map, false)?),
            "Action.Execute" => Some(submission(cx, map, true)?),
            "Action.OpenUrl" => open_url(cx, map)?.map(|a| Action::OpenUrl(Box::new(a))),
            "Action.ShowCard" => Some(Action::ShowCard(show_card(cx, map)?)),
            "Action.ToggleVisibility" => {
                Some(Action::ToggleVisibility(toggle_visibility(cx, map)?))
            }
            _ => return Ok(Dispatched::Unknown),
        }))
    }
}

/// Remembers the keys of a submit's object `data`, to warn when an input would overwrite one.
fn record_data_keys(cx: &mut Ctx, data: Option<&Value>) {
    if let Some(Value::Object(data)) = data {
        for key in data.keys() {
            cx.data_key(key);
        }
    }
}

/// Reads an `Action.Submit`, or an `Action.Execute`, which sends the same way and has a `verb`.
fn submission<'de, A: MapAccess<'de>>(
    cx: &mut Ctx,
    map: &mut A,
    execute: bool,
) -> Result<Action, A::Error> {
    let owner = if execute {
        "Action.Execute"
    } else {
        "Action.Submit"
    };
    let mut e = Submission::default();
    let mut common = ActionCommon::default();
    let mut verb = None;
    let mut shared = CommonReader::new(owner, &mut common);
    fields! { cx, map {
        "verb" if execute => verb = opt,
        "data" => e.data = json,
        "associatedInputs" => e.associated_inputs = opt,
        "disabledUnlessAssociatedInputsChange" => e.disabled_unless_associated_inputs_change = opt,
        "isFinal" => e.is_final = opt,
        _ => shared(shared),
    } }
    record_data_keys(cx, e.data.as_ref());
    Ok(if execute {
        Action::Execute(Box::new(ExecuteAction {
            verb,
            submission: e,
            common,
        }))
    } else {
        Action::Submit(Box::new(SubmitAction {
            submission: e,
            common,
        }))
    })
}

fn open_url<'de, A: MapAccess<'de>>(
    cx: &mut Ctx,
    map: &mut A,
) -> Result<Option<OpenUrlAction>, A::Error> {
    let mut e = ActionCommon::default();
    let mut common = CommonReader::new("Action.OpenUrl", &mut e);
    fields! { cx, map {
        "url" => let url = req_url("Action.OpenUrl", UrlUse::Link),
        _ => shared(common),
    } }
    Ok(url
        .finish(cx, "Action.OpenUrl", "a string")
        .map(|url| OpenUrlAction { url, common: e }))
}

fn show_card<'de, A: MapAccess<'de>>(
    cx: &mut Ctx,
    map: &mut A,
) -> Result<Box<ShowCardAction>, A::Error> {
    let mut e = Box::<ShowCardAction>::default();
    let mut seen = false;
    let mut common = CommonReader::new("Action.ShowCard", &mut e.common);
    fields! { cx, map {
        "card" => |key| {
            seen = true;
            let mut card = None;
            cx.at(key, |cx| {
                map.next_value_seed(CardSeed {
                    cx,
                    is_root: false,
                    out: &mut card,
                })
            })?;
            e.card = card.map(Box::new);
        },
        _ => shared(common),
    } }
    if !seen {
        cx.report(
            Code::MissingProperty,
            "Action.ShowCard needs a `card` to show",
        );
    }
    Ok(e)
}

fn toggle_visibility<'de, A: MapAccess<'de>>(
    cx: &mut Ctx,
    map: &mut A,
) -> Result<Box<ToggleVisibilityAction>, A::Error> {
    let mut e = Box::<ToggleVisibilityAction>::default();
    let mut common = CommonReader::new("Action.ToggleVisibility", &mut e.common);
    fields! { cx, map {
        "targetElements" => let target_elements = req_list,
        _ => shared(common),
    } }
    e.target_elements = target_elements.finish_array(cx, "Action.ToggleVisibility");
    Ok(e)
}

impl ObjectItem for TargetElement {
    const WHAT: &'static str = "a target element";

    fn from_string(element_id: &str) -> Option<Self> {
        Some(TargetElement {
            element_id: element_id.into(),
            ..TargetElement::default()
        })
    }

    fn read_fields<'de, A: MapAccess<'de>>(
        cx: &mut Ctx,
        map: &mut A,
    ) -> Result<Option<Self>, A::Error> {
        let mut e = TargetElement::default();
        fields! { cx, map {
            "elementId" => let element_id = req("a target element"),
            "isVisible" => e.is_visible = opt,
            "type" => skip,
            _ => unknown("TargetElement", e.extra),
        } }
        Ok(element_id
            .finish(cx, "a target element", "a string")
            .map(|element_id| TargetElement { element_id, ..e }))
    }
}
