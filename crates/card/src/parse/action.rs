//! Reading actions.

use serde::Deserializer;
use serde::de::MapAccess;
use serde_json::Value;

use super::card::CardSeed;
use super::common::{ActionReader, Dispatched, Typed, read_typed};
use super::element::require_array;
use super::object::ObjectItem;
use super::reader::{Ctx, Item, Slot};
use crate::diagnostic::Code;
use crate::model::{
    Action, ExecuteAction, OpenUrlAction, ShowCardAction, SubmitAction, TargetElement,
    ToggleVisibilityAction,
};
use crate::rules::UrlUse;

impl Item for Action {
    fn read<'de, D: Deserializer<'de>>(d: D, cx: &mut Ctx) -> Result<Option<Self>, D::Error> {
        read_typed(d, cx)
    }
}

impl Typed for Action {
    const WHAT: &'static str = "action";
    const UNKNOWN: Code = Code::UnknownAction;

    fn dispatch<'de, A: MapAccess<'de>>(
        ty: &str,
        cx: &mut Ctx,
        map: &mut A,
    ) -> Result<Dispatched<Self>, A::Error> {
        Ok(Dispatched::Read(match ty {
            "Action.Submit" => Some(Action::Submit(Box::new(submit(cx, map)?))),
            "Action.Execute" => Some(Action::Execute(Box::new(execute(cx, map)?))),
            "Action.OpenUrl" => open_url(cx, map)?.map(|a| Action::OpenUrl(Box::new(a))),
            "Action.ShowCard" => Some(Action::ShowCard(Box::new(show_card(cx, map)?))),
            "Action.ToggleVisibility" => Some(Action::ToggleVisibility(Box::new(
                toggle_visibility(cx, map)?,
            ))),
            _ => return Ok(Dispatched::Unknown),
        }))
    }
}

/// Remembers the keys of a submit's object `data`, to warn when an input would overwrite one.
fn record_data_keys(cx: &mut Ctx, data: Option<&Value>) {
    if let Some(Value::Object(data)) = data {
        let pointer = cx.child_pointer("data");
        for key in data.keys() {
            cx.data_keys.push((key.clone(), pointer.clone()));
        }
    }
}

fn submit<'de, A: MapAccess<'de>>(cx: &mut Ctx, map: &mut A) -> Result<SubmitAction, A::Error> {
    let mut e = SubmitAction::default();
    let mut common = ActionReader::new("Action.Submit");
    while let Some(key) = cx.next_key(map)? {
        match key.as_str() {
            "data" => e.data = Some(cx.value(map, "data")?),
            "associatedInputs" => e.associated_inputs = cx.opt(map, "associatedInputs")?,
            "disabledUnlessAssociatedInputsChange" => {
                e.disabled_unless_associated_inputs_change =
                    cx.opt(map, "disabledUnlessAssociatedInputsChange")?;
            }
            k => common.field(cx, map, k)?,
        }
    }
    record_data_keys(cx, e.data.as_ref());
    e.common = common.finish();
    Ok(e)
}

fn execute<'de, A: MapAccess<'de>>(cx: &mut Ctx, map: &mut A) -> Result<ExecuteAction, A::Error> {
    let mut e = ExecuteAction::default();
    let mut common = ActionReader::new("Action.Execute");
    while let Some(key) = cx.next_key(map)? {
        match key.as_str() {
            "verb" => e.verb = cx.opt(map, "verb")?,
            "data" => e.data = Some(cx.value(map, "data")?),
            "associatedInputs" => e.associated_inputs = cx.opt(map, "associatedInputs")?,
            "disabledUnlessAssociatedInputsChange" => {
                e.disabled_unless_associated_inputs_change =
                    cx.opt(map, "disabledUnlessAssociatedInputsChange")?;
            }
            k => common.field(cx, map, k)?,
        }
    }
    record_data_keys(cx, e.data.as_ref());
    e.common = common.finish();
    Ok(e)
}

fn open_url<'de, A: MapAccess<'de>>(
    cx: &mut Ctx,
    map: &mut A,
) -> Result<Option<OpenUrlAction>, A::Error> {
    let mut url = Slot::Missing;
    let mut common = ActionReader::new("Action.OpenUrl");
    while let Some(key) = cx.next_key(map)? {
        match key.as_str() {
            "url" => url = cx.req_url(map, "url", "Action.OpenUrl", UrlUse::Link)?,
            k => common.field(cx, map, k)?,
        }
    }
    let common = common.finish();
    Ok(url
        .finish(cx, "url", "Action.OpenUrl", "a string")
        .map(|url| OpenUrlAction { url, common }))
}

fn show_card<'de, A: MapAccess<'de>>(
    cx: &mut Ctx,
    map: &mut A,
) -> Result<ShowCardAction, A::Error> {
    let mut e = ShowCardAction::default();
    let mut seen = false;
    let mut common = ActionReader::new("Action.ShowCard");
    while let Some(key) = cx.next_key(map)? {
        match key.as_str() {
            "card" => {
                seen = true;
                e.card = cx
                    .at("card", |cx| {
                        map.next_value_seed(CardSeed { cx, is_root: false })
                    })?
                    .map(Box::new);
            }
            k => common.field(cx, map, k)?,
        }
    }
    if !seen {
        cx.report(
            Code::MissingProperty,
            "Action.ShowCard needs a `card` to show",
        );
    }
    e.common = common.finish();
    Ok(e)
}

fn toggle_visibility<'de, A: MapAccess<'de>>(
    cx: &mut Ctx,
    map: &mut A,
) -> Result<ToggleVisibilityAction, A::Error> {
    let mut e = ToggleVisibilityAction::default();
    let mut seen = false;
    let mut common = ActionReader::new("Action.ToggleVisibility");
    while let Some(key) = cx.next_key(map)? {
        match key.as_str() {
            "targetElements" => {
                seen = true;
                e.target_elements = cx.list(map, "targetElements")?;
            }
            k => common.field(cx, map, k)?,
        }
    }
    require_array(cx, seen, "targetElements", "Action.ToggleVisibility");
    e.common = common.finish();
    Ok(e)
}

impl ObjectItem for TargetElement {
    const WHAT: &'static str = "a target element";

    fn from_string(element_id: String) -> Option<Self> {
        Some(TargetElement {
            element_id,
            ..TargetElement::default()
        })
    }

    fn read_fields<'de, A: MapAccess<'de>>(
        cx: &mut Ctx,
        map: &mut A,
    ) -> Result<Option<Self>, A::Error> {
        let mut element_id = Slot::Missing;
        let mut e = TargetElement::default();
        while let Some(key) = cx.next_key(map)? {
            match key.as_str() {
                "elementId" => element_id = cx.req(map, "elementId", "a target element")?,
                "isVisible" => e.is_visible = cx.opt(map, "isVisible")?,
                "type" => cx.skip(map)?,
                k => cx.unknown_property(map, k, "TargetElement", &mut e.extra)?,
            }
        }
        Ok(element_id
            .finish(cx, "elementId", "a target element", "a string")
            .map(|element_id| TargetElement { element_id, ..e }))
    }
}
