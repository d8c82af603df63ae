//! Building A2UI streams: a whole surface ([`SurfaceBuilder`]: `createSurface`, its components,
//! its first data) and later changes to one ([`Updates`]). Both check what they build against
//! the official schemas and the protocol's rules before handing it out.

use mcpapp_a2ui::catalog::BASIC_CATALOG_ID;
use mcpapp_a2ui::{
    Component, CreateSurface, DeleteSurface, Diagnostic, Processor, ServerMessage,
    UpdateComponents, UpdateDataModel,
};
use serde_json::{Map, Value};

use crate::Error;
use crate::a2ui::component::{IntoComponent, Spec};
use crate::signing::Signer;

/// Who signs the events of components, and for whom.
#[derive(Clone, Copy)]
struct Signing<'a> {
    signer: &'a Signer,
    subject: &'a str,
    now: u64,
}

/// A surface, built in order: its settings, its components (one of them `root`), its data.
///
/// ```
/// use mcpapp_server::a2ui::{Button, Column, Event, SurfaceBuilder, Text, TextField};
///
/// let messages = SurfaceBuilder::new("greeting")
///     .root(Column::new(["hello", "name", "send"]))
///     .add("hello", Text::new("Who are you?"))
///     .add("name", TextField::new("Name", "/name").required("Say your name."))
///     .add("send-label", Text::new("Send"))
///     .add("send", Button::new("send-label", Event::new("greet").input("name", "/name")))
///     .data("/name", "")
///     .build()?;
/// assert_eq!(messages.len(), 3); // createSurface, updateComponents, updateDataModel
/// # Ok::<(), mcpapp_server::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
#[must_use]
pub struct SurfaceBuilder {
    surface_id: String,
    theme: Map<String, Value>,
    send_data_model: Option<bool>,
    components: Vec<(String, Spec)>,
    data: Vec<(String, Value)>,
}

impl SurfaceBuilder {
    /// A surface `surface_id` of the basic catalog.
    pub fn new(surface_id: impl Into<String>) -> Self {
        Self {
            surface_id: surface_id.into(),
            theme: Map::new(),
            send_data_model: None,
            components: Vec::new(),
            data: Vec::new(),
        }
    }

    /// The theme's primary colour, `#RRGGBB`.
    pub fn primary_color(mut self, color: impl Into<String>) -> Self {
        self.theme
            .insert("primaryColor".to_owned(), Value::String(color.into()));
        self
    }

    /// The name shown next to the surface for the agent or tool that made it.
    pub fn agent_display_name(mut self, name: impl Into<String>) -> Self {
        self.theme
            .insert("agentDisplayName".to_owned(), Value::String(name.into()));
        self
    }

    /// Whether the client sends the surface's data model with every event
    /// (`_meta.a2ui.clientDataModel` of the call).
    pub fn send_data_model(mut self, send: bool) -> Self {
        self.send_data_model = Some(send);
        self
    }

    /// The root component (id `root`).
    pub fn root(self, component: impl IntoComponent) -> Self {
        self.add("root", component)
    }

    /// A component with id `id`.
    pub fn add(mut self, id: impl Into<String>, component: impl IntoComponent) -> Self {
        self.components.push((id.into(), component.into_spec()));
        self
    }

    /// Data written at `path` (a JSON pointer; `/` is the whole model) after the components.
    pub fn data(mut self, path: impl Into<String>, value: impl Into<Value>) -> Self {
        self.data.push((path.into(), value.into()));
        self
    }

    /// The stream, checked, with its events unsigned: for surfaces whose events carry no
    /// fixed values, or whose every event reads a signed template item.
    pub fn build(self) -> Result<Vec<ServerMessage>, Error> {
        self.build_with(None)
    }

    /// The stream, checked, with every event that carries no template item values signed by
    /// `signer` for `subject` at `now` (unix seconds).
    pub fn build_signed(
        self,
        signer: &Signer,
        subject: &str,
        now: u64,
    ) -> Result<Vec<ServerMessage>, Error> {
        self.build_with(Some(Signing {
            signer,
            subject,
            now,
        }))
    }

    fn build_with(self, signing: Option<Signing<'_>>) -> Result<Vec<ServerMessage>, Error> {
        let mut messages = vec![ServerMessage::CreateSurface(CreateSurface {
            surface_id: self.surface_id.clone(),
            catalog_id: BASIC_CATALOG_ID.to_owned(),
            theme: (!self.theme.is_empty()).then_some(self.theme),
            send_data_model: self.send_data_model,
            extra: Map::new(),
        })];
        messages.push(components_message(
            &self.surface_id,
            self.components,
            signing,
        )?);
        messages.extend(
            self.data
                .into_iter()
                .map(|(path, value)| data_message(&self.surface_id, path, Some(value))),
        );
        check_stream(&[], &messages)?;
        Ok(messages)
    }
}

/// Later messages for a surface already sent: data written or removed, components added or
/// replaced, or the surface deleted.
#[derive(Debug, Clone, PartialEq)]
#[must_use]
pub struct Updates {
    surface_id: String,
    steps: Vec<Step>,
}

