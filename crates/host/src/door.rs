//! The door: an app's rate limits applied where its messages enter, before any queue.
//!
//! [`AppHost`](crate::AppHost) charges each view's requests and notifications to its
//! [`AppLimits`]. A transport that reads an app's messages faster than the host handles them
//! (the HTML bridge reads a WebSocket at line rate) applies the same [`Door`] as it reads: a
//! request over the rate is answered there with the host's own error, a notification over it
//! is dropped and counted ([`Shed`]), and only what the app may send waits in the port. So the
//! excess of a flood never queues in front of the app's later messages, and an app that stops
//! flooding is heard again at once. The port tells the host that it does so
//! ([`ViewPort::meter`](crate::ViewPort::meter)); the host then does not charge those messages
//! again, and reports what the door shed ([`ViewPort::take_shed`](crate::ViewPort::take_shed))
//! as it reports its own refusals: one warning per app per [`SHED_REPORT_INTERVAL`].

use std::time::{Duration, Instant};

use mcpapp_protocol::messages::{
    CloseWsApp, Initialized, RequestTeardown, SandboxLimitsParams, SandboxRate, SaveState,
    SizeChanged,
};
use mcpapp_protocol::{JsonRpcError, Message, Notification as _, RequestId};
use serde::Deserialize as _;
use serde_json::Value;

use crate::{AppLimits, Rate};

/// How often at most the host warns about one app's shed messages. The first refusal of a
/// flood is reported at once; what follows is summed up with its counts at most this often,
/// so a flood costs the user a line every ten seconds, not one per burst.
pub const SHED_REPORT_INTERVAL: Duration = Duration::from_secs(10);

/// The longest method name a refusal repeats (the app wrote it; it goes back only to the app).
const METHOD_IN_REFUSAL: usize = 100;

/// What a door shed since it was last asked: messages over the app's rates, refused or
/// dropped where they entered.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Shed {
    /// Requests answered with the rate-limit error instead of being run.
    pub requests_refused: u64,
    /// Notifications (and malformed messages) dropped.
    pub notifications_dropped: u64,
}

impl Shed {
    /// Whether nothing was shed.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.requests_refused == 0 && self.notifications_dropped == 0
    }

    /// Adds `other`'s counts to these (saturating).
    pub fn add(&mut self, other: Shed) {
        self.requests_refused = self.requests_refused.saturating_add(other.requests_refused);
        self.notifications_dropped = self
            .notifications_dropped
            .saturating_add(other.notifications_dropped);
    }
}

/// What a door does with one message.
#[derive(Debug, Clone, PartialEq)]
pub enum Admission {
    /// Within the app's rates (or never metered): pass it on.
    Pass,
    /// A request over the rate: send this error response back to the app, and nothing on.
    Refuse(Value),
    /// A notification over the rate: drop it (counted).
    Drop,
}

