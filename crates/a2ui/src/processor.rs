//! The message processor: applies server messages, in order, to the surfaces they name.
//! A message the official schema rejects is not applied (the spec's validation boundary);
//! one that breaks the protocol's rules (a surface never created, a `createSurface` twice) is
//! refused with a finding; everything else is applied, bounded by [`Limits`].

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use crate::catalog::{Catalog, CatalogKind};
use crate::diagnostic::{Code, Diagnostic};
use crate::limits::{Limits, depth_exceeds};
use crate::lint::lint_message;
use crate::message::{CreateSurface, ServerMessage, UpdateComponents, UpdateDataModel};
use crate::pointer::Pointer;
use crate::schema::Schemas;
use crate::structure::lint_surface;
use crate::surface::Surface;

/// Surfaces built from a stream of messages. See the module docs.
#[derive(Debug, Clone, Default)]
pub struct Processor {
    surfaces: BTreeMap<String, Surface>,
    limits: Limits,
}

impl Processor {
    /// A processor with the default [`Limits`].
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// A processor with other bounds.
    #[must_use]
    pub fn with_limits(limits: Limits) -> Self {
        Self {
            surfaces: BTreeMap::new(),
            limits,
        }
    }

    /// The bounds in force.
    #[must_use]
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// A surface by id.
    #[must_use]
    pub fn surface(&self, id: &str) -> Option<&Surface> {
        self.surfaces.get(id)
    }

    /// A surface by id, to write inputs' values into its data model.
    pub fn surface_mut(&mut self, id: &str) -> Option<&mut Surface> {
        self.surfaces.get_mut(id)
    }

    /// Every live surface, by id.
    #[must_use]
    pub fn surfaces(&self) -> &BTreeMap<String, Surface> {
        &self.surfaces
    }

    /// The data models of the surfaces created with `sendDataModel`, by surface id: what a
    /// transport puts in a client message's metadata (`a2uiClientDataModel.surfaces`).
    #[must_use]
    pub fn client_data_model(&self) -> Map<String, Value> {
        self.surfaces
            .values()
            .filter(|s| s.send_data_model)
            .map(|s| (s.id.clone(), s.data.root().clone()))
            .collect()
    }

    /// The messages that rebuild every surface as it stands (its `createSurface`, its
    /// components, its whole data model): what a host saves, so that a surface comes back
    /// after a restart through the same checks as any stream ([`Self::apply_value`]).
    #[must_use]
    pub fn messages(&self) -> Vec<ServerMessage> {
        let mut out = Vec::with_capacity(self.surfaces.len() * 3);
        for surface in self.surfaces.values() {
            out.push(ServerMessage::CreateSurface(CreateSurface {
                surface_id: surface.id.clone(),
                catalog_id: surface.catalog_id.clone(),
                theme: (!surface.theme.is_empty()).then(|| surface.theme.clone()),
                send_data_model: surface.send_data_model.then_some(true),
                extra: Map::new(),
            }));
            if !surface.components.is_empty() {
                out.push(ServerMessage::UpdateComponents(UpdateComponents {
                    surface_id: surface.id.clone(),
                    components: surface.components.values().cloned().collect(),
                    extra: Map::new(),
                }));
            }
            out.push(ServerMessage::UpdateDataModel(UpdateDataModel {
                surface_id: surface.id.clone(),
                path: None,
                value: Some(surface.data.root().clone()),
                extra: Map::new(),
            }));
        }
        out
    }

