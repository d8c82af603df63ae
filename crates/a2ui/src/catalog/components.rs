//! The basic catalog's 18 components as typed properties (names and kinds as the catalog
//! schema defines them). Enumerated style hints (`variant`, `justify`, …) are kept as the
//! strings sent, so that a value a later catalog adds is not an error here; the schema check
//! reports values the catalog does not list.

use serde::Deserialize;
use serde_json::Value;

use crate::dynamic::{Action, CheckRule, ChildList, DynamicValue};
use crate::error::A2uiError;
use crate::message::Component;

/// A basic-catalog component's own properties (the common `id`, `weight` and
/// `accessibility` stay on [`Component`]).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(tag = "component")]
pub enum BasicComponent {
    /// Text (simple Markdown).
    Text(Text),
    /// An image from a URL.
    Image(Image),
    /// A named system icon, or an SVG path.
    Icon(Icon),
    /// A video from a URL.
    Video(Video),
    /// An audio player.
    AudioPlayer(AudioPlayer),
    /// Children side by side.
    Row(Row),
    /// Children one under another.
    Column(Column),
    /// A scrolling list of children.
    List(List),
    /// A card around one child.
    Card(Card),
    /// Tabs, each with a title and a child.
    Tabs(Tabs),
    /// A dialog opened by a trigger.
    Modal(Modal),
    /// A dividing line.
    Divider(Divider),
    /// A button that fires an action.
    Button(Button),
    /// A text input.
    TextField(TextField),
    /// A checkbox.
    CheckBox(CheckBox),
    /// One or more choices from a list.
    ChoicePicker(ChoicePicker),
    /// A numeric slider.
    Slider(Slider),
    /// A date and/or time input.
    DateTimeInput(DateTimeInput),
}

impl BasicComponent {
    /// The typed view of a component, when its type is a basic-catalog one and its
    /// properties have the kinds the catalog says.
    pub fn from_component(component: &Component) -> Result<Self, A2uiError> {
        let mut object = component.properties.clone();
        object.insert(
            "component".to_owned(),
            Value::String(component.component.clone()),
        );
        serde_json::from_value(Value::Object(object))
            .map_err(|e| A2uiError::InvalidMessage(format!("component `{}`: {e}", component.id)))
    }
}

