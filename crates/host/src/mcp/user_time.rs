//! The time a server spends waiting on the user: while one of its questions
//! (`elicitation/create`, `sampling/createMessage`) is open, the server cannot answer the call
//! that asked it, and that time is the user's, not the server's.
//!
//! A request's timeout ([`super::ClientOptions::request_timeout`]) bounds how long the
//! *server* takes; [`UserTime`] lets [`super::McpConnection`]'s requests leave out the time the
//! user took, so that a user who reads a question for a minute does not fail the tool call
//! that asked it. The question itself has its own, longer bound
//! ([`super::ClientOptions::question_timeout`]).

use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::watch;
use tokio::time::Instant;

use super::connection::lock;

/// The time during which at least one of a connection's questions was open.
pub(super) struct UserTime {
    state: Mutex<State>,
    /// Sent to whenever a question opens or closes, so that a waiting request looks again.
    changes: watch::Sender<()>,
}

#[derive(Default)]
struct State {
    /// How many questions are open.
    open: usize,
    /// When the current stretch of open questions began (`Some` while `open > 0`).
    since: Option<Instant>,
    /// The length of the stretches that have ended.
    ended: Duration,
}

impl UserTime {
    pub(super) fn new() -> Arc<Self> {
        Arc::new(Self {
            state: Mutex::new(State::default()),
            changes: watch::Sender::new(()),
        })
    }

    /// Marks a question open until the returned guard is dropped (answered, cancelled, or
    /// abandoned by a server that gave up).
    pub(super) fn question(self: &Arc<Self>) -> OpenQuestion {
        {
            let mut state = lock(&self.state);
            if state.open == 0 {
                state.since = Some(Instant::now());
            }
            state.open += 1;
        }
        self.changes.send_replace(());
        OpenQuestion {
            of: Arc::clone(self),
        }
    }

    /// The user's time so far, and whether a question is open now.
    fn now(&self) -> (Duration, bool) {
        let state = lock(&self.state);
        let current = state.since.map_or(Duration::ZERO, |since| since.elapsed());
        (state.ended + current, state.open > 0)
    }

    /// Runs `future` for at most `after` of the server's time: the time any question of this
    /// connection stays open while it runs is not counted. `None` when the time ran out.
    pub(super) async fn bound<T>(
        &self,
        after: Duration,
        future: impl Future<Output = T>,
    ) -> Option<T> {
        let started = Instant::now();
        let (before, _) = self.now();
        let mut changes = self.changes.subscribe();
        let mut future = std::pin::pin!(future);
        loop {
            changes.borrow_and_update();
            let (spent, waiting_on_user) = self.now();
            let deadline = started + after + spent.saturating_sub(before);
            tokio::select! {
                value = &mut future => return Some(value),
                // While the user has the question, the clock is stopped.
                () = tokio::time::sleep_until(deadline), if !waiting_on_user => {
                    // A question may have opened or closed as the time ran out.
                    if !changes.has_changed().unwrap_or(false) {
                        return None;
                    }
                }
                _ = changes.changed() => {}
            }
        }
    }
}

/// A question that is open; dropping it closes it.
pub(super) struct OpenQuestion {
    of: Arc<UserTime>,
}

impl Drop for OpenQuestion {
    fn drop(&mut self) {
        {
            let mut state = lock(&self.of.state);
            state.open = state.open.saturating_sub(1);
            if state.open == 0
                && let Some(since) = state.since.take()
            {
                state.ended += since.elapsed();
            }
        }
        self.of.changes.send_replace(());
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::UserTime;

    const AFTER: Duration = Duration::from_secs(30);

    #[tokio::test(start_paused = true)]
    async fn a_request_alone_times_out_after_its_time() {
        let time = UserTime::new();
        let started = tokio::time::Instant::now();
        let out = time.bound(AFTER, std::future::pending::<()>()).await;
        assert_eq!(out, None);
        assert_eq!(started.elapsed(), AFTER);
    }

    #[tokio::test(start_paused = true)]
    async fn the_time_a_question_is_open_is_not_counted() {
        let time = UserTime::new();
        let started = tokio::time::Instant::now();
        let asker = std::sync::Arc::clone(&time);
        // 10 s into the call the server asks; the user answers 100 s later.
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_secs(10)).await;
            let question = asker.question();
            tokio::time::sleep(Duration::from_secs(100)).await;
            drop(question);
        });
        let out = time.bound(AFTER, std::future::pending::<()>()).await;
        assert_eq!(out, None);
        assert_eq!(started.elapsed(), AFTER + Duration::from_secs(100));
    }

    #[tokio::test(start_paused = true)]
    async fn an_answer_after_a_long_question_still_arrives() {
        let time = UserTime::new();
        let asker = std::sync::Arc::clone(&time);
        let call = async move {
            let question = asker.question();
            tokio::time::sleep(Duration::from_mins(5)).await;
            drop(question);
            tokio::time::sleep(Duration::from_secs(5)).await;
            "result"
        };
        assert_eq!(time.bound(AFTER, call).await, Some("result"));
    }

    #[tokio::test(start_paused = true)]
    async fn overlapping_questions_count_once() {
        let time = UserTime::new();
        let first = time.question();
        tokio::time::sleep(Duration::from_secs(10)).await;
        let second = time.question();
        tokio::time::sleep(Duration::from_secs(10)).await;
        drop(first);
        tokio::time::sleep(Duration::from_secs(10)).await;
        drop(second);
        tokio::time::sleep(Duration::from_secs(10)).await;
        assert_eq!(time.now(), (Duration::from_secs(30), false));
    }
}
