//! The closed vocabularies of the card format (sizes, colours, styles, …).
//!
//! Adaptive Cards renderers read enum values case-insensitively (`"Large"` = `"large"`); real
//! cards use both spellings. Every enum here parses without regard to ASCII case and is written
//! back in the canonical camelCase spelling. Its JSON Schema accepts both: the canonical values
//! (so editors can complete them) and a case-insensitive pattern.

use schemars::{Schema, json_schema};

/// A value of one of the card format's enumerations.
pub trait CardEnum: Sized + Copy + 'static {
    /// Every value, in declaration order.
    const ALL: &'static [Self];
    /// The enumeration's name as used in messages (`"FontSize"`).
    const NAME: &'static str;
    /// The canonical spelling.
    fn as_str(self) -> &'static str;

    /// Parses a value, ignoring ASCII case.
    fn parse(s: &str) -> Option<Self> {
        Self::ALL
            .iter()
            .copied()
            .find(|v| v.as_str().eq_ignore_ascii_case(s))
    }

    /// The canonical spellings joined for an error message: `"small", "medium" or "large"`.
    fn expected() -> String {
        let names: Vec<String> = Self::ALL
            .iter()
            .map(|v| format!("`{}`", v.as_str()))
            .collect();
        match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            Some((last, _)) => last.clone(),
            None => String::new(),
        }
    }
}

/// Builds the case-insensitive pattern of a set of words, in the ECMA-262 dialect JSON Schema
/// uses (it has no `(?i)` flag): `^(?:[sS][mM][aA][lL][lL]|…)$`.
fn case_insensitive_pattern(words: &[&str]) -> String {
    let mut pattern = String::from("^(?:");
    for (i, word) in words.iter().enumerate() {
        if i > 0 {
            pattern.push('|');
        }
        for c in word.chars() {
            if c.is_ascii_alphabetic() {
                pattern.push('[');
                pattern.push(c.to_ascii_lowercase());
                pattern.push(c.to_ascii_uppercase());
                pattern.push(']');
            } else {
                pattern.push(c);
            }
        }
    }
    pattern.push_str(")$");
    pattern
}

pub(crate) fn enum_schema<E: CardEnum>(description: &str) -> Schema {
    let words: Vec<&str> = E::ALL.iter().map(|v| v.as_str()).collect();
    let pattern = case_insensitive_pattern(&words);
    json_schema!({
        "description": description,
        "anyOf": [
            { "enum": words },
            { "type": "string", "pattern": pattern }
        ]
    })
}

