//! What one app may ask of the host: how fast it may send requests and notifications, and
//! how many of its calls on its server run at once. One app that floods the host is slowed
//! or refused with a clear answer; the other apps do not notice.

use std::collections::VecDeque;
use std::time::Instant;

use mcpapp_protocol::messages::SizeChanged;
use mcpapp_protocol::{JsonRpcError, LoggingLevel, Notification as _};
use serde_json::Value;

use super::{AppHost, HostEvent, InstanceId, Output, ServerCall};
use crate::door::{Door, Shed, ShedLog, ShedReport, rate_refusal};

/// A token bucket's terms: `burst` messages at once, then `per_second` on average.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rate {
    /// How many messages may come at once after a quiet time.
    pub burst: u32,
    /// How many messages a second may come on average (the bucket's refill).
    pub per_second: u32,
}

/// What one app (one view) may ask of the host; part of
/// [`HostOptions`](super::HostOptions). The defaults are far above what a card or a
/// well-behaved HTML app needs, and low enough that a flooding app costs the host and the
/// other apps little.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AppLimits {
    /// How many of an app's server calls (`tools/call`, `resources/read`) run at once; 4.
    /// Each holds a request on its server (often a single-process stdio server shared by
    /// every app of that server), so more would only queue there.
    pub max_calls_in_flight: usize,
    /// How many more calls wait for one of those to finish; 16. A call beyond these is
    /// answered at once with an error naming the limit. Waiting absorbs the burst of an app
    /// that loads several things at start.
    pub max_calls_waiting: usize,
    /// Requests of any method (burst 40, 20 a second). Over the limit a request is answered
    /// with an error naming the limit, and not run.
    pub requests: Rate,
    /// Notifications other than the lifecycle ones (`initialized`, `close-ws-app`,
    /// `request-teardown`) and `save-state` (whose writes are coalesced instead): logs, size
    /// changes, unknown ones, and malformed messages (burst 100, 50 a second). Over the limit
    /// they are dropped and counted, reported once per app per ten seconds with the counts
    /// ([`SHED_REPORT_INTERVAL`](crate::SHED_REPORT_INTERVAL)); the newest `size-changed` is
    /// kept and told when the bucket refills, so the size the embedder knows is never stale.
    pub notifications: Rate,
}

impl Default for AppLimits {
    fn default() -> Self {
        Self {
            max_calls_in_flight: 4,
            max_calls_waiting: 16,
            requests: Rate {
                burst: 40,
                per_second: 20,
            },
            notifications: Rate {
                burst: 100,
                per_second: 50,
            },
        }
    }
}

/// A server call of an app waiting for one of its calls in flight to finish.
#[derive(Debug, Clone)]
pub(super) struct Waiting {
    server: String,
    request: Value,
    call: ServerCall,
}

/// Where one app stands against its [`AppLimits`].
#[derive(Debug, Clone)]
pub(super) struct Budget {
    /// The app's rates, charged here unless its port applies them where its messages enter.
    door: Door,
    /// Whether the view's port applies the rates itself ([`ViewPort::meter`]): the host
    /// then lets its messages through and reports what the port shed.
    ///
    /// [`ViewPort::meter`]: crate::ViewPort::meter
    at_door: bool,
    in_flight: usize,
    pub(super) waiting: VecDeque<Waiting>,
    /// What was shed and not yet reported, and when the last report went out.
    shed_log: ShedLog,
    /// The newest `size-changed` held back by the rate limit.
    held_size: Option<(Option<f64>, Option<f64>)>,
}

impl Budget {
    /// How many of the app's calls to its server run now.
    pub(super) fn calls_in_flight(&self) -> usize {
        self.in_flight
    }

    pub(super) fn new(limits: &AppLimits, now: Instant) -> Self {
        Self {
            door: Door::new(limits, now),
            at_door: false,
            in_flight: 0,
            waiting: VecDeque::new(),
            shed_log: ShedLog::default(),
            held_size: None,
        }
    }
}

/// What the notification limit does with one notification.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Admit {
    /// Handle it.
    Yes,
    /// Drop it (counted).
    No,
}

impl AppHost {
    /// Charges a request of `instance` to its rate; the error to answer it with when over.
    pub(super) fn admit_request(
        &mut self,
        instance: InstanceId,
        method: &str,
    ) -> Result<(), JsonRpcError> {
        let now = self.now;
        let Some(budget) = self.instances.get_mut(&instance).map(|i| &mut i.budget) else {
            return Ok(());
        };
        if budget.at_door || budget.door.admit_request(now) {
            return Ok(());
        }
        let rate = budget.door.requests_rate();
        tracing::debug!(?instance, method, "refused a request over the app's rate");
        let shed = budget.door.take_shed();
        self.shed_at_door(instance, shed);
        Err(rate_refusal(rate, method))
    }

    /// Charges a notification (or a malformed message) of `instance` to its rate.
    pub(super) fn admit_notification(&mut self, instance: InstanceId, method: &str) -> Admit {
        let now = self.now;
        let Some(budget) = self.instances.get_mut(&instance).map(|i| &mut i.budget) else {
            return Admit::Yes;
        };
        if budget.at_door || budget.door.admit_notification(method, now) {
            return Admit::Yes;
        }
        let shed = budget.door.take_shed();
        self.shed_at_door(instance, shed);
        Admit::No
    }

