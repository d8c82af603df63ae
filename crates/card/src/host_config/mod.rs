//! The host config: how a host draws cards (Adaptive Cards `HostConfig`).
//!
//! A card says *what* to show with names (`spacing: "medium"`, `color: "accent"`,
//! `style: "emphasis"`); the host config says what those names mean on this host: pixels,
//! font sizes and weights, colours. [`HostConfig`] is that mapping as plain data with every
//! value resolved, so a renderer never handles a missing key.
//!
//! - [`HostConfig::parse`] reads the official JSON format, the one the Adaptive Cards
//!   designer and the real hosts' files use. Reading is lenient: a missing key takes the
//!   official renderer's default; a key with a bad value (wrong type, unparsable colour,
//!   unknown name) takes it too and adds a [`HostConfigWarning`] with the value's JSON
//!   pointer; unknown keys are ignored; names and keys are read in any case. Only input that
//!   is not a JSON object at all is an error ([`Error`]).
//! - [`HostConfig::light`], [`HostConfig::dark`] and [`HostConfig::high_contrast`] are our
//!   built-in themes; [`HostConfig::adaptive_cards`] is the official defaults themselves.
//! - A host config serializes back to the JSON format, which reads back to the same value.
//!
//! Beyond the official keys there is one of ours: `cornerRadius` (pixels, default 4), the
//! rounding of buttons, inputs and styled containers.

#[macro_use]
mod section;
mod actions;
mod color;
mod container;
mod error;
mod fonts;
mod images;
mod inputs;
mod named;
mod reader;
mod spacing;
mod text;
mod themes;

use serde::Serialize;
use serde_json::Value;

pub use actions::{
    ActionAlignment, ActionsConfig, IconPlacement, Orientation, ShowCardActionMode, ShowCardConfig,
};
pub use color::Color;
pub use container::{
    ContainerStyleConfig, ContainerStyles, FontColorConfig, ForegroundColors, HighlightColors,
};
pub use error::HostConfigWarning;
pub use fonts::{FontSizes, FontTypeConfig, FontTypes, FontWeights};
pub use images::{ImageSetConfig, ImageSizes};
pub use inputs::{ErrorMessageConfig, InputLabelConfig, InputsConfig, LabelConfig};
pub use named::Preset;
pub use spacing::{SeparatorConfig, SpacingConfig, TableConfig};
pub use text::{FactSetConfig, TextConfig, TextStyleConfig, TextStyles};

use crate::Error;
use crate::enums::{
    Color as ColorName, ContainerStyle, FontSize, FontType, FontWeight, ImageSize, Spacing,
};
use reader::{Object, Reader};
use section::Section;

/// How a host draws cards: what each size, spacing, colour and style name means.
///
/// Every value is resolved; see the [module documentation](self) for reading one from JSON.
/// The field names follow the JSON keys (`fontTypes` is `font_types`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HostConfig {
    /// Whether actions and inputs work. A host that only shows cards (a notification, an
    /// image) sets it to `false`, and renderers leave actions and inputs out.
    pub supports_interactivity: bool,
    /// The default and monospace fonts.
    pub font_types: FontTypes,
    /// What each spacing name means.
    pub spacing: SpacingConfig,
    /// The line of `separator: true`.
    pub separator: SeparatorConfig,
    /// What each image size name means.
    pub image_sizes: ImageSizes,
    /// The colours of each container style.
    pub container_styles: ContainerStyles,
    /// Action buttons.
    pub actions: ActionsConfig,
    /// `FactSet` elements.
    pub fact_set: FactSetConfig,
    /// `ImageSet` elements.
    pub image_set: ImageSetConfig,
    /// `TextBlock` styles.
    pub text_styles: TextStyles,
    /// Input labels and error messages.
    pub inputs: InputsConfig,
    /// Tables.
    pub table: TableConfig,
    /// Our extension (`cornerRadius`): the corner radius in pixels of buttons, inputs and
    /// styled containers. The official renderers leave it to CSS; a native renderer needs a
    /// number.
    pub corner_radius: f32,
}

impl Default for HostConfig {
    /// The built-in light theme, [`HostConfig::light`].
    fn default() -> Self {
        Self::light()
    }
}

impl HostConfig {
    /// Reads a host config in the official JSON format; every key it lacks takes the
    /// official default ([`HostConfig::adaptive_cards`]). Returns it with a warning for each
    /// value that was ignored.
    pub fn parse(bytes: &[u8]) -> Result<(Self, Vec<HostConfigWarning>), Error> {
        Self::adaptive_cards().merge_json(bytes)
    }

