//! The drawer of one surface for one frame: walks the resolved tree and draws each node,
//! resolving its properties in its scope.

use egui::{Color32, Id, Response, RichText, Ui};
use mcpapp_a2ui::{Child, Cut, Node, Surface, to_text};
use mcpapp_card::enums::{Color as ColorName, ContainerStyle, FontSize, FontType};
use serde_json::Value;

use super::output::SurfaceEvent;
use super::text::neutralise;
use crate::theme::Theme;

/// The space between the children of a row, column or list, in points.
pub(crate) const GAP: f32 = 8.0;

/// The surface theme's `primaryColor`, when it is a colour.
pub(crate) fn primary_color(surface: &Surface) -> Option<Color32> {
    surface
        .theme()
        .get("primaryColor")
        .and_then(Value::as_str)
        .and_then(mcpapp_card::host_config::Color::parse)
        .map(crate::theme::color32)
}

/// See the module docs.
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent facts of one frame's walk, not a state machine"
)]
pub(crate) struct Drawer<'s, 't> {
    pub(crate) theme: Theme<'t>,
    pub(crate) surface: &'s mut Surface,
    pub(crate) event: Option<SurfaceEvent>,
    pub(crate) changed: bool,
    pub(crate) disabled: bool,
    pub(crate) timestamp: Option<String>,
    /// Whether a button was clicked since this was last cleared (what a modal's trigger
    /// watches).
    pub(crate) clicked: bool,
    pub(crate) salt: Id,
    /// Whether the node being drawn is at its own width (an unweighted child of a row), so
    /// that it must not fill the width it is offered.
    pub(crate) natural: bool,
}

impl Drawer<'_, '_> {
    /// Draws the tree from `root`, or says why there is none.
    pub(crate) fn root(&mut self, ui: &mut Ui) {
        let tree = self.surface.tree();
        ui.spacing_mut().item_spacing = egui::Vec2::splat(GAP);
        match &tree.root {
            Some(root) => {
                self.node(ui, root);
            }
            None => {
                ui.label(self.subtle("Nothing to show yet: the surface has no `root` component."));
            }
        }
    }

    /// Draws one node, with its accessible name from `accessibility.label` when it has one.
    pub(crate) fn node(&mut self, ui: &mut Ui, node: &Node) -> Response {
        let response = match node.component.as_str() {
            "Text" => self.text(ui, node),
            "Image" => self.image(ui, node),
            "Icon" => self.icon(ui, node),
            "Video" | "AudioPlayer" => self.media(ui, node),
            "Row" => self.row(ui, node),
            "Column" => self.column(ui, node),
            "List" => self.list(ui, node),
            "Card" => self.card(ui, node),
            "Tabs" => self.tabs(ui, node),
            "Modal" => self.modal(ui, node),
            "Divider" => self.divider(ui, node),
            "Button" => self.button(ui, node),
            "TextField" => self.text_field(ui, node),
            "CheckBox" => self.check_box(ui, node),
            "ChoicePicker" => self.choice_picker(ui, node),
            "Slider" => self.slider(ui, node),
            "DateTimeInput" => self.date_time(ui, node),
            other => ui.label(self.subtle(&format!("(a `{other}` component is not shown)"))),
        };
        if let Some(label) = self.a11y(node, "label") {
            let description = self.a11y(node, "description");
            let enabled = response.enabled();
            let role = role_of(&node.component);
            response.widget_info(|| {
                let mut info = egui::WidgetInfo::labeled(role, enabled, &label);
                if let Some(d) = &description {
                    info.hint_text = Some(d.clone());
                }
                info
            });
        }
        response
    }

    /// Draws a child slot: the node, or a visible note for a gap.
    pub(crate) fn child(&mut self, ui: &mut Ui, child: &Child) -> Response {
        match child {
            Child::Node { node, .. } => self.node(ui, node),
            Child::Missing { id, .. } => ui.label(self.subtle(&format!("(`{id}` is missing)"))),
            Child::Cycle { id, .. } => ui.label(self.subtle(&format!("(`{id}` contains itself)"))),
            Child::Cut { reason, .. } => ui.label(self.subtle(&match reason {
                Cut::TooDeep => "(nested too deep to show)".to_owned(),
                Cut::TooManyNodes => "(too many components to show)".to_owned(),
                Cut::TemplateItems { omitted } => format!("({omitted} more items not shown)"),
            })),
        }
    }

