//! The lenient reader: one value at a time out of a `serde_json::Value`, with defaults.
//!
//! Each config type reads itself *over* a copy of its defaults: a key that is absent or
//! `null` keeps the default silently, a key with a bad value keeps it with a warning. That is
//! how a typo in one colour never loses the rest of a theme. Keys are matched exactly first,
//! then ignoring ASCII case, because .NET hosts write `PascalCase` for what the JavaScript
//! renderer spells `camelCase`; both readers accept either.

use std::fmt::Display;

use serde_json::{Map, Value};

use super::color::Color;
use super::error::HostConfigWarning;
use crate::enums::{CardEnum, FontWeight};

/// A JSON object of the host config.
pub(super) type Object = Map<String, Value>;

/// The largest length in pixels a host config may set. Nothing on a screen is this large; a
/// larger value is a mistake (or an attempt to make the renderer allocate absurd layouts).
const MAX_PX: f64 = 10_000.0;

/// Reads values at a JSON pointer, collecting warnings.
pub(super) struct Reader {
    pointer: String,
    warnings: Vec<HostConfigWarning>,
}

impl Reader {
    /// A reader at the document's root.
    pub(super) fn new() -> Self {
        Self {
            pointer: String::new(),
            warnings: Vec::new(),
        }
    }

    /// The warnings collected, in reading order.
    pub(super) fn finish(self) -> Vec<HostConfigWarning> {
        self.warnings
    }

    fn warn(&mut self, message: String) {
        self.warnings.push(HostConfigWarning {
            pointer: self.pointer.clone(),
            message,
        });
    }

    /// Warns that the value has the wrong JSON type and `kept` stays.
    fn wrong_type(&mut self, expected: &str, found: &Value, kept: impl Display) {
        self.warn(format!(
            "expected {expected}, found {}; the default {kept} is used",
            kind(found)
        ));
    }

    /// Runs `read` on the value of `key` when it is present and not `null`, with the pointer
    /// pointing at it.
    pub(super) fn field<'v>(
        &mut self,
        obj: &'v Object,
        key: &str,
        read: impl FnOnce(&mut Self, &'v Value),
    ) {
        let Some((found, value)) = lookup(obj, key) else {
            return;
        };
        // `null` means "not set" in the official renderer (it tests values for truthiness)
        // and the schema allows it for some keys, so it is no mistake.
        if value.is_null() {
            return;
        }
        let len = self.pointer.len();
        self.pointer.push('/');
        push_escaped(&mut self.pointer, found);
        read(self, value);
        self.pointer.truncate(len);
    }

    /// Runs `read` on the object at `key`; anything but an object is a warning.
    pub(super) fn object(
        &mut self,
        obj: &Object,
        key: &str,
        read: impl FnOnce(&mut Self, &Object),
    ) {
        self.field(obj, key, |r, value| match value.as_object() {
            Some(inner) => read(r, inner),
            None => r.wrong_type("an object", value, "for every key inside"),
        });
    }

    /// A boolean.
    pub(super) fn bool(&mut self, obj: &Object, key: &str, target: &mut bool) {
        self.field(obj, key, |r, value| match value.as_bool() {
            Some(b) => *target = b,
            None => r.wrong_type("a boolean", value, *target),
        });
    }

    /// A length in pixels, zero or more.
    pub(super) fn px(&mut self, obj: &Object, key: &str, target: &mut f32) {
        self.field(obj, key, |r, value| {
            if let Some(px) = r.read_px(value, *target, 0.0) {
                *target = px;
            }
        });
    }

    /// A length in pixels that must be more than zero (a font size, an image size).
    pub(super) fn positive_px(&mut self, obj: &Object, key: &str, target: &mut f32) {
        self.field(obj, key, |r, value| {
            if let Some(px) = r.read_px(value, *target, f32::MIN_POSITIVE) {
                *target = px;
            }
        });
    }

