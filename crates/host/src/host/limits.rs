//! What one app may ask of the host: how fast it may send requests and notifications, and
//! how many of its calls on its server run at once. One app that floods the host is slowed
//! or refused with a clear answer; the other apps do not notice.

use std::collections::VecDeque;
use std::time::Instant;

use mcpapp_protocol::messages::{CloseWsApp, Initialized, RequestTeardown, SaveState, SizeChanged};
use mcpapp_protocol::{JsonRpcError, LoggingLevel, Notification as _};
use serde_json::Value;

use super::{AppHost, HostEvent, InstanceId, Output, ServerCall};

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
    /// they are dropped and counted, with one warning per burst; the newest `size-changed` is
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

/// A token bucket, refilled from the host's clock.
#[derive(Debug, Clone)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    fn full(rate: Rate, now: Instant) -> Self {
        Self {
            tokens: f64::from(rate.burst),
            at: now,
        }
    }

    fn refill(&mut self, rate: Rate, now: Instant) {
        let elapsed = now.saturating_duration_since(self.at).as_secs_f64();
        self.tokens =
            (self.tokens + elapsed * f64::from(rate.per_second)).min(f64::from(rate.burst));
        self.at = self.at.max(now);
    }

    /// Takes a token if there is one.
    fn take(&mut self, rate: Rate, now: Instant) -> bool {
        self.refill(rate, now);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
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
    requests: Bucket,
    notifications: Bucket,
    in_flight: usize,
    pub(super) waiting: VecDeque<Waiting>,
    /// Requests refused since the last one let through (0: no burst going on).
    refused: u64,
    /// Notifications dropped since the last one let through.
    dropped: u64,
    /// The newest `size-changed` held back by the rate limit.
    held_size: Option<(Option<f64>, Option<f64>)>,
}

impl Budget {
    pub(super) fn new(limits: &AppLimits, now: Instant) -> Self {
        Self {
            requests: Bucket::full(limits.requests, now),
            notifications: Bucket::full(limits.notifications, now),
            in_flight: 0,
            waiting: VecDeque::new(),
            refused: 0,
            dropped: 0,
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

/// Whether `method` is a notification the rate limit leaves alone: the lifecycle ones, which
/// come once and must never be lost, and `save-state`, coalesced by the save queue.
fn unmetered(method: &str) -> bool {
    [
        Initialized::METHOD,
        CloseWsApp::METHOD,
        RequestTeardown::METHOD,
        SaveState::METHOD,
    ]
    .contains(&method)
}

impl AppHost {
    /// Charges a request of `instance` to its rate; the error to answer it with when over.
    pub(super) fn admit_request(
        &mut self,
        instance: InstanceId,
        method: &str,
    ) -> Result<(), JsonRpcError> {
        let (now, rate) = (self.now, self.options.limits.requests);
        let Some(budget) = self.instances.get_mut(&instance).map(|i| &mut i.budget) else {
            return Ok(());
        };
        if budget.requests.take(rate, now) {
            let refused = std::mem::take(&mut budget.refused);
            if refused > 0 {
                self.log(
                    Some(instance),
                    LoggingLevel::Info,
                    format!("the app's request rate is back under the limit; {refused} requests were refused"),
                );
            }
            return Ok(());
        }
        budget.refused += 1;
        if budget.refused == 1 {
            tracing::warn!(
                ?instance,
                method,
                "an app sends requests over its rate limit"
            );
            self.log(
                Some(instance),
                LoggingLevel::Warning,
                format!(
                    "the app sends requests faster than {} a second (bursts of {}); they are refused until it slows down",
                    rate.per_second, rate.burst
                ),
            );
        }
        Err(JsonRpcError::server_error(format!(
            "rate limit: at most {} requests a second per app (bursts of {}); `{method}` was not run",
            rate.per_second, rate.burst
        )))
    }

    /// Charges a notification (or a malformed message) of `instance` to its rate.
    pub(super) fn admit_notification(&mut self, instance: InstanceId, method: &str) -> Admit {
        if unmetered(method) {
            return Admit::Yes;
        }
        let (now, rate) = (self.now, self.options.limits.notifications);
        let Some(budget) = self.instances.get_mut(&instance).map(|i| &mut i.budget) else {
            return Admit::Yes;
        };
        if budget.notifications.take(rate, now) {
            let dropped = std::mem::take(&mut budget.dropped);
            if dropped > 0 {
                self.log(
                    Some(instance),
                    LoggingLevel::Info,
                    format!("the app's notification rate is back under the limit; {dropped} notifications were dropped"),
                );
            }
            return Admit::Yes;
        }
        budget.dropped += 1;
        if budget.dropped == 1 {
            tracing::warn!(
                ?instance,
                method,
                "an app sends notifications over its rate limit"
            );
            self.log(
                Some(instance),
                LoggingLevel::Warning,
                format!(
                    "the app sends notifications faster than {} a second (bursts of {}); the excess is dropped until it slows down",
                    rate.per_second, rate.burst
                ),
            );
        }
        Admit::No
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
        let (now, rate) = (self.now, self.options.limits.notifications);
        let mut due = Vec::new();
        for (id, i) in &mut self.instances {
            if i.budget.held_size.is_some() && i.budget.notifications.take(rate, now) {
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
