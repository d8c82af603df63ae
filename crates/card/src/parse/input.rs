//! Reading inputs, with the checks on their rules (regex, ranges, initial values, ids).

use serde::de::MapAccess;

use super::common::InputReader;
use super::object::ObjectItem;
use super::reader::{Ctx, Slot};
use crate::diagnostic::Code;
use crate::model::{
    Choice, ChoiceSetInput, DataQuery, DateInput, ElementCommon, InputCommon, NumberInput,
    TextInput, TimeInput, ToggleInput,
};
use crate::rules::{Date, Time, check_regex};

pub(crate) fn text<'de, A: MapAccess<'de>>(
    cx: &mut Ctx,
    map: &mut A,
) -> Result<TextInput, A::Error> {
    let mut e = TextInput::default();
    let mut common = InputReader::new("Input.Text");
    while let Some(key) = cx.next_key(map)? {
        match key.as_str() {
            "value" => e.value = cx.opt(map, "value")?,
            "placeholder" => e.placeholder = cx.opt(map, "placeholder")?,
            "isMultiline" => e.is_multiline = cx.opt(map, "isMultiline")?,
            "maxLength" => e.max_length = cx.opt(map, "maxLength")?,
            "regex" => e.regex = cx.opt(map, "regex")?,
            "style" => e.style = cx.opt(map, "style")?,
            "inlineAction" => e.inline_action = cx.single_action(map, "inlineAction")?,
            k => common.field(cx, map, k)?,
        }
    }
    if let Some(pattern) = &e.regex
        && let Err(reason) = check_regex(pattern)
    {
        cx.at("regex", |cx| {
            cx.report(
                Code::InvalidRegex,
                format!("the regex does not compile: {reason}"),
            );
        });
    }
    if let (Some(v), Some(max)) = (&e.value, e.max_length)
        && v.chars().count() > max as usize
    {
        cx.at("value", |cx| {
            cx.report(
                Code::InvalidValue,
                format!("the initial value is longer than `maxLength` ({max})"),
            );
        });
    }
    (e.input, e.common) = common.finish(cx);
    Ok(e)
}

pub(crate) fn number<'de, A: MapAccess<'de>>(
    cx: &mut Ctx,
    map: &mut A,
) -> Result<NumberInput, A::Error> {
    let mut e = NumberInput::default();
    let mut common = InputReader::new("Input.Number");
    while let Some(key) = cx.next_key(map)? {
        match key.as_str() {
            "value" => e.value = cx.opt(map, "value")?,
            "placeholder" => e.placeholder = cx.opt(map, "placeholder")?,
            "min" => e.min = cx.opt(map, "min")?,
            "max" => e.max = cx.opt(map, "max")?,
            k => common.field(cx, map, k)?,
        }
    }
    check_range(
        cx,
        e.min.as_ref(),
        e.max.as_ref(),
        e.value.as_ref(),
        ToString::to_string,
    );
    (e.input, e.common) = common.finish(cx);
    Ok(e)
}

/// The properties of an input whose values are text of one type (dates, times), read and
/// checked: each must read as the type, `min ≤ max`, and the value between them.
struct TypedText {
    value: Option<String>,
    placeholder: Option<String>,
    min: Option<String>,
    max: Option<String>,
    input: InputCommon,
    common: ElementCommon,
}

