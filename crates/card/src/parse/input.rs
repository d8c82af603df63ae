//! Reading inputs, with the checks on their rules (regex, ranges, initial values, ids).

use serde::de::MapAccess;

use super::object::{ObjectItem, title_and_value};
use super::props::InputReader;
use super::reader::Ctx;
use crate::diagnostic::Code;
use crate::model::{
    Choice, ChoiceSetInput, DataQuery, DateInput, ElementCommon, FromTextValued, InputCommon,
    NumberInput, TextInput, TextValued, TimeInput, ToggleInput,
};
use crate::rules::{Date, Time, check_regex};

pub(crate) fn text<'de, A: MapAccess<'de>>(
    cx: &mut Ctx,
    map: &mut A,
) -> Result<Box<TextInput>, A::Error> {
    let mut e = Box::<TextInput>::default();
    let mut common = InputReader::new("Input.Text", &mut e.input, &mut e.common);
    fields! { cx, map {
        "value" => e.value = opt,
        "placeholder" => e.placeholder = opt,
        "isMultiline" => e.is_multiline = opt,
        "maxLength" => e.max_length = opt,
        "regex" => e.regex = opt,
        "style" => e.style = opt,
        "inlineAction" => e.inline_action = single_action,
        _ => shared(common),
    } }
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
    common.finish(cx);
    Ok(e)
}

pub(crate) fn number<'de, A: MapAccess<'de>>(
    cx: &mut Ctx,
    map: &mut A,
) -> Result<Box<NumberInput>, A::Error> {
    let mut e = Box::<NumberInput>::default();
    let mut common = InputReader::new("Input.Number", &mut e.input, &mut e.common);
    fields! { cx, map {
        "value" => e.value = opt,
        "placeholder" => e.placeholder = opt,
        "min" => e.min = opt,
        "max" => e.max = opt,
        _ => shared(common),
    } }
    check_range(
        cx,
        e.min.as_ref(),
        e.max.as_ref(),
        e.value.as_ref(),
        ToString::to_string,
    );
    common.finish(cx);
    Ok(e)
}

/// Reads an input whose values are text of one type (dates, times), checked: each must read
/// as the type, `min ≤ max`, and the value between them.
fn typed_text<'de, A: MapAccess<'de>, T: PartialOrd + ToString, I: FromTextValued>(
    cx: &mut Ctx,
    map: &mut A,
    owner: &'static str,
    parse: fn(&str) -> Option<T>,
    expected: &str,
) -> Result<I, A::Error> {
    let (mut value, mut placeholder, mut min, mut max) = (None, None, None, None);
    let (mut input, mut element) = (InputCommon::default(), ElementCommon::default());
    let mut common = InputReader::new(owner, &mut input, &mut element);
    fields! { cx, map {
        "value" => value = opt,
        "placeholder" => placeholder = opt,
        "min" => min = opt,
        "max" => max = opt,
        _ => shared(common),
    } }
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
    common.finish(cx);
    Ok(I::from_text_valued(TextValued {
        value,
        placeholder,
        min,
        max,
        input,
        common: element,
    }))
}

pub(crate) fn date<'de, A: MapAccess<'de>>(
    cx: &mut Ctx,
    map: &mut A,
) -> Result<DateInput, A::Error> {
    typed_text(
        cx,
        map,
        "Input.Date",
        Date::parse,
        "a date written YYYY-MM-DD",
    )
}

pub(crate) fn time<'de, A: MapAccess<'de>>(
    cx: &mut Ctx,
    map: &mut A,
) -> Result<TimeInput, A::Error> {
    typed_text(cx, map, "Input.Time", Time::parse, "a time written HH:MM")
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
) -> Result<Option<Box<ToggleInput>>, A::Error> {
    let mut e = Box::<ToggleInput>::default();
    let mut common = InputReader::new("Input.Toggle", &mut e.input, &mut e.common);
    fields! { cx, map {
        "title" => let title = req("Input.Toggle"),
        "value" => e.value = opt,
        "valueOn" => e.value_on = opt,
        "valueOff" => e.value_off = opt,
        "wrap" => e.wrap = opt,
        _ => shared(common),
    } }
    common.finish(cx);
    Ok(title.finish(cx, "Input.Toggle", "a string").map(|title| {
        e.title = title;
        e
    }))
}

pub(crate) fn choice_set<'de, A: MapAccess<'de>>(
    cx: &mut Ctx,
    map: &mut A,
) -> Result<Box<ChoiceSetInput>, A::Error> {
    let mut e = Box::<ChoiceSetInput>::default();
    let mut common = InputReader::new("Input.ChoiceSet", &mut e.input, &mut e.common);
    fields! { cx, map {
        "choices" => e.choices = list,
        "choices.data" => e.choices_data = item,
        "isMultiSelect" => e.is_multi_select = opt,
        "style" => e.style = opt,
        "value" => e.value = opt,
        "placeholder" => e.placeholder = opt,
        "wrap" => e.wrap = opt,
        _ => shared(common),
    } }
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
    common.finish(cx);
    Ok(e)
}

impl ObjectItem for Choice {
    const WHAT: &'static str = "a choice";
    fn read_fields<'de, A: MapAccess<'de>>(
        cx: &mut Ctx,
        map: &mut A,
    ) -> Result<Option<Self>, A::Error> {
        title_and_value(
            cx,
            map,
            Self::WHAT,
            "Input.Choice",
            |title, value, extra| Choice {
                title,
                value,
                extra,
            },
        )
    }
}

object_item! { DataQuery = "`choices.data`", |cx, map, e| {
    "dataset" => let dataset = req("Data.Query"),
    "count" => e.count = opt,
    "skip" => e.skip = opt,
    "type" => skip,
    _ => unknown("Data.Query", e.extra),
} => dataset
    .finish(cx, "Data.Query", "a string")
    .map(|dataset| DataQuery { dataset, ..e }) }
