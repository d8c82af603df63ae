//! A2UI events coming back as `tools/call`, verified as card actions are: the call read back
//! by [`mcpapp_a2ui::mcp::action_of_call`] (the one written-down mapping), its signed context
//! checked by the [`Signer`] (values as signed, tool, subject, expiry, no argument but the
//! event's inputs), and the user's inputs checked again by the rules of the surface the
//! server sent. The replay check is the caller's last step, [`VerifiedAction::consume`], so
//! that a user whose inputs were refused can correct them and press the same button again.

use mcpapp_a2ui::mcp::{CalledAction, action_of_call};
use mcpapp_a2ui::{Pointer, Processor, ServerMessage};
use serde_json::{Map, Value};

use crate::Rejection;
use crate::a2ui::event::Event;
use crate::inputs::FieldError;
use crate::signing::{Signer, VerifiedAction};

/// An event whose signed context was verified.
#[derive(Debug, Clone, PartialEq)]
pub struct VerifiedEvent {
    /// The signed values and the user's inputs, apart; spend it with
    /// [`VerifiedAction::consume`] just before acting.
    pub action: VerifiedAction,
    /// The call read back: the `action` message (surface, component, time) and the route.
    pub called: CalledAction,
}

/// Verifies a `tools/call` of `tool` with `arguments` and `meta` (the call's `_meta`) made by
/// `subject` at `now`: the event it carries, by its name, and its signed context. Nothing is
/// spent: see the module docs.
pub fn verify_event_call(
    signer: &Signer,
    tool: &str,
    arguments: &Map<String, Value>,
    meta: Option<&Map<String, Value>>,
    subject: &str,
    now: u64,
) -> Result<VerifiedEvent, Rejection> {
    let called =
        action_of_call(tool, arguments, meta).map_err(|e| Rejection::BadAction(e.to_string()))?;
    let action = signer.check(&called.action.name, &called.action.context, subject, now)?;
    Ok(VerifiedEvent { action, called })
}

/// Checks the user's `inputs` to `event` again, on the server, by the rules of the surface
/// `surface_id` as `sent`: each input is written where the event binds it, and every check of
/// every component showing that data must pass. An input the event does not have is refused.
pub fn check_event_inputs(
    sent: &[ServerMessage],
    surface_id: &str,
    event: &Event,
    inputs: &Map<String, Value>,
) -> Result<(), Rejection> {
    if let Some(extra) = inputs
        .keys()
        .find(|k| !event.inputs().any(|(key, _)| key == *k))
    {
        return Err(Rejection::UnexpectedInput(extra.clone()));
    }
    let mut processor = Processor::new();
    for message in sent {
        processor.apply(message);
    }
    let invalid = |field: &str, message: String| {
        Rejection::InvalidInput(vec![FieldError {
            field: field.to_owned(),
            message,
        }])
    };
    let Some(surface) = processor.surface_mut(surface_id) else {
        return Err(invalid(
            "(surface)",
            format!("the server sent no surface `{surface_id}`"),
        ));
    };
    let root = Pointer::root();
    let mut errors = Vec::new();
    for (key, path) in event.inputs() {
        let value = inputs.get(key).cloned().unwrap_or(Value::Null);
        if let Err(e) = surface.set_path(&root, path, value) {
            errors.push(FieldError {
                field: key.to_owned(),
                message: e.to_string(),
            });
        }
    }
    let surface = &*surface;
    for (id, component) in surface.components() {
        let bound = component
            .properties
            .get("value")
            .and_then(|v| v.get("path"))
            .and_then(Value::as_str);
        let Some((key, _)) = bound.and_then(|b| event.inputs().find(|(_, path)| *path == b)) else {
            continue;
        };
        let outcomes = surface
            .checks(id, &root)
            .map_err(|e| invalid(key, e.to_string()))?;
        errors.extend(
            outcomes
                .into_iter()
                .filter(|o| !o.passed)
                .map(|o| FieldError {
                    field: key.to_owned(),
                    message: o.message,
                }),
        );
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(Rejection::InvalidInput(errors))
    }
}
