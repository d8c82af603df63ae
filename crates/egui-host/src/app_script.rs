//! A person's steps on a native app, given ahead (`mcpapp connect --fill/--press`): fill
//! fields, then press one button, once the tool's result is shown. A field or button that is
//! not there yet is waited for (a result can come after the view), up to [`SCRIPT_WAIT`]; a
//! check that stops the press is a step like the others, as the user would see it at the
//! field, not a failure.

use std::time::{Duration, Instant};

use serde_json::{Map, Value};

use crate::{EguiHostError, HostedApp};

/// The longest wait for the fields and the button after the result came.
pub const SCRIPT_WAIT: Duration = Duration::from_secs(10);

/// One step an [`AppScript`] did.
#[derive(Debug)]
#[non_exhaustive]
pub enum ScriptStep {
    /// The field of this id was filled.
    Filled(String),
    /// The button of this label was pressed and its action sent.
    Pressed(String),
    /// The button was pressed, and a check of the app or its lock stopped the action
    /// ([`EguiHostError::Blocked`] or [`EguiHostError::NotSent`]).
    Stopped(String, EguiHostError),
}

/// Fields to fill and a button to press, done once the app shows its result.
#[derive(Debug, Default)]
pub struct AppScript {
    fill: Map<String, Value>,
    press: Option<String>,
    /// Set when the tool's result came: the script runs from then on.
    until: Option<Instant>,
}

impl AppScript {
    /// Fills the fields of `fill` (id to value), then presses the button labelled `press`.
    pub fn new(fill: Option<Map<String, Value>>, press: Option<String>) -> Self {
        Self {
            fill: fill.unwrap_or_default(),
            press,
            until: None,
        }
    }

    /// Whether nothing is left to do.
    pub fn is_done(&self) -> bool {
        self.fill.is_empty() && self.press.is_none()
    }

    /// Whether fields are still to be filled (else only the press may be left).
    pub fn is_filling(&self) -> bool {
        !self.fill.is_empty()
    }

    /// The tool's result came: the script may run, and waits at most [`SCRIPT_WAIT`] from now.
    pub fn result_came(&mut self) {
        if self.until.is_none() {
            self.until = Some(Instant::now() + SCRIPT_WAIT);
        }
    }

    /// Does what it can on `app`, telling `step` each thing done; `Err` when a field or the
    /// button did not come in time, or cannot be used.
    pub fn run(
        &mut self,
        app: &mut HostedApp,
        mut step: impl FnMut(ScriptStep),
    ) -> Result<(), EguiHostError> {
        let Some(until) = self.until else {
            return Ok(());
        };
        let late = Instant::now() >= until;
        let ids: Vec<String> = self.fill.keys().cloned().collect();
        for id in ids {
            let Some(value) = self.fill.get(&id) else {
                continue;
            };
            match app.fill(&id, value) {
                Ok(()) => {
                    self.fill.remove(&id);
                    step(ScriptStep::Filled(id));
                }
                Err(EguiHostError::NoSuchField(_)) if !late => return Ok(()),
                Err(e) => return Err(e),
            }
        }
        let Some(label) = self.press.clone() else {
            return Ok(());
        };
        match app.press(&label) {
            Ok(()) => step(ScriptStep::Pressed(label)),
            Err(EguiHostError::NoSuchButton(_)) if !late => return Ok(()),
            Err(e @ (EguiHostError::Blocked(_) | EguiHostError::NotSent(_))) => {
                step(ScriptStep::Stopped(label, e));
            }
            Err(e) => return Err(e),
        }
        self.press = None;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_script_waits_for_the_result_and_is_done_when_empty() {
        assert!(AppScript::new(None, None).is_done());
        let fill = json!({"email": "a@example.com"}).as_object().cloned();
        let mut script = AppScript::new(fill, Some("Book".into()));
        assert!(!script.is_done());
        assert_eq!(script.until, None, "nothing runs before the result");
        script.result_came();
        let until = script.until.unwrap();
        assert!(until > Instant::now() && until <= Instant::now() + SCRIPT_WAIT);
        // A second result does not move the deadline.
        script.result_came();
        assert_eq!(script.until, Some(until));
    }
}