    /// Checks a message's JSON (bounds, the official schema for the catalog of the surface
    /// it names, the rules a schema cannot see) and applies it when the schema accepts it.
    /// Findings carry `index` as their message index.
    pub fn apply_value(&mut self, value: Value, index: Option<usize>) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        if let Some(deep) = too_deep(&value, &self.limits) {
            return with_index(vec![deep], index);
        }
        let catalog = self.catalog_for(&value);
        let violations = Schemas::official().check_server(&value, catalog.kind());
        let valid = violations.is_empty();
        out.extend(
            violations
                .into_iter()
                .map(|v| Diagnostic::new(Code::Schema, v.pointer, v.message)),
        );
        lint_message(&value, catalog, &mut out);
        tidy(&mut out);
        if valid {
            match ServerMessage::from_owned(value) {
                Ok(message) => out.extend(self.apply_owned(message, index)),
                Err(e) => out.push(Diagnostic::new(Code::InvalidMessage, "", e.to_string())),
            }
        }
        with_index(out, index)
    }

    /// Applies a typed message (no schema check: the caller built or checked it).
    pub fn apply(&mut self, message: &ServerMessage) -> Vec<Diagnostic> {
        self.apply_at(message, None)
    }

    /// The findings about the surfaces' structure as they stand (a child id no component
    /// has, cycles, no `root`, a tree over its bounds): for the end of a stream, when
    /// forward references had their chance to arrive.
    pub fn finish(&self) -> Vec<Diagnostic> {
        self.surfaces.values().flat_map(lint_surface).collect()
    }

    fn catalog_for(&self, value: &Value) -> &'static Catalog {
        if let Some(id) = value
            .get("createSurface")
            .and_then(|b| b.get("catalogId"))
            .and_then(Value::as_str)
        {
            return Catalog::by_id(id).unwrap_or_else(Catalog::basic);
        }
        crate::message::SERVER_KINDS
            .iter()
            .find_map(|k| value.get(*k))
            .and_then(|b| b.get("surfaceId"))
            .and_then(Value::as_str)
            .and_then(|id| self.surfaces.get(id))
            .map_or_else(Catalog::basic, |s| s.catalog)
    }

    /// Applies a message it owns: a data model update's value is moved, not copied.
    fn apply_owned(&mut self, message: ServerMessage, index: Option<usize>) -> Vec<Diagnostic> {
        match message {
            ServerMessage::UpdateDataModel(m) if self.surfaces.contains_key(&m.surface_id) => {
                self.update_data(m)
            }
            other => self.apply_at(&other, index),
        }
    }

    fn apply_at(&mut self, message: &ServerMessage, index: Option<usize>) -> Vec<Diagnostic> {
        let id = message.surface_id();
        if !matches!(message, ServerMessage::CreateSurface(_)) && !self.surfaces.contains_key(id) {
            return vec![Diagnostic::new(
                Code::UnknownSurface,
                format!("/{}/surfaceId", message.kind()),
                format!("no surface `{id}` was created (or it was deleted)"),
            )];
        }
        match message {
            ServerMessage::CreateSurface(m) => self.create(m),
            ServerMessage::UpdateComponents(m) => self.update_components(m, index),
            ServerMessage::UpdateDataModel(m) => self.update_data(m.clone()),
            ServerMessage::DeleteSurface(m) => {
                self.surfaces.remove(&m.surface_id);
                Vec::new()
            }
        }
    }

    fn create(&mut self, m: &CreateSurface) -> Vec<Diagnostic> {
        if self.surfaces.contains_key(&m.surface_id) {
            return vec![Diagnostic::new(
                Code::SurfaceExists,
                "/createSurface/surfaceId",
                format!(
                    "the surface `{}` exists: delete it before creating it again",
                    m.surface_id
                ),
            )];
        }
        let mut out = Vec::new();
        let catalog = Catalog::by_id(&m.catalog_id).unwrap_or_else(|| {
            out.push(Diagnostic::new(
                Code::UnknownCatalog,
                "/createSurface/catalogId",
                format!(
                    "unknown catalog `{}`: the basic catalog is used",
                    m.catalog_id
                ),
            ));
            Catalog::basic()
        });
        let mut surface = Surface::new(
            m.surface_id.clone(),
            m.catalog_id.clone(),
            catalog,
            self.limits,
        );
        surface.theme = m.theme.clone().unwrap_or_default();
        surface.send_data_model = m.send_data_model.unwrap_or(false);
        self.surfaces.insert(m.surface_id.clone(), surface);
        out
    }

    fn update_components(&mut self, m: &UpdateComponents, index: Option<usize>) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        let max = self.limits.max_components;
        let Some(surface) = self.surfaces.get_mut(&m.surface_id) else {
            return out;
        };
        for (i, component) in m.components.iter().enumerate() {
            let known = surface.components.contains_key(&component.id);
            if !known && surface.components.len() >= max {
                out.push(Diagnostic::new(
                    Code::TooManyComponents,
                    format!("/updateComponents/components/{i}"),
                    format!(
                        "the surface has {max} components, its limit: {} more were refused",
                        m.components.len() - i
                    ),
                ));
                break;
            }
            if let Some(old) = surface.components.get(&component.id)
                && old.component != component.component
            {
                out.push(Diagnostic::new(
                    Code::TypeChanged,
                    format!("/updateComponents/components/{i}/component"),
                    format!(
                        "`{}` was a {} and is now a {}: it starts afresh",
                        component.id, old.component, component.component
                    ),
                ));
            }
            surface
                .components
                .insert(component.id.clone(), component.clone());
            surface.origins.insert(component.id.clone(), (index, i));
        }
        out
    }

    fn update_data(&mut self, m: UpdateDataModel) -> Vec<Diagnostic> {
        let Some(surface) = self.surfaces.get_mut(&m.surface_id) else {
            return Vec::new();
        };
        let pointer = match m.path.as_deref().map(Pointer::parse_absolute) {
            None => Pointer::root(),
            Some(Ok(pointer)) => pointer,
            // The lint has reported it.
            Some(Err(_)) => return Vec::new(),
        };
        let result = if let Some(value) = m.value {
            surface.write(&pointer, value)
        } else {
            surface.data.remove(&pointer);
            Ok(())
        };
        match result {
            Ok(()) => Vec::new(),
            Err(crate::A2uiError::Limit(reason)) => vec![Diagnostic::new(
                Code::DataTooLarge,
                "/updateDataModel/value",
                reason,
            )],
            Err(e) => vec![Diagnostic::new(
                Code::InvalidPointer,
                "/updateDataModel/path",
                e.to_string(),
            )],
        }
    }
}