fn typed_text<'de, A: MapAccess<'de>, T: PartialOrd + ToString>(
    cx: &mut Ctx,
    map: &mut A,
    owner: &'static str,
    parse: fn(&str) -> Option<T>,
    expected: &str,
) -> Result<TypedText, A::Error> {
    let (mut value, mut placeholder, mut min, mut max) = (None, None, None, None);
    let mut common = InputReader::new(owner);
    while let Some(key) = cx.next_key(map)? {
        match key.as_str() {
            "value" => value = cx.opt(map, "value")?,
            "placeholder" => placeholder = cx.opt(map, "placeholder")?,
            "min" => min = cx.opt(map, "min")?,
            "max" => max = cx.opt(map, "max")?,
            k => common.field(cx, map, k)?,
        }
    }
    let v = typed(cx, "value", value.as_deref(), parse, expected);
    let lo = typed(cx, "min", min.as_deref(), parse, expected);
    let hi = typed(cx, "max", max.as_deref(), parse, expected);
    check_range(
        cx,
        lo.as_ref(),
        hi.as_ref(),
        v.as_ref(),
        ToString::to_string,
    );
    let (input, common) = common.finish(cx);
    Ok(TypedText {
        value,
        placeholder,
        min,
        max,
        input,
        common,
    })
}

pub(crate) fn date<'de, A: MapAccess<'de>>(
    cx: &mut Ctx,
    map: &mut A,
) -> Result<DateInput, A::Error> {
    let t = typed_text(
        cx,
        map,
        "Input.Date",
        Date::parse,
        "a date written YYYY-MM-DD",
    )?;
    Ok(DateInput {
        value: t.value,
        placeholder: t.placeholder,
        min: t.min,
        max: t.max,
        input: t.input,
        common: t.common,
    })
}

pub(crate) fn time<'de, A: MapAccess<'de>>(
    cx: &mut Ctx,
    map: &mut A,
) -> Result<TimeInput, A::Error> {
    let t = typed_text(cx, map, "Input.Time", Time::parse, "a time written HH:MM")?;
    Ok(TimeInput {
        value: t.value,
        placeholder: t.placeholder,
        min: t.min,
        max: t.max,
        input: t.input,
        common: t.common,
    })
}

/// Reads a date or time property's text as its type, reporting text that is not one.
fn typed<T>(
    cx: &mut Ctx,
    key: &str,
    text: Option<&str>,
    parse: fn(&str) -> Option<T>,
    expected: &str,
) -> Option<T> {
    let text = text?;
    let parsed = parse(text);
    if parsed.is_none() {
        cx.at(key, |cx| {
            cx.report(Code::InvalidValue, format!("`{text}` is not {expected}"));
        });
    }
    parsed
}

/// `min` must not exceed `max`, and an initial value should lie between them.
fn check_range<T: PartialOrd>(
    cx: &mut Ctx,
    min: Option<&T>,
    max: Option<&T>,
    value: Option<&T>,
    show: impl Fn(&T) -> String,
) {
    if let (Some(lo), Some(hi)) = (min, max)
        && lo > hi
    {
        cx.at("min", |cx| {
            cx.report(
                Code::MinGreaterThanMax,
                format!("`min` ({}) is greater than `max` ({})", show(lo), show(hi)),
            );
        });
    }
    if let Some(v) = value {
        let below = min.is_some_and(|lo| v < lo);
        let above = max.is_some_and(|hi| v > hi);
        if below || above {
            cx.at("value", |cx| {
                cx.report(
                    Code::InvalidValue,
                    format!("the initial value {} lies outside `min`..`max`", show(v)),
                );
            });
        }
    }
}

pub(crate) fn toggle<'de, A: MapAccess<'de>>(
    cx: &mut Ctx,
    map: &mut A,
) -> Result<Option<ToggleInput>, A::Error> {
    let mut title = Slot::Missing;
    let mut e = ToggleInput::default();
    let mut common = InputReader::new("Input.Toggle");
    while let Some(key) = cx.next_key(map)? {
        match key.as_str() {
            "title" => title = cx.req(map, "title", "Input.Toggle")?,
            "value" => e.value = cx.opt(map, "value")?,
            "valueOn" => e.value_on = cx.opt(map, "valueOn")?,
            "valueOff" => e.value_off = cx.opt(map, "valueOff")?,
            "wrap" => e.wrap = cx.opt(map, "wrap")?,
            k => common.field(cx, map, k)?,
        }
    }
    (e.input, e.common) = common.finish(cx);
    Ok(title
        .finish(cx, "title", "Input.Toggle", "a string")
        .map(|title| ToggleInput { title, ..e }))
}