    /// `instance`'s port applies the app's rates where its messages enter
    /// ([`ViewPort::meter`](crate::ViewPort::meter)): the host no longer charges them.
    pub fn metered_at_door(&mut self, instance: InstanceId) {
        if let Some(i) = self.instances.get_mut(&instance) {
            i.budget.at_door = true;
        }
    }

    /// What `instance`'s port shed where its messages entered (or the host's own refusals):
    /// reported to the user at once for the first of a flood, then summed up at most once per
    /// [`SHED_REPORT_INTERVAL`](crate::SHED_REPORT_INTERVAL) with the counts.
    pub fn shed_at_door(&mut self, instance: InstanceId, shed: Shed) {
        let now = self.now;
        let Some(budget) = self.instances.get_mut(&instance).map(|i| &mut i.budget) else {
            return;
        };
        if let Some(report) = budget.shed_log.add(shed, now) {
            let (requests, notifications) = (
                budget.door.requests_rate(),
                budget.door.notifications_rate(),
            );
            self.report_shed(instance, &report, requests, notifications);
        }
    }

    /// Reports the shed counts whose time has come (on the clock, so a flood's end is told).
    pub(super) fn report_due_sheds(&mut self) {
        let now = self.now;
        let mut due = Vec::new();
        for (id, i) in &mut self.instances {
            if let Some(report) = i.budget.shed_log.due(now) {
                let rates = (
                    i.budget.door.requests_rate(),
                    i.budget.door.notifications_rate(),
                );
                due.push((*id, report, rates));
            }
        }
        for (instance, report, (requests, notifications)) in due {
            self.report_shed(instance, &report, requests, notifications);
        }
    }

    fn report_shed(
        &mut self,
        instance: InstanceId,
        report: &ShedReport,
        requests: Rate,
        notifications: Rate,
    ) {
        let text = report.describe(requests, notifications);
        tracing::warn!(?instance, "{text}");
        self.log(Some(instance), LoggingLevel::Warning, text);
    }

    /// An app's `size-changed`, already clamped: told now, or held (only the newest) until
    /// the rate limit lets it through.
    pub(super) fn size_changed(
        &mut self,
        instance: InstanceId,
        width: Option<f64>,
        height: Option<f64>,
    ) {
        if self.admit_notification(instance, SizeChanged::METHOD) == Admit::Yes {
            self.event(HostEvent::SizeChanged {
                instance,
                width,
                height,
            });
        } else if let Some(i) = self.instances.get_mut(&instance) {
            i.budget.held_size = Some((width, height));
        }
    }

    /// Tells the sizes held back by the rate limit whose bucket has refilled (on the clock).
    pub(super) fn release_held_sizes(&mut self) {
        let now = self.now;
        let mut due = Vec::new();
        for (id, i) in &mut self.instances {
            if i.budget.held_size.is_some() && i.budget.door.try_notification(now) {
                due.extend(i.budget.held_size.take().map(|(w, h)| (*id, w, h)));
            }
        }
        for (instance, width, height) in due {
            self.event(HostEvent::SizeChanged {
                instance,
                width,
                height,
            });
        }
    }

    /// Asks the embedder to make `call` on `server` for `instance`'s request `request`: now if
    /// fewer than [`AppLimits::max_calls_in_flight`] of its calls run, else after them; the
    /// error to answer with when the waiting line is full too.
    pub(super) fn call_server(
        &mut self,
        instance: InstanceId,
        server: String,
        request: Value,
        call: ServerCall,
    ) -> Result<(), JsonRpcError> {
        let limits = self.options.limits;
        let Some(budget) = self.instances.get_mut(&instance).map(|i| &mut i.budget) else {
            return Ok(());
        };
        if budget.in_flight < limits.max_calls_in_flight {
            budget.in_flight += 1;
            self.outputs.push_back(Output::ToServer {
                instance,
                server,
                request,
                call,
            });
            Ok(())
        } else if budget.waiting.len() < limits.max_calls_waiting {
            budget.waiting.push_back(Waiting {
                server,
                request,
                call,
            });
            Ok(())
        } else {
            let what = match &call {
                ServerCall::CallTool { name, .. } => format!("tools/call `{name}`"),
                ServerCall::ReadResource { uri } => format!("resources/read `{uri}`"),
                ServerCall::ListResources { .. } => "resources/list".to_owned(),
                ServerCall::Sample { .. } => "sampling/createMessage".to_owned(),
            };
            Err(JsonRpcError::server_error(format!(
                "too many calls in flight: at most {} per app, and {} more waiting; this {what} was not run",
                limits.max_calls_in_flight, limits.max_calls_waiting
            )))
        }
    }

    /// One of `instance`'s calls has finished: the next waiting one goes out.
    pub(super) fn call_finished(&mut self, instance: InstanceId) {
        let Some(budget) = self.instances.get_mut(&instance).map(|i| &mut i.budget) else {
            return;
        };
        budget.in_flight = budget.in_flight.saturating_sub(1);
        if let Some(next) = budget.waiting.pop_front() {
            budget.in_flight += 1;
            self.outputs.push_back(Output::ToServer {
                instance,
                server: next.server,
                request: next.request,
                call: next.call,
            });
        }
    }
}