    /// An optional limit in pixels: `0` means "no limit", as the schema's default `0` does.
    pub(super) fn optional_px(&mut self, obj: &Object, key: &str, target: &mut Option<f32>) {
        self.field(obj, key, |r, value| {
            let kept = target.map_or_else(|| "(none)".to_owned(), |px| px.to_string());
            if let Some(px) = r.read_px(value, kept, 0.0) {
                *target = (px > 0.0).then_some(px);
            }
        });
    }

    /// Reads a number of pixels at least `min`: a JSON number, or a string such as `"20px"`
    /// (the official renderer reads `iconSize` that way, and hosts write it for others too).
    fn read_px(&mut self, value: &Value, kept: impl Display, min: f32) -> Option<f32> {
        let number = match value {
            Value::Number(n) => n.as_f64(),
            Value::String(s) => {
                let s = s.trim();
                let parsed = s.strip_suffix("px").unwrap_or(s).trim().parse::<f64>().ok();
                if parsed.is_none() {
                    self.warn(format!(
                        "`{s}` is not a length in pixels; the default {kept} is used"
                    ));
                    return None;
                }
                parsed
            }
            _ => {
                self.wrong_type("a number of pixels", value, kept);
                return None;
            }
        }?;
        if !(f64::from(min)..=MAX_PX).contains(&number) {
            let floor = if min > 0.0 {
                "more than 0"
            } else {
                "at least 0"
            };
            self.warn(format!(
                "{number} is out of range (pixels {floor} and at most {MAX_PX}); the default \
                 {kept} is used"
            ));
            return None;
        }
        #[expect(
            clippy::cast_possible_truncation,
            reason = "the range check keeps the value well within f32; rounding is fine for pixels"
        )]
        Some(number as f32)
    }

    /// A count (`maxActions`): a whole number, zero or more.
    pub(super) fn count(&mut self, obj: &Object, key: &str, target: &mut usize) {
        self.field(obj, key, |r, value| {
            match value.as_u64().and_then(|n| usize::try_from(n).ok()) {
                Some(n) => *target = n,
                None => r.wrong_type("a whole number, 0 or more", value, *target),
            }
        });
    }

    /// A CSS font weight: a whole number from 1 to 1000.
    pub(super) fn weight(&mut self, obj: &Object, key: &str, target: &mut u16) {
        self.field(obj, key, |r, value| {
            match value
                .as_u64()
                .filter(|w| (1..=1000).contains(w))
                .and_then(|w| u16::try_from(w).ok())
            {
                Some(w) => *target = w,
                None => r.wrong_type("a font weight from 1 to 1000", value, *target),
            }
        });
    }

    /// A non-empty string.
    pub(super) fn string(&mut self, obj: &Object, key: &str, target: &mut String) {
        self.field(obj, key, |r, value| match value.as_str() {
            Some(s) if !s.trim().is_empty() => s.clone_into(target),
            Some(_) => r.warn(format!("the text is empty; the default `{target}` is used")),
            None => r.wrong_type("a string", value, format_args!("`{target}`")),
        });
    }

    /// An optional string: `""` turns it off.
    pub(super) fn optional_string(&mut self, obj: &Object, key: &str, target: &mut Option<String>) {
        self.field(obj, key, |r, value| match value.as_str() {
            Some("") => *target = None,
            Some(s) => *target = Some(s.to_owned()),
            None => r.wrong_type("a string", value, format_args!("{target:?}")),
        });
    }

    /// A colour (`#RGB`, `#RRGGBB`, `#AARRGGBB`).
    pub(super) fn color(&mut self, obj: &Object, key: &str, target: &mut Color) {
        self.field(obj, key, |r, value| {
            if let Some(color) = r.read_color(value, *target) {
                *target = color;
            }
        });
    }

    /// An optional colour.
    pub(super) fn optional_color(&mut self, obj: &Object, key: &str, target: &mut Option<Color>) {
        self.field(obj, key, |r, value| {
            let kept = target.map_or_else(|| "(none)".to_owned(), |c| c.to_string());
            if let Some(color) = r.read_color(value, kept) {
                *target = Some(color);
            }
        });
    }

    fn read_color(&mut self, value: &Value, kept: impl Display) -> Option<Color> {
        let Some(text) = value.as_str() else {
            self.wrong_type("a colour string", value, kept);
            return None;
        };
        let color = Color::parse(text);
        if color.is_none() {
            self.warn(format!(
                "`{text}` is not a colour (#RGB, #RRGGBB or #AARRGGBB); the default {kept} is \
                 used"
            ));
        }
        color
    }

    /// A value of one of the card format's enumerations, in any case.
    pub(super) fn enumeration<E: CardEnum>(&mut self, obj: &Object, key: &str, target: &mut E) {
        self.field(obj, key, |r, value| {
            if let Some(parsed) = r.read_enum(value, *target) {
                *target = parsed;
            }
        });
    }

    /// A font weight name. The schema spells the default weight `"normal"`; it is accepted
    /// as `default`.
    pub(super) fn font_weight(&mut self, obj: &Object, key: &str, target: &mut FontWeight) {
        self.field(obj, key, |r, value| {
            if value
                .as_str()
                .is_some_and(|s| s.trim().eq_ignore_ascii_case("normal"))
            {
                *target = FontWeight::Default;
            } else if let Some(parsed) = r.read_enum(value, *target) {
                *target = parsed;
            }
        });
    }

    fn read_enum<E: CardEnum>(&mut self, value: &Value, kept: E) -> Option<E> {
        let Some(text) = value.as_str() else {
            self.wrong_type(
                &format!("one of {}", E::expected()),
                value,
                format_args!("`{}`", kept.as_str()),
            );
            return None;
        };
        let parsed = E::parse(text.trim());
        if parsed.is_none() {
            self.warn(format!(
                "unknown {} `{text}`, expected {}; the default `{}` is used",
                E::NAME,
                E::expected(),
                kept.as_str()
            ));
        }
        parsed
    }
}