pub(crate) fn choice_set<'de, A: MapAccess<'de>>(
    cx: &mut Ctx,
    map: &mut A,
) -> Result<ChoiceSetInput, A::Error> {
    let mut e = ChoiceSetInput::default();
    let mut common = InputReader::new("Input.ChoiceSet");
    while let Some(key) = cx.next_key(map)? {
        match key.as_str() {
            "choices" => e.choices = cx.list(map, "choices")?,
            "choices.data" => e.choices_data = cx.item(map, "choices.data")?,
            "isMultiSelect" => e.is_multi_select = cx.opt(map, "isMultiSelect")?,
            "style" => e.style = cx.opt(map, "style")?,
            "value" => e.value = cx.opt(map, "value")?,
            "placeholder" => e.placeholder = cx.opt(map, "placeholder")?,
            "wrap" => e.wrap = cx.opt(map, "wrap")?,
            k => common.field(cx, map, k)?,
        }
    }
    if e.choices.is_empty() && e.choices_data.is_none() {
        cx.report(
            Code::EmptyChoices,
            "Input.ChoiceSet has no `choices` and no `choices.data`: there is nothing to choose",
        );
    }
    if let Some(v) = e.value.as_deref().filter(|v| !v.is_empty())
        && e.choices_data.is_none()
    {
        let wanted: Vec<&str> = if e.is_multi_select == Some(true) {
            v.split(',').map(str::trim).collect()
        } else {
            vec![v]
        };
        if let Some(missing) = wanted
            .iter()
            .find(|w| !e.choices.iter().any(|c| c.value == **w))
        {
            let missing = (*missing).to_owned();
            cx.at("value", |cx| {
                cx.report(
                    Code::InvalidValue,
                    format!("the initial value `{missing}` is not one of the choices' values"),
                );
            });
        }
    }
    (e.input, e.common) = common.finish(cx);
    Ok(e)
}

impl ObjectItem for Choice {
    const WHAT: &'static str = "a choice";
    fn read_fields<'de, A: MapAccess<'de>>(
        cx: &mut Ctx,
        map: &mut A,
    ) -> Result<Option<Self>, A::Error> {
        let (mut title, mut value) = (Slot::Missing, Slot::Missing);
        let mut e = Choice::default();
        while let Some(key) = cx.next_key(map)? {
            match key.as_str() {
                "title" => title = cx.req(map, "title", "a choice")?,
                "value" => value = cx.req(map, "value", "a choice")?,
                "type" => cx.skip(map)?,
                k => cx.unknown_property(map, k, "Input.Choice", &mut e.extra)?,
            }
        }
        let title = title.finish(cx, "title", "a choice", "a string");
        let value = value.finish(cx, "value", "a choice", "a string");
        Ok(match (title, value) {
            (Some(title), Some(value)) => Some(Choice { title, value, ..e }),
            _ => None,
        })
    }
}

impl ObjectItem for DataQuery {
    const WHAT: &'static str = "`choices.data`";
    fn read_fields<'de, A: MapAccess<'de>>(
        cx: &mut Ctx,
        map: &mut A,
    ) -> Result<Option<Self>, A::Error> {
        let mut dataset = Slot::Missing;
        let mut e = DataQuery::default();
        while let Some(key) = cx.next_key(map)? {
            match key.as_str() {
                "dataset" => dataset = cx.req(map, "dataset", "Data.Query")?,
                "count" => e.count = cx.opt(map, "count")?,
                "skip" => e.skip = cx.opt(map, "skip")?,
                "type" => cx.skip(map)?,
                k => cx.unknown_property(map, k, "Data.Query", &mut e.extra)?,
            }
        }
        Ok(dataset
            .finish(cx, "dataset", "Data.Query", "a string")
            .map(|dataset| DataQuery { dataset, ..e }))
    }
}