    /// The child in a named slot (`/child`, `/trigger`, `/tabs/0/child`).
    pub(crate) fn slot<'n>(node: &'n Node, field: &str) -> Option<&'n Child> {
        node.children.iter().find(|c| child_field(c) == field)
    }

    /// An egui id for a node's view state, apart for each template copy.
    pub(crate) fn id_of(&self, node: &Node, what: &str) -> Id {
        self.salt.with((&node.id, node.scope.to_string(), what))
    }

    /// A property's value in the node's scope (`null` when absent or unresolvable).
    pub(crate) fn value(&self, node: &Node, property: &str) -> Value {
        self.surface
            .property(&node.id, property, &node.scope)
            .unwrap_or(Value::Null)
    }

    /// A property as text to show (neutralised).
    pub(crate) fn text_of(&self, node: &Node, property: &str) -> String {
        match self.value(node, property) {
            Value::Null => String::new(),
            v => neutralise(&to_text(&v)),
        }
    }

    /// A literal string property (`variant`, `justify`, …).
    pub(crate) fn word(&self, node: &Node, property: &str) -> Option<String> {
        self.surface
            .component(&node.id)
            .and_then(|c| c.properties.get(property))
            .and_then(Value::as_str)
            .map(str::to_owned)
    }

    /// A member of the node's `accessibility` attributes, resolved and neutralised.
    pub(crate) fn a11y(&self, node: &Node, member: &str) -> Option<String> {
        let raw = self
            .surface
            .component(&node.id)?
            .properties
            .get("accessibility")?
            .get(member)?;
        let text = self.surface.context(&node.scope).resolve_text(raw).ok()?;
        let text = neutralise(&text);
        (!text.trim().is_empty()).then_some(text)
    }

    /// The messages of the node's failing checks.
    pub(crate) fn failing_checks(&self, node: &Node) -> Vec<String> {
        self.surface
            .checks(&node.id, &node.scope)
            .map(|checks| {
                checks
                    .into_iter()
                    .filter(|c| !c.passed)
                    .map(|c| neutralise(&c.message))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The failing checks an input shows: none until the user has changed it (a form
    /// someone has not filled in yet is not wrong yet), or while it has no value.
    pub(crate) fn input_checks(&self, ui: &Ui, node: &Node) -> Vec<String> {
        let touched: bool = ui.data(|d| d.get_temp(self.id_of(node, "touched")).unwrap_or(false));
        let filled = !matches!(self.value(node, "value"), Value::Null)
            && !to_text(&self.value(node, "value")).is_empty();
        if touched || filled {
            self.failing_checks(node)
        } else {
            Vec::new()
        }
    }

    /// Shows the failing checks' messages under an input.
    pub(crate) fn show_checks(&self, ui: &mut Ui, failing: &[String]) {
        let color = self.color(ColorName::Attention, false);
        for message in failing {
            ui.label(
                RichText::new(message)
                    .color(color)
                    .size(self.size(FontSize::Small)),
            );
        }
    }

    /// Writes an input's new value where its `value` is bound, and marks the input touched.
    pub(crate) fn write(&mut self, ui: &Ui, node: &Node, value: Value) {
        let touched = self.id_of(node, "touched");
        ui.data_mut(|d| d.insert_temp(touched, true));
        if self
            .surface
            .set_bound(&node.id, "value", &node.scope, value)
            .is_ok()
        {
            self.changed = true;
        }
    }

    /// Records an event; the first of a frame wins.
    pub(crate) fn emit(&mut self, event: SurfaceEvent) {
        crate::draw::keep_first(&mut self.event, event);
    }

    /// A link to open, reported when the card link rule allows it.
    pub(crate) fn open_url(&mut self, url: &str) {
        if let Some(url) = crate::draw::openable_link(url) {
            self.emit(SurfaceEvent::OpenUrl { url });
        }
    }

    /// A text colour of the theme.
    pub(crate) fn color(&self, name: ColorName, subtle: bool) -> Color32 {
        self.theme.text_color(ContainerStyle::Default, name, subtle)
    }

    /// A font size of the theme.
    pub(crate) fn size(&self, size: FontSize) -> f32 {
        self.theme.font_id(FontType::Default, size).size
    }

    /// Subtle small text (notes about gaps, placeholders).
    pub(crate) fn subtle(&self, text: &str) -> RichText {
        RichText::new(text)
            .color(self.color(ColorName::Default, true))
            .size(self.size(FontSize::Small))
    }
}

/// The field a child slot was referenced from.
fn child_field(child: &Child) -> &str {
    match child {
        Child::Node { field, .. }
        | Child::Missing { field, .. }
        | Child::Cycle { field, .. }
        | Child::Cut { field, .. } => field,
    }
}

/// The accessible role of a component type.
fn role_of(component: &str) -> egui::Role {
    match component {
        "Text" => egui::Role::Label,
        "Image" | "Icon" => egui::Role::Image,
        "Video" => egui::Role::Video,
        "AudioPlayer" => egui::Role::Audio,
        "List" => egui::Role::List,
        "Tabs" => egui::Role::TabList,
        "Modal" => egui::Role::Dialog,
        "Divider" => egui::Role::Splitter,
        "Button" => egui::Role::Button,
        "TextField" | "DateTimeInput" => egui::Role::TextInput,
        "CheckBox" => egui::Role::CheckBox,
        "ChoicePicker" => egui::Role::RadioGroup,
        "Slider" => egui::Role::Slider,
        _ => egui::Role::Group,
    }
}