/// Declares the properties of a component (or a part of one), read with serde under the
/// catalog's camelCase names; a component the catalog makes `Checkable` lists its `checks` last
/// (`checks: "doc";`), the rules that, failing, mark its value invalid or disable it.
macro_rules! properties {
    (
        $(#[doc = $doc:literal])*
        pub struct $name:ident { $($members:tt)* }
        $(checks: $checks_doc:literal;)?
    ) => {
        $(#[doc = $doc])*
        #[derive(Debug, Clone, PartialEq, Deserialize)]
        #[serde(rename_all = "camelCase")]
        pub struct $name {
            $($members)*
            $(
                #[doc = $checks_doc]
                #[serde(default)]
                pub checks: Vec<CheckRule>,
            )?
        }
    };
}

properties! {
    /// `Text`.
    pub struct Text {
        /// The text (a dynamic string).
        pub text: DynamicValue,
        /// `h1`…`h5`, `caption`, `body` (the default).
        #[serde(default)]
        pub variant: Option<String>,
    }
}

properties! {
    /// `Image`.
    pub struct Image {
        /// The image's URL (a dynamic string).
        pub url: DynamicValue,
        /// Accessibility text.
        #[serde(default)]
        pub description: Option<DynamicValue>,
        /// `contain`, `cover`, `fill` (the default), `none`, `scaleDown`.
        #[serde(default)]
        pub fit: Option<String>,
        /// `icon`, `avatar`, `smallFeature`, `mediumFeature` (the default), `largeFeature`,
        /// `header`.
        #[serde(default)]
        pub variant: Option<String>,
    }
}

properties! {
    /// `Icon`.
    pub struct Icon {
        /// A name from the catalog's list, `{"svgPath": …}`, or a binding.
        pub name: DynamicValue,
    }
}

properties! {
    /// `Video`.
    pub struct Video {
        /// The video's URL.
        pub url: DynamicValue,
    }
}

properties! {
    /// `AudioPlayer`.
    pub struct AudioPlayer {
        /// The audio's URL.
        pub url: DynamicValue,
        /// A title or summary.
        #[serde(default)]
        pub description: Option<DynamicValue>,
    }
}

properties! {
    /// `Row` and `Column`: children along one axis, with the same properties.
    pub struct Flex {
        /// The children.
        pub children: ChildList,
        /// Main-axis arrangement (`start`, the default, `center`, `end`, `spaceBetween`, …).
        #[serde(default)]
        pub justify: Option<String>,
        /// Cross-axis alignment (`start`, `center`, `end`, `stretch`, the default).
        #[serde(default)]
        pub align: Option<String>,
    }
}

/// `Row`: children side by side.
pub type Row = Flex;

/// `Column`: children one under another.
pub type Column = Flex;

properties! {
    /// `List`.
    pub struct List {
        /// The children.
        pub children: ChildList,
        /// `vertical` (the default) or `horizontal`.
        #[serde(default)]
        pub direction: Option<String>,
        /// Cross-axis alignment.
        #[serde(default)]
        pub align: Option<String>,
    }
}

properties! {
    /// `Card`.
    pub struct Card {
        /// The one child's id.
        pub child: String,
    }
}

properties! {
    /// One tab of [`Tabs`].
    pub struct Tab {
        /// The tab's title.
        pub title: DynamicValue,
        /// The tab's child's id.
        pub child: String,
    }
}

properties! {
    /// `Tabs`.
    pub struct Tabs {
        /// The tabs, in order.
        pub tabs: Vec<Tab>,
    }
}

properties! {
    /// `Modal`.
    pub struct Modal {
        /// The component that opens the modal.
        pub trigger: String,
        /// The component shown inside it.
        pub content: String,
    }
}

properties! {
    /// `Divider`.
    pub struct Divider {
        /// `horizontal` (the default) or `vertical`.
        #[serde(default)]
        pub axis: Option<String>,
    }
}

properties! {
    /// `Button`.
    pub struct Button {
        /// The child shown inside (a `Text` or an `Icon`).
        pub child: String,
        /// What pressing it does.
        pub action: Action,
        /// `default`, `primary`, `borderless`.
        #[serde(default)]
        pub variant: Option<String>,
    }
    checks: "Rules that, failing, disable it.";
}

properties! {
    /// `TextField`.
    pub struct TextField {
        /// The label.
        pub label: DynamicValue,
        /// The value, usually bound two ways to a data path.
        #[serde(default)]
        pub value: Option<DynamicValue>,
        /// `shortText` (the default), `longText`, `number`, `obscured`.
        #[serde(default)]
        pub variant: Option<String>,
        /// A regular expression the value must match.
        #[serde(default)]
        pub validation_regexp: Option<String>,
    }
    checks: "Validation rules.";
}

properties! {
    /// `CheckBox`.
    pub struct CheckBox {
        /// The label.
        pub label: DynamicValue,
        /// Checked or not, usually bound two ways.
        pub value: DynamicValue,
    }
    checks: "Validation rules.";
}

properties! {
    /// One option of a [`ChoicePicker`].
    pub struct ChoiceOption {
        /// What the user sees.
        pub label: DynamicValue,
        /// The stable value written to the data model.
        pub value: String,
    }
}

properties! {
    /// `ChoicePicker`.
    pub struct ChoicePicker {
        /// The group's label.
        #[serde(default)]
        pub label: Option<DynamicValue>,
        /// `mutuallyExclusive` (the default) or `multipleSelection`.
        #[serde(default)]
        pub variant: Option<String>,
        /// The options.
        pub options: Vec<ChoiceOption>,
        /// The selected values (a string list), usually bound two ways.
        pub value: DynamicValue,
        /// `checkbox` (the default) or `chips`.
        #[serde(default)]
        pub display_style: Option<String>,
        /// Whether to show a filter box.
        #[serde(default)]
        pub filterable: Option<bool>,
    }
    checks: "Validation rules.";
}

properties! {
    /// `Slider`.
    pub struct Slider {
        /// The label.
        #[serde(default)]
        pub label: Option<DynamicValue>,
        /// The lowest value (0 by default).
        #[serde(default)]
        pub min: Option<f64>,
        /// The highest value.
        pub max: f64,
        /// The value, usually bound two ways.
        pub value: DynamicValue,
    }
    checks: "Validation rules.";
}

properties! {
    /// `DateTimeInput`.
    pub struct DateTimeInput {
        /// The value (ISO 8601), usually bound two ways.
        pub value: DynamicValue,
        /// Whether a date can be picked.
        #[serde(default)]
        pub enable_date: Option<bool>,
        /// Whether a time can be picked.
        #[serde(default)]
        pub enable_time: Option<bool>,
        /// The earliest value (ISO 8601).
        #[serde(default)]
        pub min: Option<DynamicValue>,
        /// The latest value (ISO 8601).
        #[serde(default)]
        pub max: Option<DynamicValue>,
        /// The label.
        #[serde(default)]
        pub label: Option<DynamicValue>,
    }
    checks: "Validation rules.";
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_typed_components() {
        let c: Component = serde_json::from_value(json!({
            "id": "b", "component": "Button", "child": "t", "variant": "primary",
            "action": {"event": {"name": "go", "context": {"x": {"path": "/x"}}}},
            "checks": [{"condition": {"call": "required", "args": {"value": {"path": "/x"}}},
                        "message": "needed"}]
        }))
        .unwrap();
        let Ok(BasicComponent::Button(button)) = BasicComponent::from_component(&c) else {
            panic!("not a button");
        };
        assert_eq!(button.child, "t");
        assert_eq!(button.checks.len(), 1);
        assert!(matches!(button.action, Action::Event { ref name, .. } if name == "go"));
        let bad: Component =
            serde_json::from_value(json!({"id": "x", "component": "Card"})).unwrap();
        assert!(BasicComponent::from_component(&bad).is_err());
    }
}