macro_rules! card_enum {
    (
        $(#[doc = $doc:literal])*
        $name:ident { $( $(#[doc = $vdoc:literal])* $variant:ident = $text:literal ),+ $(,)? }
    ) => {
        $(#[doc = $doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name {
            $( $(#[doc = $vdoc])* $variant ),+
        }

        impl $crate::enums::CardEnum for $name {
            const ALL: &'static [Self] = &[$(Self::$variant),+];
            const NAME: &'static str = stringify!($name);
            fn as_str(self) -> &'static str {
                match self { $(Self::$variant => $text),+ }
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.pad($crate::enums::CardEnum::as_str(*self))
            }
        }

        impl ::serde::Serialize for $name {
            fn serialize<S: ::serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str($crate::enums::CardEnum::as_str(*self))
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $name {
            fn deserialize<D: ::serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let s = <::std::borrow::Cow<'de, str> as ::serde::Deserialize>::deserialize(deserializer)?;
                <Self as $crate::enums::CardEnum>::parse(&s).ok_or_else(|| {
                    ::serde::de::Error::custom(format_args!(
                        "unknown {} `{}`, expected {}",
                        <Self as $crate::enums::CardEnum>::NAME,
                        s,
                        <Self as $crate::enums::CardEnum>::expected()
                    ))
                })
            }
        }

        impl ::schemars::JsonSchema for $name {
            fn schema_name() -> ::std::borrow::Cow<'static, str> {
                ::std::borrow::Cow::Borrowed(stringify!($name))
            }
            fn json_schema(_: &mut ::schemars::SchemaGenerator) -> ::schemars::Schema {
                $crate::enums::enum_schema::<Self>(concat!($($doc),*).trim())
            }
        }
    };
}

/// The card format's way to declare an enumeration (also used for the host config's).
pub(crate) use card_enum;

card_enum! {
    /// The root type of a card: our own name or the Adaptive Cards one.
    CardKind {
        /// `"McpApp"`: the MCP Apps declarative card (an alias of `AdaptiveCard`).
        McpApp = "McpApp",
        /// `"AdaptiveCard"`: a plain Adaptive Card.
        AdaptiveCard = "AdaptiveCard",
    }
}

card_enum! {
    /// Space between an element and the one before it.
    Spacing {
        /// The host's default spacing.
        Default = "default",
        /// No space at all.
        None = "none",
        /// A little space.
        Small = "small",
        /// Medium space.
        Medium = "medium",
        /// Large space.
        Large = "large",
        /// Extra large space.
        ExtraLarge = "extraLarge",
        /// As much space as the container's padding.
        Padding = "padding",
    }
}

card_enum! {
    /// How tall an element is within its container.
    BlockElementHeight {
        /// As tall as its content.
        Auto = "auto",
        /// Takes the remaining height.
        Stretch = "stretch",
    }
}

card_enum! {
    /// A text colour, resolved by the host config.
    Color {
        /// The default text colour.
        Default = "default",
        /// A dark colour.
        Dark = "dark",
        /// A light colour.
        Light = "light",
        /// The accent colour.
        Accent = "accent",
        /// A colour that means success.
        Good = "good",
        /// A colour that means caution.
        Warning = "warning",
        /// A colour that means danger.
        Attention = "attention",
    }
}

card_enum! {
    /// The font family of a text.
    FontType {
        /// The host's default font.
        Default = "default",
        /// A fixed-width font.
        Monospace = "monospace",
    }
}

card_enum! {
    /// The size of a text.
    FontSize {
        /// The default size.
        Default = "default",
        /// Small text.
        Small = "small",
        /// Medium text.
        Medium = "medium",
        /// Large text.
        Large = "large",
        /// Extra large text.
        ExtraLarge = "extraLarge",
    }
}

card_enum! {
    /// The weight of a text.
    FontWeight {
        /// The default weight.
        Default = "default",
        /// Lighter than default.
        Lighter = "lighter",
        /// Bolder than default.
        Bolder = "bolder",
    }
}

card_enum! {
    /// Horizontal position of content within its container.
    HorizontalAlignment {
        /// Start of the line (the left in left-to-right text).
        Left = "left",
        /// Centred.
        Center = "center",
        /// End of the line.
        Right = "right",
    }
}

card_enum! {
    /// Vertical position of content within its container.
    VerticalAlignment {
        /// At the top.
        Top = "top",
        /// Centred.
        Center = "center",
        /// At the bottom.
        Bottom = "bottom",
    }
}

card_enum! {
    /// The style of a container, which the host config maps to colours.
    ContainerStyle {
        /// No particular style.
        Default = "default",
        /// Set apart from its surroundings.
        Emphasis = "emphasis",
        /// Success.
        Good = "good",
        /// Danger.
        Attention = "attention",
        /// Caution.
        Warning = "warning",
        /// The accent colour.
        Accent = "accent",
    }
}

card_enum! {
    /// The approximate size of an image; every size keeps the aspect ratio.
    ImageSize {
        /// The image's own size, shrunk to fit.
        Auto = "auto",
        /// As wide as the container.
        Stretch = "stretch",
        /// Small (host config).
        Small = "small",
        /// Medium (host config).
        Medium = "medium",
        /// Large (host config).
        Large = "large",
    }
}

card_enum! {
    /// How an image is drawn.
    ImageStyle {
        /// As it is.
        Default = "default",
        /// Cropped to a circle, as for a person's picture.
        Person = "person",
        /// Rounded corners (Adaptive Cards 1.6 hosts).
        RoundedCorners = "roundedCorners",
    }
}

card_enum! {
    /// How a background image fills its area.
    ImageFillMode {
        /// Scaled to cover the whole area, cropped as needed.
        Cover = "cover",
        /// Repeated along the x axis.
        RepeatHorizontally = "repeatHorizontally",
        /// Repeated along the y axis.
        RepeatVertically = "repeatVertically",
        /// Repeated along both axes.
        Repeat = "repeat",
    }
}

card_enum! {
    /// The style of an action's button.
    ActionStyle {
        /// A plain button.
        Default = "default",
        /// The recommended, positive choice.
        Positive = "positive",
        /// A choice that destroys something.
        Destructive = "destructive",
    }
}

card_enum! {
    /// Whether an action is a button or sits in the overflow menu.
    ActionMode {
        /// A button.
        Primary = "primary",
        /// An entry of the overflow ("…") menu.
        Secondary = "secondary",
    }
}

card_enum! {
    /// The accessibility role of an action.
    ActionRole {
        /// A button.
        Button = "button",
        /// A link.
        Link = "link",
        /// A tab.
        Tab = "tab",
        /// A menu.
        Menu = "menu",
        /// An item of a menu.
        MenuItem = "menuItem",
    }
}

card_enum! {
    /// Which inputs a submit gathers.
    AssociatedInputs {
        /// The inputs of this card and of its parent cards.
        Auto = "auto",
        /// No inputs.
        None = "none",
    }
}

card_enum! {
    /// How a choice set is shown.
    ChoiceInputStyle {
        /// A drop-down list.
        Compact = "compact",
        /// Radio buttons or check boxes.
        Expanded = "expanded",
        /// A drop-down list with a filter box.
        Filtered = "filtered",
    }
}

card_enum! {
    /// What kind of text an `Input.Text` takes, which hosts use for the keyboard and checks.
    TextInputStyle {
        /// Any text.
        Text = "text",
        /// A telephone number.
        Tel = "tel",
        /// A web address.
        Url = "url",
        /// An email address.
        Email = "email",
        /// A password: never shown.
        Password = "password",
    }
}

card_enum! {
    /// The role of a `TextBlock`.
    TextBlockStyle {
        /// Ordinary text.
        Default = "default",
        /// A heading (announced as one by screen readers).
        Heading = "heading",
        /// A column header (Adaptive Cards 1.6).
        ColumnHeader = "columnHeader",
    }
}

card_enum! {
    /// Where an input's label goes.
    InputLabelPosition {
        /// Beside the input.
        Inline = "inline",
        /// Above the input.
        Above = "above",
    }
}

card_enum! {
    /// How an input looks before the user interacts with it.
    InputStyle {
        /// Read-only look until hovered or focused.
        RevealOnHover = "revealOnHover",
        /// The normal editable look.
        Default = "default",
    }
}

card_enum! {
    /// The direction a carousel moves in.
    CarouselOrientation {
        /// Pages side by side.
        Horizontal = "horizontal",
        /// Pages stacked.
        Vertical = "vertical",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_any_case_and_writes_camel_case() {
        assert_eq!(FontSize::parse("EXTRALARGE"), Some(FontSize::ExtraLarge));
        assert_eq!(FontSize::parse("extraLarge"), Some(FontSize::ExtraLarge));
        assert_eq!(FontSize::parse("huge"), None);
        assert_eq!(
            serde_json::to_string(&FontSize::ExtraLarge).unwrap(),
            "\"extraLarge\""
        );
    }

    #[test]
    fn pattern_is_case_insensitive_without_flags() {
        assert_eq!(
            case_insensitive_pattern(&["ab", "c1"]),
            "^(?:[aA][bB]|[cC]1)$"
        );
    }

    #[test]
    fn expected_lists_values() {
        assert_eq!(
            HorizontalAlignment::expected(),
            "`left`, `center` or `right`"
        );
    }
}