    /// [`HostConfig::parse`], without the warnings.
    pub fn from_json(bytes: &[u8]) -> Result<Self, Error> {
        Self::parse(bytes).map(|(config, _)| config)
    }

    /// [`HostConfig::parse`] for JSON already read (a host config inside a larger document).
    pub fn parse_value(value: &Value) -> Result<(Self, Vec<HostConfigWarning>), Error> {
        Self::adaptive_cards().merge_value(value)
    }

    /// Reads a host config over this one: each key present replaces this one's value, each
    /// key absent (or bad, with a warning) keeps it. This is how a host adjusts a built-in
    /// theme with a small file: `HostConfig::dark().merge_json(br#"{"cornerRadius": 0}"#)`.
    pub fn merge_json(&self, bytes: &[u8]) -> Result<(Self, Vec<HostConfigWarning>), Error> {
        let value: Value =
            serde_json::from_slice(bytes).map_err(|e| Error::HostConfigNotJson(e.to_string()))?;
        self.merge_value(&value)
    }

    /// [`HostConfig::merge_json`] for JSON already read.
    pub fn merge_value(&self, value: &Value) -> Result<(Self, Vec<HostConfigWarning>), Error> {
        let Some(obj) = value.as_object() else {
            return Err(Error::HostConfigNotAnObject {
                found: reader::kind(value),
            });
        };
        let mut config = self.clone();
        let mut r = Reader::new();
        config.read(&mut r, obj);
        Ok((config, r.finish()))
    }

    fn read(&mut self, r: &mut Reader, obj: &Object) {
        r.bool(
            obj,
            "supportsInteractivity",
            &mut self.supports_interactivity,
        );
        // Before `fontTypes` (1.2), the default font was set by `fontFamily`, `fontSizes` and
        // `fontWeights` at the root; some real files still have them, alone or beside
        // `fontTypes`. They are read as the default font, which `fontTypes.default` then
        // overrides key by key.
        self.font_types.default.read(r, obj);
        r.section(obj, "fontTypes", &mut self.font_types);
        r.section(obj, "spacing", &mut self.spacing);
        r.section(obj, "separator", &mut self.separator);
        r.section(obj, "imageSizes", &mut self.image_sizes);
        r.section(obj, "containerStyles", &mut self.container_styles);
        // Some real files (Outlook, Viva Connections) put this at the root instead of under
        // `actions`; the official renderer misses it there, but the intent is plain.
        r.bool(
            obj,
            "preExpandSingleShowCardAction",
            &mut self.actions.pre_expand_single_show_card_action,
        );
        r.section(obj, "actions", &mut self.actions);
        r.section(obj, "factSet", &mut self.fact_set);
        r.section(obj, "imageSet", &mut self.image_set);
        r.section(obj, "textStyles", &mut self.text_styles);
        r.section(obj, "inputs", &mut self.inputs);
        r.section(obj, "table", &mut self.table);
        r.px(obj, "cornerRadius", &mut self.corner_radius);
    }

    /// The colours of a container style.
    pub fn container_style(&self, style: ContainerStyle) -> &ContainerStyleConfig {
        self.container_styles.get(style)
    }

    /// The pixels of a spacing name; `none` is 0.
    pub fn spacing_px(&self, spacing: Spacing) -> f32 {
        self.spacing.get(spacing)
    }

    /// The configuration of a font type.
    pub fn font_type(&self, font_type: FontType) -> &FontTypeConfig {
        self.font_types.get(font_type)
    }

    /// The size in pixels of a size name in a font type.
    pub fn font_size(&self, font_type: FontType, size: FontSize) -> f32 {
        self.font_type(font_type).font_sizes.get(size)
    }

    /// The CSS weight (400 normal, 700 bold) of a weight name in a font type.
    pub fn font_weight(&self, font_type: FontType, weight: FontWeight) -> u16 {
        self.font_type(font_type).font_weights.get(weight)
    }

    /// The width in pixels of an image size name; `None` for `auto` and `stretch`.
    pub fn image_size_px(&self, size: ImageSize) -> Option<f32> {
        self.image_sizes.get(size)
    }

    /// The colour of text of a colour name, subtle or not, inside a container style.
    pub fn text_color(&self, style: ContainerStyle, color: ColorName, is_subtle: bool) -> Color {
        self.container_style(style).text_color(color, is_subtle)
    }
}