/// The value of `key`, matched exactly or else ignoring ASCII case, with the key as written.
fn lookup<'v>(obj: &'v Object, key: &str) -> Option<(&'v str, &'v Value)> {
    obj.get_key_value(key)
        .or_else(|| obj.iter().find(|(k, _)| k.eq_ignore_ascii_case(key)))
        .map(|(k, v)| (k.as_str(), v))
}

/// Appends a key to a JSON pointer, escaping `~` and `/` (RFC 6901).
fn push_escaped(pointer: &mut String, key: &str) {
    for c in key.chars() {
        match c {
            '~' => pointer.push_str("~0"),
            '/' => pointer.push_str("~1"),
            _ => pointer.push(c),
        }
    }
}

/// What a JSON value is, for messages.
pub(super) use crate::parse::json_type as kind;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointers_escape_tilde_and_slash() {
        let mut pointer = String::new();
        push_escaped(&mut pointer, "a/b~c");
        assert_eq!(pointer, "a~1b~0c");
    }

    #[test]
    fn keys_match_in_any_case_but_exact_wins() {
        let obj: Object = serde_json::from_str(r#"{"MaxActions": 3, "maxactions": 4}"#).unwrap();
        assert_eq!(
            lookup(&obj, "MaxActions").map(|(k, _)| k),
            Some("MaxActions")
        );
        assert!(lookup(&obj, "MAXACTIONS").is_some());
        assert!(lookup(&obj, "other").is_none());
    }

    #[test]
    #[expect(clippy::float_cmp, reason = "small integers, exact in f32")]
    fn px_accepts_numbers_and_px_strings() {
        let obj: Object =
            serde_json::from_str(r#"{"a": 12, "b": "20px", "c": -1, "d": "wide"}"#).unwrap();
        let mut reader = Reader::new();
        let mut values = [0.0, 0.0, 5.0, 6.0];
        for (key, value) in ["a", "b", "c", "d"].into_iter().zip(&mut values) {
            reader.px(&obj, key, value);
        }
        assert_eq!(values, [12.0, 20.0, 5.0, 6.0]);
        let pointers: Vec<String> = reader.finish().into_iter().map(|w| w.pointer).collect();
        assert_eq!(pointers, ["/c", "/d"]);
    }
}