/// The finding for a message that nests deeper than `limits` allow, checked before anything
/// else walks it.
fn too_deep(value: &Value, limits: &Limits) -> Option<Diagnostic> {
    depth_exceeds(value, limits.max_json_depth).then(|| {
        Diagnostic::new(
            Code::TooDeep,
            "",
            format!(
                "the message nests deeper than {} levels",
                limits.max_json_depth
            ),
        )
    })
}

fn with_index(diagnostics: Vec<Diagnostic>, index: Option<usize>) -> Vec<Diagnostic> {
    match index {
        Some(i) => diagnostics.into_iter().map(|d| d.in_message(i)).collect(),
        None => diagnostics,
    }
}

/// Checks one message on its own (bounds, schema, the rules a schema cannot see; not the
/// stream's rules, since no surface exists for it).
pub fn check_message(value: &Value) -> Vec<Diagnostic> {
    if let Some(deep) = too_deep(value, &Limits::default()) {
        return vec![deep];
    }
    let catalog = value
        .get("createSurface")
        .and_then(|b| b.get("catalogId"))
        .and_then(Value::as_str)
        .and_then(Catalog::by_id)
        .unwrap_or_else(Catalog::basic);
    let kind: CatalogKind = catalog.kind();
    let mut out: Vec<Diagnostic> = Schemas::official()
        .check_server(value, kind)
        .into_iter()
        .map(|v| Diagnostic::new(Code::Schema, v.pointer, v.message))
        .collect();
    lint_message(value, catalog, &mut out);
    tidy(&mut out);
    out
}

/// Checks one client-to-server message (`action` or `error`) against the official schema.
pub fn check_client_message(value: &Value) -> Vec<Diagnostic> {
    if let Some(deep) = too_deep(value, &Limits::default()) {
        return vec![deep];
    }
    Schemas::official()
        .check_client(value)
        .into_iter()
        .map(|v| Diagnostic::new(Code::Schema, v.pointer, v.message))
        .collect()
}

/// Drops schema findings inside a component or call whose type the catalog lacks: the schema
/// can only guess which type was meant, and the unknown type says it better.
fn tidy(out: &mut Vec<Diagnostic>) {
    let unknown: Vec<String> = out
        .iter()
        .filter(|d| matches!(d.code, Code::UnknownComponent | Code::UnknownFunction))
        .filter_map(|d| d.pointer.rsplit_once('/').map(|(base, _)| base.to_owned()))
        .collect();
    let within = |pointer: &str, base: &str| {
        pointer == base
            || pointer
                .strip_prefix(base)
                .is_some_and(|r| r.starts_with('/'))
    };
    out.retain(|d| d.code != Code::Schema || !unknown.iter().any(|base| within(&d.pointer, base)));
}
