//! A card read as plain text: what a model or a person without the card's UI is given instead
//! (servers put it in a result's `content`; hosts print it). One rendering for both sides.

use std::fmt::Write as _;

use crate::{Action, Card, Element, TOOL_NAME_KEY};
use serde_json::Value;

/// A card read as plain text, for a model or a person without the card: its text, facts and
/// image descriptions in reading order, then the inputs it asks for (with their rules and
/// choices) and the actions it offers (with the tool each one calls). A card's own
/// `fallbackText` wins, as its author chose it.
#[must_use]
pub fn text_fallback(card: &Card) -> String {
    if let Some(fallback) = card
        .fallback_text
        .as_deref()
        .filter(|t| !t.trim().is_empty())
    {
        return fallback.to_owned();
    }
    let mut out = String::new();
    for (depth, card) in card.all_cards().into_iter().enumerate() {
        if depth > 0 {
            out.push_str("\n---\n");
        }
        write_card(card, &mut out);
    }
    out.trim_end().to_owned()
}

fn write_card(card: &Card, out: &mut String) {
    let mut inputs = Vec::new();
    card.for_each_element(&mut |e| match e {
        Element::TextBlock(t) => line(out, &t.text),
        Element::RichTextBlock(r) => {
            let text: String = r
                .inlines
                .iter()
                .map(|crate::model::Inline::TextRun(run)| run.text.as_str())
                .collect();
            line(out, &text);
        }
        Element::FactSet(f) => {
            for fact in &f.facts {
                line(out, &format!("{}: {}", fact.title, fact.value));
            }
        }
        Element::Image(i) => {
            if let Some(alt) = i.alt_text.as_deref() {
                line(out, &format!("[image: {alt}]"));
            }
        }
        e if e.is_input() => inputs.push(e),
        _ => {}
    });
    if !inputs.is_empty() {
        out.push_str("\nInputs:\n");
        for input in inputs {
            describe_input(input, out);
        }
    }
    let actions = card.actions_all();
    if !actions.is_empty() {
        out.push_str("\nActions:\n");
        for action in actions {
            describe_action(action, out);
        }
    }
}

fn line(out: &mut String, text: &str) {
    let text = text.trim();
    if !text.is_empty() {
        out.push_str(text);
        out.push('\n');
    }
}

fn describe_input(input: &Element, out: &mut String) {
    let id = input.id().unwrap_or("(no id)");
    let common = input.input_common();
    let label = common
        .and_then(|c| c.label.as_deref())
        .filter(|l| !l.trim().is_empty());
    let mut notes = Vec::new();
    if common.and_then(|c| c.is_required) == Some(true) {
        notes.push("required".to_owned());
    }
    let kind = match input {
        Element::InputText(t) => {
            if let Some(max) = t.max_length {
                notes.push(format!("at most {max} characters"));
            }
            if let Some(placeholder) = t.placeholder.as_deref() {
                notes.push(format!("hint: {placeholder}"));
            }
            "text"
        }
        Element::InputNumber(n) => {
            match (n.min, n.max) {
                (Some(lo), Some(hi)) => notes.push(format!("{lo} to {hi}")),
                (Some(lo), None) => notes.push(format!("at least {lo}")),
                (None, Some(hi)) => notes.push(format!("at most {hi}")),
                (None, None) => {}
            }
            "number"
        }
        Element::InputDate(_) => "date (YYYY-MM-DD)",
        Element::InputTime(_) => "time (HH:MM)",
        Element::InputToggle(t) => {
            notes.push(format!("\"{}\" or \"{}\"", t.on_value(), t.off_value()));
            "toggle"
        }
        Element::InputChoiceSet(c) => {
            let choices: Vec<String> = c
                .choices
                .iter()
                .map(|choice| format!("{} = \"{}\"", choice.title, choice.value))
                .collect();
            notes.push(format!("one of {}", choices.join(", ")));
            if c.is_multi_select == Some(true) {
                "choices (comma-separated)"
            } else {
                "choice"
            }
        }
        _ => "value",
    };
    let name = label.map_or_else(|| format!("`{id}`"), |l| format!("{l} (`{id}`)"));
    let notes = if notes.is_empty() {
        String::new()
    } else {
        format!("; {}", notes.join("; "))
    };
    let _ = writeln!(out, "- {name}: {kind}{notes}");
}

fn describe_action(action: &Action, out: &mut String) {
    let title = action.title().unwrap_or("(untitled)");
    let what = match action {
        Action::Submit(s) => tool_of(s.submission.data.as_ref()).map(|t| format!("calls `{t}`")),
        Action::Execute(e) => tool_of(e.submission.data.as_ref())
            .or(e.verb.as_deref())
            .map(|t| format!("calls `{t}`")),
        Action::OpenUrl(o) => Some(format!("opens {}", o.url)),
        Action::ShowCard(_) => Some("shows more below".to_owned()),
        Action::ToggleVisibility(_) => None,
    };
    match what {
        Some(what) => {
            let _ = writeln!(out, "- {title}: {what}");
        }
        None => {
            let _ = writeln!(out, "- {title}");
        }
    }
}

fn tool_of(data: Option<&Value>) -> Option<&str> {
    data?.get(TOOL_NAME_KEY)?.as_str()
}