/// A token bucket, refilled from the caller's clock.
#[derive(Debug, Clone)]
pub(crate) struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    pub(crate) fn full(rate: Rate, now: Instant) -> Self {
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

    /// When the bucket holds a whole token again (now, if it does).
    fn next_token(&self, rate: Rate) -> Instant {
        let missing = (1.0 - self.tokens).max(0.0);
        let per_second = f64::from(rate.per_second.max(1));
        self.at + Duration::from_secs_f64((missing / per_second).min(3600.0))
    }

    /// Takes a token if there is one.
    pub(crate) fn take(&mut self, rate: Rate, now: Instant) -> bool {
        self.refill(rate, now);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Whether `method` is a notification the rate limit leaves alone: the lifecycle ones, which
/// come once and must never be lost, and `save-state`, coalesced by the host's save queue.
#[must_use]
pub fn unmetered(method: &str) -> bool {
    UNMETERED.contains(&method)
}

/// The notifications no rate limit drops (see [`unmetered`]); the sandbox proxy gets the same
/// list.
pub const UNMETERED: [&str; 4] = [
    Initialized::METHOD,
    CloseWsApp::METHOD,
    RequestTeardown::METHOD,
    SaveState::METHOD,
];

/// The error a request over `rate` is answered with; `method` is the request's.
#[must_use]
pub fn rate_refusal(rate: Rate, method: &str) -> JsonRpcError {
    let method: String = method.chars().take(METHOD_IN_REFUSAL).collect();
    JsonRpcError::server_error(format!(
        "rate limit: at most {} requests a second per app (bursts of {}); `{method}` was not run",
        rate.per_second, rate.burst
    ))
}

/// `limits` as the sandbox proxy applies them (`ui/notifications/sandbox-limits`): the same
/// rates, the same unmetered notifications and the same refusal as a [`Door`].
#[must_use]
pub fn proxy_limits(limits: &AppLimits) -> SandboxLimitsParams {
    let rate = |r: Rate| SandboxRate {
        burst: r.burst,
        per_second: r.per_second,
    };
    SandboxLimitsParams {
        requests: rate(limits.requests),
        notifications: rate(limits.notifications),
        unmetered: UNMETERED.iter().map(|m| (*m).to_owned()).collect(),
        refusal: rate_refusal(limits.requests, "{method}"),
    }
}

/// An app's rate limits applied to its messages one at a time, as they enter. See the module
/// docs.
#[derive(Debug, Clone)]
pub struct Door {
    /// The rates as the app's limits state them (and refusals name).
    requests_rate: Rate,
    notifications_rate: Rate,
    /// The rates the buckets apply: the stated ones plus any [`Self::with_slack`].
    requests_applied: Rate,
    notifications_applied: Rate,
    requests: Bucket,
    notifications: Bucket,
    shed: Shed,
    /// The newest `size-changed` over the rate: told once the bucket refills, so the size the
    /// host knows is never stale.
    held_size: Option<Value>,
}

impl Door {
    /// A door with `limits`' rates, both buckets full at `now`.
    #[must_use]
    pub fn new(limits: &AppLimits, now: Instant) -> Self {
        Self {
            requests_rate: limits.requests,
            notifications_rate: limits.notifications,
            requests_applied: limits.requests,
            notifications_applied: limits.notifications,
            requests: Bucket::full(limits.requests, now),
            notifications: Bucket::full(limits.notifications, now),
            shed: Shed::default(),
            held_size: None,
        }
    }

    /// The same door with `extra` more messages of burst in each bucket: for a backstop
    /// behind another door with the same rates (the HTML bridge behind its sandbox proxy),
    /// which must not refuse what the first let through only because transit bunched it up.
    #[must_use]
    pub fn with_slack(mut self, extra: u32) -> Self {
        let slack = |r: Rate| Rate {
            burst: r.burst.saturating_add(extra),
            per_second: r.per_second,
        };
        self.requests_applied = slack(self.requests_rate);
        self.notifications_applied = slack(self.notifications_rate);
        self.requests = Bucket::full(self.requests_applied, self.requests.at);
        self.notifications = Bucket::full(self.notifications_applied, self.notifications.at);
        self
    }

    /// The request rate this door applies.
    #[must_use]
    pub fn requests_rate(&self) -> Rate {
        self.requests_rate
    }

    /// The notification rate this door applies.
    #[must_use]
    pub fn notifications_rate(&self) -> Rate {
        self.notifications_rate
    }

    /// What to do with `message`, read from the app at `now`, by its shape: a request (method
    /// and id) is charged to the request rate, a notification (method, no id) and anything
    /// that is no JSON-RPC message at all to the notification rate, unless it is
    /// [`unmetered`]; answers to the host's own requests always pass.
    pub fn admit(&mut self, message: &Value, now: Instant) -> Admission {
        let method = message.get("method").and_then(Value::as_str);
        let id = message.get("id").filter(|id| !id.is_null());
        match (method, id) {
            (Some(method), Some(id)) => {
                if self.admit_request(now) {
                    return Admission::Pass;
                }
                // An id the envelope would not accept gets no answer: the host would drop the
                // message as malformed too.
                match RequestId::deserialize(id) {
                    Ok(id) => Admission::Refuse(
                        Message::error(Some(id), rate_refusal(self.requests_rate, method))
                            .to_value(),
                    ),
                    Err(_) => Admission::Drop,
                }
            }
            (Some(method), None) => {
                if self.admit_notification(method, now) {
                    if method == SizeChanged::METHOD {
                        // A size told now makes any held one stale.
                        self.held_size = None;
                    }
                    Admission::Pass
                } else {
                    if method == SizeChanged::METHOD {
                        self.held_size = Some(message.clone());
                    }
                    Admission::Drop
                }
            }
            (None, _) if is_answer(message) => Admission::Pass,
            (None, _) => {
                if self.admit_notification("", now) {
                    Admission::Pass
                } else {
                    Admission::Drop
                }
            }
        }
    }

    /// Charges a request at `now`; `false` (counted) when it is over the rate.
    pub fn admit_request(&mut self, now: Instant) -> bool {
        if self.requests.take(self.requests_applied, now) {
            true
        } else {
            self.shed.requests_refused = self.shed.requests_refused.saturating_add(1);
            false
        }
    }

    /// Charges a notification of `method` at `now`; `false` (counted) when it is over the
    /// rate. [`Unmetered`](unmetered) ones always pass.
    pub fn admit_notification(&mut self, method: &str, now: Instant) -> bool {
        if unmetered(method) || self.notifications.take(self.notifications_applied, now) {
            true
        } else {
            self.shed.notifications_dropped = self.shed.notifications_dropped.saturating_add(1);
            false
        }
    }

    /// Takes a notification token without counting a drop when there is none: for what the
    /// host held back (the newest `size-changed`) and tells once the bucket refills.
    pub(crate) fn try_notification(&mut self, now: Instant) -> bool {
        self.notifications.take(self.notifications_applied, now)
    }

    /// The `size-changed` held back by the rate, once the bucket has a token for it: the
    /// transport passes it on then. See [`Self::held_due`] for when to ask.
    pub fn release_held(&mut self, now: Instant) -> Option<Value> {
        if self.held_size.is_some() && self.notifications.take(self.notifications_applied, now) {
            self.held_size.take()
        } else {
            None
        }
    }

    /// When a held `size-changed` can go ([`Self::release_held`]); `None` when none is held.
    #[must_use]
    pub fn held_due(&self) -> Option<Instant> {
        self.held_size.as_ref()?;
        Some(self.notifications.next_token(self.notifications_applied))
    }

    /// What was shed since the last call, counted from zero again.
    pub fn take_shed(&mut self) -> Shed {
        std::mem::take(&mut self.shed)
    }
}

/// Whether `message` is an answer (a result or an error for an id), which no limit holds.
fn is_answer(message: &Value) -> bool {
    message.get("id").is_some()
        && (message.get("result").is_some() || message.get("error").is_some())
}

/// How the host reports one app's shed messages: at once for the first of a flood, then
/// summed up at most once per [`SHED_REPORT_INTERVAL`].
#[derive(Debug, Clone, Default)]
pub(crate) struct ShedLog {
    /// When the last report went out.
    reported_at: Option<Instant>,
    /// Shed since that report.
    pending: Shed,
}

impl ShedLog {
    /// Counts `shed` at `now`; the counts to report now, if a report is due.
    pub(crate) fn add(&mut self, shed: Shed, now: Instant) -> Option<ShedReport> {
        if shed.is_empty() {
            return None;
        }
        self.pending.add(shed);
        self.due(now)
    }

    /// The counts still unreported, once [`SHED_REPORT_INTERVAL`] has passed since the last
    /// report (on the clock, so the end of a flood is reported too).
    pub(crate) fn due(&mut self, now: Instant) -> Option<ShedReport> {
        if self.pending.is_empty() {
            return None;
        }
        let over = self.reported_at.map(|at| now.saturating_duration_since(at));
        if over.is_some_and(|over| over < SHED_REPORT_INTERVAL) {
            return None;
        }
        self.reported_at = Some(now);
        Some(ShedReport {
            shed: std::mem::take(&mut self.pending),
            over,
        })
    }
}

/// One report of shed messages.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ShedReport {
    pub(crate) shed: Shed,
    /// The time the counts cover (since the previous report); `None` for the app's first
    /// report, at the start of its flood.
    pub(crate) over: Option<Duration>,
}

impl ShedReport {
    /// The words for the user, naming the limits.
    pub(crate) fn describe(&self, requests: Rate, notifications: Rate) -> String {
        let plural =
            |n: u64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        let mut parts = Vec::new();
        if self.shed.requests_refused > 0 {
            parts.push(format!(
                "{} refused (at most {} a second, bursts of {})",
                plural(self.shed.requests_refused, "request", "requests"),
                requests.per_second,
                requests.burst
            ));
        }
        if self.shed.notifications_dropped > 0 {
            parts.push(format!(
                "{} dropped (at most {} a second, bursts of {})",
                plural(
                    self.shed.notifications_dropped,
                    "notification",
                    "notifications"
                ),
                notifications.per_second,
                notifications.burst
            ));
        }
        let what = parts.join(" and ");
        match self.over {
            None => format!(
                "the app sends faster than its limits: {what}; the excess is shed where it enters until it slows down"
            ),
            Some(over) => format!(
                "the app is still over its limits: {what} in the last {} s",
                over.as_secs()
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_flood_is_shed_at_the_rate_and_answered() {
        let now = Instant::now();
        let mut door = Door::new(&AppLimits::default(), now);
        let request = json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {}});
        let passed = (0..100)
            .filter(|_| door.admit(&request, now) == Admission::Pass)
            .count();
        assert_eq!(passed, 40, "the burst passes, the rest is refused");
        let Admission::Refuse(answer) = door.admit(&request, now) else {
            panic!("over the rate")
        };
        assert_eq!(answer["id"], 7);
        assert!(
            answer["error"]["message"]
                .as_str()
                .unwrap()
                .contains("`tools/call` was not run")
        );
        // A second later, 20 more may pass.
        let later = now + Duration::from_secs(1);
        let passed = (0..100)
            .filter(|_| door.admit(&request, later) == Admission::Pass)
            .count();
        assert_eq!(passed, 20);
        assert_eq!(door.take_shed().requests_refused, 60 + 1 + 80);
        assert!(door.take_shed().is_empty());
    }

    #[test]
    fn lifecycle_notifications_and_answers_always_pass() {
        let now = Instant::now();
        let mut door = Door::new(&AppLimits::default(), now);
        let log = json!({"jsonrpc": "2.0", "method": "notifications/message", "params": {}});
        for _ in 0..200 {
            door.admit(&log, now);
        }
        assert_eq!(door.take_shed().notifications_dropped, 100);
        for method in UNMETERED {
            let message = json!({"jsonrpc": "2.0", "method": method, "params": {}});
            assert_eq!(door.admit(&message, now), Admission::Pass, "{method}");
        }
        let answer = json!({"jsonrpc": "2.0", "id": 1, "result": {}});
        assert_eq!(door.admit(&answer, now), Admission::Pass);
        assert_eq!(door.admit(&json!("junk"), now), Admission::Drop);
    }

    #[test]
    fn the_newest_size_over_the_rate_is_held_and_told_later() {
        let now = Instant::now();
        let mut door = Door::new(&AppLimits::default(), now);
        let size = |h: u32| json!({"jsonrpc": "2.0", "method": "ui/notifications/size-changed", "params": {"height": h}});
        for h in 0..150 {
            door.admit(&size(h), now);
        }
        assert_eq!(door.release_held(now), None, "no token yet");
        let due = door.held_due().unwrap();
        assert!(due > now && due <= now + Duration::from_millis(21));
        let told = door.release_held(due).unwrap();
        assert_eq!(told["params"]["height"], 149);
        assert_eq!(door.held_due(), None);
    }

    #[test]
    fn reports_come_at_once_then_once_per_interval() {
        let start = Instant::now();
        let mut log = ShedLog::default();
        let one = Shed {
            requests_refused: 1,
            notifications_dropped: 0,
        };
        assert!(
            log.add(one, start).unwrap().over.is_none(),
            "the first report"
        );
        for s in 1..10 {
            assert!(log.add(one, start + Duration::from_secs(s)).is_none());
        }
        let summary = log.due(start + SHED_REPORT_INTERVAL).unwrap();
        assert_eq!(summary.shed.requests_refused, 9);
        assert_eq!(summary.over, Some(SHED_REPORT_INTERVAL));
        assert!(log.due(start + Duration::from_secs(30)).is_none());
    }
}
