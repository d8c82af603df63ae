//! `--fill` and `--press`: what a person would do with a native app, done once the tool's
//! result is shown. A field or button that is not there yet is waited for (a result can come
//! after the view), up to [`SCRIPT_WAIT`]; a check that stops the press is printed, as the
//! user would see it at the field.

use std::time::{Duration, Instant};

use mcpapp_egui_host::{EguiHostError, HostedApp};
use serde_json::{Map, Value};

use super::report::Report;

/// The longest wait for the fields and the button after the result came.
pub const SCRIPT_WAIT: Duration = Duration::from_secs(10);

/// What is left to do, and until when it may wait.
#[derive(Debug, Default)]
pub struct Script {
    fill: Map<String, Value>,
    press: Option<String>,
    /// Set when the tool's result came: the script runs from then on.
    until: Option<Instant>,
}

impl Script {
    /// The script of `--fill` and `--press`.
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

    /// The tool's result came: the script may run.
    pub fn result_came(&mut self) {
        if self.until.is_none() {
            self.until = Some(Instant::now() + SCRIPT_WAIT);
        }
    }

    /// Does what it can on `app`; `Err` when a field or the button did not come in time.
    pub fn run(&mut self, app: &mut HostedApp, out: &mut Report) -> Result<(), String> {
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
                    out.line(&format!("filled {id}"));
                    self.fill.remove(&id);
                }
                Err(EguiHostError::NoSuchField(_)) if !late => return Ok(()),
                Err(e) => return Err(format!("--fill: {e}")),
            }
        }
        let Some(label) = self.press.clone() else {
            return Ok(());
        };
        match app.press(&label) {
            Ok(()) => out.line(&format!("pressed {label}")),
            Err(EguiHostError::NoSuchButton(_)) if !late => return Ok(()),
            Err(e @ (EguiHostError::Blocked(_) | EguiHostError::NotSent(_))) => {
                out.line(&format!("pressed {label}: {e}"));
            }
            Err(e) => return Err(format!("--press: {e}")),
        }
        self.press = None;
        Ok(())
    }
}
