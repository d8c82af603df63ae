//! Threads: the response lock of a thread's apps, switching threads (its apps close, the
//! other thread's come back with their state), and apps of an earlier session brought back.

use mcpapp_protocol::messages::{
    LoadState, ResourceTeardown, ResponseGenerationStatus, ToolInput, ToolResult,
};
use mcpapp_protocol::{
    CallToolResult, LoadStateParams, LoggingLevel, ResourceTeardownParams,
    ResponseGenerationStatusParams,
};
use serde_json::Value;

use super::limits::Budget;
use super::{
    AppHost, AppSpec, CloseReason, HostEvent, Instance, InstanceId, Phase, state_key, tool_input,
    wire,
};

impl AppHost {
    /// The model started (or stopped) generating a reply in `thread`: every app of the thread
    /// is told, so it can lock its controls.
    pub fn set_generating(&mut self, thread: &str, pending: bool) {
        let was = self.is_generating(thread);
        self.generating.insert(thread.to_owned(), pending);
        if was != pending {
            for instance in self.questions_of(thread) {
                self.event(HostEvent::QuestionLocked {
                    instance,
                    locked: pending,
                });
            }
        }
        let ids: Vec<InstanceId> = self
            .instances
            .iter()
            .filter(|(_, i)| {
                i.thread == thread && matches!(i.phase, Phase::Starting | Phase::Ready)
            })
            .map(|(id, _)| *id)
            .collect();
        for id in ids {
            self.send_view(
                id,
                wire::notify::<ResponseGenerationStatus>(&ResponseGenerationStatusParams {
                    is_pending: pending,
                }),
            );
        }
    }

    /// The user switched threads: the open apps of the old thread are closed (their last saved
    /// state is in the store), and the apps of the new thread come back and get `load-state`.
    pub fn switch_thread(&mut self, thread: &str) {
        if thread == self.thread {
            return;
        }
        let old = self.thread.clone();
        self.leave_questions(&old);
        let leaving: Vec<InstanceId> = self
            .instances
            .iter()
            .filter(|(_, i)| {
                i.thread == self.thread && matches!(i.phase, Phase::Starting | Phase::Ready)
            })
            .map(|(id, _)| *id)
            .collect();
        for id in leaving {
            self.send_view_now(
                id,
                wire::request::<ResourceTeardown>(
                    self.next_request,
                    &ResourceTeardownParams::default(),
                ),
            );
            self.next_request += 1;
            if let Some(i) = self.instances.get_mut(&id) {
                i.phase = Phase::Suspended;
                i.held.clear();
                i.budget.waiting.clear();
            }
            self.event(HostEvent::CloseApp {
                instance: id,
                reason: CloseReason::ThreadSwitched,
                keep_in_history: false,
            });
        }
        thread.clone_into(&mut self.thread);
        let returning: Vec<InstanceId> = self
            .instances
            .iter()
            .filter(|(_, i)| i.thread == thread && i.phase == Phase::Suspended)
            .map(|(id, _)| *id)
            .collect();
        for id in returning {
            self.bring_back(id);
        }
    }

    /// Recreates a suspended instance: its view gets what the first one got (input, result),
    /// then its saved state.
    fn bring_back(&mut self, id: InstanceId) {
        let Some(i) = self.instances.get_mut(&id) else {
            return;
        };
        i.phase = Phase::Starting;
        i.recreated = true;
        let mut replay = Vec::new();
        if let Some(input) = &i.input {
            replay.push(wire::notify::<ToolInput>(&tool_input(input)));
        }
        if let Some(outcome) = &i.outcome {
            replay.push(outcome.clone());
        }
        let key = state_key(i);
        let spec = i.spec.clone();
        i.held = replay;
        // A save still on its way to the store is newer than what the store has.
        let loaded = match self.unwritten_state(&key) {
            Some(state) => Ok(Some(state.clone())),
            None => self.store.load(&key),
        };
        match loaded {
            Ok(Some(state)) => {
                if let Some(i) = self.instances.get_mut(&id) {
                    i.held
                        .push(wire::notify::<LoadState>(&LoadStateParams { state }));
                }
            }
            Ok(None) => {}
            Err(e) => self.log(
                Some(id),
                LoggingLevel::Warning,
                format!("the saved state cannot be read: {e}"),
            ),
        }
        self.event(HostEvent::OpenApp {
            instance: id,
            spec: Box::new(spec),
            recreated: true,
        });
    }

    /// Brings back an app of an earlier session (the embedder kept its conversation): an
    /// instance of `spec` in `thread` that had `input` and `result`. In the thread on screen it
    /// opens at once ([`HostEvent::OpenApp`] with `recreated`), else when its thread comes
    /// back; either way its view gets the input, the result and the state saved under the same
    /// thread and tool call.
    pub fn restore_app(
        &mut self,
        thread: &str,
        spec: AppSpec,
        input: Option<Value>,
        result: Option<&CallToolResult>,
    ) -> InstanceId {
        let id = InstanceId(self.next_instance);
        self.next_instance += 1;
        self.instances.insert(
            id,
            Instance {
                phase: Phase::Suspended,
                input,
                outcome: result.map(|r| wire::notify_as_is::<ToolResult>(wire::result(r))),
                recreated: true,
                ..Instance::new(
                    thread.to_owned(),
                    spec,
                    id,
                    Budget::new(&self.options.limits, self.now),
                )
            },
        );
        if thread == self.thread {
            self.bring_back(id);
        }
        id
    }
}