#[derive(Debug, Clone, PartialEq)]
enum Step {
    Data(String, Option<Value>),
    Components(Vec<(String, Spec)>),
    Delete,
}

impl Updates {
    /// Updates of the surface `surface_id`.
    pub fn new(surface_id: impl Into<String>) -> Self {
        Self {
            surface_id: surface_id.into(),
            steps: Vec::new(),
        }
    }

    /// Writes `value` at `path`.
    pub fn data(mut self, path: impl Into<String>, value: impl Into<Value>) -> Self {
        self.steps.push(Step::Data(path.into(), Some(value.into())));
        self
    }

    /// Removes what is at `path`.
    pub fn remove(mut self, path: impl Into<String>) -> Self {
        self.steps.push(Step::Data(path.into(), None));
        self
    }

    /// Adds or replaces the component `id` (consecutive ones go in one message).
    pub fn add(mut self, id: impl Into<String>, component: impl IntoComponent) -> Self {
        let entry = (id.into(), component.into_spec());
        if let Some(Step::Components(list)) = self.steps.last_mut() {
            list.push(entry);
        } else {
            self.steps.push(Step::Components(vec![entry]));
        }
        self
    }

    /// Deletes the surface.
    pub fn delete(mut self) -> Self {
        self.steps.push(Step::Delete);
        self
    }

    /// The messages, checked as the continuation of `sent` (the stream that made the
    /// surface, as the client has it), events unsigned.
    pub fn build_after(self, sent: &[ServerMessage]) -> Result<Vec<ServerMessage>, Error> {
        self.build_with(sent, None)
    }

    /// [`Self::build_after`] with events signed as by [`SurfaceBuilder::build_signed`].
    pub fn build_signed_after(
        self,
        sent: &[ServerMessage],
        signer: &Signer,
        subject: &str,
        now: u64,
    ) -> Result<Vec<ServerMessage>, Error> {
        self.build_with(
            sent,
            Some(Signing {
                signer,
                subject,
                now,
            }),
        )
    }

    fn build_with(
        self,
        sent: &[ServerMessage],
        signing: Option<Signing<'_>>,
    ) -> Result<Vec<ServerMessage>, Error> {
        let mut messages = Vec::with_capacity(self.steps.len());
        for step in self.steps {
            messages.push(match step {
                Step::Data(path, value) => data_message(&self.surface_id, path, value),
                Step::Components(list) => components_message(&self.surface_id, list, signing)?,
                Step::Delete => delete_surface(&self.surface_id),
            });
        }
        check_stream(sent, &messages)?;
        Ok(messages)
    }
}

/// `deleteSurface` for `surface_id`.
#[must_use]
pub fn delete_surface(surface_id: &str) -> ServerMessage {
    ServerMessage::DeleteSurface(DeleteSurface {
        surface_id: surface_id.to_owned(),
        extra: Map::new(),
    })
}

fn data_message(surface_id: &str, path: String, value: Option<Value>) -> ServerMessage {
    ServerMessage::UpdateDataModel(UpdateDataModel {
        surface_id: surface_id.to_owned(),
        path: Some(path),
        value,
        extra: Map::new(),
    })
}

fn components_message(
    surface_id: &str,
    specs: Vec<(String, Spec)>,
    signing: Option<Signing<'_>>,
) -> Result<ServerMessage, Error> {
    let mut components: Vec<Component> = Vec::with_capacity(specs.len());
    for (id, spec) in specs {
        if components.iter().any(|c| c.id == id) {
            return Err(Error::DuplicateId(id));
        }
        let mut properties = spec.properties;
        if let Some(event) = spec.event {
            event.check(&id)?;
            let token = match signing {
                Some(s) if !event.takes_item_values() => {
                    Some(event.sign(s.signer, s.subject, s.now)?)
                }
                _ => None,
            };
            properties.insert("action".to_owned(), event.to_json(token.as_deref()));
        }
        components.push(Component {
            id,
            component: spec.kind.to_owned(),
            properties,
        });
    }
    Ok(ServerMessage::UpdateComponents(UpdateComponents {
        surface_id: surface_id.to_owned(),
        components,
        extra: Map::new(),
    }))
}

/// Runs `sent` then `new` through a processor, as a client would, and refuses `new` when
/// any of its messages (or the surfaces' structure at the end) has an error finding.
fn check_stream(sent: &[ServerMessage], new: &[ServerMessage]) -> Result<(), Error> {
    let mut processor = Processor::new();
    for message in sent {
        processor.apply(message);
    }
    let mut errors: Vec<Diagnostic> = Vec::new();
    for (index, message) in new.iter().enumerate() {
        let value = serde_json::to_value(message).map_err(|e| {
            Error::InvalidA2ui(vec![Diagnostic::new(
                mcpapp_a2ui::Code::InvalidMessage,
                "",
                e.to_string(),
            )])
        })?;
        errors.extend(
            processor
                .apply_value(value, Some(index))
                .into_iter()
                .filter(Diagnostic::is_error),
        );
    }
    errors.extend(processor.finish().into_iter().filter(Diagnostic::is_error));
    if errors.is_empty() {
        Ok(())
    } else {
        Err(Error::InvalidA2ui(errors))
    }
}
