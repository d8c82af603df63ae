//! Reading inputs, with the checks on their rules (regex, ranges, initial values, ids).

use serde_json::{Map, Value};

use super::common::{element_common, single_action};
use super::element::{element, object};
use super::reader::Ctx;
use crate::diagnostic::Code;
use crate::model::{
    Choice, ChoiceSetInput, DataQuery, DateInput, ElementCommon, InputCommon, NumberInput,
    TextInput, TimeInput, ToggleInput,
};
use crate::rules::{Date, Time, check_regex};
use crate::submit::RESERVED_DATA_KEYS;

/// Reads the properties every input has (call after the input's own ones), then the element
/// properties, and checks the input's `id`.
fn input_common(
    cx: &mut Ctx,
    mut map: Map<String, Value>,
    owner: &str,
) -> (InputCommon, ElementCommon) {
    let input = InputCommon {
        label: cx.opt(&mut map, "label"),
        is_required: cx.opt(&mut map, "isRequired"),
        error_message: cx.opt(&mut map, "errorMessage"),
        label_position: cx.opt(&mut map, "labelPosition"),
        label_width: cx.opt(&mut map, "labelWidth"),
        input_style: cx.opt(&mut map, "inputStyle"),
    };
    let common = element_common(cx, map, owner, element);
    match &common.id {
        None => cx.report(
            Code::InputMissingId,
            format!("{owner} needs an `id`: without one its value cannot be submitted"),
        ),
        Some(id) if RESERVED_DATA_KEYS.contains(&id.as_str()) => cx.at("id", |cx| {
            cx.report(
                Code::ReservedId,
                format!(
                    "`{id}` is reserved in submitted data (it names the tool to call); an input with this id could redirect the action"
                ),
            );
        }),
        Some(id) => {
            let pointer = cx.child_pointer("id");
            cx.input_ids.push((id.clone(), pointer));
        }
    }
    (input, common)
}

pub(crate) fn text(cx: &mut Ctx, mut map: Map<String, Value>) -> TextInput {
    let regex: Option<String> = cx.opt(&mut map, "regex");
    if let Some(pattern) = &regex {
        if let Err(reason) = check_regex(pattern) {
            cx.at("regex", |cx| {
                cx.report(
                    Code::InvalidRegex,
                    format!("the regex does not compile: {reason}"),
                );
            });
        }
    }
    let value: Option<String> = cx.opt(&mut map, "value");
    let max_length: Option<u32> = cx.opt(&mut map, "maxLength");
    if let (Some(v), Some(max)) = (&value, max_length) {
        if v.chars().count() > max as usize {
            cx.at("value", |cx| {
                cx.report(
                    Code::InvalidValue,
                    format!("the initial value is longer than `maxLength` ({max})"),
                );
            });
        }
    }
    let placeholder = cx.opt(&mut map, "placeholder");
    let is_multiline = cx.opt(&mut map, "isMultiline");
    let style = cx.opt(&mut map, "style");
    let inline_action = single_action(cx, &mut map, "inlineAction");
    let (input, common) = input_common(cx, map, "Input.Text");
    TextInput {
        value,
        placeholder,
        is_multiline,
        max_length,
        regex,
        style,
        inline_action,
        input,
        common,
    }
}

pub(crate) fn number(cx: &mut Ctx, mut map: Map<String, Value>) -> NumberInput {
    let value: Option<f64> = cx.opt(&mut map, "value");
    let min: Option<f64> = cx.opt(&mut map, "min");
    let max: Option<f64> = cx.opt(&mut map, "max");
    check_range(cx, min, max, value, |n| n.to_string());
    let placeholder = cx.opt(&mut map, "placeholder");
    let (input, common) = input_common(cx, map, "Input.Number");
    NumberInput {
        value,
        placeholder,
        min,
        max,
        input,
        common,
    }
}

pub(crate) fn date(cx: &mut Ctx, mut map: Map<String, Value>) -> DateInput {
    let value: Option<String> = cx.opt(&mut map, "value");
    let min: Option<String> = cx.opt(&mut map, "min");
    let max: Option<String> = cx.opt(&mut map, "max");
    let parsed = |cx: &mut Ctx, key: &str, s: &Option<String>| {
        typed(
            cx,
            key,
            s.as_deref(),
            Date::parse,
            "a date written YYYY-MM-DD",
        )
    };
    let (v, lo, hi) = (
        parsed(cx, "value", &value),
        parsed(cx, "min", &min),
        parsed(cx, "max", &max),
    );
    check_range(cx, lo, hi, v, |d| d.to_string());
    let placeholder = cx.opt(&mut map, "placeholder");
    let (input, common) = input_common(cx, map, "Input.Date");
    DateInput {
        value,
        placeholder,
        min,
        max,
        input,
        common,
    }
}

pub(crate) fn time(cx: &mut Ctx, mut map: Map<String, Value>) -> TimeInput {
    let value: Option<String> = cx.opt(&mut map, "value");
    let min: Option<String> = cx.opt(&mut map, "min");
    let max: Option<String> = cx.opt(&mut map, "max");
    let parsed = |cx: &mut Ctx, key: &str, s: &Option<String>| {
        typed(cx, key, s.as_deref(), Time::parse, "a time written HH:MM")
    };
    let (v, lo, hi) = (
        parsed(cx, "value", &value),
        parsed(cx, "min", &min),
        parsed(cx, "max", &max),
    );
    check_range(cx, lo, hi, v, |t| t.to_string());
    let placeholder = cx.opt(&mut map, "placeholder");
    let (input, common) = input_common(cx, map, "Input.Time");
    TimeInput {
        value,
        placeholder,
        min,
        max,
        input,
        common,
    }
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
    min: Option<T>,
    max: Option<T>,
    value: Option<T>,
    show: impl Fn(&T) -> String,
) {
    if let (Some(lo), Some(hi)) = (&min, &max) {
        if lo > hi {
            cx.at("min", |cx| {
                cx.report(
                    Code::MinGreaterThanMax,
                    format!("`min` ({}) is greater than `max` ({})", show(lo), show(hi)),
                );
            });
        }
    }
    if let Some(v) = &value {
        let below = min.as_ref().is_some_and(|lo| v < lo);
        let above = max.as_ref().is_some_and(|hi| v > hi);
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

pub(crate) fn toggle(cx: &mut Ctx, mut map: Map<String, Value>) -> ToggleInput {
    let title = cx
        .req(&mut map, "title", "Input.Toggle")
        .unwrap_or_default();
    let value = cx.opt(&mut map, "value");
    let value_on = cx.opt(&mut map, "valueOn");
    let value_off = cx.opt(&mut map, "valueOff");
    let wrap = cx.opt(&mut map, "wrap");
    let (input, common) = input_common(cx, map, "Input.Toggle");
    ToggleInput {
        title,
        value,
        value_on,
        value_off,
        wrap,
        input,
        common,
    }
}

pub(crate) fn choice_set(cx: &mut Ctx, mut map: Map<String, Value>) -> ChoiceSetInput {
    let choices = cx.list(&mut map, "choices", choice);
    let choices_data = map.remove("choices.data").and_then(|v| {
        cx.at("choices.data", |cx| {
            let mut m = object(cx, v, "`choices.data`")?;
            m.remove("type");
            Some(DataQuery {
                dataset: cx.req(&mut m, "dataset", "Data.Query")?,
                count: cx.opt(&mut m, "count"),
                skip: cx.opt(&mut m, "skip"),
                extra: cx.extra(m, "Data.Query"),
            })
        })
    });
    if choices.is_empty() && choices_data.is_none() {
        cx.report(
            Code::EmptyChoices,
            "Input.ChoiceSet has no `choices` and no `choices.data`: there is nothing to choose",
        );
    }
    let is_multi_select: Option<bool> = cx.opt(&mut map, "isMultiSelect");
    let value: Option<String> = cx.opt(&mut map, "value");
    if let Some(v) = &value {
        if choices_data.is_none() && !v.is_empty() {
            let wanted: Vec<&str> = if is_multi_select == Some(true) {
                v.split(',').map(str::trim).collect()
            } else {
                vec![v.as_str()]
            };
            if let Some(missing) = wanted
                .iter()
                .find(|w| !choices.iter().any(|c| c.value == **w))
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
    }
    let style = cx.opt(&mut map, "style");
    let placeholder = cx.opt(&mut map, "placeholder");
    let wrap = cx.opt(&mut map, "wrap");
    let (input, common) = input_common(cx, map, "Input.ChoiceSet");
    ChoiceSetInput {
        choices,
        choices_data,
        is_multi_select,
        style,
        value,
        placeholder,
        wrap,
        input,
        common,
    }
}

fn choice(cx: &mut Ctx, value: Value) -> Option<Choice> {
    let mut m = object(cx, value, "a choice")?;
    m.remove("type");
    let title = cx.req(&mut m, "title", "a choice");
    let value = cx.req(&mut m, "value", "a choice");
    Some(Choice {
        title: title?,
        value: value?,
        extra: cx.extra(m, "Input.Choice"),
    })
}
